"""Tests of the native evaluator, ``wildeval.Evaluator`` (C++ core) and ``wildeval.census``.

The native evaluator must give exactly the values of the pure-Python reference,
``wildeval.reference.Evaluator`` (itself tested against a brute-force oracle in
test_reference.py). Here the native code is checked against:

* the published enumeration tables (/work/shared/reference-numbers.md), both through the native
  census and through independent enumerations: every five-card hand through ``batch``, and
  every six- and seven-card hand by classes of hands that must share a value;
* the reference evaluator: on every class of five-card hands for several wild settings, on
  every class of seven-card natural hands, and on random hands (Hypothesis), per call and
  through ``batch`` with every integer dtype and many memory layouts;
* eval7, phevaluator and treys (7-card order and ties), when they are installed;
* the rules' examples and conventions.

Bad input, settings, ``describe`` and the core's reports: test_native_input.py.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Iterator, Sequence

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import wildeval
from wildeval import Category, Evaluator, census
from wildeval import reference
from wildeval.cards import format_cards, parse_cards
from wildeval.values import category_of, pack, tie_ranks

from native_helpers import DTYPES, LAYOUTS, RANDOM_WILD_SETTINGS, hands, with_layout

C = Category
N_DECK = 52

# ---------------------------------------------------------------------------------------------
# The published tables (/work/shared/reference-numbers.md)


def _table(*counts: int) -> dict[Category, int]:
    """Counts listed best category first (five of a kind .. high card), as in the document."""
    return dict(zip(reversed(list(Category)), counts))


FIVE_CARDS = _table(0, 40, 624, 3744, 5108, 10200, 54912, 123552, 1098240, 1302540)
SIX_CARDS = _table(0, 1844, 14664, 165984, 205792, 361620, 732160, 2532816, 9730740, 6612900)
SEVEN_CARDS = _table(0, 41584, 224848, 3473184, 4047644, 6180020, 6461620, 31433400, 58627800, 23294460)
FIVE_CARDS_DEUCES_WILD = _table(672, 2552, 31552, 12672, 14472, 62232, 355080, 95040, 1225008, 799680)
THREE_CARDS_GUTS = {**dict.fromkeys(Category, 0), C.THREE_OF_A_KIND: 52, C.PAIR: 3744, C.HIGH_CARD: 18304}


def test_tables_as_transcribed() -> None:
    """The columns above add up to the totals printed in the document."""
    assert sum(FIVE_CARDS.values()) == 2598960 == math.comb(52, 5)
    assert sum(SIX_CARDS.values()) == 20358520 == math.comb(52, 6)
    assert sum(SEVEN_CARDS.values()) == 133784560 == math.comb(52, 7)
    assert sum(FIVE_CARDS_DEUCES_WILD.values()) == 2598960
    assert sum(THREE_CARDS_GUTS.values()) == 22100 == math.comb(52, 3)
    assert FIVE_CARDS[C.STRAIGHT_FLUSH] == 40 and SEVEN_CARDS[C.HIGH_CARD] == 23294460


# ---------------------------------------------------------------------------------------------
# Census


@pytest.mark.parametrize(
    ("n_cards", "wild", "flush_duplicates", "expected"),
    [
        (5, None, True, FIVE_CARDS),
        (5, None, False, FIVE_CARDS),
        (6, None, True, SIX_CARDS),
        (7, None, True, SEVEN_CARDS),
        (5, "2", True, FIVE_CARDS_DEUCES_WILD),
        (5, "2", False, FIVE_CARDS_DEUCES_WILD),
        (5, [0], True, FIVE_CARDS_DEUCES_WILD),
        (3, None, True, THREE_CARDS_GUTS),
    ],
)
@pytest.mark.parametrize("threads", [1, None, 2])
def test_census_matches_the_published_tables(
    n_cards: int, wild: object, flush_duplicates: bool, expected: dict[Category, int], threads: int | None
) -> None:
    counts = census(n_cards, wild=wild, flush_duplicates=flush_duplicates, threads=threads)
    assert counts == expected
    assert list(counts) == list(Category)
    assert all(type(n) is int for n in counts.values())


@pytest.mark.parametrize("n_cards", range(1, 8))
@pytest.mark.parametrize(
    ("wild", "flush_duplicates"),
    [(None, True), ("2", True), ("2", False), ("357", True), ("357", False), ("A", True), ("23456789TJQK", False),
     ([0, 12], True)],
)
def test_census_totals(n_cards: int, wild: object, flush_duplicates: bool) -> None:
    counts = census(n_cards, wild=wild, flush_duplicates=flush_duplicates)
    assert sum(counts.values()) == math.comb(N_DECK, n_cards)
    if n_cards <= 6:
        assert counts == census(n_cards, wild=wild, flush_duplicates=flush_duplicates, threads=1)
    if n_cards < 5:  # groups only under five cards
        assert counts[C.STRAIGHT] == counts[C.FLUSH] == counts[C.STRAIGHT_FLUSH] == 0
        assert counts[C.FULL_HOUSE] == counts[C.FIVE_OF_A_KIND] == 0
    if wild is None:
        assert counts[C.FIVE_OF_A_KIND] == 0


@pytest.mark.parametrize("n_cards", range(1, 8))
def test_census_with_every_rank_wild(n_cards: int) -> None:
    """Every card wild: one card is an ace, then a pair of aces, trips, four, five of a kind."""
    best = [C.HIGH_CARD, C.PAIR, C.THREE_OF_A_KIND, C.FOUR_OF_A_KIND, C.FIVE_OF_A_KIND, C.FIVE_OF_A_KIND,
            C.FIVE_OF_A_KIND][n_cards - 1]
    assert census(n_cards, wild=range(13)) == {**dict.fromkeys(Category, 0), best: math.comb(52, n_cards)}


def test_census_small_hands_match_reference_census() -> None:
    """For one to three cards the reference census (one hand at a time) is fast enough."""
    for n_cards in (1, 2, 3):
        for wild, fd in ((None, True), ("3", True), ("357", False), ("A", True)):
            assert census(n_cards, wild=wild, flush_duplicates=fd) == reference.census(
                n_cards, wild=wild, flush_duplicates=fd
            )


def test_census_threads_agree() -> None:
    for n_cards, wild in ((7, None), (7, "357"), (6, "2"), (4, "A")):
        one = census(n_cards, wild=wild, threads=1)
        assert census(n_cards, wild=wild, threads=None) == one
        assert census(n_cards, wild=wild, threads=3) == one


def test_census_bad_arguments() -> None:
    with pytest.raises(ValueError, match=r"1 to 7 cards, got 0"):
        census(0)
    with pytest.raises(ValueError, match=r"1 to 7 cards, got 8"):
        census(8)
    with pytest.raises(ValueError, match=r"1 to 7 cards, got -1$"):
        census(-1)
    with pytest.raises(ValueError, match=r"1 to 7 cards, got 1099511627776$"):
        census(2**40)
    with pytest.raises(ValueError, match=r"'three_card_poker' census counts hands of exactly 3 cards, got 5"):
        census(5, ranking="three_card_poker")
    with pytest.raises(TypeError, match="n_cards must be an int, not bool"):
        census(True)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="n_cards must be an int, not float"):
        census(5.0)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="'low'"):
        census(3, ranking="low")
    with pytest.raises(ValueError, match="got 0"):
        census(3, threads=0)
    with pytest.raises(ValueError, match="got -1"):
        census(3, threads=-1)
    for bad in (1.5, True, "2"):
        with pytest.raises(TypeError, match="threads must be None or an int"):
            census(3, threads=bad)  # type: ignore[arg-type]
    assert census(np.int64(3)) == THREE_CARDS_GUTS  # numpy ints are ints


# ---------------------------------------------------------------------------------------------
# Every five-card hand through batch


@pytest.fixture(scope="module")
def all_five() -> np.ndarray:
    """Every five-card hand, one per row, as a (2598960, 5) uint8 array (13 MB)."""
    n = math.comb(N_DECK, 5)
    flat = itertools.chain.from_iterable(itertools.combinations(range(N_DECK), 5))
    return np.fromiter(flat, dtype=np.uint8, count=5 * n).reshape(n, 5)


def _category_counts(values: np.ndarray) -> dict[Category, int]:
    counts = np.bincount(values >> 20, minlength=len(Category))
    assert len(counts) == len(Category)  # no value above five of a kind
    return {Category(i): int(n) for i, n in enumerate(counts)}


def five_card_class_keys(hands: np.ndarray, wild: frozenset[int]) -> np.ndarray:
    """For each five-card hand, a key of its class: the natural cards' rank counts (which also
    give the number of wild cards) and whether the natural cards are all of one suit.

    By the rules, the value of five cards depends on nothing else: suits matter only for a
    flush, which needs every natural card in one suit, and wild cards are interchangeable."""
    ranks = (hands >> 2).astype(np.int64)
    suits = (hands & 3).astype(np.int64)
    wild_rank = np.zeros(13, dtype=bool)
    wild_rank[list(wild)] = True
    pow5 = 5 ** np.arange(13, dtype=np.int64)
    key = np.zeros(len(hands), dtype=np.int64)
    suit_bits = np.zeros(len(hands), dtype=np.int64)
    for j in range(hands.shape[1]):
        natural = ~wild_rank[ranks[:, j]]
        key += np.where(natural, pow5[ranks[:, j]], 0)
        suit_bits |= np.where(natural, 1 << suits[:, j], 0)
    one_suit = (suit_bits & (suit_bits - 1)) == 0
    return key * 2 + one_suit


def test_every_five_card_hand(all_five: np.ndarray) -> None:
    values = Evaluator().batch(all_five)
    assert values.dtype == np.int32 and values.shape == (len(all_five),)
    assert len(np.unique(values)) == 7462
    assert _category_counts(values) == FIVE_CARDS
    # the threaded path gives the same values
    assert np.array_equal(Evaluator().batch(all_five, threads=1), values)


@pytest.mark.parametrize(
    ("wild", "flush_duplicates"),
    [(None, True), ("2", True), ("2", False), ("357", False), ("A", True), ("23456789", True), ("TJQKA", False)],
)
def test_every_five_card_hand_matches_the_reference(
    all_five: np.ndarray, wild: str | None, flush_duplicates: bool
) -> None:
    """All 2,598,960 hands: the native values are constant on each class of hands that must
    share a value, and equal the reference's value on one hand of each class."""
    ev = Evaluator(wild=wild, flush_duplicates=flush_duplicates)
    ref = reference.Evaluator(wild=wild, flush_duplicates=flush_duplicates)
    values = ev.batch(all_five).astype(np.int64)
    keys = five_card_class_keys(all_five, ev.wild)
    unique_keys, first = np.unique(keys, return_index=True)
    assert len(np.unique(keys * (1 << 24) + values)) == len(unique_keys)  # one value per class
    for i in first:
        hand = all_five[i].tolist()
        assert values[i] == ref(hand), (format_cards(hand), wild, flush_duplicates)
    assert _category_counts(values) == census(5, wild=wild, flush_duplicates=flush_duplicates)


def test_five_card_deuces_wild_table_and_distinct_values(all_five: np.ndarray) -> None:
    natural = set(np.unique(Evaluator().batch(all_five)).tolist())
    five_of_a_kind = {pack(C.FIVE_OF_A_KIND, [r]) for r in range(13)}
    deuces = {}
    for fd in (True, False):
        values = Evaluator(wild="2", flush_duplicates=fd).batch(all_five)
        assert _category_counts(values) == FIVE_CARDS_DEUCES_WILD
        deuces[fd] = set(np.unique(values).tolist())
    # Without duplicates in flushes a wild card is some other card: the only values beyond the
    # 7,462 natural ones are five of a kind, every rank but the wild deuces themselves.
    assert deuces[False] - natural == five_of_a_kind - {pack(C.FIVE_OF_A_KIND, [0])}
    aces = set(np.unique(Evaluator(wild="A", flush_duplicates=False).batch(all_five)).tolist())
    assert aces - natural == five_of_a_kind - {pack(C.FIVE_OF_A_KIND, [12])}
    assert len(natural | deuces[False] | aces) == 7475  # "7,475 with the 13 five-of-a-kind hands"
    # With duplicates, a wild card in a flush is an ace of the suit: the new values are flushes
    # holding two or more aces.
    extra = deuces[True] - natural - five_of_a_kind
    assert extra and all(category_of(v) == C.FLUSH and tie_ranks(v)[:2] == [12, 12] for v in extra)
    assert deuces[False] - natural <= deuces[True]


# ---------------------------------------------------------------------------------------------
# Every natural hand of six and seven cards, by classes


def natural_classes(n_cards: int) -> Iterator[tuple[int, list[int]]]:
    """Every natural hand of ``n_cards`` (5 to 9), in classes that must share a value, as
    (number of hands, one hand). A class is a multiset of ranks and, if some suit holds five
    cards or more (at most one suit can), the set of ranks of that suit."""
    for ranks in itertools.combinations_with_replacement(range(13), n_cards):
        mult = Counter(ranks)
        if max(mult.values()) > 4:
            continue
        total = math.prod(math.comb(4, m) for m in mult.values())
        flush_total = 0
        distinct = sorted(mult)
        for size in range(5, len(distinct) + 1):
            for suited in itertools.combinations(distinct, size):
                # the suit (spades here, times 4 suits) holds exactly the ranks ``suited``
                ways = 4 * math.prod(
                    math.comb(3, m - 1) if r in suited else math.comb(3, m) for r, m in mult.items()
                )
                if ways == 0:
                    continue
                flush_total += ways
                hand = [4 * r + 3 for r in suited]
                for r, m in mult.items():
                    hand += [4 * r + s for s in range(m - (r in suited))]
                yield ways, hand
        if total > flush_total:  # no suit holds five: deal the suits round
            per_suit = [0, 0, 0, 0]
            hand = []
            for r, m in sorted(mult.items(), key=lambda rm: -rm[1]):
                for s in sorted(range(4), key=lambda s: per_suit[s])[:m]:
                    per_suit[s] += 1
                    hand.append(4 * r + s)
            assert max(per_suit) < 5
            yield total - flush_total, hand


@pytest.mark.parametrize(("n_cards", "table"), [(5, FIVE_CARDS), (6, SIX_CARDS), (7, SEVEN_CARDS)])
def test_natural_hands_by_classes(n_cards: int, table: dict[Category, int]) -> None:
    """The natural columns counted without the native census, and the native values equal the
    reference on one hand of every class. Seven cards: 4,824 distinct values."""
    classes = list(natural_classes(n_cards))
    ways = np.array([w for w, _ in classes], dtype=np.int64)
    hands = np.array([h for _, h in classes], dtype=np.uint8)
    assert ways.sum() == math.comb(N_DECK, n_cards)
    values = Evaluator().batch(hands)
    counts = np.zeros(len(Category), dtype=np.int64)
    np.add.at(counts, values >> 20, ways)
    assert {Category(i): int(n) for i, n in enumerate(counts)} == table
    distinct = len(np.unique(values))
    if n_cards == 5:
        assert distinct == 7462
    if n_cards == 7:
        assert distinct == 4824
    ref = reference.Evaluator().batch(hands)
    mismatch = np.flatnonzero(values != ref)
    assert mismatch.size == 0, [format_cards(hands[i].tolist()) for i in mismatch[:5]]


# ---------------------------------------------------------------------------------------------
# Hypothesis: native against reference


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
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


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
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


def _assert_same_order(ours: Sequence[int], theirs: Sequence[int]) -> None:
    """The map between the two scales (both higher = better) is strictly increasing: the same
    order and the same ties."""
    pairs = sorted(set(zip(ours, theirs)))
    for (o1, t1), (o2, t2) in zip(pairs, pairs[1:]):
        assert o1 < o2 and t1 < t2, ((o1, t1), (o2, t2))


@pytest.fixture(scope="module")
def random_seven() -> tuple[list[list[int]], list[int]]:
    rng = np.random.default_rng(2024)
    hands = rng.random((20_000, N_DECK)).argsort(axis=1)[:, :7]
    return hands.tolist(), Evaluator().batch(hands).tolist()


CARD_TEXT = [format_cards([c]) for c in range(N_DECK)]


def test_seven_card_order_agrees_with_eval7(random_seven: tuple[list[list[int]], list[int]]) -> None:
    eval7 = pytest.importorskip("eval7")
    deck = [eval7.Card(text) for text in CARD_TEXT]
    hands, ours = random_seven
    theirs = [eval7.evaluate([deck[c] for c in hand]) for hand in hands]
    _assert_same_order(ours, theirs)


def test_seven_card_order_agrees_with_phevaluator(random_seven: tuple[list[list[int]], list[int]]) -> None:
    phevaluator = pytest.importorskip("phevaluator")
    hands, ours = random_seven
    theirs = [-phevaluator.evaluate_cards(*(CARD_TEXT[c] for c in hand)) for hand in hands]  # lower is better
    _assert_same_order(ours, theirs)


def test_seven_card_order_agrees_with_treys(random_seven: tuple[list[list[int]], list[int]]) -> None:
    treys = pytest.importorskip("treys")
    deck = [treys.Card.new(text) for text in CARD_TEXT]
    evaluator = treys.Evaluator()
    hands, ours = random_seven
    theirs = [-evaluator.evaluate([deck[c] for c in hand[:2]], [deck[c] for c in hand[2:]]) for hand in hands]
    _assert_same_order(ours, theirs)


def test_every_five_card_value_agrees_with_eval7(all_five: np.ndarray) -> None:
    """One hand of each of the 7,462 natural values, ordered as eval7 orders them."""
    eval7 = pytest.importorskip("eval7")
    deck = [eval7.Card(text) for text in CARD_TEXT]
    values = Evaluator().batch(all_five)
    _, first = np.unique(values, return_index=True)
    ours = values[first].tolist()
    theirs = [eval7.evaluate([deck[c] for c in all_five[i].tolist()]) for i in first]
    _assert_same_order(ours, theirs)


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
