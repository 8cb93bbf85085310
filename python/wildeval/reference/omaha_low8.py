"""The reference solver of "omaha_low8" (Omaha hi/lo's low half, eight or better): 4 to 6 hole
cards and a board of 3 to 5; a low is five different ranks from the ace to the eight, exactly two
of them from the hole and three from the board, and the best is the one whose highest card is
lowest, then the next (aces low).

>>> solve_parts([48, 1, 44, 45], [6, 11, 12, 40, 41]).ranks  # Ac 2d Kc Kd / 3h 4s 5c Qc Qd
(3, 2, 1, 0, 12)
>>> solve_parts([48, 1, 44, 45], [36, 40, 41]).value  # no three low cards on the board: no low
0
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from wildeval.rankings.layout import LowCategory
from wildeval.rankings.omaha_low import OMAHA_LOW8
from wildeval.reference.hands import Solution
from wildeval.reference.omaha import best_five_of_parts

__all__ = ["cards_of", "cards_of_parts", "low_five", "solve_hand", "solve_parts"]


def _place(card: int) -> int:
    """A card's rank with the ace lowest: ace 0, deuce 1 .. king 12."""
    return ((card >> 2) + 1) % 13


def low_five(hole: Sequence[int], board: Sequence[int]) -> tuple[int, ...] | None:
    """The five cards of the best low, from the highest down, or None."""
    best_five_of_parts(hole, board)  # checks the sizes
    lows = []
    for two in itertools.combinations(hole, 2):
        for three in itertools.combinations(board, 3):
            five = sorted(two + three, key=_place, reverse=True)
            places = [_place(c) for c in five]
            if len(set(places)) == 5 and places[0] <= 7:  # five ranks, none above the eight
                lows.append((places, tuple(five)))
    return min(lows)[1] if lows else None


def solve_parts(hole: Sequence[int], board: Sequence[int]) -> Solution:
    """The low half of these hole cards and this board (value 0: no low)."""
    five = low_five(hole, board)
    if five is None:
        return Solution(0, LowCategory.NO_LOW, (), None, None)
    ranks = tuple(c >> 2 for c in five)
    return Solution(OMAHA_LOW8.encode(LowCategory.LOW, ranks), LowCategory.LOW, ranks, None, None)


def cards_of_parts(hole: Sequence[int], board: Sequence[int]) -> list[tuple[int, int]]:
    """The five cards of the low, from the highest down (the ace last), each as itself; none
    without a low."""
    five = low_five(hole, board)
    return [] if five is None else [(c, c) for c in five]


def solve_hand(cards: list[int], wild: frozenset[int], flush_duplicates: bool) -> Solution:
    """A hand is two parts: :func:`solve_parts` values it."""
    raise TypeError("an 'omaha_low8' hand is hole cards and a board: give both")


def cards_of(cards: list[int], wild: frozenset[int], solution: Solution) -> list[tuple[int, int]]:
    """A hand is two parts: :func:`cards_of_parts` finds its cards."""
    raise TypeError("an 'omaha_low8' hand is hole cards and a board: give both")
