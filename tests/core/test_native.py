"""Tests of the native evaluator, ``wildeval.Evaluator`` (C++ core) and ``wildeval.census``.

The native evaluator must give exactly the values of the pure-Python reference,
``wildeval.reference.Evaluator`` (itself tested against a brute-force oracle in
rankings/test_reference_oracle.py). Here the native code is checked against:

* the published enumeration tables (/work/shared/reference-numbers.md), both through the native
  census and through independent enumerations: every five-card hand through ``batch``, and
  every six- and seven-card hand by classes of hands that must share a value;
* the reference evaluator: on every class of five-card hands for several wild settings, on
  every class of seven-card natural hands, and on random hands (Hypothesis), per call and
  through ``batch`` with every integer dtype and many memory layouts;
* eval7, phevaluator and treys (7-card order and ties), when they are installed;
* the rules' examples and conventions.

Random hands against the reference, the peers' seven-card order and the rules' examples:
test_native_values.py. Bad input, settings, ``describe`` and the core's reports:
test_native_input.py.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Iterator

import numpy as np
import pytest

from wildeval import Category, Evaluator, census, reference
from wildeval.cards import format_cards
from wildeval.values import category_of, pack, tie_ranks

from native_helpers import CARD_TEXT, assert_same_order

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
# Every five-card value in eval7's order


def test_every_five_card_value_agrees_with_eval7(all_five: np.ndarray) -> None:
    """One hand of each of the 7,462 natural values, ordered as eval7 orders them."""
    eval7 = pytest.importorskip("eval7")
    deck = [eval7.Card(text) for text in CARD_TEXT]
    values = Evaluator().batch(all_five)
    _, first = np.unique(values, return_index=True)
    ours = values[first].tolist()
    theirs = [eval7.evaluate([deck[c] for c in all_five[i].tolist()]) for i in first]
    assert_same_order(ours, theirs)
