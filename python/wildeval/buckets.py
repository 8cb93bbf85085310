"""Buckets of hands: k-means over every canonical hand of a round (:mod:`wildeval.strength_tables`).

Two kinds of feature per hand:

- ``"histogram"``: the hand's histogram of river HS over every completion of the board (or of the
  next street's E[HS], ``over="next"``, see :mod:`wildeval.strength_tables`), compared
  by the **earth mover's distance**, which for one-dimensional histograms of equal bins is the L1
  distance of their cumulative sums (each hand's cumulative counts of completions; a centre is the
  mean of its hands' cumulative counts, the cumulative sum of their mean histogram);
- ``"moments"``: the pair (E[HS], E[HS²]), compared by the Euclidean distance;
- ``"hs"``, the river's one feature: the hand's river HS (``2 * ahead + tied`` of 1,980).

k-means (Lloyd's steps) from a **k-means++** start: the first centre a hand drawn uniformly, each
next one a hand drawn with probability proportional to its squared distance to the nearest centre
so far, every draw from ``numpy.random.default_rng(seed)``; then each hand goes to its nearest
centre (the lowest-numbered of equally near ones) and each centre moves to its hands' mean (a
centre left without hands stays where it was), until no hand changes bucket or ``iterations``
steps are done. Each hand's distances are summed natively in one fixed order and the means are
summed in the order of the hands, so the buckets depend on the seed alone, not on the threads.

On the river a hand has one number, and k-means in one dimension is solved exactly instead
(:func:`kmeans_1d`): the buckets that minimise the sum of squared distances to their means, each
bucket a run of neighbouring values, found by dynamic programming over the at most 1,981
distinct values (Wang and Song, "Ckmeans.1d.dp", 2011). No seed and no steps: the optimum.

>>> import numpy as np
>>> points = np.array([[0.0, 0.0], [0.1, 0.0], [5.0, 5.0], [5.0, 5.1]])
>>> labels, centres, steps = kmeans(points, 2, seed=1)
>>> labels.tolist(), centres.round(2).tolist()
([0, 0, 1, 1], [[0.05, 0.0], [5.0, 5.05]])
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

from wildeval import _core
from wildeval.evaluator import check_threads
from wildeval.strength_tables import street_table

__all__ = ["Buckets", "buckets", "kmeans", "kmeans_1d"]

Features = Literal["histogram", "moments", "hs"]


def _padded(points: npt.NDArray[Any]) -> npt.NDArray[np.float32]:
    """The points as float32 rows padded with zeros to a multiple of 8 (no float64 copy made)."""
    width = -(-points.shape[1] // 8) * 8
    out = np.zeros((points.shape[0], width), dtype=np.float32)
    out[:, :points.shape[1]] = points
    return out


def kmeans(points: npt.ArrayLike, k: int, *, l1: bool = False, seed: int = 0, iterations: int = 30,
           threads: int | None = None, progress: Callable[[int], object] | None = None,
           ) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.float64], int]:
    """k-means of the rows of ``points`` (see the module's text) by the L1 distance (``l1``) or
    the Euclidean one: each row's bucket, the ``k`` centres and the steps taken. ``progress`` is
    called with 1 after each centre of the start and each step."""
    if isinstance(k, bool) or not isinstance(k, (int, np.integer)) or k < 1:
        raise ValueError(f"k must be a whole number >= 1, not {k!r}")
    if isinstance(iterations, bool) or not isinstance(iterations, (int, np.integer)) or iterations < 1:
        raise ValueError(f"iterations must be a whole number >= 1, not {iterations!r}")
    array = np.asarray(points)
    if array.dtype.kind not in "iuf":
        array = array.astype(np.float64)
    if array.ndim != 2 or (array.dtype.kind == "f" and not np.isfinite(array).all()):
        raise ValueError("points must be a 2-d array of finite numbers, a point a row")
    if k > len(array):
        raise ValueError(f"k must be at most the number of points, {len(array):,}, not {k:,}")
    threads = check_threads(threads)
    data = _padded(array)
    rng = np.random.default_rng(seed)
    chosen = [int(rng.integers(len(data)))]
    _, nearest = _core.nearest_centres(data, data[chosen], l1, threads)
    for _ in range(1, k):
        weight = nearest * nearest if l1 else nearest
        total = float(weight.sum())
        if total > 0:
            pick = int(np.searchsorted(np.cumsum(weight), rng.random() * total, side="right"))
            chosen.append(min(pick, len(data) - 1))
        else:  # fewer distinct points than k: any point (a repeated centre stays empty)
            chosen.append(int(rng.integers(len(data))))
        _, distance = _core.nearest_centres(data, data[chosen[-1:]], l1, threads)
        np.minimum(nearest, distance, out=nearest)
        if progress is not None:
            progress(1)
    centres = data[chosen].astype(np.float64)
    labels = np.full(len(data), -1, dtype=np.int32)
    steps = 0
    for steps in range(1, iterations + 1):  # noqa: B007 (the count is returned)
        new, _ = _core.nearest_centres(data, centres.astype(np.float32), l1, threads)
        if progress is not None:
            progress(1)
        if np.array_equal(new, labels):
            break
        labels = new
        counts = np.bincount(labels, minlength=k)
        sums = np.stack([np.bincount(labels, weights=data[:, j], minlength=k) for j in range(array.shape[1])],
                        axis=1)
        filled = counts > 0
        centres[filled, :array.shape[1]] = sums[filled] / counts[filled, None]
    return labels, centres[:, :array.shape[1]], steps


def kmeans_1d(values: npt.ArrayLike, k: int, weights: npt.ArrayLike | None = None,
              ) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.float64], float]:
    """The exact k-means of ``values`` (one number each, ``weights`` how many points each stands
    for, default 1): each value's bucket (bucket 0 the lowest values), the ``k`` bucket means and
    the least sum of weighted squared distances to them. Equal values share a bucket; of equally
    good answers, the one whose last bucket begins earliest (then the one before it) is kept.

    >>> labels, centres, cost = kmeans_1d([1, 2, 3, 10, 11, 30], 3)
    >>> labels.tolist(), centres.tolist(), cost
    ([0, 0, 0, 1, 1, 2], [2.0, 10.5, 30.0], 2.5)
    """
    if isinstance(k, bool) or not isinstance(k, (int, np.integer)) or k < 1:
        raise ValueError(f"k must be a whole number >= 1, not {k!r}")
    array = np.asarray(values)
    if array.ndim != 1 or array.dtype.kind not in "iuf" or (array.dtype.kind == "f" and not np.isfinite(array).all()):
        raise ValueError("values must be a 1-d array of finite numbers")
    weight = np.ones(len(array)) if weights is None else np.asarray(weights, dtype=np.float64)
    if weight.shape != array.shape or not (np.isfinite(weight).all() and (weight > 0).all()):
        raise ValueError("weights must be positive finite numbers, one for each value")
    distinct, where = np.unique(array, return_inverse=True)
    m = len(distinct)
    if k > m:
        raise ValueError(f"k must be at most the number of distinct values, {m:,}, not {k:,}")
    w = np.bincount(where, weights=weight, minlength=m)
    x = distinct.astype(np.float64)
    prefix = [np.concatenate([[0.0], np.cumsum(a)]) for a in (w, w * x, w * x * x)]
    # cost[i, j]: the squared distances of the values i .. j - 1 to their mean (i < j)
    n, s1, s2 = (p[None, :] - p[:, None] for p in prefix)
    with np.errstate(divide="ignore", invalid="ignore"):
        cost = np.where(n > 0, s2 - s1 * s1 / np.where(n > 0, n, 1.0), np.inf)
    np.maximum(cost, 0.0, out=cost, where=np.isfinite(cost))
    best = cost[0].copy()  # best[j]: the least cost of the values 0 .. j - 1 in c buckets
    start = np.zeros((k, m + 1), dtype=np.int64)  # start[c, j]: where the last of c + 1 buckets begins
    for c in range(1, k):
        total = best[:, None] + cost
        start[c] = total.argmin(axis=0)
        best = total[start[c], np.arange(m + 1)]
    ends = [m]
    for c in range(k - 1, 0, -1):
        ends.append(int(start[c, ends[-1]]))
    bounds = np.array(ends[::-1])  # the first value of buckets 1 .. k - 1, then m
    of_distinct = np.searchsorted(bounds, np.arange(m), side="right").astype(np.int32)
    centres = np.array([(prefix[1][b] - prefix[1][a]) / (prefix[0][b] - prefix[0][a])
                        for a, b in zip([0, *bounds[:-1]], bounds, strict=True)])
    return of_distinct[where], centres, float(best[m])


@dataclass(frozen=True)
class Buckets:
    """The bucket of every class of a round's hands (``labels``, by the round's index) and the
    ``centres``: histograms (shares of completions per bin) or (E[HS], E[HS²]) pairs."""

    street: str
    features: str
    labels: npt.NDArray[np.int32]
    centres: npt.NDArray[np.float64]
    seed: int
    steps: int


def _load(folder: Path, street: str, bins: int, over: str) -> tuple[npt.NDArray[np.float64], ...] | None:
    header = folder / f"{street}.json"
    if not header.exists():
        return None
    meta = json.loads(header.read_text(encoding="utf-8"))
    if meta.get("bins") != bins:
        raise ValueError(f"{header}: the tables there have {meta.get('bins')} bins, not {bins}")
    if meta.get("histogram_over", "river") != over:
        raise ValueError(f"{header}: the histograms there are over {meta.get('histogram_over', 'river')}, not {over}")
    return tuple(np.load(folder / f"{street}_{name}.npy") for name in ("ehs", "ehs2", "histogram"))


def _river(k: int, tables: str | Path | None, table: Any, threads: int | None,
           progress: Callable[[int], object] | None) -> Buckets:
    from wildeval.strength_tables import RIVER_SCALE, river_table

    if tables is not None:
        header = Path(tables) / "river.json"
        if not header.exists():
            raise ValueError(f"{tables}: no river.json there (write it with write_tables('river', ...))")
        hs = np.load(Path(tables) / "river_hs.npy", mmap_mode="r")
    else:
        hs = table if table is not None else river_table(threads=threads, progress=progress)
    hs = np.asarray(hs)
    if hs.ndim != 1 or hs.dtype.kind not in "iu" or (len(hs) and int(hs.max()) > RIVER_SCALE):
        raise ValueError(f"the river table must be whole numbers 0 .. {RIVER_SCALE}, one a class")
    counts = np.bincount(hs, minlength=RIVER_SCALE + 1)
    present = np.flatnonzero(counts)
    of_value, centres, _ = kmeans_1d(present, k, weights=counts[present])
    lookup = np.zeros(RIVER_SCALE + 1, dtype=np.int32)
    lookup[present] = of_value
    return Buckets(street="river", features="hs", labels=lookup[hs], centres=(centres / RIVER_SCALE)[:, None],
                   seed=0, steps=0)


def buckets(street: str, k: int, *, features: Features | None = None, bins: int = 50, over: str = "river",
            seed: int = 0, iterations: int = 30, threads: int | None = None, tables: str | Path | None = None,
            table: Any = None, progress: Callable[[int], object] | None = None) -> Buckets:
    """``k`` buckets of every class of ``street`` ("flop": Indexer([2, 3]), "turn": [2, 4], or
    "river": [2, 5]) hands by k-means on ``features`` (see the module's text; by default
    "histogram" on the flop and the turn, and "hs", the only one, on the river). The street's
    table is read from the folder ``tables`` where :func:`~wildeval.strength_tables.write_tables`
    wrote it (with the same ``bins`` and ``over``, river HS or the next street's E[HS]), or taken
    from ``table`` (what :func:`~wildeval.strength_tables.street_table` or
    :func:`~wildeval.strength_tables.river_table` returns), else computed first. On the river the
    buckets are the exact optimum (:func:`kmeans_1d`, weighting each class alike) and the centres
    their mean HS; ``seed`` and ``iterations`` do not apply there."""
    if street not in ("flop", "turn", "river"):
        raise ValueError(f"street must be flop, turn or river, not {street!r}")
    wanted = ("hs",) if street == "river" else ("histogram", "moments")
    chosen: str = features if features is not None else wanted[0]
    if chosen not in wanted:
        raise ValueError(f"features on the {street} must be {' or '.join(wanted)}, not {chosen!r}")
    if street == "river":
        return _river(k, tables, table, threads, progress)
    loaded = _load(Path(tables), street, bins, over) if tables is not None else table
    ehs, ehs2, histogram = loaded if loaded is not None else street_table(street, bins, over=over, threads=threads)
    if chosen == "histogram":
        points = np.cumsum(histogram, axis=1, dtype=np.uint32)  # whole counts: exact as float32 too
        labels, centres, steps = kmeans(points, k, l1=True, seed=seed, iterations=iterations, threads=threads,
                                        progress=progress)
        centres = np.diff(centres, axis=1, prepend=0.0) / float(points[0, -1])  # every row's total
    else:
        labels, centres, steps = kmeans(np.stack([ehs, ehs2], axis=1), k, seed=seed, iterations=iterations,
                                        threads=threads, progress=progress)
    return Buckets(street=street, features=chosen, labels=labels, centres=centres, seed=seed, steps=steps)
