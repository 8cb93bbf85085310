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

Other rankings
--------------
Every function takes the ranking as an optional second argument (``"high"`` by default).
Higher is better for every ranking.

* ``"low27"`` (deuce-to-seven) and ``"low_a5"`` (ace-to-five): ``value = LOW_BASE - hv``, where
  ``hv`` is the "high"-style value of the best five cards for low (the lowest ``hv``). In
  deuce-to-seven ``hv`` is the high value with aces high only (A-2-3-4-5 is ace high, not a
  straight); its category is the hand's category (a 6-5-4-3-2 is a STRAIGHT). In ace-to-five
  ``hv`` counts groups only (no straights, no flushes) with the ace as the lowest rank: its
  ranks are written ace = 1, deuce = 2 .. king = 13. :func:`tie_ranks` gives real rank indices
  either way.
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

import enum

__all__ = ["CATEGORY_SHIFT", "LOW_BASE", "RANKINGS", "Category", "categories_best_first", "category_of",
           "describe", "pack",
           "tie_ranks"]

CATEGORY_SHIFT = 20
LOW_BASE = 10 << CATEGORY_SHIFT  # a lowball value is LOW_BASE minus the hand's "high"-style value
RANKINGS = ("high", "low27", "low_a5", "three_card_poker")

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


# ---------------------------------------------------------------------------------------------
# The scales of the rankings

# How many deciding ranks each category of a five-card hand has.
_FIVE_CARD_RANK_COUNTS = {
    Category.HIGH_CARD: 5, Category.PAIR: 4, Category.TWO_PAIR: 3, Category.THREE_OF_A_KIND: 3,
    Category.STRAIGHT: 1, Category.FLUSH: 5, Category.FULL_HOUSE: 2, Category.FOUR_OF_A_KIND: 2,
    Category.STRAIGHT_FLUSH: 1,
}
_A5_CATEGORIES = frozenset({Category.HIGH_CARD, Category.PAIR, Category.TWO_PAIR,
                            Category.THREE_OF_A_KIND, Category.FULL_HOUSE, Category.FOUR_OF_A_KIND})
# three-card poker: code -> (Category, number of deciding ranks)
_THREE_CARD_CODES = (
    (Category.HIGH_CARD, 3),
    (Category.PAIR, 2),
    (Category.FLUSH, 3),
    (Category.STRAIGHT, 1),
    (Category.THREE_OF_A_KIND, 1),
    (Category.STRAIGHT_FLUSH, 1),
)
# The worst and the best value of each ranking
_LOW27_WORST = LOW_BASE - pack(Category.STRAIGHT_FLUSH, [12])  # a royal flush
_LOW27_BEST = LOW_BASE - pack(Category.HIGH_CARD, [5, 3, 2, 1, 0])  # 7-5-4-3-2
_A5_WORST = LOW_BASE - pack(Category.FOUR_OF_A_KIND, [12, 11])  # K-K-K-K-Q (aces low)
_A5_BEST = LOW_BASE - pack(Category.HIGH_CARD, [4, 3, 2, 1, 0])  # 5-4-3-2-A
_TCP_WORST = pack(0, [3, 1, 0])  # 5-3-2, not suited
_TCP_BEST = pack(5, [12])  # Q-K-A suited


def _check_ranking(ranking: object) -> str:
    if not isinstance(ranking, str) or ranking not in RANKINGS:
        raise ValueError(f"unknown ranking {ranking!r}; choose one of {', '.join(RANKINGS)}")
    return ranking


def _check(value: int) -> int:
    value = int(value)
    if not 0 <= value < (10 << CATEGORY_SHIFT):
        raise ValueError(f"{value} is not a hand value")
    return value


def _nibbles(value: int) -> list[int]:
    """k1..k5 of a value, as written (rank + 1, 0 = none)."""
    return [(value >> shift) & 0xF for shift in (16, 12, 8, 4, 0)]


def _decode(value: int, ranking: str) -> tuple[Category, list[int]]:
    """(category, deciding rank indices) of a value of ``ranking``, after checking that the
    value is on that ranking's scale. For "high" only the range is checked (as always)."""
    ranking = _check_ranking(ranking)
    if ranking == "high":
        value = _check(value)
        decoded = _decode_high(value)
        if decoded is None:
            raise ValueError(f"{value} is not a hand value")
        return decoded
    value = int(value)
    decoded = _decode_three_card(value) if ranking == "three_card_poker" else _decode_low(value, ranking)
    if decoded is None:
        raise ValueError(f"{value} is not a {ranking} hand value")
    return decoded


# For each category of a "high" value: the fewest and the most deciding ranks (hands under
# five cards have fewer), and how many of them are groups (a pair, a triplet ...) whose ranks
# differ from each other and from the kickers.
_HIGH_SHAPES = {
    Category.HIGH_CARD: (1, 5, 0), Category.PAIR: (1, 4, 1), Category.TWO_PAIR: (2, 3, 2),
    Category.THREE_OF_A_KIND: (1, 3, 1), Category.STRAIGHT: (1, 1, 1), Category.FLUSH: (5, 5, 0),
    Category.FULL_HOUSE: (2, 2, 2), Category.FOUR_OF_A_KIND: (1, 2, 1),
    Category.STRAIGHT_FLUSH: (1, 1, 1), Category.FIVE_OF_A_KIND: (1, 1, 1),
}


def _is_straight(ranks: list[int]) -> bool:
    """Five distinct ranks, high to low, in a row (A-5-4-3-2 included)."""
    return len(ranks) == 5 and (ranks[0] - ranks[4] == 4 or ranks == [12, 3, 2, 1, 0])


def _decode_high(value: int) -> tuple[Category, list[int]] | None:
    """(category, deciding ranks) of a "high" value some hand can have, else None."""
    category = Category(value >> CATEGORY_SHIFT)
    ks = _nibbles(value)
    n = next((i for i, k in enumerate(ks) if k == 0), 5)
    fewest, most, groups = _HIGH_SHAPES[category]
    if not fewest <= n <= most or any(ks[n:]) or any(k > 13 for k in ks[:n]):
        return None
    ranks = [k - 1 for k in ks[:n]]
    if category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
        return (category, ranks) if ranks[0] >= 3 else None  # five high is the lowest straight
    kickers = ranks[groups:]
    in_order = all(a > b for a, b in zip(kickers, kickers[1:]))
    if category == Category.FLUSH:  # a wild may repeat a rank in a flush, never a straight
        in_order = all(a >= b for a, b in zip(ranks, ranks[1:])) and not _is_straight(ranks)
    elif category == Category.HIGH_CARD:
        in_order = in_order and not _is_straight(ranks)
    elif category == Category.TWO_PAIR:
        in_order = in_order and ranks[0] > ranks[1]
    if not in_order or len(set(ranks[:groups])) < groups or set(ranks[:groups]) & set(kickers):
        return None
    return category, ranks


def _ranks_well_formed(ks: list[int], n_ranks: int) -> bool:
    """Exactly ``n_ranks`` deciding ranks, each 1..13, then nothing."""
    return all(1 <= k <= 13 for k in ks[:n_ranks]) and not any(ks[n_ranks:])


def _decode_three_card(value: int) -> tuple[Category, list[int]] | None:
    if not _TCP_WORST <= value <= _TCP_BEST:
        return None
    category, n_ranks = _THREE_CARD_CODES[value >> CATEGORY_SHIFT]
    ks = _nibbles(value)
    if not _ranks_well_formed(ks, n_ranks):
        return None
    if category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH) and ks[0] < 2:
        return None  # A-2-3 is the lowest straight: its top card is the three
    return category, [k - 1 for k in ks[:n_ranks]]


def _decode_low(value: int, ranking: str) -> tuple[Category, list[int]] | None:
    worst, best = (_LOW27_WORST, _LOW27_BEST) if ranking == "low27" else (_A5_WORST, _A5_BEST)
    if not worst <= value <= best:
        return None
    hv = LOW_BASE - value  # the "high"-style value of the five cards
    category = Category(hv >> CATEGORY_SHIFT)
    ks = _nibbles(hv)
    if category not in _FIVE_CARD_RANK_COUNTS:
        return None
    n_ranks = _FIVE_CARD_RANK_COUNTS[category]
    if not _ranks_well_formed(ks, n_ranks):
        return None
    if ranking == "low27":
        if category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH) and ks[0] < 5:
            return None  # six high is the lowest straight: A-2-3-4-5 is not one
        return category, [k - 1 for k in ks[:n_ranks]]
    if category not in _A5_CATEGORIES:
        return None
    # ace-to-five ranks are written ace = 1, deuce = 2 .. king = 13: back to rank indices
    return category, [(k - 2) % 13 for k in ks[:n_ranks]]


def categories_best_first(ranking: str = "high") -> list[Category]:
    """The categories a hand of ``ranking`` can have, the best first.

    >>> [c.name for c in categories_best_first("three_card_poker")][:3]
    ['STRAIGHT_FLUSH', 'THREE_OF_A_KIND', 'STRAIGHT']
    >>> categories_best_first("low_a5")[0], len(categories_best_first("low_a5"))
    (<Category.HIGH_CARD: 0>, 6)
    """
    ranking = _check_ranking(ranking)
    if ranking == "high":
        return sorted(Category, reverse=True)
    if ranking == "three_card_poker":
        return [category for category, _ in reversed(_THREE_CARD_CODES)]
    possible = _A5_CATEGORIES if ranking == "low_a5" else _FIVE_CARD_RANK_COUNTS.keys()
    return sorted(possible)


def category_of(value: int, ranking: str = "high") -> Category:
    """The category of a value of ``ranking``.

    >>> category_of(LOW_BASE - pack(Category.STRAIGHT, [4]), "low27")  # 6-5-4-3-2
    <Category.STRAIGHT: 4>
    >>> category_of(3 << 20 | 12 << 16, "three_card_poker")  # code 3: J-Q-K
    <Category.STRAIGHT: 4>
    """
    return _decode(value, ranking)[0]


def tie_ranks(value: int, ranking: str = "high") -> list[int]:
    """The deciding rank indices of a value (0 = deuce .. 12 = ace), most significant first.

    >>> tie_ranks(pack(Category.PAIR, [12, 3, 2, 1]))
    [12, 3, 2, 1]
    >>> tie_ranks(LOW_BASE - pack(Category.PAIR, [0, 4, 3, 2]), "low_a5")  # A-A-5-4-3
    [12, 3, 2, 1]
    """
    return _decode(value, ranking)[1]


def _seq(ranks: list[int]) -> str:
    return "-".join(_RANK_CHARS[r] for r in ranks)


def _kickers(ranks: list[int]) -> str:
    if not ranks:
        return ""
    return f", kicker{'s' if len(ranks) > 1 else ''} {_seq(ranks)}"


def _describe_hand(cat: Category, r: list[int]) -> str:
    """A description of a category and its deciding ranks, as in the high ranking."""
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
    cat, r = _decode(value, ranking)
    if ranking == "high":
        return _describe_hand(cat, r)
    if ranking == "three_card_poker":
        if cat == Category.STRAIGHT_FLUSH:  # Q-K-A suited is not called a royal flush
            return f"Straight flush, {_RANK_NAMES[r[0]]} high"
        return _describe_hand(cat, r)
    if cat == Category.HIGH_CARD:
        if ranking == "low27" and r[0] == 12:
            return f"Ace high: {_seq(r)}"
        return _seq(r)
    return _describe_hand(cat, r)
