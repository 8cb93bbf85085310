"""What bot writers bring from other libraries: treys' class ranks and card ints, eval7's and
pokerkit's card objects."""

from __future__ import annotations

from types import ModuleType

import numpy as np
import pytest

from wildeval import Evaluator, format_cards, parse_cards
from wildeval.cards import from_treys, to_treys
from wildeval.sampling import random_hands


def test_class_ranks_are_treys_ranks() -> None:
    treys = pytest.importorskip("treys")
    judge = treys.Evaluator()
    ev = Evaluator()
    assert ev.classes() == 7462 and ev.classes(7) == 7462
    for n in (5, 6, 7):
        hands = random_hands(3000, n, seed=n)
        ranks = ev.rank(ev.batch(hands), n)
        theirs = [judge.evaluate(to_treys(h[:2].tolist()), to_treys(h[2:].tolist())) for h in hands]
        assert ranks.tolist() == theirs
    assert ev.rank(ev("As Ks Qs Js Ts")) == 1 and ev.rank(ev("7c 5d 4h 3s 2c")) == 7462


def test_classes_of_other_rankings_and_sizes() -> None:
    assert Evaluator("low27").classes() == 7462  # the same hands, the other way up
    assert Evaluator("low27").rank(Evaluator("low27")("7c 5d 4h 3s 2c")) == 1
    assert Evaluator("low_a5").rank(Evaluator("low_a5")("5c 4d 3h 2s Ac")) == 1
    tcp = Evaluator("three_card_poker")
    assert tcp.rank(tcp("Ah Kh Qh"), 3) == 1 and tcp.rank(tcp("5c 3d 2h"), 3) == tcp.classes(3)
    wild = Evaluator(wild="2")
    assert wild.rank(wild("2c 2d 2h 2s As")) == 1 and wild.classes() < 7462  # five aces on top
    three = Evaluator()
    assert three.rank(three("Ah Ad As"), 3) == 1
    assert three.classes(3) == len(set(three.batch(random_hands(50_000, 3, 1))))


def test_rank_refuses_what_no_hand_has() -> None:
    ev = Evaluator()
    with pytest.raises(ValueError, match="no hand of 5 cards has the value 12345"):
        ev.rank(12345)
    with pytest.raises(ValueError, match="n_cards"):
        ev.rank(ev("As Ks Qs Js Ts"), 8)
    with pytest.raises(TypeError):
        ev.rank(np.array([1.5]))  # type: ignore[arg-type]


def test_treys_card_ints_both_ways() -> None:
    treys = pytest.importorskip("treys")
    every = [treys.Card.new(format_cards([c])) for c in range(52)]
    assert to_treys(list(range(52))) == every and from_treys(every) == list(range(52))
    assert to_treys("As Td") == [treys.Card.new("As"), treys.Card.new("Td")]
    with pytest.raises(ValueError, match="2nd item"):
        from_treys([every[0], 12345])
    with pytest.raises(TypeError):
        from_treys(["As"])  # type: ignore[list-item]


def test_eval7_and_pokerkit_cards_are_read_by_their_text(pokerkit: ModuleType) -> None:
    eval7 = pytest.importorskip("eval7")
    ev = Evaluator()
    royal = ev("As Ks Qs Js Ts")
    assert ev([eval7.Card(c) for c in ("As", "Ks", "Qs", "Js", "Ts")]) == royal
    assert ev(list(pokerkit.Card.parse("AsKsQsJsTs"))) == royal
    assert parse_cards([eval7.Card("2c"), 51, "Td"]) == [0, 51, 33]
    with pytest.raises(ValueError, match="is not a card"):
        parse_cards(list(pokerkit.Card.parse("??")))
