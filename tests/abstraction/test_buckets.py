"""wildeval.buckets: k-means with a seeded k-means++ start, held to a plain numpy version of the
same steps; the same buckets on any number of threads; the earth mover's distance of the
histograms as the L1 distance of their cumulative sums."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from wildeval.buckets import buckets, kmeans


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
    with pytest.raises(ValueError, match="street must be flop or turn, not 'river'"):
        buckets("river", 3)
    with pytest.raises(ValueError, match="features must be histogram or moments"):
        buckets("flop", 3, features="shape")  # type: ignore[arg-type]
