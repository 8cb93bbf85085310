"""Solve and measure many tables at once: every preset and player count, on Dask if given.

>>> results = sweep([("three-five-seven", 2, "in_turn")], sweeps=6, deals=20_000, games=2_000, passes=1,
...                 iterations=2)
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
from wildeval.games.guts.solver.shipped import shipped
from wildeval.games.guts.solver.strategy import solve

__all__ = ["Measured", "every_table", "sweep"]


@dataclass(frozen=True)
class Measured:
    """One table solved and measured: its solve and measure times (seconds), the exploitability
    (pots a deal, with its standard error: a best response over information sets on fresh paired
    games), the best of the baselines (every threshold moved, always in, always out) and the
    deals a game."""

    game: str
    players: int
    declaration: str
    solve_seconds: float
    measure_seconds: float
    per_deal: float
    stderr: float
    baseline: str
    baseline_per_deal: float
    baseline_stderr: float
    deals_per_game: float
    games: int

    def row(self) -> str:
        """The Markdown row: game, players, declaring, seconds to solve, exploitability, the
        best baseline, deals a game, games."""
        return (f"| {self.game} | {self.players} | {self.declaration.replace('_', ' ')} | {self.solve_seconds:.0f} | "
                f"{self.per_deal:+.4f} ± {self.stderr:.4f} | {self.baseline} {self.baseline_per_deal:+.4f} ± "
                f"{self.baseline_stderr:.4f} | {self.deals_per_game:.2f} | {self.games:,} |")


def every_table() -> list[tuple[str, int, str]]:
    """Every preset at every player count it takes, declaring in turn and at once."""
    return [(game, n, mode) for game in PRESETS for mode in ("in_turn", "simultaneous")
            for n in range(2, PRESETS[game].max_players + 1)]


def _one(case: tuple[str, int, str, dict[str, Any]]) -> Measured:
    game, n, mode, settings = case
    games = settings.pop("games")
    passes = settings.pop("passes")
    use_shipped = settings.pop("use_shipped")
    started = time.perf_counter()
    strategy = shipped(game, n, mode) if use_shipped else None
    if strategy is None:
        strategy = solve(preset(game, declaration=mode), n, **settings)
        solved = time.perf_counter() - started
    else:
        solved, started = strategy.seconds, started - strategy.seconds
    measured = exploitability(strategy, games=games, passes=passes)
    name, best = max(measured.baselines.items(), key=lambda item: item[1].per_deal)
    return Measured(game, n, mode, solved, time.perf_counter() - started - solved, measured.per_deal,
                    measured.stderr, name, best.per_deal, best.stderr, measured.deals_per_game, games)


def sweep(tables: Sequence[tuple[str, int, str]], *, client: Any = None, games: int = 20_000,
          passes: int = 3, progress: Callable[[Measured], object] | None = None, use_shipped: bool = False,
          **settings: Any) -> list[Measured]:
    """Each table solved (``settings`` as for :func:`~wildeval.games.guts.solver.solve`) and
    measured with a best response of ``passes`` passes found on ``games`` games and measured on
    ``games`` fresh ones (:func:`~wildeval.games.guts.solver.exploitability`), in order; on ``client`` (a
    ``distributed.Client``) one task per table. ``progress``, if given, is called with each
    result as it is in. ``use_shipped``: measure the shipped strategy where the package has one
    for the table (:mod:`~wildeval.games.guts.solver.shipped`; ``settings`` must then be empty,
    the shipped ones' own), its solve time the one recorded when it was made."""
    if use_shipped and settings:
        raise ValueError("use_shipped measures the shipped strategies, solved with solve()'s defaults: "
                         f"no settings ({', '.join(sorted(settings))})")
    cases = [(game, n, mode, dict(settings, games=games, passes=passes, use_shipped=use_shipped))
             for game, n, mode in tables]
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
