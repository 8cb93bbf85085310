"""The values of "badugi": four cards, aces low; the hand is the largest set of its cards with no
two of a rank and no two of a suit, and between sets of one size the lower highest card wins,
then the next.

    value = size << 20 - (k1 << 16 | k2 << 12 | k3 << 8 | k4 << 4)

``k1 ..`` are the set's ranks from the highest down, written ace = 1, deuce = 2 .. king = 13
(as ace-to-five writes them), so that ``value >> 20`` is the size less one (its
:class:`BadugiCategory`) and higher is better. :meth:`BadugiCodec.decode` gives rank indices
(0 = deuce .. 12 = ace) in that order, the ace last.

>>> BADUGI.describe(*BADUGI.decode(BADUGI.encode(BadugiCategory.BADUGI, [5, 2, 1, 12])))
'Badugi 7-4-3-A'
>>> BADUGI.encode(BadugiCategory.BADUGI, [2, 1, 0, 12]) > BADUGI.encode(BadugiCategory.BADUGI, [3, 1, 0, 12])
True
>>> BADUGI.encode(BadugiCategory.THREE_CARDS, [1, 0, 12]) < BADUGI.encode(BadugiCategory.BADUGI, [11, 10, 9, 8])
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from wildeval.rankings.layout import CATEGORY_SHIFT, BadugiCategory, Codec, nibbles, pack, ranks_well_formed
from wildeval.rankings.words import sequence

__all__ = ["BADUGI", "BadugiCodec", "BadugiCategory", "ace_low_place"]

_SIZE_WORDS = {BadugiCategory.ONE_CARD: "One-card", BadugiCategory.TWO_CARDS: "Two-card",
               BadugiCategory.THREE_CARDS: "Three-card", BadugiCategory.BADUGI: "Badugi"}


def ace_low_place(rank: int) -> int:
    """A rank's place when aces are low: ace 0, deuce 1 .. king 12.

    >>> [ace_low_place(r) for r in (12, 0, 11)]
    [0, 1, 12]
    """
    return (rank + 1) % 13


@dataclass(frozen=True)
class BadugiCodec(Codec[BadugiCategory]):
    """The codec of badugi: a category per number of cards that play, ranks from the highest
    down, aces low."""

    category_type: ClassVar[type[BadugiCategory]] = BadugiCategory

    def categories_best_first(self) -> list[BadugiCategory]:
        return sorted(BadugiCategory, reverse=True)

    def encode(self, category: BadugiCategory, ranks: Sequence[int]) -> int:
        return ((int(category) + 1) << CATEGORY_SHIFT) - pack(0, [ace_low_place(r) for r in ranks])

    def decode(self, value: int) -> tuple[BadugiCategory, list[int]] | None:
        if not 0 < value <= _BEST:
            return None
        category = BadugiCategory(value >> CATEGORY_SHIFT)
        size = int(category) + 1
        ks = nibbles((size << CATEGORY_SHIFT) - value)
        # distinct places from the highest down
        if not ranks_well_formed(ks, size) or any(a <= b for a, b in zip(ks, ks[1:size])):
            return None
        return category, [(k - 2) % 13 for k in ks[:size]]

    def describe(self, category: BadugiCategory, ranks: list[int]) -> str:
        return f"{_SIZE_WORDS[category]} {sequence(ranks)}"

    def cards_that_play(self, cards: Sequence[int], category: BadugiCategory, ranks: list[int]) -> list[int]:
        """One card of each of ``ranks`` (in that order), no two of a suit.

        >>> BADUGI.cards_that_play([48, 4, 5, 9], BadugiCategory.TWO_CARDS, [1, 12])  # Ac 3c 3d 4d
        [5, 48]
        """
        def pick(i: int, suits: frozenset[int]) -> list[int] | None:
            if i == len(ranks):
                return []
            for c in sorted(cards):
                if c >> 2 == ranks[i] and c & 3 not in suits:
                    rest = pick(i + 1, suits | {c & 3})
                    if rest is not None:
                        return [c, *rest]
            return None

        chosen = pick(0, frozenset())
        if chosen is None:
            raise ValueError(f"no {len(ranks)} of these cards make {self.describe(category, ranks)}")
        return chosen


BADUGI = BadugiCodec()
_BEST = BADUGI.encode(BadugiCategory.BADUGI, [2, 1, 0, 12])  # 4-3-2-A
