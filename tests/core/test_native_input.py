"""Tests of the native evaluator's edges: ``describe``, ``category`` and ``best_five``, every
kind of bad input per call and in batches, the evaluator's settings, and what the core reports
(its tables, its threads, batches into ``out=``). The values themselves are checked in
test_native.py and test_native_values.py; how an Evaluator is called, pickled and copied in test_evaluator_object.py."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import wildeval
from wildeval import Category, Evaluator, census, reference
from wildeval.cards import format_cards
from wildeval.wild import parse_wild

from native_helpers import DTYPES, RANDOM_WILD_SETTINGS, hands, with_layout

C = Category
N_DECK = 52


# ---------------------------------------------------------------------------------------------
# describe, category, best_five


@pytest.mark.parametrize(
    ("wild", "cards", "category", "text"),
    [
        (None, "As Kd 9h 5c 3s", C.HIGH_CARD, "High card, A-K-9-5-3"),
        (None, "As", C.HIGH_CARD, "High card, A"),
        (None, "Kc 9d 8c", C.HIGH_CARD, "High card, K-9-8"),
        (None, "Ks Kd 9h 5c 3s", C.PAIR, "Pair of kings, kickers 9-5-3"),
        (None, "Kc Kd", C.PAIR, "Pair of kings"),
        (None, "As Ad Kc Kd 2h", C.TWO_PAIR, "Two pair, aces and kings, kicker 2"),
        (None, "Kc Kd 9h 9s", C.TWO_PAIR, "Two pair, kings and nines"),
        (None, "7s 7d 7h Ac 2d", C.THREE_OF_A_KIND, "Three of a kind, sevens, kickers A-2"),
        ("3", "3h Kc Kd", C.THREE_OF_A_KIND, "Three of a kind, kings"),
        (None, "5d 4c 3h 2s Ac", C.STRAIGHT, "Straight, five high"),
        (None, "Ts 9d 8h 7c 6s", C.STRAIGHT, "Straight, ten high"),
        (None, "Ah Jh 9h 4h 2h", C.FLUSH, "Flush, A-J-9-4-2"),
        ("2", "As 2c 9s 5s 7s", C.FLUSH, "Flush, A-A-9-7-5"),
        (None, "6s 6d 6h Kc Kd", C.FULL_HOUSE, "Full house, sixes over kings"),
        (None, "9s 9d 9h 9c 2d", C.FOUR_OF_A_KIND, "Four of a kind, nines, kicker 2"),
        (None, "Kc Kd 9h 9s 9c 9d", C.FOUR_OF_A_KIND, "Four of a kind, nines, kicker K"),
        (None, "9h 8h 7h 6h 5h", C.STRAIGHT_FLUSH, "Straight flush, nine high"),
        (None, "As Ks Qs Js Ts 2c 2d", C.STRAIGHT_FLUSH, "Royal flush"),
        ("2", "Ac Ad Ah As 2c", C.FIVE_OF_A_KIND, "Five of a kind, aces"),
        ("2", "2c 2d 2h 2s 6c", C.FIVE_OF_A_KIND, "Five of a kind, sixes"),
    ],
)
def test_describe_and_category(wild: str | None, cards: str, category: Category, text: str) -> None:
    ev = Evaluator(wild=wild)
    value = ev(cards)
    assert ev.category(value) is category
    assert ev.describe(value) == text
    assert reference.Evaluator(wild=wild).describe(value) == text


def test_describe_rejects_non_values() -> None:
    ev = Evaluator()
    with pytest.raises(ValueError, match="-1"):
        ev.describe(-1)
    with pytest.raises(ValueError, match=str(10 << 20)):
        ev.category(10 << 20)


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), RANDOM_WILD_SETTINGS, st.booleans())
def test_best_five(data: st.DataObject, wild: object, flush_duplicates: bool) -> None:
    ev = Evaluator(wild=wild, flush_duplicates=flush_duplicates)
    cards = data.draw(hands(ev.wild), label="cards")
    value = ev(cards)
    five = ev.best_five(cards)
    assert five == ev.best_five(format_cards(cards))
    assert len(five) == min(5, len(cards))
    used = [c for c, _ in five]
    assert len(set(used)) == len(used) and set(used) <= set(cards)
    assert ev(used) == value  # the cards chosen make the value
    plays = [p for _, p in five]
    for c, p in five:
        assert type(p) is int and 0 <= p < N_DECK
        if c >> 2 not in ev.wild:
            assert p == c  # natural cards play as themselves
    if len(set(plays)) == len(plays) and ev.category(value) != C.FIVE_OF_A_KIND:
        assert Evaluator()(plays) == value, (format_cards(cards), five)
    if not ev.wild:
        assert all(c == p for c, p in five)


# ---------------------------------------------------------------------------------------------
# Bad input, per call


PER_CALL_ERRORS: list[tuple[object, type[Exception], str]] = [
    ([1.0, 2.0], TypeError, r"the 1st item \(1\.0, a float\)"),
    ([51, 2.0], TypeError, r"the 2nd item \(2\.0, a float\)"),
    ([51, 2.5], TypeError, r"the 2nd item \(2\.5, a float\)"),
    ([np.float64(3.0)], TypeError, r"the 1st item .*float"),
    ([True, 3], TypeError, r"the 1st item is a bool"),
    ([3, False], TypeError, r"the 2nd item is a bool"),
    ([np.bool_(True), 3], TypeError, r"the 1st item .*bool"),
    ([52, 3], ValueError, r"the 1st item \(52\) is not a card"),
    ([3, -1], ValueError, r"the 2nd item \(-1\) is not a card"),
    ([3, 2**70], ValueError, r"the 2nd item \(1180591620717411303424\) is not a card"),
    ((3, 300), ValueError, r"the 2nd item \(300\) is not a card"),
    ([np.int64(52)], ValueError, r"the 1st item \(52\) is not a card"),
    ([5, 3, 5], ValueError, r"^duplicate card 3d: the 1st and 3rd cards$"),
    ((51, 51), ValueError, r"^duplicate card As: the 1st and 2nd cards$"),
    ("As Kd As", ValueError, r"^duplicate card As: the 1st and 3rd cards$"),
    (["As", 51], ValueError, r"^duplicate card As: the 1st and 2nd cards$"),
    ([], ValueError, r"1 to 7 cards, got 0"),
    ((), ValueError, r"1 to 7 cards, got 0"),
    ("", ValueError, r"1 to 7 cards, got 0"),
    (list(range(8)), ValueError, r"1 to 7 cards, got 8"),
    (tuple(range(8)), ValueError, r"1 to 7 cards, got 8"),
    ("As Ks Qs Js Ts 9s 8s 7s", ValueError, r"1 to 7 cards, got 8"),
    ("Xs", ValueError, r"'X' is not a rank"),
    ("As Xs", ValueError, r"the 4th character .*'X' is not a rank"),
    ("A", ValueError, r"expected a suit .*the end of the text"),
    ("Ax", ValueError, r"expected a suit .*got 'x'"),
    ("1h", ValueError, r"'1' is not a rank"),
    (["As", "Kd Qh"], ValueError, r"the 2nd item \('Kd Qh'\) is not exactly one card"),
    (b"As", TypeError, r"bytes"),
    (None, TypeError, r"NoneType"),
    (5, TypeError, r"not int"),
    ([None], TypeError, r"the 1st item \(None, a NoneType\)"),
]


@pytest.mark.parametrize(("cards", "error", "message"), PER_CALL_ERRORS)
def test_per_call_errors(cards: object, error: type[Exception], message: str) -> None:
    for wild in (None, "2"):
        ev = Evaluator(wild=wild)
        with pytest.raises(error, match=message):
            ev(cards)
        with pytest.raises(error, match=message):
            ev.best_five(cards)  # type: ignore[arg-type]
        with pytest.raises(error):  # the reference rejects the same input the same way
            reference.Evaluator(wild=wild)(cards)  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------------------
# Bad input, batch


def test_batch_type_errors() -> None:
    ev = Evaluator()
    good = [[0, 1, 2, 3, 4]] * 3
    cases = [
        (np.array(good, dtype=float), "float64"),
        (np.array(good, dtype=np.float32), "float32"),
        (np.ones((2, 5), dtype=bool), "bool"),
        (np.array([[0, 1, "As"]], dtype=object), "object"),
        (np.array([[0, 1, 2]], dtype=object), "object"),
        (np.array([["As", "Kd"]]), "<U2"),
        ([["As", "Kd"]], "<U2"),
        ([[0.0, 1.0]], "float64"),
        ([[True, False]], "bool"),
        (np.array(good, dtype=complex), "complex"),
    ]
    for rows, dtype_name in cases:
        with pytest.raises(TypeError, match=f"hands must hold integers, not {dtype_name}"):
            ev.batch(rows)


def test_batch_shape_errors() -> None:
    ev = Evaluator()
    with pytest.raises(ValueError, match=r"2-D array.*got 1 dimension"):
        ev.batch(np.arange(5))
    with pytest.raises(ValueError, match=r"2-D array.*got 3 dimension"):
        ev.batch(np.zeros((2, 2, 5), dtype=np.int64))
    with pytest.raises(ValueError, match=r"2-D array.*got 0 dimension"):
        ev.batch(np.int64(3))
    with pytest.raises(ValueError, match=r"rows have 0 columns"):
        ev.batch(np.empty((3, 0), dtype=np.int64))
    with pytest.raises(ValueError, match=r"rows have 8 columns"):
        ev.batch(np.arange(16).reshape(2, 8))
    with pytest.raises(ValueError):
        ev.batch([[0, 1], [2]])  # ragged


@pytest.mark.parametrize("dtype", [np.uint8, np.int8, np.int16, np.int32, np.int64, np.uint16, np.uint32, np.uint64])
@pytest.mark.parametrize("layout", ["C", "F", "column slice"])
def test_empty_batch(dtype: type, layout: str) -> None:
    ev = Evaluator()
    for cols in (1, 5, 7):
        empty = with_layout(np.empty((0, cols), dtype=np.int64), dtype, layout)
        out = ev.batch(empty)
        assert out.dtype == np.int32 and out.shape == (0,)


BAD_CARDS = [
    (np.int8, [52, -1, -128, 127]),
    (np.uint8, [52, 255, 128]),
    (np.int16, [52, 63, 64, -1, 300, 256, 2**15 - 1, -(2**15)]),
    (np.uint16, [52, 63, 300, 256 + 5, 2**15 + 3, 2**16 - 1]),
    (np.int32, [52, -1, 300, 2**16 + 5, 2**31 - 1, -(2**31)]),
    (np.uint32, [52, 300, 2**16 + 5, 2**31 + 1, 2**32 - 1, 2**32 - 256]),
    (np.int64, [52, 63, -1, 300, 2**16 + 1, 2**32 + 5, 2**63 - 1, -(2**63)]),
    (np.uint64, [52, 300, 2**32 + 5, 2**40, 2**63, 2**64 - 1]),
]


@pytest.mark.usefixtures("rows_kernel")  # wide cards: narrowed 16 (SSE4.1) at a time, or read by the AVX-512 kernel
@pytest.mark.parametrize(("dtype", "bad_values"), BAD_CARDS)
@pytest.mark.parametrize("layout", ["C", "F", "column slice", "negative strides"])
def test_batch_bad_card_names_row_and_card(dtype: type, bad_values: list[int], layout: str) -> None:
    """A card outside 0-51 is a ValueError naming its row and its value, whatever the dtype:
    it is never narrowed to a valid card (300 is not 44, 2**64 - 1 is not -1)."""
    ev = Evaluator()
    rng = np.random.default_rng(5)
    for bad in bad_values:
        for row in (0, 2, 4, 21, 39):
            hands = rng.random((40, N_DECK)).argsort(axis=1)[:, :6]
            hands = hands.astype(dtype)
            hands[row, 3] = dtype(bad)
            assert int(hands[row, 3]) == bad
            array = with_layout(hands, dtype, layout) if layout != "C" else hands
            with pytest.raises(ValueError, match=rf"^row {row}: card {bad} is not a card \(0-51\)$"):
                ev.batch(array)


def test_batch_bad_card_in_a_big_batch() -> None:
    """The first bad row is named, also beyond the part of the first thread."""
    ev = Evaluator()
    rng = np.random.default_rng(9)
    hands = rng.random((70_000, N_DECK)).argsort(axis=1)[:, :5]
    for dtype in (np.uint8, np.int64, np.uint16):
        bad = hands.astype(dtype)
        bad[66_666, 4] = 60
        bad[69_999, 0] = 61
        for threads in (1, 2, None):
            with pytest.raises(ValueError, match=r"^row 66666: card 60 is not a card \(0-51\)$"):
                ev.batch(bad, threads=threads)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("layout", ["C", "F", "column step"])
def test_batch_duplicate_names_row_and_card(dtype: type, layout: str) -> None:
    ev = Evaluator(wild="2")
    hands = np.array([[0, 1, 2, 3, 4]] * 6)
    hands[3] = [51, 1, 2, 3, 51]
    hands[5] = [7, 7, 8, 9, 10]
    with pytest.raises(ValueError, match=r"^row 3: duplicate card As$"):
        ev.batch(with_layout(hands, dtype, layout))
    hands[3] = [0, 1, 2, 3, 4]
    with pytest.raises(ValueError, match=r"^row 5: duplicate card 3s$"):
        ev.batch(with_layout(hands, dtype, layout))


def test_batch_duplicate_in_a_big_batch() -> None:
    ev = Evaluator()
    rng = np.random.default_rng(10)
    hands = rng.random((100_000, N_DECK)).argsort(axis=1)[:, :7].astype(np.uint8)
    hands[80_000, 6] = hands[80_000, 1]
    hands[99_999, 6] = hands[99_999, 5]
    card = format_cards([int(hands[80_000, 1])])
    for threads in (1, 2, 4, None):
        with pytest.raises(ValueError, match=rf"^row 80000: duplicate card {card}$"):
            ev.batch(hands, threads=threads)


@pytest.mark.parametrize(
    ("threads", "error", "message"),
    [
        (0, ValueError, "got 0"),
        (-1, ValueError, "got -1"),
        (1.5, TypeError, "threads must be None or an int"),
        (True, TypeError, "threads must be None or an int"),
        (False, TypeError, "threads must be None or an int"),
        ("2", TypeError, "threads must be None or an int"),
    ],
)
def test_batch_bad_threads(threads: object, error: type[Exception], message: str) -> None:
    ev = Evaluator()
    for rows in (np.array([[0, 1, 2]]), np.empty((0, 3), dtype=np.int64)):
        with pytest.raises(error, match=message):
            ev.batch(rows, threads=threads)  # type: ignore[arg-type]


def test_batch_good_threads() -> None:
    ev = Evaluator()
    hands = np.array([[0, 1, 2], [51, 47, 43]])
    expected = [ev([0, 1, 2]), ev([51, 47, 43])]
    for threads in (None, 1, 2, 64, 10**6):
        assert ev.batch(hands, threads=threads).tolist() == expected


# ---------------------------------------------------------------------------------------------
# Evaluator settings


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"wild": "X"}, ValueError, r"'X', the 1st character, is not a rank"),
        ({"wild": "3X"}, ValueError, r"'X', the 2nd character, is not a rank"),
        ({"wild": ""}, ValueError, r"names no rank"),
        ({"wild": 3.5}, ValueError, r"3\.5"),
        ({"wild": 3}, ValueError, r"not 3"),
        ({"wild": [13]}, ValueError, r"13 is not a rank index 0-12"),
        ({"wild": [-1]}, ValueError, r"-1 is not a rank index 0-12"),
        ({"wild": [True]}, ValueError, r"True is not a rank index"),
        ({"wild": [1.0]}, ValueError, r"1\.0 is not a rank index"),
        ({"wild": b"3"}, ValueError, r"b'3'"),
        ({"ranking": "low"}, ValueError, r"unknown ranking 'low'"),
        ({"ranking": "deuce-to-seven"}, ValueError, r"unknown ranking 'deuce-to-seven'"),
        ({"ranking": None}, ValueError, r"unknown ranking None"),
        ({"flush_duplicates": "yes"}, TypeError, r"flush_duplicates must be a bool, not str"),
        ({"flush_duplicates": 1}, TypeError, r"flush_duplicates must be a bool, not int"),
        ({"flush_duplicates": None}, TypeError, r"flush_duplicates must be a bool, not NoneType"),
    ],
)
def test_bad_settings(kwargs: dict[str, object], error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        Evaluator(**kwargs)  # type: ignore[arg-type]
    with pytest.raises(error):
        reference.Evaluator(**kwargs)  # type: ignore[arg-type]
    with pytest.raises(error, match=message):
        census(3, **kwargs)  # type: ignore[arg-type]


def test_settings_and_repr() -> None:
    ev = Evaluator(wild="357", flush_duplicates=False)
    assert ev.ranking == "high" and ev.wild == frozenset({1, 3, 5}) and ev.flush_duplicates is False
    assert repr(ev) == "Evaluator('high', wild='357', flush_duplicates=False)"
    assert Evaluator(wild="10").wild == Evaluator(wild="T").wild == Evaluator(wild=[8]).wild == frozenset({8})
    assert Evaluator(wild=[]).wild == frozenset() and Evaluator(wild=np.array([0, 12])).wild == {0, 12}
    assert Evaluator(flush_duplicates=np.bool_(False)).flush_duplicates is False
    assert Evaluator("high") is not None
    with pytest.raises(TypeError):
        Evaluator("high", None, True)  # type: ignore[misc]  # flush_duplicates is keyword-only


def test_errors_leave_the_evaluator_unchanged() -> None:
    rng = np.random.default_rng(3)
    sample = [rng.permutation(N_DECK)[:n].tolist() for n in (1, 3, 5, 6, 7) for _ in range(30)]
    for wild, fd in ((None, True), ("357", False), ("2", True)):
        ev = Evaluator(wild=wild, flush_duplicates=fd)
        ref = reference.Evaluator(wild=wild, flush_duplicates=fd)
        before = [ev(h) for h in sample]
        assert before == [ref(h) for h in sample]
        for cards, error, _ in PER_CALL_ERRORS:
            with pytest.raises(error):
                ev(cards)
        for bad in (np.array([[0, 1, 52]]), np.array([[0, 1, 1]]), np.zeros((2, 8), dtype=int), np.ones((1, 2))):
            with pytest.raises((ValueError, TypeError)):
                ev.batch(bad)
        with pytest.raises(ValueError):
            ev.batch([[0, 1]], threads=0)
        assert [ev(h) for h in sample] == before
        sevens = [b for h, b in zip(sample, before) if len(h) == 7]
        assert ev.batch(np.array([h for h in sample if len(h) == 7])).tolist() == sevens
        assert (ev.ranking, ev.wild, ev.flush_duplicates) == ("high", parse_wild(wild), fd)


# ---------------------------------------------------------------------------------------------
# The core


def test_table_bytes() -> None:
    # the tables every ranking but Omaha reads stay within 2 MiB (a core's level-2 cache); Omaha's
    # own (high: a row of pairs per board; low: the best low of each pair of place sets), read by
    # it alone, within another
    sizes = wildeval._core.table_sizes()
    omaha = sizes["omaha"] + sizes["omaha_low"]
    assert 0 < wildeval._core.table_bytes() - omaha < 2 * 1024 * 1024
    assert 0 < omaha < 2 * 1024 * 1024


def test_table_sizes_add_up_to_the_budget() -> None:
    sizes = wildeval._core.table_sizes()
    assert set(sizes) == {"rank", "low", "three_card", "short_deck", "omaha", "omaha_low"}
    assert all(n > 0 for n in sizes.values())
    assert sum(sizes.values()) == wildeval._core.table_bytes()


def test_hardware_threads() -> None:
    assert wildeval._core.hardware_threads() >= 1


@pytest.mark.parametrize("make", [lambda: Evaluator(), lambda: reference.Evaluator(), lambda: Evaluator(wild="357")])
def test_batch_into_out(make) -> None:
    ev = make()
    hands = np.array([[0, 5, 10, 15, 20], [51, 47, 43, 39, 35], [3, 7, 11, 50, 2]], dtype=np.uint8)
    out = np.full(3, -1, dtype=np.int32)
    assert ev.batch(hands, out=out) is out
    assert out.tolist() == [ev(h) for h in hands.tolist()]
    for bad in (np.empty(2, np.int32), np.empty(3, np.int64), np.empty((3, 1), np.int32), np.empty(6, np.int32)[::2]):
        with pytest.raises(ValueError, match="out must be a writeable C-contiguous int32 array"):
            ev.batch(hands, out=bad)
    frozen = np.empty(3, np.int32)
    frozen.flags.writeable = False
    with pytest.raises(ValueError, match="writeable"):
        ev.batch(hands, out=frozen)
    with pytest.raises(TypeError, match="out must be a numpy int32 array"):
        ev.batch(hands, out=[0, 0, 0])


@pytest.mark.parametrize(("ranking", "wild", "n_cards"), [
    ("high", None, 5), ("high", "2", 6), ("low27", None, 5), ("low_a5", None, 5), ("three_card_poker", "3", 3),
])
def test_census_by_ranges_of_the_lowest_card_adds_up(ranking: str, wild: str | None, n_cards: int) -> None:
    """A census split by the lowest card (how a cluster splits it) adds up to the whole."""
    ev = Evaluator(ranking, wild)  # type: ignore[arg-type]
    whole = ev._census(n_cards, 1)
    cuts = [0, 1, 7, 8, 20, 47, 52]
    parts = [ev._census(n_cards, 2, a, b) for a, b in zip(cuts, cuts[1:])]
    assert [sum(c) for c in zip(*parts)] == whole
    assert ev._census(n_cards, 1, 51, 52) == [0] * len(whole) or n_cards == 1
    assert ev._census(n_cards, 1, 30, 30) == [0] * len(whole)
