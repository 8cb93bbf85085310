"""A pure-Python reference evaluator: the "high" ranking, natural or with wild ranks, and the
"low27", "low_a5" and "three_card_poker" rankings.

This module is the oracle that the C++ evaluator is tested against. It is written to be read
and checked by a person, not to be fast, and it shares no code or tables with the C++.

How a hand is valued
--------------------
A card whose rank is in ``wild`` is a wild card and stands for any card its holder chooses
(any rank and suit, even one already held). The value therefore depends only on the natural
(non-wild) cards and on how many wild cards there are.

* Five to seven cards: the best five-card hand. The solver goes down the categories from five
  of a kind to high card and stops at the first one that can be made; for that category it
  finds the best hand directly:

  - groups (five of a kind, four of a kind, full house, three of a kind, two pair, pair, high
    card) are rank patterns such as ``(3, 1, 1)``. A depth-first search gives each slot of the
    pattern a rank, most significant slot first and trying ranks from the ace down, and keeps
    the first assignment whose missing cards the wild cards can supply; that is the best one.
  - a straight needs five consecutive ranks; for each top card from the ace down to the five
    (A-2-3-4-5, the wheel, is the lowest straight) the wild cards must fill the ranks not held.
  - a straight flush is the same, suit by suit.
  - a flush needs five cards of one suit; with ``flush_duplicates=True`` each wild card is an
    ace of the suit (even if the ace is held), otherwise the wild cards are the highest cards of
    the suit that are not held.

* One to four cards: every card plays and only groups count (no straights or flushes). The
  same search is used, except that every natural card must belong to the pattern.

Other rankings
--------------
* ``"low27"`` (deuce-to-seven, 5 to 7 natural cards): the lowest five-card hand, aces high only.
  The solver goes *up* the categories (no pair, pair, two pair, three of a kind, straight,
  flush, full house, four of a kind, straight flush) and stops at the first one the cards can
  make; groups use the same kind of depth-first search as above, trying ranks from the deuce
  up, so the first assignment found is the lowest. A no-pair hand must not be a straight
  (six high to ace high; A-2-3-4-5 is not one) and must not be forced into a flush (the cards
  of its ranks must show two suits); a straight the same; a flush is the lowest non-straight
  five of one suit.
* ``"low_a5"`` (ace-to-five, 5 to 7 natural cards): groups only, aces low; the same upward
  search over the ranks renumbered ace = 0, deuce = 1 .. king = 12.
* ``"three_card_poker"`` (exactly 3 cards, wild ranks allowed): every card plays; down the
  categories straight flush (Q-K-A high, A-2-3 low), three of a kind, straight, flush, pair,
  high card: a straight (flush) is made when every natural card is one of its ranks (and of
  its suit), a flush when the natural cards are of one suit (the wild cards being aces, or
  with ``flush_duplicates=False`` the highest cards of the suit not held); groups as in
  "high" under five cards.

The value is encoded as described in :mod:`wildeval.values`.

>>> ev = Evaluator(wild="3")
>>> ev.describe(ev("3h Kc Kd"))
'Three of a kind, kings'
>>> ev("3h Kc Kd") > ev("Qs Qh 9c")
True
>>> Evaluator()("As Ks Qs Js Ts") < Evaluator(wild="2")("As Ac Ad Ah 2c")
True
>>> ev.best_five("3h Kc Kd")
[(45, 45), (44, 44), (6, 47)]
>>> ev.describe(Evaluator(wild="2")("As 2c 9s 5s 7s"))
'Flush, A-A-9-7-5'
>>> ev.describe(Evaluator(wild="2", flush_duplicates=False)("As 2c 9s 5s 7s"))
'Flush, A-K-9-7-5'
>>> low = Evaluator("low27")
>>> low.describe(low("7c 5d 4h 3s 2c Kd Ks"))
'7-5-4-3-2'
>>> low("6c 5d 4h 3s 2c") < low("Ac 5d 4h 3s 2c") < low("Kd 7c 5c 4c 3c 2c")  # straight, A high, K high
True
>>> Evaluator("low_a5").describe(Evaluator("low_a5")("Ac 2d 3h 4s 5c"))
'5-4-3-2-A'
>>> Evaluator("three_card_poker", wild="2").describe(Evaluator("three_card_poker", wild="2")("2c 2d 2h"))
'Straight flush, ace high'
"""

from __future__ import annotations

import itertools
import operator
from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple

import numpy as np

from wildeval.cards import N_CARDS, format_cards, parse_cards
from wildeval.values import LOW_BASE, Category, category_of, describe, pack
from wildeval.wild import parse_wild

__all__ = ["Evaluator", "census"]

RANKINGS = ("high", "low27", "low_a5", "three_card_poker")
MIN_CARDS = 1  # of the high ranking
MAX_CARDS = 7
# the hand sizes each ranking takes
CARD_COUNTS: dict[str, range] = {
    "high": range(1, 8),
    "low27": range(5, 8),
    "low_a5": range(5, 8),
    "three_card_poker": range(3, 4),
}
NATURAL_ONLY = ("low27", "low_a5")  # rankings without wild cards

ACE = 12
FIVE = 3  # rank index of the five: the top card of the wheel
SUIT_PREFERENCE = (3, 2, 1, 0)  # spades, hearts, diamonds, clubs: for a wild card's stand-in

# Rank patterns of the group categories, in the order their ranks decide ties.
# Slots of equal size are filled with decreasing ranks (two pair: high pair, low pair).
FIVE_CARD_PLAN: tuple[tuple[Category, tuple[int, ...] | None], ...] = (
    (Category.FIVE_OF_A_KIND, (5,)),
    (Category.STRAIGHT_FLUSH, None),
    (Category.FOUR_OF_A_KIND, (4, 1)),
    (Category.FULL_HOUSE, (3, 2)),
    (Category.FLUSH, None),
    (Category.STRAIGHT, None),
    (Category.THREE_OF_A_KIND, (3, 1, 1)),
    (Category.TWO_PAIR, (2, 2, 1)),
    (Category.PAIR, (2, 1, 1, 1)),
    (Category.HIGH_CARD, (1, 1, 1, 1, 1)),
)
# Under five cards every card plays and only groups count: the partitions of the hand size,
# best category first.
SHORT_PLANS: dict[int, tuple[tuple[Category, tuple[int, ...]], ...]] = {
    4: (
        (Category.FOUR_OF_A_KIND, (4,)),
        (Category.THREE_OF_A_KIND, (3, 1)),
        (Category.TWO_PAIR, (2, 2)),
        (Category.PAIR, (2, 1, 1)),
        (Category.HIGH_CARD, (1, 1, 1, 1)),
    ),
    3: (
        (Category.THREE_OF_A_KIND, (3,)),
        (Category.PAIR, (2, 1)),
        (Category.HIGH_CARD, (1, 1, 1)),
    ),
    2: (
        (Category.PAIR, (2,)),
        (Category.HIGH_CARD, (1, 1)),
    ),
    1: ((Category.HIGH_CARD, (1,)),),
}


def straight_ranks(top: int) -> list[int]:
    """The five ranks of the straight with top card ``top`` (3 = five .. 12 = ace), top down.

    >>> straight_ranks(12)
    [12, 11, 10, 9, 8]
    >>> straight_ranks(FIVE)  # the wheel: the ace plays low
    [3, 2, 1, 0, 12]
    """
    if not FIVE <= top <= ACE:
        raise ValueError(f"no straight has top rank index {top}")
    return [(top - i) % 13 for i in range(5)]


STRAIGHT_TOPS = range(ACE, FIVE - 1, -1)  # ace-high first, the wheel last
# (top rank, the set of its five ranks), best straight first
STRAIGHTS: tuple[tuple[int, frozenset[int]], ...] = tuple(
    (top, frozenset(straight_ranks(top))) for top in STRAIGHT_TOPS
)


# ---------------------------------------------------------------------------------------------
# The solver


class Solution(NamedTuple):
    """The best hand of a set of natural cards plus some wild cards.

    ``ranks`` are the ranks of the hand in reading order. For groups (``suit is None`` and
    ``sizes`` given) there is one rank per group, ``sizes`` giving the group sizes; for
    straights, flushes and straight flushes there are five ranks, top down, one per card, and
    ``suit`` is the suit of a flush or straight flush (None for a plain straight).
    """

    value: int
    category: Category
    ranks: tuple[int, ...]
    sizes: tuple[int, ...] | None
    suit: int | None


class _Naturals:
    """The natural cards of a hand, counted by rank and by suit."""

    __slots__ = ("cards", "count", "ranks", "by_suit")

    def __init__(self, cards: Sequence[int]) -> None:
        self.cards = tuple(cards)
        self.count = [0] * 13  # natural cards held per rank
        self.by_suit: list[set[int]] = [set(), set(), set(), set()]  # ranks held per suit
        for c in cards:
            self.count[c >> 2] += 1
            self.by_suit[c & 3].add(c >> 2)
        self.ranks = {c >> 2 for c in cards}  # ranks held


def _best_groups(
    naturals: _Naturals, n_wild: int, sizes: tuple[int, ...], every_card_plays: bool
) -> list[int] | None:
    """The best ranks for the group slots ``sizes`` (e.g. ``(3, 1, 1)`` for three of a kind),
    most significant first, or None if the pattern cannot be made.

    A slot of size m at rank r takes min(m, held) natural cards of rank r and m - held wild
    cards. All ranks differ, and slots of equal size take decreasing ranks. When
    ``every_card_plays`` (hands under five cards) every natural card must be in a slot;
    otherwise natural and wild cards may be left out.

    The search tries ranks from the ace down, most significant slot first, so the first
    complete assignment it finds is the best one.
    """
    count = naturals.count
    n_natural = len(naturals.cards)
    chosen: list[int] = []

    def search(slot: int, wilds_left: int) -> bool:
        if slot == len(sizes):
            if every_card_plays:
                return sum(count[r] for r in chosen) == n_natural
            return True
        size = sizes[slot]
        highest = chosen[-1] - 1 if slot > 0 and sizes[slot - 1] == size else ACE
        for rank in range(highest, -1, -1):
            held = count[rank]
            missing = size - held if held < size else 0  # wild cards this slot needs
            if missing > wilds_left:
                continue
            if every_card_plays and held > size:
                continue  # some natural card of this rank would be left out
            if rank in chosen:
                continue
            chosen.append(rank)
            if search(slot + 1, wilds_left - missing):
                return True
            chosen.pop()
        return False

    return chosen if search(0, n_wild) else None


def _best_straight(naturals: _Naturals, n_wild: int) -> int | None:
    """The top rank of the best straight the hand makes, or None."""
    for top, ranks in STRAIGHTS:
        missing = 5 - len(ranks & naturals.ranks)
        if missing <= n_wild:
            return top
    return None


def _best_straight_flush(naturals: _Naturals, n_wild: int) -> tuple[int, int] | None:
    """(top rank, suit) of the best straight flush the hand makes, or None. Between suits
    giving the same top card, the one needing fewest wild cards, then spades first."""
    suits = [s for s in SUIT_PREFERENCE if len(naturals.by_suit[s]) + n_wild >= 5]
    if not suits:
        return None
    for top, ranks in STRAIGHTS:
        options = []
        for order, suit in enumerate(suits):
            missing = 5 - len(ranks & naturals.by_suit[suit])
            if missing <= n_wild:
                options.append((missing, order, suit))
        if options:
            return top, min(options)[2]
    return None


def _flush_ranks(held: set[int], n_wild: int, flush_duplicates: bool, size: int = 5) -> list[int] | None:
    """The ranks, high to low, of the best flush of ``size`` cards from the natural ranks
    ``held`` of one suit plus ``n_wild`` wild cards, or None if there are too few cards for it.

    With ``flush_duplicates`` every wild card is an ace of the suit, held or not; without, the
    wild cards are the highest cards of the suit not held (different cards).
    """
    if len(held) + n_wild < size:
        return None
    if flush_duplicates:
        return sorted(list(held) + [ACE] * min(n_wild, size), reverse=True)[:size]
    ranks: list[int] = []
    wilds_left = n_wild
    for rank in range(ACE, -1, -1):
        if rank in held:
            ranks.append(rank)
        elif wilds_left:
            ranks.append(rank)
            wilds_left -= 1
        if len(ranks) == size:
            break
    return ranks


def _best_flush(
    naturals: _Naturals, n_wild: int, flush_duplicates: bool
) -> tuple[list[int], int] | None:
    """(ranks high to low, suit) of the best flush, or None. Between suits giving the same
    ranks, the one needing fewest wild cards, then spades first."""
    options = []
    for order, suit in enumerate(SUIT_PREFERENCE):
        held = naturals.by_suit[suit]
        ranks = _flush_ranks(held, n_wild, flush_duplicates)
        if ranks is not None:
            wilds_used = 5 - len(set(ranks) & held)
            options.append((ranks, -wilds_used, -order, suit))
    if not options:
        return None
    ranks, _, _, suit = max(options)
    return ranks, suit


def solve(naturals: Sequence[int], n_wild: int, flush_duplicates: bool = True) -> Solution:
    """The best "high" hand of the natural cards ``naturals`` (distinct ints 0-51, none of a
    wild rank) plus ``n_wild`` wild cards; 1 to 7 cards in all.

    >>> solve([44, 45], 1)  # K♣ K♦ and a wild card: three kings
    Solution(value=3932160, category=<Category.THREE_OF_A_KIND: 3>, ranks=(11,), sizes=(3,), suit=None)
    """
    n_cards = len(naturals) + n_wild
    if not MIN_CARDS <= n_cards <= MAX_CARDS:
        raise ValueError(f"the high ranking takes 1 to 7 cards, {n_cards} were given")
    hand = _Naturals(naturals)

    if n_cards < 5:
        for category, sizes in SHORT_PLANS[n_cards]:
            ranks = _best_groups(hand, n_wild, sizes, every_card_plays=True)
            if ranks is not None:
                return Solution(pack(category, ranks), category, tuple(ranks), sizes, None)
        raise AssertionError("a high card hand can always be made")  # pragma: no cover

    for category, plan in FIVE_CARD_PLAN:
        if plan is not None:
            ranks = _best_groups(hand, n_wild, plan, every_card_plays=False)
            if ranks is not None:
                return Solution(pack(category, ranks), category, tuple(ranks), plan, None)
        elif category == Category.STRAIGHT_FLUSH:
            found = _best_straight_flush(hand, n_wild)
            if found is not None:
                top, suit = found
                return Solution(pack(category, [top]), category, tuple(straight_ranks(top)), None, suit)
        elif category == Category.FLUSH:
            flush = _best_flush(hand, n_wild, flush_duplicates)
            if flush is not None:
                ranks, suit = flush
                return Solution(pack(category, ranks), category, tuple(ranks), None, suit)
        elif category == Category.STRAIGHT:
            straight_top = _best_straight(hand, n_wild)
            if straight_top is not None:
                return Solution(pack(category, [straight_top]), category, tuple(straight_ranks(straight_top)),
                                None, None)
    raise AssertionError("a high card hand can always be made")  # pragma: no cover


# ---------------------------------------------------------------------------------------------
# Lowball: deuce-to-seven and ace-to-five (natural cards only)


def _lowest_groups(
    count: Sequence[int],
    sizes: tuple[int, ...],
    accept: Callable[[list[int]], bool] | None = None,
) -> list[int] | None:
    """The lowest ranks for the group slots ``sizes`` (e.g. ``(2, 1, 1, 1)`` for a pair), most
    significant first, made of held cards only (``count[r]`` cards of rank r), or None.

    Ranks here are positions in the ranking's own order, 0 the lowest (the caller renumbers
    them for ace-to-five). All ranks differ and slots of equal size take decreasing ranks. The
    search tries ranks from the lowest up, most significant slot first, so the first complete
    assignment that ``accept`` (if given) takes is the lowest one.
    """
    chosen: list[int] = []

    def search(slot: int) -> bool:
        if slot == len(sizes):
            return accept is None or accept(chosen)
        size = sizes[slot]
        # a slot of the same size as the one before it takes a lower rank
        highest = chosen[-1] - 1 if slot > 0 and sizes[slot - 1] == size else ACE
        for rank in range(0, highest + 1):
            if count[rank] < size or rank in chosen:
                continue
            chosen.append(rank)
            if search(slot + 1):
                return True
            chosen.pop()
        return False

    return chosen if search(0) else None


# Categories from the best low (the lowest "high"-style value) up, with their group patterns.
LOW27_PLAN: tuple[tuple[Category, tuple[int, ...] | None], ...] = (
    (Category.HIGH_CARD, (1, 1, 1, 1, 1)),
    (Category.PAIR, (2, 1, 1, 1)),
    (Category.TWO_PAIR, (2, 2, 1)),
    (Category.THREE_OF_A_KIND, (3, 1, 1)),
    (Category.STRAIGHT, None),
    (Category.FLUSH, None),
    (Category.FULL_HOUSE, (3, 2)),
    (Category.FOUR_OF_A_KIND, (4, 1)),
    (Category.STRAIGHT_FLUSH, None),
)
LOW_A5_PLAN: tuple[tuple[Category, tuple[int, ...]], ...] = (
    (Category.HIGH_CARD, (1, 1, 1, 1, 1)),
    (Category.PAIR, (2, 1, 1, 1)),
    (Category.TWO_PAIR, (2, 2, 1)),
    (Category.THREE_OF_A_KIND, (3, 1, 1)),
    (Category.FULL_HOUSE, (3, 2)),
    (Category.FOUR_OF_A_KIND, (4, 1)),
)
SIX = 4  # rank index of the six: the top card of the lowest deuce-to-seven straight
LOW27_STRAIGHT_TOPS = range(SIX, ACE + 1)  # 6-5-4-3-2 first; A-2-3-4-5 is not a straight


def _is_straight27(ranks: Sequence[int]) -> bool:
    """Whether five different ranks are a straight with aces high only."""
    return max(ranks) - min(ranks) == 4


def _must_be_flush(naturals: _Naturals, ranks: Iterable[int]) -> bool:
    """Whether every way of taking one card of each of these ranks is of a single suit, i.e.
    the held cards of these ranks show only one suit."""
    wanted = set(ranks)
    return len({c & 3 for c in naturals.cards if c >> 2 in wanted}) == 1


def _lowest_straight27(naturals: _Naturals) -> int | None:
    """The top rank of the lowest straight (not a straight flush) the cards make, or None."""
    for top in LOW27_STRAIGHT_TOPS:
        ranks = range(top - 4, top + 1)
        if all(r in naturals.ranks for r in ranks) and not _must_be_flush(naturals, ranks):
            return top
    return None


def _lowest_flush27(naturals: _Naturals) -> tuple[list[int], int] | None:
    """(ranks high to low, suit) of the lowest flush (five of a suit, not a straight), or None.
    Between suits giving the same ranks, spades first."""
    options = []
    for order, suit in enumerate(SUIT_PREFERENCE):
        held = [1 if r in naturals.by_suit[suit] else 0 for r in range(13)]
        ranks = _lowest_groups(held, (1, 1, 1, 1, 1), accept=lambda rs: not _is_straight27(rs))
        if ranks is not None:
            options.append((ranks, order, suit))
    if not options:
        return None
    ranks, _, suit = min(options)
    return ranks, suit


def _lowest_straight_flush27(naturals: _Naturals) -> tuple[int, int] | None:
    """(top rank, suit) of the lowest straight flush, or None; spades first between suits."""
    for top in LOW27_STRAIGHT_TOPS:
        for suit in SUIT_PREFERENCE:
            if all(r in naturals.by_suit[suit] for r in range(top - 4, top + 1)):
                return top, suit
    return None


def _low_solution(category: Category, ranks: list[int], sizes: tuple[int, ...] | None,
                  suit: int | None, tie: list[int]) -> Solution:
    """A lowball solution: ``tie`` are the deciding ranks of the "high"-style value."""
    return Solution(LOW_BASE - pack(category, tie), category, tuple(ranks), sizes, suit)


def solve_low27(cards: Sequence[int]) -> Solution:
    """The best deuce-to-seven hand of 5 to 7 natural cards: the five with the lowest value
    as a high hand, aces high only (A-2-3-4-5 is ace high); straights and flushes count.

    >>> sol = solve_low27([0, 5, 10, 15, 44])  # 2c 3d 4h 5s Kc: king high
    >>> sol.category, sol.ranks
    (<Category.HIGH_CARD: 0>, (11, 3, 2, 1, 0))
    """
    if len(cards) not in CARD_COUNTS["low27"]:
        raise ValueError(f"the low27 ranking takes 5 to 7 cards, {len(cards)} were given")
    hand = _Naturals(cards)

    def no_pair_hand(ranks: list[int]) -> bool:
        """Five different ranks make a no-pair hand unless a straight or forced into a flush."""
        return not _is_straight27(ranks) and not _must_be_flush(hand, ranks)

    for category, plan in LOW27_PLAN:
        if plan is not None:
            accept = no_pair_hand if category == Category.HIGH_CARD else None
            ranks = _lowest_groups(hand.count, plan, accept)
            if ranks is not None:
                return _low_solution(category, ranks, plan, None, ranks)
        elif category == Category.STRAIGHT:
            top = _lowest_straight27(hand)
            if top is not None:
                return _low_solution(category, straight_ranks(top), None, None, [top])
        elif category == Category.FLUSH:
            flush = _lowest_flush27(hand)
            if flush is not None:
                return _low_solution(category, flush[0], None, flush[1], flush[0])
        else:  # straight flush
            found = _lowest_straight_flush27(hand)
            if found is not None:
                top, suit = found
                return _low_solution(category, straight_ranks(top), None, suit, [top])
    raise AssertionError("five cards always make some hand")  # pragma: no cover


def ace_low(rank: int) -> int:
    """A rank's place in ace-to-five order: ace 0, deuce 1 .. king 12.

    >>> [ace_low(r) for r in (12, 0, 11)]
    [0, 1, 12]
    """
    return (rank + 1) % 13


def solve_low_a5(cards: Sequence[int]) -> Solution:
    """The best ace-to-five hand of 5 to 7 natural cards: groups only (no straights, no
    flushes), aces low; the best hand is A-2-3-4-5.

    >>> sol = solve_low_a5([48, 1, 6, 11, 12])  # Ac 2d 3h 4s 5c
    >>> sol.category, sol.ranks
    (<Category.HIGH_CARD: 0>, (3, 2, 1, 0, 12))
    """
    if len(cards) not in CARD_COUNTS["low_a5"]:
        raise ValueError(f"the low_a5 ranking takes 5 to 7 cards, {len(cards)} were given")
    count = [0] * 13  # by ace-to-five order
    for c in cards:
        count[ace_low(c >> 2)] += 1
    for category, plan in LOW_A5_PLAN:
        places = _lowest_groups(count, plan)
        if places is not None:
            ranks = [(p - 1) % 13 for p in places]  # back to rank indices
            return _low_solution(category, ranks, plan, None, places)
    raise AssertionError("five cards always make some hand")  # pragma: no cover


# ---------------------------------------------------------------------------------------------
# Three-card poker

# code << 20 of a three-card poker value, by category
THREE_CARD_CODES = {
    Category.HIGH_CARD: 0,
    Category.PAIR: 1,
    Category.FLUSH: 2,
    Category.STRAIGHT: 3,
    Category.THREE_OF_A_KIND: 4,
    Category.STRAIGHT_FLUSH: 5,
}
THREE = 1  # rank index of the three: the top card of A-2-3, the lowest three-card straight
THREE_CARD_STRAIGHT_TOPS = range(ACE, THREE - 1, -1)  # Q-K-A first, A-2-3 last


def three_card_straight_ranks(top: int) -> list[int]:
    """The three ranks of the three-card straight with this top card, top down.

    >>> three_card_straight_ranks(ACE), three_card_straight_ranks(THREE)
    ([12, 11, 10], [1, 0, 12])
    """
    return [(top - i) % 13 for i in range(3)]


def _three_card_straight(
    naturals: Sequence[int], suits: Sequence[int | None]
) -> tuple[int, int | None] | None:
    """(top, suit) of the highest three-card straight holding every natural card (different
    ranks, all among its three), in the first of ``suits`` whose cards they all are (None:
    any suit, a plain straight)."""
    if len({c >> 2 for c in naturals}) != len(naturals):
        return None  # a pair among the natural cards
    for top in THREE_CARD_STRAIGHT_TOPS:
        ranks = three_card_straight_ranks(top)
        if any(c >> 2 not in ranks for c in naturals):
            continue
        for suit in suits:
            if suit is None or all(c & 3 == suit for c in naturals):
                return top, suit
    return None


def solve_three_card(naturals: Sequence[int], n_wild: int, flush_duplicates: bool = True) -> Solution:
    """The three-card poker hand of the natural cards plus ``n_wild`` wild cards (3 in all).

    >>> solve_three_card([], 3).value == 5 << 20 | 13 << 16  # three wild cards: Q-K-A suited
    True
    """
    n_cards = len(naturals) + n_wild
    if n_cards != 3:
        raise ValueError(f"the three_card_poker ranking takes exactly 3 cards, {n_cards} were given")
    hand = _Naturals(naturals)

    def result(category: Category, ranks: list[int], sizes: tuple[int, ...] | None,
               suit: int | None, tie: list[int]) -> Solution:
        return Solution(pack(THREE_CARD_CODES[category], tie), category, tuple(ranks), sizes, suit)

    found = _three_card_straight(naturals, SUIT_PREFERENCE)
    if found is not None:
        top, suit = found
        return result(Category.STRAIGHT_FLUSH, three_card_straight_ranks(top), None, suit, [top])
    if len(hand.ranks) <= 1:  # every natural card of one rank (or none): three of a kind
        rank = next(iter(hand.ranks)) if hand.ranks else ACE
        return result(Category.THREE_OF_A_KIND, [rank], (3,), None, [rank])
    found = _three_card_straight(naturals, (None,))
    if found is not None:
        top = found[0]
        return result(Category.STRAIGHT, three_card_straight_ranks(top), None, None, [top])
    suits = {c & 3 for c in naturals}
    if len(suits) == 1:  # a flush
        suit = suits.pop()
        flush = _flush_ranks(hand.by_suit[suit], n_wild, flush_duplicates, size=3)
        assert flush is not None
        return result(Category.FLUSH, flush, None, suit, flush)
    for category, sizes in SHORT_PLANS[3][1:]:  # a pair, or high card
        ranks = _best_groups(hand, n_wild, sizes, every_card_plays=True)
        if ranks is not None:
            return result(category, ranks, sizes, None, ranks)
    raise AssertionError("three cards always make some hand")  # pragma: no cover


# ---------------------------------------------------------------------------------------------
# Which cards make the hand


def _cards_of_solution(cards: Sequence[int], wild: frozenset[int], sol: Solution) -> list[tuple[int, int]]:
    """The (card, plays_as) pairs that make ``sol`` from the hand ``cards``, in reading order.

    Natural cards play as themselves and are preferred to wild cards; wild cards are used in
    the order they were given. A wild card's stand-in is of the flush suit in a flush or
    straight flush; otherwise it is, in the order spades, hearts, diamonds, clubs, the first
    card of the rank needed that is neither in the hand nor already a stand-in (spades if
    every suit is taken).
    """
    naturals_by_rank: dict[int, list[int]] = {}
    wild_cards: list[int] = []
    for c in cards:
        if c >> 2 in wild:
            wild_cards.append(c)
        else:
            naturals_by_rank.setdefault(c >> 2, []).append(c)
    for same_rank in naturals_by_rank.values():
        same_rank.sort(reverse=True)  # spades first
    taken = set(cards)
    wilds = iter(wild_cards)
    out: list[tuple[int, int]] = []

    def natural(rank: int, suit: int | None = None) -> bool:
        """Play a natural card of this rank (and suit), if there is one left."""
        pool = naturals_by_rank.get(rank, [])
        for c in pool:
            if suit is None or c & 3 == suit:
                pool.remove(c)
                out.append((c, c))
                return True
        return False

    def wild_as(rank: int, suit: int | None = None) -> None:
        """Play the next wild card, standing for a card of this rank (and suit)."""
        if suit is None:
            free = [s for s in SUIT_PREFERENCE if 4 * rank + s not in taken]
            suit = free[0] if free else SUIT_PREFERENCE[0]
        stand_in = 4 * rank + suit
        taken.add(stand_in)
        out.append((next(wilds), stand_in))

    if sol.sizes is not None:  # groups: each group's natural cards, then its wild cards
        for rank, size in zip(sol.ranks, sol.sizes):
            for _ in range(size):
                if not natural(rank):
                    wild_as(rank)
    else:  # straight, flush or straight flush: card by card from the top down
        for rank in sol.ranks:  # (a flush's second ace, if any, is a wild card)
            if not natural(rank, sol.suit):
                wild_as(rank, sol.suit)
    return out


def _low_cards_of_solution(cards: Sequence[int], sol: Solution, avoid_flush: bool) -> list[tuple[int, int]]:
    """The (card, card) pairs of the five natural cards that make the lowball hand ``sol``, in
    reading order: the groups in the order of their ranks in ``sol`` (a no-pair hand from its
    highest card down, ace last in ace-to-five), a straight from the top, a flush high to low.

    Of the cards of a rank, spades are taken first (then hearts, diamonds, clubs), within the
    flush suit for a flush. With ``avoid_flush`` (a deuce-to-seven no-pair hand or straight),
    if those five would be of one suit, the first card in reading order that has another suit
    held is swapped for it; the solver made sure there is one.
    """
    by_rank: dict[int, list[int]] = {}
    for c in sorted(cards, reverse=True):  # spades first
        if sol.suit is None or c & 3 == sol.suit:
            by_rank.setdefault(c >> 2, []).append(c)
    sizes = sol.sizes if sol.sizes is not None else (1,) * len(sol.ranks)
    chosen: list[int] = []
    for rank, size in zip(sol.ranks, sizes):
        chosen.extend(by_rank[rank][:size])
    if avoid_flush and len({c & 3 for c in chosen}) == 1:
        suit = chosen[0] & 3
        for i, c in enumerate(chosen):
            others = [o for o in by_rank[c >> 2] if o & 3 != suit]
            if others:
                chosen[i] = others[0]
                break
    assert len(chosen) == 5
    return [(c, c) for c in chosen]


# ---------------------------------------------------------------------------------------------
# The public interface


def _check_flush_duplicates(flush_duplicates: object) -> bool:
    if isinstance(flush_duplicates, (bool, np.bool_)):
        return bool(flush_duplicates)
    raise TypeError(
        f"flush_duplicates must be a bool, not {type(flush_duplicates).__name__} ({flush_duplicates!r})"
    )


def _check_ranking(ranking: object) -> str:
    if not isinstance(ranking, str) or ranking not in RANKINGS:
        raise ValueError(f"unknown ranking {ranking!r}; choose one of {', '.join(RANKINGS)}")
    return ranking


def _takes(ranking: str) -> str:
    """How many cards a ranking takes, in words: '1 to 7 cards', 'exactly 3 cards'."""
    sizes = CARD_COUNTS[ranking]
    if len(sizes) == 1:
        return f"exactly {sizes[0]} cards"
    return f"{sizes[0]} to {sizes[-1]} cards"


class Evaluator:
    """Values of poker hands, higher = better: the pure-Python reference.

    ``ranking`` is ``"high"`` (1 to 7 cards), ``"low27"`` or ``"low_a5"`` (5 to 7 cards, no
    wild cards) or ``"three_card_poker"`` (exactly 3 cards); ``wild`` names the wild ranks (see
    :func:`wildeval.wild.parse_wild`: None, ``"3"``, ``"357"``, ``[0]``...);
    ``flush_duplicates`` says whether a wild card in a flush may duplicate a card of the flush.

    >>> ev = Evaluator(wild="357")
    >>> ev.ranking, sorted(ev.wild), ev.flush_duplicates
    ('high', [1, 3, 5], True)
    >>> ev.describe(ev("5c 7d"))
    'Pair of aces'
    >>> ev.describe(ev("Kc 3h"))
    'Pair of kings'
    """

    __slots__ = ("_ranking", "_wild", "_flush_duplicates")

    def __init__(
        self,
        ranking: str = "high",
        wild: None | str | Iterable[int] = None,
        *,
        flush_duplicates: bool = True,
    ) -> None:
        self._ranking = _check_ranking(ranking)
        self._wild = parse_wild(wild)
        if self._wild and self._ranking in NATURAL_ONLY:
            raise ValueError(f"wild cards are not supported for ranking {self._ranking!r}")
        self._flush_duplicates = _check_flush_duplicates(flush_duplicates)

    @property
    def ranking(self) -> str:
        """The ranking: ``"high"``, ``"low27"``, ``"low_a5"`` or ``"three_card_poker"``."""
        return self._ranking

    @property
    def wild(self) -> frozenset[int]:
        """The wild rank indices (0 = deuce .. 12 = ace)."""
        return self._wild

    @property
    def flush_duplicates(self) -> bool:
        """Whether a wild card in a flush may duplicate a card of the flush."""
        return self._flush_duplicates

    def __repr__(self) -> str:
        wild = "".join("23456789TJQKA"[r] for r in sorted(self._wild)) or None
        return (
            f"Evaluator(ranking={self._ranking!r}, wild={wild!r}, "
            f"flush_duplicates={self._flush_duplicates})"
        )

    def _cards(self, cards: str | Iterable[object]) -> list[int]:
        parsed = parse_cards(cards)
        if len(parsed) not in CARD_COUNTS[self._ranking]:
            raise ValueError(
                f"the {self._ranking} ranking takes {_takes(self._ranking)}, {len(parsed)} were given"
            )
        return parsed

    def _solve(self, cards: list[int]) -> Solution:
        if self._ranking == "low27":
            return solve_low27(cards)
        if self._ranking == "low_a5":
            return solve_low_a5(cards)
        naturals = [c for c in cards if c >> 2 not in self._wild]
        if self._ranking == "three_card_poker":
            return solve_three_card(naturals, len(cards) - len(naturals), self._flush_duplicates)
        return solve(naturals, len(cards) - len(naturals), self._flush_duplicates)

    def __call__(self, cards: str | Iterable[object]) -> int:
        """The value of a hand (ints 0-51 or text such as ``"As Kd"``): 1 to 7 cards for
        "high", 5 to 7 for "low27" and "low_a5", exactly 3 for "three_card_poker"."""
        return self._solve(self._cards(cards)).value

    def best_five(self, cards: str | Iterable[object]) -> list[tuple[int, int]]:
        """The cards that make the value, as (card, plays_as) pairs in reading order.

        There are min(5, len(cards)) pairs, distinct cards of the hand. A natural card plays as
        itself; a wild card plays as its stand-in. Natural cards are used before wild cards;
        the order is the deciding groups first (biggest group first, kickers high to low), a
        straight or straight flush from its top card down, a flush high to low.

        >>> Evaluator(wild="2").best_five("2c 3d 4h 5s As")  # the wheel, from the five down
        [(15, 15), (10, 10), (5, 5), (0, 3), (51, 51)]

        For "low27" and "low_a5", the five cards chosen for low, in reading order (a no-pair
        hand from its highest card down, the ace last in ace-to-five); for
        "three_card_poker", the three cards.

        >>> from wildeval.cards import format_cards
        >>> format_cards(c for c, _ in Evaluator("low_a5").best_five("Kd 2c 4h As 3s 5d 2s"))
        '5d 4h 3s 2s As'
        """
        cards = self._cards(cards)
        sol = self._solve(cards)
        if self._ranking in NATURAL_ONLY:
            avoid_flush = self._ranking == "low27" and sol.category in (Category.HIGH_CARD, Category.STRAIGHT)
            return _low_cards_of_solution(cards, sol, avoid_flush)
        return _cards_of_solution(cards, self._wild, sol)

    def category(self, value: int) -> Category:
        """The category of a value (see :func:`wildeval.values.category_of`)."""
        return category_of(value, self._ranking)

    def describe(self, value: int) -> str:
        """A description of a value, e.g. ``'Three of a kind, kings'``, ``'7-5-4-3-2'``."""
        return describe(value, self._ranking)

    def batch(self, hands: object, *, threads: int | None = None, out: np.ndarray | None = None) -> np.ndarray:
        """The values of many hands of the same size: ``hands`` is a 2-D array of card ints,
        one hand per row (as many columns as the ranking takes: 1 to 7 for "high").
        Returns an int32 array, one value per row, or fills ``out`` (a C-contiguous int32
        array of that length) and returns it. ``threads`` is accepted for compatibility and ignored.

        Raises TypeError for a non-integer array, ValueError for a wrong shape or a bad row
        (``row 3: card 52 is not a card (0-51)``, ``row 3: duplicate card As``).

        >>> values = Evaluator().batch([[51, 47], [0, 1]])  # As Ks, 2c 2d
        >>> values.dtype, values.tolist() == [pack(Category.HIGH_CARD, [12, 11]), pack(Category.PAIR, [0])]
        (dtype('int32'), True)
        """
        rows = _check_batch(hands, self._ranking)
        if out is None:
            out = np.empty(len(rows), dtype=np.int32)
        elif not isinstance(out, np.ndarray):
            raise TypeError(f"out must be a numpy int32 array, not {type(out).__name__}")
        elif not (
            out.dtype == np.int32 and out.shape == (len(rows),)
            and out.flags.c_contiguous and out.flags.writeable
        ):
            raise ValueError("out must be a writeable C-contiguous int32 array of one value per row")
        for i, row in enumerate(rows):
            out[i] = self._solve(row).value
        return out


def _check_batch(hands: object, ranking: str = "high") -> list[list[int]]:
    """The rows of a batch as lists of ints, after checking them; nothing is ever cast."""
    try:
        array = np.asarray(hands)
    except ValueError as exc:  # ragged nested lists
        raise ValueError(f"hands must be a rectangular 2-D array, one hand per row: {exc}") from None
    if array.ndim != 2:
        raise ValueError(
            f"hands must be a 2-D array, one hand per row; got {array.ndim} dimension(s), shape {array.shape}"
        )
    if array.dtype.kind == "O":  # Python objects: accept only true ints
        for i, row in enumerate(array):
            for item in row:
                if isinstance(item, (bool, np.bool_)) or not _is_index(item):
                    raise TypeError(
                        f"hands must hold integers; row {i} holds {item!r} ({type(item).__name__})"
                    )
    elif array.dtype.kind not in "iu":
        raise TypeError(f"hands must be an integer array, not {array.dtype}")
    n_rows, n_cols = array.shape
    if n_cols not in CARD_COUNTS[ranking]:
        raise ValueError(f"the {ranking} ranking takes {_takes(ranking)} per hand, the rows have {n_cols}")
    rows: list[list[int]] = []
    for i in range(n_rows):
        row = [operator.index(x) for x in array[i]]
        seen: set[int] = set()
        for c in row:
            if not 0 <= c < N_CARDS:
                raise ValueError(f"row {i}: card {c} is not a card (0-51)")
            if c in seen:
                raise ValueError(f"row {i}: duplicate card {format_cards([c])}")
            seen.add(c)
        rows.append(row)
    return rows


def _is_index(item: object) -> bool:
    try:
        operator.index(item)  # type: ignore[arg-type]
    except TypeError:
        return False
    return True


def census(
    n_cards: int,
    ranking: str = "high",
    wild: None | str | Iterable[int] = None,
    *,
    flush_duplicates: bool = True,
    threads: int | None = None,
) -> dict[Category, int]:
    """How many of the C(52, n_cards) hands fall in each category (every category present).

    This evaluates every hand one by one with the reference evaluator, so it is slow: a few
    seconds for three cards, many minutes for five, hours for seven. ``threads`` is ignored.
    Each ranking takes its own hand sizes (see :class:`Evaluator`); the categories are those of
    :func:`wildeval.values.category_of` for the ranking.

    >>> counts = census(2)
    >>> counts[Category.PAIR], counts[Category.HIGH_CARD], counts[Category.FLUSH]
    (78, 1248, 0)
    """
    if isinstance(n_cards, bool) or not _is_index(n_cards):
        raise TypeError(f"n_cards must be an int, not {type(n_cards).__name__}")
    n_cards = operator.index(n_cards)
    evaluator = Evaluator(ranking, wild, flush_duplicates=flush_duplicates)
    ranking = evaluator.ranking
    if n_cards not in CARD_COUNTS[ranking]:
        raise ValueError(f"the {ranking} ranking takes {_takes(ranking)}, n_cards={n_cards}")
    counts = dict.fromkeys(Category, 0)
    for hand in itertools.combinations(range(N_CARDS), n_cards):
        counts[evaluator._solve(list(hand)).category] += 1
    return counts
