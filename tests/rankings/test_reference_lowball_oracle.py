"""Tests of the reference evaluator's other rankings: "low27", "low_a5" and "three_card_poker".

The solvers in ``wildeval.reference`` build the best hand category by category; the oracles here
follow the definitions instead and share nothing with them but ``values.pack`` and ``LOW_BASE``
(the groups of equal ranks, tests/helpers/oracle_groups.py, they share with the main oracle):

* deuce-to-seven and ace-to-five: value every five cards by the textbook rules of the ranking,
  take the lowest, ``LOW_BASE`` minus it;
* three-card poker: value three cards (repeats allowed) by the textbook rules and, for a hand
  with wild cards, take the best over every substitution of each wild card by any of the 52.

The five-card distinct-value counts are checked by enumerating rank multisets and suit patterns
(a pass over all 2,598,960 hands takes the reference about a minute); the lowball order is
checked against pokerkit's ``StandardLowHand`` and ``RegularLowHand``. The rules' examples and
the interface are in test_reference_lowball_examples.py.
"""

from __future__ import annotations

import importlib.metadata
import itertools
import math
import random
import re
from collections import Counter
from collections.abc import Callable, Sequence
from types import ModuleType

import pytest

from wildeval.cards import format_cards, parse_cards
from wildeval.reference import Evaluator, census
from wildeval.values import LOW_BASE, Category, category_of, describe, pack, tie_ranks

from oracle_groups import SHAPES, group_value, groups

C = Category
ACE = 12

# ---------------------------------------------------------------------------------------------
# Oracles (their groups of equal ranks: tests/helpers/oracle_groups.py)


def high_value_aces_high(five: Sequence[int]) -> int:
    """The "high" value of five distinct natural cards with aces high only: A-2-3-4-5 is not a
    straight, T-J-Q-K-A is."""
    ranks = sorted((c >> 2 for c in five), reverse=True)
    shape, group_ranks = groups(ranks)
    straight = len(shape) == 5 and ranks[0] - ranks[4] == 4
    flush = len({c & 3 for c in five}) == 1
    if straight and flush:
        return pack(C.STRAIGHT_FLUSH, [ranks[0]])
    if flush:
        return pack(C.FLUSH, ranks)
    if straight:
        return pack(C.STRAIGHT, [ranks[0]])
    return pack(SHAPES[shape], group_ranks)


def ace_to_five_value(five: Sequence[int]) -> int:
    """Groups only, the ace the lowest rank (written 0, the deuce 1 .. the king 12)."""
    return group_value([(c >> 2) - 12 if c >> 2 == 12 else (c >> 2) + 1 for c in five])


def low_oracle(cards: Sequence[int], five_value: Callable[[Sequence[int]], int]) -> int:
    """LOW_BASE minus the lowest value of any five of the cards."""
    return LOW_BASE - min(five_value(five) for five in itertools.combinations(cards, 5))


def low27_oracle(cards: Sequence[int]) -> int:
    return low_oracle(cards, high_value_aces_high)


def low_a5_oracle(cards: Sequence[int]) -> int:
    return low_oracle(cards, ace_to_five_value)


def three_card_value(three: Sequence[int], flush_duplicates: bool) -> int:
    """Three-card poker value of three cards, repeats allowed: code 5 straight flush, 4 trips,
    3 straight, 2 flush, 1 pair, 0 high card; A-2-3 the lowest straight (top card the three)."""
    ranks = sorted((c >> 2 for c in three), reverse=True)
    shape, group_ranks = groups(ranks)
    suited = len({c & 3 for c in three}) == 1 and (flush_duplicates or len(set(three)) == 3)
    top = None
    if len(shape) == 3:
        if ranks[0] - ranks[2] == 2:
            top = ranks[0]
        elif ranks == [ACE, 1, 0]:
            top = 1
    if top is not None and suited:
        return pack(5, [top])
    if shape == (3,):
        return pack(4, group_ranks)
    if top is not None:
        return pack(3, [top])
    if suited:
        return pack(2, ranks)
    if shape == (2, 1):
        return pack(1, group_ranks)
    return pack(0, ranks)


def three_card_oracle(cards: Sequence[int], wild: frozenset[int], flush_duplicates: bool) -> int:
    """The best value over every substitution of each wild card by any card (as multisets)."""
    naturals = [c for c in cards if c >> 2 not in wild]
    n_wild = len(cards) - len(naturals)
    return max(
        three_card_value(naturals + list(stand_ins), flush_duplicates)
        for stand_ins in itertools.combinations_with_replacement(range(52), n_wild)
    )


def test_oracles_themselves() -> None:
    assert high_value_aces_high(parse_cards("Ac 2d 3h 4s 5c")) == pack(C.HIGH_CARD, [12, 3, 2, 1, 0])
    assert high_value_aces_high(parse_cards("6c 5d 4h 3s 2c")) == pack(C.STRAIGHT, [4])
    assert high_value_aces_high(parse_cards("Tc Jd Qh Ks Ac")) == pack(C.STRAIGHT, [12])
    assert ace_to_five_value(parse_cards("Ac 2d 3h 4s 5c")) == pack(C.HIGH_CARD, [4, 3, 2, 1, 0])
    assert ace_to_five_value(parse_cards("Ac Ad Kh Ks Kc")) == pack(C.FULL_HOUSE, [12, 0])
    assert three_card_value(parse_cards("Ac 2c 3c"), True) == pack(5, [1])
    assert three_card_value([51, 51, 31], True) == pack(2, [12, 12, 7])
    assert three_card_value([51, 51, 31], False) == pack(1, [12, 7])
    assert three_card_oracle([0, 1, 2], frozenset({0}), True) == pack(5, [12])


# ---------------------------------------------------------------------------------------------
# Random hands against the oracles


def narrow_hand(rng: random.Random, n: int) -> list[int]:
    """n cards, often from a few suits and a narrow window of ranks, so that straights,
    flushes and groups are common."""
    width = rng.randint(5, 13)
    low = rng.randrange(13)
    window = {(low + i) % 13 for i in range(width)}  # may wrap through the ace
    suits = rng.sample(range(4), rng.randint(1, 4))
    pool = [c for c in range(52) if c >> 2 in window and c & 3 in suits]
    if len(pool) < n:
        pool = list(range(52))
    return rng.sample(pool, n)


def check_low_best_five(ev: Evaluator, cards: list[int], value: int,
                        five_value: Callable[[Sequence[int]], int]) -> None:
    """best_five: five distinct natural cards of the hand, making the value, in reading order."""
    pairs = ev.best_five(cards)
    five = [c for c, _ in pairs]
    assert [p for _, p in pairs] == five
    assert len(set(five)) == 5 and set(five) <= set(cards)
    assert LOW_BASE - five_value(five) == value
    ranks = [c >> 2 for c in five]
    category, tie = category_of(value, ev.ranking), tie_ranks(value, ev.ranking)
    if category in (C.STRAIGHT, C.STRAIGHT_FLUSH):
        assert ranks == list(range(tie[0], tie[0] - 5, -1))
    else:
        assert [r for r, _ in itertools.groupby(ranks)] == tie


@pytest.mark.parametrize("size", [5, 6, 7])
def test_low27_against_the_oracle(size: int) -> None:
    rng = random.Random(27 + size)
    ev = Evaluator("low27")
    for i in range(1500):
        cards = narrow_hand(rng, size) if i % 2 else rng.sample(range(52), size)
        value = ev(cards)
        assert value == low27_oracle(cards), format_cards(cards)
        check_low_best_five(ev, cards, value, high_value_aces_high)


@pytest.mark.parametrize("size", [5, 6, 7])
def test_low_a5_against_the_oracle(size: int) -> None:
    rng = random.Random(15 + size)
    ev = Evaluator("low_a5")
    for i in range(1500):
        cards = narrow_hand(rng, size) if i % 2 else rng.sample(range(52), size)
        value = ev(cards)
        assert value == low_a5_oracle(cards), format_cards(cards)
        check_low_best_five(ev, cards, value, ace_to_five_value)


def test_low_hands_with_many_groups() -> None:
    """Seven cards from two or three ranks: full houses and quads must be the lowest ones."""
    rng = random.Random(77)
    for ev, oracle in ((Evaluator("low27"), low27_oracle), (Evaluator("low_a5"), low_a5_oracle)):
        for _ in range(300):
            ranks = rng.sample(range(13), rng.choice([2, 3]))
            pool = [c for c in range(52) if c >> 2 in ranks]
            cards = rng.sample(pool, min(len(pool), rng.choice([5, 6, 7])))
            assert ev(cards) == oracle(cards), format_cards(cards)


def check_three_card_best_five(ev: Evaluator, cards: list[int], value: int) -> None:
    """best_five: the three cards, naturals as themselves, stand-ins that make the value."""
    pairs = ev.best_five(cards)
    assert sorted(c for c, _ in pairs) == sorted(cards)
    for c, p in pairs:
        assert 0 <= p < 52
        if c >> 2 not in ev.wild:
            assert p == c
    assert three_card_value([p for _, p in pairs], ev.flush_duplicates) == value


@pytest.mark.parametrize("flush_duplicates", [True, False])
def test_three_card_poker_every_hand_deuces_wild(flush_duplicates: bool) -> None:
    """Every three-card hand, deuces wild, against the brute-force oracle."""
    wild = frozenset({0})
    ev = Evaluator("three_card_poker", wild="2", flush_duplicates=flush_duplicates)
    natural = Evaluator("three_card_poker")
    for hand in itertools.combinations(range(52), 3):
        cards = list(hand)
        value = ev(cards)
        if any(c >> 2 == 0 for c in cards):
            assert value == three_card_oracle(cards, wild, flush_duplicates), format_cards(cards)
            check_three_card_best_five(ev, cards, value)
        else:
            assert value == natural(cards) == three_card_value(cards, flush_duplicates), format_cards(cards)


def test_three_card_poker_other_wild_ranks() -> None:
    rng = random.Random(3)
    for _ in range(400):
        wild = frozenset(rng.sample(range(13), rng.randint(1, 4)))
        flush_duplicates = rng.random() < 0.5
        ev = Evaluator("three_card_poker", wild=wild, flush_duplicates=flush_duplicates)
        wild_cards = [c for c in range(52) if c >> 2 in wild]
        n_wild = rng.choice([1] * 6 + [2] * 3 + [3])
        others = narrow_hand(rng, 8)
        naturals = [c for c in others if c >> 2 not in wild][: 3 - n_wild]
        cards = rng.sample(wild_cards, n_wild) + naturals
        if len(cards) != 3:
            continue
        rng.shuffle(cards)
        value = ev(cards)
        assert value == three_card_oracle(cards, wild, flush_duplicates), (format_cards(cards), wild)
        check_three_card_best_five(ev, cards, value)


# ---------------------------------------------------------------------------------------------
# Published tables


def test_three_card_poker_census() -> None:
    counts = census(3, "three_card_poker")
    assert list(counts) == list(Category)
    assert counts == {
        **dict.fromkeys(Category, 0),
        C.STRAIGHT_FLUSH: 48, C.THREE_OF_A_KIND: 52, C.STRAIGHT: 720, C.FLUSH: 1096,
        C.PAIR: 3744, C.HIGH_CARD: 16440,
    }


def five_card_natural_classes() -> list[tuple[int, list[int]]]:
    """Every five-card hand, in classes of hands that share a lowball value, as (number of
    hands, one hand of the class): the rank multiset and, for five different ranks, whether
    the cards are all of one suit (suits cannot matter otherwise)."""
    rng = random.Random(5)
    classes = []
    for ranks in itertools.combinations_with_replacement(range(13), 5):
        mult = Counter(ranks)
        if max(mult.values()) > 4:
            continue
        if len(mult) == 5:
            suit = rng.randrange(4)
            classes.append((4, [4 * r + suit for r in ranks]))
            hand = [4 * r + suit for r in ranks]
            while len({c & 3 for c in hand}) == 1:
                hand = [4 * r + rng.randrange(4) for r in ranks]
            classes.append((4**5 - 4, hand))
        else:
            suits_of = {r: rng.sample(range(4), m) for r, m in mult.items()}
            classes.append((math.prod(math.comb(4, m) for m in mult.values()),
                            [4 * r + suits_of[r].pop() for r in ranks]))
    return classes


def low_class_census(ev: Evaluator) -> tuple[Counter[Category], set[int]]:
    counts: Counter[Category] = Counter()
    values: set[int] = set()
    for ways, hand in five_card_natural_classes():
        v = ev(hand)
        counts[ev.category(v)] += ways
        values.add(v)
    return counts, values


def test_five_card_low27_distinct_values_by_classes() -> None:
    """7,462 distinct deuce-to-seven values; the categories are the high ones with the four
    steel wheels moved to flushes and the 1,020 other wheels to no-pair hands."""
    counts, values = low_class_census(Evaluator("low27"))
    assert sum(counts.values()) == math.comb(52, 5)
    assert len(values) == 7462
    assert dict(counts) == {
        C.STRAIGHT_FLUSH: 36, C.FOUR_OF_A_KIND: 624, C.FULL_HOUSE: 3744, C.FLUSH: 5112,
        C.STRAIGHT: 9180, C.THREE_OF_A_KIND: 54912, C.TWO_PAIR: 123552, C.PAIR: 1098240,
        C.HIGH_CARD: 1303560,
    }
    assert max(values) == Evaluator("low27")("7c 5d 4h 3s 2c")
    assert min(values) == Evaluator("low27")("As Ks Qs Js Ts")
    for v in values:  # every value decodes and describes
        assert describe(v, "low27")


def test_five_card_low_a5_distinct_values_by_classes() -> None:
    counts, values = low_class_census(Evaluator("low_a5"))
    assert sum(counts.values()) == math.comb(52, 5)
    assert len(values) == 6175
    assert dict(counts) == {
        C.FOUR_OF_A_KIND: 624, C.FULL_HOUSE: 3744, C.THREE_OF_A_KIND: 54912, C.TWO_PAIR: 123552,
        C.PAIR: 1098240, C.HIGH_CARD: math.comb(13, 5) * 4**5,
    }
    assert max(values) == Evaluator("low_a5")("Ac 2d 3h 4s 5c")
    assert min(values) == Evaluator("low_a5")("Kc Kd Kh Ks Qc")
    for v in values:
        assert describe(v, "low_a5")


# ---------------------------------------------------------------------------------------------
# pokerkit


def _same_order(pairs: list[tuple[int, object]]) -> None:
    """Sorted by our value, neighbours compare the same way in both: same order, same ties."""
    pairs.sort(key=lambda p: p[0])
    for (v1, h1), (v2, h2) in itertools.pairwise(pairs):
        assert (v1 == v2) == (h1 == h2), (v1, h1, v2, h2)
        assert (v1 < v2) == (h1 < h2), (v1, h1, v2, h2)  # type: ignore[operator]


@pytest.mark.parametrize(
    ("ranking", "class_name"), [("low27", "StandardLowHand"), ("low_a5", "RegularLowHand")]
)
def test_low_order_agrees_with_pokerkit(ranking: str, class_name: str, pokerkit: ModuleType) -> None:
    # (pokerkit has no __version__: ask its metadata)
    version = tuple(int(part) for part in re.findall(r"\d+", importlib.metadata.version("pokerkit"))[:3])
    if version < (0, 7, 7):
        pytest.skip(f"pokerkit {version} is older than 0.7.7")
    hand_class = getattr(pokerkit, class_name)
    ev = Evaluator(ranking)
    rng = random.Random(2024)
    for size in (5, 7):
        pairs: list[tuple[int, object]] = []
        for i in range(2000 if size == 5 else 1000):
            cards = narrow_hand(rng, size) if i % 3 == 0 else rng.sample(range(52), size)
            text = "".join(format_cards([c]) for c in cards)
            theirs = hand_class(text) if size == 5 else hand_class.from_game(text[:4], text[4:])
            pairs.append((ev(cards), theirs))
        _same_order(pairs)
