"""Omaha high, and hands in two parts for every ranking: the native evaluator against the
reference, phevaluator's PLO4 and pokerkit's OmahaHoldemHand, per call, in batch and in equity."""

from __future__ import annotations

import itertools
import random
from types import ModuleType

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from wildeval import Evaluator, format_cards, parse_cards, reference
from wildeval.odds import equity
from wildeval.sampling import random_hands


@st.composite
def deals(draw: st.DrawFn) -> tuple[list[int], list[int]]:
    n_hole, n_board = draw(st.integers(4, 6)), draw(st.integers(3, 5))
    # often a narrow deck, so that flushes, straight flushes and groups come up
    deck = draw(st.sampled_from([list(range(52)), [c for c in range(52) if c & 3 in (1, 2)],
                                 [c for c in range(52) if c >> 2 in (0, 1, 2, 3, 12, 8)]]))
    cards = draw(st.lists(st.sampled_from(deck), min_size=n_hole + n_board, max_size=n_hole + n_board, unique=True))
    return cards[:n_hole], cards[n_hole:]


@settings(max_examples=200)
@given(deal=deals())
def test_equals_the_reference(deal: tuple[list[int], list[int]]) -> None:
    hole, board = deal
    native, ref = Evaluator("omaha"), reference.Evaluator("omaha")
    assert native(hole, board) == ref(hole, board)
    assert native.batch([hole], [board]).tolist() == [ref(hole, board)]
    picks = native.best_five_of_parts(hole, board)
    assert len([c for c, _ in picks if c in hole]) == 2 and len([c for c, _ in picks if c in board]) == 3
    assert Evaluator()([c for c, _ in picks]) == native(hole, board)


def test_order_equals_phevaluator_plo4() -> None:
    phevaluator = pytest.importorskip("phevaluator")
    cards = random_hands(4000, 9, seed=9)
    ours = Evaluator("omaha").batch(cards[:, :4], cards[:, 4:]).tolist()
    # evaluate_omaha_cards takes the five board cards, then the four hole cards; lower is better
    theirs = [phevaluator.evaluate_omaha_cards(*row[4:], *row[:4]) for row in cards.tolist()]
    order = sorted(range(len(cards)), key=lambda i: ours[i])
    for a, b in zip(order, order[1:]):
        assert (ours[a] < ours[b]) == (theirs[a] > theirs[b])
        assert (ours[a] == ours[b]) == (theirs[a] == theirs[b])


@pytest.mark.parametrize("n_hole", [4, 5, 6])
def test_order_equals_pokerkit(n_hole: int, pokerkit: ModuleType) -> None:
    rng = random.Random(n_hole)
    drawn = [rng.sample(range(52), n_hole + 5) for _ in range(800)]
    ev = Evaluator("omaha")
    ours = [ev(d[:n_hole], d[n_hole:]) for d in drawn]
    text = [(format_cards(d[:n_hole]).replace(" ", ""), format_cards(d[n_hole:]).replace(" ", "")) for d in drawn]
    theirs = [pokerkit.OmahaHoldemHand.from_game(hole, board) for hole, board in text]
    order = sorted(range(len(drawn)), key=lambda i: ours[i])
    for a, b in zip(order, order[1:]):
        assert (ours[a] < ours[b]) == (theirs[a] < theirs[b])
        assert (ours[a] == ours[b]) == (theirs[a] == theirs[b])


def test_two_from_the_hole_and_three_from_the_board() -> None:
    ev, high = Evaluator("omaha"), Evaluator()
    # four aces in the hole are one pair of them; a flush on the board plays only with two of its suit
    assert ev.describe(ev("As Ah Ad Ac", "Kc 7d 2h")) == "Pair of aces, kickers K-7-2"
    assert ev.category(ev("As Kd 7c 2h", "Qs Js Ts 9s 3s")).name == "STRAIGHT"  # one spade: no flush
    assert ev.describe(ev("As Kd 7c 2h", "Qs Js Ts 9s 3s")) == "Straight, ace high"
    assert ev.describe(ev("As 2s 7c 8d", "Ks Qs 3s 9h 4h")) == "Flush, A-K-Q-3-2"
    assert ev.describe(ev("4s 5s 9c 9d", "As 2s 3s Kh Kd")) == "Straight flush, five high"
    assert ev.describe(ev("Kc Kd Qh 2s", "Ks Ah Ad 3c 3d")) == "Full house, kings over aces"
    assert ev("As Ks 2c 2d", "Qs Js Ts 9h 2h") == high("As Ks Qs Js Ts")
    picks = ev.best_five_of_parts("As Ks 2c 2d", "Qs Js Ts 9h 2h")
    assert format_cards(c for c, _ in picks) == "As Ks Qs Js Ts"


def test_every_ranking_takes_a_hand_in_two_parts() -> None:
    cards = random_hands(3000, 7, seed=3)
    for ranking, n in (("high", 7), ("low27", 7), ("low_a5", 5), ("short_deck", 5), ("badugi", 4),
                       ("three_card_poker", 3)):
        ev = Evaluator(ranking)  # type: ignore[arg-type]
        rows = cards[:, :n] if ranking != "short_deck" else random_hands(3000, n, seed=3, lowest_card=16)
        whole = ev.batch(rows).tolist()
        assert ev.batch(rows[:, :2], rows[:, 2:]).tolist() == whole
        assert [ev(r[:2], r[2:]) for r in rows[:50].tolist()] == whole[:50]
        assert [reference.Evaluator(ranking)(r[:2], r[2:]) for r in rows[:50].tolist()] == whole[:50]
    assert Evaluator()("As Ks", "") == Evaluator()("As Ks")  # an empty board


def test_errors_in_the_words_of_the_call() -> None:
    ev = Evaluator("omaha")
    with pytest.raises(TypeError, match=r"an 'omaha' hand is hole cards and a board: call ev\(hole, board\)"):
        ev("As Ks 2c 2d Qs Js Ts")
    with pytest.raises(TypeError, match="hole cards and a board"):
        reference.Evaluator("omaha")("As Ks 2c 2d Qs Js Ts")
    with pytest.raises(ValueError, match="an 'omaha' hand has 4 to 6 hole cards, got 3"):
        ev("As Ks 2c", "Qs Js Ts")
    with pytest.raises(ValueError, match="an 'omaha' board has 3 to 5 cards, got 2"):
        ev("As Ks 2c 2d", "Qs Js")
    with pytest.raises(ValueError, match="duplicate card As: in the hole cards and on the board"):
        ev("As Ks 2c 2d", "As Js Ts")
    with pytest.raises(ValueError, match=r"a 'high' hand has 1 to 7 cards, got 9 \(hole cards and board together\)"):
        Evaluator()("As Ks 2c 2d", "Qs Js Ts 9h 2h")
    with pytest.raises(TypeError, match="an Evaluator takes the cards, or the hole cards and the board"):
        ev("As Ks 2c 2d", "Qs Js Ts", "9h")
    holes, boards = np.array([[51, 47, 0, 1], [3, 7, 11, 15]]), np.array([[43, 39, 35, 30, 2], [19, 23, 27, 3, 40]])
    with pytest.raises(ValueError, match="row 1: duplicate card 2s"):
        ev.batch(holes, boards)
    with pytest.raises(ValueError, match="boards row 0: card 60 is not a card"):
        ev.batch(holes, np.array([[43, 39, 35, 30, 60], [19, 23, 27, 31, 40]]))
    with pytest.raises(ValueError, match="hands and boards need as many rows, not 2 and 1"):
        ev.batch(holes, boards[:1])
    with pytest.raises(ValueError, match="an 'omaha' board has 3 to 5 cards, but the rows have 2"):
        ev.batch(holes, boards[:, :2])
    from wildeval import census

    with pytest.raises(ValueError, match="an 'omaha' hand is hole cards and a board: there is no census of them"):
        census(4, "omaha")


def test_equity_counts_every_board() -> None:
    hero, villain, flop = parse_cards("As Ks Qd Jd"), parse_cards("7h 7c 8s 9s"), parse_cards("2h 5c Td")
    rest = [c for c in range(52) if c not in hero + villain + flop]
    boards = np.array([flop + list(two) for two in itertools.combinations(rest, 2)], dtype=np.uint8)
    ev = Evaluator("omaha")
    mine = ev.batch(np.tile(hero, (len(boards), 1)), boards)
    theirs = ev.batch(np.tile(villain, (len(boards), 1)), boards)
    odds = equity(["As Ks Qd Jd", "7h 7c 8s 9s"], "2h 5c Td", ranking="omaha")
    assert odds[0].boards == len(boards)
    assert odds[0].win == pytest.approx(float(np.mean(mine > theirs)), abs=1e-12)
    assert odds[1].win == pytest.approx(float(np.mean(theirs > mine)), abs=1e-12)
    sampled = equity(["As Ks Qd Jd", "7h 7c 8s 9s"], "2h 5c Td", ranking="omaha", trials=100_000, seed=4)
    assert abs(sampled[0].equity - odds[0].equity) < 5 * sampled[0].stderr
    with pytest.raises(ValueError, match="an 'omaha' hand has 4 to 6 hole cards and a board of 3 to 5"):
        equity(["As Ks", "7h 7c"], ranking="omaha")


def test_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    from wildeval.cli import main

    assert main(["eval", "--ranking", "omaha", "--ascii", "As Ks 2c 2d", "--board", "Qs Js Ts 9h 2h"]) == 0
    assert capsys.readouterr().out == "As Ks 2c 2d / Qs Js Ts 9h 2h: Royal flush  [As Ks Qs Js Ts]  value 9240576\n"
    assert main(["eval", "--ranking", "omaha", "As Ks 2c 2d"]) == 2
    assert "hand 1 ('As Ks 2c 2d'): an 'omaha' hand plays with a board: give --board" in capsys.readouterr().err
    assert main(["odds", "--ranking", "omaha", "--ascii", "As Ks Qd Jd", "7h 7c 8s 9s", "--board", "2h 5c Td"]) == 0
    out = capsys.readouterr().out
    assert "omaha, no wild cards" in out and "820 deals" in out
    assert main(["census", "4", "--ranking", "omaha"]) == 2
    assert "there is no census of them" in capsys.readouterr().err
