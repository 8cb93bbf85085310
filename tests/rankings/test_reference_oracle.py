"""Tests of the pure-Python reference evaluator, ``wildeval.reference``: the oracle.

The main check is against a brute-force oracle written here from the definition in the rules
conventions: the value of a hand is the best value, over every way of replacing each wild card
by any of the 52 cards (repeats allowed), of the best five cards (all the cards under five),
valued by the textbook rules. The oracle shares nothing with the solver but ``values.pack``
(its groups of equal ranks, tests/helpers/oracle_groups.py, it shares with the lowball oracles).

test_reference_tables.py checks the published tables, the rules' examples, eval7's
order and the interface.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from wildeval.cards import format_cards, parse_cards
from wildeval.reference import Evaluator
from wildeval.values import Category, category_of, pack, tie_ranks

from oracle_groups import group_value

C = Category

# ---------------------------------------------------------------------------------------------
# The brute-force oracle (its groups: tests/helpers/oracle_groups.py)


def exact_value(cards: Sequence[int], flush_duplicates: bool) -> int:
    """The value of exactly the given cards: five cards (repeats allowed) by the textbook rules
    with five of a kind on top, or groups only under five cards."""
    ranks = sorted((c >> 2 for c in cards), reverse=True)
    if len(cards) < 5:
        return group_value(ranks)
    assert len(cards) == 5
    best = group_value(ranks)
    top = None
    if len(set(ranks)) == 5:
        if ranks[0] - ranks[4] == 4:
            top = ranks[0]
        elif ranks == [12, 3, 2, 1, 0]:
            top = 3  # the wheel, five high
    suited = len({c & 3 for c in cards}) == 1 and (flush_duplicates or len(set(cards)) == 5)
    if suited and top is not None:
        best = max(best, pack(C.STRAIGHT_FLUSH, [top]))
    elif suited:
        best = max(best, pack(C.FLUSH, ranks))
    elif top is not None:
        best = max(best, pack(C.STRAIGHT, [top]))
    return best


def brute_force(cards: Sequence[int], wild: frozenset[int], flush_duplicates: bool) -> int:
    """The value by definition: every choice of five cards (all of them under five), every
    substitution of its wild cards by any cards. Substitutions are taken as multisets, which
    is enough because a hand's value does not depend on the order of its cards."""
    subsets = itertools.combinations(cards, 5) if len(cards) > 5 else [tuple(cards)]
    best = -1
    for subset in subsets:
        naturals = [c for c in subset if c >> 2 not in wild]
        n_wild = len(subset) - len(naturals)
        for stand_ins in itertools.combinations_with_replacement(range(52), n_wild):
            best = max(best, exact_value(naturals + list(stand_ins), flush_duplicates))
    return best


def test_oracle_itself() -> None:
    """A few hand-checked values of the oracle's own building blocks."""
    assert exact_value(parse_cards("As Ks Qs Js Ts"), True) == pack(C.STRAIGHT_FLUSH, [12])
    assert exact_value(parse_cards("5d 4c 3c 2c Ac"), True) == pack(C.STRAIGHT, [3])
    assert exact_value([51, 51, 31, 15, 3], True) == pack(C.FLUSH, [12, 12, 7, 3, 0])
    assert exact_value([51, 51, 31, 15, 3], False) == pack(C.PAIR, [12, 7, 3, 0])
    assert exact_value([51, 51, 51, 51, 47], True) == pack(C.FOUR_OF_A_KIND, [12, 11])
    assert exact_value([51, 50, 49, 48, 51], True) == pack(C.FIVE_OF_A_KIND, [12])
    assert exact_value(parse_cards("Kc Kd 3h"), True) == pack(C.PAIR, [11, 1])  # groups only
    assert brute_force(parse_cards("3h Kc Kd"), frozenset({1}), True) == pack(C.THREE_OF_A_KIND, [11])


# ---------------------------------------------------------------------------------------------
# Hypothesis: random hands against the oracle


@st.composite
def wild_hands(
    draw: st.DrawFn, max_wild_cards: int = 2, max_size: int = 7
) -> tuple[list[int], frozenset[int], bool]:
    """(cards, wild ranks, flush_duplicates). The natural cards often come from a few suits
    and a narrow window of ranks, so that flushes, straights and big groups are common."""
    wild = frozenset(draw(st.sets(st.integers(0, 12), max_size=5)))
    n = draw(st.sampled_from(range(max_size, 0, -1)))  # big hands first: they matter most
    wild_pool = [c for c in range(52) if c >> 2 in wild]
    k = draw(st.sampled_from(range(min(max_wild_cards, n, len(wild_pool)), -1, -1)))
    low = draw(st.integers(0, 12))
    width = draw(st.integers(3, 13))
    window = {(low + i) % 13 for i in range(width)}  # may wrap through the ace: wheels
    suits = draw(st.sets(st.integers(0, 3), min_size=1))
    pool = [c for c in range(52) if c >> 2 in window and c & 3 in suits and c >> 2 not in wild]
    if len(pool) < max(1, n - k):
        pool = [c for c in range(52) if c >> 2 not in wild]
    wild_cards = draw(st.lists(st.sampled_from(wild_pool), min_size=k, max_size=k, unique=True)) if k else []
    naturals = draw(st.lists(st.sampled_from(pool), min_size=n - k, max_size=n - k, unique=True))
    cards = draw(st.permutations(wild_cards + naturals))
    return list(cards), wild, draw(st.sampled_from([True, False]))


def check_best_five(ev: Evaluator, cards: list[int], value: int) -> None:
    """best_five gives min(5, n) distinct cards of the hand, natural cards playing as
    themselves, whose stand-ins make the value and are listed in reading order."""
    five = ev.best_five(cards)
    assert len(five) == min(5, len(cards))
    used = [c for c, _ in five]
    assert len(set(used)) == len(used) and set(used) <= set(cards)
    plays = [p for _, p in five]
    for c, p in five:
        assert 0 <= p < 52
        if c >> 2 not in ev.wild:
            assert p == c
    assert exact_value(plays, ev.flush_duplicates) == value
    if len(set(plays)) == len(plays):  # distinct cards: a natural evaluator agrees
        assert Evaluator(flush_duplicates=ev.flush_duplicates)(plays) == value
    # reading order
    category = category_of(value)
    ranks = [p >> 2 for p in plays]
    if category in (C.STRAIGHT, C.STRAIGHT_FLUSH):
        top = tie_ranks(value)[0]
        assert ranks == [(top - i) % 13 for i in range(5)]
    elif category == C.FLUSH:
        assert ranks == tie_ranks(value)
    else:
        assert [r for r, _ in itertools.groupby(ranks)] == tie_ranks(value)
    # outside flushes, a wild card stands for the first card of its rank, in the order spades,
    # hearts, diamonds, clubs, that is neither in the hand nor an earlier stand-in (else spades)
    if category not in (C.STRAIGHT_FLUSH, C.FLUSH):
        stand_ins = [p for c, p in five if c >> 2 in ev.wild]
        for i, p in enumerate(stand_ins):
            taken = set(cards) | set(stand_ins[:i])
            free = [4 * (p >> 2) + s for s in (3, 2, 1, 0) if 4 * (p >> 2) + s not in taken]
            assert p == (free[0] if free else 4 * (p >> 2) + 3)


@pytest.mark.slow
@settings(max_examples=500, suppress_health_check=[HealthCheck.too_slow])
@given(wild_hands(max_wild_cards=2))
def test_against_brute_force(hand: tuple[list[int], frozenset[int], bool]) -> None:
    cards, wild, flush_duplicates = hand
    ev = Evaluator(wild=wild, flush_duplicates=flush_duplicates)
    value = ev(cards)
    assert value == brute_force(cards, wild, flush_duplicates), format_cards(cards)
    check_best_five(ev, cards, value)


@settings(max_examples=100, suppress_health_check=[HealthCheck.too_slow])
@given(wild_hands(max_wild_cards=3, max_size=5))
def test_three_wild_cards_against_brute_force(hand: tuple[list[int], frozenset[int], bool]) -> None:
    cards, wild, flush_duplicates = hand
    ev = Evaluator(wild=wild, flush_duplicates=flush_duplicates)
    value = ev(cards)
    assert value == brute_force(cards, wild, flush_duplicates), format_cards(cards)
    check_best_five(ev, cards, value)


@settings(max_examples=300)
@given(wild_hands(max_wild_cards=7))
def test_many_wild_cards(hand: tuple[list[int], frozenset[int], bool]) -> None:
    """With many wild cards, checked against the rule directly: four or more wild cards in five
    or more cards make five of a kind (of the highest rank that four wilds can join, aces with
    five wilds); under five cards, all wild cards make aces."""
    cards, wild, flush_duplicates = hand
    ev = Evaluator(wild=wild, flush_duplicates=flush_duplicates)
    value = ev(cards)
    naturals = [c for c in cards if c >> 2 not in wild]
    n_wild = len(cards) - len(naturals)
    if len(cards) >= 5 and n_wild >= 4:
        count = Counter(c >> 2 for c in naturals)
        best = max([r for r in range(13) if count[r] + n_wild >= 5])
        assert value == pack(C.FIVE_OF_A_KIND, [best])
    if n_wild == len(cards) < 5:
        assert value == exact_value([51] * len(cards), flush_duplicates)
    check_best_five(ev, cards, value)


@settings(max_examples=100)
@given(wild_hands(max_wild_cards=4), st.data())
def test_value_depends_on_naturals_and_number_of_wilds(
    hand: tuple[list[int], frozenset[int], bool], data: st.DataObject
) -> None:
    """Swapping which ranks are wild, keeping the natural cards and the number of wild cards,
    keeps the value."""
    cards, wild, flush_duplicates = hand
    naturals = [c for c in cards if c >> 2 not in wild]
    n_wild = len(cards) - len(naturals)
    free_ranks = sorted(set(range(13)) - {c >> 2 for c in naturals})
    other_rank = data.draw(st.sampled_from(free_ranks))
    other_cards = naturals + [4 * other_rank + s for s in range(n_wild)]
    a = Evaluator(wild=wild, flush_duplicates=flush_duplicates)(cards)
    b = Evaluator(wild=[other_rank], flush_duplicates=flush_duplicates)(other_cards)
    assert a == b
