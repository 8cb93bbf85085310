"""``wildeval strength``, ``wildeval tables`` and ``wildeval buckets``: what they print and write,
and bad input refused in words that name the flag, with nothing written."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from wildeval.cli import main
from wildeval.strength import strength


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_strength_text_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "strength", "Ad Qc", "--board", "3h 4c Jh")
    assert code == 0
    assert "HS      0.5851   (ahead 628, tied 9, behind 444)" in out
    assert "two cards to come: PPot 0.2083   NPot 0.2737" in out
    assert len([line for line in out.splitlines() if line.startswith("  0.") and "%" in line]) == 10
    code, out, _ = run(capsys, "strength", "Ah Kh", "--board", "Qh 7h 2c 9d", "--versus", "QQ+", "--bins", "4",
                       "--json")
    data = json.loads(out)
    spot = strength("Ah Kh", "Qh 7h 2c 9d", versus="QQ+", bins=4)
    assert code == 0 and data["ehs"] == spot.ehs and data["histogram"] == list(spot.histogram)
    assert data["ppot2"] is None and data["ppot1"] == spot.ppot1
    code, out, _ = run(capsys, "strength", "Ah Kh", "--board", "Qh 7h 2c", "--over", "next", "--json")
    assert code == 0 and json.loads(out)["histogram"] == list(strength("Ah Kh", "Qh 7h 2c", over="next").histogram)


@pytest.mark.parametrize("argv, words", [
    (("Ah Kh", "--board", "Qh 7h"), "--board: the board must be 3, 4 or 5 cards"),
    (("Ah", "--board", "Qh 7h 2c"), "HOLE: the hole cards must be 2 cards, not 1"),
    (("Ah Kh", "--board", "Qh 7h 2c", "--versus", "ZZ"), "--versus: range 'ZZ'"),
    (("Ah Kh", "--board", "Qh 7h 2c", "--versus", "AhKs"), "--versus: no opponent hand is left"),
])
def test_strength_errors(capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], words: str) -> None:
    code, out, err = run(capsys, "strength", *argv)
    assert code == 2 and out == "" and words in err


def test_strength_bins_are_checked(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["strength", "Ah Kh", "--board", "Qh 7h 2c", "--bins", "0"])
    assert "argument --bins: must be from 1 to 4,096, not 0" in capsys.readouterr().err


def test_tables_preflop(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(capsys, "tables", "preflop", "--out", str(tmp_path))
    assert code == 0 and "preflop: 4 files" in out
    assert sorted(p.name for p in tmp_path.iterdir()) == ["preflop.json", "preflop_equity.npy", "preflop_tie.npy",
                                                          "preflop_win.npy"]
    code, out, _ = run(capsys, "tables", "preflop", "--out", str(tmp_path), "--json")
    files = json.loads(out)["files"]
    assert code == 0 and {f["name"]: f["bytes"] for f in files}["preflop_equity.npy"] == \
        (tmp_path / "preflop_equity.npy").stat().st_size


def test_tables_errors(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = run(capsys, "tables", "flop", "--out", str(tmp_path / "none"))
    assert code == 2 and "--out" in err and "there is no folder" in err
    with pytest.raises(SystemExit):
        main(["tables", "flop", "--out", str(tmp_path), "--bins", "0"])
    assert "argument --bins: must be from 1 to 4,096, not 0" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_tables_preflop3(capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from wildeval import three_way

    chosen = three_way._check_classes(["AA", "KK", "AKs"])
    monkeypatch.setattr(three_way, "_check_classes", lambda classes: chosen)  # three classes, not 169
    code, out, _ = run(capsys, "tables", "preflop3", "--out", str(tmp_path), "--trials", "500", "--seed", "4",
                       "--threads", "2", "--json")
    assert code == 0 and [f["name"] for f in json.loads(out)["files"]] == list(three_way.FILES)
    table = three_way.ThreeWay.load(tmp_path)
    assert (table.trials, table.seed, table.size) == (500, 4, 10)
    assert table.equities.tobytes() == three_way.three_way(["AA", "KK", "AKs"], trials=500, seed=4).equities.tobytes()
    code, out, _ = run(capsys, "tables", "preflop3", "--out", str(tmp_path), "--trials", "500")
    assert code == 0 and "preflop3: 3 files" in out


@pytest.mark.parametrize("argv, words", [
    (("preflop3", "--out", "none"), "--out none: there is no folder"),
    (("flop", "--out", ".", "--trials", "9"), "--trials: only the sampled table preflop3 takes it, not flop"),
    (("preflop", "--out", ".", "--seed", "9"), "--seed: only the sampled table preflop3 takes it, not preflop"),
])
def test_tables_preflop3_errors(capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                argv: tuple[str, ...], words: str) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "tables", *argv)
    assert code == 2 and out == "" and words in err
    with pytest.raises(SystemExit):
        main(["tables", "preflop3", "--out", ".", "--trials", "1"])
    assert "argument --trials: must be from 2 to 4,294,967,296, not 1" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def _small_tables(folder: Path) -> np.ndarray:
    rng = np.random.default_rng(1)
    histogram = rng.multinomial(46, [0.2] * 5, size=200).astype(np.uint16)
    (folder / "turn.json").write_text(json.dumps({"bins": 5}))
    np.save(folder / "turn_histogram.npy", histogram)
    np.save(folder / "turn_ehs.npy", rng.random(200))
    np.save(folder / "turn_ehs2.npy", rng.random(200))
    return histogram


def test_buckets_from_tables(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    _small_tables(tmp_path)
    out_file = tmp_path / "b.npz"
    code, out, _ = run(capsys, "buckets", "turn", "--k", "4", "--bins", "5", "--tables", str(tmp_path),
                       "--out", str(out_file), "--seed", "2")
    assert code == 0 and "4 buckets of 200 classes" in out
    with np.load(out_file) as data:
        header = json.loads(str(data["header"]))
        assert data["labels"].shape == (200,) and data["centres"].shape == (4, 5)
        assert header["k"] == 4 and header["seed"] == 2 and set(data["labels"].tolist()) <= {0, 1, 2, 3}
        labels = data["labels"]
    code, out, _ = run(capsys, "buckets", "turn", "--k", "4", "--bins", "5", "--tables", str(tmp_path),
                       "--out", str(out_file), "--seed", "2", "--json")
    assert code == 0 and json.loads(out)["sizes"] == np.bincount(labels, minlength=4).tolist()


def test_buckets_errors(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    _small_tables(tmp_path)
    before = sorted(p.name for p in tmp_path.iterdir())
    code, _, err = run(capsys, "buckets", "turn", "--k", "4", "--out", str(tmp_path / "b.npy"))
    assert code == 2 and "--out" in err and "must end in .npz" in err
    code, _, err = run(capsys, "buckets", "flop", "--k", "4", "--tables", str(tmp_path), "--out",
                       str(tmp_path / "b.npz"))
    assert code == 2 and "--tables" in err and "no flop.json there" in err
    code, _, err = run(capsys, "buckets", "turn", "--k", "4", "--tables", str(tmp_path), "--out",
                       str(tmp_path / "b.npz"))
    assert code == 2 and "50 bins, not" not in err and "have 5 bins, not 50" in err
    with pytest.raises(SystemExit):
        main(["buckets", "turn", "--k", "0", "--out", str(tmp_path / "b.npz")])
    assert "argument --k: must be from 1" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == before


def test_river_buckets_from_tables(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    hs = np.random.default_rng(5).integers(0, 1981, 500).astype(np.uint16)
    (tmp_path / "river.json").write_text("{}")
    np.save(tmp_path / "river_hs.npy", hs)
    out_file = tmp_path / "r.npz"
    code, out, _ = run(capsys, "buckets", "river", "--k", "5", "--tables", str(tmp_path), "--out", str(out_file))
    assert code == 0 and "river: 5 buckets of 500 classes (hs, exact" in out
    with np.load(out_file) as data:
        header = json.loads(str(data["header"]))
        assert header["exact"] is True and header["features"] == "hs" and header["rounds"] == [2, 5]
        assert "seed" not in header and data["centres"].shape == (5, 1)
        order = np.argsort(hs, kind="stable")
        assert (np.diff(data["labels"][order].astype(int)) >= 0).all()
    before = out_file.read_bytes()
    for extra, words in ((["--seed", "3"], "--seed: the river's buckets are the exact k-means"),
                         (["--bins", "8"], "--bins: the river's"), (["--iterations", "3"], "--iterations: the river"),
                         (["--over", "next"], "--over: the river has no later street"),
                         (["--features", "moments"], "--features moments: the river takes hs")):
        code, _, err = run(capsys, "buckets", "river", "--k", "5", "--tables", str(tmp_path), "--out",
                           str(out_file), *extra)
        assert code == 2 and words in err
    code, _, err = run(capsys, "buckets", "turn", "--k", "5", "--out", str(out_file), "--features", "hs")
    assert code == 2 and "--features hs: the turn takes histogram or moments" in err
    assert out_file.read_bytes() == before


def test_the_page_shows_what_runs(capsys: pytest.CaptureFixture[str]) -> None:
    page = (Path(__file__).resolve().parents[2] / "docs" / "abstraction.md").read_text(encoding="utf-8")
    _, out, _ = run(capsys, "strength", "Ah Kh", "--board", "Qh 7h 2c")
    assert f'$ wildeval strength "Ah Kh" --board "Qh 7h 2c"\n{out}' in page
