"""The values of the short deck rankings (six plus: the 36 cards from the sixes up), "short_deck"
and "short_deck_straight_beats_trips": ``value = code << 20`` and the deciding ranks as in
"high" (:mod:`wildeval.rankings.high`), the codes in the order of the hands.

A-6-7-8-9 is the lowest straight (its top card is the nine) and a flush beats a full house in
both. They differ on three of a kind against a straight: in "short_deck" three of a kind ranks
above a straight, as Triton and most online rooms play it; in
"short_deck_straight_beats_trips" below it, as in pokerkit's ``ShortDeckHoldemLookup``.

>>> SHORT_DECK.encode(Category.THREE_OF_A_KIND, [12, 11, 10]) > SHORT_DECK.encode(Category.STRAIGHT, [12])
True
>>> SHORT_DECK_STRAIGHT_BEATS_TRIPS.encode(Category.THREE_OF_A_KIND, [12, 11, 10]) < (
...     SHORT_DECK_STRAIGHT_BEATS_TRIPS.encode(Category.STRAIGHT, [7]))
True
>>> SHORT_DECK.describe(*SHORT_DECK.decode(SHORT_DECK.encode(Category.STRAIGHT, [7])))
'Straight, nine high (A-6-7-8-9)'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from wildeval.rankings.high import HIGH
from wildeval.rankings.layout import CATEGORY_SHIFT, Category, Codec, pack
from wildeval.rankings.words import describe_hand

__all__ = ["SHORT_DECK", "SHORT_DECK_STRAIGHT_BEATS_TRIPS", "SIX", "ShortDeckCodec"]

SIX = 4  # the lowest rank of the deck
NINE = 7  # the top card of the lowest straight, A-6-7-8-9


@dataclass(frozen=True)
class ShortDeckCodec(Codec[Category]):
    """The codec of a short deck ranking; ``trips_beat_straights`` says which of three of a kind
    and a straight ranks higher."""

    trips_beat_straights: bool

    def _codes(self) -> tuple[Category, ...]:
        """The categories from the worst up: the code of each is its place here."""
        lower, upper = Category.STRAIGHT, Category.THREE_OF_A_KIND
        if not self.trips_beat_straights:
            lower, upper = upper, lower
        return (Category.HIGH_CARD, Category.PAIR, Category.TWO_PAIR, lower, upper, Category.FULL_HOUSE,
                Category.FLUSH, Category.FOUR_OF_A_KIND, Category.STRAIGHT_FLUSH)

    def categories_best_first(self) -> list[Category]:
        return list(reversed(self._codes()))

    def encode(self, category: Category, ranks: Sequence[int]) -> int:
        return pack(self._codes().index(category), ranks)

    def decode(self, value: int) -> tuple[Category, list[int]] | None:
        codes = self._codes()
        if not 0 <= value < len(codes) << CATEGORY_SHIFT:
            return None
        category = codes[value >> CATEGORY_SHIFT]
        # the deciding ranks read as "high" writes them, under a six nothing
        decoded = HIGH.decode(pack(category, []) | value & ((1 << CATEGORY_SHIFT) - 1))
        if decoded is None or decoded[0] != category:
            return None
        ranks = decoded[1]
        if category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
            return (category, ranks) if ranks[0] >= NINE else None
        if len(ranks) != len(set(ranks)) and category in (Category.FLUSH,):
            return None  # no wild card repeats a rank here
        if min(ranks) < SIX or (category is Category.HIGH_CARD and ranks == [12, 7, 6, 5, 4]):
            return None  # A-9-8-7-6 is a straight here
        if category is Category.FLUSH and ranks == [12, 7, 6, 5, 4]:
            return None  # and suited, a straight flush
        return category, ranks

    def describe(self, category: Category, ranks: list[int]) -> str:
        if category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH) and ranks[0] == NINE:
            return f"{describe_hand(category, ranks)} (A-6-7-8-9)"
        return describe_hand(category, ranks)


SHORT_DECK = ShortDeckCodec(trips_beat_straights=True)
SHORT_DECK_STRAIGHT_BEATS_TRIPS = ShortDeckCodec(trips_beat_straights=False)
