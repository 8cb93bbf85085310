"""The solver's refinement on whole games (``solver/refine.py``): its cells are the strategy's
own, its steps move thresholds where the best reply is known, and its values are the model's."""

from __future__ import annotations

import numpy as np
import pytest
from wildeval.games.guts import preset
from wildeval.games.guts.solver import Strategy, exploitability, solve
from wildeval.games.guts.solver.refine import cell_gains, model_values, refine


@pytest.fixture(scope="module")
def small() -> Strategy:
    return solve("three-five-seven", 3, sweeps=4, deals=5_000, rows=64)


def test_every_decision_is_keyed_by_the_strategys_own_cell(small: Strategy) -> None:
    # the strategy's choice recorded at each decision is its own threshold of that cell
    cells, values, own, gains = cell_gains(small, small.thresholds, games=600, seed=4, max_depth=8)
    assert cells.size > 600 and np.all(cells >= 0) and np.all(cells < small.thresholds.size)
    assert np.array_equal(own, values >= small.bars().reshape(-1)[cells])
    assert np.all(np.isfinite(gains))


def test_no_step_keeps_the_thresholds(small: Strategy) -> None:
    same = refine(small, steps=0)
    assert np.array_equal(same.thresholds, small.thresholds)
    assert same.values.shape == small.values.shape


def test_against_players_always_in_the_step_goes_to_the_hand_odds() -> None:
    # everyone stays in with every hand, so nobody ever takes a leg and only payments count: at
    # three players a hand of strength u is the best of the three with chance u ** 2 (card removal
    # aside) and collects a pot from each other, else pays one: in gains 3 u ** 2 - 1, so the best
    # reply stays in from u = 1 / sqrt(3). One whole step (step=1) goes there in every reached cell.
    base = solve(preset("three-five-seven", payment="pot_to_each_winner"), 3, sweeps=2, deals=2_000, rows=16)
    loose = Strategy(base.rules, 3, np.zeros_like(base.thresholds), base.values, base.settings)
    refined = refine(loose, steps=1, games=8_000, step=1.0, seed=1, max_rounds=4)
    opening = loose.state_of([0, 0, 0])
    reached = refined.thresholds[:, 0, opening, [0, 4, 8]]  # 1st; 2nd after one in; 3rd after two in
    # each cell's best cut is noisy (about 2,700 visits each; the scale's ties count half and
    # card removal is ignored in the odds); their mean far less so
    assert np.all(np.abs(reached - 1 / np.sqrt(3)) < 0.12) and abs(reached.mean() - 1 / np.sqrt(3)) < 0.03, reached


def test_the_opening_state_keeps_its_fair_share_after_refining(small: Strategy) -> None:
    # symmetric play: whatever the thresholds, the opening state is worth the ante back
    values = model_values(small, small.thresholds, sweeps=20)
    assert abs(values[0, 0, small.state_of([0, 0, 0])] - 1.0) < 0.2


def test_bad_arguments_are_refused(small: Strategy) -> None:
    for kwargs in ({"steps": -1}, {"games": 1}, {"step": 0.0}, {"step": 1.5}, {"steps": True}):
        with pytest.raises(ValueError):
            refine(small, **kwargs)


@pytest.mark.slow
def test_refining_napalm_heads_up_lowers_what_a_best_response_gains() -> None:
    """At Napalm heads-up declaring at once the solver's own cells hold most of the gain (its
    stage model is far off there): steps on whole games take a good part of it away, measured by
    the best response over information sets on the same fresh games."""
    strategy = solve(preset("napalm", declaration="simultaneous"), 2, sweeps=10, deals=20_000, rows=256)
    before = exploitability(strategy, games=8000, passes=1, seed=3)
    after = exploitability(refine(strategy, steps=3, games=4000, seed=5), games=8000, passes=1, seed=3)
    assert after.per_deal < before.per_deal - 3 * np.hypot(before.stderr, after.stderr), (before.line(), after.line())
