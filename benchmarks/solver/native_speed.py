#!/usr/bin/env python3
"""The native guts player against the numpy one, on the same games, one thread.

    python benchmarks/solver/native_speed.py

Three-five-seven at 3 players declaring in turn, the cells of a quick solve: 20,000 whole games
played by solver/games.py (numpy, which deals and values each round's cards itself: that
dealing is timed apart and taken off) and by the native player over the same valued deals; then
every decision of seat 0 up to the 12th of 5,000 games flipped, by the numpy player's forks (two
replays a decision, dealing included) and natively. Best of three; both players give the same
chips (checked).
"""

from __future__ import annotations

import platform
import time

import numpy as np

from wildeval import _core
from wildeval.cli.bench import cpu_name
from wildeval.games.guts.rules import preset
from wildeval.games.guts.solver import solve
from wildeval.games.guts.solver.deals import Deals
from wildeval.games.guts.solver.games import play_games
from wildeval.games.guts.solver.native import flips, play
from wildeval.games.guts.solver.response import Responder, Response
from wildeval.seeds import child_seed


def best(run, repeats: int = 3) -> float:  # type: ignore[no-untyped-def]
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        run()
        times.append(time.perf_counter() - started)
    return min(times)


def main() -> None:
    rules, n, rounds = preset("three-five-seven"), 3, 40
    strategy = solve(rules, n, sweeps=6, deals=20_000, rows=128, iterations=0)
    policy, bars = strategy.policy(), strategy.bars()
    print(f"machine: {cpu_name()}, {_core.hardware_threads()} threads, Python {platform.python_version()}")
    games = 20_000
    values = np.concatenate([Deals.dealt(rules, n, games, seed=child_seed(5, r)).values for r in range(rounds)])
    numpy_games = play_games(rules, n, bars[None], [0] * n, games, seed=5, max_rounds=rounds)
    native_games = play(rules, n, values, policy, policy, games=games, seed=0, sequential=True, max_rounds=rounds,
                        threads=1)
    assert np.array_equal(numpy_games.chips, native_games.chips)
    played = best(lambda: play_games(rules, n, bars[None], [0] * n, games, seed=5, max_rounds=rounds))
    dealing = best(lambda: [Deals.dealt(rules, n, games, seed=child_seed(5, r))
                            for r in range(int(numpy_games.rounds.max()))])
    native = best(lambda: play(rules, n, values, policy, policy, games=games, seed=0, sequential=True,
                               max_rounds=rounds, threads=1))
    rows = int(numpy_games.rounds.sum()) * n * len(rules.stages)
    print(f"play {games:,} games ({rows:,} seat-stage decisions): numpy {played:.3f} s, of which dealing "
          f"{dealing:.3f} s; native {native:.4f} s; {(played - dealing) / rows * 1e6:.3f} against "
          f"{native / rows * 1e6:.4f} us a decision: {(played - dealing) / native:.1f}x without numpy's dealing")
    games, depth = 5_000, 12
    values = np.concatenate([Deals.dealt(rules, n, games, seed=child_seed(5, r)).values for r in range(rounds)])
    both = np.stack([bars, bars])

    def forks() -> None:
        for d in range(depth):
            for stay in (True, False):
                play_games(rules, n, both, [0] * n, games, seed=5, max_rounds=rounds,
                           deviator=Responder(rules, n, games, Response(), fork=(d, stay)))

    numpy_flips = best(forks, repeats=1)
    native_flips = best(lambda: flips(rules, n, values, policy, policy, games=games, seed=0, sequential=True,
                                      max_rounds=rounds, max_depth=depth, threads=1))
    print(f"flip every decision up to the {depth}th of {games:,} games: numpy {numpy_flips:.2f} s (dealing "
          f"included), native {native_flips:.3f} s: {numpy_flips / native_flips:.0f}x")


if __name__ == "__main__":
    main()
