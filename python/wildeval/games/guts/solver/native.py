"""Whole guts games played by the native core, each player deciding by information sets.

The core (``src/core/guts/``) plays complete games of a table over pre-valued deals: the rules of
:func:`~wildeval.games.guts.solver.games.play_games` (held to it game for game by
``tests/games/guts/test_native_player.py``), about fifty times faster. Seat 0 plays one
:class:`Policy`, every other seat another; :func:`play` returns each game's chips and
:func:`flips` every decision of seat 0 flipped: the game replayed on the same cards with that
decision the other way, the difference of seat 0's chips the worth of staying in there.

An information set is a key (an int) at one of three levels (:data:`FINE`, :data:`SEEN`,
:data:`CELL`; :func:`decode` reads one): what the player sees in full (the stage, the round up to
the fourth, the place in the declarations, who declared in before, place by place, every player's
legs seat by seat round the table, and at each earlier stage of this deal who was in and whether
the player was paid), the same without the earlier stages, and the solver's cell (the place, how
many declared in before, own legs and the others' sorted). A :class:`Policy` is tables of keys and
bars (hand values) consulted in order: a hand stays in when its value reaches the bar of the first
table that holds the key.

The deals: game ``g``'s round ``r`` is deal ``mix(seed, g, r) % len(values)`` of a pool of valued
deals (every seat of a deal from one shuffled deck); ``sequential`` takes deal ``r * games + g``
instead, for tests that replay :func:`~wildeval.games.guts.solver.games.play_games`' own deals.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from wildeval import _core
from wildeval.evaluator import check_threads
from wildeval.games.guts.rules import GutsRules
from wildeval.games.guts.solver.games import GamesPlayed
from wildeval.games.guts.solver.model import CONTEXTS_IN_TURN, MODEL_ROUNDS, States, Table, check_cap

__all__ = ["ALWAYS", "CELL", "FINE", "SEEN", "Flips", "Policy", "cell_keys", "decode", "flips", "keys_of",
           "mixture_pick", "play"]

FINE, SEEN, CELL = 0, 1, 2
"""The levels of an information set, from what a player sees in full to the solver's cell."""

ALWAYS = np.iinfo(np.int64).min
"""The bar every hand reaches: always in."""

# The key's fields (src/core/guts/guts_game.hpp, key_bits): (shift, bits)
_STAGE, _ROUND, _PLACE, _INS, _LEGS, _HISTORY, _LEVEL = (0, 2), (2, 2), (4, 3), (7, 6), (13, 21), (34, 24), (60, 2)
ROUNDS_TOLD = 4
"""Rounds told apart in a key: 1, 2, 3 and the fourth or later."""

Ints = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]
Floats = npt.NDArray[np.float64]


def _get(key: Ints | int, where: tuple[int, int]) -> Ints:
    shift, bits = where
    return (np.asarray(key, dtype=np.int64) >> shift) & ((1 << bits) - 1)


def key_stage(keys: Ints) -> Ints:
    """The stage (0-based) of each key."""
    return _get(keys, _STAGE)


def decode(key: int, players: int) -> dict[str, object]:
    """A key's fields: level, stage and round (0-based; round 3 is the fourth or later), place,
    ``ins`` (fine and seen: the places before that declared in; cell: how many, at most 2), legs
    (fine and seen: seat by seat from the player; cell: own, then the others ascending) and
    history (fine: per earlier stage, who was in seat by seat from the player and whether the
    player was paid)."""
    level = int(_get(key, _LEVEL))
    ins = int(_get(key, _INS))
    legs = [int(_get(key, (_LEGS[0] + 3 * i, 3))) for i in range(players)]
    out: dict[str, object] = {"level": ("fine", "seen", "cell")[level], "stage": int(_get(key, _STAGE)),
                              "round": int(_get(key, _ROUND)), "place": int(_get(key, _PLACE)), "legs": legs}
    out["ins"] = ins if level == CELL else [p for p in range(6) if ins >> p & 1]
    if level == FINE:
        history = int(_get(key, _HISTORY))
        out["history"] = [{"in": [i for i in range(players) if history >> (8 * s + i) & 1],
                           "paid": bool(history >> (8 * s + 7) & 1)} for s in range(int(out["stage"]))]  # type: ignore[call-overload]
    return out


def cell_key(stage: int, round: int, place: int, ins: int, own: int, others: tuple[int, ...], in_turn: bool) -> int:
    """The cell key of a stage, round (0-based, the fourth and later one), place, count of ins
    before, own legs and the others' legs."""
    key = stage | min(round, ROUNDS_TOLD - 1) << _ROUND[0] | CELL << _LEVEL[0]
    if in_turn:
        key |= place << _PLACE[0] | min(ins, CONTEXTS_IN_TURN - 1) << _INS[0]
    for i, legs in enumerate((own, *sorted(others))):
        key |= legs << (_LEGS[0] + 3 * i)
    return key


def keys_of(table: Table, stage: int, round: int, place: int, ins_before: list[bool], legs: list[int],
            history: list[tuple[list[bool], bool]]) -> tuple[int, int, int]:
    """The (fine, seen, cell) keys of a player at ``stage`` (0-based) in ``round`` (0-based), at
    ``place`` in the declarations after ``ins_before`` (the places before, in order), holding
    ``legs`` (seat by seat from the player, counts capped at the goal less one), having seen
    ``history``: per earlier stage of this deal, who was in (seat by seat from the player) and
    whether they were paid."""
    n = table.players
    common = stage | min(round, ROUNDS_TOLD - 1) << _ROUND[0] | (place if table.in_turn else 0) << _PLACE[0]
    seat_legs = 0
    for i, count in enumerate(legs):
        seat_legs |= min(count, table.goal - 1) << (_LEGS[0] + 3 * i)
    bits = sum(1 << p for p, d in enumerate(ins_before) if d) if table.in_turn else 0
    seen = common | bits << _INS[0] | seat_legs
    past = 0
    for s, (ins, paid) in enumerate(history):
        past |= (sum(1 << i for i, d in enumerate(ins) if d) | int(paid) << 7) << (8 * s)
    cell = cell_key(stage, round, place, sum(ins_before), min(legs[0], table.goal - 1),
                    tuple(min(x, table.goal - 1) for x in legs[1:n]), table.in_turn)
    return seen | past << _HISTORY[0], seen | SEEN << _LEVEL[0], cell


def cell_keys(table: Table, rounds: int) -> tuple[Ints, Ints]:
    """Every cell key of ``table`` and where it sits in a strategy's thresholds
    (``[stage, round, state, context]`` flattened), rounds from ``rounds`` on read as the last:
    (keys, flat indices), the keys increasing."""
    states = States(table)
    contexts = ([(0, 0, 0)] if not table.in_turn else
                [(p, i, p * CONTEXTS_IN_TURN + i) for p in range(table.players)
                 for i in range(min(p, CONTEXTS_IN_TURN - 1) + 1)])
    keys, where = [], []
    for s in range(table.stages):
        for r in range(ROUNDS_TOLD):
            for st in range(len(states)):
                for place, ins, ctx in contexts:
                    keys.append(cell_key(s, r, place, ins, int(states.own[st]), tuple(states.others[st]),
                                         table.in_turn))
                    where.append(((s * rounds + min(r, rounds - 1)) * len(states) + st) * table.contexts + ctx)
    k = np.array(keys, dtype=np.int64)
    order = np.argsort(k)
    return k[order], np.array(where, dtype=np.int64)[order]


_MASK = (1 << 64) - 1


def _mix64(x: int) -> int:  # splitmix64's finaliser, as src/core/guts/guts_game.cpp has it
    x = (x + 0x9E3779B97F4A7C15) & _MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
    return x ^ (x >> 31)


def mixture_pick(key: int, value: int, width: int) -> int:
    """Which of a mixed set's ``width`` bars a hand of ``value`` takes at ``key``: a hash of the
    two, the native player's own (``mixture_pick`` in src/core/guts/guts_game.cpp). Each hand
    decides the same way every time; over a set's hands each bar is taken about equally often."""
    return _mix64((key & _MASK) ^ _mix64(value & _MASK)) % width


@dataclass(frozen=True)
class Policy:
    """Tables ``(level, keys, bars)`` consulted in order (keys increasing; bars hand values,
    :data:`~wildeval.games.guts.solver.deals.NEVER` never in, :data:`ALWAYS` always; a row of
    bars per key for a mixed strategy, the hand's :func:`mixture_pick` choosing one), then
    ``defaults[stage]``."""

    tables: tuple[tuple[int, Ints, Ints], ...]
    defaults: tuple[int, ...]

    @staticmethod
    def constant(stages: int, bar: int) -> Policy:
        """Every hand decided by one bar (:data:`ALWAYS` or :data:`NEVER`)."""
        return Policy((), (bar,) * stages)

    def then(self, other: Policy) -> Policy:
        """This policy's tables, then ``other``'s (and its defaults)."""
        return Policy(self.tables + other.tables, other.defaults)

    def args(self) -> tuple[list[tuple[int, Ints, Ints]], list[int]]:
        return list(self.tables), list(self.defaults)


def table_args(rules: GutsRules, players: int, max_rounds: int, cap: str = "refund"
               ) -> tuple[int, int, int, bool, bool, bool, float, float | None, int, bool]:
    """The native table of ``rules`` at ``players`` seats, games stopped at ``max_rounds`` deals
    with the antes given back or kept (``cap``, one of :data:`~wildeval.games.guts.solver.model.CAP_RULES`)."""
    check_cap(cap)
    t = Table.of(rules, players)
    return (players, t.stages, t.goal, t.streak, t.lowest_pays, t.in_turn, float(rules.ante),
            None if rules.max_payment is None else float(rules.max_payment), max_rounds, cap == "refund")


def play(rules: GutsRules, players: int, values: Ints, focal: Policy, others: Policy, *, games: int, seed: int,
         first_game: int = 0, sequential: bool = False, max_rounds: int = MODEL_ROUNDS, cap: str = "refund",
         threads: int | None = None) -> GamesPlayed:
    """Games ``first_game`` .. of ``rules`` at ``players`` seats over the valued deals ``values``
    (``[deal, seat, stage]``), seat 0 on ``focal`` and the others on ``others``; a game undecided
    after ``max_rounds`` deals gives the antes back or keeps them (``cap``: :func:`table_args`)."""
    chips, pots, rounds, undecided = _core.guts_play(
        table_args(rules, players, max_rounds, cap), values, sequential, seed & (2**64 - 1), first_game, games,
        focal.args(), others.args(), check_threads(threads))
    return GamesPlayed(chips, pots, rounds, int(undecided.sum()))


@dataclass(frozen=True)
class Flips:
    """Seat 0's decisions, each flipped: ``keys`` (decisions x levels), hand ``value``, what the
    others' policy would have declared (``others``), and ``gain``: what staying in rather than
    going out there is worth to seat 0 in antes, the rest of the game played on."""

    keys: Ints
    value: Ints
    others: Bools
    gain: Floats

    def __len__(self) -> int:
        return int(self.value.size)


def flips(rules: GutsRules, players: int, values: Ints, focal: Policy, others: Policy, *, games: int, seed: int,
          first_game: int = 0, max_depth: int = 64, spread: bool = False, sequential: bool = False,
          max_rounds: int = MODEL_ROUNDS, cap: str = "refund", threads: int | None = None) -> Flips:
    """Every decision of seat 0 up to the ``max_depth``-th of each game, flipped (the module's
    doc), game by game in order. ``spread``: a game of more decisions has ``max_depth`` of them
    flipped, evenly over the whole game (the ``i``-th flip the ``i * total // max_depth``-th
    decision), each gain times ``total / max_depth``, the decisions it stands for, so that sums
    of gains over a set's visits estimate the sums over every decision. ``cap``: as :func:`play`'s."""
    keys, value, theirs, gain = _core.guts_flips(
        table_args(rules, players, max_rounds, cap), values, sequential, seed & (2**64 - 1), first_game, games,
        focal.args(), others.args(), max_depth, spread, check_threads(threads))
    return Flips(keys, value, theirs, gain)

