"""Tests of the reference evaluator's other rankings ("low27", "low_a5", "three_card_poker"):
the examples of the rules and the brief, and the interface (the oracles, random hands,
published tables and pokerkit's order are in test_reference_lowball_oracle.py)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from wildeval.cards import format_cards
from wildeval.reference import Evaluator, census
from wildeval.values import LOW_BASE, Category, category_of, describe, pack, tie_ranks

C = Category

# ---------------------------------------------------------------------------------------------
# Examples from the rules and the brief


def test_low27_examples() -> None:
    ev = Evaluator("low27")
    best = ev("7c 5d 4h 3s 2c")
    assert best == LOW_BASE - pack(C.HIGH_CARD, [5, 3, 2, 1, 0])
    assert ev.describe(best) == "7-5-4-3-2" and ev.category(best) == C.HIGH_CARD
    assert ev("7s 5s 4s 3s 2s") < ev("Ks Qd Jh 9s 8c") < best  # the suited one is a flush
    assert ev.category(ev("7s 5s 4s 3s 2s")) == C.FLUSH
    assert ev.describe(ev("7s 5s 4s 3s 2s")) == "Flush, 7-5-4-3-2"
    wheel = ev("Ac 2d 3h 4s 5c")
    assert wheel == LOW_BASE - pack(C.HIGH_CARD, [12, 3, 2, 1, 0])
    assert ev.describe(wheel) == "Ace high: A-5-4-3-2" and ev.category(wheel) == C.HIGH_CARD
    assert wheel < ev("Kc Qd Jh 9s 8c")  # king high beats ace high
    six = ev("6c 5d 4h 3s 2c")
    assert ev.category(six) == C.STRAIGHT and ev.describe(six) == "Straight, six high"
    assert six < ev("8c 8d 7h 4s 2c") < wheel  # a straight is worse than a pair
    assert ev.describe(ev("8c 8d 7h 4s 2c")) == "Pair of eights, kickers 7-4-2"
    assert ev.describe(ev("Kc Qd Jh 9s 8c")) == "K-Q-J-9-8"
    assert ev.describe(ev("As Ks Qs Js Ts")) == "Royal flush"  # the worst hand there is
    # seven cards: the best five for low; a suited 7-5-4-3-2 with another suit on hand
    assert ev("7c 5c 4c 3c 2c 7d Kh") == best
    assert format_cards(c for c, _ in ev.best_five("Kh 7c 5c 4c 3c 2c 7d")) == "7d 5c 4c 3c 2c"
    # spades first, except that the five must not be a flush: the first card that can change does
    assert format_cards(c for c, _ in ev.best_five("7s 5s 4s 3s 2s 2c Kh")) == "7s 5s 4s 3s 2c"
    assert format_cards(c for c, _ in ev.best_five("7s 5s 4s 3s 2s 7h Kh")) == "7h 5s 4s 3s 2s"
    assert format_cards(c for c, _ in ev.best_five("2c 3c 4c 5c 7c 9d Kd")) == "9d 5c 4c 3c 2c"


def test_low_a5_examples() -> None:
    ev = Evaluator("low_a5")
    wheel = ev("Ac 2c 3c 4c 5c")  # suited: flushes do not count
    assert wheel == LOW_BASE - pack(C.HIGH_CARD, [4, 3, 2, 1, 0]) == ev("Ac 2d 3h 4s 5c")
    assert ev.describe(wheel) == "5-4-3-2-A" and tie_ranks(wheel, "low_a5") == [3, 2, 1, 0, 12]
    assert ev("6c 5d 4h 3s 2c") < wheel  # no straights either: six high
    assert ev.describe(ev("8c 6d 4h 2s Ac")) == "8-6-4-2-A"
    assert ev.describe(ev("Kc Qd Jh 9s 8c")) == "K-Q-J-9-8"
    aces = ev("Ac Ad 5h 4s 3c")
    assert ev.describe(aces) == "Pair of aces, kickers 5-4-3" and ev.category(aces) == C.PAIR
    assert ev("Kc Qd Jh 9s 8c") > aces > ev("2c 2d 5h 4s 3c")  # aces are the lowest pair
    assert format_cards(c for c, _ in ev.best_five("Kd 2c 4h As 3s 5d 2s")) == "5d 4h 3s 2s As"


def test_three_card_poker_examples() -> None:
    wild = Evaluator("three_card_poker", wild="2")
    ev = Evaluator("three_card_poker")
    qka = wild("2c 2d 2h")
    assert qka == 5 << 20 | 13 << 16 == ev("Qs Ks As")
    assert wild.category(qka) == C.STRAIGHT_FLUSH and wild.describe(qka) == "Straight flush, ace high"
    assert format_cards(p for _, p in wild.best_five("2c 2d 2h")) == "As Ks Qs"
    a23 = ev("Ac 2d 3h")
    assert a23 == 3 << 20 | 2 << 16 and ev.describe(a23) == "Straight, three high"
    assert ev.category(a23) == C.STRAIGHT
    assert a23 < ev("2c 3d 4h") < ev("Qc Kd Ah")
    assert ev("Ac 2c 3c") == 5 << 20 | 2 << 16 and ev.describe(ev("Ac 2c 3c")) == "Straight flush, three high"
    assert ev.category(ev("Kc Kd Ah")) == C.PAIR
    assert ev("Kc Ad 2h") < ev("Kc Kd Ah") < ev("As 9s 5s") < a23 < ev("2c 2d 2h") < ev("Ac 2c 3c")
    examples = {
        "Kc Kd Kh": "Three of a kind, kings",
        "Qc Jd Kh": "Straight, king high",
        "Tc Jd Qh": "Straight, queen high",
        "As 9s 5s": "Flush, A-9-5",
        "Qc Qd 9h": "Pair of queens, kicker 9",
        "Ac 9d 5h": "High card, A-9-5",
    }
    for hand, text in examples.items():
        assert ev.describe(ev(hand)) == text
    assert ev("Ac 9d 5h") == 13 << 16 | 8 << 12 | 4 << 8
    assert ev("Qc Qd 9h") == 1 << 20 | 11 << 16 | 8 << 12
    # a wild card in a flush: a second ace by default, else the highest card not held
    assert wild("As 9s 2c") == 2 << 20 | 13 << 16 | 13 << 12 | 8 << 8
    no_dup = Evaluator("three_card_poker", wild="2", flush_duplicates=False)
    assert no_dup("As 9s 2c") == 2 << 20 | 13 << 16 | 12 << 12 | 8 << 8
    assert no_dup.best_five("As 9s 2c") == [(51, 51), (0, 47), (31, 31)]


# ---------------------------------------------------------------------------------------------
# The interface


def test_settings_and_card_counts() -> None:
    for ranking in ("low27", "low_a5"):
        ev = Evaluator(ranking)
        assert ev.ranking == ranking and ev.wild == frozenset()
        assert Evaluator(ranking, wild=[]).wild == frozenset()
        with pytest.raises(ValueError, match=f"^wild cards are not supported for ranking '{ranking}'$"):
            Evaluator(ranking, wild="2")
        for n in (4, 8):
            with pytest.raises(ValueError, match=f"the {ranking} ranking takes 5 to 7 cards, {n} were given"):
                ev(list(range(n)))
        with pytest.raises(ValueError, match="5 to 7 cards"):
            ev.best_five("As Ks Qs Js")
        for n in (4, 8):
            with pytest.raises(ValueError, match="5 to 7 cards"):
                census(n, ranking)
    ev = Evaluator("three_card_poker", wild="3")
    for n in (2, 4):
        with pytest.raises(ValueError, match=f"poker ranking takes exactly 3 cards, {n} were given"):
            ev(list(range(n)))
        with pytest.raises(ValueError, match="exactly 3 cards"):
            census(n, "three_card_poker")
    with pytest.raises(ValueError, match="exactly 3 cards"):
        ev.best_five("As Ks")
    with pytest.raises(ValueError, match="'low'"):
        Evaluator("low")
    with pytest.raises(TypeError):
        Evaluator("low27", flush_duplicates=1)  # type: ignore[arg-type]


def test_batch() -> None:
    rng = random.Random(9)
    for ranking, wild, size in (("low27", None, 5), ("low27", None, 7), ("low_a5", None, 6),
                                ("three_card_poker", "2", 3)):
        ev = Evaluator(ranking, wild)
        hands = np.array([rng.sample(range(52), size) for _ in range(40)], dtype=np.uint8)
        out = ev.batch(hands, threads=2)
        assert out.dtype == np.int32 and out.tolist() == [ev(h) for h in hands.tolist()]
    with pytest.raises(ValueError, match="^the low27 ranking takes 5 to 7 cards per hand, the rows have 4$"):
        Evaluator("low27").batch(np.zeros((2, 4), dtype=int))
    with pytest.raises(ValueError, match="exactly 3 cards per hand, the rows have 5"):
        Evaluator("three_card_poker").batch(np.zeros((2, 5), dtype=int))
    bad = np.array([[0, 1, 2, 3, 4]] * 4)
    bad[2, 1] = 52
    with pytest.raises(ValueError, match=r"^row 2: card 52 is not a card \(0-51\)$"):
        Evaluator("low_a5").batch(bad)
    bad[2] = [7, 1, 2, 3, 7]
    with pytest.raises(ValueError, match=r"^row 2: duplicate card 3s$"):
        Evaluator("low27").batch(bad)
    with pytest.raises(TypeError):
        Evaluator("low27").batch(np.zeros((2, 5), dtype=float))


def test_values_decoding_and_validation() -> None:
    # the default stays "high"
    v = pack(C.PAIR, [12, 3, 2, 1])
    assert category_of(v) == category_of(v, "high") == C.PAIR
    assert tie_ranks(v) == [12, 3, 2, 1] and describe(v) == describe(v, "high")
    # low27 and low_a5 decode LOW_BASE - value
    low = LOW_BASE - pack(C.FULL_HOUSE, [0, 1])
    assert category_of(low, "low27") == C.FULL_HOUSE and tie_ranks(low, "low27") == [0, 1]
    assert describe(low, "low27") == "Full house, deuces over threes"
    a5 = LOW_BASE - pack(C.FULL_HOUSE, [0, 12])  # A-A-A-K-K with the ace as 0
    assert tie_ranks(a5, "low_a5") == [12, 11] and describe(a5, "low_a5") == "Full house, aces over kings"
    assert tie_ranks(5 << 20 | 2 << 16, "three_card_poker") == [1]
    assert tie_ranks(1 << 20 | 11 << 16 | 8 << 12, "three_card_poker") == [10, 7]
    # values outside each ranking's scale
    bad = {
        "low27": [0, LOW_BASE, LOW_BASE - pack(C.FIVE_OF_A_KIND, [12]), LOW_BASE - pack(C.STRAIGHT, [3]),
                  LOW_BASE - pack(C.HIGH_CARD, [4, 3, 2, 1, 0]), LOW_BASE - pack(C.PAIR, [5, 4]),
                  LOW_BASE - (pack(C.PAIR, [5, 4, 3, 2]) | 1)],
        "low_a5": [0, LOW_BASE, LOW_BASE - pack(C.STRAIGHT, [4]), LOW_BASE - pack(C.FLUSH, [7, 5, 3, 1, 0]),
                   LOW_BASE - pack(C.FOUR_OF_A_KIND, [12, 12]) - 1],
        "three_card_poker": [0, -1, 6 << 20, 5 << 20 | 14 << 16, 5 << 20 | 1 << 16, 1 << 20 | 11 << 16,
                             pack(0, [12, 7, 3]) | 1],
        "high": [-1, 10 << 20],
    }
    for ranking, values in bad.items():
        for value in values:
            for fn in (category_of, tie_ranks, describe):
                with pytest.raises(ValueError):
                    fn(value, ranking)
    with pytest.raises(ValueError, match="unknown ranking"):
        describe(v, "low")
