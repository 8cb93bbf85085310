"""wildeval.buckets: k-means with a seeded k-means++ start, held to a plain numpy version of the
same steps; the same buckets on any number of threads; the earth mover's distance of the
histograms as the L1 distance of their cumulative sums."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from wildeval.buckets import buckets, kmeans, kmeans_1d
from wildeval.strength_tables import RIVER_SCALE


def _reference(points: np.ndarray, k: int, l1: bool, seed: int, iterations: int) -> tuple[np.ndarray, np.ndarray]:
    """The module's definition, step by step, in float64."""

    def distances(centres: np.ndarray) -> np.ndarray:
        diff = points[:, None, :] - centres[None, :, :]
        return np.abs(diff).sum(axis=2) if l1 else (diff * diff).sum(axis=2)

    rng = np.random.default_rng(seed)
    chosen = [int(rng.integers(len(points)))]
    for _ in range(1, k):
        d = distances(points[chosen]).min(axis=1)
        weight = d * d if l1 else d
        chosen.append(int(np.searchsorted(np.cumsum(weight), rng.random() * weight.sum(), side="right")))
    centres = points[chosen].copy()
    labels = np.full(len(points), -1)
    for _ in range(iterations):
        new = distances(centres).argmin(axis=1)
        if (new == labels).all():
            break
        labels = new
        for c in range(k):
            if (labels == c).any():
                centres[c] = points[labels == c].mean(axis=0)
    return labels, centres


def _clusters(seed: int, dims: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    middles = rng.integers(0, 1000, size=(6, dims))
    return (middles[rng.integers(0, 6, size=400)] + rng.integers(-40, 40, size=(400, dims))).astype(np.float64)


@pytest.mark.parametrize("l1, dims", [(True, 9), (False, 2), (True, 16)])
def test_the_same_steps_as_the_definition(l1: bool, dims: int) -> None:
    points = _clusters(dims, dims)
    for seed in range(3):
        labels, centres, _ = kmeans(points, 6, l1=l1, seed=seed, iterations=10)
        want_labels, want_centres = _reference(points, 6, l1, seed, 10)
        assert labels.tolist() == want_labels.tolist()
        assert centres == pytest.approx(want_centres, rel=1e-5)


def test_threads_do_not_change_the_buckets() -> None:
    points = np.random.default_rng(4).random((20_000, 12))
    one = kmeans(points, 25, l1=True, seed=9, iterations=5, threads=1)
    two = kmeans(points, 25, l1=True, seed=9, iterations=5, threads=2)
    assert one[0].tobytes() == two[0].tobytes() and one[1].tobytes() == two[1].tobytes()
    other = kmeans(points, 25, l1=True, seed=10, iterations=5, threads=2)
    assert other[0].tobytes() != one[0].tobytes()  # the seed matters


def test_buckets_from_written_tables(tmp_path: Path) -> None:
    rng = np.random.default_rng(0)
    histogram = rng.multinomial(46, [0.25] * 4, size=300).astype(np.uint16)
    ehs, ehs2 = rng.random(300), rng.random(300)
    (tmp_path / "turn.json").write_text(json.dumps({"bins": 4}))
    for name, array in (("ehs", ehs), ("ehs2", ehs2), ("histogram", histogram)):
        np.save(tmp_path / f"turn_{name}.npy", array)
    b = buckets("turn", 5, bins=4, tables=tmp_path, seed=3)
    labels, centres, _ = kmeans(np.cumsum(histogram, axis=1, dtype=np.float64), 5, l1=True, seed=3)
    assert b.labels.tolist() == labels.tolist()
    assert b.centres == pytest.approx(np.diff(centres, axis=1, prepend=0.0) / 46)
    assert b.centres.sum(axis=1) == pytest.approx(1.0)  # a centre is a histogram
    # the earth mover's distance of two histograms: L1 of the cumulative sums
    a, c = np.array([1, 0, 0, 0]), np.array([0, 0, 0, 1])
    assert np.abs(np.cumsum(a) - np.cumsum(c)).sum() == 3  # the mass moved three bins
    moments = buckets("turn", 4, features="moments", bins=4, tables=tmp_path, seed=1)
    assert moments.centres.shape == (4, 2)
    with pytest.raises(ValueError, match="have 4 bins, not 50"):
        buckets("turn", 5, bins=50, tables=tmp_path)


def test_bad_arguments() -> None:
    with pytest.raises(ValueError, match="k must be a whole number >= 1, not 0"):
        kmeans([[1.0]], 0)
    with pytest.raises(ValueError, match="k must be at most the number of points, 1, not 2"):
        kmeans([[1.0]], 2)
    with pytest.raises(ValueError, match="street must be flop, turn or river, not 'preflop'"):
        buckets("preflop", 3)
    with pytest.raises(ValueError, match="features on the flop must be histogram or moments, not 'shape'"):
        buckets("flop", 3, features="shape")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="features on the river must be hs, not 'histogram'"):
        buckets("river", 3, features="histogram")
    with pytest.raises(ValueError, match="whole numbers 0 .. 1980"):
        buckets("river", 3, table=np.array([0, 1981], dtype=np.uint16))
    with pytest.raises(ValueError, match="at most the number of distinct values, 2, not 3"):
        buckets("river", 3, table=np.array([5, 5, 9], dtype=np.uint16))
    with pytest.raises(ValueError, match="weights must be positive"):
        kmeans_1d([1, 2], 1, weights=[1, 0])


def _cost(values: np.ndarray, weights: np.ndarray, labels: np.ndarray) -> float:
    total = 0.0
    for c in np.unique(labels):
        v, w = values[labels == c], weights[labels == c]
        total += float((w * (v - (w * v).sum() / w.sum()) ** 2).sum())
    return total


@pytest.mark.parametrize("seed", range(12))
def test_kmeans_1d_is_the_optimum_of_every_assignment(seed: int) -> None:
    """Against every way of putting the values into k non-empty buckets (not only runs of
    neighbouring values: that the optimum is made of runs is not assumed)."""
    rng = np.random.default_rng(seed)
    m, k = int(rng.integers(2, 8)), int(rng.integers(1, 4))
    k = min(k, m)
    values = rng.choice(60, size=m, replace=False).astype(np.float64)
    weights = rng.integers(1, 6, size=m).astype(np.float64)
    labels, centres, cost = kmeans_1d(values, k, weights=weights)
    best = min(_cost(values, weights, np.array(assignment)) for assignment in np.ndindex(*(k,) * m)
               if len(set(assignment)) == k)
    assert cost == pytest.approx(best, abs=1e-9)
    assert _cost(values, weights, labels) == pytest.approx(best, abs=1e-9)
    order = np.argsort(values)
    assert (np.diff(labels[order]) >= 0).all() and len(set(labels.tolist())) == k  # runs, numbered upwards
    for c in range(k):
        chosen = labels == c
        assert centres[c] == pytest.approx((weights[chosen] * values[chosen]).sum() / weights[chosen].sum())


def test_river_buckets() -> None:
    """River buckets: each class's HS alone, the exact k-means of every class alike; Lloyd's
    steps from any k-means++ start do no better."""
    rng = np.random.default_rng(2)
    hs = np.concatenate([rng.integers(0, 400, 3000), rng.integers(1500, RIVER_SCALE + 1, 2000),
                         np.full(500, 990)]).astype(np.uint16)
    b = buckets("river", 6, table=hs)
    assert b.street == "river" and b.features == "hs" and b.labels.shape == hs.shape
    assert b.centres.shape == (6, 1)
    order = np.argsort(hs, kind="stable")
    assert (np.diff(b.labels[order]) >= 0).all()
    for c in range(6):
        assert b.centres[c, 0] == pytest.approx(hs[b.labels == c].mean() / RIVER_SCALE)
    ones = np.ones(len(hs))
    values = hs.astype(np.float64)
    cost = _cost(values, ones, b.labels)
    assert cost == pytest.approx(kmeans_1d(values, 6)[2])
    for seed in range(4):
        lloyd, _, _ = kmeans(values[:, None], 6, seed=seed, iterations=100)
        assert _cost(values, ones, lloyd) >= cost * (1 - 1e-12)


def test_river_buckets_from_written_tables(tmp_path: Path) -> None:
    hs = np.random.default_rng(3).integers(0, RIVER_SCALE + 1, 1000).astype(np.uint16)
    (tmp_path / "river.json").write_text("{}")
    np.save(tmp_path / "river_hs.npy", hs)
    assert buckets("river", 4, tables=tmp_path).labels.tolist() == buckets("river", 4, table=hs).labels.tolist()
    with pytest.raises(ValueError, match="no river.json there"):
        buckets("river", 4, tables=tmp_path / "elsewhere")
