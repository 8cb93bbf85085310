"""The equity sampler's deals: ranges drawn together (a joint list of the sets of hands that share
no card) or drawn again until they fit, each set of hands with the chance rejection sampling gives
it (its hands' weights multiplied, over the sum of that product over every set that fits)."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest

from wildeval import _core, parse_cards
from wildeval.odds import equity
from wildeval.ranges import Range

KERNELS = [name for name in _core.rows_kernels() if _core.rows_kernel_runs(name)]


pytestmark = pytest.mark.usefixtures("keeps_rows_kernel")


def _engine(players: list[tuple[list[str], list[float]]], board: str = "", dead: str = "") -> _core.EquityEngine:
    lists = [(np.array([parse_cards(h) for h in hands], dtype=np.uint8), np.array(weights, dtype=np.float64))
             for hands, weights in players]
    return _core.EquityEngine("high", 0, True, lists, parse_cards(board), parse_cards(dead), 5)


def _chi_square_z(observed: np.ndarray, expected: np.ndarray) -> float:
    """The chi-square statistic of the counts as a standard normal deviate (Wilson and Hilferty)."""
    df = observed.size - 1
    x = float(((observed - expected) ** 2 / expected).sum())
    return ((x / df) ** (1 / 3) - (1 - 2 / (9 * df))) / math.sqrt(2 / (9 * df))


# three lists of five hands whose hands meet in many ways (29 of the 125 sets fit; a hand that
# meets the board is never drawn), weighted
TINY = [(["As Ks", "As Qs", "Kh Qh", "2c 3c", "Jd Td"], [1.0, 1.0, 1.0, 5.0, 2.0]),
        (["Ks Qs", "As Kh", "Qh Jh", "Td 9d", "9c 8c"], [1.0, 2.0, 0.5, 1.0, 1.0]),
        (["Qs Js", "Kh Jh", "As Jd", "Td 9c", "8c 8d"], [3.0, 1.0, 1.0, 1.0, 0.25])]
TINY_BOARD = "2c 7d 6h"


def _tiny_sets() -> tuple[list[tuple[int, ...]], np.ndarray, np.ndarray]:
    """The sets of hands that fit, the chance of each by rejection sampling, and by drawing each
    list in turn from the hands that fit the ones drawn before (which is not the same)."""
    masks = [[frozenset(parse_cards(h)) for h in hands] for hands, _ in TINY]
    board = frozenset(parse_cards(TINY_BOARD))
    sets, chances, in_turn = [], [], []
    for picks in itertools.product(*(range(len(m)) for m in masks)):
        hands = [masks[p][i] for p, i in enumerate(picks)]
        if any(h & board for h in hands) or any(a & b for a, b in itertools.combinations(hands, 2)):
            continue
        sets.append(picks)
        chances.append(math.prod(TINY[p][1][i] for p, i in enumerate(picks)))
        chance, used = 1.0, set(board)
        for p, i in enumerate(picks):
            fits = sum(w for h, w in zip(masks[p], TINY[p][1]) if not h & used)
            chance *= TINY[p][1][i] / fits
            used |= hands[p]
        in_turn.append(chance)
    return sets, np.array(chances) / sum(chances), np.array(in_turn)


def test_the_sets_of_hands_come_as_often_as_rejection_sampling_deals_them() -> None:
    # each set of hands that fits, as often as drawing every list by weight and throwing away the
    # sets that share a card (a chi-square over the 29 sets); drawing each list from the hands
    # that fit the ones drawn before would not be, and the test tells them apart
    n = 200_000
    sets, chance, in_turn = _tiny_sets()
    assert len(sets) == 29 and abs(in_turn.sum() - 1) < 1e-9
    first = None
    for kernel in KERNELS:
        _core.use_rows_kernel(kernel)
        dealt = _engine(TINY, board=TINY_BOARD).dealt(n, 11)
        seen: dict[tuple[int, ...], int] = {}
        for row in map(tuple, dealt.tolist()):
            seen[row] = seen.get(row, 0) + 1
        assert set(seen) <= set(sets), set(seen) - set(sets)  # no set that shares a card
        observed = np.array([seen.get(s, 0) for s in sets], dtype=np.float64)
        assert _chi_square_z(observed, chance * n) < 4.0, (kernel, observed, chance * n)
        assert _chi_square_z(observed, in_turn * n) > 20.0, kernel
        # the same deals, and the same set of hands the same deal, on every kernel
        first = dealt if first is None else first
        assert np.array_equal(dealt, first), kernel


def test_lists_too_large_to_join_are_drawn_again_until_they_fit() -> None:
    # 606 hands against 606: past the joint list's bound (2^18 sets), drawn apart and again until
    # they fit, as before; no deal's hands share a card, the same deals on every kernel
    hands = Range("22+, A2+, K2+, Q2+").hands
    assert len(hands) == 606
    cards = np.array(hands, dtype=np.uint8)
    lists = [(cards, np.ones(len(hands))), (cards, np.ones(len(hands)))]
    masks = [frozenset(h) for h in hands]
    answers = []
    for kernel in KERNELS:
        _core.use_rows_kernel(kernel)
        dealt = _core.EquityEngine("high", 0, True, lists, [], [], 5).dealt(20_000, 3)
        assert all(not (masks[a] & masks[b]) for a, b in dealt.tolist())
        answers.append(dealt)
    assert all(np.array_equal(a, answers[0]) for a in answers)


SPOTS = [
    (["QQ+, AKs", "JJ, TT, 99, AQs", "88, 77, 66, KQs"], "2h 7s 9c", ""),
    (["AA, KK, AKs", "KK, QQ, AK", "AK, AQ, KQ"], "Kh 7s 2c", "Qd"),
    (["QQ+:0.5, AKs, 72o:25%", "JJ, TT, 99, AQs", "TT+:0.3, AJs+"], "9h 8h 2d", ""),
    (["AA, KK", "AK, KQ", "QQ, JJ", "AQs, KJs"], "Jc Td 3s", "2s"),
    (["22+, A2s+, K9s+, ATo+", "22+, A2s+, K9s+, ATo+"], "Ah Kd 5c 5s", ""),
    (["AKs, AQs", "random", "KQs, KJs"], "As 8d 3c", ""),
    (["AA:2, KK, QQ:0.5", "AK:3, AQ", "KQ, QJ:0.2", "JJ, TT"], "Qh 4c 2d", "Jh"),
]


@pytest.mark.parametrize(("players", "board", "dead"), SPOTS)
def test_ranges_sampled_close_to_the_exact_count(players: list[str], board: str, dead: str) -> None:
    exact = equity(players, board, dead=dead)
    sampled = equity(players, board, dead=dead, trials=200_000, seed=21)
    for e, r in zip(exact, sampled):
        assert abs(e.equity - r.equity) < 5 * r.stderr and abs(e.win - r.win) < 0.01, (players, e, r)
