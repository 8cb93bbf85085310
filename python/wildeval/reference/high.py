"""The reference solver of the "high" ranking, natural or with wild ranks.

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

>>> solve([44, 45], 1).category  # K♣ K♦ and a wild card: three kings
<Category.THREE_OF_A_KIND: 3>
"""

from __future__ import annotations

from collections.abc import Sequence

from wildeval.rankings import hand_sizes, spec
from wildeval.rankings.high import HIGH
from wildeval.rankings.layout import Category
from wildeval.reference.hands import (
    ACE,
    SUIT_PREFERENCE,
    Naturals,
    Solution,
    best_groups,
    cards_of_solution,
    flush_ranks,
    solve_with_wild,
)

__all__ = ["FIVE", "FIVE_CARD_PLAN", "SHORT_PLANS", "STRAIGHTS", "STRAIGHT_TOPS", "cards_of", "solve", "solve_hand",
           "straight_ranks"]

FIVE = 3  # rank index of the five: the top card of the wheel

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


def _best_straight(naturals: Naturals, n_wild: int) -> int | None:
    """The top rank of the best straight the hand makes, or None."""
    for top, ranks in STRAIGHTS:
        missing = 5 - len(ranks & naturals.ranks)
        if missing <= n_wild:
            return top
    return None


def _best_straight_flush(naturals: Naturals, n_wild: int) -> tuple[int, int] | None:
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


def _best_flush(
    naturals: Naturals, n_wild: int, flush_duplicates: bool
) -> tuple[list[int], int] | None:
    """(ranks high to low, suit) of the best flush, or None. Between suits giving the same
    ranks, the one needing fewest wild cards, then spades first."""
    options = []
    for order, suit in enumerate(SUIT_PREFERENCE):
        held = naturals.by_suit[suit]
        ranks = flush_ranks(held, n_wild, flush_duplicates)
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
    if n_cards not in spec("high").card_counts:
        raise ValueError(f"the high ranking takes {hand_sizes('high')} cards, {n_cards} were given")
    hand = Naturals(naturals)

    if n_cards < 5:
        for category, sizes in SHORT_PLANS[n_cards]:
            ranks = best_groups(hand, n_wild, sizes, every_card_plays=True)
            if ranks is not None:
                return Solution(HIGH.encode(category, ranks), category, tuple(ranks), sizes, None)
        raise AssertionError("a high card hand can always be made")  # pragma: no cover

    for category, plan in FIVE_CARD_PLAN:
        if plan is not None:
            ranks = best_groups(hand, n_wild, plan, every_card_plays=False)
            if ranks is not None:
                return Solution(HIGH.encode(category, ranks), category, tuple(ranks), plan, None)
        elif category == Category.STRAIGHT_FLUSH:
            found = _best_straight_flush(hand, n_wild)
            if found is not None:
                top, suit = found
                return Solution(HIGH.encode(category, [top]), category, tuple(straight_ranks(top)), None, suit)
        elif category == Category.FLUSH:
            flush = _best_flush(hand, n_wild, flush_duplicates)
            if flush is not None:
                ranks, suit = flush
                return Solution(HIGH.encode(category, ranks), category, tuple(ranks), None, suit)
        elif category == Category.STRAIGHT:
            straight_top = _best_straight(hand, n_wild)
            if straight_top is not None:
                return Solution(HIGH.encode(category, [straight_top]), category, tuple(straight_ranks(straight_top)),
                                None, None)
    raise AssertionError("a high card hand can always be made")  # pragma: no cover


def solve_hand(cards: list[int], wild: frozenset[int], flush_duplicates: bool) -> Solution:
    """The best hand of ``cards`` (checked: distinct, of a size the ranking takes) when the ranks
    ``wild`` are wild: what every reference module gives :class:`~wildeval.reference.Evaluator`."""
    return solve_with_wild(solve, cards, wild, flush_duplicates)


def cards_of(cards: list[int], wild: frozenset[int], solution: Solution) -> list[tuple[int, int]]:
    """The (card, plays_as) pairs of ``cards`` that make ``solution``, in reading order."""
    return cards_of_solution(cards, wild, solution)
