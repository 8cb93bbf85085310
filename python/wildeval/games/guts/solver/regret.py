"""Regret matching over thresholds: each information set a mixture of thresholds whose weights
follow the regrets summed over every iteration (``refine(method="regret")``).

In each information set a player may stay in from any of the thresholds ``j / GRID`` (strengths;
``j = GRID`` never stays in): ``GRID + 1`` pure ways of playing the set, each a threshold. A flip
(:func:`~wildeval.games.guts.solver.native.flips`) says what staying in was worth at one visit,
gain ``g`` with the hand's strength ``u``, the rest of the game played on the strategy; so each
threshold's worth at that visit is known at once: ``g`` where it stays in (``u >= j / GRID``),
else nothing. A set's **regret** of threshold ``j`` sums, over the visits of every iteration, its
worth less that of the set's own mixture (which stays in with probability ``pi(u)``, the weight
of the thresholds at or below ``u``):

    R_j += sum over visits of g * ([u >= j / GRID] - pi(u))

floored at zero after each iteration (regret matching plus). The mixture played next weighs each
threshold by its regret (where every regret is zero, the mixture stays as it was), and the
strategy returned is the average of the mixtures played, each iteration's weighted by its number
(later iterations count more) and by the set's visits then.

Why: in a set where staying in gains nearly nothing over a wide range of hands (a player close
to indifferent, as the first to declare often is), the best cut of one iteration's visits jumps
between far apart thresholds from noise alone, and a threshold stepping towards each cut (the
``"cuts"`` method) or a mixture taking in each cut (``"fictitious"``) keeps that noise; summed
regrets keep the gains of every iteration, so the noise of one iteration weighs less each time
(docs/experiments.md measures the three).

A set joins (gets regrets of its own) once visited
:data:`~wildeval.games.guts.solver.infosets.MIN_VISITS` times, its mixture starting from the
thresholds its visits were played with. The mixture is played as ``width`` thresholds (its
quantiles), one picked per decision by the hand (:func:`~wildeval.games.guts.solver.native.mixture_pick`).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import numpy.typing as npt

__all__ = ["GRID", "Regrets", "mixture_thresholds", "quantiles"]

GRID = 64
"""Thresholds a set mixes: strengths ``j / GRID`` for ``j = 0 .. GRID`` (the last never stays in)."""

Ints = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float64]


def _grid_index(thresholds: Floats) -> Ints:
    return np.clip(np.rint(np.asarray(thresholds) * GRID), 0, GRID).astype(np.int64)


def _quantile_at(weights: Floats, width: int) -> Ints:
    """Where each row's cumulative weights (normalised) first reach ``(j + 1/2) / width``."""
    cum = np.cumsum(weights, axis=1)
    cum /= np.maximum(cum[:, -1:], 1e-300)
    levels = (np.arange(width) + 0.5) / width
    at: Ints = (cum[:, :, None] >= levels[None, None, :] - 1e-12).argmax(axis=1)
    return at


def quantiles(parts: Floats, weights: Floats, width: int) -> Floats:
    """Each row's mixture of thresholds ``parts`` (weights beside them) as ``width`` equally
    weighted thresholds: its quantiles at ``(j + 1/2) / width``."""
    if parts.shape[0] == 0:
        return np.zeros((0, width))
    order = np.argsort(parts, axis=1, kind="stable")
    p, w = np.take_along_axis(parts, order, axis=1), np.take_along_axis(weights, order, axis=1)
    out: Floats = np.take_along_axis(p, _quantile_at(w, width), axis=1)
    return out


def mixture_thresholds(weights: Floats, width: int) -> Floats:
    """Each row's mixture over the grid's thresholds (``weights``, ``GRID + 1`` a row) as
    ``width`` equally weighted thresholds (:func:`quantiles`; the grid is in order already, so
    nothing is sorted)."""
    if weights.shape[0] == 0:
        return np.zeros((0, width))
    out: Floats = _quantile_at(weights, width) / GRID
    return out


class Regrets:
    """One level's sets during a refinement by regret matching: keys (increasing), the regrets
    and the mixture of every set (``GRID + 1`` thresholds), the averaged mixture, visits."""

    def __init__(self, width: int, min_visits: int) -> None:
        self.width, self.min_visits = width, min_visits
        self.keys = np.zeros(0, dtype=np.int64)
        self.regret = np.zeros((0, GRID + 1))
        self.mix = np.zeros((0, GRID + 1))
        self.summed = np.zeros((0, GRID + 1))
        self.visits = np.zeros(0, dtype=np.int64)
        self.t = np.zeros((0, width))
        self.pending_keys = np.zeros(0, dtype=np.int64)
        self.pending_visits = np.zeros(0, dtype=np.int64)

    def update(self, keys: Ints, strength: Floats, gain: Floats, started: Floats | Callable[[Ints], Floats],
               weight: float) -> None:
        """One iteration's visits (each visit's key at this level, hand strength, gain of
        staying in, and the thresholds it was played with: a row of ``width``; or a function
        giving those rows for some visits by number, since only a visit of each set that joins
        is read). Known sets take their regrets; unknown ones count their visits and join at
        ``min_visits``."""
        n = self.keys.size
        at = np.minimum(np.searchsorted(self.keys, keys), max(n - 1, 0))
        known = (self.keys[at] == keys) if n else np.zeros(keys.size, dtype=np.bool_)
        if known.any():
            self._learn(at[known], strength[known], gain[known], weight)
        unknown = np.flatnonzero(~known)
        self._join(keys[unknown], lambda rows: started(unknown[rows]) if callable(started) else started[unknown[rows]])

    def _learn(self, idx: Ints, u: Floats, g: Floats, weight: float) -> None:
        n, cols = self.keys.size, GRID + 1
        b = np.minimum((u * GRID).astype(np.int64), GRID)  # threshold j stays in iff j <= b
        here = np.bincount(idx * cols + b, g, minlength=n * cols).reshape(n, cols)
        worth = np.cumsum(here[:, ::-1], axis=1)[:, ::-1]  # worth[j]: the gains of visits at or above j
        pi = np.cumsum(self.mix, axis=1)[idx, b]  # the mixture's chance of staying in at each visit
        played = np.bincount(idx, g * pi, minlength=n)
        visits = np.bincount(idx, minlength=n)
        self.summed += (weight * visits)[:, None] * self.mix
        self.visits += visits
        moved = visits > 0
        self.regret[moved] = np.maximum(self.regret[moved] + worth[moved] - played[moved, None], 0.0)
        total = self.regret.sum(axis=1)
        some = moved & (total > 0)
        self.mix[some] = self.regret[some] / total[some, None]
        self.t[some] = mixture_thresholds(self.mix[some], self.width)  # the other sets' mixtures stay

    def _join(self, new_keys: Ints, new_started: Callable[[Ints], Floats]) -> None:
        merged = np.concatenate([self.pending_keys, new_keys])
        uniq, inv = np.unique(merged, return_inverse=True)
        counts = np.bincount(inv, np.r_[self.pending_visits, np.ones(new_keys.size)], minlength=uniq.size)
        ready = counts >= self.min_visits
        first = np.full(uniq.size, -1, dtype=np.int64)  # a visit of this iteration for each key
        this = inv[self.pending_keys.size:]
        first[this[::-1]] = np.arange(new_keys.size)[::-1]
        ready &= first >= 0
        self.pending_keys, self.pending_visits = uniq[~ready], counts[~ready].astype(np.int64)
        joined = uniq[ready]
        if not joined.size:
            return
        start = np.atleast_2d(new_started(first[ready]).reshape(joined.size, -1))
        mix = np.zeros((joined.size, GRID + 1))
        np.add.at(mix, (np.repeat(np.arange(joined.size), start.shape[1]), _grid_index(start).ravel()),
                  1.0 / start.shape[1])
        order = np.argsort(np.concatenate([self.keys, joined]))
        self.keys = np.concatenate([self.keys, joined])[order]
        self.regret = np.concatenate([self.regret, np.zeros_like(mix)])[order]
        self.mix = np.concatenate([self.mix, mix])[order]
        self.summed = np.concatenate([self.summed, np.zeros_like(mix)])[order]
        self.visits = np.concatenate([self.visits, counts[ready].astype(np.int64)])[order]
        self.t = np.concatenate([self.t, mixture_thresholds(mix, self.width)])[order]

    def averaged(self) -> Floats:
        """The average of the mixtures played (each set's own where it has none yet), as
        ``width`` thresholds a set."""
        has = self.summed.sum(axis=1) > 0
        weights = np.where(has[:, None], self.summed, self.mix)
        return mixture_thresholds(weights, self.width)
