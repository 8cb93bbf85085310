"""Solve and measure many tables at once: every preset and player count, on Dask if given.

>>> results = sweep([("three-five-seven", 2, "in_turn")], sweeps=6, deals=20_000, games=2_000)
>>> [(r.game, r.players, r.declaration) for r in results]
[('three-five-seven', 2, 'in_turn')]
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from wildeval.games.guts.rules import PRESETS, preset
from wildeval.games.guts.solver.measure import exploitability
from wildeval.games.guts.solver.strategy import solve

__all__ = ["Measured", "every_table", "sweep"]


@dataclass(frozen=True)
class Measured:
    """One table solved and measured: its solve and measure times (seconds), the exploitability
    (pots a deal, with its standard error and the deviation that found it) and the deals a game."""

    game: str
    players: int
    declaration: str
    solve_seconds: float
    measure_seconds: float
    per_deal: float
    stderr: float
    deviation: str
    deals_per_game: float
    rows: int

    def row(self) -> str:
        """The Markdown row: game, players, declaring, seconds to solve, exploitability, the
        deviation that found it, deals a game."""
        found = ("0 (none of the deviations gains)" if self.stderr == 0 and self.per_deal == 0
                 else f"{self.per_deal:+.4f} ± {self.stderr:.4f}")
        deviation = "" if self.stderr == 0 and self.per_deal == 0 else self.deviation
        return (f"| {self.game} | {self.players} | {self.declaration.replace('_', ' ')} | {self.solve_seconds:.0f} | "
                f"{found} | {deviation} | {self.deals_per_game:.2f} |")


def every_table() -> list[tuple[str, int, str]]:
    """Every preset at every player count it takes, declaring in turn and at once."""
    return [(game, n, mode) for game in PRESETS for mode in ("in_turn", "simultaneous")
            for n in range(2, PRESETS[game].max_players + 1)]


def _one(case: tuple[str, int, str, dict[str, Any]]) -> Measured:
    game, n, mode, settings = case
    games = settings.pop("games")
    response_sweeps = settings.pop("response_sweeps")
    started = time.perf_counter()
    strategy = solve(preset(game, declaration=mode), n, **settings)
    solved = time.perf_counter() - started
    measured = exploitability(strategy, games=games, sweeps=response_sweeps)
    return Measured(game, n, mode, solved, time.perf_counter() - started - solved, measured.per_deal,
                    measured.stderr, measured.deviation, measured.deals_per_game, strategy.settings.rows)


def sweep(tables: Sequence[tuple[str, int, str]], *, client: Any = None, games: int = 20_000,
          response_sweeps: int = 12, progress: Callable[[Measured], object] | None = None,
          **settings: Any) -> list[Measured]:
    """Each table solved (``settings`` as for :func:`~wildeval.games.guts.solver.solve`) and
    measured on ``games`` games with a best response of ``response_sweeps`` sweeps
    (:func:`~wildeval.games.guts.solver.exploitability`), in order; on ``client`` (a
    ``distributed.Client``) one task per table. ``progress``, if given, is called with each
    result as it is in."""
    cases = [(game, n, mode, dict(settings, games=games, response_sweeps=response_sweeps)) for game, n, mode in tables]
    if client is None:
        results = []
        for case in cases:
            results.append(_one(case))
            if progress is not None:
                progress(results[-1])
        return results
    from wildeval.dask import map_ordered

    out = []
    for result in map_ordered(client, _one, cases):
        out.append(result)
        if progress is not None:
            progress(result)
    return out
