"""The reference solver of the short deck rankings ("short_deck" and, through
:mod:`wildeval.reference.short_deck_straight_beats_trips`, "short_deck_straight_beats_trips": 5
to 7 natural cards from the sixes up).

Every five of the cards is classified on its own, from the definition: a straight is five
ranks in a row, or A-6-7-8-9 (the ace below the six, so that the nine is its top card); a flush
is five of one suit. The hand's value is the best of its fives, the categories ordered as the
ranking orders them: a flush above a full house, and three of a kind above a straight in
"short_deck", below it in the other.

>>> solve_short_deck([48, 16, 20, 24, 29], True).category  # Ac 6c 7c 8c 9d: the lowest straight
<Category.STRAIGHT: 4>
>>> solve_short_deck([48, 16, 20, 24, 28], True).ranks  # all clubs: a straight flush, nine high
(7, 6, 5, 4, 12)
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence

from wildeval.rankings.layout import Category
from wildeval.rankings.short_deck import SHORT_DECK, SHORT_DECK_STRAIGHT_BEATS_TRIPS, ShortDeckCodec
from wildeval.reference.hands import Solution
from wildeval.reference.parsing import hand_of

__all__ = ["cards_of", "classify_five", "five_cards_of", "solve_hand", "solve_short_deck"]

ACE, SIX, NINE = 12, 4, 7


def _straight_ranks(ranks: list[int]) -> list[int] | None:
    """Five distinct ranks as a straight from its top card down (the ace last in A-6-7-8-9), or
    None."""
    high_first = sorted(ranks, reverse=True)
    if len(set(ranks)) < 5:
        return None
    if high_first[0] - high_first[4] == 4:
        return high_first
    if high_first == [ACE, NINE, NINE - 1, NINE - 2, SIX]:
        return high_first[1:] + [ACE]
    return None


def classify_five(five: Sequence[int]) -> tuple[Category, list[int], list[int]]:
    """The category of five cards, the ranks that decide between hands of it (most significant
    first) and the ranks of the five cards in reading order.

    >>> classify_five([44, 45, 46, 16, 17])  # K K K 6 6
    (<Category.FULL_HOUSE: 6>, [11, 4], [11, 11, 11, 4, 4])
    """
    ranks = [c >> 2 for c in five]
    flush = len({c & 3 for c in five}) == 1
    straight = _straight_ranks(ranks)
    if straight is not None:
        return (Category.STRAIGHT_FLUSH if flush else Category.STRAIGHT), [straight[0]], straight
    if flush:
        high_first = sorted(ranks, reverse=True)
        return Category.FLUSH, high_first, high_first
    # groups: the larger group first, then the higher rank
    counts = Counter(ranks)
    groups = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    shape = [counts[r] for r in groups]
    category = {
        (4, 1): Category.FOUR_OF_A_KIND, (3, 2): Category.FULL_HOUSE, (3, 1, 1): Category.THREE_OF_A_KIND,
        (2, 2, 1): Category.TWO_PAIR, (2, 1, 1, 1): Category.PAIR, (1, 1, 1, 1, 1): Category.HIGH_CARD,
    }[tuple(shape)]
    return category, groups, [r for r in groups for _ in range(counts[r])]


def _codec(trips_beat_straights: bool) -> ShortDeckCodec:
    return SHORT_DECK if trips_beat_straights else SHORT_DECK_STRAIGHT_BEATS_TRIPS


def _best(cards: Sequence[int], trips_beat_straights: bool) -> tuple[Solution, tuple[int, ...]]:
    """The best five and its solution."""
    codec = _codec(trips_beat_straights)
    best: tuple[Solution, tuple[int, ...]] | None = None
    for five in itertools.combinations(cards, 5):
        category, tie, reading = classify_five(five)
        value = codec.encode(category, tie)
        if best is None or value > best[0].value:
            suit = five[0] & 3 if category in (Category.FLUSH, Category.STRAIGHT_FLUSH) else None
            best = Solution(value, category, tuple(reading), None, suit), five
    assert best is not None
    return best


def solve_short_deck(cards: Sequence[int], trips_beat_straights: bool = True) -> Solution:
    """The best short deck hand of 5 to 7 natural cards, sixes to aces."""
    checked = hand_of(list(cards), "short_deck" if trips_beat_straights else "short_deck_straight_beats_trips")
    return _best(checked, trips_beat_straights)[0]


def five_cards_of(cards: Sequence[int], solution: Solution, trips_beat_straights: bool = True) -> list[tuple[int, int]]:
    """The five cards that make ``solution`` (of :func:`solve_short_deck`), in reading order, each
    as itself."""
    pool = sorted(_best(cards, trips_beat_straights)[1], reverse=True)  # spades first within a rank
    out = []
    for rank in solution.ranks:
        card = next(c for c in pool if c >> 2 == rank)
        pool.remove(card)
        out.append((card, card))
    return out


def solve_hand(cards: list[int], wild: frozenset[int], flush_duplicates: bool) -> Solution:
    """The hand of ``cards`` under "short_deck" (three of a kind above a straight)."""
    return solve_short_deck(cards, True)


def cards_of(cards: list[int], wild: frozenset[int], solution: Solution) -> list[tuple[int, int]]:
    """The five cards that make ``solution``, in reading order, each as itself."""
    return five_cards_of(cards, solution, True)
