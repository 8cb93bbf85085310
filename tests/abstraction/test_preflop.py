"""The shipped heads-up preflop table (wildeval.preflop): whole, symmetric, equal to the exact
engine's count of each class pair, the published cells, and rebuilt byte for byte by its tool."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from wildeval import preflop
from wildeval.odds import equity
from wildeval.preflop import BOARDS, CLASSES

ROOT = Path(__file__).resolve().parents[2]


def test_classes_and_their_hands() -> None:
    assert len(CLASSES) == len(set(CLASSES)) == 169
    assert CLASSES[:3] == ("AA", "AKs", "AQs") and CLASSES[13] == "AKo" and CLASSES[-1] == "22"
    sizes = [len(preflop.class_hands(c)) for c in CLASSES]
    assert sorted(set(sizes)) == [4, 6, 12] and sum(sizes) == 1326
    every = {tuple(sorted(h)) for c in CLASSES for h in preflop.class_hands(c)}
    assert len(every) == 1326


def test_every_cell_is_whole_and_symmetric() -> None:
    wins, ties, pairs = (x.astype(np.int64) for x in preflop._table())
    assert (pairs == pairs.T).all() and (ties == ties.T).all()
    # b wins exactly the deals a neither wins nor ties
    assert (wins + ties + wins.T == pairs * BOARDS).all()
    win, tie, eq = preflop.table()
    assert np.array_equal(eq + eq.T, np.ones((169, 169))) or np.allclose(eq + eq.T, 1.0, rtol=0, atol=1e-15)
    assert np.allclose(win + tie + win.T, 1.0, rtol=0, atol=1e-15)
    assert np.allclose(np.diag(eq), 0.5, rtol=0, atol=1e-15)


def test_pairs_of_hands_are_the_compatible_ones() -> None:
    rng = random.Random(3)
    for _ in range(200):
        a, b = rng.choice(CLASSES), rng.choice(CLASSES)
        compatible = sum(1 for x in preflop.class_hands(a) for y in preflop.class_hands(b) if not set(x) & set(y))
        assert preflop.counts(a, b).pairs == compatible


def _engine_counts(a: str, b: str) -> tuple[int, int, int]:
    first, second = equity([a, b], threads=2)
    assert first.stderr == 0.0
    deals = first.boards
    w, t, lo = (round(x * deals) for x in (first.win, first.tie, second.win))
    assert w + t + lo == deals
    return w, t, deals


@pytest.mark.parametrize("a, b", [("AA", "KK"), ("AKs", "QQ"), ("72o", "AA"), ("T9s", "T9s"), ("KQo", "AKo"),
                                  ("55", "AKs"), ("A5s", "A4o")])
def test_cells_equal_the_engine_count(a: str, b: str) -> None:
    w, t, deals = _engine_counts(a, b)
    c = preflop.counts(a, b)
    assert (c.wins, c.ties, c.pairs * BOARDS) == (w, t, deals)
    assert preflop.equity(a, b) == pytest.approx(equity([a, b])[0].equity, rel=0, abs=1e-15)


def test_a_random_sample_of_cells_equals_the_engine_count() -> None:
    rng = random.Random(45)
    for _ in range(40):
        a, b = rng.choice(CLASSES), rng.choice(CLASSES)
        w, t, deals = _engine_counts(a, b)
        c = preflop.counts(a, b)
        assert (c.wins, c.ties, c.pairs * BOARDS) == (w, t, deals), (a, b)


def test_published_cells() -> None:
    assert f"{100 * preflop.equity('AA', 'KK'):.2f}" == "81.95"
    assert f"{100 * preflop.equity('AKs', 'QQ'):.1f}" == "46.0"
    assert preflop.win("AA", "KK") + preflop.tie("AA", "KK") + preflop.win("KK", "AA") == pytest.approx(1.0)


def test_names_are_read_as_players_write_them() -> None:
    assert preflop.equity("kas", "qq") == preflop.equity("AKs", "QQ")
    with pytest.raises(ValueError, match="suited or offsuit"):
        preflop.equity("AK", "QQ")
    for bad in ("AAs", "AX", "", "AKsx"):
        with pytest.raises(ValueError, match="not a starting-hand class"):
            preflop.equity(bad, "QQ")


def test_picture_and_row() -> None:
    text = preflop.picture("AKs")
    lines = text.splitlines()
    assert len(lines) == 15
    row = preflop.row("AKs")
    assert list(row) == list(CLASSES)
    # QQ sits on the diagonal, third row and column
    assert lines[4].split()[3] == f"{100 * row['QQ']:.1f}"
    assert lines[2].split()[2] == f"{100 * row['AKs']:.1f}" == "50.0"


@pytest.mark.slow
def test_the_tool_rebuilds_the_shipped_file(tmp_path: Path) -> None:
    out = tmp_path / "table.npy.gz"
    subprocess.run([sys.executable, str(ROOT / "tools" / "preflop_table.py"), "--out", str(out), "--threads", "2",
                    "--quiet"], check=True)
    assert out.read_bytes() == preflop.DATA_FILE.read_bytes()
