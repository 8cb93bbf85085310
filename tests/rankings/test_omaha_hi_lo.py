"""Omaha hi/lo, eight or better: the low half ("omaha_low8") against the reference and pokerkit's
OmahaEightOrBetterLowHand, and pots split high and low in equity against a count by hand."""

from __future__ import annotations

import itertools
import random
from types import ModuleType

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from wildeval import Evaluator, format_cards, parse_cards, reference
from wildeval.odds import equity
from wildeval.values import LowCategory, describe

LOW_CARDS = [c for c in range(52) if c >> 2 in (12, 0, 1, 2, 3, 4, 5, 6)]  # aces to eights


@st.composite
def deals(draw: st.DrawFn) -> tuple[list[int], list[int]]:
    n_hole, n_board = draw(st.integers(4, 6)), draw(st.integers(3, 5))
    deck = draw(st.sampled_from([list(range(52)), LOW_CARDS, LOW_CARDS[:16] + list(range(40, 52))]))
    cards = draw(st.lists(st.sampled_from(deck), min_size=n_hole + n_board, max_size=n_hole + n_board, unique=True))
    return cards[:n_hole], cards[n_hole:]


@settings(max_examples=200)
@given(deal=deals())
def test_low_equals_the_reference(deal: tuple[list[int], list[int]]) -> None:
    hole, board = deal
    native, ref = Evaluator("omaha_low8"), reference.Evaluator("omaha_low8")
    assert native(hole, board) == ref(hole, board)
    assert native.batch([hole], [board]).tolist() == [ref(hole, board)]
    ranks = [c >> 2 for c, _ in ref.best_five_of_parts(hole, board)]
    assert [c >> 2 for c, _ in native.best_five_of_parts(hole, board)] == ranks


def test_low_order_equals_pokerkit(pokerkit: ModuleType) -> None:
    rng = random.Random(8)
    ev = Evaluator("omaha_low8")
    drawn = [rng.sample(LOW_CARDS + list(range(28, 48)), 9) for _ in range(1500)]
    ours, theirs = [], []
    for d in drawn:
        hole, board = format_cards(d[:4]).replace(" ", ""), format_cards(d[4:]).replace(" ", "")
        value = ev(d[:4], d[4:])
        try:
            hand = pokerkit.OmahaEightOrBetterLowHand.from_game(hole, board)
        except ValueError:  # pokerkit: no low can be formed
            assert value == 0, (hole, board)
            continue
        ours.append(value)
        theirs.append(hand)
    assert len(ours) > 500
    order = sorted(range(len(ours)), key=lambda i: ours[i])
    for a, b in zip(order, order[1:]):
        assert (ours[a] < ours[b]) == (theirs[a] < theirs[b])
        assert (ours[a] == ours[b]) == (theirs[a] == theirs[b])


def test_low_words_and_rules() -> None:
    ev = Evaluator("omaha_low8")
    assert ev.describe(ev("Ac 2d Kc Kd", "3h 4s 5c Qc Qd")) == "5-4-3-2-A"
    assert ev.category(ev("Ac 2d Kc Kd", "3h 4s 5c Qc Qd")) is LowCategory.LOW
    # two from the hole: one low card in the hole makes no low, whatever the board
    assert ev("Ac Kd Kc Qd", "2h 3s 4c 5d 6h") == 0
    assert describe(0, "omaha_low8") == "No low" and ev.category(0) is LowCategory.NO_LOW
    # a pair in the hole is one low card: A-A plays one ace
    assert ev.describe(ev("Ac Ad 2c Kd", "3h 4s 9c")) == "No low"
    assert ev.describe(ev("Ac Ad 2c Kd", "3h 4s 8c")) == "8-4-3-2-A"
    assert ev("Ac 2d Kc Kd", "3h 4s 6c") > ev("Ac 2d Kc Kd", "3h 5s 6c") > 0
    assert ev.best_five_of_parts("Ac Kd Kc Qd", "2h 3s 4c 5d 6h") == []
    with pytest.raises(ValueError, match="there is no census of them"):
        from wildeval import census

        census(4, "omaha_low8")


def _split_by_hand(
    holes: list[list[int]], board: list[int], missing: int
) -> tuple[list[float], list[float], list[float]]:
    """Win (scoop), part and equity of each hand by counting every completion with the batch."""
    used = set(board) | {c for h in holes for c in h}
    rest = [c for c in range(52) if c not in used]
    boards = np.array([board + list(more) for more in itertools.combinations(rest, missing)], dtype=np.uint8)
    high = np.array([Evaluator("omaha").batch(np.tile(h, (len(boards), 1)), boards) for h in holes])
    low = np.array([Evaluator("omaha_low8").batch(np.tile(h, (len(boards), 1)), boards) for h in holes])
    best_high, best_low = high.max(axis=0), low.max(axis=0)
    highs = (high == best_high).sum(axis=0)
    lows = ((low == best_low) & (best_low > 0)).sum(axis=0)
    share = np.where(high == best_high, np.where(lows > 0, 0.5, 1.0) / highs, 0.0) + \
        np.where((low == best_low) & (best_low > 0), 0.5 / np.maximum(lows, 1), 0.0)
    scoop = np.isclose(share, 1.0)
    part = (share > 0) & ~scoop
    return list(scoop.mean(axis=1)), list(part.mean(axis=1)), list(share.mean(axis=1))


@pytest.mark.parametrize(("hands", "board"), [
    (["As 2s 3d Kd", "Ah Kh Qc Jc"], "4c 5h 9s"),
    (["As 2s 3d Kd", "Ac 2c Qh Jh", "7d 8d 9h Ts"], "4c 5h Kc Ks"),  # quartered pots, three ways
    (["As 2s 3d 4d", "Ac 2c 3h 4h"], "Kc Qh Js"),  # the lows tie, often
])
def test_pots_split_high_and_low_as_counted_by_hand(hands: list[str], board: str) -> None:
    holes, shown = [parse_cards(h) for h in hands], parse_cards(board)
    win, part, share = _split_by_hand(holes, shown, 5 - len(shown))
    results = equity(hands, board, ranking="omaha", low="omaha_low8")
    for r, w, p, s in zip(results, win, part, share):
        assert (r.win, r.tie, r.equity) == pytest.approx((w, p, s), abs=1e-12)
    assert sum(r.equity for r in results) == pytest.approx(1.0, abs=1e-12)
    sampled = equity(hands, board, ranking="omaha", low="omaha_low8", trials=60_000, seed=3, threads=2)
    for r, exact in zip(sampled, results):
        assert abs(r.equity - exact.equity) < 5 * r.stderr


def test_the_standard_error_of_a_split_pot() -> None:
    hands, board = ["As 2s 3d Kd", "Ac 2c Qh Jh", "7d 8d 9h Ts"], "4c 5h Kc"
    runs = [equity(hands, board, ranking="omaha", low="omaha_low8", trials=4000, seed=s) for s in range(40)]
    for p in range(3):
        spread = float(np.std([run[p].equity for run in runs], ddof=1))
        claimed = float(np.mean([run[p].stderr for run in runs]))
        assert 0.7 < spread / claimed < 1.4, (p, spread, claimed)


def test_a_split_pot_needs_two_split_rankings() -> None:
    with pytest.raises(ValueError, match="two rankings of hole cards and a board"):
        equity(["As 2s", "Ah Kh"], ranking="high", low="omaha_low8")
    with pytest.raises(ValueError, match="the low half is a ranking of lows"):
        equity(["As 2s 3d Kd", "Ah Kh Qc Jc"], ranking="omaha", low="low_a5")


@pytest.mark.parametrize(("high", "low"), [("high", "omaha_low8"), ("omaha", "low27")])
def test_the_core_refuses_a_high_low_pair_that_cannot_split_a_pot(high: str, low: str) -> None:
    from wildeval import _core

    hands = np.array([parse_cards("As Ad Kc Kd"), parse_cards("2s 3d 4c 5h")], dtype=np.uint8)
    players = [(hands[:1], np.ones(1)), (hands[1:], np.ones(1))]
    with pytest.raises(ValueError, match="a pot split high and low needs two rankings of hole cards and a board "
                                         f"of the same sizes, not '{high}' and '{low}'"):
        _core.EquityEngine(high, 0, True, players, [], [], 5, low)
