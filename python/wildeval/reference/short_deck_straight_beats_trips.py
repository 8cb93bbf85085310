"""The reference solver of "short_deck_straight_beats_trips": short deck with a straight above
three of a kind, solved by :mod:`wildeval.reference.short_deck`.

>>> solve_hand([44, 45, 46, 16, 20], frozenset(), True).category  # K K K 6 7
<Category.THREE_OF_A_KIND: 3>
"""

from __future__ import annotations

from wildeval.reference.hands import Solution
from wildeval.reference.short_deck import five_cards_of, solve_short_deck

__all__ = ["cards_of", "solve_hand"]


def solve_hand(cards: list[int], wild: frozenset[int], flush_duplicates: bool) -> Solution:
    """The hand of ``cards`` with a straight above three of a kind."""
    return solve_short_deck(cards, False)


def cards_of(cards: list[int], wild: frozenset[int], solution: Solution) -> list[tuple[int, int]]:
    """The five cards that make ``solution``, in reading order, each as itself."""
    return five_cards_of(cards, solution, False)
