"""How good a strategy is: its exploitability, measured on whole games it did not learn from.

The exploitability of a strategy is what one player gains by switching alone to a best response
while everyone else keeps playing the strategy. :func:`exploitability` tries deviations (the
model's best response, :func:`~wildeval.games.guts.solver.iterate.best_response`, found on
deals of its own, and the strategy with one stage's thresholds moved) in whole games on fresh
deals (:func:`~wildeval.games.guts.solver.games.play_games`: the real game's rounds, antes and
growing pot), each once with every seat playing the strategy and once with seat 0 deviating,
the same cards dealt in the same game and round. The gain is seat 0's chips in the second run
less its chips in the first, per chip of pot dealt in the first (the pot summed over every deal
of the games): "per deal, in pots". Its standard error is the ratio's (the delta method over
the games, paired).

The figure is a lower bound: a deviation the search does not try might gain more. A figure
within its standard error of zero means that no deviation tried gains measurably; 0 exactly, that
none gained at all on the games that chose.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from wildeval.games.guts.rules import GutsRules
from wildeval.games.guts.solver.deals import Deals, Scale
from wildeval.games.guts.solver.games import play_games
from wildeval.games.guts.solver.iterate import hand_bars, best_response
from wildeval.games.guts.solver.strategy import Strategy
from wildeval.seeds import child_seed

__all__ = ["Exploitability", "SHIFTS", "exploitability"]


SHIFTS = (-0.05, 0.05)
"""The moves of one stage's thresholds tried as deviations beside the model's best response."""


@dataclass(frozen=True)
class Exploitability:
    """``per_deal`` (pots a deal) and its ``stderr``, from ``games`` paired games of
    ``deals_per_game`` deals on average, ``undecided`` of them at the round cap; ``per_game``:
    the gain in antes a game; ``deviation``: which deviation gained most on the games that chose
    it (``"best response"``, or ``"stage 2 thresholds +0.05"``), measured again here on fresh ones
    (when none gains there, the figure is 0, staying with the strategy, and this says so);
    ``response``: the model's best response."""

    per_deal: float
    stderr: float
    per_game: float
    games: int
    deals_per_game: float
    undecided: int
    deviation: str
    response: Strategy

    def line(self) -> str:
        return (f"exploitability {self.per_deal:+.4f} ± {self.stderr:.4f} pots a deal "
                f"({self.deviation}; {self.games:,} paired games of {self.deals_per_game:.2f} deals)")


def _gain(rules: GutsRules, n: int, bars: npt.NDArray[np.int64], games: int, seed: int) -> tuple[float, float, float, float, int]:
    """Seat 0's gain playing ``bars[1]`` among players of ``bars[0]``: per deal in pots, its
    standard error, per game in antes, deals a game, undecided games."""
    base = play_games(rules, n, bars, [0] * n, games, seed=seed)
    dev = play_games(rules, n, bars, [1] + [0] * (n - 1), games, seed=seed)
    d = dev.chips[:, 0] - base.chips[:, 0]
    q = base.pots
    ratio = float(d.mean() / q.mean())
    var = (d.var() - 2 * ratio * np.cov(d, q, bias=True)[0, 1] + ratio ** 2 * q.var()) / (games * q.mean() ** 2)
    return (ratio, float(np.sqrt(max(var, 0.0))), float(d.mean() / rules.ante), float(base.rounds.mean()),
            base.undecided + dev.undecided)


def exploitability(strategy: Strategy, *, games: int = 20_000, seed: int = 1, sweeps: int = 12) -> Exploitability:
    """What one player gains against ``strategy`` by the best deviation found: the model's best
    response, or the strategy with one stage's thresholds moved by one of :data:`SHIFTS`. Each is
    played on ``games`` fresh games and the one that gains most there is played again on
    ``games`` other fresh games, whose gain is the figure (so the choice does not flatter it). If
    none gains on the first games, keeping the strategy (a gain of 0) is the best deviation
    found, and the figure is 0.
    Everything is dealt from ``seed``, apart from the deals the strategy was solved on."""
    if isinstance(games, bool) or not isinstance(games, int) or games < 2:
        raise ValueError(f"games must be an int >= 2, not {games!r}")
    rules, n, settings = strategy.rules, strategy.players, strategy.settings
    scales = [Scale.of(rules, s) for s in range(len(rules.stages))]
    pool = Deals.dealt(rules, n, settings.deals, seed=child_seed(seed, 0))
    response = best_response(strategy.table, scales, pool, strategy.solution, sweeps=sweeps,
                             rows_per_state=settings.rows * 2, seed=child_seed(seed, 1))
    mine = hand_bars(scales, strategy.thresholds)
    tried = {"best response": hand_bars(scales, response.thresholds)}
    for s in range(len(rules.stages)):
        for shift in SHIFTS:
            moved = strategy.thresholds.copy()
            moved[s] = np.clip(moved[s] + shift, 0.0, 1.0)
            tried[f"stage {s + 1} thresholds {shift:+g}"] = hand_bars(scales, moved)
    choosing = {name: _gain(rules, n, np.stack([mine, bars]), games, child_seed(seed, 2))
                for name, bars in tried.items()}
    chosen = max(choosing, key=lambda name: choosing[name][0])
    response_strategy = Strategy(rules, n, response.thresholds, response.values, settings)
    if choosing[chosen][0] <= 0:  # staying with the strategy (a gain of exactly 0) beats them all
        _, _, _, deals, undecided = choosing[chosen]
        return Exploitability(0.0, 0.0, 0.0, games, deals, undecided,
                              f"none of the {len(tried)} deviations tried gains", response_strategy)
    per_deal, stderr, per_game, deals, undecided = _gain(rules, n, np.stack([mine, tried[chosen]]), games,
                                                          child_seed(seed, 3))
    return Exploitability(per_deal, stderr, per_game, games, deals, undecided, chosen, response_strategy)
