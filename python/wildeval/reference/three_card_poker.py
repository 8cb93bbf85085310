"""The reference solver of "three_card_poker" (exactly 3 cards, wild ranks allowed): every card
plays; down the categories straight flush (Q-K-A high, A-2-3 low), three of a kind, straight,
flush, pair, high card. A straight (flush) is made when every natural card is one of its ranks
(and of its suit), a flush when the natural cards are of one suit (the wild cards being aces,
or with ``flush_duplicates=False`` the highest cards of the suit not held); groups as in "high"
under five cards.

>>> solve_three_card([0, 5], 1).category  # 2c 3d and a wild card: the straight 4-3-2
<Category.STRAIGHT: 4>
"""

from __future__ import annotations

from collections.abc import Sequence

from wildeval.rankings import hand_sizes, spec
from wildeval.rankings.layout import Category
from wildeval.rankings.three_card_poker import CODES, THREE_CARD_POKER
from wildeval.reference.hands import ACE, SUIT_PREFERENCE, Naturals, Solution, best_groups, flush_ranks, solve_with_wild
from wildeval.reference.high import cards_of  # the three (card, plays_as) pairs, read as "high" reads its cards

__all__ = ["THREE", "THREE_CARD_CODES", "THREE_CARD_STRAIGHT_TOPS", "cards_of", "solve_hand", "solve_three_card",
           "three_card_straight_ranks"]

THREE_CARD_CODES = CODES  # code << 20 of a three-card poker value, by category (the codec's)
THREE = 1  # rank index of the three: the top card of A-2-3, the lowest three-card straight
THREE_CARD_STRAIGHT_TOPS = range(ACE, THREE - 1, -1)  # Q-K-A first, A-2-3 last
# pair and high card: every card plays
GROUP_PLANS: tuple[tuple[Category, tuple[int, ...]], ...] = (
    (Category.PAIR, (2, 1)),
    (Category.HIGH_CARD, (1, 1, 1)),
)


def three_card_straight_ranks(top: int) -> list[int]:
    """The three ranks of the three-card straight with this top card, top down.

    >>> three_card_straight_ranks(ACE), three_card_straight_ranks(THREE)
    ([12, 11, 10], [1, 0, 12])
    """
    return [(top - i) % 13 for i in range(3)]


def _three_card_straight(
    naturals: Sequence[int], suits: Sequence[int | None]
) -> tuple[int, int | None] | None:
    """(top, suit) of the highest three-card straight holding every natural card (different
    ranks, all among its three), in the first of ``suits`` whose cards they all are (None:
    any suit, a plain straight)."""
    if len({c >> 2 for c in naturals}) != len(naturals):
        return None  # a pair among the natural cards
    for top in THREE_CARD_STRAIGHT_TOPS:
        ranks = three_card_straight_ranks(top)
        if any(c >> 2 not in ranks for c in naturals):
            continue
        for suit in suits:
            if suit is None or all(c & 3 == suit for c in naturals):
                return top, suit
    return None


def solve_three_card(naturals: Sequence[int], n_wild: int, flush_duplicates: bool = True) -> Solution:
    """The three-card poker hand of the natural cards plus ``n_wild`` wild cards (3 in all).

    >>> solve_three_card([], 3).value == 5 << 20 | 13 << 16  # three wild cards: Q-K-A suited
    True
    """
    n_cards = len(naturals) + n_wild
    if n_cards not in spec("three_card_poker").card_counts:
        raise ValueError(f"the three_card_poker ranking takes {hand_sizes('three_card_poker')} cards, "
                         f"{n_cards} were given")
    hand = Naturals(naturals)

    def result(category: Category, ranks: list[int], sizes: tuple[int, ...] | None,
               suit: int | None, tie: list[int]) -> Solution:
        return Solution(THREE_CARD_POKER.encode(category, tie), category, tuple(ranks), sizes, suit)

    found = _three_card_straight(naturals, SUIT_PREFERENCE)
    if found is not None:
        top, suit = found
        return result(Category.STRAIGHT_FLUSH, three_card_straight_ranks(top), None, suit, [top])
    if len(hand.ranks) <= 1:  # every natural card of one rank (or none): three of a kind
        rank = next(iter(hand.ranks)) if hand.ranks else ACE
        return result(Category.THREE_OF_A_KIND, [rank], (3,), None, [rank])
    found = _three_card_straight(naturals, (None,))
    if found is not None:
        top = found[0]
        return result(Category.STRAIGHT, three_card_straight_ranks(top), None, None, [top])
    suits = {c & 3 for c in naturals}
    if len(suits) == 1:  # a flush
        suit = suits.pop()
        flush = flush_ranks(hand.by_suit[suit], n_wild, flush_duplicates, size=3)
        assert flush is not None
        return result(Category.FLUSH, flush, None, suit, flush)
    for category, sizes in GROUP_PLANS:  # a pair, or high card
        ranks = best_groups(hand, n_wild, sizes, every_card_plays=True)
        if ranks is not None:
            return result(category, ranks, sizes, None, ranks)
    raise AssertionError("three cards always make some hand")  # pragma: no cover


def solve_hand(cards: list[int], wild: frozenset[int], flush_duplicates: bool) -> Solution:
    """The hand of ``cards`` when the ranks ``wild`` are wild."""
    return solve_with_wild(solve_three_card, cards, wild, flush_duplicates)
