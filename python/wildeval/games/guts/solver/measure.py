"""How good a strategy is: its exploitability, measured from outside the solver's model.

The exploitability of a strategy is what one player gains by switching alone to a best response
while everyone else keeps playing the strategy. The measure here is a best response that sees
what a player sees (:mod:`~wildeval.games.guts.solver.response`: information sets of the stage,
round, legs seat by seat, place, who declared in before, what the earlier stages of the deal
showed, and the hand's strength), found by flip and replay on whole games and measured on fresh
ones: each game played twice on the same cards, seat 0 on the strategy and then on the
response. The gain is seat 0's chips in the second run less the first, per chip of pot dealt in
the first (the pot summed over every deal of the games): "per deal, in pots". Its standard error
is the ratio's (the delta method over the paired games).

Beside it, as baselines: each stage's thresholds moved by one of :data:`SHIFTS`, and always in
or always out at every stage, each measured the same way on the same fresh games.

The figure is a lower bound: a response the search does not find (finer information sets, sets
seen too seldom to decide) could gain more. A figure within two standard errors of zero means the
search found no measurable gain.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from wildeval.games.guts.solver.deals import NEVER, Scale
from wildeval.games.guts.solver.games import play_games
from wildeval.games.guts.solver.iterate import hand_bars
from wildeval.games.guts.solver.response import Gain, Response, best_response_games, paired, paired_gain
from wildeval.games.guts.solver.strategy import Strategy
from wildeval.seeds import child_seed

__all__ = ["Exploitability", "SHIFTS", "exploitability"]


SHIFTS = (-0.05, 0.05)
"""Moves of every threshold (strengths) measured beside the best response."""


@dataclass(frozen=True)
class Exploitability:
    """``per_deal`` (pots a deal) and its ``stderr``: what the best response that sees what a
    player sees gains, on ``games`` fresh paired games of ``deals_per_game`` deals on average
    (``undecided`` at the round cap); ``per_game``: the same in antes a game; ``sets``: the
    information sets where the response chose for itself (found on ``search_games`` games a pass,
    ``passes`` passes); ``baselines``: each simpler deviation's (pots a deal, standard error) on
    the same fresh games."""

    per_deal: float
    stderr: float
    per_game: float
    games: int
    deals_per_game: float
    undecided: int
    sets: int
    search_games: int
    passes: int
    baselines: dict[str, tuple[float, float]]

    def line(self) -> str:
        return (f"exploitability {self.per_deal:+.4f} ± {self.stderr:.4f} pots a deal: a best response that sees "
                f"what players see ({self.sets:,} information sets decided on {self.search_games:,} games x "
                f"{self.passes} passes; {self.games:,} fresh paired games of {self.deals_per_game:.2f} deals)")

    def baseline_lines(self) -> list[str]:
        return [f"  {name:<28} {gain:+.4f} ± {error:.4f}" for name, (gain, error) in self.baselines.items()]


def _gain(rules: GutsRules, n: int, bars: npt.NDArray[np.int64], games: int, seed: int) -> tuple[float, float]:
    """Seat 0's gain, pots a deal and its standard error, playing ``bars[1]`` among players of
    ``bars[0]`` on ``games`` paired games."""
    base = play_games(rules, n, bars, [0] * n, games, seed=seed)
    dev = play_games(rules, n, bars, [1] + [0] * (n - 1), games, seed=seed)
    d = dev.chips[:, 0] - base.chips[:, 0]
    q = base.pots
    ratio = float(d.mean() / q.mean())
    var = (d.var() - 2 * ratio * np.cov(d, q, bias=True)[0, 1] + ratio ** 2 * q.var()) / (games * q.mean() ** 2)
    return ratio, float(np.sqrt(max(var, 0.0)))


def exploitability(strategy: Strategy, *, games: int = 20_000, seed: int = 1, passes: int = 2,
                   search_games: int | None = None) -> Exploitability:
    """What one player gains against ``strategy`` by the best response that sees what a player
    sees (the module's doc): found by ``passes`` passes of flip and replay on ``search_games``
    games (default ``games``), measured on ``games`` other fresh paired games; with the
    baselines on those games too. Everything is dealt from ``seed``."""
    for name, value, low in (("games", games, 2), ("passes", passes, 1)):
        if isinstance(value, bool) or not isinstance(value, int) or value < low:
            raise ValueError(f"{name} must be an int >= {low}, not {value!r}")
    search = games if search_games is None else search_games
    if isinstance(search, bool) or not isinstance(search, int) or search < 2:
        raise ValueError(f"search_games must be an int >= 2, not {search!r}")
    rules, n = strategy.rules, strategy.players
    scales = [Scale.of(rules, s) for s in range(len(rules.stages))]
    mine = hand_bars(scales, strategy.thresholds)
    response = best_response_games(rules, n, mine, scales, games=search, passes=passes, seed=child_seed(seed, 0))
    per_deal, stderr, per_game, deals, undecided = paired_gain(rules, n, mine, scales, response, games=games,
                                                               seed=child_seed(seed, 1))
    tried: dict[str, npt.NDArray[np.int64]] = {}
    for s in range(len(rules.stages)):
        for shift in SHIFTS:
            moved = strategy.thresholds.copy()
            moved[s] = np.clip(moved[s] + shift, 0.0, 1.0)
            tried[f"stage {s + 1} thresholds {shift:+g}"] = hand_bars(scales, moved)
    tried["always in"] = hand_bars(scales, np.zeros_like(strategy.thresholds))
    tried["always out"] = hand_bars(scales, np.ones_like(strategy.thresholds))
    baselines = {name: _gain(rules, n, np.stack([mine, bars]), games, child_seed(seed, 1)) for name, bars in tried.items()}
    return Exploitability(per_deal, stderr, per_game, games, deals, undecided, response.sets, search, passes, baselines)
