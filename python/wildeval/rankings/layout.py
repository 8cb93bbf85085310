"""How a value is laid out: a category and up to five deciding ranks in one int, and the
:class:`Codec` through which each ranking reads and writes its values.

    value = category << 20 | k1 << 16 | k2 << 12 | k3 << 8 | k4 << 4 | k5

``k1..k5`` are the ranks that decide ties, most significant first, each written as rank index + 1
(deuce = 1 .. ace = 13) and 0 for "no card". What ``category`` means, and how the ranks are
ordered, is each ranking's own (see :mod:`wildeval.values`).

>>> pack(Category.PAIR, [12, 3]) == 1 << 20 | 13 << 16 | 4 << 12
True
>>> nibbles(pack(Category.PAIR, [12, 3]))
[13, 4, 0, 0, 0]
"""

from __future__ import annotations

import abc
import enum
from collections.abc import Sequence
from typing import ClassVar, Generic, TypeVar

__all__ = ["CATEGORY_SHIFT", "LOW_BASE", "AnyCategory", "BadugiCategory", "Category", "Codec", "LowCategory", "nibbles",
           "pack", "ranks_well_formed"]

CATEGORY_SHIFT = 20
LOW_BASE = 10 << CATEGORY_SHIFT  # a lowball value is LOW_BASE minus the hand's "high"-style value


class Category(enum.IntEnum):
    """Hand categories, weakest first; ``value >> 20`` of a "high" value."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8
    FIVE_OF_A_KIND = 9


class BadugiCategory(enum.IntEnum):
    """The categories of a badugi hand, weakest first: how many of its cards play (``value >> 20``
    is that number less one). Not poker hands, so a ranking of its own kind (the codec's
    ``category_type``); compare them with each other only, as their numbers equal some
    :class:`Category`'s."""

    ONE_CARD = 0
    TWO_CARDS = 1
    THREE_CARDS = 2
    BADUGI = 3


class LowCategory(enum.IntEnum):
    """The categories of an eight-or-better low half (Omaha hi/lo's "omaha_low8"): none qualifies,
    or a low (five ranks from the ace to the eight)."""

    NO_LOW = 0
    LOW = 1


AnyCategory = Category | BadugiCategory | LowCategory
"""A category of any ranking: :class:`Category` for the poker rankings, :class:`BadugiCategory`
for badugi, :class:`LowCategory` for an eight-or-better low half."""


def pack(category: int, ranks: Sequence[int]) -> int:
    """The value of a category and up to five deciding rank indices (0 = deuce .. 12 = ace)."""
    if len(ranks) > 5:
        raise ValueError("at most five deciding ranks")
    value = int(category) << CATEGORY_SHIFT
    for i, r in enumerate(ranks):
        value |= (r + 1) << (16 - 4 * i)
    return value


def nibbles(value: int) -> list[int]:
    """k1..k5 of a value, as written (rank + 1, 0 = none)."""
    return [(value >> shift) & 0xF for shift in (16, 12, 8, 4, 0)]


def ranks_well_formed(ks: Sequence[int], n_ranks: int) -> bool:
    """Exactly ``n_ranks`` deciding ranks, each 1..13, then nothing."""
    return all(1 <= k <= 13 for k in ks[:n_ranks]) and not any(ks[n_ranks:])


C = TypeVar("C", Category, BadugiCategory, LowCategory)


class Codec(abc.ABC, Generic[C]):
    """How one ranking's values read and are written: the one place that knows what a value of
    the ranking means. The evaluators (native and reference) make the values; the codec turns
    a value into its category, its deciding ranks and its description, and back.

    ``decode`` must accept exactly the values some hand of the ranking has (under some wild
    setting): :func:`wildeval.values.describe` refuses the others. ``category_type`` is the enum
    of the ranking's categories (:class:`Category` unless its hands are no poker hands), whose
    numbers the core's census counts by.
    """

    category_type: ClassVar[type[enum.IntEnum]] = Category

    @abc.abstractmethod
    def categories_best_first(self) -> list[C]:
        """The categories a hand of the ranking can have, the best first."""

    @abc.abstractmethod
    def encode(self, category: C, ranks: Sequence[int]) -> int:
        """The value of a hand of ``category`` whose deciding rank indices (0 = deuce ..
        12 = ace) are ``ranks``, most significant first."""

    @abc.abstractmethod
    def decode(self, value: int) -> tuple[C, list[int]] | None:
        """``(category, deciding rank indices)`` of a value some hand can have, else None: the
        inverse of :meth:`encode`."""

    @abc.abstractmethod
    def describe(self, category: C, ranks: list[int]) -> str:
        """A decoded value as players say it."""

    def refusal(self, category: C, ranks: list[int], wild: bool, flush_duplicates: bool) -> str | None:
        """Why no hand has this decoded value under an evaluator's settings (``wild``: whether
        it has wild ranks), as the end of the message ``"... is not a value of Evaluator(...):
        it needs a wild card"``, or None when some hand may have it. By default every decoded
        value may be had."""
        return None

    def cards_that_play(self, cards: Sequence[int], category: C, ranks: list[int]) -> list[int] | None:
        """The cards of a hand (natural, distinct) that make its decoded value, in reading order,
        for a ranking whose hands are not five cards chosen as poker hands are; None (the
        default) for the poker rankings, whose cards the evaluator picks itself."""
        return None
