"""The reference solver of "badugi" (exactly four natural cards, aces low).

A set of cards *plays* if no two of its cards share a rank or a suit. The solver tries the sets
of four cards, then of three, two and one, and among the sets of the first size that has one
that plays it takes the lowest: the one whose highest card is lowest, then the next (aces low).

>>> solve_badugi([48, 1, 6, 11]).category  # Ac 2d 3h 4s: the best badugi
<BadugiCategory.BADUGI: 3>
>>> solve_badugi([48, 49, 50, 51]).ranks  # four aces: a one-card hand
(12,)
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from wildeval.rankings import hand_sizes, spec
from wildeval.rankings.badugi import BADUGI, ace_low_place
from wildeval.rankings.layout import BadugiCategory
from wildeval.reference.hands import Solution

__all__ = ["best_set", "cards_of", "plays", "solve_badugi", "solve_hand"]


def plays(cards: Sequence[int]) -> bool:
    """Whether no two of ``cards`` share a rank or a suit.

    >>> plays([0, 5]), plays([0, 4]), plays([0, 1])  # 2c 3d; 2c 3c; 2c 2d
    (True, False, False)
    """
    return len({c >> 2 for c in cards}) == len(cards) == len({c & 3 for c in cards})


def _reading(cards: Sequence[int]) -> list[int]:
    """Cards from the highest down, aces low."""
    return sorted(cards, key=lambda c: ace_low_place(c >> 2), reverse=True)


def best_set(cards: Sequence[int]) -> list[int]:
    """The cards that make the hand, from the highest down (aces low).

    >>> best_set([48, 4, 5, 9])  # Ac 3c 3d 4d: 3d beside the ace (4d shares its suit)
    [5, 48]
    """
    for size in range(len(cards), 0, -1):
        sets = [_reading(s) for s in itertools.combinations(cards, size) if plays(s)]
        if sets:
            return min(sets, key=lambda s: [ace_low_place(c >> 2) for c in s])
    raise AssertionError("a card alone always plays")  # pragma: no cover


def solve_badugi(cards: Sequence[int]) -> Solution:
    """The badugi hand of four natural cards."""
    if len(cards) not in spec("badugi").card_counts:
        raise ValueError(f"the badugi ranking takes {hand_sizes('badugi')} cards, {len(cards)} were given")
    chosen = best_set(cards)
    category = BadugiCategory(len(chosen) - 1)
    ranks = tuple(c >> 2 for c in chosen)
    return Solution(BADUGI.encode(category, ranks), category, ranks, None, None)


def solve_hand(cards: list[int], wild: frozenset[int], flush_duplicates: bool) -> Solution:
    """The hand of ``cards`` (natural cards only: the ranking takes no wild ranks)."""
    return solve_badugi(cards)


def cards_of(cards: list[int], wild: frozenset[int], solution: Solution) -> list[tuple[int, int]]:
    """The cards that play, from the highest down (the ace last), each as itself."""
    return [(c, c) for c in best_set(cards)]
