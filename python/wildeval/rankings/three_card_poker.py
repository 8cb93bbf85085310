"""The values of "three_card_poker": ``value = code << 20 | k1 << 16 | k2 << 12 | k3 << 8`` with
code 0 high card, 1 pair, 2 flush, 3 straight, 4 three of a kind, 5 straight flush; a straight by
its top card (the three for A-2-3), a pair then its kicker, a flush or high card by its three cards.

>>> THREE_CARD_POKER.encode(Category.STRAIGHT, [11]) == 3 << 20 | 12 << 16  # J-Q-K
True
>>> THREE_CARD_POKER.describe(Category.STRAIGHT_FLUSH, [12])  # Q-K-A suited: no "royal"
'Straight flush, ace high'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from wildeval.rankings.layout import CATEGORY_SHIFT, Category, Codec, nibbles, pack, ranks_well_formed
from wildeval.rankings.words import RANK_NAMES, describe_hand

__all__ = ["CODES", "THREE_CARD_POKER", "ThreeCardCodec"]

# code -> (Category, number of deciding ranks), the code being the category's place here
_CODES = (
    (Category.HIGH_CARD, 3),
    (Category.PAIR, 2),
    (Category.FLUSH, 3),
    (Category.STRAIGHT, 1),
    (Category.THREE_OF_A_KIND, 1),
    (Category.STRAIGHT_FLUSH, 1),
)
CODES: dict[Category, int] = {category: code for code, (category, _) in enumerate(_CODES)}
"""The code (``value >> 20``) of each category."""


@dataclass(frozen=True)
class ThreeCardCodec(Codec[Category]):
    """The codec of three-card poker: categories ranked by their codes, not as in "high"."""

    def categories_best_first(self) -> list[Category]:
        return [category for category, _ in reversed(_CODES)]

    def encode(self, category: Category, ranks: Sequence[int]) -> int:
        return pack(CODES[category], ranks)

    def decode(self, value: int) -> tuple[Category, list[int]] | None:
        if not _WORST <= value <= _BEST:
            return None
        category, n_ranks = _CODES[value >> CATEGORY_SHIFT]
        ks = nibbles(value)
        if not ranks_well_formed(ks, n_ranks):
            return None
        if category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH) and ks[0] < 2:
            return None  # A-2-3 is the lowest straight: its top card is the three
        return category, [k - 1 for k in ks[:n_ranks]]

    def describe(self, category: Category, ranks: list[int]) -> str:
        if category == Category.STRAIGHT_FLUSH:  # Q-K-A suited is not called a royal flush
            return f"Straight flush, {RANK_NAMES[ranks[0]]} high"
        return describe_hand(category, ranks)

    def refusal(self, category: Category, ranks: list[int], wild: bool, flush_duplicates: bool) -> str | None:
        if not wild and category is Category.FLUSH and len(set(ranks)) < len(ranks):
            return "it needs a wild card"
        return None


THREE_CARD_POKER = ThreeCardCodec()
_WORST = THREE_CARD_POKER.encode(Category.HIGH_CARD, [3, 1, 0])  # 5-3-2, not suited
_BEST = THREE_CARD_POKER.encode(Category.STRAIGHT_FLUSH, [12])  # Q-K-A suited
