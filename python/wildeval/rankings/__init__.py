"""The rankings wildeval knows, one row each: the name, the hand sizes, whether wild ranks
play, the codec that says what a value means and the module of the pure-Python reference.

Everything that asks which rankings exist, how many cards a hand of one has or what a value
means reads this registry: :mod:`wildeval.values` (``describe``, ``category_of`` ...), the native
:class:`~wildeval.Evaluator` (for the rankings the C++ core also has, which keeps its own list),
the reference :mod:`wildeval.reference`, the odds and the command line.

>>> spec("low27").min_cards, spec("low27").takes_wild, hand_sizes("three_card_poker")
(5, False, 'exactly 3')
>>> RANKINGS[:5]
('high', 'low27', 'low_a5', 'three_card_poker', 'badugi')
>>> CARD_COUNTS["high"]
(1, 7)
>>> spec("razz")
Traceback (most recent call last):
...
ValueError: unknown ranking 'razz'; choose one of high, low27, low_a5, three_card_poker, badugi, short_deck, short_deck_straight_beats_trips, omaha, omaha_low8

Adding a ranking on the Python side is one row here (in ``BUILT_IN``), one codec (a module of
this package) and one reference module (a module of :mod:`wildeval.reference`); see
docs/recipes/ranking.md. :func:`register` and :func:`unregister` add and remove a row at run time.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from wildeval.cards import format_cards
from wildeval.rankings.badugi import BADUGI
from wildeval.rankings.high import HIGH
from wildeval.rankings.layout import Codec
from wildeval.rankings.lowball import LOW27, LOW_A5
from wildeval.rankings.omaha_low import OMAHA_LOW8
from wildeval.rankings.short_deck import SHORT_DECK, SHORT_DECK_STRAIGHT_BEATS_TRIPS
from wildeval.rankings.three_card_poker import THREE_CARD_POKER

__all__ = ["BUILT_IN", "CARD_COUNTS", "RANKINGS", "Ranking", "RankingSpec", "hand_sizes", "names", "register",
           "spec", "unregister"]

Ranking = Literal["high", "low27", "low_a5", "three_card_poker", "badugi", "short_deck",
                  "short_deck_straight_beats_trips", "omaha", "omaha_low8"]
"""The names of the built-in rankings, for type checkers (a test checks it against the registry
and the C++ core's list)."""


@dataclass(frozen=True)
class RankingSpec:
    """One ranking: ``name``; a hand has ``min_cards`` to ``max_cards`` cards; ``takes_wild``:
    whether wild ranks may be set; ``codec`` reads and writes its values; ``reference``: the
    module of its reference solver (see :mod:`wildeval.reference`), named rather than imported
    so that nothing here depends on it; ``value_name``: what a message calls its values;
    ``lowest_card``: the lowest card of its deck, which runs from there to the ace of spades
    (16 for short deck: sixes up); ``board_cards``: for a ranking whose hand is two parts that
    play apart (Omaha: two of the hole cards and three of the board), the board's fewest and
    most cards, ``min_cards`` and ``max_cards`` being the hole's (None: one part), and
    ``five_card_ranking``, the ranking that values the five cards it plays as its own value."""

    name: str
    min_cards: int
    max_cards: int
    takes_wild: bool
    codec: Codec[Any]
    reference: str
    value_name: str = ""  # "" means "<name> hand value"
    lowest_card: int = 0
    board_cards: tuple[int, int] | None = None
    five_card_ranking: str = ""

    def __post_init__(self) -> None:
        if not self.name.isidentifier():
            raise ValueError(f"a ranking's name is a word like 'low27', not {self.name!r}")
        if not 0 <= self.lowest_card <= 52 - self.max_cards:
            raise ValueError(f"ranking {self.name!r}: its deck's lowest card must leave a hand, not {self.lowest_card}")
        if not 1 <= self.min_cards <= self.max_cards <= 7:
            raise ValueError(
                f"ranking {self.name!r}: a hand has 1 to 7 cards, not {self.min_cards} to {self.max_cards}")

    @property
    def card_counts(self) -> range:
        """The hand sizes, as a range."""
        return range(self.min_cards, self.max_cards + 1)

    @property
    def deck(self) -> range:
        """The cards of the ranking's deck.

        >>> len(spec("short_deck").deck), len(spec("high").deck)
        (36, 52)
        """
        return range(self.lowest_card, 52)

    def not_in_deck(self, card: int) -> str:
        """The message for a card outside the ranking's deck (the native evaluator's words too).

        >>> spec("short_deck").not_in_deck(15)
        "card 5s is not in the deck of 'short_deck' (the 36 cards from 6c up)"
        """
        return (f"card {format_cards([card])} is not in the deck of {self.name!r} "
                f"(the {52 - self.lowest_card} cards from {format_cards([self.lowest_card])} up)")

    def not_a_value(self, value: int) -> str:
        """The message for a number that is no value of this ranking."""
        return f"{value} is not a {self.value_name or self.name + ' hand value'}"


BUILT_IN = (
    RankingSpec("high", 1, 7, True, HIGH, "wildeval.reference.high", value_name="hand value"),
    RankingSpec("low27", 5, 7, False, LOW27, "wildeval.reference.low27"),
    RankingSpec("low_a5", 5, 7, False, LOW_A5, "wildeval.reference.low_a5"),
    RankingSpec("three_card_poker", 3, 3, True, THREE_CARD_POKER, "wildeval.reference.three_card_poker"),
    RankingSpec("badugi", 4, 4, False, BADUGI, "wildeval.reference.badugi"),
    RankingSpec("short_deck", 5, 7, False, SHORT_DECK, "wildeval.reference.short_deck", lowest_card=16),
    RankingSpec("short_deck_straight_beats_trips", 5, 7, False, SHORT_DECK_STRAIGHT_BEATS_TRIPS,
                "wildeval.reference.short_deck_straight_beats_trips", lowest_card=16),
    RankingSpec("omaha", 4, 6, False, HIGH, "wildeval.reference.omaha", value_name="hand value",
                board_cards=(3, 5), five_card_ranking="high"),
    RankingSpec("omaha_low8", 4, 6, False, OMAHA_LOW8, "wildeval.reference.omaha_low8",
                value_name="eight-or-better low value", board_cards=(3, 5), five_card_ranking="low_a5"),
)
_REGISTRY: dict[str, RankingSpec] = {row.name: row for row in BUILT_IN}
RANKINGS: tuple[str, ...] = tuple(_REGISTRY)
"""The names of the built-in rankings, in the registry's order (:func:`names` gives the rows
registered now)."""


def names() -> tuple[str, ...]:
    """The names of the rankings registered now."""
    return tuple(_REGISTRY)


def spec(name: object) -> RankingSpec:
    """The row of a ranking; ValueError naming the choices for a name that has none."""
    row = _REGISTRY.get(name) if isinstance(name, str) else None
    if row is None:
        raise ValueError(f"unknown ranking {name!r}; choose one of {', '.join(_REGISTRY)}")
    return row


def hand_sizes(name: str) -> str:
    """The hand sizes a ranking takes, as a message says them.

    >>> hand_sizes("low27"), hand_sizes("three_card_poker")
    ('5 to 7', 'exactly 3')
    """
    row = spec(name)
    return f"{row.min_cards} to {row.max_cards}" if row.min_cards < row.max_cards else f"exactly {row.min_cards}"


def register(row: RankingSpec) -> None:
    """Adds a ranking; ValueError if one of that name is registered."""
    if row.name in _REGISTRY:
        raise ValueError(f"a ranking named {row.name!r} is registered already")
    _REGISTRY[row.name] = row


def unregister(name: str) -> RankingSpec:
    """Removes a ranking added by :func:`register` and returns its row (a built-in one stays)."""
    spec(name)
    if name in RANKINGS:
        raise ValueError(f"{name!r} is a built-in ranking; it cannot be removed")
    return _REGISTRY.pop(name)


class _CardCounts(Mapping[str, tuple[int, int]]):
    """``{name: (fewest, most cards)}`` of the rankings registered now."""

    def __getitem__(self, name: str) -> tuple[int, int]:
        row = _REGISTRY[name]
        return row.min_cards, row.max_cards

    def __iter__(self) -> Iterator[str]:
        return iter(tuple(_REGISTRY))

    def __len__(self) -> int:
        return len(_REGISTRY)

    def __repr__(self) -> str:
        return repr(dict(self))


CARD_COUNTS: Mapping[str, tuple[int, int]] = _CardCounts()
"""The hand sizes each ranking evaluates, ``(fewest, most)``, read from the registry."""
