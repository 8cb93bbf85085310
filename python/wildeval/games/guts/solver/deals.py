"""The deals the solver learns from: every seat dealt from one deck, each stage's hand valued.

A :class:`Scale` turns a stage's hand values into strengths: the share of random hands of that
stage a hand beats, ties counting half (0 = the worst hand, near 1 = the best), measured on a
fixed seeded sample. A :class:`Deals` holds many whole deals of a table: for each deal, seat and
stage, the hand's value under the stage's ranking and wild ranks and its strength. Seats are
dealt from one deck, so the cards one player holds are the cards the others cannot: card removal
is in the deals, not modelled.

>>> from wildeval.games.guts.rules import preset
>>> rules = preset("three-five-seven")
>>> deals = Deals.dealt(rules, players=3, count=1000, seed=1)
>>> deals.values.shape, deals.strength.shape
((1000, 3, 3), (1000, 3, 3))
>>> scale = Scale.of(rules, 0)
>>> scale.strength(rules.evaluator(0)([6, 44, 45])) > 0.99        # 3h Kc Kd, threes wild: three kings
True
>>> scale.weakest(0.5) == scale.weakest(scale.strength(scale.weakest(0.5)))
True
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import numpy.typing as npt

import wildeval
from wildeval.evaluator import Ranking
from wildeval.games.guts.rules import GutsRules
from wildeval.sampling import random_hands

__all__ = ["Deals", "NEVER", "SCALE_SAMPLES", "Scale", "deal_cards"]

SCALE_SAMPLES = 400_000
"""Random hands per stage behind a :class:`Scale` (the strengths are shares of them)."""

NEVER = np.iinfo(np.int64).max
"""The hand value no hand reaches: a threshold that never stays in."""


@dataclass(frozen=True, eq=False)
class Scale:
    """Hand values of one stage against strengths: ``values`` are the distinct values of
    :data:`SCALE_SAMPLES` seeded random hands in increasing order, ``below[i]`` how many of the
    hands were below ``values[i]`` and ``count[i]`` how many equal to it."""

    values: npt.NDArray[np.int64]
    below: npt.NDArray[np.int64]
    count: npt.NDArray[np.int64]
    samples: int

    @staticmethod
    def of(rules: GutsRules, stage: int) -> Scale:
        """The scale of ``rules``' stage ``stage`` (0-based), made once per stage setting."""
        ranking, wild = rules.evaluator_settings(stage)
        return _scale(ranking, wild or "", rules.flush_duplicates, rules.stages[stage].cards)

    def strength(self, value: int | npt.ArrayLike) -> npt.NDArray[np.float64] | float:
        """The share of the sample a hand of ``value`` beats, ties counting half."""
        v = np.asarray(value, dtype=np.int64)
        left = np.searchsorted(self.values, v, side="left")
        hit = (left < self.values.size) & (self.values[np.minimum(left, self.values.size - 1)] == v)
        below = np.where(left < self.values.size, self.below[np.minimum(left, self.values.size - 1)],
                         self.samples)
        out = (below + np.where(hit, self.count[np.minimum(left, self.values.size - 1)] / 2, 0)) / self.samples
        return float(out) if out.ndim == 0 else out

    def weakest(self, threshold: float | npt.ArrayLike) -> npt.NDArray[np.int64] | int:
        """The weakest hand value of the sample whose strength reaches ``threshold``
        (:data:`NEVER` above every hand): the hand value a strength threshold stays in from."""
        t = np.asarray(threshold, dtype=np.float64)
        mids = (self.below + self.count / 2) / self.samples
        i = np.searchsorted(mids, t, side="left")
        out = np.where(i < self.values.size, self.values[np.minimum(i, self.values.size - 1)], NEVER)
        return int(out) if out.ndim == 0 else out.astype(np.int64)

    def share_from(self, value: int) -> float:
        """The share of random hands at least as good as ``value`` (the chance a random hand
        would stay in with a threshold of ``value``)."""
        i = int(np.searchsorted(self.values, value, side="left"))
        below = self.samples if i >= self.values.size else int(self.below[i])
        return 1.0 - below / self.samples


@lru_cache(maxsize=64)
def _scale(ranking: Ranking, wild: str, flush_duplicates: bool, cards: int) -> Scale:
    evaluator = wildeval.Evaluator(ranking, wild or None, flush_duplicates=flush_duplicates)
    hands = random_hands(SCALE_SAMPLES, cards, seed=20261201 + cards)
    values = np.sort(evaluator.batch(hands).astype(np.int64))
    distinct, first, count = np.unique(values, return_index=True, return_counts=True)
    return Scale(distinct, first.astype(np.int64), count.astype(np.int64), SCALE_SAMPLES)


def deal_cards(count: int, players: int, cards: int, seed: int) -> npt.NDArray[np.uint8]:
    """``count`` seeded deals of ``cards`` cards to each of ``players`` seats from one shuffled
    deck each: ``[deal, seat, card]``."""
    rng = np.random.default_rng(seed)
    decks = np.argsort(rng.random((count, 52)), axis=1)[:, :players * cards].astype(np.uint8)
    return decks.reshape(count, players, cards)


@dataclass(frozen=True, eq=False)
class Deals:
    """``values[d, p, s]``: the value of seat ``p``'s stage-``s`` hand in deal ``d``;
    ``strength[d, p, s]``: its strength on the stage's :class:`Scale`."""

    values: npt.NDArray[np.int64]
    strength: npt.NDArray[np.float64]

    @staticmethod
    def dealt(rules: GutsRules, players: int, count: int, seed: int) -> Deals:
        """``count`` seeded deals of ``players`` seats: each deal one shuffled deck, each seat
        holding its own run of ``rules``' last stage's cards, each stage's hand the first cards of
        that run (how the engine deals, one card at a time round the table, gives the same
        distribution)."""
        seats = deal_cards(count, players, rules.stages[-1].cards, seed)
        stages = len(rules.stages)
        values = np.empty((count, players, stages), dtype=np.int64)
        strength = np.empty((count, players, stages), dtype=np.float64)
        for s, stage in enumerate(rules.stages):
            hands = np.ascontiguousarray(seats[:, :, :stage.cards].reshape(count * players, stage.cards))
            v = rules.evaluator(s).batch(hands).astype(np.int64).reshape(count, players)
            values[:, :, s] = v
            strength[:, :, s] = Scale.of(rules, s).strength(v)
        return Deals(values, strength)

    def __len__(self) -> int:
        return int(self.values.shape[0])
