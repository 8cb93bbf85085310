"""A bot that plays a solved strategy.

>>> from wildeval.games.guts.engine import GutsGame
>>> from wildeval.games.guts.bots import play_bots
>>> from wildeval.games.guts.solver.strategy import solve
>>> strategy = solve("three-five-seven", players=2, sweeps=8, deals=20_000, rows=256)
>>> bots = {"A": SolverBot(strategy), "B": SolverBot(strategy)}
>>> game = play_bots(GutsGame(strategy.rules, ["A", "B"], seed=5), bots)
>>> game.over, sum(game.balances.values())
(True, 0)
"""

from __future__ import annotations

from wildeval.games.guts.state import Declare, PlayerView
from wildeval.games.guts.solver.strategy import Strategy

__all__ = ["SolverBot"]


class SolverBot:
    """Stays in when its hand is at least the strategy's threshold for this stage, round, state
    of legs (or streaks) and place in the declarations (with how many declared in before it).
    It plays only the table the strategy was solved for: the same rules and number of players."""

    label = "solver"

    def __init__(self, strategy: Strategy) -> None:
        if not isinstance(strategy, Strategy):
            raise ValueError(f"a SolverBot plays a Strategy (wildeval.games.guts.solver.solve), not {strategy!r}")
        self.strategy = strategy

    def choose(self, view: PlayerView) -> Declare:
        s = self.strategy
        if view.rules != s.rules or len(view.seated) != s.players:
            raise ValueError(f"this strategy was solved for {s.rules.name} at {s.players} players with its own "
                             f"rules; the table plays {view.rules.name} at {len(view.seated)}")
        counts = view.legs if s.rules.win_by == "legs" else view.streaks
        seated = list(view.seated)
        seat = seated.index(view.player)
        legs = [counts[view.player]] + [counts[p] for p in seated if p != view.player]
        ins_before = sum(1 for p in seated[:seat] if view.declared.get(p))
        stage = view.stage - 1
        value = s.rules.evaluator(stage)(list(view.cards[:s.rules.stages[stage].cards]))
        return Declare(view.player, s.stays_in(stage, value, legs, round=view.round, seat=seat,
                                                ins_before=ins_before))
