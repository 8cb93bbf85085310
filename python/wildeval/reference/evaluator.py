"""The reference :class:`Evaluator` and :func:`census`: the same interface as the native ones,
each ranking's hands valued by the reference module its registry row names (see
:mod:`wildeval.rankings`), its values read by its codec.

>>> ev = Evaluator("low27")
>>> ev.describe(ev("7c 5d 4h 3s 2c Kd Ks"))
'7-5-4-3-2'
"""

from __future__ import annotations

import importlib
import itertools
import operator
from collections.abc import Iterable
from typing import Protocol, cast

import numpy as np

from wildeval.cards import N_CARDS, format_cards, parse_cards
from wildeval.rankings import hand_sizes, spec
from wildeval.rankings.layout import (
    AnyCategory,
    Category,  # noqa: F401  (the docstrings' examples use it)
)
from wildeval.reference.hands import Solution
from wildeval.reference.parsing import check_flush_duplicates, hand_of, is_index, rows_of
from wildeval.values import category_of, describe
from wildeval.wild import Settings, parse_wild

__all__ = ["Evaluator", "RankingSolver", "census", "solver_of"]


class RankingSolver(Protocol):
    """What a ranking's reference module gives (its registry row names the module)."""

    def solve_hand(self, cards: list[int], wild: frozenset[int], flush_duplicates: bool) -> Solution:
        """The best hand of ``cards`` (distinct, as many as the ranking takes) with the ranks
        ``wild`` wild (empty for a ranking that takes no wild ranks)."""
        ...

    def cards_of(self, cards: list[int], wild: frozenset[int], solution: Solution) -> list[tuple[int, int]]:
        """The (card, plays_as) pairs of ``cards`` that make ``solution``, in reading order."""
        ...


class SplitSolver(Protocol):
    """What the reference module of a split ranking (Omaha) gives besides."""

    def solve_parts(self, hole: list[int], board: list[int]) -> Solution:
        """The best hand of these hole cards and this board."""
        ...

    def cards_of_parts(self, hole: list[int], board: list[int]) -> list[tuple[int, int]]:
        """The (card, plays_as) pairs that make it, in reading order."""
        ...


def solver_of(ranking: str) -> RankingSolver:
    """The reference module of a registered ranking."""
    return cast(RankingSolver, importlib.import_module(spec(ranking).reference))


class Evaluator(Settings[str]):
    """Values of poker hands, higher = better: the pure-Python reference.

    ``ranking`` is ``"high"`` (1 to 7 cards), ``"low27"`` or ``"low_a5"`` (5 to 7 cards, no
    wild cards) or ``"three_card_poker"`` (exactly 3 cards), or any other registered ranking;
    ``wild`` names the wild ranks (see :func:`wildeval.wild.parse_wild`: None, ``"3"``, ``"357"``,
    ``[0]``...); ``flush_duplicates`` says whether a wild card in a flush may duplicate a card of
    the flush.

    >>> ev = Evaluator(wild="357")
    >>> ev.ranking, sorted(ev.wild), ev.flush_duplicates
    ('high', [1, 3, 5], True)
    >>> ev.describe(ev("5c 7d"))
    'Pair of aces'
    >>> ev.describe(ev("Kc 3h"))
    'Pair of kings'
    """

    # how the settings are shown is wildeval.wild's (Settings), shared with the native
    # evaluator; how a hand is valued shares nothing with the native path, so that each tests
    # the other
    __slots__ = ("_ranking", "_wild", "_flush_duplicates", "_solver")
    _REPR_RANKING = "ranking="

    def __init__(
        self,
        ranking: str = "high",
        wild: None | str | Iterable[int] = None,
        *,
        flush_duplicates: bool = True,
    ) -> None:
        row = spec(ranking)
        self._ranking = row.name
        self._wild = parse_wild(wild)
        if self._wild and not row.takes_wild:
            raise ValueError(f"wild cards are not supported for ranking {self._ranking!r}")
        self._flush_duplicates = check_flush_duplicates(flush_duplicates)
        self._solver = solver_of(self._ranking)

    def _solve(self, cards: list[int]) -> Solution:
        return self._solver.solve_hand(cards, self._wild, self._flush_duplicates)

    def __call__(self, cards: str | Iterable[object], board: str | Iterable[object] | None = None) -> int:
        """The value of a hand (ints 0-51 or text such as ``"As Kd"``): 1 to 7 cards for
        "high", 5 to 7 for "low27" and "low_a5", exactly 3 for "three_card_poker". With
        ``board``, the hand is ``cards`` (the hole cards) and the board: for "omaha" two of the
        one and three of the other, for the other rankings their union.

        >>> Evaluator("omaha")("As Ks 2c 2d", "Qs Js Ts 9h 2h") == Evaluator()("As Ks Qs Js Ts")
        True
        """
        if board is None:
            if spec(self._ranking).board_cards is not None:
                raise TypeError(f"an {self._ranking!r} hand is hole cards and a board: give both")
            return self._solve(hand_of(cards, self._ranking)).value
        hole, shown = parse_cards(cards), parse_cards(board)
        if set(hole) & set(shown):
            raise ValueError(f"duplicate card {format_cards(sorted(set(hole) & set(shown))[:1])}: "
                             "in the hole cards and on the board")
        if spec(self._ranking).board_cards is None:
            return self._solve(hand_of(hole + shown, self._ranking)).value
        return cast(SplitSolver, self._solver).solve_parts(hole, shown).value

    def best_five_of_parts(self, cards: str | Iterable[object], board: str | Iterable[object]) -> list[tuple[int, int]]:
        """The cards that make the value of a hand of hole cards and a board (see :meth:`best_five`)."""
        hole, shown = parse_cards(cards), parse_cards(board)
        if spec(self._ranking).board_cards is None:
            return self.best_five(hole + shown)
        return cast(SplitSolver, self._solver).cards_of_parts(hole, shown)

    def best_five(self, cards: str | Iterable[object]) -> list[tuple[int, int]]:
        """The cards that make the value, as (card, plays_as) pairs in reading order.

        There are min(5, len(cards)) pairs, distinct cards of the hand. A natural card plays as
        itself; a wild card plays as its stand-in. Natural cards are used before wild cards;
        the order is the deciding groups first (biggest group first, kickers high to low), a
        straight or straight flush from its top card down, a flush high to low.

        >>> Evaluator(wild="2").best_five("2c 3d 4h 5s As")  # the wheel, from the five down
        [(15, 15), (10, 10), (5, 5), (0, 3), (51, 51)]

        For "low27" and "low_a5", the five cards chosen for low, in reading order (a no-pair
        hand from its highest card down, the ace last in ace-to-five); for
        "three_card_poker", the three cards; for "badugi", the cards that play, from the
        highest down.

        >>> from wildeval.cards import format_cards
        >>> format_cards(c for c, _ in Evaluator("low_a5").best_five("Kd 2c 4h As 3s 5d 2s"))
        '5d 4h 3s 2s As'
        """
        cards = hand_of(cards, self._ranking)
        return self._solver.cards_of(cards, self._wild, self._solve(cards))

    def category(self, value: int) -> AnyCategory:
        """The category of a value (see :func:`wildeval.values.category_of`)."""
        return category_of(value, self._ranking)

    def describe(self, value: int) -> str:
        """A description of a value, e.g. ``'Three of a kind, kings'``, ``'7-5-4-3-2'``."""
        return describe(value, self._ranking)

    def batch(self, hands: object, *, threads: int | None = None, out: np.ndarray | None = None) -> np.ndarray:
        """The values of many hands of the same size: ``hands`` is a 2-D array of card ints,
        one hand per row (as many columns as the ranking takes: 1 to 7 for "high").
        Returns an int32 array, one value per row, or fills ``out`` (a C-contiguous int32
        array of that length) and returns it. ``threads`` is accepted for compatibility and ignored.

        Raises TypeError for a non-integer array, ValueError for a wrong shape or a bad row
        (``row 3: card 52 is not a card (0-51)``, ``row 3: duplicate card As``).

        >>> from wildeval.values import pack
        >>> values = Evaluator().batch([[51, 47], [0, 1]])  # As Ks, 2c 2d
        >>> values.dtype, values.tolist() == [pack(Category.HIGH_CARD, [12, 11]), pack(Category.PAIR, [0])]
        (dtype('int32'), True)
        """
        rows = rows_of(hands, self._ranking)
        if out is None:
            out = np.empty(len(rows), dtype=np.int32)
        elif not isinstance(out, np.ndarray):
            raise TypeError(f"out must be a numpy int32 array, not {type(out).__name__}")
        elif not (
            out.dtype == np.int32 and out.shape == (len(rows),)
            and out.flags.c_contiguous and out.flags.writeable
        ):
            raise ValueError("out must be a writeable C-contiguous int32 array of one value per row")
        for i, row in enumerate(rows):
            out[i] = self._solve(row).value
        return out


def census(
    n_cards: int,
    ranking: str = "high",
    wild: None | str | Iterable[int] = None,
    *,
    flush_duplicates: bool = True,
    threads: int | None = None,
) -> dict[AnyCategory, int]:
    """How many of the C(52, n_cards) hands fall in each category (every category of the
    ranking's kind present: :class:`~wildeval.values.Category`, or badugi's own).

    This evaluates every hand one by one with the reference evaluator, so it is slow: a few
    seconds for three cards, many minutes for five, hours for seven. ``threads`` is ignored.
    Each ranking takes its own hand sizes (see :class:`Evaluator`); the categories are those of
    :func:`wildeval.values.category_of` for the ranking.

    >>> counts = census(2)
    >>> counts[Category.PAIR], counts[Category.HIGH_CARD], counts[Category.FLUSH]
    (78, 1248, 0)
    """
    if isinstance(n_cards, bool) or not is_index(n_cards):
        raise TypeError(f"n_cards must be an int, not {type(n_cards).__name__}")
    n_cards = operator.index(n_cards)
    evaluator = Evaluator(ranking, wild, flush_duplicates=flush_duplicates)
    ranking = evaluator.ranking
    if n_cards not in spec(ranking).card_counts:
        raise ValueError(f"the {ranking} ranking takes {hand_sizes(ranking)} cards, n_cards={n_cards}")
    counts: dict[AnyCategory, int] = dict.fromkeys(spec(ranking).codec.category_type, 0)
    for hand in itertools.combinations(range(N_CARDS), n_cards):
        counts[evaluator._solve(list(hand)).category] += 1
    return counts
