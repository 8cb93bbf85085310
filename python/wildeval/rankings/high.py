"""The values of the "high" ranking: the category and the deciding ranks, high to low.

=================  ==============================================
category           k1 .. k5
=================  ==============================================
HIGH_CARD          the cards, high to low
PAIR               the pair, then the kickers high to low
TWO_PAIR           the high pair, the low pair, the kicker
THREE_OF_A_KIND    the triplet, then the kickers
STRAIGHT           the top card (five for A-2-3-4-5)
FLUSH              the five cards high to low (a wild may repeat a rank)
FULL_HOUSE         the triplet, the pair
FOUR_OF_A_KIND     the quadruplet, the kicker
STRAIGHT_FLUSH     the top card
FIVE_OF_A_KIND     the rank
=================  ==============================================

Hands under five cards have fewer deciding ranks (no straights or flushes there).

>>> HIGH.decode(HIGH.encode(Category.FULL_HOUSE, [12, 0]))
(<Category.FULL_HOUSE: 6>, [12, 0])
>>> HIGH.decode(HIGH.encode(Category.STRAIGHT, [2])) is None  # four high is no straight
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from wildeval.rankings.layout import CATEGORY_SHIFT, Category, Codec, nibbles, pack
from wildeval.rankings.words import describe_hand

__all__ = ["HIGH", "HighCodec"]

# For each category: the fewest and the most deciding ranks (hands under five cards have
# fewer), and how many of them are groups (a pair, a triplet ...) whose ranks differ from each
# other and from the kickers.
_SHAPES = {
    Category.HIGH_CARD: (1, 5, 0), Category.PAIR: (1, 4, 1), Category.TWO_PAIR: (2, 3, 2),
    Category.THREE_OF_A_KIND: (1, 3, 1), Category.STRAIGHT: (1, 1, 1), Category.FLUSH: (5, 5, 0),
    Category.FULL_HOUSE: (2, 2, 2), Category.FOUR_OF_A_KIND: (1, 2, 1),
    Category.STRAIGHT_FLUSH: (1, 1, 1), Category.FIVE_OF_A_KIND: (1, 1, 1),
}


def _is_straight(ranks: list[int]) -> bool:
    """Five distinct ranks, high to low, in a row (A-5-4-3-2 included)."""
    return len(ranks) == 5 and (ranks[0] - ranks[4] == 4 or ranks == [12, 3, 2, 1, 0])


@dataclass(frozen=True)
class HighCodec(Codec[Category]):
    """The codec of "high": a value is :func:`~wildeval.rankings.layout.pack` of the category
    and the deciding ranks."""

    def categories_best_first(self) -> list[Category]:
        return sorted(Category, reverse=True)

    def encode(self, category: Category, ranks: Sequence[int]) -> int:
        return pack(category, ranks)

    def decode(self, value: int) -> tuple[Category, list[int]] | None:
        if not 0 <= value < (10 << CATEGORY_SHIFT):
            return None
        category = Category(value >> CATEGORY_SHIFT)
        ks = nibbles(value)
        n = next((i for i, k in enumerate(ks) if k == 0), 5)
        fewest, most, groups = _SHAPES[category]
        if not fewest <= n <= most or any(ks[n:]) or any(k > 13 for k in ks[:n]):
            return None
        ranks = [k - 1 for k in ks[:n]]
        if category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
            return (category, ranks) if ranks[0] >= 3 else None  # five high is the lowest straight
        kickers = ranks[groups:]
        in_order = all(a > b for a, b in zip(kickers, kickers[1:]))
        if category == Category.FLUSH:  # a wild may repeat a rank in a flush, never a straight
            in_order = all(a >= b for a, b in zip(ranks, ranks[1:])) and not _is_straight(ranks)
        elif category == Category.HIGH_CARD:
            in_order = in_order and not _is_straight(ranks)
        elif category == Category.TWO_PAIR:
            in_order = in_order and ranks[0] > ranks[1]
        if not in_order or len(set(ranks[:groups])) < groups or set(ranks[:groups]) & set(kickers):
            return None
        return category, ranks

    def describe(self, category: Category, ranks: list[int]) -> str:
        return describe_hand(category, ranks)

    def refusal(self, category: Category, ranks: list[int], wild: bool, flush_duplicates: bool) -> str | None:
        repeats = category is Category.FLUSH and len(set(ranks)) < len(ranks)
        if not wild and (category is Category.FIVE_OF_A_KIND or repeats):
            return "it needs a wild card"
        if not flush_duplicates and repeats:
            return "a flush repeats a rank"
        return None


HIGH = HighCodec()
