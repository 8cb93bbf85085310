"""Strategies over information sets, refined on whole games played natively until no information
set gains by staying in more or less often.

The solver's cells (:mod:`~wildeval.games.guts.solver.iterate`) see a stage, round, legs counts
and the declaring context; a player sees more (:mod:`~wildeval.games.guts.solver.native`: the
legs seat by seat, who declared in before, place by place, and what the earlier stages of this deal
showed). :func:`refine` starts from the cells' strategy and plays whole games with every seat on
the strategy so far, every decision of one seat flipped (:func:`~wildeval.games.guts.solver.native.flips`):
each flip says what staying in was worth there, with the cards that player held. Per information
set, at each level refined (:func:`default_levels`), the visits sorted by the hand's strength give the **best cut**
(:func:`best_cuts`: the weakest hand to stay in with that gains most over the visits) and the
set's threshold moves towards it, by a step that shrinks with the set's updates; a set gets its
own threshold once it has been visited :data:`MIN_VISITS` times, starting from the threshold it
was played with. The later half of the iterations is averaged. At a symmetric equilibrium every
threshold is its own best cut: no set gains by a threshold of its own.

Thresholds are strengths (:class:`~wildeval.games.guts.solver.deals.Scale`), played as the
weakest hand value that reaches them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from wildeval.games.guts.rules import GutsRules
from wildeval.games.guts.solver.deals import NEVER, Deals, Scale
from wildeval.games.guts.solver.native import CELL, FINE, SEEN, Policy, cell_keys, flips, key_stage
from wildeval.seeds import child_seed

__all__ = ["MIN_VISITS", "InfoSets", "best_cuts", "default_levels", "policy_of", "refine"]

MIN_VISITS = 300
"""Visits (over every iteration so far) before an information set gets a threshold of its own."""

MIN_UPDATE = 16
"""The fewest visits that move a set's threshold (a set visited less in an iteration keeps its
visits for the next)."""

POOL_DEALS = 400_000
"""Valued deals the refinement's games are dealt from."""

Ints = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float64]


@dataclass(frozen=True, eq=False)
class InfoSets:
    """Thresholds (strengths) of some information sets: ``keys`` increasing (the level is in the
    key), ``thresholds`` beside them, ``visits`` each set had in the refinement."""

    keys: Ints
    thresholds: Floats
    visits: Ints

    def level(self, level: int) -> tuple[Ints, Floats]:
        at = (self.keys >> 60) == level
        return self.keys[at], self.thresholds[at]

    def __len__(self) -> int:
        return int(self.keys.size)


def _bars(rules: GutsRules, keys: Ints, thresholds: Floats) -> Ints:
    """Strength thresholds as hand values, each by its key's stage."""
    out = np.empty(keys.size, dtype=np.int64)
    stage = key_stage(keys)
    for s in range(len(rules.stages)):
        at = stage == s
        if at.any():
            out[at] = np.asarray(Scale.of(rules, s).weakest(thresholds[at]), dtype=np.int64)
    return out


def _strengths(rules: GutsRules, keys: Ints, values: Ints) -> Floats:
    out = np.empty(values.size, dtype=np.float64)
    stage = key_stage(keys)
    for s in range(len(rules.stages)):
        at = stage == s
        if at.any():
            out[at] = Scale.of(rules, s).strength(values[at])
    return out


def _cell_table(rules: GutsRules, players: int, thresholds: Floats) -> tuple[Ints, Floats]:
    """The cells' strategy (``[stage, round, state, context]`` strengths) as cell keys."""
    from wildeval.games.guts.solver.model import Table
    keys, where = cell_keys(Table.of(rules, players), thresholds.shape[1])
    return keys, thresholds.reshape(-1)[where]


def policy_of(rules: GutsRules, players: int, thresholds: Floats, infosets: InfoSets | None) -> Policy:
    """A strategy as the native player plays it: its information sets (fine, then seen, then
    refined cells), then its cells."""
    tables: list[tuple[int, Ints, Ints]] = []
    if infosets is not None:
        for level in (FINE, SEEN, CELL):
            keys, t = infosets.level(level)
            if keys.size:
                tables.append((level, keys, _bars(rules, keys, t)))
    keys, t = _cell_table(rules, players, thresholds)
    tables.append((CELL, keys, _bars(rules, keys, t)))
    return Policy(tuple(tables), (int(NEVER),) * len(rules.stages))


def best_cuts(keys: Ints, strength: Floats, gain: Floats) -> tuple[Ints, Ints, Floats, Floats]:
    """Per key (increasing): its visits, the best cut (the strength from which staying in gains
    most summed over the visits: 1.0 when staying in gains nothing at any cut, 0.0 when every
    visit stays in; between two visits, halfway) and that cut's summed gain."""
    order = np.lexsort((-strength, keys))
    k, u, g = keys[order], strength[order], gain[order]
    starts = np.flatnonzero(np.r_[True, k[1:] != k[:-1]])
    sizes = np.diff(np.r_[starts, k.size])
    total = np.cumsum(g)
    run = total - np.repeat(np.r_[0.0, total[starts[1:] - 1]], sizes)
    ends = np.r_[k[1:] != k[:-1], True]
    cut_here = np.r_[u[1:] != u[:-1], True] | ends  # a cut only between two strengths
    run = np.where(cut_here, run, -np.inf)
    best = np.maximum.reduceat(run, starts)
    at = np.where(run == np.repeat(best, sizes), np.arange(k.size), k.size)
    first = np.minimum.reduceat(at, starts)
    lower = np.where(ends[first], 0.0, u[np.minimum(first + 1, k.size - 1)])
    cut = np.where(ends[first], 0.0, (u[first] + lower) / 2)
    cut = np.where(best <= 0, 1.0, cut)
    return k[starts], sizes.astype(np.int64), cut, np.maximum(best, 0.0)


class _Level:
    """One level's sets during a refinement: thresholds, updates, visits, averages."""

    def __init__(self) -> None:
        self.keys = np.zeros(0, dtype=np.int64)
        self.t = np.zeros(0)
        self.updates = np.zeros(0, dtype=np.int64)
        self.visits = np.zeros(0, dtype=np.int64)
        self.total = np.zeros(0)
        self.kept = np.zeros(0, dtype=np.int64)
        self.pending_keys = np.zeros(0, dtype=np.int64)
        self.pending_visits = np.zeros(0, dtype=np.int64)

    def step(self, keys: Ints, visits: Ints, cuts: Floats, played: Floats, min_step: float) -> None:
        """Move known sets towards their cuts; add sets visited often enough, starting from
        ``played`` (the threshold their visits were played with)."""
        at = np.searchsorted(self.keys, keys)
        known = (at < self.keys.size) & (self.keys[np.minimum(at, max(self.keys.size - 1, 0))] == keys) \
            if self.keys.size else np.zeros(keys.size, dtype=np.bool_)
        i = at[known]
        self.visits[i] += visits[known]
        move = visits[known] >= MIN_UPDATE
        j = i[move]
        alpha = np.maximum(1.0 / (1.0 + self.updates[j]), min_step)
        self.t[j] += alpha * (cuts[known][move] - self.t[j])
        self.updates[j] += 1
        # sets not known yet: count their visits; those that reach MIN_VISITS join
        new_keys, new_visits, new_t = keys[~known], visits[~known], played[~known]
        merged = np.concatenate([self.pending_keys, new_keys])
        counts = np.concatenate([self.pending_visits, new_visits])
        uniq, inv = np.unique(merged, return_inverse=True)
        summed = np.bincount(inv, counts, minlength=uniq.size).astype(np.int64)
        ready = summed >= MIN_VISITS
        start = dict(zip(new_keys.tolist(), new_t.tolist()))
        joined = uniq[ready]
        has_start = np.array([k in start for k in joined.tolist()], dtype=np.bool_)
        joined, joined_visits = joined[has_start], summed[ready][has_start]
        self.pending_keys, self.pending_visits = uniq[~ready], summed[~ready]
        if joined.size:
            keys_all = np.concatenate([self.keys, joined])
            order = np.argsort(keys_all)
            self.keys = keys_all[order]
            self.t = np.concatenate([self.t, [start[k] for k in joined.tolist()]])[order]
            self.updates = np.concatenate([self.updates, np.zeros(joined.size, dtype=np.int64)])[order]
            self.visits = np.concatenate([self.visits, joined_visits])[order]
            self.total = np.concatenate([self.total, np.zeros(joined.size)])[order]
            self.kept = np.concatenate([self.kept, np.zeros(joined.size, dtype=np.int64)])[order]

    def keep(self) -> None:
        self.total += self.t
        self.kept += 1

    def averaged(self) -> Floats:
        out: Floats = np.where(self.kept > 0, self.total / np.maximum(self.kept, 1), self.t)
        return out


def _played(levels: dict[int, _Level], level: int, fallback: Floats, keys3: Ints) -> Floats:
    """The threshold a set of ``level`` starts from: that of the first set of its own level or a
    coarser one that holds each visit, else the cells' (``fallback``)."""
    out = fallback.copy()
    found = np.zeros(out.size, dtype=np.bool_)
    for lv in range(level, CELL + 1):
        keys, t = levels[lv].keys, levels[lv].t
        if keys.size == 0:
            continue
        k = keys3[:, lv]
        at = np.minimum(np.searchsorted(keys, k), keys.size - 1)
        hit = (keys[at] == k) & ~found
        out[hit] = t[at[hit]]
        found |= hit
    return out


def default_levels(rules: GutsRules, players: int) -> tuple[int, ...]:
    """The levels refined by default, as measured (docs/experiments.md): all three declaring at
    once at 2 or 3 players, where the seen sets are few and the deal's earlier stages are most
    of what a player learns (Napalm heads-up +0.0244 pots a deal without the fine level, +0.0083
    with it); else the seen sets and cells, where the fine sets split the games too finely
    (three-five-seven at 3 players in turn +0.0102 with them against +0.0034 without; at 4
    players at once +0.0084 against +0.0018)."""
    return (FINE, SEEN, CELL) if rules.declaration == "simultaneous" and players <= 3 else (SEEN, CELL)


def refine(rules: GutsRules, players: int, thresholds: Floats, *, iterations: int, games: int, seed: int,
           levels: tuple[int, ...] | None = None, min_step: float = 0.05, max_depth: int = 64,
           threads: int | None = None, progress: Callable[[int], object] | None = None) -> InfoSets:
    """Information-set thresholds for ``rules`` at ``players`` seats, starting from the cells'
    ``thresholds`` (``[stage, round, state, context]``): ``iterations`` iterations of ``games``
    whole games each (the module's doc), dealt from ``seed``; the step towards a set's best cut
    is ``1 / (1 + updates)``, at least ``min_step``. ``levels``: the levels refined
    (:data:`~wildeval.games.guts.solver.native.FINE`, ``SEEN``, ``CELL``; default
    :func:`default_levels`). ``progress``, if given, is called with 1 after each iteration."""
    values = Deals.dealt(rules, players, POOL_DEALS, seed=child_seed(seed, 0)).values
    cell_k, cell_t = _cell_table(rules, players, thresholds)
    if levels is None:
        levels = default_levels(rules, players)
    if not levels or any(level not in (FINE, SEEN, CELL) for level in levels):
        raise ValueError(f"levels: some of {FINE} (fine), {SEEN} (seen) and {CELL} (cell), not {levels!r}")
    sets = {FINE: _Level(), SEEN: _Level(), CELL: _Level()}
    carried = {level: (np.zeros(0, dtype=np.int64), np.zeros(0), np.zeros(0)) for level in sets}
    for it in range(iterations):
        current = InfoSets(*_joined(sets, averaged=False))
        policy = policy_of(rules, players, thresholds, current)
        f = flips(rules, players, values, policy, policy, games=games, seed=child_seed(seed, it + 1),
                  max_depth=max_depth, threads=threads)
        u = _strengths(rules, f.keys[:, CELL], f.value)
        at = np.searchsorted(cell_k, f.keys[:, CELL])
        fallback = cell_t[np.minimum(at, cell_k.size - 1)]
        for level in levels:
            # a known set's visits too few to move it wait for the next iteration's
            old_keys, old_u, old_gain = carried[level]
            k = np.concatenate([old_keys, f.keys[:, level]])
            uu, gg = np.concatenate([old_u, u]), np.concatenate([old_gain, f.gain])
            keys, visits = np.unique(k, return_counts=True)
            lv = sets[level]
            at = np.minimum(np.searchsorted(lv.keys, keys), max(lv.keys.size - 1, 0))
            wait = (lv.keys[at] == keys) & (visits < MIN_UPDATE) if lv.keys.size else np.zeros(keys.size, bool)
            held = np.isin(k, keys[wait])
            carried[level] = (k[held], uu[held], gg[held])
            fresh = ~np.isin(f.keys[:, level], keys[wait])
            keys, visits, cuts, _ = best_cuts(k[~held], uu[~held], gg[~held])
            rows = np.flatnonzero(fresh)
            order = rows[np.argsort(f.keys[rows, level], kind="stable")]
            first = order[np.minimum(np.searchsorted(f.keys[order, level], keys), order.size - 1)]  # a visit of each
            played = _played(sets, level, fallback[first], f.keys[first])
            lv.step(keys, visits, cuts, played, min_step)
        if it >= iterations // 2:
            for kept in sets.values():
                kept.keep()
        if progress is not None:
            progress(1)
    return InfoSets(*_joined(sets, averaged=True))


def _joined(levels: dict[int, _Level], *, averaged: bool) -> tuple[Ints, Floats, Ints]:
    keys = np.concatenate([lv.keys for lv in levels.values()])
    t = np.concatenate([lv.averaged() if averaged else lv.t for lv in levels.values()])
    visits = np.concatenate([lv.visits for lv in levels.values()])
    order = np.argsort(keys)
    return keys[order], np.clip(t[order], 0.0, 1.0), visits[order]
