"""Tests of the pure-Python reference evaluator, ``wildeval.reference``: the published tables,
the examples of the rules, eval7's order, the interface (test_reference_oracle.py checks it
against a brute-force oracle).

The five-card tables are checked by enumerating rank-and-suit classes (a full pass over the
2,598,960 hands takes the reference minutes; `python tools/reference_census.py` does it).
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter

import numpy as np
import pytest

from wildeval.cards import format_cards
from wildeval.reference import Evaluator, census
from wildeval.values import Category, category_of, pack

C = Category

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
