"""The values of "omaha_low8", Omaha hi/lo's low half, eight or better: the best ace-to-five low
of exactly two hole cards and three board cards, five different ranks from the ace to the eight,
valued as "low_a5" values it (higher is better); 0 when none qualifies.

>>> OMAHA_LOW8.describe(*OMAHA_LOW8.decode(OMAHA_LOW8.encode(LowCategory.LOW, [3, 2, 1, 0, 12])))
'5-4-3-2-A'
>>> OMAHA_LOW8.describe(*OMAHA_LOW8.decode(0))
'No low'
>>> OMAHA_LOW8.encode(LowCategory.LOW, [6, 3, 2, 1, 0]) > OMAHA_LOW8.encode(LowCategory.LOW, [6, 4, 2, 1, 0])
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from wildeval.rankings.layout import Category, Codec, LowCategory
from wildeval.rankings.lowball import LOW_A5
from wildeval.rankings.words import sequence

__all__ = ["EIGHT", "OMAHA_LOW8", "OmahaLowCodec"]

EIGHT = 6  # the highest rank a low may hold


@dataclass(frozen=True)
class OmahaLowCodec(Codec[LowCategory]):
    """The codec of an eight-or-better low half: a low is an ace-to-five value, no low is 0."""

    category_type: ClassVar[type[LowCategory]] = LowCategory

    def categories_best_first(self) -> list[LowCategory]:
        return [LowCategory.LOW, LowCategory.NO_LOW]

    def encode(self, category: LowCategory, ranks: Sequence[int]) -> int:
        return 0 if category is LowCategory.NO_LOW else LOW_A5.encode(Category.HIGH_CARD, ranks)

    def decode(self, value: int) -> tuple[LowCategory, list[int]] | None:
        if value == 0:
            return LowCategory.NO_LOW, []
        decoded = LOW_A5.decode(value)
        if decoded is None or decoded[0] is not Category.HIGH_CARD:
            return None
        ranks = decoded[1]
        return (LowCategory.LOW, ranks) if all(r <= EIGHT or r == 12 for r in ranks) else None

    def describe(self, category: LowCategory, ranks: list[int]) -> str:
        return "No low" if category is LowCategory.NO_LOW else sequence(ranks)

    def cards_that_play(self, cards: Sequence[int], category: LowCategory, ranks: list[int]) -> list[int] | None:
        """None: the cards of a low are picked from the hole cards and the board by the
        evaluator (``best_five_of_parts``)."""
        return None


OMAHA_LOW8 = OmahaLowCodec()
