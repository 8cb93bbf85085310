"""The values of the lowball rankings, "low27" (deuce-to-seven) and "low_a5" (ace-to-five):
``value = LOW_BASE - hv``, where ``hv`` is the "high"-style value of the best five cards for low
(the lowest ``hv``), so that higher is better here too.

In deuce-to-seven ``hv`` is the high value with aces high only (A-2-3-4-5 is ace high, not a
straight); its category is the hand's category (a 6-5-4-3-2 is a STRAIGHT). In ace-to-five
``hv`` counts groups only (no straights, no flushes) with the ace as the lowest rank: its ranks
are written ace = 1, deuce = 2 .. king = 13. :meth:`LowballCodec.decode` gives real rank
indices either way.

>>> LOW_A5.encode(Category.HIGH_CARD, [3, 2, 1, 0, 12]) == LOW_BASE - pack(Category.HIGH_CARD, [4, 3, 2, 1, 0])
True
>>> LOW27.describe(*LOW27.decode(LOW_BASE - pack(Category.HIGH_CARD, [12, 3, 2, 1, 0])))
'Ace high: A-5-4-3-2'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from wildeval.rankings.layout import CATEGORY_SHIFT, LOW_BASE, Category, Codec, nibbles, pack, ranks_well_formed
from wildeval.rankings.words import describe_hand, sequence

__all__ = ["LOW27", "LOW_A5", "LowballCodec"]

# How many deciding ranks each category of a five-card hand has.
_RANK_COUNTS = {
    Category.HIGH_CARD: 5, Category.PAIR: 4, Category.TWO_PAIR: 3, Category.THREE_OF_A_KIND: 3,
    Category.STRAIGHT: 1, Category.FLUSH: 5, Category.FULL_HOUSE: 2, Category.FOUR_OF_A_KIND: 2,
    Category.STRAIGHT_FLUSH: 1,
}
# ace-to-five knows groups only
_GROUP_CATEGORIES = frozenset({Category.HIGH_CARD, Category.PAIR, Category.TWO_PAIR,
                               Category.THREE_OF_A_KIND, Category.FULL_HOUSE, Category.FOUR_OF_A_KIND})


@dataclass(frozen=True)
class LowballCodec(Codec[Category]):
    """The codec of a lowball ranking: deuce-to-seven (``aces_low=False``: aces high only,
    straights and flushes count) or ace-to-five (``aces_low=True``: groups only, aces low)."""

    aces_low: bool

    def _categories(self) -> frozenset[Category]:
        return _GROUP_CATEGORIES if self.aces_low else frozenset(_RANK_COUNTS)

    def categories_best_first(self) -> list[Category]:
        return sorted(self._categories())

    def encode(self, category: Category, ranks: Sequence[int]) -> int:
        if self.aces_low:  # written ace = 1, deuce = 2 .. king = 13
            ranks = [(r + 1) % 13 for r in ranks]
        return LOW_BASE - pack(category, ranks)

    def decode(self, value: int) -> tuple[Category, list[int]] | None:
        worst, best = _A5_RANGE if self.aces_low else _LOW27_RANGE
        if not worst <= value <= best:
            return None
        hv = LOW_BASE - value  # the "high"-style value of the five cards
        category = Category(hv >> CATEGORY_SHIFT)
        if category not in self._categories():
            return None
        n_ranks = _RANK_COUNTS[category]
        ks = nibbles(hv)
        if not ranks_well_formed(ks, n_ranks):
            return None
        if self.aces_low:  # back to rank indices
            return category, [(k - 2) % 13 for k in ks[:n_ranks]]
        if category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH) and ks[0] < 5:
            return None  # six high is the lowest straight: A-2-3-4-5 is not one
        return category, [k - 1 for k in ks[:n_ranks]]

    def describe(self, category: Category, ranks: list[int]) -> str:
        """A hand without a pair reads as its cards, worst first (deuce-to-seven says "Ace
        high" too); other hands as the high hand they are."""
        if category != Category.HIGH_CARD:
            return describe_hand(category, ranks)
        if not self.aces_low and ranks[0] == 12:
            return f"Ace high: {sequence(ranks)}"
        return sequence(ranks)


LOW27 = LowballCodec(aces_low=False)
LOW_A5 = LowballCodec(aces_low=True)
# the worst and the best value of each
_LOW27_RANGE = (LOW27.encode(Category.STRAIGHT_FLUSH, [12]),  # a royal flush
                LOW27.encode(Category.HIGH_CARD, [5, 3, 2, 1, 0]))  # 7-5-4-3-2
_A5_RANGE = (LOW_A5.encode(Category.FOUR_OF_A_KIND, [11, 10]),  # K-K-K-K-Q
             LOW_A5.encode(Category.HIGH_CARD, [3, 2, 1, 0, 12]))  # 5-4-3-2-A
