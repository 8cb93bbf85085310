"""The native lowball and three-card rankings: against the reference, pokerkit and the tables."""

from __future__ import annotations

import itertools
import random
from types import ModuleType

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from wildeval import Category, Evaluator, census, parse_cards, reference
from wildeval.sampling import random_hands
from wildeval.values import LOW_BASE, pack

C = Category
RANKINGS = {"low27": (5, 7), "low_a5": (5, 7), "three_card_poker": (3, 3)}


@st.composite
def hands_of(draw: st.DrawFn, ranking: str) -> list[int]:
    low, high = RANKINGS[ranking]
    n = draw(st.integers(low, high))
    # often a narrow deck, so that pairs, straights and flushes come up
    deck = draw(st.sampled_from([list(range(52)), [c for c in range(52) if c & 3 in (0, 3)],
                                 list(range(20)), [c for c in range(52) if c >> 2 in (0, 1, 2, 3, 12)]]))
    return draw(st.lists(st.sampled_from(deck), min_size=n, max_size=n, unique=True))


@pytest.mark.parametrize("ranking", ["low27", "low_a5"])
@settings(max_examples=300)
@given(data=st.data())
def test_lowball_equals_reference(ranking: str, data: st.DataObject) -> None:
    hand = data.draw(hands_of(ranking))
    assert Evaluator(ranking)(hand) == reference.Evaluator(ranking)(hand)


@settings(max_examples=300)
@given(data=st.data(), wild=st.sampled_from([None, "3", "357", "A", "2A", "23456789TJQKA"]),
       duplicates=st.booleans())
def test_three_card_equals_reference(data: st.DataObject, wild: str | None, duplicates: bool) -> None:
    hand = data.draw(hands_of("three_card_poker"))
    native = Evaluator("three_card_poker", wild, flush_duplicates=duplicates)
    assert native(hand) == reference.Evaluator("three_card_poker", wild, flush_duplicates=duplicates)(hand)


@pytest.mark.parametrize("wild", [None, "2", "A"])
@pytest.mark.parametrize("duplicates", [True, False])
def test_every_three_card_hand_equals_reference(wild: str | None, duplicates: bool) -> None:
    hands = np.array(list(itertools.combinations(range(52), 3)), dtype=np.uint8)
    native = Evaluator("three_card_poker", wild, flush_duplicates=duplicates).batch(hands)
    ref = reference.Evaluator("three_card_poker", wild, flush_duplicates=duplicates)
    assert native.tolist() == [ref(h) for h in hands.tolist()]


@pytest.mark.parametrize("ranking", ["low27", "low_a5", "three_card_poker"])
@pytest.mark.parametrize("n", [3, 5, 6, 7])
def test_batch_equals_per_call(ranking: str, n: int) -> None:
    low, high = RANKINGS[ranking]
    if not low <= n <= high:
        with pytest.raises(ValueError, match=f"'{ranking}' hand has"):
            Evaluator(ranking).batch(random_hands(4, n, seed=n))
        return
    hands = random_hands(3000, n, seed=n)
    ev = Evaluator(ranking)
    values = ev.batch(hands.astype(np.int64)[:, ::-1], threads=2)  # another dtype and layout
    assert values.tolist() == [ev(h) for h in hands[:, ::-1].tolist()]


def test_three_card_table() -> None:
    counts = census(3, "three_card_poker")
    assert counts == {**dict.fromkeys(Category, 0), C.STRAIGHT_FLUSH: 48, C.THREE_OF_A_KIND: 52,
                      C.STRAIGHT: 720, C.FLUSH: 1096, C.PAIR: 3744, C.HIGH_CARD: 16440}
    assert census(3, "three_card_poker", threads=1) == counts


def test_five_card_distinct_lows() -> None:
    hands = np.array(list(itertools.combinations(range(52), 5)), dtype=np.uint8)
    assert len(np.unique(Evaluator("low27").batch(hands))) == 7462
    assert len(np.unique(Evaluator("low_a5").batch(hands))) == 6175


@pytest.mark.parametrize("ranking", ["low27", "low_a5"])
def test_five_card_census_equals_batch(ranking: str) -> None:
    hands = np.array(list(itertools.combinations(range(52), 5)), dtype=np.uint8)
    ev = Evaluator(ranking)
    by_batch = np.bincount((LOW_BASE - ev.batch(hands)) >> 20, minlength=10)
    counts = census(5, ranking)
    assert counts == {Category(i): int(n) for i, n in enumerate(by_batch)}
    assert sum(counts.values()) == 2_598_960


def test_lowball_spot_checks() -> None:
    low = Evaluator("low27")
    best = low("7s 5d 4c 3h 2s")
    assert best == LOW_BASE - pack(C.HIGH_CARD, [5, 3, 2, 1, 0])
    assert low("7s 5s 4s 3s 2s") < low("8s 5d 4c 3h 2s") < best  # suited is a flush
    assert low.category(low("6s 5d 4c 3h 2s")) == C.STRAIGHT
    assert low.category(low("As 2d 3c 4h 5s")) == C.HIGH_CARD
    assert low("7s 5d 4c 3h 2s Kd Kh") == best  # best five of seven
    assert low("7s 5s 4s 3s 2s 8s Kh") == low("Kh 5s 4s 3s 2s")  # the king breaks the flush
    a5 = Evaluator("low_a5")
    assert a5("As 2d 3c 4h 5s") == a5("As 2s 3s 4s 5s Kd Kc") > a5("As 2d 3c 4h 6s")
    assert a5.describe(a5("As Ad 2c 2h 3s 3d 4c")) == "Pair of aces, kickers 4-3-2"
    tcp = Evaluator("three_card_poker", wild="3")
    assert tcp("3c 3d 3h") == 5 << 20 | 13 << 16  # Q-K-A suited
    assert Evaluator("three_card_poker")("Ac 2d 3h") == 3 << 20 | 2 << 16  # the lowest straight
    assert Evaluator("three_card_poker")("Kc Kd Kh") < Evaluator("three_card_poker")("Qh Kh Ah")


def test_three_card_order() -> None:
    ev = Evaluator("three_card_poker")
    order = ["Ah Kh Qh", "2c 2d 2h", "Ac Kd Qh", "Ah 9h 5h", "Ac Ad Kh", "Ac Kd 9h"]
    values = [ev(h) for h in order]
    assert values == sorted(values, reverse=True)
    assert [ev.category(v) for v in values] == [C.STRAIGHT_FLUSH, C.THREE_OF_A_KIND, C.STRAIGHT, C.FLUSH,
                                                C.PAIR, C.HIGH_CARD]


@pytest.mark.parametrize("ranking,cls", [("low27", "StandardLowHand"), ("low_a5", "RegularLowHand")])
@pytest.mark.parametrize("n", [5, 7])
def test_order_equals_pokerkit(ranking: str, cls: str, n: int, pokerkit: ModuleType) -> None:
    hand_type = getattr(pokerkit, cls)
    ev = Evaluator(ranking)
    rng = random.Random(n)
    hands = [rng.sample(range(52), n) for _ in range(1500)]
    ours = [ev(h) for h in hands]
    theirs = [hand_type.from_game("".join(parse_cards_text(h))) for h in hands]
    order = sorted(range(len(hands)), key=lambda i: ours[i])
    for a, b in zip(order, order[1:]):
        assert (ours[a] < ours[b]) == (theirs[a] < theirs[b])
        assert (ours[a] == ours[b]) == (theirs[a] == theirs[b])


def parse_cards_text(cards: list[int]) -> list[str]:
    from wildeval import format_cards

    return format_cards(cards).split()


def test_lowball_errors() -> None:
    with pytest.raises(ValueError, match="wild cards are not supported for ranking 'low27'"):
        Evaluator("low27", wild="2")
    with pytest.raises(ValueError, match="'low27' hand has 5 to 7 cards, got 4"):
        Evaluator("low27")("2c 3d 4h 5s")
    with pytest.raises(ValueError, match="'three_card_poker' hand has 3 cards, got 4"):
        Evaluator("three_card_poker")(parse_cards("2c 3d 4h 5s"))
    with pytest.raises(ValueError, match="row 1: duplicate card 2c"):
        Evaluator("low_a5").batch([[0, 4, 8, 12, 16], [0, 0, 8, 12, 16]])
    with pytest.raises(ValueError, match="row 0: duplicate card 2c"):
        Evaluator("three_card_poker").batch([[0, 0, 8]])
