"""What an evaluator's value means: its category, its ranks, and a description.

A "high" value is one int, higher = better, on one scale for every hand size and wild setting::

    value = category << 20 | k1 << 16 | k2 << 12 | k3 << 8 | k4 << 4 | k5

where ``k1..k5`` are the ranks that decide ties, most significant first, each written as
rank index + 1 (deuce = 1 .. ace = 13) and 0 for "no card" (hands under five cards have fewer).

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

>>> v = (Category.THREE_OF_A_KIND << 20) | (12 << 16)
>>> describe(v)
'Three of a kind, kings'
>>> describe((Category.FLUSH << 20) | 0xDD841)
'Flush, A-A-9-5-2'
"""

from __future__ import annotations

import enum

__all__ = ["CATEGORY_SHIFT", "Category", "category_of", "describe", "pack", "tie_ranks"]

CATEGORY_SHIFT = 20
_RANK_CHARS = "23456789TJQKA"
_RANK_NAMES = ["deuce", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
               "jack", "queen", "king", "ace"]
_PLURALS = ["deuces", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens",
            "jacks", "queens", "kings", "aces"]


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


def pack(category: int, ranks: list[int]) -> int:
    """The value of a category and up to five deciding rank indices (0 = deuce .. 12 = ace)."""
    if len(ranks) > 5:
        raise ValueError("at most five deciding ranks")
    value = int(category) << CATEGORY_SHIFT
    for i, r in enumerate(ranks):
        value |= (r + 1) << (16 - 4 * i)
    return value


def _check(value: int) -> int:
    value = int(value)
    if not 0 <= value < (10 << CATEGORY_SHIFT):
        raise ValueError(f"{value} is not a hand value")
    return value


def category_of(value: int) -> Category:
    """The category of a value."""
    return Category(_check(value) >> CATEGORY_SHIFT)


def tie_ranks(value: int) -> list[int]:
    """The deciding rank indices of a value (0 = deuce .. 12 = ace), most significant first."""
    value = _check(value)
    out = []
    for shift in (16, 12, 8, 4, 0):
        k = (value >> shift) & 0xF
        if k == 0:
            break
        out.append(k - 1)
    return out


def _seq(ranks: list[int]) -> str:
    return "-".join(_RANK_CHARS[r] for r in ranks)


def _kickers(ranks: list[int]) -> str:
    if not ranks:
        return ""
    return f", kicker{'s' if len(ranks) > 1 else ''} {_seq(ranks)}"


def describe(value: int) -> str:
    """A description of a "high" value as players say it.

    >>> describe(pack(Category.STRAIGHT, [3]))
    'Straight, five high'
    >>> describe(pack(Category.TWO_PAIR, [12, 6, 0]))
    'Two pair, aces and eights, kicker 2'
    """
    cat = category_of(value)
    r = tie_ranks(value)
    if cat == Category.HIGH_CARD:
        return f"High card, {_seq(r)}"
    if cat == Category.PAIR:
        return f"Pair of {_PLURALS[r[0]]}" + _kickers(r[1:])
    if cat == Category.TWO_PAIR:
        return f"Two pair, {_PLURALS[r[0]]} and {_PLURALS[r[1]]}" + _kickers(r[2:])
    if cat == Category.THREE_OF_A_KIND:
        return f"Three of a kind, {_PLURALS[r[0]]}" + _kickers(r[1:])
    if cat == Category.STRAIGHT:
        return f"Straight, {_RANK_NAMES[r[0]]} high"
    if cat == Category.FLUSH:
        return f"Flush, {_seq(r)}"
    if cat == Category.FULL_HOUSE:
        return f"Full house, {_PLURALS[r[0]]} over {_PLURALS[r[1]]}"
    if cat == Category.FOUR_OF_A_KIND:
        return f"Four of a kind, {_PLURALS[r[0]]}" + _kickers(r[1:])
    if cat == Category.STRAIGHT_FLUSH:
        return "Royal flush" if r[0] == 12 else f"Straight flush, {_RANK_NAMES[r[0]]} high"
    return f"Five of a kind, {_PLURALS[r[0]]}"
