"""The small guts game solved exactly (wildeval.games.guts.solver.small): its values against a
plain enumeration, its best response against every alternative, CFR+ to an equilibrium, and the
refinement's rule against that yardstick, planted weak strategies included."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from wildeval.games.guts.solver.small import (
    HISTORIES,
    SmallGame,
    Strategy,
    best_response,
    equilibrium,
    exploitability,
    refine_exactly,
    value,
)

TINY = SmallGame(strengths=3, growth=2, pots=(1.0, 2.0), legs=(0.5, 1.0))


def _paid(a: bool, b: bool, mine: int, theirs: int, pot: float, leg: float) -> float:
    if a and b:
        return pot * ((mine > theirs) - (mine < theirs))
    return leg if a else -leg if b else 0.0


def _history(a: bool, b: bool, mine: int, theirs: int) -> int:
    if a and b:
        return 3 if mine > theirs else 4 if mine < theirs else 5
    return 1 if a else 2 if b else 0


def brute_value(game: SmallGame, mine: Strategy, theirs: Strategy) -> float:
    """Every deal and every choice, one at a time: what ``mine`` wins from ``theirs``."""
    k, g = game.strengths, game.growth
    total = 0.0
    for a1, da, b1, db in itertools.product(range(k), range(g), range(k), range(g)):
        chance = 1.0 / (k * g) ** 2
        a2, b2 = a1 + da, b1 + db
        for a, b in itertools.product((False, True), repeat=2):
            p = (mine.first[a1] if a else 1 - mine.first[a1]) * (theirs.first[b1] if b else 1 - theirs.first[b1])
            if p == 0:
                continue
            here = _paid(a, b, a1, b1, game.pots[0], game.legs[0])
            ha, hb = _history(a, b, a1, b1), _history(b, a, b1, a1)
            for x, y in itertools.product((False, True), repeat=2):
                q = (mine.second[a1, ha, a2] if x else 1 - mine.second[a1, ha, a2]) * \
                    (theirs.second[b1, hb, b2] if y else 1 - theirs.second[b1, hb, b2])
                total += chance * p * q * (here + _paid(x, y, a2, b2, game.pots[1], game.legs[1]))
    return total


def brute_best_response_value(game: SmallGame, theirs: Strategy) -> float:
    """The best response by hand: each stage-two information set's better choice from the deals
    that reach it, then each stage-one choice with those, one at a time."""
    k, g = game.strengths, game.growth
    chance = 1.0 / (k * g)
    best = 0.0
    for a1 in range(k):
        worth = {}
        for a in (False, True):
            total = 0.0
            for da in range(g):
                a2 = a1 + da
                per_history = {h: [0.0, 0.0] for h in range(len(HISTORIES))}
                for b1, db in itertools.product(range(k), range(g)):
                    b2 = b1 + db
                    for b in (False, True):
                        p = chance * (theirs.first[b1] if b else 1 - theirs.first[b1])
                        total += p * _paid(a, b, a1, b1, game.pots[0], game.legs[0])
                        hb = _history(b, a, b1, a1)
                        q = theirs.second[b1, hb, b2]
                        for x in (0, 1):
                            per_history[_history(a, b, a1, b1)][x] += p * (
                                q * _paid(bool(x), True, a2, b2, game.pots[1], game.legs[1])
                                + (1 - q) * _paid(bool(x), False, a2, b2, game.pots[1], game.legs[1]))
                total += sum(max(v) for v in per_history.values())
            worth[a] = total / g
        best += max(worth.values()) / k
    return best


def _random_strategy(game: SmallGame, rng: np.random.Generator) -> Strategy:
    return Strategy(rng.random(game.strengths), rng.random((game.strengths, len(HISTORIES), game.second)))


def test_values_are_a_plain_enumerations() -> None:
    rng = np.random.default_rng(7)
    for _ in range(4):
        mine, theirs = _random_strategy(TINY, rng), _random_strategy(TINY, rng)
        assert value(TINY, mine, theirs) == pytest.approx(brute_value(TINY, mine, theirs), abs=1e-12)
        assert value(TINY, mine, mine) == pytest.approx(0.0, abs=1e-12)  # symmetric and zero-sum


def test_the_best_response_is_the_hand_calculation_and_beats_every_alternative() -> None:
    rng = np.random.default_rng(11)
    for _ in range(3):
        theirs = _random_strategy(TINY, rng)
        br = best_response(TINY, theirs)
        gain = exploitability(TINY, theirs)
        assert gain == pytest.approx(brute_best_response_value(TINY, theirs), abs=1e-12)
        assert value(TINY, br, theirs) == pytest.approx(gain, abs=1e-12)
        for _ in range(20):
            assert value(TINY, _random_strategy(TINY, rng), theirs) <= gain + 1e-12


def test_cfr_plus_reaches_an_equilibrium() -> None:
    game = SmallGame()
    gains = [exploitability(game, equilibrium(game, n)) for n in (50, 200, 1000)]
    assert gains[0] > gains[1] > gains[2]
    assert gains[2] < 1e-4


def test_the_refinement_is_within_its_tolerance_of_the_equilibrium() -> None:
    """The solver's rules on exact gains, learning only from decisions played: regret matching
    (solve()'s default) and fictitious play over mixtures of thresholds come within 0.005 pots a
    deal of the equilibrium (its best response gains that little), regret matching closer the
    longer it runs; one threshold per set stepping towards its cuts (the earlier rule) stays far
    off, its stage-one choices judged with stage-two sets it never plays."""
    game = SmallGame()
    regret = [exploitability(game, refine_exactly(game, n, method="regret")) for n in (20, 200)]
    mixed = exploitability(game, refine_exactly(game, 100, method="fictitious"))
    single = exploitability(game, refine_exactly(game, 100))
    assert regret[1] < 0.005 and regret[1] < regret[0]
    assert mixed < 0.005
    assert single > 0.1


@pytest.mark.parametrize(("name", "expected"), [("always in", None), ("always out", 1.5), ("too tight", None),
                                                ("ignores stage one", None)])
def test_planted_weak_strategies_give_away_what_a_hand_calculation_says(name: str, expected: float | None) -> None:
    """Each planted weakness is worth to the exact best response what the one-at-a-time
    calculation says (against players always out: both legs, 0.5 + 1.0 pots)."""
    game = SmallGame(strengths=12)
    eq = equilibrium(game, 1000)
    u1, u2 = game.scales
    if name == "always in":
        planted = Strategy.always_in(game)
    elif name == "always out":
        planted = Strategy(np.zeros(game.strengths), np.zeros_like(eq.second))
    elif name == "too tight":  # the equilibrium, but out with the weaker half of what it plays
        planted = Strategy(np.where(u1 < 0.5, 0.0, eq.first), np.where(u2[None, None, :] < 0.75, 0.0, eq.second))
    else:  # stage two as the equilibrium plays it on average over what stage one showed
        reach = np.where(np.array([0, 1, 0, 1, 1, 1])[None, :] == 1, eq.first[:, None], 1 - eq.first[:, None])
        pooled = (reach[:, :, None] * eq.second).sum(axis=(0, 1)) / reach.sum()
        planted = Strategy(eq.first, np.broadcast_to(pooled, eq.second.shape).copy())
    gain = exploitability(game, planted)
    assert gain == pytest.approx(brute_best_response_value(game, planted), abs=1e-9)
    if expected is not None:
        assert gain == pytest.approx(expected, abs=1e-6)
    assert gain > 0.01  # every planted weakness is seen
