"""A solved strategy refined on whole games: damped best-response steps in the solver's own cells.

The solver's iteration (:mod:`~wildeval.games.guts.solver.iterate`) sets each threshold where
staying in and going out are worth the same *in its stage model*, which values what follows a
stage by the average of the next stage's states, not by the cards a player still holds. Where
that model is far off (Napalm: the hands of a deal's stages are one hand growing), its thresholds
are far from the best reply even by the solver's own information.

:func:`refine` corrects them on the real game. Each step plays whole games
(:func:`~wildeval.games.guts.solver.games.play_games`) with every seat on the strategy so far;
at the ``d``-th decision of seat 0 in every game (``d`` = 0, 1, ...) each game is played twice
more on the same cards, seat 0 in and then out there (everyone else, seat 0 elsewhere too, on
the strategy), and the difference of seat 0's chips is what staying in was worth. Keyed by the
solver's own cell (stage, round, state of legs, declaration context), the threshold that gains
most over the visits is found by
:func:`~wildeval.games.guts.solver.response.best_bars` (where it beats the strategy's own choices
by two standard errors), and the cell's threshold moves ``step`` of the way to it. Every player
plays the refined strategy: it is still one strategy for all, over the same cells.

Because every seat moves with each step, a step towards the best reply to the old strategy can
overshoot: measured by :func:`~wildeval.games.guts.solver.exploitability`, four steps took Napalm
at 2 and 3 players declaring at once from +0.110 and +0.089 to +0.046 and +0.010 pots a deal, but
three-five-seven-onlinepoker at 3 players in turn from +0.042 to +0.107 (docs/experiments.md).
Measure what it gives before using it; :func:`~wildeval.games.guts.solver.solve` does not call it.

The refined strategy's values are the stage model's values of the refined thresholds
(:func:`model_values`), so that what a :class:`~wildeval.games.guts.solver.Strategy` reports is
still what its model says of its own thresholds.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import numpy.typing as npt

from wildeval.games.guts.solver.deals import NEVER, Deals, Scale
from wildeval.games.guts.solver.games import play_games
from wildeval.games.guts.solver.iterate import _next_values, hand_bars, stage_rows
from wildeval.games.guts.solver.model import CONTEXTS_IN_TURN, States, Table
from wildeval.games.guts.solver.response import best_bars
from wildeval.games.guts.solver.strategy import Strategy
from wildeval.seeds import child_seed

__all__ = ["CellFork", "cell_gains", "model_values", "refine"]

ALWAYS = np.iinfo(np.int64).min
"""The bar :func:`~wildeval.games.guts.solver.response.best_bars` gives where every hand stays in."""

Ints = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]
Floats = npt.NDArray[np.float64]


class CellFork:
    """Seat 0's player for one replay (a :class:`~wildeval.games.guts.solver.games.Deviator`):
    it plays the strategy, except at its ``depth``-th decision of every game, where it declares
    ``stay``, and records that decision's cell (the index into a strategy's flattened
    ``thresholds[stage, round, state, context]``), hand value and the strategy's own choice."""

    def __init__(self, table: Table, states: States, rounds: int, games: int, depth: int, stay: bool) -> None:
        self.table, self.states, self.rounds = table, states, rounds
        self.depth, self.stay = depth, stay
        self.seen = np.zeros(games, dtype=np.int64)
        self.cell = np.full(games, -1, dtype=np.int64)
        self.value = np.zeros(games, dtype=np.int64)
        self.own = np.zeros(games, dtype=np.bool_)

    def start_round(self, games: Ints) -> None:
        return None

    def stage_done(self, stage: int, games: Ints, ins: Bools, place: Ints, pay: Floats) -> None:
        return None

    def choose(self, stage: int, games: Ints, rounds: Ints, legs: Ints, place: int, ins_before: Bools,
               own: Bools, values: Ints, live: Bools) -> Bools:
        t = self.table
        state = self.states.index_of(np.minimum(legs, t.goal - 1), np.full(games.size, place))
        context = (place * CONTEXTS_IN_TURN + np.minimum(ins_before.sum(axis=0), CONTEXTS_IN_TURN - 1)
                   if t.in_turn else 0)
        rnd = np.minimum(rounds - 1, self.rounds - 1)
        cell = ((stage * self.rounds + rnd) * len(self.states) + state) * t.contexts + context
        here = live & (self.seen[games] == self.depth)
        at = games[here]
        self.cell[at], self.value[at], self.own[at] = np.broadcast_to(cell, here.shape)[here], values[here], own[here]
        self.seen[games[live]] += 1
        return np.asarray(np.where(here, self.stay, own), dtype=np.bool_)


def cell_gains(strategy: Strategy, thresholds: Floats, *, games: int, seed: int, max_depth: int = 24,
               max_rounds: int = 200) -> tuple[Ints, Ints, Bools, Floats]:
    """Every decision of seat 0 up to the ``max_depth``-th of ``games`` whole games (of at most
    ``max_rounds`` rounds), everyone on ``thresholds``: its cell, hand value, the strategy's
    choice and what staying in gained over going out (antes), by flip and replay on the same
    cards."""
    rules, n = strategy.rules, strategy.players
    table, states = strategy.table, strategy.states
    scales = [Scale.of(rules, s) for s in range(table.stages)]
    bars = hand_bars(scales, thresholds)
    both = np.stack([bars, bars])
    rounds = thresholds.shape[1]
    found = []
    for depth in range(max_depth):
        stay = CellFork(table, states, rounds, games, depth, True)
        leave = CellFork(table, states, rounds, games, depth, False)
        gained = (play_games(rules, n, both, [0] * n, games, seed=seed, max_rounds=max_rounds, deviator=stay).chips[:, 0]
                  - play_games(rules, n, both, [0] * n, games, seed=seed, max_rounds=max_rounds,
                               deviator=leave).chips[:, 0])
        reached = stay.cell >= 0
        if not reached.any():
            break
        found.append((stay.cell[reached], stay.value[reached], stay.own[reached], gained[reached] / rules.ante))
    if not found:
        return (np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.bool_),
                np.zeros(0))
    cells, values, own, gains = (np.concatenate(column) for column in zip(*found))
    return cells, values, own, gains


def model_values(strategy: Strategy, thresholds: Floats, *, sweeps: int = 20, seed: int = 0) -> Floats:
    """The stage model's values (``[stage, round, state]``, antes) of everyone playing
    ``thresholds``: the solver's sweeps with the thresholds held, on ``strategy``'s settings'
    deals and rows, averaged over the later half of ``sweeps``."""
    rules, table, states = strategy.rules, strategy.table, strategy.states
    st = strategy.settings
    scales = [Scale.of(rules, s) for s in range(table.stages)]
    deals = Deals.dealt(rules, table.players, min(st.deals, 100_000), seed=st.seed)
    rounds, cells = thresholds.shape[1], len(states)
    values = np.zeros((table.stages, rounds, cells))
    kept = np.zeros_like(values)
    rng = np.random.default_rng(seed)
    bars = hand_bars(scales, thresholds)
    for sweep in range(sweeps):
        for s in reversed(range(table.stages)):
            r = stage_rows(table, states, deals, s, bars[s], _next_values(values, s), st.rows, rng)
            flat = bars[s].reshape(rounds * cells, table.contexts)
            got = np.where(r.value >= flat[r.state, r.context], r.worth_in, r.worth_out)
            values[s] = (np.bincount(r.state, got, minlength=rounds * cells) / st.rows).reshape(rounds, cells)
        if sweep >= sweeps // 2:
            kept += values
    return kept / (sweeps - sweeps // 2)


def refine(strategy: Strategy, *, steps: int = 4, games: int = 10_000, step: float = 0.5, seed: int = 0,
           max_rounds: int = 200, progress: Callable[[int], object] | None = None) -> Strategy:
    """``strategy`` refined by ``steps`` damped best-response steps in its own cells on whole
    games (the module's doc): ``games`` games a step, each cell's threshold moved ``step`` of the
    way to the best one found (games of at most ``max_rounds`` rounds). The values are the model's of the refined thresholds. The same
    arguments give the same strategy; ``progress``, if given, is called with 1 after each step."""
    for name, value, low in (("steps", steps, 0), ("games", games, 2)):
        if isinstance(value, bool) or not isinstance(value, int) or value < low:
            raise ValueError(f"{name} must be an int >= {low}, not {value!r}")
    if not 0 < step <= 1:
        raise ValueError(f"step must be in (0, 1], not {step!r}")
    rules, table = strategy.rules, strategy.table
    scales = [Scale.of(rules, s) for s in range(table.stages)]
    per_stage = strategy.thresholds[0].size
    thresholds = strategy.thresholds.copy()
    flat = thresholds.reshape(-1)
    for k in range(steps):
        cells, values, own, gains = cell_gains(strategy, thresholds, games=games, seed=child_seed(seed, k),
                                                 max_rounds=max_rounds)
        for cell, bar in best_bars(cells, values, own, gains).items():
            target = 1.0 if bar == NEVER else 0.0 if bar == ALWAYS else float(scales[cell // per_stage].strength(bar))
            flat[cell] += step * (target - flat[cell])
        if progress is not None:
            progress(1)
    return Strategy(rules, strategy.players, thresholds, model_values(strategy, thresholds, seed=seed),
                    strategy.settings, strategy.seconds)
