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
* the rules' examples and conventions, and every kind of bad input.
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
from wildeval.wild import parse_wild

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


RANDOM_WILD_SETTINGS = st.one_of(
    st.none(),
    st.sampled_from(["3", "357", "2", "A", "10", "TJQKA"]),
    st.frozensets(st.integers(0, 12), max_size=4).map(sorted),
    st.frozensets(st.integers(0, 12), min_size=8, max_size=13).map(sorted),
)


@st.composite
def hands(draw: st.DrawFn, wild: frozenset[int], size: int | None = None) -> list[int]:
    """1-7 distinct cards, often drawn from a few suits, a few ranks, the ranks of a straight
    or the wild ranks, so that flushes, straights, big groups and many wild cards are common."""
    n = draw(st.integers(1, 7)) if size is None else size
    mode = draw(st.sampled_from(["any", "suits", "ranks", "straight", "wild", "wild+suit"]))
    if mode == "suits":
        suits = draw(st.frozensets(st.integers(0, 3), min_size=1, max_size=2))
        pool = [c for c in range(N_DECK) if c & 3 in suits]
    elif mode == "ranks":
        ranks = draw(st.frozensets(st.integers(0, 12), min_size=1, max_size=4))
        pool = [c for c in range(N_DECK) if c >> 2 in ranks]
    elif mode == "straight":
        top = draw(st.integers(3, 12))
        ranks = {(top - i) % 13 for i in range(5)}
        suit = draw(st.sampled_from([None, 0, 1, 2, 3]))
        pool = [c for c in range(N_DECK) if c >> 2 in ranks and suit in (None, c & 3)]
    elif mode == "wild" and wild:
        pool = [c for c in range(N_DECK) if c >> 2 in wild]
    elif mode == "wild+suit" and wild:
        suit = draw(st.integers(0, 3))
        pool = [c for c in range(N_DECK) if c >> 2 in wild or c & 3 == suit]
    else:
        pool = list(range(N_DECK))
    k = draw(st.integers(0, min(n, len(pool))))
    core = draw(st.lists(st.sampled_from(pool), min_size=k, max_size=k, unique=True))
    rest = [c for c in range(N_DECK) if c not in core]
    extra = draw(st.lists(st.sampled_from(rest), min_size=n - k, max_size=n - k, unique=True))
    return list(draw(st.permutations(core + extra)))


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


DTYPES = [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64]
LAYOUTS = ["C", "F", "transposed", "column slice", "column step", "row step", "negative strides", "list"]


def with_layout(hands: np.ndarray, dtype: type, layout: str) -> object:
    """The same rows as ``hands``, in the given dtype and memory layout."""
    a = hands.astype(dtype)
    rows, cols = a.shape
    if layout == "C":
        out = np.ascontiguousarray(a)
    elif layout == "F":
        out = np.asfortranarray(a)
    elif layout == "transposed":
        out = np.ascontiguousarray(a.T).T
    elif layout == "column slice":
        wide = np.full((rows, cols + 3), 77, dtype=dtype)  # bad cards around the slice
        wide[:, 1 : 1 + cols] = a
        out = wide[:, 1 : 1 + cols]
    elif layout == "column step":
        wide = np.full((rows, 2 * cols), 77, dtype=dtype)
        wide[:, ::2] = a
        out = wide[:, ::2]
    elif layout == "row step":
        tall = np.full((2 * rows, cols), 77, dtype=dtype)
        tall[::2] = a
        out = tall[::2]
    elif layout == "negative strides":
        out = np.ascontiguousarray(a[::-1, ::-1])[::-1, ::-1]
    else:
        return a.tolist()
    assert np.array_equal(out, hands)
    return out


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


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
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


def test_per_call_argument_errors() -> None:
    ev = Evaluator()
    for args, kwargs in (((), {}), (([1], [2]), {}), ((), {"cards": [1]}), (([1],), {"threads": 1})):
        with pytest.raises(TypeError, match="takes one argument: the cards"):
            ev(*args, **kwargs)
    with pytest.raises(TypeError):
        ev.batch()  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        ev.batch([[1, 2]], 2)  # type: ignore[misc]  # threads is keyword-only
    with pytest.raises(TypeError):
        ev.batch([[1, 2]], thread=2)  # type: ignore[call-arg]


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
    for hands, dtype_name in cases:
        with pytest.raises(TypeError, match=f"hands must hold integers, not {dtype_name}"):
            ev.batch(hands)


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
    (np.int16, [52, -1, 300, 256, 2**15 - 1]),
    (np.uint16, [52, 300, 256 + 5, 2**16 - 1]),
    (np.int32, [52, -1, 300, 2**31 - 1, -(2**31)]),
    (np.uint32, [52, 300, 2**32 - 1, 2**32 - 256]),
    (np.int64, [52, -1, 300, 2**63 - 1, -(2**63)]),
    (np.uint64, [52, 300, 2**40, 2**63, 2**64 - 1]),
]


@pytest.mark.parametrize(("dtype", "bad_values"), BAD_CARDS)
@pytest.mark.parametrize("layout", ["C", "F", "column slice", "negative strides"])
def test_batch_bad_card_names_row_and_card(dtype: type, bad_values: list[int], layout: str) -> None:
    """A card outside 0-51 is a ValueError naming its row and its value, whatever the dtype:
    it is never narrowed to a valid card (300 is not 44, 2**64 - 1 is not -1)."""
    ev = Evaluator()
    rng = np.random.default_rng(5)
    for bad in bad_values:
        for row in (0, 2, 4):
            hands = rng.random((5, N_DECK)).argsort(axis=1)[:, :6]
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
    for hands in (np.array([[0, 1, 2]]), np.empty((0, 3), dtype=np.int64)):
        with pytest.raises(error, match=message):
            ev.batch(hands, threads=threads)  # type: ignore[arg-type]


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
        assert ev.batch(np.array([h for h in sample if len(h) == 7])).tolist() == [b for h, b in zip(sample, before) if len(h) == 7]
        assert (ev.ranking, ev.wild, ev.flush_duplicates) == ("high", parse_wild(wild), fd)


# ---------------------------------------------------------------------------------------------
# The core


def test_table_bytes() -> None:
    assert 0 < wildeval._core.table_bytes() < 2 * 1024 * 1024


def test_table_sizes_add_up_to_the_budget() -> None:
    sizes = wildeval._core.table_sizes()
    assert set(sizes) == {"rank", "low", "three_card"} and all(n > 0 for n in sizes.values())
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
