"""How good a strategy is: its exploitability, measured on whole games it did not learn from.

The exploitability of a strategy is what one player gains by switching alone to a best response
while everyone else keeps playing the strategy. :func:`exploitability` finds the response
(:func:`~wildeval.games.guts.solver.iterate.best_response`, on deals of its own), then plays
``games`` whole games on fresh deals (:func:`~wildeval.games.guts.solver.games.play_games`,
the real game's rounds, antes and growing pot): once with every seat playing the strategy, once
with seat 0 playing the response, the same cards dealt in the same game and round. The gain is
seat 0's chips in the second run less its chips in the first, per chip of pot dealt in the
first (the pot summed over every deal of the games): "per deal, in pots". Its standard error is
the ratio's (the delta method over the games, paired).

The response is the best the solver's model finds: a threshold per stage, round, state and
context, the model's approximations and all (see docs/solver.md). A response outside that model
might gain more; a negative figure means the response found is worse in the real game than the
strategy, and says the model's response is not the game's.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from wildeval.games.guts.solver.deals import Deals, Scale
from wildeval.games.guts.solver.games import play_games
from wildeval.games.guts.solver.iterate import _bars, best_response
from wildeval.games.guts.solver.strategy import Strategy

__all__ = ["Exploitability", "exploitability"]


@dataclass(frozen=True)
class Exploitability:
    """``per_deal`` (pots a deal) and its ``stderr``, from ``games`` paired games of
    ``deals_per_game`` deals on average, ``undecided`` of them at the round cap; ``per_game``:
    the gain in antes a game; ``response``: the best response found."""

    per_deal: float
    stderr: float
    per_game: float
    games: int
    deals_per_game: float
    undecided: int
    response: Strategy

    def line(self) -> str:
        return (f"exploitability {self.per_deal:+.4f} ± {self.stderr:.4f} pots a deal "
                f"({self.games:,} paired games of {self.deals_per_game:.2f} deals)")


def exploitability(strategy: Strategy, *, games: int = 20_000, seed: int = 1, sweeps: int = 12) -> Exploitability:
    """The gain of the best response found against ``strategy``, on ``games`` fresh games
    (dealt from ``seed``; the response learns on deals of ``seed`` too, apart from the games')."""
    if isinstance(games, bool) or not isinstance(games, int) or games < 2:
        raise ValueError(f"games must be an int >= 2, not {games!r}")
    rules, n, settings = strategy.rules, strategy.players, strategy.settings
    scales = [Scale.of(rules, s) for s in range(len(rules.stages))]
    pool = Deals.dealt(rules, n, settings.deals, seed=seed * 2 + 1)
    response = best_response(strategy.table, scales, pool, strategy.solution, sweeps=sweeps,
                             rows_per_state=settings.rows * 2, seed=seed * 2 + 2)
    bars = np.stack([_bars(scales, strategy.thresholds), _bars(scales, response.thresholds)])
    base = play_games(rules, n, bars, [0] * n, games, seed=-seed - 1)
    dev = play_games(rules, n, bars, [1] + [0] * (n - 1), games, seed=-seed - 1)
    d = dev.chips[:, 0] - base.chips[:, 0]
    q = base.pots
    ratio = float(d.mean() / q.mean())
    var = (d.var() - 2 * ratio * np.cov(d, q, bias=True)[0, 1] + ratio ** 2 * q.var()) / (games * q.mean() ** 2)
    return Exploitability(ratio, float(np.sqrt(max(var, 0.0))), float(d.mean() / rules.ante), games,
                          float(base.rounds.mean()), base.undecided + dev.undecided,
                          Strategy(rules, n, response.thresholds, response.values, settings))
