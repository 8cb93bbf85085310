"""wildeval.strength.strength: HS, E[HS], E[HS²], PPot, NPot and the histogram, held to a count
straight from each definition (every opponent hand and every completion, one at a time, by the
evaluator's batch), against a uniform opponent and against random weights; and to the spot
published by Billings et al. (1998)."""

from __future__ import annotations

import math
import random
from fractions import Fraction
from itertools import combinations

import numpy as np
import pytest

from wildeval import Evaluator
from wildeval.cards import parse_cards
from wildeval.strength import hand_strength, opponent_weights, strength, strength_many

HIGH = Evaluator()


def _standing(ours: int, theirs: np.ndarray) -> np.ndarray:
    return np.where(ours > theirs, 0, np.where(ours == theirs, 1, 2))


def _brute_force(hole: list[int], board: list[int], weights: np.ndarray | None, bins: int) -> dict[str, object]:
    """Every figure from its definition: each opponent hand (a row) and each completion in turn."""
    left = [c for c in range(52) if c not in hole + board]
    opponents = np.array(list(combinations(left, 2)))
    w = np.ones(len(opponents)) if weights is None else weights[opponents[:, 0], opponents[:, 1]]

    def standings(shown: list[int], hands: np.ndarray) -> np.ndarray:
        rows = np.concatenate([hands, np.tile(shown, (len(hands), 1))], axis=1).astype(np.uint8)
        return _standing(HIGH(hole + shown), HIGH.batch(rows, threads=1))

    def missing(extra: tuple[int, ...]) -> np.ndarray:  # the opponent hands that hold none of them
        return ~np.isin(opponents, extra).any(axis=1)

    now = standings(board, opponents)
    counts = np.bincount(now, weights=w, minlength=3)
    out: dict[str, object] = {"ahead": counts[0], "tied": counts[1], "behind": counts[2],
                              "hs": (counts[0] + counts[1] / 2) / counts.sum()}

    def potentials(k: int) -> tuple[float, float]:
        hp = np.zeros((3, 3))
        for extra in combinations(left, k):
            keep = missing(extra)
            np.add.at(hp, (now[keep], standings(board + list(extra), opponents[keep])), w[keep])
        total = hp.sum(axis=1)
        under, over = total[2] + total[1] / 2, total[0] + total[1] / 2
        return ((hp[2, 0] + hp[2, 1] / 2 + hp[1, 0] / 2) / under if under else 0.0,
                (hp[0, 2] + hp[1, 2] / 2 + hp[0, 1] / 2) / over if over else 0.0)

    river_hs, histogram = [], [0] * bins
    for extra in combinations(left, 5 - len(board)):
        keep = missing(extra)
        c = np.bincount(standings(board + list(extra), opponents[keep]), weights=w[keep], minlength=3)
        if c.sum():
            river_hs.append((c[0] + c[1] / 2) / c.sum())
            # bin = floor(HS * bins), in whole numbers where the counts are
            b = (int(2 * c[0] + c[1]) * bins // int(2 * c.sum()) if weights is None
                 else math.floor(river_hs[-1] * bins))
            histogram[min(bins - 1, b)] += 1
    out["ehs"] = sum(river_hs) / len(river_hs)
    out["ehs2"] = sum(h * h for h in river_hs) / len(river_hs)
    out["histogram"] = [x / len(river_hs) for x in histogram]
    nan = float("nan")
    out["ppot1"], out["npot1"] = potentials(1) if len(board) < 5 else (nan, nan)
    out["ppot2"], out["npot2"] = potentials(2) if len(board) == 3 else (nan, nan)
    return out


def _agree(spot: object, expected: dict[str, object]) -> None:
    for name, want in expected.items():
        got = getattr(spot, name)
        if name == "histogram":
            assert got == pytest.approx(want, abs=1e-12), name
        elif isinstance(want, float) and math.isnan(want):
            assert math.isnan(got), name
        else:
            assert got == pytest.approx(want, rel=1e-9, abs=1e-12), name


@pytest.mark.parametrize("board_size", [4, 5])
def test_random_spots_against_a_uniform_hand(board_size: int) -> None:
    rng = random.Random(45 + board_size)
    for _ in range(3):
        cards = rng.sample(range(52), 2 + board_size)
        bins = rng.choice([1, 5, 10, 50])
        _agree(strength(cards[:2], cards[2:], bins=bins), _brute_force(cards[:2], cards[2:], None, bins))


def test_a_random_flop_against_a_uniform_hand() -> None:
    cards = random.Random(7).sample(range(52), 5)
    _agree(strength(cards[:2], cards[2:], bins=8), _brute_force(cards[:2], cards[2:], None, 8))


@pytest.mark.parametrize("board_size", [3, 4, 5])
def test_random_spots_against_random_weights(board_size: int) -> None:
    rng = np.random.default_rng(board_size)
    cards = [int(c) for c in rng.choice(52, 2 + board_size, replace=False)]
    weights = rng.random(1326) * (rng.random(1326) < 0.3)  # most hands out of the range
    matrix = opponent_weights(weights)
    assert matrix is not None
    _agree(strength(cards[:2], cards[2:], versus=weights, bins=6),
           _brute_force(cards[:2], cards[2:], matrix, 6))


def _turn_means(hole: list[int], board: list[int], weights: np.ndarray | None) -> list[Fraction | float]:
    """From the flop: each turn card's E[HS], the mean river HS of its rivers (as fractions against
    a uniform hand), by the river HS of every completion (a turn and a river, in either order)."""
    left = [c for c in range(52) if c not in hole + board]
    opponents = np.array(list(combinations(left, 2)))
    w = np.ones(len(opponents)) if weights is None else weights[opponents[:, 0], opponents[:, 1]]
    river_hs: dict[frozenset[int], Fraction | float] = {}
    for extra in combinations(left, 2):
        shown = board + list(extra)
        keep = ~np.isin(opponents, extra).any(axis=1)
        rows = np.concatenate([opponents[keep], np.tile(shown, (int(keep.sum()), 1))], axis=1).astype(np.uint8)
        s = _standing(HIGH(hole + shown), HIGH.batch(rows, threads=1))
        c = np.bincount(s, weights=w[keep], minlength=3)
        river_hs[frozenset(extra)] = (Fraction(int(2 * c[0] + c[1]), int(2 * c.sum())) if weights is None
                                      else (c[0] + c[1] / 2) / c.sum())
    means: list[Fraction | float] = []
    for turn in left:
        values = [river_hs[frozenset((turn, river))] for river in left if river != turn]
        means.append(sum(values, Fraction(0) if weights is None else 0.0) / len(values))
    return means


def _histogram(means: list[Fraction | float], bins: int) -> list[float]:
    counts = [0] * bins
    for m in means:
        counts[min(bins - 1, math.floor(m * bins))] += 1
    return [x / len(means) for x in counts]


def test_the_histogram_over_the_next_street() -> None:
    rng = random.Random(11)
    cards = rng.sample(range(52), 5)
    means = _turn_means(cards[:2], cards[2:], None)
    for bins in (3, 10, 46):
        spot = strength(cards[:2], cards[2:], bins=bins, over="next")
        assert spot.histogram == pytest.approx(_histogram(means, bins), abs=1e-12)
    weights = np.random.default_rng(2).random(1326)
    spot = strength(cards[:2], cards[2:], bins=7, over="next", versus=weights)
    assert spot.histogram == pytest.approx(_histogram(_turn_means(cards[:2], cards[2:], opponent_weights(weights)), 7),
                                           abs=1e-12)
    turn = rng.sample(range(52), 6)  # from the turn the next street is the river
    assert strength(turn[:2], turn[2:], over="next").histogram == strength(turn[:2], turn[2:]).histogram


def test_completions_that_leave_the_range_no_hand_are_left_out() -> None:
    # one hand in the range: the rivers 7c and 6c leave it none, and E[HS] is over the other 44
    hole, board = parse_cards("Ah Kh"), parse_cards("Qh 7h 2c 9d")
    spot = strength(hole, board, versus="7c6c", bins=4)
    matrix = opponent_weights("7c6c")
    _agree(spot, _brute_force(hole, board, matrix, 4))
    assert spot.ehs == pytest.approx(sum(strength(hole, board + [r], versus="7c6c").hs
                                         for r in range(52) if r not in hole + board + parse_cards("7c 6c")) / 44)


def test_range_text_and_its_weights_agree() -> None:
    text = "QQ+, AKs, 76s:0.5"
    by_text = strength("Ah Kh", "Qh 7h 2c", versus=text)
    matrix = opponent_weights(text)
    assert matrix is not None
    pairs = list(combinations(range(52), 2))
    by_weights = strength("Ah Kh", "Qh 7h 2c", versus=[matrix[a, b] for a, b in pairs])
    assert by_text == by_weights
    # QQ 3 hands (Qh shown), KK 3 (Kh held), AA 3 (Ah held), AKs 3 (AhKh held), 76s 3 at a half (7h shown)
    assert by_text.ahead + by_text.tied + by_text.behind == 3 + 3 + 3 + 3 + 0.5 * 3


def test_published_spot() -> None:
    # Billings, Papp, Schaeffer and Szafron, "Opponent modeling in poker" (1998): AdQc on 3h4cJh
    s = strength("Ad Qc", "3h 4c Jh")
    assert (s.ahead, s.tied, s.behind) == (628, 9, 444)
    assert (round(s.hs, 3), round(s.ppot2, 3), round(s.npot2, 3)) == (0.585, 0.208, 0.274)


def test_hand_computed_spots() -> None:
    # the nuts on the river: HS, E[HS] = 1, E[HS²] = 1, every completion in the top bin
    nuts = strength("As Ad", "Ac Ah Kd Kc 2s", bins=4)
    assert (nuts.hs, nuts.ehs, nuts.ehs2, nuts.histogram) == (1.0, 1.0, 1.0, (0.0, 0.0, 0.0, 1.0))
    assert math.isnan(nuts.ppot1) and math.isnan(nuts.npot2)
    # a royal flush on the board: every opponent ties on every completion
    board = strength("2c 3d", "Ts Js Qs Ks As", bins=2)
    assert (board.hs, board.ehs, board.histogram) == (0.5, 0.5, (0.0, 1.0))
    # quads of aces on the turn: ahead of every hand now (PPot 0: never behind or tied), and
    # behind on the river only to a straight flush A-2-3-4-5 of clubs: 3c 4c with the 5c, 3c 5c
    # with the 4c, 4c 5c with the 3c; of the 1,035 opponent hands, each with 44 rivers
    quads = strength("Ah As", "Ac Ad Kh 2c")
    assert quads.hs == 1.0 and quads.ppot1 == 0.0
    assert quads.npot1 == pytest.approx(3 / (1035 * 44), rel=1e-12)
    # HS agrees with the plain count
    assert strength("Ah Kh", "Qh 7h 2c").hs == hand_strength("Ah Kh", "Qh 7h 2c").hs


def test_many_equals_one_by_one() -> None:
    rng = random.Random(3)
    spots = [rng.sample(range(52), 6) for _ in range(5)]
    out = strength_many([s[:2] for s in spots], [s[2:] for s in spots], bins=5, threads=2)
    for i, s in enumerate(spots):
        one = strength(s[:2], s[2:], bins=5)
        assert out["ehs"][i] == one.ehs and tuple(out["histogram"][i]) == one.histogram


def test_bad_input() -> None:
    with pytest.raises(ValueError, match="duplicate card Ah"):
        strength(parse_cards("Ah Kh"), parse_cards("Ah 2c 3c"))
    with pytest.raises(ValueError, match="board must be 3, 4 or 5 cards"):
        strength("Ah Kh", "2c 3c")
    with pytest.raises(ValueError, match="bins must be a whole number from 1"):
        strength("Ah Kh", "2c 3c 4c", bins=0)
    with pytest.raises(ValueError, match="no opponent hand is left"):
        strength("Ah Kh", "2c 3c 4c", versus="AhQs, 4c5c")  # both hands meet the cards held or shown
    with pytest.raises(ValueError, match="over must be river or next, not 'turn'"):
        strength("Ah Kh", "2c 3c 4c", over="turn")
    with pytest.raises(ValueError, match="1,326 weights"):
        strength("Ah Kh", "2c 3c 4c", versus=[1.0] * 1325)
