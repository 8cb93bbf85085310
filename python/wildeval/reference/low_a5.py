"""The reference solver of "low_a5" (ace-to-five, 5 to 7 natural cards): groups only (no
straights, no flushes), aces low; the best hand is A-2-3-4-5.

The solver goes up the group categories (no pair, pair, two pair, three of a kind, full house,
four of a kind) over the ranks renumbered ace = 0, deuce = 1 .. king = 12, and takes the first
pattern the cards make with the lowest ranks (a depth-first search from the lowest rank up).

>>> solve_low_a5([48, 1, 6, 11, 51]).category  # Ac 2d 3h 4s As: a pair of aces
<Category.PAIR: 1>
"""

from __future__ import annotations

from collections.abc import Sequence

from wildeval.rankings import hand_sizes, spec
from wildeval.rankings.layout import Category
from wildeval.rankings.lowball import LOW_A5
from wildeval.reference.hands import Solution, low_cards_of_solution, lowest_groups

__all__ = ["LOW_A5_PLAN", "ace_low", "cards_of", "solve_hand", "solve_low_a5"]

# Categories from the best low up, with their group patterns.
LOW_A5_PLAN: tuple[tuple[Category, tuple[int, ...]], ...] = (
    (Category.HIGH_CARD, (1, 1, 1, 1, 1)),
    (Category.PAIR, (2, 1, 1, 1)),
    (Category.TWO_PAIR, (2, 2, 1)),
    (Category.THREE_OF_A_KIND, (3, 1, 1)),
    (Category.FULL_HOUSE, (3, 2)),
    (Category.FOUR_OF_A_KIND, (4, 1)),
)


def ace_low(rank: int) -> int:
    """A rank's place in ace-to-five order: ace 0, deuce 1 .. king 12.

    >>> [ace_low(r) for r in (12, 0, 11)]
    [0, 1, 12]
    """
    return (rank + 1) % 13


def solve_low_a5(cards: Sequence[int]) -> Solution:
    """The best ace-to-five hand of 5 to 7 natural cards: groups only (no straights, no
    flushes), aces low; the best hand is A-2-3-4-5.

    >>> sol = solve_low_a5([48, 1, 6, 11, 12])  # Ac 2d 3h 4s 5c
    >>> sol.category, sol.ranks
    (<Category.HIGH_CARD: 0>, (3, 2, 1, 0, 12))
    """
    if len(cards) not in spec("low_a5").card_counts:
        raise ValueError(f"the low_a5 ranking takes {hand_sizes('low_a5')} cards, {len(cards)} were given")
    count = [0] * 13  # by ace-to-five order
    for c in cards:
        count[ace_low(c >> 2)] += 1
    for category, plan in LOW_A5_PLAN:
        places = lowest_groups(count, plan)
        if places is not None:
            ranks = [(p - 1) % 13 for p in places]  # back to rank indices
            return Solution(LOW_A5.encode(category, ranks), category, tuple(ranks), plan, None)
    raise AssertionError("five cards always make some hand")  # pragma: no cover


def solve_hand(cards: list[int], wild: frozenset[int], flush_duplicates: bool) -> Solution:
    """The best hand of ``cards`` (natural cards only: the ranking takes no wild ranks)."""
    return solve_low_a5(cards)


def cards_of(cards: list[int], wild: frozenset[int], solution: Solution) -> list[tuple[int, int]]:
    """The five cards that make ``solution``, in reading order (a no-pair hand from its highest
    card down, the ace last), each playing as itself."""
    return low_cards_of_solution(cards, solution, avoid_flush=False)
