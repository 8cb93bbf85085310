"""The documentation: every ``>>>`` example of the docs/ pages runs and prints what it shows, and
the Sphinx site builds with warnings as errors (marked slow)."""

from __future__ import annotations

import doctest
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
PAGES = sorted(DOCS.glob("*.md")) + sorted((DOCS / "recipes").glob("*.md"))

# Pages whose ```python blocks another test already runs (each block stands alone there too).
RUN_ELSEWHERE = {
    "equity.md": "tests/odds/test_equity.py::test_the_equity_page_shows_what_runs",
    "solver.md": "tests/games/guts/test_solver.py::test_the_solver_page_examples",
}

# A fenced block: its opening line's info string and its body. Each block is parsed on its own,
# so a closing fence right after an output line is never read as part of the output.
FENCE = re.compile(r"^```([^\n`]*)\n(.*?)^```[ \t]*$", flags=re.S | re.M)


def _examples(text: str) -> tuple[list[str], int]:
    """The fenced blocks holding ``>>>`` examples, and how many ``>>>`` lines lie outside them."""
    blocks = [body for _, body in FENCE.findall(text) if ">>>" in body]
    outside = FENCE.sub("", text)
    return blocks, len(re.findall(r"^\s*>>>", outside, flags=re.M))


def test_the_pages_are_found() -> None:
    names = {page.name for page in PAGES}
    assert {"index.md", "quickstart.md", "performance.md", "experiments.md", "conventions.md"} <= names
    assert set(RUN_ELSEWHERE) <= names


@pytest.mark.parametrize("page", PAGES, ids=lambda page: str(page.relative_to(DOCS)))
def test_page_examples_run(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    blocks, outside = _examples(text)
    assert outside == 0, f"{page.name}: {outside} >>> line(s) outside a fenced block, which no test runs"
    if page.name in RUN_ELSEWHERE:
        # run by the test named; it reads ```python blocks only, so every example must be in one
        python = re.findall(r"```python\n(.*?)```", text, flags=re.S)
        assert all(block in python for block in blocks), f"{page.name}: an example outside ```python"
        return
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for i, block in enumerate(blocks):  # each block stands alone, as a reader would paste it
        runner.run(parser.get_doctest(block, {}, f"docs/{page.name} block {i}", str(page), 0))
    result = runner.summarize(verbose=False)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples of {page.name} failed"


def test_the_quickstart_shows_the_four_examples() -> None:
    text = (DOCS / "quickstart.md").read_text(encoding="utf-8")
    blocks, _ = _examples(text)
    assert len(blocks) >= 4
    examples = sum(len(doctest.DocTestParser().get_examples(block)) for block in blocks)
    assert examples >= 15


@pytest.mark.slow
def test_the_site_builds_without_warnings(tmp_path: Path) -> None:
    out = tmp_path / "html"
    run = subprocess.run([sys.executable, "-m", "sphinx", "-W", "--keep-going", "-b", "html",
                          "-d", str(tmp_path / "doctrees"), str(DOCS), str(out)],
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, f"sphinx exited {run.returncode}:\n{run.stdout}\n{run.stderr}"
    assert (out / "index.html").is_file() and (out / "api" / "wildeval.evaluator.html").is_file()
