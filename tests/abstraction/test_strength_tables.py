"""wildeval.strength_tables: the tables of every canonical hand, held row by row to
wildeval.strength (itself held to a brute force from each definition, test_potential.py) on the
classes some boards reach; the same bytes on a Dask cluster; the files written whole or not at
all. The whole river table is slow."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from interrupts import interrupted_within

import wildeval
from wildeval.buckets import buckets
from wildeval.isomorphism import Indexer
from wildeval.strength import hand_strength, strength
from wildeval.strength_tables import RIVER_SCALE, river_table, street_table, write_tables


def _reached(rows: np.ndarray, n: int, seed: int) -> list[int]:
    return np.random.default_rng(seed).choice(rows, size=min(n, len(rows)), replace=False).tolist()


def test_river_rows_are_the_hand_strength_of_their_hands() -> None:
    boards = [0, 1, 77, 5000, 134_458]
    table = river_table(boards=boards, threads=2)
    river = Indexer([2, 5])
    reached = np.nonzero(table != np.iinfo(np.uint16).max)[0]
    assert 0 < len(reached) <= 1081 * len(boards)
    for i in _reached(reached, 40, 1):
        hand = river.unindex(1, i)
        s = hand_strength(hand[:2], hand[2:])
        assert table[i] == 2 * s.ahead + s.tied and s.ahead + s.tied + s.behind == RIVER_SCALE // 2


@pytest.mark.parametrize("street, boards, bins", [("turn", [0, 9, 16_431], 7), ("flop", [3, 1754], 5)])
def test_street_rows_are_the_strength_of_their_hands(street: str, boards: list[int], bins: int) -> None:
    ehs, ehs2, histogram = street_table(street, bins, boards=boards, threads=2)
    rounds = Indexer([2, 3] if street == "flop" else [2, 4])
    completions = 1081 if street == "flop" else 46
    reached = np.nonzero(histogram.sum(axis=1))[0]
    assert (histogram[reached].sum(axis=1) == completions).all()
    for i in _reached(reached, 6 if street == "flop" else 20, 2):
        hand = rounds.unindex(1, i)
        s = strength(hand[:2], hand[2:], bins=bins)
        assert ehs[i] == pytest.approx(s.ehs, rel=1e-12) and ehs2[i] == pytest.approx(s.ehs2, rel=1e-12)
        assert tuple(histogram[i] / completions) == pytest.approx(s.histogram, abs=1e-12)


def test_flop_histograms_over_the_next_street() -> None:
    _, _, histogram = street_table("flop", 6, over="next", boards=[17, 900])
    rounds = Indexer([2, 3])
    reached = np.nonzero(histogram.sum(axis=1))[0]
    assert (histogram[reached].sum(axis=1) == 47).all()  # the turn cards
    for i in _reached(reached, 4, 3):
        hand = rounds.unindex(1, i)
        spot = strength(hand[:2], hand[2:], bins=6, over="next")
        assert tuple(histogram[i] / 47) == pytest.approx(spot.histogram, abs=1e-12)


def test_threads_do_not_change_the_bytes() -> None:
    one = street_table("turn", 4, boards=range(300, 420), threads=1)
    two = street_table("turn", 4, boards=range(300, 420), threads=2)
    for a, b in zip(one, two, strict=True):
        assert a.tobytes() == b.tobytes()


def test_a_cluster_gives_the_same_bytes(client: Any) -> None:
    done: list[int] = []
    remote = street_table("turn", 3, boards=range(0, 700), client=client, progress=done.append)
    local = street_table("turn", 3, boards=range(0, 700), threads=2)
    assert sum(done) == 700
    for a, b in zip(remote, local, strict=True):
        assert a.tobytes() == b.tobytes()
    assert river_table(boards=range(9000, 11_000), client=client).tobytes() == \
        river_table(boards=range(9000, 11_000)).tobytes()


def test_files_and_header(tmp_path: Path) -> None:
    paths = write_tables("preflop", tmp_path)
    assert [p.name for p in paths] == ["preflop_win.npy", "preflop_tie.npy", "preflop_equity.npy", "preflop.json"]
    header = json.loads((tmp_path / "preflop.json").read_text())
    equity = np.load(tmp_path / "preflop_equity.npy")
    aa, kk = header["classes"].index("AA"), header["classes"].index("KK")
    assert round(float(equity[aa, kk]), 4) == 0.8195 and header["wildeval"] == wildeval.__version__
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(p.name for p in paths)  # no temporary left


def test_an_interrupted_run_leaves_the_old_files(tmp_path: Path) -> None:
    (tmp_path / "flop.json").write_text("old")
    (tmp_path / "flop_ehs.npy").write_text("old")

    def run() -> None:
        write_tables("flop", tmp_path, 50, threads=2)

    assert interrupted_within(run, after=0.5) < 2.0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["flop.json", "flop_ehs.npy"]
    assert (tmp_path / "flop.json").read_text() == "old" == (tmp_path / "flop_ehs.npy").read_text()


def test_bad_arguments(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="street must be one of river, turn, flop, preflop, not 'pre'"):
        write_tables("pre", tmp_path)
    with pytest.raises(ValueError, match="bins must be a whole number from 1 to 4,096, not 0"):
        street_table("flop", 0)
    with pytest.raises(ValueError, match="boards must be classes 0 to 1754"):
        street_table("flop", 5, boards=[1755])
    with pytest.raises(ValueError, match="there is no folder"):
        write_tables("river", tmp_path / "missing")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.slow
def test_the_whole_river_table(tmp_path: Path) -> None:
    paths = write_tables("river", tmp_path, threads=2)
    table = np.load(paths[0], mmap_mode="r")
    assert table.shape == (123_156_254,) and table.dtype == np.uint16 and int(table.max()) <= RIVER_SCALE
    river = Indexer([2, 5])
    for i in np.random.default_rng(5).choice(len(table), 30, replace=False).tolist():
        hand = river.unindex(1, i)
        s = hand_strength(hand[:2], hand[2:])
        assert table[i] == 2 * s.ahead + s.tied
    # the river's buckets from the written table: runs of HS, every class in one, the means right
    found = buckets("river", 20, tables=tmp_path)
    sizes = np.bincount(found.labels, minlength=20)
    assert sizes.sum() == len(table) and (sizes > 0).all()
    lowest = np.full(20, RIVER_SCALE + 1)
    np.minimum.at(lowest, found.labels, table)
    highest = np.zeros(20, dtype=np.int64)
    np.maximum.at(highest, found.labels, table)
    assert (highest[:-1] < lowest[1:]).all()  # bucket b's hands all below bucket b + 1's
    means = np.bincount(found.labels, weights=table, minlength=20) / sizes / RIVER_SCALE
    assert found.centres[:, 0] == pytest.approx(means)
