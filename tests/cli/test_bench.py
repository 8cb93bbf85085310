"""``wildeval bench`` as a user meets it without measuring: ``--load`` of a bad report in words
naming the file and the field, ``--size`` only with ``--plot``, the table's columns sized to
their rows, a word on noisy rows, and every row against the fastest installed peer."""

from __future__ import annotations

import copy
import json
import math
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest


def _wildeval(*argv: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "wildeval", *argv], capture_output=True, text=True, cwd=cwd,
                          check=False)


OMAHA_LOW = "wildeval batch, omaha_low8 PLO4, board of 5, 1 thread"

REPORT: dict[str, Any] = {
    "import_seconds": 0.059, "table_bytes": 1_990_000, "seed": 20261129, "missing_peers": ["pokerkit"],
    "machine": {"platform": "Linux", "processor": "AMD EPYC", "cores": 2, "python": "3.11.7",
                "row_kernel": "avx512"},
    "results": [
        {"name": "wildeval batch, 1 thread", "hands": 2_000_000, "seconds": 0.002, "spread": 0.12,
         "hands_per_second": 9.0e8, "vs_reference": 13_600.0},
        {"name": OMAHA_LOW, "hands": 2_000_000, "seconds": 0.02, "spread": 1.64,
         "hands_per_second": 1.0e8, "vs_reference": 1_500.0},
        {"name": "wildeval.reference (pure Python)", "hands": 20_000, "seconds": 0.3, "spread": 0.099,
         "hands_per_second": 66_000.0, "vs_reference": 1.0},
        {"name": "holdem-hand-evaluator (evaluate_hand(str))", "hands": 500_000, "seconds": 0.12,
         "spread": 0.008, "hands_per_second": 4.0e6, "vs_reference": 60.0},
        {"name": "eval7 (evaluate)", "hands": 500_000, "seconds": 0.16, "spread": 2.15,
         "hands_per_second": 3.0e6, "vs_reference": 45.0},
    ],
}


def _write(path: Path, report: Any) -> Path:
    path.write_text(json.dumps(report))
    return path


def _refused(done: subprocess.CompletedProcess[str]) -> str:
    """The one line of a refusal: exit 2, nothing on standard output, no traceback."""
    assert done.returncode == 2, (done.returncode, done.stdout, done.stderr)
    assert done.stdout == "" and "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("wildeval bench: ")
    return lines[0]


def _bad_row(key: str, value: Any) -> dict[str, Any]:
    report = copy.deepcopy(REPORT)
    report["results"][3][key] = value
    return report


@pytest.mark.parametrize(("report", "words"), [
    (_bad_row("hands_per_second", "abc"), ("row 4 (holdem-hand-evaluator (evaluate_hand(str))), "
                                           "'hands_per_second' is \"abc\", not a number")),
    (_bad_row("hands_per_second", 0), "'hands_per_second' is 0: it must be above 0"),
    (_bad_row("hands_per_second", -2.5), "'hands_per_second' is -2.5: it must be above 0"),
    (_bad_row("hands_per_second", math.nan), "'hands_per_second' is nan, not a finite number"),
    (_bad_row("hands_per_second", math.inf), "'hands_per_second' is inf, not a finite number"),
    (_bad_row("hands_per_second", 1e300), "too large to be a measurement"),
    (_bad_row("vs_reference", -1), "'vs_reference' is -1: it must be above 0"),
    (_bad_row("spread", None), "'spread' is null, not a number"),
    (_bad_row("hands", 2.5), "'hands' is 2.5, not a whole number"),
    (_bad_row("name", 7), "row 4, 'name' is 7, not a name"),
    ({k: v for k, v in REPORT.items() if k != "import_seconds"}, "there is no 'import_seconds'"),
    (dict(REPORT, machine={"cores": 2}), "'machine' has no 'processor'"),
    (dict(REPORT, missing_peers="eval7"), "'missing_peers' is \"eval7\", not a list of names"),
    (dict(REPORT, results=[]), "'results' is empty"),
    (dict(REPORT, results=[{k: v for k, v in REPORT["results"][0].items() if k != "spread"}]), "row 1 has no 'spread'"),
])
def test_bad_load_file_is_one_line_naming_file_and_field(tmp_path: Path, report: Any, words: str) -> None:
    _write(tmp_path / "r.json", report)
    line = _refused(_wildeval("bench", "--load", "r.json", cwd=tmp_path))
    assert line.startswith("wildeval bench: --load r.json: "), line
    assert words in line


@pytest.mark.parametrize("speed", [0, -1.0, math.nan, math.inf, "abc"])
def test_bad_speed_with_plot_draws_nothing(tmp_path: Path, speed: Any) -> None:
    """The speeds that gave matplotlib's words (or a warning and exit 0) before."""
    pytest.importorskip("matplotlib")
    _write(tmp_path / "r.json", _bad_row("hands_per_second", speed))
    line = _refused(_wildeval("bench", "--load", "r.json", "--plot", "b.png", cwd=tmp_path))
    assert line.startswith("wildeval bench: --load r.json: row 4 (holdem-hand-evaluator (evaluate_hand(str))), "
                           "'hands_per_second' is ")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.json"]  # no image, no temporary file


def test_load_of_binary_file_says_so(tmp_path: Path) -> None:
    (tmp_path / "r.png").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00")
    line = _refused(_wildeval("bench", "--load", "r.png", cwd=tmp_path))
    assert line.startswith("wildeval bench: --load r.png: not JSON")
    assert "codec" not in line and "0x89" in line


def test_load_of_a_folder_says_so(tmp_path: Path) -> None:
    line = _refused(_wildeval("bench", "--load", str(tmp_path)))
    assert f"--load {tmp_path}: is a folder" in line


def test_size_without_plot_is_refused(tmp_path: Path) -> None:
    _write(tmp_path / "r.json", REPORT)
    line = _refused(_wildeval("bench", "--load", "r.json", "--size", "800x600", cwd=tmp_path))
    assert "--size sizes the --plot image" in line


def test_help_names_every_peer_it_runs() -> None:
    done = _wildeval("bench", "--help")
    assert done.returncode == 0
    text = " ".join(done.stdout.split())
    for peer in ("holdem-hand-evaluator", "eval7", "phevaluator", "treys", "pokerkit"):
        assert peer in text
    assert "x fastest peer" in text


def _table(tmp_path: Path, report: dict[str, Any]) -> list[str]:
    _write(tmp_path / "r.json", report)
    done = _wildeval("bench", "--load", "r.json", cwd=tmp_path)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    return done.stdout.splitlines()


def test_table_columns_fit_the_longest_row(tmp_path: Path) -> None:
    lines = _table(tmp_path, REPORT)
    header = next(i for i, line in enumerate(lines) if line.startswith("evaluator"))
    rows = lines[header: header + 1 + len(REPORT["results"])]
    assert len({len(row) for row in rows}) == 1, rows  # every row ends where the header does
    omaha = next(row for row in rows if row.startswith(OMAHA_LOW))
    assert omaha[len(OMAHA_LOW)] == " "  # the name stands apart from the hands column
    for column in ("hands", "M hands/s", "spread", "x reference", "x fastest peer"):
        end = rows[0].index(column) + len(column)  # right-aligned under the header
        assert all(row[end - 1] != " " and (end == len(row) or row[end] == " ") for row in rows[1:]), column


def test_table_compares_every_row_with_the_fastest_peer(tmp_path: Path) -> None:
    lines = _table(tmp_path, REPORT)
    assert "x fastest peer" in next(line for line in lines if line.startswith("evaluator"))
    ratios = {line.split("  ")[0]: line.split()[-1] for line in lines
              if line.startswith(("wildeval", "eval7", "holdem"))}
    assert ratios["wildeval batch, 1 thread"] == "225.00"  # 9e8 / 4e6
    assert ratios["eval7 (evaluate)"] == "0.75"
    assert ratios["holdem-hand-evaluator (evaluate_hand(str))"] == "1.00"
    text = " ".join(lines)
    assert "x fastest peer: against holdem-hand-evaluator" in text


def test_table_without_peers_says_so(tmp_path: Path) -> None:
    report = copy.deepcopy(REPORT)
    report["results"] = report["results"][:3]
    lines = _table(tmp_path, report)
    assert "no peer is installed" in " ".join(lines)


def test_noisy_rows_are_named_with_what_to_do(tmp_path: Path) -> None:
    text = " ".join(" ".join(_table(tmp_path, REPORT)).split())
    assert "Noisy: 2 rows" in text
    assert f"{OMAHA_LOW} 164%" in text and "eval7 (evaluate) 215%" in text
    assert "quieter machine" in text and "more repeats" in text
    assert "wildeval batch, 1 thread 12%" not in text


def test_steady_run_has_no_noise_line(tmp_path: Path) -> None:
    report = copy.deepcopy(REPORT)
    for row in report["results"]:
        row["spread"] = 0.05
    assert "Noisy" not in " ".join(_table(tmp_path, report))


@pytest.mark.skipif(not Path("/proc/self").is_dir(), reason="needs /proc")
def test_an_image_path_the_system_refuses_is_said_before_measuring() -> None:
    """/proc passes a look at its permissions as root but takes no new file: said at once, not
    after minutes of measuring."""
    done = subprocess.run([sys.executable, "-m", "wildeval", "bench", "--quick", "--plot", "/proc/wildeval-b.png"],
                          capture_output=True, text=True, timeout=60, check=False)
    line = _refused(done)
    assert line.startswith("wildeval bench: cannot write /proc/wildeval-b.png")
