"""A pure-Python reference evaluator for the "high" ranking, natural or with wild ranks.

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
"""

from __future__ import annotations

import itertools
import operator
from collections.abc import Iterable, Sequence
from typing import NamedTuple

import numpy as np

from wildeval.cards import N_CARDS, format_cards, parse_cards
from wildeval.values import Category, category_of, describe, pack
from wildeval.wild import parse_wild

__all__ = ["Evaluator", "census"]

RANKINGS = ("high",)
MIN_CARDS = 1
MAX_CARDS = 7

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


def _flush_ranks(held: set[int], n_wild: int, flush_duplicates: bool) -> list[int] | None:
    """The ranks, high to low, of the best flush from the natural ranks ``held`` of one suit
    plus ``n_wild`` wild cards, or None if there are fewer than five cards for it.

    With ``flush_duplicates`` every wild card is an ace of the suit, held or not; without, the
    wild cards are the highest cards of the suit not held (five different cards).
    """
    if len(held) + n_wild < 5:
        return None
    if flush_duplicates:
        return sorted(list(held) + [ACE] * min(n_wild, 5), reverse=True)[:5]
    ranks: list[int] = []
    wilds_left = n_wild
    for rank in range(ACE, -1, -1):
        if rank in held:
            ranks.append(rank)
        elif wilds_left:
            ranks.append(rank)
            wilds_left -= 1
        if len(ranks) == 5:
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
        raise ValueError(
            f"unknown ranking {ranking!r}: the reference evaluator implements only 'high'"
        )
    return ranking


class Evaluator:
    """Values of poker hands, higher = better: the pure-Python reference.

    ``ranking`` must be ``"high"``; ``wild`` names the wild ranks (see
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
        self._flush_duplicates = _check_flush_duplicates(flush_duplicates)

    @property
    def ranking(self) -> str:
        """The ranking: ``"high"``."""
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
        if not MIN_CARDS <= len(parsed) <= MAX_CARDS:
            raise ValueError(f"the high ranking takes 1 to 7 cards, {len(parsed)} were given")
        return parsed

    def _solve(self, cards: list[int]) -> Solution:
        naturals = [c for c in cards if c >> 2 not in self._wild]
        return solve(naturals, len(cards) - len(naturals), self._flush_duplicates)

    def __call__(self, cards: str | Iterable[object]) -> int:
        """The value of a hand of 1 to 7 cards (ints 0-51 or text such as ``"As Kd"``)."""
        return self._solve(self._cards(cards)).value

    def best_five(self, cards: str | Iterable[object]) -> list[tuple[int, int]]:
        """The cards that make the value, as (card, plays_as) pairs in reading order.

        There are min(5, len(cards)) pairs, distinct cards of the hand. A natural card plays as
        itself; a wild card plays as its stand-in. Natural cards are used before wild cards;
        the order is the deciding groups first (biggest group first, kickers high to low), a
        straight or straight flush from its top card down, a flush high to low.

        >>> Evaluator(wild="2").best_five("2c 3d 4h 5s As")  # the wheel, from the five down
        [(15, 15), (10, 10), (5, 5), (0, 3), (51, 51)]
        """
        cards = self._cards(cards)
        return _cards_of_solution(cards, self._wild, self._solve(cards))

    def category(self, value: int) -> Category:
        """The category of a value."""
        return category_of(value)

    def describe(self, value: int) -> str:
        """A description of a value, e.g. ``'Three of a kind, kings'``."""
        return describe(value)

    def batch(self, hands: object, *, threads: int | None = None) -> np.ndarray:
        """The values of many hands of the same size: ``hands`` is a 2-D array of card ints,
        one hand per row (1 to 7 columns). Returns an int32 array, one value per row.
        ``threads`` is accepted for compatibility and ignored.

        Raises TypeError for a non-integer array, ValueError for a wrong shape or a bad row
        (``row 3: card 52 is not a card (0-51)``, ``row 3: duplicate card As``).

        >>> values = Evaluator().batch([[51, 47], [0, 1]])  # As Ks, 2c 2d
        >>> values.dtype, values.tolist() == [pack(Category.HIGH_CARD, [12, 11]), pack(Category.PAIR, [0])]
        (dtype('int32'), True)
        """
        rows = _check_batch(hands)
        out = np.empty(len(rows), dtype=np.int32)
        for i, row in enumerate(rows):
            out[i] = self._solve(row).value
        return out


def _check_batch(hands: object) -> list[list[int]]:
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
    if not MIN_CARDS <= n_cols <= MAX_CARDS:
        raise ValueError(f"the high ranking takes 1 to 7 cards per hand, the rows have {n_cols}")
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

    >>> counts = census(2)
    >>> counts[Category.PAIR], counts[Category.HIGH_CARD], counts[Category.FLUSH]
    (78, 1248, 0)
    """
    if isinstance(n_cards, bool) or not _is_index(n_cards):
        raise TypeError(f"n_cards must be an int, not {type(n_cards).__name__}")
    n_cards = operator.index(n_cards)
    if not MIN_CARDS <= n_cards <= MAX_CARDS:
        raise ValueError(f"the high ranking takes 1 to 7 cards, n_cards={n_cards}")
    evaluator = Evaluator(ranking, wild, flush_duplicates=flush_duplicates)
    counts = dict.fromkeys(Category, 0)
    for hand in itertools.combinations(range(N_CARDS), n_cards):
        counts[Category(evaluator._solve(list(hand)).value >> 20)] += 1
    return counts
