"""What an evaluator's value means: its category, its ranks, and a description.

A "high" value is one int, higher = better, on one scale for every hand size and wild setting::

    value = category << 20 | k1 << 16 | k2 << 12 | k3 << 8 | k4 << 4 | k5

where ``k1..k5`` are the ranks that decide ties, most significant first, each written as
rank index + 1 (deuce = 1 .. ace = 13) and 0 for "no card" (hands under five cards have fewer).

What ``k1 .. k5`` hold for each category is in :mod:`wildeval.rankings.high` (its codec).

>>> v = (Category.THREE_OF_A_KIND << 20) | (12 << 16)
>>> describe(v)
'Three of a kind, kings'
>>> describe((Category.FLUSH << 20) | 0xDD841)
'Flush, A-A-9-5-2'

Other rankings
--------------
Every function takes the ranking as an optional second argument (``"high"`` by default).
Higher is better for every ranking. Each ranking's codec (in :mod:`wildeval.rankings`, found
through its registry) is the one place that knows its values; in short:

* ``"low27"`` (deuce-to-seven) and ``"low_a5"`` (ace-to-five): ``value = LOW_BASE - hv``, where
  ``hv`` is the "high"-style value of the best five cards for low (the lowest ``hv``). In
  deuce-to-seven ``hv`` is the high value with aces high only (A-2-3-4-5 is ace high, not a
  straight); its category is the hand's category (a 6-5-4-3-2 is a STRAIGHT). In ace-to-five
  ``hv`` counts groups only (no straights, no flushes) with the ace as the lowest rank: its
  ranks are written ace = 1, deuce = 2 .. king = 13. :func:`tie_ranks` gives real rank indices
  either way.
* ``"badugi"``: ``value = size << 20 - ranks``, the size of the set of cards that plays (no two
  of a rank or a suit) and its ranks from the highest down, aces low, packed as ace-to-five packs
  them; its categories are :class:`BadugiCategory` (``value >> 20`` is the size less one).
* ``"three_card_poker"``: ``value = code << 20 | k1 << 16 | k2 << 12 | k3 << 8`` with code
  0 high card, 1 pair, 2 flush, 3 straight, 4 three of a kind, 5 straight flush; a straight by
  its top card (the three for A-2-3), a pair then its kicker, a flush or high card by its three
  cards.

>>> low = LOW_BASE - pack(Category.HIGH_CARD, [5, 3, 2, 1, 0])  # the best deuce-to-seven
>>> describe(low, "low27"), category_of(low, "low27")
('7-5-4-3-2', <Category.HIGH_CARD: 0>)
>>> wheel = LOW_BASE - pack(Category.HIGH_CARD, [4, 3, 2, 1, 0])  # ranks with the ace as 0
>>> describe(wheel, "low_a5"), tie_ranks(wheel, "low_a5")
('5-4-3-2-A', [3, 2, 1, 0, 12])
>>> describe(5 << 20 | 13 << 16, "three_card_poker")
'Straight flush, ace high'
"""

from __future__ import annotations

from wildeval.rankings import RANKINGS, spec
from wildeval.rankings.layout import CATEGORY_SHIFT, LOW_BASE, AnyCategory, BadugiCategory, Category, LowCategory, pack

__all__ = ["CATEGORY_SHIFT", "LOW_BASE", "RANKINGS", "AnyCategory", "BadugiCategory", "Category", "LowCategory",
           "categories_best_first", "category_of", "decode", "describe", "pack", "tie_ranks"]


def decode(value: int, ranking: str = "high") -> tuple[AnyCategory, list[int]]:
    """``(category, deciding rank indices)`` of a value of ``ranking``, after checking that some
    hand of that ranking has it; ValueError otherwise.

    >>> decode(pack(Category.PAIR, [12, 3, 2, 1]))
    (<Category.PAIR: 1>, [12, 3, 2, 1])
    >>> decode(123)
    Traceback (most recent call last):
    ...
    ValueError: 123 is not a hand value
    """
    row = spec(ranking)
    value = int(value)
    decoded = row.codec.decode(value)
    if decoded is None:
        raise ValueError(row.not_a_value(value))
    return decoded


def categories_best_first(ranking: str = "high") -> list[AnyCategory]:
    """The categories a hand of ``ranking`` can have, the best first.

    >>> [c.name for c in categories_best_first("three_card_poker")][:3]
    ['STRAIGHT_FLUSH', 'THREE_OF_A_KIND', 'STRAIGHT']
    >>> categories_best_first("low_a5")[0], len(categories_best_first("low_a5"))
    (<Category.HIGH_CARD: 0>, 6)
    """
    return spec(ranking).codec.categories_best_first()


def category_of(value: int, ranking: str = "high") -> AnyCategory:
    """The category of a value of ``ranking``.

    >>> category_of(LOW_BASE - pack(Category.STRAIGHT, [4]), "low27")  # 6-5-4-3-2
    <Category.STRAIGHT: 4>
    >>> category_of(3 << 20 | 12 << 16, "three_card_poker")  # code 3: J-Q-K
    <Category.STRAIGHT: 4>
    """
    return decode(value, ranking)[0]


def tie_ranks(value: int, ranking: str = "high") -> list[int]:
    """The deciding rank indices of a value (0 = deuce .. 12 = ace), most significant first.

    >>> tie_ranks(pack(Category.PAIR, [12, 3, 2, 1]))
    [12, 3, 2, 1]
    >>> tie_ranks(LOW_BASE - pack(Category.PAIR, [0, 4, 3, 2]), "low_a5")  # A-A-5-4-3
    [12, 3, 2, 1]
    """
    return decode(value, ranking)[1]


def describe(value: int, ranking: str = "high") -> str:
    """A description of a value of ``ranking`` as players say it.

    >>> describe(pack(Category.STRAIGHT, [3]))
    'Straight, five high'
    >>> describe(pack(Category.TWO_PAIR, [12, 6, 0]))
    'Two pair, aces and eights, kicker 2'

    Lowball hands without a pair read as their cards, worst first; other lowball hands as the
    high hand they are:

    >>> describe(LOW_BASE - pack(Category.HIGH_CARD, [12, 3, 2, 1, 0]), "low27")
    'Ace high: A-5-4-3-2'
    >>> describe(LOW_BASE - pack(Category.PAIR, [6, 5, 2, 0]), "low27")
    'Pair of eights, kickers 7-4-2'
    >>> describe(LOW_BASE - pack(Category.HIGH_CARD, [7, 5, 3, 1, 0]), "low_a5")
    '8-6-4-2-A'
    >>> describe(2 << 20 | 13 << 16 | 8 << 12 | 4 << 8, "three_card_poker")
    'Flush, A-9-5'
    """
    category, ranks = decode(value, ranking)
    return spec(ranking).codec.describe(category, ranks)
