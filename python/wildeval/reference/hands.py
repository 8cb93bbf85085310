"""What every reference solver shares: the natural cards of a hand counted by rank and suit, the
:class:`Solution` a solver returns, the searches for the best (or lowest) ranks of a pattern of
groups, the best flush of one suit, and which cards of the hand make a solution.

A wild card stands for any card its holder chooses (any rank and suit, even one already held),
so a hand's value depends only on its natural (non-wild) cards and on how many wild cards there
are. Ranks are indices 0 = deuce .. 12 = ace; a card is ``4 * rank + suit``.

>>> best_groups(Naturals([44, 45]), 1, (3,), every_card_plays=True)  # K♣ K♦ and a wild card
[11]
>>> lowest_groups([1, 1, 2, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0], (2, 1, 1, 1))  # the lowest pair
[2, 3, 1, 0]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from wildeval.rankings.layout import AnyCategory

__all__ = ["ACE", "SUIT_PREFERENCE", "Naturals", "Solution", "best_groups", "cards_of_solution", "flush_ranks",
           "low_cards_of_solution", "lowest_groups", "solve_with_wild"]

ACE = 12
SUIT_PREFERENCE = (3, 2, 1, 0)  # spades, hearts, diamonds, clubs: for a wild card's stand-in


class Solution(NamedTuple):
    """The best hand of a set of natural cards plus some wild cards.

    ``ranks`` are the ranks of the hand in reading order. For groups (``suit is None`` and
    ``sizes`` given) there is one rank per group, ``sizes`` giving the group sizes; for
    straights, flushes and straight flushes there are five ranks, top down, one per card, and
    ``suit`` is the suit of a flush or straight flush (None for a plain straight).
    """

    value: int
    category: AnyCategory
    ranks: tuple[int, ...]
    sizes: tuple[int, ...] | None
    suit: int | None


class Naturals:
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


def best_groups(
    naturals: Naturals, n_wild: int, sizes: tuple[int, ...], every_card_plays: bool
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


def lowest_groups(
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


def flush_ranks(held: set[int], n_wild: int, flush_duplicates: bool, size: int = 5) -> list[int] | None:
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


def solve_with_wild(solve: Callable[[Sequence[int], int, bool], Solution], cards: Sequence[int], wild: frozenset[int],
                    flush_duplicates: bool) -> Solution:
    """The hand of ``cards`` when the ranks ``wild`` are wild, by ``solve`` (a ranking's solver of
    the natural cards and a count of wild cards): the ``solve_hand`` of the rankings that take wild
    ranks ("high", "three_card_poker").

    >>> solve_with_wild(lambda naturals, n_wild, _: (list(naturals), n_wild), [44, 45, 2], frozenset({0}), True)
    ([44, 45], 1)
    """
    naturals = [c for c in cards if c >> 2 not in wild]
    return solve(naturals, len(cards) - len(naturals), flush_duplicates)


def cards_of_solution(cards: Sequence[int], wild: frozenset[int], sol: Solution) -> list[tuple[int, int]]:
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


def low_cards_of_solution(cards: Sequence[int], sol: Solution, avoid_flush: bool) -> list[tuple[int, int]]:
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
