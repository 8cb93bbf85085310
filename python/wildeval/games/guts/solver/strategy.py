"""Solved strategies: :func:`solve` makes one, :class:`Strategy` holds it and says it in words.

A strategy is, for every stage, round (pot size), state of legs and declaration context, the
weakest hand that stays in (a strength on the stage's :class:`~wildeval.games.guts.solver.deals.Scale`
and the hand value it stands for). Every player plays it (the game is the same from every seat).

>>> strategy = solve("three-five-seven", players=2, sweeps=8, deals=20_000, rows=256, iterations=2, games=2000)

Two players declaring in turn: per stage, the first to declare, then the second after an out and
after an in.

>>> [t.stage for t in strategy.thresholds_at(legs=(0, 0))]
[1, 1, 1, 2, 2, 2, 3, 3, 3]
>>> Strategy.from_json(strategy.to_json()).to_json() == strategy.to_json()
True
"""

from __future__ import annotations

import dataclasses
import json
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import numpy as np
import numpy.typing as npt

from wildeval.games.guts.rules import GutsRules, table_rules
from wildeval.games.guts.solver.deals import NEVER, Deals, Scale
from wildeval.games.guts.solver.infosets import METHODS, InfoSets, median_threshold, policy_of, refine
from wildeval.games.guts.solver.iterate import Solution, hand_bars, iterate
from wildeval.games.guts.solver.model import CONTEXTS_IN_TURN, States, Table, check_cap, default_cap
from wildeval.games.guts.solver.native import CELL, Policy, cell_keys, mixture_pick
from wildeval.seeds import child_seed

__all__ = ["DEFAULT_ITERATIONS", "DEFAULT_METHOD", "ROWS_PER_STAGE", "Settings", "Strategy", "Threshold",
           "default_iterations", "solve"]

DEFAULT_ITERATIONS = 120
"""Refining iterations :func:`solve` plays by default (:func:`default_iterations` says where more)."""

DEFAULT_METHOD = "regret"
"""How :func:`solve` refines by default: regret matching over thresholds
(:mod:`~wildeval.games.guts.solver.regret`; docs/experiments.md measures it against the others)."""


def default_iterations(rules: GutsRules, players: int) -> int:
    """Refining iterations :func:`solve` plays by default at a table: :data:`DEFAULT_ITERATIONS`,
    twice as many at the three tables that 120 left above issue 42's target, the streak game
    declaring in turn at 5 players (a best response gained +0.0070 pots a deal; +0.0033 after
    240) and declaring at once at 6 (+0.0063 spread over the game; +0.0037) and 7 (+0.0053
    spread, at the engine's cap; +0.0028; docs/experiments.md).

    >>> from wildeval.games.guts.rules import table_rules
    >>> streak = "three-five-seven-onlinepoker"
    >>> default_iterations(table_rules(streak), 5), default_iterations(table_rules("napalm"), 5)
    (240, 120)
    >>> [default_iterations(table_rules(streak, {"declaration": "simultaneous"}), n) for n in (5, 6, 7)]
    [120, 240, 240]
    """
    at_once = rules.declaration == "simultaneous"
    if rules.win_by == "streak" and (players >= 6 if at_once else players == 5):
        return 2 * DEFAULT_ITERATIONS
    return DEFAULT_ITERATIONS


ROWS_PER_STAGE = 600_000
"""The deals a sweep plays per stage at most by default (over every round and state of legs)."""

Floats = npt.NDArray[np.float64]


@dataclass(frozen=True)
class Settings:
    """How a strategy was solved: ``deals`` dealt once (seeded by ``seed``), ``sweeps`` sweeps
    of ``rows`` deals per stage, round and state, ``rounds`` rounds told apart (the last stands
    for every later one), and the update's ``step`` and ``bandwidth``; then ``iterations``
    iterations of ``games`` whole games refining the information sets
    (:mod:`~wildeval.games.guts.solver.infosets`; 0: none) by ``method``, games undecided at the
    model's cap giving the antes back or keeping them (``cap``,
    :data:`~wildeval.games.guts.solver.model.CAP_RULES`)."""

    deals: int = 200_000
    sweeps: int = 40
    rows: int = 1024
    rounds: int = 4
    seed: int = 0
    step: float = 0.5
    bandwidth: float = 0.05
    iterations: int = 0
    games: int = 40_000
    method: str = DEFAULT_METHOD
    cap: str = "refund"

    def __post_init__(self) -> None:
        if isinstance(self.iterations, bool) or not isinstance(self.iterations, int) or self.iterations < 0:
            raise ValueError(f"iterations must be an int >= 0, not {self.iterations!r}")
        for name in ("deals", "sweeps", "rows", "rounds", "games"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ValueError(f"{name} must be an int >= 1, not {value!r}")
        if isinstance(self.seed, bool) or not isinstance(self.seed, int):
            raise ValueError(f"seed must be an int, not {self.seed!r}")
        if not 0 < self.step <= 1 or not 0 < self.bandwidth <= 1:
            raise ValueError("step and bandwidth must be in (0, 1]")
        if self.method not in METHODS:
            raise ValueError(f"method: one of {', '.join(METHODS)}, not {self.method!r}")
        check_cap(self.cap)

    def to_json(self) -> dict[str, Any]:
        """The settings as JSON data, ``cap`` only where it is not ``"refund"`` (strategies solved
        before the setting existed gave the antes back and say nothing of it)."""
        data = dataclasses.asdict(self)
        if self.cap == "refund":
            del data["cap"]
        return data


@dataclass(frozen=True)
class Threshold:
    """The weakest hand that stays in at one stage and context where no finer information set
    decides (:attr:`Strategy.cells`): its ``strength`` (the share of
    random hands it beats), ``value`` (None: no hand stays in), ``hand`` in words, and
    ``stays_in``: the chance that a random hand is at least as good."""

    stage: int  # 1-based
    seat: int | None  # 1-based place in the declarations; None when everyone declares at once
    ins_before: int | None  # 0, 1 or 2 (two or more); None when everyone declares at once
    strength: float
    value: int | None
    hand: str
    stays_in: float

    def to_json(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in ("stage", "seat", "ins_before", "strength", "value", "hand",
                                               "stays_in")}


@dataclass(frozen=True, eq=False)
class Strategy:
    """A solved strategy of ``rules`` at ``players`` seats: ``thresholds[stage, round, state,
    context]`` (strengths) and ``values[stage, round, state]`` (what a player expects from the
    start of that stage to the game's end, in antes), made with ``settings`` in ``seconds``."""

    rules: GutsRules
    players: int
    thresholds: Floats
    values: Floats
    settings: Settings
    seconds: float = 0.0
    infosets: InfoSets | None = None

    @cached_property
    def table(self) -> Table:
        return Table.of(self.rules, self.players)

    @cached_property
    def states(self) -> States:
        return States(self.table)

    @property
    def solution(self) -> Solution:
        return Solution(self.thresholds, self.values)

    def bars(self) -> npt.NDArray[np.int64]:
        """The thresholds as hand values, ``[stage, round, state, context]``
        (:data:`~wildeval.games.guts.solver.deals.NEVER`: none stays in); made once."""
        return self._hand_values

    @cached_property
    def _hand_values(self) -> npt.NDArray[np.int64]:
        return hand_bars([Scale.of(self.rules, s) for s in range(len(self.rules.stages))], self.cells)

    @cached_property
    def cells(self) -> Floats:
        """The thresholds a player keeps where no finer information set decides,
        ``[stage, round, state, context]``: the solver's cells, each replaced by its refined
        threshold where the refinement gave the cell one (:meth:`bars`, :meth:`thresholds_at`
        and :meth:`stays_in` read these)."""
        out = self.thresholds.copy()
        if self.infosets is not None:
            keys, refined = self.infosets.level(CELL)
            if keys.size:
                every, where = cell_keys(self.table, self.thresholds.shape[1])
                at = np.minimum(np.searchsorted(keys, every), keys.size - 1)
                hit = keys[at] == every
                out.reshape(-1)[where[hit]] = median_threshold(refined)[at[hit]]
        return out

    def policy(self) -> Policy:
        """The strategy as the native player plays it (information sets, then cells); made once."""
        return self._policy

    @cached_property
    def _policy(self) -> Policy:
        return policy_of(self.rules, self.players, self.thresholds, self.infosets)

    def stays_in_at(self, keys: tuple[int, int, int], value: int) -> bool:
        """Whether a hand of ``value`` stays in at the information set of ``keys`` (fine, seen,
        cell: :func:`~wildeval.games.guts.solver.native.keys_of`): the first table of
        :meth:`policy` that holds its key decides (a mixed set by the bar the hand picks)."""
        for level, table_keys, bars in self.policy().tables:
            at = int(np.searchsorted(table_keys, keys[level]))
            if at < table_keys.size and table_keys[at] == keys[level]:
                if bars.ndim == 2:
                    return bool(value >= bars[at, mixture_pick(int(keys[level]), int(value), bars.shape[1])])
                return bool(value >= bars[at])
        return bool(value >= self.policy().defaults[int(keys[2]) & 3])

    def state_of(self, legs: Sequence[int]) -> int:
        """The state number of a player holding ``legs[0]`` legs (or a streak) while the
        others hold the rest."""
        counts = [int(x) for x in legs]
        if len(counts) != self.players:
            raise ValueError(f"legs: {self.players} counts (yours first), not {len(counts)}")
        top = self.rules.win_count - 1
        if any(not 0 <= x <= top for x in counts):
            raise ValueError(f"legs: each count is 0 to {top} (at {self.rules.win_count} the game is won), "
                             f"not {', '.join(map(str, counts))}")
        return self.states.find(counts[0], tuple(sorted(counts[1:])))

    def stays_in(self, stage: int, value: int, legs: Sequence[int], *, round: int = 1, seat: int = 0,
                 ins_before: int = 0) -> bool:
        """Whether a hand of ``value`` stays in at ``stage`` (0-based) in ``round`` (1-based),
        from declaration place ``seat`` (0-based; ignored when everyone declares at once) after
        ``ins_before`` declared in."""
        ctx = seat * CONTEXTS_IN_TURN + min(ins_before, CONTEXTS_IN_TURN - 1) if self.table.in_turn else 0
        r = min(round, self.thresholds.shape[1]) - 1
        return bool(value >= self.bars()[stage, r, self.state_of(legs), ctx])

    def thresholds_at(self, legs: Sequence[int], *, round: int = 1) -> list[Threshold]:
        """Every stage's thresholds for a player holding ``legs[0]`` while the others hold the
        rest, in ``round`` (1-based): one per stage when everyone declares at once, else one per
        place and number of players in before (the places that can have them)."""
        if isinstance(round, bool) or not isinstance(round, int) or round < 1:
            raise ValueError(f"round must be an int >= 1, not {round!r}")
        state = self.state_of(legs)
        r = min(round, self.thresholds.shape[1]) - 1
        out = []
        for s in range(len(self.rules.stages)):
            scale = Scale.of(self.rules, s)
            places = ([(None, None, 0)] if not self.table.in_turn else
                      [(seat + 1, ins, seat * CONTEXTS_IN_TURN + ins)
                       for seat in range(self.players) for ins in range(min(seat, CONTEXTS_IN_TURN - 1) + 1)])
            for seat, ins, ctx in places:
                value = int(self.bars()[s, r, state, ctx])
                strength = float(self.cells[s, r, state, ctx])
                if value == NEVER:
                    out.append(Threshold(s + 1, seat, ins, 1.0, None, "no hand", 0.0))
                elif strength == 0.0:
                    out.append(Threshold(s + 1, seat, ins, 0.0, value, "any hand", 1.0))
                else:
                    out.append(Threshold(s + 1, seat, ins, strength, value, self.rules.describe(s, value),
                                         scale.share_from(value)))
        return out

    def to_json(self) -> dict[str, Any]:
        """The strategy as JSON data (:meth:`from_json` reads it back)."""
        return {
            "rules": self.rules.to_dict(), "players": self.players,
            "settings": self.settings.to_json(),
            "seconds": round(self.seconds, 3),
            "thresholds": np.round(self.thresholds, 6).tolist(),
            "values": np.round(self.values, 6).tolist(),
            "infosets": None if self.infosets is None else {
                "keys": self.infosets.keys.tolist(), "thresholds": np.round(self.infosets.thresholds, 6).tolist(),
                "visits": self.infosets.visits.tolist()},
        }

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> Strategy:
        rules = GutsRules.from_dict(data["rules"])
        sets = data.get("infosets")
        infosets = None if sets is None else InfoSets(np.asarray(sets["keys"], dtype=np.int64),
                                                      np.asarray(sets["thresholds"], dtype=np.float64),
                                                      np.asarray(sets["visits"], dtype=np.int64))
        settings = Settings(**data["settings"])
        return Strategy(rules, int(data["players"]), np.asarray(data["thresholds"], dtype=np.float64),
                        np.asarray(data["values"], dtype=np.float64), settings,
                        float(data.get("seconds", 0.0)), infosets)

    def dumps(self) -> str:
        return json.dumps(self.to_json(), sort_keys=True)


def solve(game: str | GutsRules, players: int, *, rules: GutsRules | Mapping[str, Any] | None = None,
          deals: int = 200_000, sweeps: int = 40, rows: int | None = None, rounds: int = 4, seed: int = 0,
          iterations: int | None = None, games: int = 40_000, method: str = DEFAULT_METHOD,
          cap: str | None = None, threads: int | None = None, client: Any = None,
          progress: Callable[[int], object] | None = None) -> Strategy:
    """Solve ``game`` (a preset's name, or :class:`GutsRules`) at ``players`` seats: the strategy
    every player plays, each threshold one where staying in and going out are worth the same.

    ``rules``: the table's settings (:func:`~wildeval.games.guts.rules.table_rules`); ``deals``
    deals are dealt once from ``seed`` and ``sweeps`` sweeps play ``rows`` of them per stage,
    round and state of legs (:mod:`~wildeval.games.guts.solver.iterate`; by default 1,024, or
    fewer where there are many states, :data:`ROWS_PER_STAGE` in all, at least 64); ``rounds``
    rounds (pot sizes) are told apart. Then ``iterations`` iterations of ``games`` whole games,
    played natively on ``threads`` threads, refine the strategy over information sets
    (:mod:`~wildeval.games.guts.solver.infosets`; ``iterations=0``: the cells alone; default
    :func:`default_iterations` for the table) by ``method``: ``"regret"`` matching (the
    default), each set a mixture of thresholds; ``"cuts"``, one threshold per set stepping towards
    its best cuts; or ``"fictitious"`` play (docs/solver.md says when each does better). ``cap``:
    what a game still undecided at the model's cap of 200 deals does with the antes, ``"refund"``
    or ``"forfeit"`` (:data:`~wildeval.games.guts.solver.model.CAP_RULES`; default
    :func:`~wildeval.games.guts.solver.model.default_cap` for the table). The same arguments give
    the same strategy on any number of threads, and with ``client`` (a ``distributed.Client``: the
    refinement's games on the cluster). ``progress``, if given, is called with 1 after each sweep
    and each iteration.
    """
    table_of = game if isinstance(game, GutsRules) else table_rules(game, rules)
    started = time.perf_counter()
    table = Table.of(table_of, players)
    if iterations is None:
        iterations = default_iterations(table_of, players)
    if rows is None:
        rows = min(1024, max(64, ROWS_PER_STAGE // (rounds * len(States(table)))))
    settings = Settings(deals=deals, sweeps=sweeps, rows=rows, rounds=rounds, seed=seed, iterations=iterations,
                        games=games, method=method, cap=default_cap(table_of, players) if cap is None else cap)
    scales = [Scale.of(table_of, s) for s in range(table.stages)]
    pool = Deals.dealt(table_of, players, deals, seed=seed)
    solution = iterate(table, scales, pool, rounds=rounds, sweeps=sweeps, rows_per_state=rows,
                       bandwidth=settings.bandwidth, step=settings.step, seed=seed + 1, progress=progress,
                       rules=table_of)
    infosets = None
    if iterations:
        infosets = refine(table_of, players, solution.thresholds, iterations=iterations, games=games,
                          seed=child_seed(seed, 1), method=method, cap=settings.cap, threads=threads, client=client,
                          progress=progress)
    return Strategy(table_of, players, solution.thresholds, solution.values, settings,
                    time.perf_counter() - started, infosets)
