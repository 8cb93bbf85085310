"""Tests of the native evaluator, ``wildeval.Evaluator``: random hands against the
reference (Hypothesis), per call and through ``batch`` in every dtype and memory layout; the
seven-card order of eval7, phevaluator and treys; the rules' examples and conventions
(test_native.py checks the published tables and every hand by classes).
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from wildeval import Category, Evaluator, reference
from wildeval.cards import format_cards, parse_cards
from wildeval.values import pack

from native_helpers import CARD_TEXT, DTYPES, LAYOUTS, RANDOM_WILD_SETTINGS, assert_same_order, hands, with_layout

C = Category
N_DECK = 52

# ---------------------------------------------------------------------------------------------
# Hypothesis: native against reference


@settings(max_examples=400, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), RANDOM_WILD_SETTINGS, st.booleans())
def test_native_equals_reference(data: st.DataObject, wild: object, flush_duplicates: bool) -> None:
    ev = Evaluator(wild=wild, flush_duplicates=flush_duplicates)
    ref = reference.Evaluator(wild=wild, flush_duplicates=flush_duplicates)
    assert ev.wild == ref.wild
    cards = data.draw(hands(ev.wild), label="cards")
    value = ev(cards)
    assert type(value) is int
    assert value == ref(cards), (format_cards(cards), wild, flush_duplicates)
    # every form of the same hand: the fast path (list or tuple of ints) and the parsing path
    assert ev(tuple(cards)) == value
    assert ev(format_cards(cards)) == value
    assert ev(format_cards(cards, unicode=True).replace(" ", "")) == value
    assert ev(np.array(cards, dtype=np.int16)) == value
    assert ev([np.uint8(c) for c in cards]) == value
    assert ev(c for c in cards) == value
    # a hand's value does not depend on the order of its cards, nor on the suit names
    assert ev(sorted(cards)) == value


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.data(),
    RANDOM_WILD_SETTINGS,
    st.booleans(),
    st.lists(st.integers(1, 7), min_size=1, max_size=3),
    st.sampled_from([None, 1, 2, 3]),
)
def test_batch_equals_per_call(
    data: st.DataObject, wild: object, flush_duplicates: bool, sizes: list[int], threads: int | None
) -> None:
    ev = Evaluator(wild=wild, flush_duplicates=flush_duplicates)
    ref = reference.Evaluator(wild=wild, flush_duplicates=flush_duplicates)
    for size in sizes:
        rows = data.draw(st.lists(hands(ev.wild, size), min_size=1, max_size=30), label=f"rows of {size}")
        expected = [ev(row) for row in rows]
        assert expected == [ref(row) for row in rows]
        array = np.array(rows, dtype=np.int64)
        dtype = data.draw(st.sampled_from(DTYPES), label="dtype")
        layout = data.draw(st.sampled_from(LAYOUTS), label="layout")
        out = ev.batch(with_layout(array, dtype, layout), threads=threads)
        assert out.dtype == np.int32 and out.shape == (len(rows),)
        assert out.tolist() == expected, (dtype, layout)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("layout", LAYOUTS)
def test_batch_dtypes_and_layouts(dtype: type, layout: str) -> None:
    """Every dtype with every layout, on a fixed set of rows of each size."""
    rng = np.random.default_rng(11)
    ev = Evaluator(wild="357")
    for size in range(1, 8):
        array = rng.random((40, N_DECK)).argsort(axis=1)[:, :size]
        expected = [ev(row) for row in array.tolist()]
        assert ev.batch(with_layout(array, dtype, layout)).tolist() == expected


def test_batch_broadcast_rows() -> None:
    """A zero-stride (broadcast, read-only) array is a valid layout too."""
    ev = Evaluator(wild="2")
    row = np.array(parse_cards("2c Ah Kh Qh Jh"), dtype=np.int32)
    out = ev.batch(np.broadcast_to(row, (1000, 5)))
    assert out.tolist() == [ev(row.tolist())] * 1000


BIG_ENDIAN = [">i2", ">i4", ">i8", ">u2", ">u4", ">u8"]


@pytest.mark.parametrize("dtype", BIG_ENDIAN)
def test_batch_non_native_byte_order(dtype: str) -> None:
    """Big-endian integer arrays hold integers like any other: the same values."""
    ev = Evaluator()
    hands = np.array([[0, 5, 9], [12, 40, 51]])
    assert ev.batch(hands.astype(dtype)).tolist() == ev.batch(hands).tolist()


@pytest.mark.parametrize("dtype", BIG_ENDIAN)
def test_batch_non_native_byte_order_bad_cards(dtype: str) -> None:
    """A big-endian value outside 0-51 is an error naming that value; it is never read as
    another card (1280 = 0x0500 byte-swapped is 5, 2304 = 0x0900 is 9)."""
    ev = Evaluator()
    bad = np.array([[1280, 2304, 0]], dtype=dtype)
    with pytest.raises(ValueError, match=r"^row 0: card (1280|2304) is not a card \(0-51\)$"):
        ev.batch(bad)


def test_batch_many_rows_threads() -> None:
    """More rows than one thread takes: every thread count gives the same values."""
    rng = np.random.default_rng(7)
    hands = rng.random((100_000, N_DECK)).argsort(axis=1)[:, :7].astype(np.uint8)
    for wild in (None, "357"):
        ev = Evaluator(wild=wild)
        one = ev.batch(hands, threads=1)
        for threads in (2, 3, 8, None):
            assert np.array_equal(ev.batch(hands, threads=threads), one)
        assert np.array_equal(ev.batch(hands.astype(np.int64), threads=2), one)
        sample = rng.choice(len(hands), 500, replace=False)
        assert [one[i] for i in sample] == [ev(hands[i].tolist()) for i in sample]


# ---------------------------------------------------------------------------------------------
# Same order and ties as other evaluators (7 cards, natural)


@pytest.fixture(scope="module")
def random_seven() -> tuple[list[list[int]], list[int]]:
    rng = np.random.default_rng(2024)
    hands = rng.random((20_000, N_DECK)).argsort(axis=1)[:, :7]
    return hands.tolist(), Evaluator().batch(hands).tolist()


def test_seven_card_order_agrees_with_eval7(random_seven: tuple[list[list[int]], list[int]]) -> None:
    eval7 = pytest.importorskip("eval7")
    deck = [eval7.Card(text) for text in CARD_TEXT]
    hands, ours = random_seven
    theirs = [eval7.evaluate([deck[c] for c in hand]) for hand in hands]
    assert_same_order(ours, theirs)


def test_seven_card_order_agrees_with_phevaluator(random_seven: tuple[list[list[int]], list[int]]) -> None:
    phevaluator = pytest.importorskip("phevaluator")
    hands, ours = random_seven
    theirs = [-phevaluator.evaluate_cards(*(CARD_TEXT[c] for c in hand)) for hand in hands]  # lower is better
    assert_same_order(ours, theirs)


def test_seven_card_order_agrees_with_treys(random_seven: tuple[list[list[int]], list[int]]) -> None:
    treys = pytest.importorskip("treys")
    deck = [treys.Card.new(text) for text in CARD_TEXT]
    evaluator = treys.Evaluator()
    hands, ours = random_seven
    theirs = [-evaluator.evaluate([deck[c] for c in hand[:2]], [deck[c] for c in hand[2:]]) for hand in hands]
    assert_same_order(ours, theirs)


# ---------------------------------------------------------------------------------------------
# The rules' example and conventions


def test_three_five_seven_example() -> None:
    """Article 5: with threes wild, 3♥K♣K♦ (three kings) beats Q♠Q♥9♣ (a pair of queens)."""
    ev = Evaluator(wild="3")
    a, b = ev("3♥K♣K♦"), ev("Q♠Q♥9♣")
    assert a > b
    assert a == ev("3h Kc Kd") == ev([6, 44, 45]) == pack(C.THREE_OF_A_KIND, [11])
    assert ev.describe(a) == "Three of a kind, kings"
    assert ev.category(a) == C.THREE_OF_A_KIND
    assert ev.describe(b).startswith("Pair of queens, kicker")
    five = ev.best_five("3♥K♣K♦")
    assert sorted(c for c, _ in five) == [6, 44, 45]
    (plays_as,) = [p for c, p in five if c == 6]
    assert plays_as >> 2 == 11 and plays_as not in (44, 45)  # a king not held: K♥ or K♠
    assert [p for c, p in five if c != 6] == [c for c, _ in five if c != 6]


def test_five_of_a_kind_above_royal_flush() -> None:
    royal = Evaluator()("As Ks Qs Js Ts")
    assert royal == Evaluator(wild="2")("As Ks Qs Js Ts") == pack(C.STRAIGHT_FLUSH, [12])
    for wild in ("2", "357"):
        for fd in (True, False):
            ev = Evaluator(wild=wild, flush_duplicates=fd)
            fives = ev("Ac Ad Ah As " + ("2c" if wild == "2" else "3c"))
            assert ev.category(fives) == C.FIVE_OF_A_KIND and fives > royal
            assert ev.describe(fives) == "Five of a kind, aces"
    lowest_five = Evaluator(wild="A")("2c 2d 2h 2s Ac")
    assert lowest_five == pack(C.FIVE_OF_A_KIND, [0]) and lowest_five > royal


def test_wheel_is_the_lowest_straight() -> None:
    ev = Evaluator()
    wheel = ev("Ac 2d 3h 4s 5c")
    assert wheel == pack(C.STRAIGHT, [3])
    assert ev("Kc Kd Kh 2s 3c") < wheel < ev("2d 3h 4s 5c 6c") < ev("Tc Jd Qh Ks Ac")
    assert ev("As 2s 3s 4s 5s") == pack(C.STRAIGHT_FLUSH, [3]) < ev("2s 3s 4s 5s 6s")
    assert ev("As 2s 3s 4s 5s Ks Qs") == pack(C.STRAIGHT_FLUSH, [3])  # not a flush A-K-Q-5-4
    assert ev.category(ev("Qc Kd As 2h 3c")) == C.HIGH_CARD  # no wrap-around straights
    assert Evaluator(wild="2")("2c Ad 3h 4s 5c") == wheel  # the wild as a deuce: five high
    assert Evaluator(wild="2")("2c 6d 3h 4s 5c") == pack(C.STRAIGHT, [5])  # as a seven, not a deuce
    assert Evaluator(wild="2")("2c 7d 3h 4s 5c") == pack(C.STRAIGHT, [5])  # the wild as a six
    assert Evaluator(wild="9")("9c Ad 2h 3s 5c") == wheel  # the wild as a four


@pytest.mark.parametrize("cards", ["2s As 9s 5s 3s", "As 9s 5s 3s 2s", [3, 51, 31, 15, 7]])
def test_duplicate_ace_flush(cards: object) -> None:
    ak = Evaluator()("As Ks Qs Js 9s")
    dup = Evaluator(wild="2")
    nodup = Evaluator(wild="2", flush_duplicates=False)
    assert dup(cards) == pack(C.FLUSH, [12, 12, 7, 3, 1]) > ak
    assert dup.describe(dup(cards)) == "Flush, A-A-9-5-3"
    assert nodup(cards) == pack(C.FLUSH, [12, 11, 7, 3, 1]) < ak
    assert nodup.describe(nodup(cards)) == "Flush, A-K-9-5-3"
    assert dict(dup.best_five(cards))[3] == 51  # the wild 2♠ plays as a second A♠
    assert dict(nodup.best_five(cards))[3] == 47  # the wild 2♠ plays as K♠
    # the option changes only flushes: five of a kind and other hands stay
    assert nodup("As Ac Ad 2c 2s") == dup("As Ac Ad 2c 2s") == pack(C.FIVE_OF_A_KIND, [12])
    assert nodup("Ks Kc 9d 2c 3h") == dup("Ks Kc 9d 2c 3h") == pack(C.THREE_OF_A_KIND, [11, 7, 1])


def test_short_hands_rank_by_groups_only() -> None:
    ev = Evaluator()
    assert ev.category(ev("As Ks Qs Js")) == C.HIGH_CARD
    assert ev("As Ks Qs Js") == pack(C.HIGH_CARD, [12, 11, 10, 9])
    assert ev.category(ev("2h 3h 4h")) == C.HIGH_CARD
    assert Evaluator(wild="2")("2s As Ks Qs") == pack(C.PAIR, [12, 11, 10])  # no straight, no flush
    assert Evaluator(wild="3")("3h 3d Kc 4s") == pack(C.THREE_OF_A_KIND, [11, 2])  # every card plays
    assert Evaluator(wild="3")("3h 3d Kc") == pack(C.THREE_OF_A_KIND, [11])
    assert ev("Kc Kd Ks") == pack(C.THREE_OF_A_KIND, [11])
    assert ev("Kc Kd Ks Kh") == pack(C.FOUR_OF_A_KIND, [11])


def test_a_lone_wild_card_is_an_ace() -> None:
    for wild in ("3", "357", "A"):
        ev = Evaluator(wild=wild)
        wild_card = parse_cards({"3": "3h", "357": "7c", "A": "Ad"}[wild])
        assert ev(wild_card) == Evaluator()("Ah") == pack(C.HIGH_CARD, [12])
        assert ev.describe(ev(wild_card)) == "High card, A"
    assert Evaluator(wild="3")("3h 3c") == pack(C.PAIR, [12])
    assert Evaluator(wild="3")("3h 3c 3d") == pack(C.THREE_OF_A_KIND, [12])


def test_one_scale_across_sizes() -> None:
    ev = Evaluator()
    assert ev("Kc Kd Kh") < ev("Kc Kd Kh 3s 2c") < ev("Kc Kd Kh 4s 2c")
    assert ev("Kc Kd") < ev("Kc Kd 2s") < ev("Kc Kd 3s") < ev("Kc Kd 2s 3h 4c")
    assert ev("As") > ev("Kc Qd Js Th 8c 7d 6h") and ev("As") < ev("Ac 2d")
    assert ev("Kc Kd Kh") < ev("Ac Ad Ah") < ev("2c 3d 4h 5s 6c")
    wild = Evaluator(wild="3")
    assert wild("3h Kc Kd") == ev("Kc Kd Kh") < ev("Kc Kd Kh 3s 2c")
    assert wild("3h Kc Kd") > wild("Qs Qh 9c 8d 7d")


def test_natural_and_wild_hands_tie() -> None:
    assert Evaluator()("Kc Kd Kh 7s 4c") == Evaluator(wild="2")("Kc Kd 2h 7s 4c")
    assert Evaluator()("Th 9h 8h 7h 6h") == Evaluator(wild="5")("9h 8h 7h 6h 5c")
    assert Evaluator()("Ah Kh 9h 7h 6h") == Evaluator(wild="2", flush_duplicates=False)("Ah 2c 9h 7h 6h")


def test_suits_never_break_ties() -> None:
    ev = Evaluator()
    assert ev("As Kd 9h 5c 3s") == ev("Ac Kh 9d 5s 3c")
    assert ev("As Ks Qs Js 9s") == ev("Ah Kh Qh Jh 9h")
    assert ev("As Ks Qs Js Ts 2c 3d") == ev("Ad Kd Qd Jd Td")
