"""The reference solver of "low27" (deuce-to-seven, 5 to 7 natural cards): the lowest five-card
hand, aces high only.

The solver goes *up* the categories (no pair, pair, two pair, three of a kind, straight, flush,
full house, four of a kind, straight flush) and stops at the first one the cards can make;
groups use a depth-first search trying ranks from the deuce up, so the first assignment found
is the lowest. A no-pair hand must not be a straight (six high to ace high; A-2-3-4-5 is not
one) and must not be forced into a flush (the cards of its ranks must show two suits); a
straight the same; a flush is the lowest non-straight five of one suit.

>>> solve_low27([0, 5, 10, 15, 16]).category  # 2c 3d 4h 5s 6c: a straight
<Category.STRAIGHT: 4>
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from wildeval.rankings import hand_sizes, spec
from wildeval.rankings.layout import Category
from wildeval.rankings.lowball import LOW27
from wildeval.reference.hands import (
    ACE,
    SUIT_PREFERENCE,
    Naturals,
    Solution,
    low_cards_of_solution,
    lowest_groups,
)

__all__ = ["LOW27_PLAN", "LOW27_STRAIGHT_TOPS", "SIX", "cards_of", "solve_hand", "solve_low27"]

# Categories from the best low (the lowest "high"-style value) up, with their group patterns.
LOW27_PLAN: tuple[tuple[Category, tuple[int, ...] | None], ...] = (
    (Category.HIGH_CARD, (1, 1, 1, 1, 1)),
    (Category.PAIR, (2, 1, 1, 1)),
    (Category.TWO_PAIR, (2, 2, 1)),
    (Category.THREE_OF_A_KIND, (3, 1, 1)),
    (Category.STRAIGHT, None),
    (Category.FLUSH, None),
    (Category.FULL_HOUSE, (3, 2)),
    (Category.FOUR_OF_A_KIND, (4, 1)),
    (Category.STRAIGHT_FLUSH, None),
)
SIX = 4  # rank index of the six: the top card of the lowest deuce-to-seven straight
LOW27_STRAIGHT_TOPS = range(SIX, ACE + 1)  # 6-5-4-3-2 first; A-2-3-4-5 is not a straight


def _straight_ranks(top: int) -> list[int]:
    """The five ranks of a deuce-to-seven straight, top down."""
    return list(range(top, top - 5, -1))


def _is_straight27(ranks: Sequence[int]) -> bool:
    """Whether five different ranks are a straight with aces high only."""
    return max(ranks) - min(ranks) == 4


def _must_be_flush(naturals: Naturals, ranks: Iterable[int]) -> bool:
    """Whether every way of taking one card of each of these ranks is of a single suit, i.e.
    the held cards of these ranks show only one suit."""
    wanted = set(ranks)
    return len({c & 3 for c in naturals.cards if c >> 2 in wanted}) == 1


def _lowest_straight27(naturals: Naturals) -> int | None:
    """The top rank of the lowest straight (not a straight flush) the cards make, or None."""
    for top in LOW27_STRAIGHT_TOPS:
        ranks = range(top - 4, top + 1)
        if all(r in naturals.ranks for r in ranks) and not _must_be_flush(naturals, ranks):
            return top
    return None


def _lowest_flush27(naturals: Naturals) -> tuple[list[int], int] | None:
    """(ranks high to low, suit) of the lowest flush (five of a suit, not a straight), or None.
    Between suits giving the same ranks, spades first."""
    options = []
    for order, suit in enumerate(SUIT_PREFERENCE):
        held = [1 if r in naturals.by_suit[suit] else 0 for r in range(13)]
        ranks = lowest_groups(held, (1, 1, 1, 1, 1), accept=lambda rs: not _is_straight27(rs))
        if ranks is not None:
            options.append((ranks, order, suit))
    if not options:
        return None
    ranks, _, suit = min(options)
    return ranks, suit


def _lowest_straight_flush27(naturals: Naturals) -> tuple[int, int] | None:
    """(top rank, suit) of the lowest straight flush, or None; spades first between suits."""
    for top in LOW27_STRAIGHT_TOPS:
        for suit in SUIT_PREFERENCE:
            if all(r in naturals.by_suit[suit] for r in range(top - 4, top + 1)):
                return top, suit
    return None


def _solution(category: Category, ranks: list[int], sizes: tuple[int, ...] | None,
              suit: int | None, tie: list[int]) -> Solution:
    """A solution whose value has the deciding ranks ``tie``."""
    return Solution(LOW27.encode(category, tie), category, tuple(ranks), sizes, suit)


def solve_low27(cards: Sequence[int]) -> Solution:
    """The best deuce-to-seven hand of 5 to 7 natural cards: the five with the lowest value
    as a high hand, aces high only (A-2-3-4-5 is ace high); straights and flushes count.

    >>> sol = solve_low27([0, 5, 10, 15, 44])  # 2c 3d 4h 5s Kc: king high
    >>> sol.category, sol.ranks
    (<Category.HIGH_CARD: 0>, (11, 3, 2, 1, 0))
    """
    if len(cards) not in spec("low27").card_counts:
        raise ValueError(f"the low27 ranking takes {hand_sizes('low27')} cards, {len(cards)} were given")
    hand = Naturals(cards)

    def no_pair_hand(ranks: list[int]) -> bool:
        """Five different ranks make a no-pair hand unless a straight or forced into a flush."""
        return not _is_straight27(ranks) and not _must_be_flush(hand, ranks)

    for category, plan in LOW27_PLAN:
        if plan is not None:
            accept = no_pair_hand if category == Category.HIGH_CARD else None
            ranks = lowest_groups(hand.count, plan, accept)
            if ranks is not None:
                return _solution(category, ranks, plan, None, ranks)
        elif category == Category.STRAIGHT:
            top = _lowest_straight27(hand)
            if top is not None:
                return _solution(category, _straight_ranks(top), None, None, [top])
        elif category == Category.FLUSH:
            flush = _lowest_flush27(hand)
            if flush is not None:
                return _solution(category, flush[0], None, flush[1], flush[0])
        else:  # straight flush
            found = _lowest_straight_flush27(hand)
            if found is not None:
                top, suit = found
                return _solution(category, _straight_ranks(top), None, suit, [top])
    raise AssertionError("five cards always make some hand")  # pragma: no cover


def solve_hand(cards: list[int], wild: frozenset[int], flush_duplicates: bool) -> Solution:
    """The best hand of ``cards`` (natural cards only: the ranking takes no wild ranks)."""
    return solve_low27(cards)


def cards_of(cards: list[int], wild: frozenset[int], solution: Solution) -> list[tuple[int, int]]:
    """The five cards that make ``solution``, in reading order (a no-pair hand from its highest
    card down), each playing as itself; a no-pair hand or straight not all of one suit."""
    avoid_flush = solution.category in (Category.HIGH_CARD, Category.STRAIGHT)
    return low_cards_of_solution(cards, solution, avoid_flush)
