#!/usr/bin/env python3
"""Solve every guts preset at every player count, both ways of declaring, and measure each.

    python benchmarks/solver/sweep.py [--games N] [--workers N] [--only GAME] [--shipped] [--json FILE]

Prints the machine, then one Markdown row per table: the seconds to solve (default settings),
the exploitability (pots a deal and its standard error, by a best response over information
sets), the best of the simple deviations beside it and the deals a game; the table
docs/solver.md shows. ``--workers N`` solves N tables at a time on a local Dask cluster
(``pip install 'wildeval[dask]'``); the times are then each task's own.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import platform
import sys

from wildeval.games.guts.solver.shipped import shipped_tables
from wildeval.games.guts.solver.sweep import Measured, every_table, sweep


def machine() -> str:
    model, flags = platform.processor() or "unknown CPU", ""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name") and model == (platform.processor() or "unknown CPU"):
                    model = line.split(":", 1)[1].strip()
                if line.startswith("flags"):
                    have = set(line.split(":", 1)[1].split())
                    flags = " ".join(x for x in ("avx2", "bmi2", "avx512f", "avx512vbmi", "avx512_vnni") if x in have)
                    break
    except OSError:
        pass
    return f"{model}, {os.cpu_count()} cores ({flags or 'flags unknown'}), Python {platform.python_version()}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100_000,
                        help="games to find the best response on, and fresh games to measure it on (default 100,000)")
    parser.add_argument("--workers", type=int, default=0, help="solve on a local Dask cluster of N workers")
    parser.add_argument("--only", default=None, help="one preset")
    parser.add_argument("--players", default=None, help="only these player counts: 2,3,4")
    parser.add_argument("--declare", choices=("in_turn", "simultaneous"), default=None,
                        help="only this way of declaring")
    parser.add_argument("--skip", type=int, default=0, help="leave out the first N tables (a sweep resumed)")
    parser.add_argument("--passes", type=int, default=3, help="passes of the best response (default 3)")
    parser.add_argument("--shipped", action="store_true",
                        help="measure the strategies shipped with the package (only the tables it ships; their "
                             "solve time the one recorded when they were made)")
    parser.add_argument("--json", default=None, help="also write the results as JSON")
    args = parser.parse_args()
    counts = None if args.players is None else {int(x) for x in args.players.split(",")}
    tables = [t for t in every_table() if args.only in (None, t[0]) and (counts is None or t[1] in counts)
              and args.declare in (None, t[2])
              and (not args.shipped or t in shipped_tables())][args.skip:]
    print(f"machine: {machine()}")
    print("| game | players | declaring | solve (s) | exploitability (pots a deal) | best simple deviation | "
          "deals a game | games |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")

    def show(m: Measured) -> None:
        print(m.row(), flush=True)

    if args.workers:
        from distributed import Client, LocalCluster

        with LocalCluster(n_workers=args.workers, threads_per_worker=1) as cluster, Client(cluster) as client:
            results = sweep(tables, client=client, games=args.games, passes=args.passes,
                            progress=show, use_shipped=args.shipped)
    else:
        results = sweep(tables, games=args.games, passes=args.passes, progress=show, use_shipped=args.shipped)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"machine": machine(), "tables": [dataclasses.asdict(r) for r in results]}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
