"""The package layer reads nothing above it (docs/architecture.md), and the table games it names
(wildeval.stages) are the guts presets."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from wildeval import stages
from wildeval.games.guts.rules import PRESETS, GutsRules, Stage

PACKAGE = Path(stages.__file__).resolve().parent
ABOVE = ("wildeval.games", "wildeval.cli")


def _package_layer() -> list[Path]:
    # __main__.py is `python -m wildeval`: the command line's door, not the package layer
    files = sorted(p for p in PACKAGE.glob("*.py") if p.name != "__main__.py")
    for folder in ("rankings", "reference"):
        files += sorted((PACKAGE / folder).rglob("*.py"))
    return files


def _imports(tree: ast.AST, module: str) -> list[tuple[int, str]]:
    """Every module an Import or ImportFrom names, at any depth (functions included); a relative
    import resolved against ``module``."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = module.split(".")[: -node.level]
                base = ".".join([*parts, base] if base else parts)
            found.append((node.lineno, base))
            found += [(node.lineno, f"{base}.{alias.name}") for alias in node.names]
    return found


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.append("x")  # a package's relative imports resolve against the package itself
    return ".".join(parts)


def test_the_package_layer_imports_neither_the_games_nor_the_cli() -> None:
    files = _package_layer()
    assert PACKAGE / "field.py" in files and PACKAGE / "chart.py" in files
    assert any(p.parent.name == "reference" for p in files) and any(p.parent.name == "rankings" for p in files)
    wrong = []
    for path in files:
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for line, name in _imports(tree, _module_name(path)):
            if any(name == top or name.startswith(top + ".") for top in ABOVE):
                wrong.append(f"{path.relative_to(PACKAGE.parent)}:{line} imports {name}")
    assert not wrong, "the package layer reads only the layers below it:\n" + "\n".join(wrong)


def test_the_check_sees_imports_inside_functions_and_relative_ones() -> None:
    tree = ast.parse("def f():\n    from wildeval.games.guts.rules import PRESETS\n"
                     "def g():\n    from .games import GAMES\n    import wildeval.cli\n")
    names = [name for _, name in _imports(tree, "wildeval.field")]
    assert "wildeval.games.guts.rules" in names and "wildeval.games" in names and "wildeval.cli" in names


def test_the_built_in_rows_are_the_guts_presets() -> None:
    assert dict(stages.BUILT_IN) == {name: rules.table_game() for name, rules in PRESETS.items()}


def test_a_fresh_program_knows_the_presets_without_the_games() -> None:
    code = ("import sys; from wildeval.odds import versus_field; from wildeval.chart import max_opponents; "
            "odds = versus_field('Ks Kd Kh', 1, game='three-five-seven', stage=1); "
            "assert not any(m.startswith('wildeval.games') for m in sys.modules), sorted(sys.modules); "
            "print(odds.deals, max_opponents('napalm'))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["18424", "6"]


def test_a_registered_game_is_known_and_a_preset_as_it_is_now(monkeypatch: pytest.MonkeyPatch) -> None:
    from types import MappingProxyType

    from wildeval.games.guts import rules as guts_rules

    two_stage = GutsRules("two-stage", (Stage(3, wild="3"), Stage(5, ranking="low")), win_count=2)
    monkeypatch.setattr(guts_rules, "PRESETS", MappingProxyType({**PRESETS, "two-stage": two_stage}))
    assert stages.stage_settings("two-stage", 2) == stages.StageSettings(
        "5 cards, low (deuce-to-seven), no wild cards", 5, "low27", None)
    assert "two-stage" in stages.game_names()
    with pytest.raises(ValueError, match="unknown game 'poker'; choose one of crazy-three-five-seven, napalm"):
        stages.table_game("poker")
    with pytest.raises(ValueError, match="stage must be 1 to 2 for two-stage, not 3"):
        stages.stage_settings("two-stage", 3)
