"""A bot that plays a solved strategy.

>>> from wildeval.games.guts.engine import GutsGame
>>> from wildeval.games.guts.bots import play_bots
>>> from wildeval.games.guts.solver.strategy import solve
>>> strategy = solve("three-five-seven", players=2, sweeps=8, deals=20_000, rows=256, iterations=2, games=2000)
>>> bots = {"A": SolverBot(strategy), "B": SolverBot(strategy)}
>>> game = play_bots(GutsGame(strategy.rules, ["A", "B"], seed=5), bots)
>>> game.over, sum(game.balances.values())
(True, 0)
"""

from __future__ import annotations

from wildeval.games.guts.solver.native import keys_of
from wildeval.games.guts.solver.strategy import Strategy
from wildeval.games.guts.state import Declare, PlayerView

__all__ = ["SolverBot"]


class SolverBot:
    """Stays in when its hand reaches the strategy's threshold at what it sees
    (:meth:`Strategy.stays_in_at <wildeval.games.guts.solver.strategy.Strategy.stays_in_at>`):
    the stage and round, its place in the declarations and who declared in before it, every
    player's legs (or streak) seat by seat round the table from it, and who was in and whether it
    was paid at the earlier stages of this deal; a strategy without information sets decides by
    its cells alone. It plays only the table the strategy was solved for: the same rules and
    number of players."""

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
        seated = list(view.seated)  # in declaring order, the dealer last
        n, place = len(seated), seated.index(view.player)
        around = [seated[(place + i) % n] for i in range(n)]
        stage = view.stage - 1
        ins_before = [bool(view.declared.get(p)) for p in seated[:place]] if s.table.in_turn else []
        history = []
        for settled in view.settlements:
            if settled["stage"] - 1 < stage:
                paid = any(pay["to"] == view.player for pay in settled.get("payments") or ())
                history.append(([p in settled["in"] for p in around], paid))
        keys = keys_of(s.table, stage, view.round - 1, place, ins_before, [counts[p] for p in around], history)
        value = s.rules.evaluator(stage)(list(view.cards[:s.rules.stages[stage].cards]))
        return Declare(view.player, s.stays_in_at(keys, value))
