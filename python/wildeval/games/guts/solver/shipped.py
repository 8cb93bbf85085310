"""Strategies solved ahead of time and shipped with the package, read when first asked for.

Each preset's tables (2 to 7 players, declaring in turn and at once, the preset's other rules as
they are) were solved with :func:`~wildeval.games.guts.solver.solve`'s defaults by
``tools/solve-presets`` and stored in ``strategies/`` beside this module, one gzip'd JSON file
a table. :func:`shipped` gives the one for a table, or None where none is shipped (any other
rules: another ante, legs to win, ranking...). :func:`strategy_for` is what the package's own
users of a strategy call (``wildeval solve``, ``chart --solver``, solver bots): the shipped
strategy where there is one, else one solved now.

>>> strategy = shipped("three-five-seven", 2, "in_turn")
>>> strategy is None or (strategy.players, strategy.rules.declaration)
(2, 'in_turn')
>>> shipped("three-five-seven", 2, "in_turn", rules={"ante": 3}) is None
True
"""

from __future__ import annotations

import functools
import gzip
import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from wildeval.games.guts.rules import PRESETS, GutsRules, table_rules
from wildeval.games.guts.solver.strategy import Strategy, solve

__all__ = ["SHIPPED_DIR", "file_name", "pack", "shipped", "shipped_tables", "strategy_for"]

SHIPPED_DIR = Path(__file__).with_name("strategies")
"""Where the shipped strategies are."""


def file_name(game: str, players: int, declaration: str) -> str:
    """The file of one shipped table: ``three-five-seven_4_in_turn.json.gz``."""
    return f"{game}_{players}_{declaration}.json.gz"


def pack(strategy: Strategy) -> bytes:
    """A strategy as a shipped file's bytes (gzip'd JSON without a timestamp: the same strategy
    gives the same bytes)."""
    return gzip.compress(strategy.dumps().encode(), compresslevel=9, mtime=0)


def shipped_tables() -> list[tuple[str, int, str]]:
    """The tables shipped with this copy of the package: (preset, players, declaration)."""
    out = []
    for path in sorted(SHIPPED_DIR.glob("*.json.gz")):
        game, players, declaration = path.name.removesuffix(".json.gz").split("_", 2)
        out.append((game, int(players), declaration))
    return out


@functools.lru_cache(maxsize=16)
def _load(name: str) -> Strategy | None:
    path = SHIPPED_DIR / name
    try:
        data = gzip.decompress(path.read_bytes())
    except FileNotFoundError:
        return None
    return Strategy.from_json(json.loads(data))


def shipped(game: str, players: int, declaration: str | None = None, *,
            rules: GutsRules | Mapping[str, Any] | None = None) -> Strategy | None:
    """The shipped strategy of ``game`` (a preset's name) at ``players`` seats, declaring
    ``declaration`` (``"in_turn"`` or ``"simultaneous"``; default the preset's own) with the
    table's other settings ``rules`` (:func:`~wildeval.games.guts.rules.table_rules`); None
    where the package ships none for exactly these rules. Loaded once, when first asked for."""
    if game not in PRESETS:
        raise ValueError(f"unknown guts preset {game!r}: {', '.join(sorted(PRESETS))}")
    table = table_rules(game, rules)
    if declaration is not None and declaration != table.declaration:
        table = table_rules(game, dict(_changes(table), declaration=declaration))
    strategy = _load(file_name(game, players, table.declaration))
    if strategy is None or strategy.rules.to_dict() != table.to_dict() or strategy.players != players:
        return None
    return strategy


def _changes(rules: GutsRules) -> dict[str, Any]:
    base = PRESETS[rules.name].to_dict() if rules.name in PRESETS else {}
    return {k: v for k, v in rules.to_dict().items() if k not in ("name", "stages") and base.get(k) != v}


def strategy_for(rules: GutsRules, players: int, *, threads: int | None = None,
                 progress: Callable[[int], object] | None = None) -> Strategy:
    """The strategy a table plays: the shipped one for these rules and players where the package
    has it, else :func:`~wildeval.games.guts.solver.solve` with its defaults (the same strategy
    the shipped ones were made with, so the two never differ but in time)."""
    if rules.name in PRESETS:
        found = shipped(rules.name, players, rules=rules)
        if found is not None:
            return found
    return solve(rules, players, threads=threads, progress=progress)
