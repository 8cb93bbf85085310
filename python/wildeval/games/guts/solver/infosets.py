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

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from wildeval.games.guts.rules import GutsRules
from wildeval.games.guts.solver.deals import NEVER, Deals, Scale
from wildeval.games.guts.solver.model import check_cap
from wildeval.games.guts.solver.native import CELL, FINE, SEEN, Flips, Policy, cell_keys, flips, key_stage
from wildeval.games.guts.solver.regret import Regrets, quantiles as _quantiles
from wildeval.seeds import child_seed

__all__ = ["METHODS", "MIN_VISITS", "MIXTURE_WIDTH", "InfoSets", "best_cuts", "default_levels", "median_threshold",
           "policy_of", "refine"]

METHODS = ("cuts", "fictitious", "regret")
"""How :func:`refine` moves a set: one threshold stepping towards each best cut, fictitious play
over mixtures of thresholds, or regret matching over thresholds
(:mod:`~wildeval.games.guts.solver.regret`). On exact gains (the small game of
:mod:`~wildeval.games.guts.solver.small`) fictitious play comes far closer to an equilibrium than
the cuts; on the refinement's sampled games its mixtures take in the noise of each iteration's
cuts, which summed regrets average away (docs/solver.md)."""

MIXTURE_WIDTH = 8
"""Thresholds a mixed set is played as, one picked per decision."""

MIN_VISITS = 300
"""Visits (over every iteration so far) before an information set gets a threshold of its own."""

MIN_UPDATE = 16
"""The fewest visits that move a set's threshold (a set visited less in an iteration keeps its
visits for the next)."""

GAMES_PER_TASK = 5_000
"""Whole games a cluster task plays in one refining iteration (``refine(client=...)``)."""

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

    @property
    def mixed(self) -> bool:
        """Whether each set is a mixture (a row of thresholds, one played per decision)."""
        return self.thresholds.ndim == 2

    def typical(self) -> Floats:
        """One threshold per set: its own, or a mixed set's median (the threshold words show)."""
        return median_threshold(self.thresholds)


def median_threshold(thresholds: Floats) -> Floats:
    """Each set's threshold, or where a row of thresholds is a mixture, its median (the upper of
    the two middle ones)."""
    out: Floats = thresholds if thresholds.ndim == 1 else thresholds[:, thresholds.shape[1] // 2]
    return out


def _bars(rules: GutsRules, keys: Ints, thresholds: Floats) -> Ints:
    """Strength thresholds as hand values, each by its key's stage (a row of them per key for a
    mixed strategy)."""
    out = np.empty(thresholds.shape, dtype=np.int64)
    stage = key_stage(keys)
    for s in range(len(rules.stages)):
        at = stage == s
        if at.any():
            out[at] = np.asarray(Scale.of(rules, s).weakest(thresholds[at].reshape(-1)),
                                 dtype=np.int64).reshape(thresholds[at].shape)
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


def _cells_played(rules: GutsRules, players: int, thresholds: Floats) -> tuple[int, Ints, Ints]:
    """The cells' table as the native player reads it: (level, keys, bars)."""
    keys, t = _cell_table(rules, players, thresholds)
    return CELL, keys, _bars(rules, keys, t)


def policy_of(rules: GutsRules, players: int, thresholds: Floats, infosets: InfoSets | None,
              cells: tuple[int, Ints, Ints] | None = None) -> Policy:
    """A strategy as the native player plays it: its information sets (fine, then seen, then
    refined cells), then its cells (``cells``: that table made before, by :func:`_cells_played`
    of the same thresholds, as a refinement does once for all its iterations)."""
    tables: list[tuple[int, Ints, Ints]] = []
    if infosets is not None:
        for level in (FINE, SEEN, CELL):
            keys, t = infosets.level(level)
            if keys.size:
                tables.append((level, keys, _bars(rules, keys, t)))
    tables.append(cells if cells is not None else _cells_played(rules, players, thresholds))
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

    _PER_SET: tuple[str, ...] = ("t", "updates", "visits", "total", "kept")

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
        self._move(i[move], cuts[known][move], min_step)
        self.updates[i[move]] += 1
        self._join(keys[~known], visits[~known], played[~known])

    def _move(self, j: Ints, cuts: Floats, min_step: float) -> None:
        alpha = np.maximum(1.0 / (1.0 + self.updates[j]), min_step)
        self.t[j] += alpha * (cuts - self.t[j])

    def _join(self, new_keys: Ints, new_visits: Ints, new_t: Floats) -> None:
        """Count the visits of sets not known yet; those that reach MIN_VISITS join."""
        merged = np.concatenate([self.pending_keys, new_keys])
        counts = np.concatenate([self.pending_visits, new_visits])
        uniq, inv = np.unique(merged, return_inverse=True)
        summed = np.bincount(inv, counts, minlength=uniq.size).astype(np.int64)
        ready = summed >= MIN_VISITS
        row_of = {k: r for r, k in enumerate(new_keys.tolist())}
        joined = uniq[ready]
        has_start = np.array([k in row_of for k in joined.tolist()], dtype=np.bool_)
        joined, joined_visits = joined[has_start], summed[ready][has_start]
        self.pending_keys, self.pending_visits = uniq[~ready], summed[~ready]
        if joined.size:
            start = new_t[np.array([row_of[k] for k in joined.tolist()], dtype=np.int64)]
            rows = self._new_rows(start)
            rows["visits"] = joined_visits
            order = np.argsort(np.concatenate([self.keys, joined]))
            self.keys = np.concatenate([self.keys, joined])[order]
            for name in self._PER_SET:
                setattr(self, name, np.concatenate([getattr(self, name), rows[name]])[order])

    def _new_rows(self, start: Floats) -> dict[str, npt.NDArray[np.generic]]:
        n = start.shape[0]
        return {"t": start, "updates": np.zeros(n, dtype=np.int64), "total": np.zeros(n),
                "kept": np.zeros(n, dtype=np.int64)}

    def keep(self) -> None:
        self.total += self.t
        self.kept += 1

    def averaged(self) -> Floats:
        out: Floats = np.where(self.kept > 0, self.total / np.maximum(self.kept, 1), self.t)
        return out


class _Mixture(_Level):
    """One level's sets as mixed strategies, for fictitious play: each set is a mixture of the
    thresholds it started from (``width`` of them, equally weighted) and of every best cut it
    has been moved towards, a cut weighing ``a = max(2 / (2 + updates), min_step)`` when it joins
    and every earlier part shrinking by ``1 - a``. What is played, ``t``, is the mixture's
    ``width`` quantiles (at ``(j + 1/2) / width``), one picked per decision. The later half of
    the iterations averages the mixtures (their weights), not the thresholds."""

    _PER_SET = ("t", "updates", "visits", "kept", "parts", "weights", "summed")

    def __init__(self, width: int) -> None:
        super().__init__()
        self.width = width
        self.t = np.zeros((0, width))
        self.parts = np.zeros((0, width))    # thresholds mixed, a column per part
        self.weights = np.zeros((0, width))  # their weights, each row summing to 1
        self.summed = np.zeros((0, width))   # weights summed over the kept iterations

    def step(self, keys: Ints, visits: Ints, cuts: Floats, played: Floats, min_step: float) -> None:
        grow = np.zeros((self.keys.size, 1))
        self.parts = np.concatenate([self.parts, grow], axis=1)
        self.weights = np.concatenate([self.weights, grow], axis=1)
        self.summed = np.concatenate([self.summed, grow], axis=1)
        super().step(keys, visits, cuts, np.broadcast_to(played.reshape(keys.size, -1), (keys.size, self.width)),
                     min_step)
        self.t = _quantiles(self.parts, self.weights, self.width)

    def _move(self, j: Ints, cuts: Floats, min_step: float) -> None:
        a = np.maximum(2.0 / (2.0 + self.updates[j]), min_step)
        self.weights[j] *= (1.0 - a)[:, None]
        self.parts[j, -1] = cuts
        self.weights[j, -1] = a

    def _new_rows(self, start: Floats) -> dict[str, npt.NDArray[np.generic]]:
        n, cols = start.shape[0], self.parts.shape[1]
        parts, weights = np.zeros((n, cols)), np.zeros((n, cols))
        parts[:, :self.width], weights[:, :self.width] = start, 1.0 / self.width
        return {"t": np.array(start, dtype=np.float64), "updates": np.zeros(n, dtype=np.int64),
                "kept": np.zeros(n, dtype=np.int64), "parts": parts, "weights": weights,
                "summed": np.zeros((n, cols))}

    def keep(self) -> None:
        self.summed += self.weights
        self.kept += 1

    def averaged(self) -> Floats:
        kept = self.kept > 0
        out: Floats = self.t.copy()
        if kept.any():
            out[kept] = _quantiles(self.parts[kept], self.summed[kept], self.width)
        return out


def _played(levels: dict[int, _Level | Regrets], level: int, fallback: Floats, keys3: Ints) -> Floats:
    """The threshold a set of ``level`` starts from: that of the first set of its own level or a
    coarser one that holds each visit, else the cells' (``fallback``); a row of thresholds per
    visit where the level's sets are mixtures."""
    own = levels[level]
    width = own.width if isinstance(own, (_Mixture, Regrets)) else 0
    out = np.repeat(fallback[:, None], width, axis=1) if width else fallback.copy()
    found = np.zeros(out.shape[0], dtype=np.bool_)
    for lv in range(level, CELL + 1):
        keys, t = levels[lv].keys, levels[lv].t
        if keys.size == 0:
            continue
        k = keys3[:, lv]
        at = np.minimum(np.searchsorted(keys, k), keys.size - 1)
        hit = (keys[at] == k) & ~found
        out[hit] = t[at[hit]] if t.ndim == out.ndim else t[at[hit]][:, None]
        found |= hit
    return out


def _played_rows(levels: dict[int, _Level | Regrets], level: int, fallback: Floats, keys3: Ints, rows: Ints) -> Floats:
    """:func:`_played` of some visits (``rows``) alone."""
    return _played(levels, level, fallback[rows], keys3[rows])


def default_levels(rules: GutsRules, players: int, method: str = "cuts") -> tuple[int, ...]:
    """The levels refined by default, as measured (docs/experiments.md). By best cuts: all three
    declaring at once at 2 or 3 players, where the seen sets are few and the deal's earlier stages
    are most of what a player learns (Napalm heads-up +0.0244 pots a deal without the fine level,
    +0.0083 with it); else the seen sets and cells, where the fine sets split the games too finely
    (three-five-seven at 3 players in turn +0.0102 with them against +0.0034 without; at 4
    players at once +0.0084 against +0.0018). By regret matching, whose summed regrets bear the
    noise of finer sets better, the fine level heads-up in turn too (Napalm +0.0015 with it against
    +0.0105 without), still not at 3 players in turn (three-five-seven +0.0067 against -0.0012)
    but in the streak game, whose long games make the fine sets' visits many (at 3 players in
    turn +0.0047 with them against +0.0093 without)."""
    if rules.declaration == "simultaneous" and players <= 3 or method == "regret" and players == 2:
        return (FINE, SEEN, CELL)
    if method == "regret" and rules.win_by == "streak" and players <= 3:
        return (FINE, SEEN, CELL)
    return (SEEN, CELL)


def refine(rules: GutsRules, players: int, thresholds: Floats, *, iterations: int, games: int, seed: int,
           levels: tuple[int, ...] | None = None, min_step: float = 0.05, max_depth: int = 64,
           method: str = "cuts", width: int = MIXTURE_WIDTH, cap: str = "refund", threads: int | None = None,
           client: Any = None, progress: Callable[[int], object] | None = None) -> InfoSets:
    """Information-set thresholds for ``rules`` at ``players`` seats, starting from the cells'
    ``thresholds`` (``[stage, round, state, context]``): ``iterations`` iterations of ``games``
    whole games each (the module's doc), dealt from ``seed``. ``method``: ``"cuts"``, each set
    one threshold moving towards its best cut by ``1 / (1 + updates)`` (at least ``min_step``);
    or ``"fictitious"``, each set a mixture that takes in its best cut with weight
    ``2 / (2 + updates)`` (at least ``min_step``), played as ``width`` thresholds; or
    ``"regret"``, each set a mixture over thresholds by regret matching
    (:mod:`~wildeval.games.guts.solver.regret`; ``min_step`` unused), played as ``width``
    thresholds. ``levels``: the levels refined (:data:`~wildeval.games.guts.solver.native.FINE`, ``SEEN``, ``CELL``;
    default :func:`default_levels` for the method). ``cap``: what a game undecided at the model's
    cap does with the antes (:data:`~wildeval.games.guts.solver.model.CAP_RULES`). ``client`` (a
    ``distributed.Client``): each iteration's games played on the cluster, :data:`GAMES_PER_TASK`
    a task, the same strategy as on one machine. ``progress``, if given, is called with 1 after each iteration."""
    values = Deals.dealt(rules, players, POOL_DEALS, seed=child_seed(seed, 0)).values
    cell_k, cell_t = _cell_table(rules, players, thresholds)
    if levels is None:
        levels = default_levels(rules, players, method)
    if not levels or any(level not in (FINE, SEEN, CELL) for level in levels):
        raise ValueError(f"levels: some of {FINE} (fine), {SEEN} (seen) and {CELL} (cell), not {levels!r}")
    if method not in METHODS:
        raise ValueError(f"method: one of {', '.join(METHODS)}, not {method!r}")
    check_cap(cap)
    if isinstance(width, bool) or not isinstance(width, int) or not 1 <= width <= 64:
        raise ValueError(f"width must be an int from 1 to 64, not {width!r}")
    cluster = None if client is None else (client, client.scatter(values, broadcast=True))
    sets: dict[int, _Level | Regrets] = {
        level: Regrets(width, MIN_VISITS) if method == "regret" else _Mixture(width) if method == "fictitious"
        else _Level() for level in (FINE, SEEN, CELL)}
    carried = {level: (np.zeros(0, dtype=np.int64), np.zeros(0), np.zeros(0)) for level in sets}
    cells = _cells_played(rules, players, thresholds)  # the cells do not move here: made once
    for it in range(iterations):
        current = InfoSets(*_joined(sets, averaged=False))
        policy = policy_of(rules, players, thresholds, current, cells)
        f = _flipped(rules, players, values, policy, games, child_seed(seed, it + 1), max_depth, cap, threads, cluster)
        u = _strengths(rules, f.keys[:, CELL], f.value)
        at = np.searchsorted(cell_k, f.keys[:, CELL])
        fallback = cell_t[np.minimum(at, cell_k.size - 1)]
        for level in levels:
            lv = sets[level]
            if isinstance(lv, Regrets):
                # the thresholds a visit was played with, for the visits of sets that join
                lv.update(f.keys[:, level], u, f.gain, functools.partial(_played_rows, sets, level, fallback, f.keys),
                          weight=it + 1.0)
                continue
            # a known set's visits too few to move it wait for the next iteration's
            old_keys, old_u, old_gain = carried[level]
            k = np.concatenate([old_keys, f.keys[:, level]])
            uu, gg = np.concatenate([old_u, u]), np.concatenate([old_gain, f.gain])
            keys, visits = np.unique(k, return_counts=True)
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
                if isinstance(kept, _Level):
                    kept.keep()
        if progress is not None:
            progress(1)
    return InfoSets(*_joined(sets, averaged=True))


def _flipped(rules: GutsRules, players: int, values: Ints, policy: Policy, games: int, seed: int, max_depth: int,
             cap: str, threads: int | None, cluster: tuple[Any, Any] | None) -> Flips:
    """One iteration's flips: here on ``threads``, or on the cluster in tasks of consecutive
    games joined in order (a game is the same whichever task plays it: its deals and dealer come
    from its number)."""
    if cluster is None:
        return flips(rules, players, values, policy, policy, games=games, seed=seed, max_depth=max_depth, cap=cap,
                     threads=threads)
    from wildeval.dask import map_ordered

    client, scattered = cluster
    tasks = [(first, min(GAMES_PER_TASK, games - first), scattered) for first in range(0, games, GAMES_PER_TASK)]

    def task(where: tuple[int, int, Ints]) -> Flips:  # Dask hands the scattered deals in as the array
        first, count, dealt = where
        return flips(rules, players, dealt, policy, policy, games=count, seed=seed, first_game=first,
                     max_depth=max_depth, cap=cap, threads=1)

    parts = list(map_ordered(client, task, tasks))
    return Flips(*(np.concatenate([getattr(p, name) for p in parts]) for name in ("keys", "value", "others", "gain")))


def _joined(levels: dict[int, _Level | Regrets], *, averaged: bool) -> tuple[Ints, Floats, Ints]:
    keys = np.concatenate([lv.keys for lv in levels.values()])
    t = np.concatenate([lv.averaged() if averaged else lv.t for lv in levels.values()])
    visits = np.concatenate([lv.visits for lv in levels.values()])
    order = np.argsort(keys)
    return keys[order], np.clip(t[order], 0.0, 1.0), visits[order]
