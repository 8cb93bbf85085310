"""The best response over information sets, state by state: from every state of legs and round
it starts in, it is worth at least what the strategy is (issue 49), on whole games from there."""

from __future__ import annotations

import numpy as np
import pytest

from wildeval.games.guts.solver import Strategy, solve
from wildeval.games.guts.solver.games import play_games
from wildeval.games.guts.solver.response import (
    Responder,
    Response,
    best_response_games,
    paired,
)


@pytest.fixture(scope="module")
def strategy() -> Strategy:
    return solve("three-five-seven", 2, sweeps=10, deals=20_000, rows=256, iterations=0)


@pytest.fixture(scope="module")
def response(strategy: Strategy) -> Response:
    return best_response_games(strategy.rules, 2, strategy.bars(), games=3000, passes=1, seed=1)


@pytest.mark.parametrize(("legs", "round_"), [((0, 0), 1), ((1, 0), 1), ((0, 1), 1), ((1, 2), 2), ((2, 2), 3)])
def test_the_response_is_worth_at_least_the_strategy_in_every_state(strategy: Strategy, response: Response,
                                                                      legs: tuple[int, int], round_: int) -> None:
    rules, bars = strategy.rules, strategy.bars()
    games = 3000
    start = np.repeat(np.array(legs, dtype=np.int64)[:, None], games, axis=1)
    both = np.stack([bars, bars])
    base = play_games(rules, 2, both, [0, 0], games, seed=7, start_legs=start, start_round=round_)
    dev = play_games(rules, 2, both, [0, 0], games, seed=7, start_legs=start, start_round=round_,
                     deviator=Responder(rules, 2, games, response))
    gain = paired(rules, base, dev)
    assert response.sets > 0 and gain.per_deal > -2.5 * gain.stderr, (legs, round_, gain)
