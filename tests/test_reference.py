"""Tests of the pure-Python reference evaluator, ``wildeval.reference``.

The main check is against a brute-force oracle written here from the definition in the rules
conventions: the value of a hand is the best value, over every way of replacing each wild card
by any of the 52 cards (repeats allowed), of the best five cards (all the cards under five),
valued by the textbook rules. The oracle shares nothing with the solver but ``values.pack``.

The five-card tables are checked by enumerating rank-and-suit classes (a full pass over the
2,598,960 hands takes the reference minutes; `python tools/reference_census.py` does it).
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Sequence

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wildeval.cards import format_cards, parse_cards
from wildeval.values import Category, category_of, pack, tie_ranks
from wildeval.reference import Evaluator, census

C = Category

# ---------------------------------------------------------------------------------------------
# The brute-force oracle

# group shape (sizes, biggest first) -> category; for every hand size 1 to 5
_SHAPES: dict[tuple[int, ...], Category] = {
    (5,): C.FIVE_OF_A_KIND,
    (4, 1): C.FOUR_OF_A_KIND,
    (3, 2): C.FULL_HOUSE,
    (3, 1, 1): C.THREE_OF_A_KIND,
    (2, 2, 1): C.TWO_PAIR,
    (2, 1, 1, 1): C.PAIR,
    (1, 1, 1, 1, 1): C.HIGH_CARD,
    (4,): C.FOUR_OF_A_KIND,
    (3, 1): C.THREE_OF_A_KIND,
    (2, 2): C.TWO_PAIR,
    (2, 1, 1): C.PAIR,
    (1, 1, 1, 1): C.HIGH_CARD,
    (3,): C.THREE_OF_A_KIND,
    (2, 1): C.PAIR,
    (1, 1, 1): C.HIGH_CARD,
    (2,): C.PAIR,
    (1, 1): C.HIGH_CARD,
    (1,): C.HIGH_CARD,
}


def group_value(cards: Sequence[int]) -> int:
    """The value of 1 to 5 cards (repeats allowed) counting groups only."""
    groups = sorted(Counter(c >> 2 for c in cards).items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = tuple(size for _, size in groups)
    return pack(_SHAPES[shape], [rank for rank, _ in groups])


def exact_value(cards: Sequence[int], flush_duplicates: bool) -> int:
    """The value of exactly the given cards: five cards (repeats allowed) by the textbook rules
    with five of a kind on top, or groups only under five cards."""
    if len(cards) < 5:
        return group_value(cards)
    assert len(cards) == 5
    best = group_value(cards)
    ranks = sorted((c >> 2 for c in cards), reverse=True)
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
    assert group_value(parse_cards("Kc Kd 3h")) == pack(C.PAIR, [11, 1])
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


@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(wild_hands(max_wild_cards=2))
def test_against_brute_force(hand: tuple[list[int], frozenset[int], bool]) -> None:
    cards, wild, flush_duplicates = hand
    ev = Evaluator(wild=wild, flush_duplicates=flush_duplicates)
    value = ev(cards)
    assert value == brute_force(cards, wild, flush_duplicates), format_cards(cards)
    check_best_five(ev, cards, value)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(wild_hands(max_wild_cards=3, max_size=5))
def test_three_wild_cards_against_brute_force(hand: tuple[list[int], frozenset[int], bool]) -> None:
    cards, wild, flush_duplicates = hand
    ev = Evaluator(wild=wild, flush_duplicates=flush_duplicates)
    value = ev(cards)
    assert value == brute_force(cards, wild, flush_duplicates), format_cards(cards)
    check_best_five(ev, cards, value)


@settings(max_examples=300, deadline=None)
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
        assert value == group_value([51] * len(cards))
    check_best_five(ev, cards, value)


@settings(max_examples=100, deadline=None)
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


# ---------------------------------------------------------------------------------------------
# Published tables

FIVE_CARD_COUNTS = {
    C.FIVE_OF_A_KIND: 0,
    C.STRAIGHT_FLUSH: 40,
    C.FOUR_OF_A_KIND: 624,
    C.FULL_HOUSE: 3744,
    C.FLUSH: 5108,
    C.STRAIGHT: 10200,
    C.THREE_OF_A_KIND: 54912,
    C.TWO_PAIR: 123552,
    C.PAIR: 1098240,
    C.HIGH_CARD: 1302540,
}
DEUCES_WILD_COUNTS = {
    C.FIVE_OF_A_KIND: 672,
    C.STRAIGHT_FLUSH: 2552,
    C.FOUR_OF_A_KIND: 31552,
    C.FULL_HOUSE: 12672,
    C.FLUSH: 14472,
    C.STRAIGHT: 62232,
    C.THREE_OF_A_KIND: 355080,
    C.TWO_PAIR: 95040,
    C.PAIR: 1225008,
    C.HIGH_CARD: 799680,
}


def five_card_classes(wild: frozenset[int]) -> list[tuple[int, list[int]]]:
    """Every five-card hand, in classes of hands that must share a value, as (number of hands,
    one hand of the class). A class is: how many wild cards, which natural ranks, and (only
    possible with distinct ranks) whether the natural cards are all of one suit. Suits and
    wild cards of the representative hands are drawn at random."""
    rng = random.Random(5)
    natural_ranks = [r for r in range(13) if r not in wild]
    wild_cards = [c for c in range(52) if c >> 2 in wild]
    classes = []
    for n_wild in range(0, min(5, len(wild_cards)) + 1):
        wild_ways = math.comb(len(wild_cards), n_wild)
        for ranks in itertools.combinations_with_replacement(natural_ranks, 5 - n_wild):
            mult = Counter(ranks)
            if any(m > 4 for m in mult.values()):
                continue
            wilds = rng.sample(wild_cards, n_wild)
            ways = wild_ways * math.prod(math.comb(4, m) for m in mult.values())
            if ranks and len(mult) == len(ranks):  # distinct ranks: all of one suit or not
                suit = rng.randrange(4)
                classes.append((4 * wild_ways, [4 * r + suit for r in ranks] + wilds))
                ways -= 4 * wild_ways
                if ways == 0:  # a single natural card
                    continue
                hand = [4 * r + suit for r in ranks]
                while len({c & 3 for c in hand}) == 1:
                    hand = [4 * r + rng.randrange(4) for r in ranks]
            else:
                suits_of = {r: rng.sample(range(4), m) for r, m in mult.items()}
                hand = [4 * r + suits_of[r].pop() for r in ranks]
            classes.append((ways, hand + wilds))
    return classes


def class_census(ev: Evaluator) -> tuple[Counter[Category], set[int]]:
    """Category counts over all five-card hands, and the set of their values."""
    counts: Counter[Category] = Counter()
    values: set[int] = set()
    for ways, hand in five_card_classes(ev.wild):
        v = ev(hand)
        counts[category_of(v)] += ways
        values.add(v)
    return counts, values


def test_five_card_natural_table_by_rank_patterns() -> None:
    """The 5-card column and the 7,462 distinct values, from one hand of each class."""
    counts, values = class_census(Evaluator())
    assert sum(counts.values()) == math.comb(52, 5)
    assert dict(counts) == {k: v for k, v in FIVE_CARD_COUNTS.items() if v}
    assert len(values) == 7462


@pytest.mark.parametrize("flush_duplicates", [True, False])
def test_five_card_deuces_wild_table_by_rank_patterns(flush_duplicates: bool) -> None:
    counts, values = class_census(Evaluator(wild="2", flush_duplicates=flush_duplicates))
    assert sum(counts.values()) == math.comb(52, 5)
    assert dict(counts) == DEUCES_WILD_COUNTS


def test_distinct_values_with_wild_cards() -> None:
    """Without duplicate cards in flushes, wild cards reach only the 7,462 natural values and
    the 13 five of a kinds: 7,475 in all (deuces wild reach every five of a kind but deuces,
    aces wild every one but aces). With duplicates, the new values are all flushes."""
    natural = class_census(Evaluator())[1]
    assert len(natural) == 7462
    no_dup = set().union(*(class_census(Evaluator(wild=w, flush_duplicates=False))[1] for w in "2A"))
    assert {category_of(v) for v in no_dup - natural} == {C.FIVE_OF_A_KIND}
    assert len(natural | no_dup) == 7475
    dup = class_census(Evaluator(wild="2"))[1]
    assert {category_of(v) for v in dup - natural} == {C.FIVE_OF_A_KIND, C.FLUSH}


def test_three_card_guts_table() -> None:
    counts = census(3)
    assert counts == {**dict.fromkeys(Category, 0), C.THREE_OF_A_KIND: 52, C.PAIR: 3744, C.HIGH_CARD: 18304}
    assert list(counts) == list(Category)


def test_every_two_card_hand() -> None:
    ev = Evaluator()
    values = set()
    for a, b in itertools.combinations(range(52), 2):
        hi, lo = max(a >> 2, b >> 2), min(a >> 2, b >> 2)
        expected = pack(C.PAIR, [hi]) if hi == lo else pack(C.HIGH_CARD, [hi, lo])
        assert ev([a, b]) == ev([b, a]) == expected
        values.add(expected)
    assert len(values) == 13 + 78
    assert census(2) == {**dict.fromkeys(Category, 0), C.PAIR: 78, C.HIGH_CARD: 1248}
    # aces wild: any hand holding an ace is a pair
    assert census(2, wild="A") == {**dict.fromkeys(Category, 0), C.PAIR: 72 + 1326 - 1128, C.HIGH_CARD: 1128 - 72}


def test_every_one_card_hand() -> None:
    ev = Evaluator(wild="7")
    for c in range(52):
        assert ev([c]) == pack(C.HIGH_CARD, [12 if c >> 2 == 5 else c >> 2])


# ---------------------------------------------------------------------------------------------
# Examples from the rules and the brief


def test_three_five_seven_example() -> None:
    ev = Evaluator(wild="3")
    a, b = ev("3♥K♣K♦"), ev("Q♠Q♥9♣")
    assert a == pack(C.THREE_OF_A_KIND, [11])
    assert b == pack(C.PAIR, [10, 7])
    assert a > b
    assert ev.describe(a) == "Three of a kind, kings"


def test_short_hands() -> None:
    ev = Evaluator(wild="3")
    assert ev("3h") == pack(C.HIGH_CARD, [12])
    assert ev("3h 3d") == pack(C.PAIR, [12])
    assert ev("3h Kc") == pack(C.PAIR, [11])
    assert ev("3h 3d 3c 3s") == pack(C.FOUR_OF_A_KIND, [12])
    assert ev("3h Kc Kd 4s") == pack(C.THREE_OF_A_KIND, [11, 2])
    assert ev("Kc Kd Ks") < ev("Kc Kd Ks 4s 2s")
    assert ev("Kc Kd") < ev("Kc Kd 2s")
    assert ev("Kc Kd 2s 2c") == pack(C.TWO_PAIR, [11, 0])
    # no straights or flushes under five cards
    assert category_of(Evaluator()("As Ks Qs Js")) == C.HIGH_CARD


def test_wheel_is_the_lowest_straight() -> None:
    ev = Evaluator()
    wheel, six_high = ev("5d 4c 3h 2s Ac"), ev("6d 5d 4c 3h 2s")
    assert wheel == pack(C.STRAIGHT, [3]) and six_high == pack(C.STRAIGHT, [4])
    assert wheel < six_high < ev("Ad Kc Qh Js Tc")
    assert ev("5s 4s 3s 2s As") < ev("6s 5s 4s 3s 2s")
    assert category_of(ev("4d 3c 2h As Ks")) == C.HIGH_CARD  # no wrap-around
    assert ev.describe(wheel) == "Straight, five high"


def test_duplicate_flush() -> None:
    dup, nodup = Evaluator(wild="2"), Evaluator(wild="2", flush_duplicates=False)
    ak = Evaluator()("As Ks Qs Js 9s")
    hand = "As 2c 9s 5s 3s"  # the deuce as a second ace of spades
    assert dup(hand) == pack(C.FLUSH, [12, 12, 7, 3, 1])
    assert dup(hand) > ak
    assert nodup(hand) == pack(C.FLUSH, [12, 11, 7, 3, 1])
    assert nodup(hand) < ak
    assert dup.best_five(hand)[1] == (0, 51)
    assert nodup.best_five(hand)[1] == (0, 47)
    assert dup.describe(dup(hand)) == "Flush, A-A-9-5-3"
    # the option changes nothing else: five of a kind stays
    assert nodup("As Ac Ad 2c 2s") == pack(C.FIVE_OF_A_KIND, [12])


def test_five_of_a_kind_beats_a_royal_flush() -> None:
    royal = Evaluator()("As Ks Qs Js Ts")
    five = Evaluator(wild="2")("Ac Ad Ah As 2c")
    assert royal == pack(C.STRAIGHT_FLUSH, [12])
    assert five == pack(C.FIVE_OF_A_KIND, [12])
    assert five > royal
    assert Evaluator(wild="2")("3c 3d 2h 2s 2c") > royal  # five threes
    assert Evaluator(wild="2")("2c 2d 2h 2s Kc Qd 9h") == pack(C.FIVE_OF_A_KIND, [11])


def test_natural_and_wild_hands_tie() -> None:
    assert Evaluator()("Kc Kd Kh 7s 4c") == Evaluator(wild="2")("Kc Kd 2h 7s 4c")
    assert Evaluator()("Th 9h 8h 7h 6h") == Evaluator(wild="5")("9h 8h 7h 6h 5c")  # the five as T♥


# ---------------------------------------------------------------------------------------------
# eval7


def test_seven_card_order_agrees_with_eval7() -> None:
    eval7 = pytest.importorskip("eval7")
    rng = random.Random(7)
    ev = Evaluator()
    pairs = set()
    for size in (5, 6, 7, 7, 7):
        for _ in range(1000):
            hand = rng.sample(range(52), size)
            ours = ev(hand)
            theirs = eval7.evaluate([eval7.Card(format_cards([c])) for c in hand])
            pairs.add((ours, theirs))
    # the map between the two scales is strictly increasing both ways: same order, same ties
    by_ours = sorted(pairs)
    assert [t for _, t in by_ours] == sorted(t for _, t in by_ours)
    assert len({o for o, _ in pairs}) == len({t for _, t in pairs}) == len(pairs)


# ---------------------------------------------------------------------------------------------
# The interface


def test_settings() -> None:
    ev = Evaluator(wild="357", flush_duplicates=False)
    assert ev.ranking == "high" and ev.wild == frozenset({1, 3, 5}) and ev.flush_duplicates is False
    assert Evaluator().wild == frozenset()
    assert Evaluator(wild=[0]).wild == frozenset({0})
    for name in ("ranking", "wild", "flush_duplicates"):
        with pytest.raises(AttributeError):
            setattr(ev, name, None)
    with pytest.raises(ValueError, match="deuce-to-seven"):
        Evaluator("deuce-to-seven")
    with pytest.raises(ValueError, match="'low'"):
        Evaluator(ranking="low")
    for bad in (1, None, "yes"):
        with pytest.raises(TypeError):
            Evaluator(flush_duplicates=bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        Evaluator(wild="X")
    assert Evaluator(flush_duplicates=np.bool_(True)).flush_duplicates is True


def test_card_counts_and_inputs() -> None:
    ev = Evaluator()
    with pytest.raises(ValueError, match="8 were given"):
        ev(list(range(8)))
    with pytest.raises(ValueError, match="0 were given"):
        ev([])
    with pytest.raises(ValueError, match="0 were given"):
        ev.best_five("")
    with pytest.raises(ValueError, match="duplicate"):
        ev("As As")
    with pytest.raises(TypeError):
        ev([1.0, 2.0])
    assert ev("As Kd") == ev([51, 45]) == ev(np.array([51, 45])) == ev(("As", "Kd"))
    v = ev("As Ad Kc Kd 2h")
    assert ev.category(v) == C.TWO_PAIR
    assert ev.describe(v) == "Two pair, aces and kings, kicker 2"


def test_best_five_examples() -> None:
    ev = Evaluator(wild="3")
    assert ev.best_five("3h Kc Kd") == [(45, 45), (44, 44), (6, 47)]
    # seven cards: only five play, naturals before wild cards
    assert Evaluator().best_five("Kd 2c Ks 9h Kh 4d 7c") == [
        (47, 47), (46, 46), (45, 45), (30, 30), (20, 20)
    ]
    # a straight flush with a wild card: the stand-in is of the flush suit
    assert Evaluator(wild="2").best_five("9h 8h 2c 6h 5h Ad Kc") == [
        (30, 30), (26, 26), (0, 22), (18, 18), (14, 14)
    ]


def test_batch_matches_single_hands() -> None:
    rng = random.Random(3)
    for wild in (None, "2", "357"):
        ev = Evaluator(wild=wild)
        for size in range(1, 8):
            hands = np.array([rng.sample(range(52), size) for _ in range(50)], dtype=np.int64)
            out = ev.batch(hands, threads=2)
            assert out.dtype == np.int32 and out.shape == (50,)
            assert out.tolist() == [ev(h) for h in hands.tolist()]
    assert Evaluator().batch([[51, 47]]).tolist() == [Evaluator()("As Ks")]
    for dtype in (np.uint8, np.int8, np.int16, np.uint64):
        assert Evaluator().batch(np.array([[51, 47]], dtype=dtype)).tolist() == [Evaluator()("As Ks")]
    # Python ints in an object array are integers too
    assert Evaluator().batch(np.array([[51, 47]], dtype=object)).tolist() == [Evaluator()("As Ks")]


def test_batch_empty() -> None:
    out = Evaluator().batch(np.empty((0, 5), dtype=np.int64))
    assert out.dtype == np.int32 and out.shape == (0,)


def test_batch_validation() -> None:
    ev = Evaluator()
    good = [[0, 1, 2, 3, 4]] * 3
    with pytest.raises(TypeError):
        ev.batch(np.array(good, dtype=float))
    with pytest.raises(TypeError):
        ev.batch(np.ones((2, 5), dtype=bool))
    with pytest.raises(TypeError):
        ev.batch(np.array([[0, 1, "As"]], dtype=object))
    with pytest.raises(TypeError):
        ev.batch(np.array([[0, 1, 2.0]], dtype=object))
    with pytest.raises(TypeError):
        ev.batch(np.array([[0, 1, True]], dtype=object))
    with pytest.raises(TypeError):
        ev.batch([["As", "Kd"]])
    with pytest.raises(ValueError, match="2-D"):
        ev.batch(np.arange(5))
    with pytest.raises(ValueError, match="2-D"):
        ev.batch(np.zeros((2, 2, 5), dtype=int))
    with pytest.raises(ValueError):
        ev.batch([[0, 1], [2]])  # ragged
    with pytest.raises(ValueError, match="8"):
        ev.batch(np.arange(16).reshape(2, 8))
    with pytest.raises(ValueError, match="0"):
        ev.batch(np.empty((3, 0), dtype=int))
    bad = np.array([[0, 1, 2, 3, 4]] * 5)
    bad[3, 2] = 52
    with pytest.raises(ValueError, match=r"^row 3: card 52 is not a card \(0-51\)$"):
        ev.batch(bad)
    bad[3, 2] = -1
    with pytest.raises(ValueError, match=r"^row 3: card -1 is not a card \(0-51\)$"):
        ev.batch(bad)
    for dtype in (np.int16, np.uint16, np.int64):  # never cast: 300 is not 44
        bad = np.array([[0, 1, 2], [300, 3, 4]], dtype=dtype)
        with pytest.raises(ValueError, match=r"^row 1: card 300 is not a card \(0-51\)$"):
            ev.batch(bad)
    with pytest.raises(ValueError, match=r"^row 0: card 1180591620717411303424 is not a card"):
        ev.batch([[0, 1, 2**70]])
    dup = np.array([[0, 1, 2, 3, 4]] * 5)
    dup[3] = [51, 1, 2, 3, 51]
    with pytest.raises(ValueError, match=r"^row 3: duplicate card As$"):
        ev.batch(dup)


def test_census_shape() -> None:
    counts = census(1, wild="A")
    assert list(counts) == list(Category)
    assert counts[C.HIGH_CARD] == 52 and sum(counts.values()) == 52
    with pytest.raises(ValueError):
        census(0)
    with pytest.raises(ValueError):
        census(8)
    with pytest.raises(ValueError):
        census(3, ranking="low")
