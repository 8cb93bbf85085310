"""``wildeval preflop``: the grid of a class's row, one cell with --versus, JSON, and errors in the
command line's words."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from wildeval import preflop
from wildeval.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_grid(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "preflop", "aks")
    assert code == 0
    assert out.splitlines() == preflop.picture("AKs").splitlines()
    assert " 46.0 " in out.splitlines()[4]  # QQ, on the diagonal


def test_versus(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "preflop", "AA", "--versus", "KK")
    assert code == 0
    assert "equity  81.95%" in out and "36 pairs of hands" in out


def test_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "preflop", "AKs", "--json")
    data = json.loads(out)
    assert code == 0 and data["hand"] == "AKs" and len(data["cells"]) == 169
    qq = next(c for c in data["cells"] if c["versus"] == "QQ")
    assert qq["equity"] == preflop.equity("AKs", "QQ")
    assert qq["wins"] + qq["ties"] + qq["losses"] == qq["pairs"] * qq["boards"]
    code, out, _ = run(capsys, "preflop", "AKs", "--versus", "QQ", "--json")
    assert [c["versus"] for c in json.loads(out)["cells"]] == ["QQ"]


@pytest.mark.parametrize("argv, words", [(("AK",), "CLASS: 'AK': say suited or offsuit"),
                                         (("AA", "--versus", "ZZ"), "--versus: 'ZZ' is not a starting-hand class")])
def test_errors(capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], words: str) -> None:
    code, out, err = run(capsys, "preflop", *argv)
    assert code == 2 and out == "" and words in err


def test_the_page_shows_what_runs(capsys: pytest.CaptureFixture[str]) -> None:
    page = (Path(__file__).resolve().parents[2] / "docs" / "abstraction.md").read_text(encoding="utf-8")
    _, out, _ = run(capsys, "preflop", "AKs", "--versus", "QQ")
    assert f"$ wildeval preflop AKs --versus QQ\n{out}" in page
    _, out, _ = run(capsys, "preflop", "AKs")
    assert "$ wildeval preflop AKs\n" + "\n".join(out.splitlines()[:5]) + "\n...\n" in page
