"""The solver bot, playing an information-set strategy in the engine, decides as the native
player does: engine games replayed by the native player on the engine's own cards end with the
same chips, seat by seat (so the bot's information sets, read from its views, are the native
player's keys, and a mixed set's hands pick their bars as the native player's do)."""

from __future__ import annotations

import numpy as np
import pytest

from wildeval.games.guts.bots import play_bots
from wildeval.games.guts.engine import GutsGame
from wildeval.games.guts.rules import table_rules
from wildeval.games.guts.solver import SolverBot, solve
from wildeval.games.guts.solver.native import play


@pytest.mark.parametrize(("name", "players", "declaration", "method"), [
    ("three-five-seven", 3, "in_turn", "cuts"), ("napalm", 2, "simultaneous", "cuts"),
    ("three-five-seven-onlinepoker", 3, "in_turn", "cuts"),
    ("three-five-seven", 3, "simultaneous", "fictitious"),  # mixed sets: each hand's bar picked alike
])
def test_engine_games_of_solver_bots_are_the_native_games(name: str, players: int, declaration: str,
                                                         method: str) -> None:
    rules = table_rules(name, {"declaration": declaration})
    strategy = solve(rules, players=players, sweeps=6, deals=20_000, rows=128, iterations=3, games=4000,
                     method=method)
    assert strategy.infosets is not None and len(strategy.infosets) > 0
    names = [chr(ord("A") + i) for i in range(players)]
    compared = 0
    for seed in range(12):
        game = play_bots(GutsGame(rules, names, seed=seed), {p: SolverBot(strategy) for p in names})
        if game.end_reason != rules.win_by:  # decided by legs or a streak, not the round cap
            continue
        hands: dict[tuple[int, str], list[int]] = {}
        rounds: list[list[list[int]]] = []
        round_no = 0
        for event in game.events:
            if event["type"] == "ante":
                round_no += 1
            if event["type"] == "deal":
                for p, cards in event["cards"].items():
                    hands.setdefault((round_no, p), []).extend(cards)
                    while len(rounds) < round_no:
                        rounds.append([[0] * len(rules.stages) for _ in names])
                    s = event["stage"] - 1
                    rounds[round_no - 1][names.index(p)][s] = rules.evaluator(s)(hands[(round_no, p)])
        first = int(game.first_dealer)
        values = np.array([rounds[0]] * first + rounds, dtype=np.int64)
        native = play(rules, players, values, strategy.policy(), strategy.policy(), games=1, seed=0,
                      first_game=first, sequential=True, max_rounds=len(rounds))
        assert native.rounds[0] == len(rounds)
        assert native.chips[0].tolist() == [game.balances[p] for p in names]
        compared += 1
    assert compared >= 8
