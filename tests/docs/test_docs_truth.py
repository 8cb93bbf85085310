"""The documentation says what the code does: every ranking where the rankings are listed, no
install that does not exist, no place outside the repository cited, no internal name shown."""

from __future__ import annotations

import re
from pathlib import Path

from wildeval.evaluator import RANKINGS, Evaluator

ROOT = Path(__file__).resolve().parents[2]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md")), *sorted((ROOT / "docs").rglob("*.rst")),
        *sorted((ROOT / "python" / "wildeval").rglob("*.py"))]


def test_the_evaluator_docstring_names_every_ranking() -> None:
    doc = Evaluator.__doc__ or ""
    missing = [name for name in RANKINGS if f'"{name}"' not in doc]
    assert not missing, f"Evaluator's docstring leaves out {missing}"
    assert "KEPT_RESULT_FROM" not in (Evaluator.batch.__doc__ or "")


def test_no_install_from_a_registry_the_package_is_not_on() -> None:
    for path in DOCS:
        text = path.read_text(encoding="utf-8")
        offers = re.search(r"pip install ['\"]?wildeval([\s\[]|$|`)", text)
        assert not offers, f"{path.name} offers 'pip install wildeval'"
    first = (ROOT / "README.md").read_text(encoding="utf-8").split("```")[0]
    assert "wheels for" not in first


def test_the_project_urls_are_left_out_until_they_exist() -> None:
    lines = (ROOT / "pyproject.toml").read_text(encoding="utf-8").splitlines()
    assert "[project.urls]" not in [line.strip() for line in lines]
    assert not [line for line in lines if "https://github.com/" in line and not line.lstrip().startswith("#")]


def test_the_docs_cite_nothing_outside_the_repository() -> None:
    for path in DOCS:
        text = path.read_text(encoding="utf-8")
        assert "shared/" not in text, f"{path.relative_to(ROOT)} cites a path outside the repository"


def test_the_architecture_names_every_source_file() -> None:
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    sources = [*(ROOT / "src").rglob("*.[ch]pp"), *(ROOT / "python" / "wildeval").rglob("*.py")]
    missing = [str(f.relative_to(ROOT)) for f in sources if f"`{f.name}`" not in text]
    assert not missing, f"docs/architecture.md does not name {missing}"
