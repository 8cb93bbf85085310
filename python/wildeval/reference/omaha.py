"""The reference solver of "omaha" (Omaha high): 4 to 6 hole cards and a board of 3 to 5, the
hand the best five of exactly two hole cards and exactly three board cards.

Every such five is valued by the reference "high" solver (:mod:`wildeval.reference.high`) and
the best kept: Omaha's values are "high" values.

>>> solve_parts([51, 47, 0, 1], [43, 39, 35, 30, 2]).category  # As Ks 2c 2d / Qs Js Ts 9h 2h
<Category.STRAIGHT_FLUSH: 8>
>>> solve_parts([51, 50, 49, 48], [47, 43, 39]).category  # four aces in the hole: two play
<Category.PAIR: 1>
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from wildeval.rankings import spec
from wildeval.reference.hands import Solution, cards_of_solution
from wildeval.reference.high import solve

__all__ = ["best_five_of_parts", "cards_of", "cards_of_parts", "solve_hand", "solve_parts"]


def best_five_of_parts(hole: Sequence[int], board: Sequence[int]) -> tuple[Solution, tuple[int, ...]]:
    """The best five of two hole cards and three board cards, with its solution."""
    row = spec("omaha")
    low, high = row.board_cards or (0, 0)
    if len(hole) not in row.card_counts or not low <= len(board) <= high:
        raise ValueError(f"an 'omaha' hand has 4 to 6 hole cards and a board of {low} to {high}, "
                         f"not {len(hole)} and {len(board)}")
    best: tuple[Solution, tuple[int, ...]] | None = None
    for two in itertools.combinations(hole, 2):
        for three in itertools.combinations(board, 3):
            five = two + three
            solution = solve(five, 0)
            if best is None or solution.value > best[0].value:
                best = solution, five
    assert best is not None
    return best


def solve_parts(hole: Sequence[int], board: Sequence[int]) -> Solution:
    """The Omaha high hand of these hole cards and this board."""
    return best_five_of_parts(hole, board)[0]


def cards_of_parts(hole: Sequence[int], board: Sequence[int]) -> list[tuple[int, int]]:
    """The five cards that make the hand, in reading order, each as itself."""
    solution, five = best_five_of_parts(hole, board)
    return cards_of_solution(five, frozenset(), solution)


def solve_hand(cards: list[int], wild: frozenset[int], flush_duplicates: bool) -> Solution:
    """An Omaha hand is two parts: :func:`solve_parts` values it."""
    raise TypeError("an 'omaha' hand is hole cards and a board: give both")


def cards_of(cards: list[int], wild: frozenset[int], solution: Solution) -> list[tuple[int, int]]:
    """An Omaha hand is two parts: :func:`cards_of_parts` finds its cards."""
    raise TypeError("an 'omaha' hand is hole cards and a board: give both")
