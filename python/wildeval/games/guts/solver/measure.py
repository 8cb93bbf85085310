"""How good a strategy is: its exploitability, measured from outside the solver's model.

The exploitability of a strategy is what one player gains by switching alone to a best response
while everyone else keeps playing the strategy. :func:`exploitability` finds a best response
that sees what a player sees (:mod:`~wildeval.games.guts.solver.response`: per information set
of the stage, round, legs seat by seat, place, who declared in before and what the earlier
stages of the deal showed, a threshold on the hand; found by flip and replay on whole games),
then plays it on fresh games (:func:`~wildeval.games.guts.solver.games.play_games`: the real
game's rounds, antes and growing pot), each once with every seat on the strategy and once with
seat 0 on the response, the same cards dealt in the same game and round. The gain is seat 0's
chips in the second run less its chips in the first, per chip of pot dealt in the first (the pot
summed over every deal of the games): "per deal, in pots", with its standard error (the delta
method over the paired games).

Beside it, on the same fresh games, simple deviations: every threshold moved by each of
:data:`SHIFTS` (a strength), always in, always out. A response that gains less than one of them
is one the search missed (:meth:`Exploitability.line` says so); the figure is a lower bound in
any case (a deviation the response cannot express or did not find might gain more).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from wildeval.games.guts.rules import GutsRules
from wildeval.games.guts.solver.deals import Scale
from wildeval.games.guts.solver.games import GamesPlayed, play_games
from wildeval.games.guts.solver.iterate import hand_bars
from wildeval.games.guts.solver.response import Gain, best_response_games, paired, paired_gain
from wildeval.games.guts.solver.strategy import Strategy
from wildeval.seeds import child_seed

__all__ = ["Exploitability", "SHIFTS", "exploitability"]

Ints = npt.NDArray[np.int64]

SHIFTS = (-0.05, 0.05)
"""Moves of every threshold (strengths) measured beside the best response."""


@dataclass(frozen=True)
class Exploitability:
    """What the best response that sees what a player sees gains: ``per_deal`` (pots a deal)
    and its ``stderr``, ``per_game`` (antes a game) and its ``game_stderr``, on ``games`` fresh
    paired games of ``deals_per_game`` deals on average (``undecided`` of them at the round
    cap); ``sets``: the information sets where the response chose for itself, found on
    ``search_games`` games a pass, ``passes`` passes; ``baselines``: each simpler deviation's
    :class:`~wildeval.games.guts.solver.response.Gain` on the same fresh games."""

    per_deal: float
    stderr: float
    per_game: float
    game_stderr: float
    games: int
    deals_per_game: float
    undecided: int
    sets: int
    search_games: int
    passes: int
    baselines: dict[str, Gain]

    def missed(self) -> list[str]:
        """The baselines that gain more than the best response by two standard errors of their
        own: deviations the search did not find."""
        return [name for name, b in self.baselines.items() if b.per_deal - 2 * b.stderr > self.per_deal]

    def line(self) -> str:
        """The figure in one line (and, if a baseline beats it, which)."""
        text = (f"exploitability {self.per_deal:+.4f} ± {self.stderr:.4f} pots a deal ({self.per_game:+.3f} ± "
                f"{self.game_stderr:.3f} antes a game): a best response that sees what players see "
                f"({self.sets:,} information sets decided on {self.search_games:,} games x {self.passes} "
                f"passes; {self.games:,} fresh paired games of {self.deals_per_game:.2f} deals)")
        missed = self.missed()
        if missed:
            text += f"; the search missed a gain: {', '.join(missed)} gains more"
        return text

    def baseline_lines(self) -> list[str]:
        """One line per baseline: its gain in pots a deal and antes a game, each with its
        standard error."""
        return [f"  {name:<22} {b.per_deal:+.4f} ± {b.stderr:.4f} pots a deal ({b.per_game:+.3f} ± "
                f"{b.game_stderr:.3f} antes a game)" for name, b in self.baselines.items()]

    def to_json(self) -> dict[str, Any]:
        data = {k: v for k, v in asdict(self).items() if k != "baselines"}
        data["baselines"] = {name: asdict(b) for name, b in self.baselines.items()}
        data["missed"] = self.missed()
        return data


def _baselines(strategy: Strategy, base: GamesPlayed, games: int, seed: int) -> dict[str, Gain]:
    """Seat 0 playing each simple deviation on the games ``base`` played (same seed, same cards)."""
    rules, n = strategy.rules, strategy.players
    scales = [Scale.of(rules, s) for s in range(len(rules.stages))]
    t = strategy.thresholds
    tried: dict[str, Ints] = {f"every threshold {shift:+g}": hand_bars(scales, np.clip(t + shift, 0.0, 1.0))
                              for shift in SHIFTS}
    tried["always in"] = hand_bars(scales, np.zeros_like(t))
    tried["always out"] = hand_bars(scales, np.ones_like(t))
    out = {}
    for name, bars in tried.items():
        played = play_games(rules, n, np.stack([strategy.bars(), bars]), [1] + [0] * (n - 1), games, seed=seed)
        out[name] = paired(rules, base, played)
    return out


def exploitability(strategy: Strategy, *, games: int = 20_000, seed: int = 1, passes: int = 2,
                   search_games: int | None = None, max_depth: int = 24) -> Exploitability:
    """What one player gains against ``strategy`` by the best response that sees what a player
    sees (the module's doc): found by ``passes`` passes of flip and replay on ``search_games``
    games (default ``games``), every decision up to the ``max_depth``-th of a game flipped,
    and measured on ``games`` other fresh paired games; with the baselines on those games too.
    Everything is dealt from ``seed``: the same arguments give the same figures."""
    for name, value, low in (("games", games, 2), ("passes", passes, 1), ("max_depth", max_depth, 1)):
        if isinstance(value, bool) or not isinstance(value, int) or value < low:
            raise ValueError(f"{name} must be an int >= {low}, not {value!r}")
    search = games if search_games is None else search_games
    if isinstance(search, bool) or not isinstance(search, int) or search < 2:
        raise ValueError(f"search_games must be an int >= 2, not {search!r}")
    rules, n = strategy.rules, strategy.players
    bars = strategy.bars()
    response = best_response_games(rules, n, bars, games=search, passes=passes, seed=child_seed(seed, 0),
                                   max_depth=max_depth)
    fresh = child_seed(seed, 1)
    gain, base = paired_gain(rules, n, bars, response, games=games, seed=fresh)
    return Exploitability(gain.per_deal, gain.stderr, gain.per_game, gain.game_stderr, games,
                          float(base.rounds.mean()), base.undecided, response.sets, search, passes,
                          _baselines(strategy, base, games, fresh))
