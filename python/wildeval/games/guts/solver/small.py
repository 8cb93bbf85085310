"""A small guts game solved exactly: the yardstick for the solver's update rule.

Two players declare at once at two stages. At stage one each holds a strength ``s1``, one of
``strengths`` equally likely values, independent of the other's; at stage two ``s2 = s1 + d``,
``d`` one of ``growth`` equally likely values (the second stage's hand grows from the first, as
five cards hold the first three). At each stage both declare at once: both in, the lower pays the
higher the stage's ``pot`` (equal: nothing moves); one alone in takes the stage's ``leg`` from the
other; neither: nothing. A player's information set at stage two is their ``s1``, what stage one
showed (:data:`HISTORIES`: who was in and, if both were, who won) and their ``s2``: perfect
recall. The game is zero-sum and symmetric, so its value is 0, and a strategy's exploitability is
what an exact best response to it gains: every information set, every deal counted
(:func:`exploitability`). Nothing here is sampled.

- :func:`equilibrium`: CFR+ over the whole game, every deal each iteration; its average strategy
  is an equilibrium as its exploitability tends to 0.
- :func:`refine_exactly`: the refinement's own rule (:func:`~wildeval.games.guts.solver.infosets.best_cuts`
  and the steps and averaging of its sets, either method), fed the exact gain of staying in at
  every strength of every set reached instead of sampled flips.

>>> game = SmallGame()
>>> exploitability(game, equilibrium(game, 1000)) < 1e-4                # CFR+
True
>>> round(exploitability(game, Strategy.always_in(game)), 4)    # what staying in with anything gives away
0.4486
>>> round(exploitability(game, refine_exactly(game)), 4)       # one threshold per set
0.1291
>>> exploitability(game, refine_exactly(game, method="fictitious")) < 0.005
True
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np
import numpy.typing as npt

from wildeval.games.guts.solver.infosets import METHODS, MIXTURE_WIDTH, _Level, _Mixture, best_cuts
from wildeval.games.guts.solver.regret import Regrets

__all__ = ["HISTORIES", "SmallGame", "Strategy", "best_response", "equilibrium", "exploitability", "refine_exactly",
           "value"]

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.int64]

HISTORIES = ("neither in", "alone in", "the other alone in", "both in, won", "both in, lost", "both in, tied")
"""What stage one showed a player, by index: the second key of a stage-two information set."""
_OWN_IN = np.array([0, 1, 0, 1, 1, 1])  # whether the player was in at stage one, by history


@dataclass(frozen=True)
class SmallGame:
    """The game's sizes and stakes (pots and legs per stage, in the same unit)."""

    strengths: int = 24
    growth: int = 4
    pots: tuple[float, float] = (1.0, 2.0)
    legs: tuple[float, float] = (0.5, 1.0)

    def __post_init__(self) -> None:
        if self.strengths < 2 or self.growth < 1:
            raise ValueError(f"strengths >= 2 and growth >= 1, not {self.strengths!r} and {self.growth!r}")

    @property
    def second(self) -> int:
        """How many values ``s2`` takes."""
        return self.strengths + self.growth - 1

    @cached_property
    def scales(self) -> tuple[Floats, Floats]:
        """Each stage's strength of each value as the solver reads strength: the share of the
        stage's hands it beats, ties counting half."""
        out = []
        for p in (np.full(self.strengths, 1.0 / self.strengths),
                  np.convolve(np.full(self.strengths, 1.0 / self.strengths), np.full(self.growth, 1.0 / self.growth))):
            out.append(np.cumsum(p) - p / 2)
        return out[0], out[1]


@dataclass(frozen=True, eq=False)
class Strategy:
    """How often a player stays in: ``first[s1]`` at stage one, ``second[s1, history, s2]`` at
    stage two."""

    first: Floats
    second: Floats

    @classmethod
    def always_in(cls, game: SmallGame) -> Strategy:
        return cls(np.ones(game.strengths), np.ones((game.strengths, len(HISTORIES), game.second)))

    @classmethod
    def thresholds(cls, game: SmallGame, first: float, second: Floats) -> Strategy:
        """In from strength ``first`` at stage one and ``second[s1, history]`` at stage two."""
        u1, u2 = game.scales
        return cls((u1 >= first).astype(np.float64), (u2[None, None, :] >= second[:, :, None]).astype(np.float64))


def _values(game: SmallGame, strategy: Strategy) -> tuple[Floats, Floats]:
    """For one seat against ``strategy``: ``stage_one[s1, dA, action]`` (stage one's payments
    alone) and ``stage_two[s1, history, s2, action]``, summed over the other's deals weighted by
    their chance and the other's play, not by the seat's own."""
    k, g = game.strengths, game.growth
    s1a, da, s1b, db = np.meshgrid(np.arange(k), np.arange(g), np.arange(k), np.arange(g), indexing="ij")
    s2a, s2b = s1a + da, s1b + db
    c1, c2 = np.sign(s1a - s1b), np.sign(s2a - s2b)
    chance = 1.0 / (k * g)
    stage_one = np.zeros((k, g, 2))
    stage_two = np.zeros((k, len(HISTORIES), game.second, 2))
    for a in (0, 1):
        for b in (0, 1):
            p = strategy.first[s1b] if b else 1.0 - strategy.first[s1b]
            w = chance * p
            mine, theirs = _history(a, b, c1), _history(b, a, -c1)
            stage_one[:, :, a] += (w * _paid(a, b, c1, game.pots[0], game.legs[0])).sum(axis=(2, 3))
            q = strategy.second[s1b, theirs, s2b]
            for act in (0, 1):
                paid = q * _paid(act, 1, c2, game.pots[1], game.legs[1]) + (1 - q) * _paid(act, 0, c2, game.pots[1],
                                                                                             game.legs[1])
                np.add.at(stage_two[..., act], (s1a, mine, s2a), w * paid)
    return stage_one, stage_two


def _history(a: int, b: int, c: Ints) -> Ints:
    if a and b:
        return np.where(c > 0, 3, np.where(c < 0, 4, 5))
    return np.full(c.shape, 1 if a else 2 if b else 0)


def _paid(a: int, b: int, c: Ints, pot: float, leg: float) -> Floats:
    if a and b:
        return pot * c.astype(np.float64)
    return np.full(c.shape, leg if a else -leg if b else 0.0)


def _first_values(game: SmallGame, stage_one: Floats, later: Floats) -> Floats:
    """``[s1, action]``: stage one's payments and stage two's values (``later[s1, history, s2]``,
    the seat's own stage-two play in it), averaged over the seat's growth ``d``."""
    k, g = game.strengths, game.growth
    out = np.zeros((k, 2))
    for a in (0, 1):
        hist = np.flatnonzero(_OWN_IN == a)
        for d in range(g):
            out[:, a] += (stage_one[:, d, a] + later[np.arange(k)[:, None], hist[None, :], np.arange(k)[:, None] + d]
                          .sum(axis=1)) / g
    return out


def value(game: SmallGame, mine: Strategy, theirs: Strategy) -> float:
    """What ``mine`` wins a deal on average from ``theirs``."""
    stage_one, stage_two = _values(game, theirs)
    later = mine.second * stage_two[..., 1] + (1 - mine.second) * stage_two[..., 0]
    q = _first_values(game, stage_one, later)
    return float((mine.first * q[:, 1] + (1 - mine.first) * q[:, 0]).mean())


def best_response(game: SmallGame, strategy: Strategy) -> Strategy:
    """An exact best response to ``strategy`` (perfect recall, every deal counted): at every
    information set the choice worth more, stage two first (in where staying in is worth as much)."""
    stage_one, stage_two = _values(game, strategy)
    second = (stage_two[..., 1] >= stage_two[..., 0]).astype(np.float64)
    q = _first_values(game, stage_one, stage_two.max(axis=-1))
    return Strategy((q[:, 1] >= q[:, 0]).astype(np.float64), second)


def exploitability(game: SmallGame, strategy: Strategy) -> float:
    """What an exact best response (:func:`best_response`) wins a deal against ``strategy``: 0
    exactly at an equilibrium, since the game's value is 0."""
    stage_one, stage_two = _values(game, strategy)
    q = _first_values(game, stage_one, stage_two.max(axis=-1))
    return float(q.max(axis=1).mean())


def _matched(regret: Floats) -> Floats:
    positive = np.maximum(regret, 0.0)
    total = positive.sum(axis=-1, keepdims=True)
    return np.where(total > 0, positive[..., 1:] / np.where(total > 0, total, 1.0), 0.5)[..., 0]


def equilibrium(game: SmallGame, iterations: int = 2000) -> Strategy:
    """CFR+ (both seats the same strategy, updated at once; linear averaging) over every deal."""
    r1 = np.zeros((game.strengths, 2))
    r2 = np.zeros((game.strengths, len(HISTORIES), game.second, 2))
    avg1, avg2 = np.zeros(game.strengths), np.zeros(r2.shape[:-1])
    reach1, reach2 = np.zeros(game.strengths), np.zeros(r2.shape[:-1])
    for t in range(1, iterations + 1):
        now = Strategy(_matched(r1), _matched(r2))
        stage_one, stage_two = _values(game, now)
        later = now.second * stage_two[..., 1] + (1 - now.second) * stage_two[..., 0]
        q1 = _first_values(game, stage_one, later)
        v1 = now.first * q1[:, 1] + (1 - now.first) * q1[:, 0]
        r1 = np.maximum(r1 + q1 - v1[:, None], 0.0)
        r2 = np.maximum(r2 + stage_two - later[..., None], 0.0)
        own = np.where(_OWN_IN[None, :] == 1, now.first[:, None], 1 - now.first[:, None])[:, :, None]
        avg1 += t * now.first
        reach1 += t
        avg2 += t * own * now.second
        reach2 += t * own
    return Strategy(avg1 / reach1, np.where(reach2 > 0, avg2 / np.maximum(reach2, 1e-300), 0.5))


def refine_exactly(game: SmallGame, iterations: int = 200, *, method: str = "cuts",
                   width: int = MIXTURE_WIDTH, min_step: float = 0.05, start: float = 0.5) -> Strategy:
    """The refinement's own rule (``method`` as :func:`~wildeval.games.guts.solver.infosets.refine`
    takes it, its sets' own steps and averaging), fed exact gains instead of sampled flips: every
    set starts at ``start``; each iteration, every set a seat reaches is given the gain of staying
    in at each of its strengths against the strategy so far (the rest of the deal played by it)
    and moves by the method's step; the later half of the iterations is averaged. A set no play
    reaches (stage two after a choice the strategy never makes) keeps what it has, as in the
    refinement, which only learns from decisions played."""
    if method not in METHODS:
        raise ValueError(f"method: one of {', '.join(METHODS)}, not {method!r}")
    u1, u2 = game.scales
    k, h = game.strengths, len(HISTORIES)
    level: _Level | Regrets = (Regrets(width, 1) if method == "regret" else _Mixture(width) if method == "fictitious"
                               else _Level())
    s1, hist, s2 = np.meshgrid(np.arange(k), np.arange(h), np.arange(game.second), indexing="ij")
    dealt = (s2 >= s1) & (s2 < s1 + game.growth)
    for it in range(iterations):
        now = _played(game, level, start)
        stage_one, stage_two = _values(game, now)
        later = now.second * stage_two[..., 1] + (1 - now.second) * stage_two[..., 0]
        q1 = _first_values(game, stage_one, later)
        reach = np.where(_OWN_IN[None, :] == 1, now.first[:, None], 1 - now.first[:, None])  # [s1, history]
        can = dealt & (reach[s1, hist] > 0)
        keys = np.concatenate([np.zeros(k, dtype=np.int64), 1 + (s1 * h + hist)[can]])
        strength = np.concatenate([u1, u2[s2[can]]])
        gain = np.concatenate([q1[:, 1] - q1[:, 0], (stage_two[..., 1] - stage_two[..., 0])[can]])
        if isinstance(level, Regrets):
            level.update(keys, strength, gain, np.full((keys.size, width), start), weight=it + 1.0)
            continue
        cut_keys, _, cuts, _ = best_cuts(keys, strength, gain)
        level.step(cut_keys, np.full(cut_keys.size, 1 << 20, dtype=np.int64), cuts, np.full(cut_keys.size, start),
                   min_step)
        if it >= iterations // 2:
            level.keep()
    return _played(game, level, start, averaged=True)


def _played(game: SmallGame, level: _Level | Regrets, start: float, *, averaged: bool = False) -> Strategy:
    """The strategy a level's sets play (sets it does not hold yet at ``start``)."""
    k, h = game.strengths, len(HISTORIES)
    width = level.width if isinstance(level, (_Mixture, Regrets)) else 1
    t = np.full((1 + k * h, width), start)
    if level.keys.size:
        t[level.keys] = (level.averaged() if averaged else level.t).reshape(level.keys.size, width)
    u1, u2 = game.scales
    first = (u1[None, :] >= t[0][:, None]).mean(axis=0)
    second = (u2[None, None, None, :] >= t[1:].reshape(k, h, width)[..., None]).mean(axis=2)
    return Strategy(first, second)
