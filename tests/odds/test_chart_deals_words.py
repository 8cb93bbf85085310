"""``wildeval chart --deals 1``: "1 random deal", never "1 random deals", in the table, the
image's title and the line naming the files written (issue 41, item 9)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

STAGE = ("chart", "--game", "three-five-seven", "--stage", "1")

# the real command, with every figure's titles printed to standard error as it is saved
TITLES = """
import sys
from matplotlib.figure import Figure
saved = Figure.savefig
def savefig(self, *args, **kwargs):
    saved(self, *args, **kwargs)
    texts = [t.get_text() for t in self.texts] + [ax.get_title() for ax in self.axes]
    print("TITLES:" + " | ".join(t.replace("\\n", " ") for t in texts), file=sys.stderr)
Figure.savefig = savefig
from wildeval.cli import main
sys.exit(main(sys.argv[1:]))
"""


def _run(*argv: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "wildeval", *argv], capture_output=True, text=True, cwd=cwd,
                          check=False)


@pytest.mark.parametrize(("deals", "words"), [("1", "1 random deal,"), ("2", "2 random deals,")])
def test_table_header_counts_deals_in_words(deals: str, words: str) -> None:
    done = _run(*STAGE, "--deals", deals)
    assert done.returncode == 0, done.stderr
    assert words in done.stdout
    assert "1 random deals" not in done.stdout


def test_written_files_line_says_one_deal(tmp_path: Path) -> None:
    done = _run(*STAGE, "--deals", "1", "--csv", "c.csv", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().endswith("1 deal: wrote c.csv"), done.stdout


def test_image_title_says_one_random_deal(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    done = subprocess.run([sys.executable, "-c", TITLES, *STAGE, "--deals", "1", "--out", "c.png"],
                          capture_output=True, text=True, cwd=tmp_path, check=False)
    assert done.returncode == 0, done.stderr
    titles = next(line for line in done.stderr.splitlines() if line.startswith("TITLES:"))
    assert "1 random deal, seed 0" in titles and "1 random deals" not in titles
    assert (tmp_path / "c.png").stat().st_size > 0
