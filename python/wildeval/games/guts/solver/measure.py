"""How good a strategy is: its exploitability, measured from outside the solver's model.

The exploitability of a strategy is what one player gains by switching alone to a best response
while everyone else keeps playing the strategy. :func:`exploitability` finds a best response
that sees what a player sees, by **flip and replay** on whole games played natively
(:mod:`~wildeval.games.guts.solver.native`: the real game's rounds, antes and growing pot): one
seat plays the response so far, the others the strategy, and each of the seat's decisions is
flipped and the game replayed on the same cards; per information set (the fine set: stage,
round, place, who declared in before place by place, every player's legs seat by seat, who was
in and whether the seat was paid at the earlier stages of the deal; and, where the fine set is
visited too seldom, the seen set without the earlier stages), the visits sorted by hand value,
the response keeps the threshold whose visits gain most, if it beats the strategy's own choices
by :data:`~wildeval.games.guts.solver.response.SURE` standard errors over
:data:`~wildeval.games.guts.solver.response.MIN_VISITS` visits or more
(:func:`~wildeval.games.guts.solver.response.best_bars`). A few passes, each on fresh games
with the response so far, make the response.

It is then played on fresh games (other cards than it was found on), each once with every seat
on the strategy and once with seat 0 on the response, the same cards dealt in the same game and
round. The gain is seat 0's chips in the second run less its chips in the first, per chip of pot
dealt in the first (the pot summed over every deal of the games): "per deal, in pots", with its
standard error (the delta method over the paired games).

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

from wildeval.games.guts.solver.deals import NEVER, Deals
from wildeval.games.guts.solver.games import GamesPlayed
from wildeval.games.guts.solver.infosets import InfoSets, policy_of
from wildeval.games.guts.solver.model import MODEL_ROUNDS
from wildeval.games.guts.solver.native import ALWAYS, FINE, SEEN, Policy, flips, play
from wildeval.games.guts.solver.response import Bars, Gain, best_bars, paired
from wildeval.games.guts.solver.strategy import Strategy
from wildeval.seeds import child_seed

__all__ = ["MAX_ROUNDS", "POOL_DEALS", "SHIFTS", "Exploitability", "best_response", "exploitability"]

Ints = npt.NDArray[np.int64]

POOL_DEALS = 500_000
"""Valued deals each of the search's and the measure's games are dealt from (two pools, seeded
apart: the response is measured on other cards than those it was found on)."""

MAX_ROUNDS = 1_000_000
"""The longest cap :func:`exploitability` takes for its games (deals)."""

SHIFTS = (-0.05, 0.05)
"""Moves of every threshold (strengths) measured beside the best response."""


@dataclass(frozen=True)
class Exploitability:
    """What the best response that sees what a player sees gains: ``per_deal`` (pots a deal)
    and its ``stderr``, ``per_game`` (antes a game) and its ``game_stderr``, on ``games`` fresh
    paired games of ``deals_per_game`` deals on average (``undecided`` of them at the round
    cap of ``max_rounds`` deals); ``sets``: the information sets where the response chose for
    itself, found on ``search_games`` games a pass, ``passes`` passes, flipping a game's first
    ``max_depth`` decisions or, ``spread``, that many evenly over a longer game;
    ``baselines``: each simpler deviation's :class:`~wildeval.games.guts.solver.response.Gain`
    on the same fresh games."""

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
    max_depth: int = 64
    spread: bool = False
    max_rounds: int = MODEL_ROUNDS

    def missed(self) -> list[str]:
        """The baselines that gain more than the best response by two standard errors of their
        own: deviations the search did not find."""
        return [name for name, b in self.baselines.items() if b.per_deal - 2 * b.stderr > self.per_deal]

    def line(self) -> str:
        """The figure in one line (and, if a baseline beats it, which)."""
        text = (f"exploitability {self.per_deal:+.4f} ± {self.stderr:.4f} pots a deal ({self.per_game:+.3f} ± "
                f"{self.game_stderr:.3f} antes a game): a best response that sees what players see "
                f"({self.sets:,} information sets decided on {self.search_games:,} games x {self.passes} "
                f"passes, {self.max_depth} decisions a game flipped{' spread over it' if self.spread else ''}; "
                f"{self.games:,} fresh paired games of {self.deals_per_game:.2f} deals"
                f"{f', {self.undecided:,} at the cap of {self.max_rounds}' if self.undecided else ''})")
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


def _shifted(strategy: Strategy, shift: float) -> Policy:
    infosets = strategy.infosets
    moved = None if infosets is None else InfoSets(infosets.keys, np.clip(infosets.thresholds + shift, 0.0, 1.0),
                                                   infosets.visits)
    return policy_of(strategy.rules, strategy.players, np.clip(strategy.thresholds + shift, 0.0, 1.0), moved)


def _response_policy(fine: dict[int, int], seen: dict[int, int], then: Policy) -> Policy:
    tables = [(level, b.keys, b.bars) for level, b in ((FINE, Bars.of(fine)), (SEEN, Bars.of(seen))) if b.keys.size]
    return Policy(tuple(tables), then.defaults).then(then)


def best_response(strategy: Strategy, values: Ints, *, games: int, passes: int, seed: int, max_depth: int = 64,
                  spread: bool = False, max_rounds: int = MODEL_ROUNDS,
                  threads: int | None = None) -> tuple[Policy, int]:
    """Flip and replay against everyone else on ``strategy`` (the module's doc), on games of at
    most ``max_rounds`` deals dealt from ``values``: ``passes`` passes of ``games`` games, every
    decision up to the ``max_depth``-th of each flipped (``spread``: that many, evenly over a
    longer game; :func:`~wildeval.games.guts.solver.native.flips`). Returns the response (its
    sets, then the strategy) and how many sets it decides for itself."""
    rules, n, base = strategy.rules, strategy.players, strategy.policy()
    fine: dict[int, int] = {}
    seen: dict[int, int] = {}
    for p in range(passes):
        focal = _response_policy(fine, seen, base)
        f = flips(rules, n, values, focal, base, games=games, seed=child_seed(seed, p), max_depth=max_depth,
                  spread=spread, max_rounds=max_rounds, threads=threads)
        fine.update(best_bars(f.keys[:, FINE], f.value, f.others, f.gain))
        seen.update(best_bars(f.keys[:, SEEN], f.value, f.others, f.gain))
    return _response_policy(fine, seen, base), len(fine) + len(seen)


def exploitability(strategy: Strategy, *, games: int = 100_000, seed: int = 1, passes: int = 3,
                   search_games: int | None = None, max_depth: int = 64, spread: bool = False,
                   max_rounds: int = MODEL_ROUNDS, threads: int | None = None) -> Exploitability:
    """What one player gains against ``strategy`` by the best response that sees what a player
    sees (the module's doc): found by ``passes`` passes of flip and replay on ``search_games``
    games (default ``games``), every decision up to the ``max_depth``-th of a game flipped
    (``spread``: that many evenly over a longer game, so that its late decisions are searched
    too), and measured on ``games`` other fresh paired games; with the baselines on those games
    too. Games undecided after ``max_rounds`` deals give every ante back (the solver's model
    stops at :data:`~wildeval.games.guts.solver.model.MODEL_ROUNDS`; the engine's own cap,
    ``GutsRules.max_rounds``, is 500 by default).
    Games are played natively on ``threads`` threads; everything is dealt from ``seed``: the
    same arguments give the same figures on any number of threads."""
    for name, value, low in (("games", games, 2), ("passes", passes, 1), ("max_depth", max_depth, 1),
                             ("max_rounds", max_rounds, 1)):
        if isinstance(value, bool) or not isinstance(value, int) or value < low:
            raise ValueError(f"{name} must be an int >= {low}, not {value!r}")
    if max_rounds > MAX_ROUNDS:
        raise ValueError(f"max_rounds must be at most {MAX_ROUNDS:,}, not {max_rounds:,}")
    if not isinstance(spread, bool):
        raise ValueError(f"spread must be True or False, not {spread!r}")
    search = games if search_games is None else search_games
    if isinstance(search, bool) or not isinstance(search, int) or search < 2:
        raise ValueError(f"search_games must be an int >= 2, not {search!r}")
    rules, n = strategy.rules, strategy.players
    searched = Deals.dealt(rules, n, POOL_DEALS, seed=child_seed(seed, 0)).values
    response, sets = best_response(strategy, searched, games=search, passes=passes, seed=child_seed(seed, 1),
                                   max_depth=max_depth, spread=spread, max_rounds=max_rounds, threads=threads)
    fresh = Deals.dealt(rules, n, POOL_DEALS, seed=child_seed(seed, 2)).values
    fresh_seed = child_seed(seed, 3)
    base = strategy.policy()

    def against(policy: Policy) -> GamesPlayed:
        return play(rules, n, fresh, policy, base, games=games, seed=fresh_seed, max_rounds=max_rounds,
                    threads=threads)

    played = against(base)
    gain = paired(rules, played, against(response))
    tried = {f"every threshold {shift:+g}": _shifted(strategy, shift) for shift in SHIFTS}
    tried["always in"] = Policy.constant(len(rules.stages), int(ALWAYS))
    tried["always out"] = Policy.constant(len(rules.stages), int(NEVER))
    baselines = {name: paired(rules, played, against(policy)) for name, policy in tried.items()}
    return Exploitability(gain.per_deal, gain.stderr, gain.per_game, gain.game_stderr, games,
                          float(played.rounds.mean()), played.undecided, sets, search, passes, baselines, max_depth,
                          spread, max_rounds)
