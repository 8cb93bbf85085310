"""The tests' reference for wildeval.isomorphism: the same numbering (Waugh's configurations and
colexicographic ranks, described in that module's text) counted in plain Python from the
definition, one hand at a time, with Python's exact integers; slow, and independent of the
native core it checks."""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Iterable, Sequence
from math import comb

from wildeval.cards import parse_cards

__all__ = ["ReferenceIndexer"]

_RANKS = 13
_SUITS = 4

Counts = tuple[int, ...]  # a suit's cards in each round


def _multiset_rank(values: Sequence[int]) -> int:
    """The colexicographic rank of a multiset of numbers (given sorted ascending) among all
    multisets of its size: x_0 <= x_1 <= ... map to x_i + i, strictly increasing, ranked by the
    combinatorial number system."""
    return sum(comb(x + i, i + 1) for i, x in enumerate(values))


def _multiset_unrank(rank: int, size: int) -> list[int]:
    """The sorted multiset of ``size`` numbers of colexicographic rank ``rank``."""
    out = [0] * size
    for i in range(size, 0, -1):
        lo, hi = i - 1, i  # comb(lo, i) <= rank; find the largest such lo
        while comb(hi, i) <= rank:
            lo, hi = hi, 2 * hi
        while hi - lo > 1:
            mid = (lo + hi) // 2
            lo, hi = (mid, hi) if comb(mid, i) <= rank else (lo, mid)
        rank -= comb(lo, i)
        out[i - 1] = lo - (i - 1)
    return out


def _set_rank(ranks: Iterable[int]) -> int:
    """The colexicographic rank of a set of positions (any order)."""
    return sum(comb(p, i + 1) for i, p in enumerate(sorted(ranks)))


def _set_unrank(rank: int, size: int) -> list[int]:
    out = []
    for i in range(size, 0, -1):
        p = i - 1
        while comb(p + 1, i) <= rank:
            p += 1
        rank -= comb(p, i)
        out.append(p)
    return sorted(out)


def _suit_size(counts: Counts) -> int:
    """How many numbers a suit of these counts has: the ways to choose its ranks round by round."""
    size, left = 1, _RANKS
    for m in counts:
        size *= comb(left, m)
        left -= m
    return size


class _Configuration:
    """The four suits' counts, sorted from the largest; and how its classes are numbered."""

    def __init__(self, suits: tuple[Counts, ...], offset: int) -> None:
        self.suits = suits
        self.offset = offset
        # groups of equal counts: (first suit, suits in it, numbers a suit has, radix before it)
        self.groups: list[tuple[int, int, int, int]] = []
        radix = 1
        for counts, members in itertools.groupby(range(_SUITS), key=lambda s: suits[s]):
            first = [*members]
            n = _suit_size(counts)
            self.groups.append((first[0], len(first), n, radix))
            radix *= comb(n + len(first) - 1, len(first))
        self.size = radix


class ReferenceIndexer:
    """Numbers the hands of a sequence of rounds up to suit renaming (see the module's text).

    ``rounds`` lists the cards dealt in each round: ``[2, 3, 1, 1]`` hold'em, ``[4, 3, 1, 1]``
    Omaha, ``[5]`` a five-card hand, ``[3]`` a flop alone. A hand of round r (counted from 0)
    holds the cards of rounds 0 to r, round by round."""

    def __init__(self, rounds: Sequence[int]) -> None:
        rounds = [int(r) for r in rounds]
        if not rounds or any(r < 1 for r in rounds) or sum(rounds) > _RANKS * _SUITS:
            raise ValueError(f"rounds must be one or more counts of cards, each at least 1, at most 52 "
                             f"in all, not {rounds}")
        if len(rounds) > 8:
            raise ValueError(f"at most 8 rounds, not {len(rounds)}")
        self.rounds: tuple[int, ...] = tuple(rounds)
        self._totals = list(itertools.accumulate(rounds))
        self._configurations: list[list[_Configuration]] = []
        self._by_suits: list[dict[tuple[Counts, ...], _Configuration]] = []
        for r in range(len(rounds)):
            configurations, offset = [], 0
            for suits in self._suit_counts(r):
                c = _Configuration(suits, offset)
                configurations.append(c)
                offset += c.size
            self._configurations.append(configurations)
            self._by_suits.append({c.suits: c for c in configurations})

    def _suit_counts(self, r: int) -> list[tuple[Counts, ...]]:
        """Every configuration of round r: four suits' counts, sorted from the largest, whose rounds
        hold the rounds' cards; in decreasing order."""
        one_suit = [c for c in itertools.product(*(range(m + 1) for m in self.rounds[: r + 1]))
                    if sum(c) <= _RANKS]
        one_suit.sort(reverse=True)
        out: list[tuple[Counts, ...]] = []

        def extend(chosen: list[Counts], start: int, sums: list[int]) -> None:
            # the suits' counts in non-increasing order (indices into one_suit non-decreasing),
            # a round's cards never over its count: combinations with replacement, pruned
            if len(chosen) == _SUITS:
                if sums == list(self.rounds[: r + 1]):
                    out.append(tuple(chosen))
                return
            for i in range(start, len(one_suit)):
                new = [a + b for a, b in zip(sums, one_suit[i])]
                if all(x <= y for x, y in zip(new, self.rounds)):
                    extend([*chosen, one_suit[i]], i, new)

        extend([], 0, [0] * (r + 1))
        return out

    def size(self, round: int) -> int:
        """How many classes the hands of rounds 0 to ``round`` fall into."""
        c = self._configurations[self._round(round)][-1]
        return c.offset + c.size

    def _round(self, round: int) -> int:
        if isinstance(round, bool) or not isinstance(round, int) or not 0 <= round < len(self.rounds):
            raise ValueError(f"round must be 0 to {len(self.rounds) - 1} for rounds {list(self.rounds)}, "
                             f"not {round!r}")
        return round

    def _check(self, cards: list[int]) -> int:
        """The round a hand of these cards completes; ValueError naming what is wrong."""
        if len(cards) not in self._totals:
            raise ValueError(f"a hand of rounds {list(self.rounds)} holds "
                             f"{' or '.join(str(t) for t in self._totals)} cards, not {len(cards)}")
        if len(set(cards)) != len(cards):
            seen = next(c for c in cards if cards.count(c) > 1)
            from wildeval.cards import format_cards
            raise ValueError(f"duplicate card {format_cards([seen])}")
        return self._totals.index(len(cards))

    def index(self, cards: str | Iterable[object]) -> int:
        """The index of a hand's class: its cards round by round (text, or card ints), the round
        it completes told by how many there are."""
        hand = parse_cards(cards)
        r = self._check(hand)
        sets = self._rank_sets(hand, r)
        counts = [tuple(len(s) for s in sets[suit]) for suit in range(_SUITS)]
        numbers = [self._suit_number(sets[suit]) for suit in range(_SUITS)]
        order = sorted(range(_SUITS), key=lambda s: (counts[s], -numbers[s]), reverse=True)
        c = self._by_suits[r][tuple(counts[s] for s in order)]
        index = c.offset
        for first, n, _, radix in c.groups:
            index += radix * _multiset_rank(sorted(numbers[s] for s in order[first:first + n]))
        return index

    def _rank_sets(self, hand: list[int], r: int) -> list[list[list[int]]]:
        """For each suit, its ranks in each of rounds 0 to r."""
        sets: list[list[list[int]]] = [[[] for _ in range(r + 1)] for _ in range(_SUITS)]
        start = 0
        for k in range(r + 1):
            for c in hand[start:start + self.rounds[k]]:
                sets[c % _SUITS][k].append(c // _SUITS)
            start += self.rounds[k]
        return sets

    @staticmethod
    def _suit_number(rounds: list[list[int]]) -> int:
        """Mixed radix over the rounds: each round's set ranked among the ranks earlier rounds left."""
        number, radix, used = 0, 1, set[int]()
        for ranks in rounds:
            left = [x for x in range(_RANKS) if x not in used]
            number += radix * _set_rank(left.index(x) for x in ranks)
            radix *= comb(len(left), len(ranks))
            used.update(ranks)
        return number

    @staticmethod
    def _suit_sets(number: int, counts: Counts) -> list[list[int]]:
        out, used = [], set[int]()
        for m in counts:
            left = [x for x in range(_RANKS) if x not in used]
            n = comb(len(left), m)
            ranks = [left[p] for p in _set_unrank(number % n, m)]
            number //= n
            out.append(ranks)
            used.update(ranks)
        return out

    def unindex(self, round: int, index: int) -> list[int]:
        """The canonical hand of class ``index`` of round ``round``: its cards round by round, each
        round's from the highest; ``index(unindex(r, i)) == i``."""
        r = self._round(round)
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < self.size(r):
            raise ValueError(f"index must be 0 to {self.size(r) - 1} for round {r}, not {index!r}")
        configurations = self._configurations[r]
        c = configurations[bisect.bisect_right([x.offset for x in configurations], index) - 1]
        rest = index - c.offset
        rounds: list[list[int]] = [[] for _ in range(r + 1)]
        for first, n, _, radix in reversed(c.groups):
            numbers = _multiset_unrank(rest // radix, n)
            rest %= radix
            for k, number in enumerate(numbers):
                suit = first + k
                for j, ranks in enumerate(self._suit_sets(number, c.suits[suit])):
                    rounds[j].extend(_SUITS * x + suit for x in ranks)
        return [card for cards in rounds for card in sorted(cards, reverse=True)]
