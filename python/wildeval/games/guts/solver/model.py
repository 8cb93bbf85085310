"""The game the solver solves: one stage of a legs guts game, played on many deals at once.

:class:`Table` is what the solver reads of a :class:`~wildeval.games.guts.rules.GutsRules`
table; :class:`States` numbers the states of legs (or of streaks) as one player sees them: their
own count and how many of the others hold each count. :func:`declare` makes every seat's
declaration at a stage from a strategy's thresholds, and :func:`settle` pays the stage: who pays
whom, the leg or the streak, and who has reached the goal. Arrays hold one seat per row and one
deal per column (seats x deals: numpy sums a few long rows far quicker than many short ones),
seats in declaration order (seat 0 is the dealer's left, the last seat the dealer).

>>> from wildeval.games.guts.rules import preset
>>> table = Table.of(preset("three-five-seven"), players=3)
>>> states = States(table)
>>> len(states), states.describe(states.index(np.array([[2], [0], [1]]))[0, 0])
(18, 'own 2, others 0 1')

Two deals (columns) of three seats (rows): in the first, seats 0 and 1 are in and seat 1's
hand is the better; in the second seat 1 alone is in, and takes its third leg.

>>> ins = np.array([[True, False], [True, True], [False, False]])
>>> values = np.array([[5, 5], [9, 9], [7, 7]])
>>> pay, legs, winner = settle(table, ins, values, np.array([[0, 0], [0, 2], [0, 0]]))
>>> pay.tolist(), legs.tolist(), winner.tolist()
([[-1.0, 0.0], [1.0, 0.0], [0.0, 0.0]], [[0, 0], [0, 3], [0, 0]], [-1, 1])
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from wildeval.games.guts.rules import GutsRules

__all__ = ["CAP_RULES", "CONTEXTS_IN_TURN", "MODEL_ROUNDS", "States", "Table", "check_cap", "contexts", "declare",
           "default_cap", "settle"]

CONTEXTS_IN_TURN = 3
"""In-turn declarations are told apart by seat and by how many declared in before: none, one,
or two or more (``min(ins, 2)``)."""

MODEL_ROUNDS = 200
"""Rounds (deals) the solver's games are played to at most: a game still undecided then gives
every ante back (the engine's own cap, ``GutsRules.max_rounds``, is 500 by default), unless the
solve's ``cap`` is ``"forfeit"`` (:data:`CAP_RULES`)."""

CAP_RULES = ("refund", "forfeit")
"""What the solver's model does with the antes of a game still undecided at :data:`MODEL_ROUNDS`:
``"refund"`` gives every ante back, as the engine does at its cap; ``"forfeit"`` keeps them, so
that a game nobody wins costs every player its antes (:func:`default_cap` says where)."""


def check_cap(cap: str) -> None:
    """ValueError naming the choices unless ``cap`` is one of :data:`CAP_RULES`."""
    if cap not in CAP_RULES:
        raise ValueError(f"cap: one of {', '.join(CAP_RULES)}, not {cap!r}")

Ints = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]
Floats = npt.NDArray[np.float64]


@dataclass(frozen=True)
class Table:
    """The solver's reading of a table: ``players`` seats, ``stages`` stages, the ``goal``
    (legs, or stage wins in a row when ``streak``), who pays (``lowest_pays``: only the lowest
    hand; else every loser pays every winner), whether declarations are ``in_turn``, and
    ``payment_cap``: ``max_payment`` in antes (None: every payment is the pot)."""

    players: int
    stages: int
    goal: int
    streak: bool
    lowest_pays: bool
    in_turn: bool
    payment_cap: float | None = None

    @staticmethod
    def of(rules: GutsRules, players: int) -> Table:
        """The table of ``rules`` at ``players`` seats. Table stakes are refused: the solver plays
        a running tab, where payments are never cut by a short stack."""
        if rules.payment_policy != "tab":
            raise ValueError("the solver plays a running tab: table stakes (a stack that cuts payments) "
                             "are not modelled")
        if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= rules.max_players:
            raise ValueError(f"{rules.name} takes 2 to {rules.max_players} players, not {players!r}")
        cap = None if rules.max_payment is None else rules.max_payment / rules.ante
        return Table(players, len(rules.stages), rules.win_count, rules.win_by == "streak",
                     rules.payment == "lowest_pays_highest", rules.declaration == "in_turn", cap)

    @property
    def contexts(self) -> int:
        """How many declaration contexts a state has (1 when everyone declares at once)."""
        return self.players * CONTEXTS_IN_TURN if self.in_turn else 1


def contexts(table: Table, seat: int, ins_before: int) -> int:
    """The context number of a declaration at ``seat`` (0 = the dealer's left) after
    ``ins_before`` players declared in (always 0 when everyone declares at once)."""
    return seat * CONTEXTS_IN_TURN + min(ins_before, CONTEXTS_IN_TURN - 1) if table.in_turn else 0


class States:
    """The states of legs as one player sees them: ``own`` count (0 to the goal less one) and the
    sorted counts of the others; at a streak game only one player holds a streak at a time, so
    only those states are listed. :meth:`index` numbers every seat's state of a legs array."""

    def __init__(self, table: Table) -> None:
        n, w = table.players, table.goal
        self.table = table
        # a count's weight in the code of the others' counts: how many others hold k, base n
        self._weight = np.array([0] + [n ** (k - 1) for k in range(1, w)], dtype=np.int64)
        size = w * (int(self._weight[-1]) * (n - 1) + 1) if w > 1 else 1
        self._lookup = np.full(size, -1, dtype=np.int64)
        own: list[int] = []
        others: list[tuple[int, ...]] = []
        for mine in range(w):
            for rest in itertools.combinations_with_replacement(range(w), n - 1):
                if table.streak and sum(1 for x in (mine, *rest) if x) > 1:
                    continue
                code = mine + w * int(sum(self._weight[list(rest)]))
                self._lookup[code] = len(own)
                own.append(mine)
                others.append(tuple(rest))
        self.own = np.array(own, dtype=np.int64)
        self.others = np.array(others, dtype=np.int64).reshape(len(own), n - 1)

    def __len__(self) -> int:
        return int(self.own.size)

    def index(self, legs: Ints) -> Ints:
        """Each seat's state number for counts given seat by seat (seats x rows, each below the
        goal)."""
        w = self._weight[legs]
        code = legs + self.table.goal * (w.sum(axis=0) - w)
        found: Ints = self._lookup[code]
        return found

    def index_of(self, legs: Ints, seat: Ints) -> Ints:
        """The state number of one seat per row (``seat[r]`` in row ``r``)."""
        w = self._weight[legs]
        rows = np.arange(legs.shape[1])
        code = legs[seat, rows] + self.table.goal * (w.sum(axis=0) - w[seat, rows])
        found: Ints = self._lookup[code]
        return found

    def find(self, own: int, others: tuple[int, ...]) -> int:
        """The number of the state where a player holds ``own`` and the others ``others``."""
        w = self.table.goal
        if len(others) != self.table.players - 1 or not all(0 <= x < w for x in (own, *others)):
            raise ValueError(f"legs must be {self.table.players} counts from 0 to {w - 1}")
        number = int(self._lookup[own + w * int(sum(self._weight[list(others)]))])
        if number < 0:
            raise ValueError("only one player can hold a streak at a time")
        return number

    def describe(self, state: int) -> str:
        return f"own {self.own[state]}, others {' '.join(map(str, self.others[state]))}"


def declare(table: Table, bars: Ints, values: Ints, states: Ints, focal: Ints | None = None,
            forced: bool | None = None, which: Ints | None = None,
            choose: Callable[[int, Bools, Bools, Bools], Bools] | None = None) -> tuple[Bools, Ints]:
    """Every seat's declaration at one stage, and each seat's context (seats x rows).

    ``bars[state, context]``: the weakest hand value that stays in; or, with ``which`` (seats x
    rows), ``bars[which[seat, r], state, context]``: one strategy per seat and row. ``values``
    and ``states``: each seat's hand value and state number. When ``forced`` is True or False,
    the seat ``focal[r]`` of each row declares that way instead; in turn, the seats after it see
    it. ``choose(seat, rows, ins_before, own)``, if given, decides instead for the rows whose
    ``focal`` seat declares now: it gets the seat, which rows, the declarations before it there
    (seats before x those rows) and what the strategy would declare, and returns the declarations.
    """
    n, rows = values.shape
    ins = np.empty((n, rows), dtype=np.bool_)
    ctx = np.zeros((n, rows), dtype=np.int64)
    before = np.zeros(rows, dtype=np.int64)
    for seat in range(n):
        if table.in_turn:
            ctx[seat] = seat * CONTEXTS_IN_TURN + np.minimum(before, CONTEXTS_IN_TURN - 1)
        if which is None:
            d = values[seat] >= bars[states[seat], ctx[seat]]
        else:
            d = values[seat] >= bars[which[seat], states[seat], ctx[seat]]
        if forced is not None and focal is not None:
            d[focal == seat] = forced
        if choose is not None and focal is not None:
            rows_here = focal == seat
            if rows_here.any():
                d[rows_here] = choose(seat, rows_here, ins[:seat, rows_here], d[rows_here])
        ins[seat] = d
        if table.in_turn:
            before += d
    return ins, ctx


def settle(table: Table, ins: Bools, values: Ints, legs: Ints) -> tuple[Floats, Ints, Ints]:
    """A stage settled (seats x rows): each seat's payments received less paid (in payments: a
    payment is the pot, or ``max_payment``), the counts after it (legs, or streaks), and the
    seat that reached the goal (-1: none) in every row."""
    n, rows = ins.shape
    k = ins.sum(axis=0)
    low, high = np.iinfo(np.int64).min, np.iinfo(np.int64).max
    shown_values = np.where(ins, values, low)
    best = shown_values.max(axis=0)
    winners = ins & (values == best)
    nw = winners.sum(axis=0)
    if table.lowest_pays:
        worst = np.where(ins, values, high).min(axis=0)
        payers = ins & (values == worst) & (worst < best)
    else:
        payers = ins & ~winners
    npay = payers.sum(axis=0)
    pay = np.where(k >= 2, winners * npay - payers * nw, 0).astype(np.float64)
    after = legs.copy()
    cols = np.arange(rows)
    if table.streak:
        # a stage someone played: its one winner (alone in, or the one best hand) adds to their
        # streak; every other streak ends
        single = (k >= 1) & (nw == 1)
        who = np.argmax(winners, axis=0)
        kept = legs[who, cols] + 1
        after[:, k >= 1] = 0
        after[who[single], cols[single]] = kept[single]
    else:
        lone = k == 1
        who = np.argmax(ins, axis=0)
        after[who[lone], cols[lone]] += 1
    reached = after >= table.goal
    winner = np.where(reached.any(axis=0), np.argmax(reached, axis=0), -1)
    return pay, after, winner


def default_cap(rules: GutsRules, players: int) -> str:
    """The model's cap rule by default (:data:`CAP_RULES`), as measured (docs/experiments.md):
    ``"forfeit"`` for the streak game declaring at once at 3 players or more, where with the antes
    given back at the cap every solve drifted into games that stop there (nobody winning costs
    nothing), a strategy of the capped model and not of the game; ``"refund"`` elsewhere, where
    games end by a win all but rarely, so the rule seldom matters (every other shipped table was
    solved with the antes given back).

    >>> from wildeval.games.guts.rules import table_rules
    >>> default_cap(table_rules("three-five-seven-onlinepoker", {"declaration": "simultaneous"}), 4)
    'forfeit'
    >>> default_cap(table_rules("three-five-seven-onlinepoker"), 4)
    'refund'
    """
    if rules.win_by == "streak" and rules.declaration == "simultaneous" and players >= 3:
        return "forfeit"
    return "refund"
