"""Ranks in words, as descriptions of hands say them: ``kings``, ``five high``, ``A-K-9``.

>>> describe_hand(Category.TWO_PAIR, [12, 6, 0])
'Two pair, aces and eights, kicker 2'
>>> sequence([12, 11, 7]), RANK_NAMES[3], PLURALS[4]
('A-K-9', 'five', 'sixes')
"""

from __future__ import annotations

from collections.abc import Sequence

from wildeval.cards import RANKS
from wildeval.rankings.layout import Category

__all__ = ["PLURALS", "RANK_NAMES", "describe_hand", "kickers", "sequence"]

RANK_NAMES = ("deuce", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
              "jack", "queen", "king", "ace")
PLURALS = ("deuces", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens",
           "jacks", "queens", "kings", "aces")


def sequence(ranks: Sequence[int]) -> str:
    """Ranks as their characters joined by hyphens: ``A-K-9``."""
    return "-".join(RANKS[r] for r in ranks)


def kickers(ranks: Sequence[int]) -> str:
    """``", kicker 9"``, ``", kickers K-9"``, or nothing for no kicker."""
    if not ranks:
        return ""
    return f", kicker{'s' if len(ranks) > 1 else ''} {sequence(ranks)}"


def describe_hand(category: Category, r: Sequence[int]) -> str:
    """A category and its deciding ranks as the high ranking says them."""
    if category == Category.HIGH_CARD:
        return f"High card, {sequence(r)}"
    if category == Category.PAIR:
        return f"Pair of {PLURALS[r[0]]}" + kickers(r[1:])
    if category == Category.TWO_PAIR:
        return f"Two pair, {PLURALS[r[0]]} and {PLURALS[r[1]]}" + kickers(r[2:])
    if category == Category.THREE_OF_A_KIND:
        return f"Three of a kind, {PLURALS[r[0]]}" + kickers(r[1:])
    if category == Category.STRAIGHT:
        return f"Straight, {RANK_NAMES[r[0]]} high"
    if category == Category.FLUSH:
        return f"Flush, {sequence(r)}"
    if category == Category.FULL_HOUSE:
        return f"Full house, {PLURALS[r[0]]} over {PLURALS[r[1]]}"
    if category == Category.FOUR_OF_A_KIND:
        return f"Four of a kind, {PLURALS[r[0]]}" + kickers(r[1:])
    if category == Category.STRAIGHT_FLUSH:
        return "Royal flush" if r[0] == 12 else f"Straight flush, {RANK_NAMES[r[0]]} high"
    return f"Five of a kind, {PLURALS[r[0]]}"
