"""``wildeval strength``, ``wildeval tables`` and ``wildeval buckets``: card abstraction for bot
builders (:mod:`wildeval.strength`, :mod:`wildeval.strength_tables`, :mod:`wildeval.buckets`)."""

from __future__ import annotations

import argparse
import json
import math
import time
from pathlib import Path
from typing import Any

from wildeval.cli.cluster import add_cluster, client_for, uses_cluster
from wildeval.cli.common import check_writable, int_in, output_bytes, whole_number
from wildeval.cli.progress import add_quiet, bar

__all__ = ["register"]

THREE_WAY_TRIALS = 40_000  # the default of 'tables preflop3 --trials' (docs/abstraction.md)


def _add_over(parser: Any) -> None:
    parser.add_argument("--over", choices=["river", "next"], default="river",
                        help="the histogram of the river HS of every completion (river, the default) or, from the "
                             "flop, of the next street's E[HS] (next: the turn cards by the mean river HS of their "
                             "rivers)")


def register(commands: Any) -> None:
    s = commands.add_parser(
        "strength", help="a hold'em hand's strength and potential on a board, exactly",
        description="HS now, E[HS] and E[HS^2] over every completion of the board to the river, PPot and NPot "
                    "(Billings et al. 1998; one card to come, and two from the flop) and the histogram of the "
                    "river HS, against one opponent holding any two cards (or a range, --versus), card removal "
                    "included, every completion counted.")
    s.add_argument("hole", metavar="HOLE", help='two hole cards, e.g. "Ah Kh"')
    s.add_argument("--board", required=True, help='3, 4 or 5 board cards, e.g. "Qh 7h 2c"')
    s.add_argument("--versus", default=None, metavar="RANGE",
                   help='the opponent\'s range, e.g. "QQ+, AKs, 76s:0.5" (default: any two cards)')
    s.add_argument("--bins", type=int_in(1, 4096), default=10, help="bins of the histogram (default 10)")
    _add_over(s)
    s.add_argument("--json", action="store_true", help="print JSON")
    s.set_defaults(run=run_strength)

    t = commands.add_parser(
        "tables", help="strength tables of every canonical hand of a round, as .npy files",
        description="river: 2 * ahead + tied (of 1,980) of every class of river hands (Indexer([2, 5]), "
                    "123,156,254); turn, flop: E[HS], E[HS^2] and the --bins histogram of the river HS of every "
                    "class (Indexer([2, 4]), [2, 3]); preflop: the exact 169 x 169 heads-up table; preflop3: the 3-way "
                    "table of every triple of classes, sampled (--trials deals a triple, --seed), with each "
                    "equity's standard error. Each as .npy "
                    "files with a JSON header STREET.json in --out, written when the work is done (an "
                    "interrupted run leaves the folder as it was).")
    t.add_argument("street", choices=["river", "turn", "flop", "preflop", "preflop3"], metavar="STREET",
                   help="river, turn, flop, preflop or preflop3")
    t.add_argument("--out", required=True, metavar="DIR", help="the folder to write the tables into")
    t.add_argument("--bins", type=int_in(1, 4096), default=50, help="bins of the histograms (default 50)")
    _add_over(t)
    t.add_argument("--threads", type=int_in(1, 1024), default=None,
                   help="threads (default: every core; per task on a cluster, default 1)")
    t.add_argument("--trials", type=int_in(2, 1 << 32), default=None,
                   help=f"preflop3: deals sampled per triple of classes (default {THREE_WAY_TRIALS:,})")
    t.add_argument("--seed", type=whole_number, default=None, help="preflop3: the seed (default 0)")
    t.add_argument("--json", action="store_true", help="print JSON: the files written, their sizes, the seconds")
    add_cluster(t)
    add_quiet(t)
    t.set_defaults(run=run_tables)

    b = commands.add_parser(
        "buckets", help="k-means buckets of every canonical hand of the flop, the turn or the river",
        description="flop, turn: k-means with a seeded k-means++ start over every class of the street's hands, on "
                    "the histograms of river HS by the earth mover's distance (L1 of cumulative sums) or on "
                    "(E[HS], E[HS^2]) pairs. river: the exact k-means of the classes' river HS (one number each, "
                    "so the optimum is found; no seed). Writes an .npz of 'labels' (the bucket of each class, by "
                    "index), 'centres' and a 'header' (JSON). The same buckets for a seed on any number of threads.")
    b.add_argument("street", choices=["flop", "turn", "river"], metavar="STREET", help="flop, turn or river")
    b.add_argument("--k", type=int_in(1, 1_000_000), required=True, help="how many buckets")
    b.add_argument("--out", required=True, metavar="FILE.npz", help="the file to write")
    b.add_argument("--features", choices=["histogram", "moments", "hs"], default=None,
                   help="flop, turn: histogram (earth mover's distance, the default) or moments (E[HS], E[HS^2]); "
                        "river: hs, its only one")
    b.add_argument("--bins", type=int_in(1, 4096), default=None,
                   help="flop, turn: bins of the histograms (default 50)")
    _add_over(b)
    b.add_argument("--seed", type=whole_number, default=None, help="flop, turn: seed of the k-means++ start "
                                                                   "(default 0)")
    b.add_argument("--iterations", type=int_in(1, 10_000), default=None,
                   help="flop, turn: most k-means steps (default 30)")
    b.add_argument("--tables", default=None, metavar="DIR",
                   help="read the street's table from this folder ('wildeval tables' with the same --bins) "
                        "instead of computing it")
    b.add_argument("--threads", type=int_in(1, 1024), default=None, help="threads (default: every core)")
    b.add_argument("--json", action="store_true", help="print JSON: the header written and each bucket's size")
    add_quiet(b)
    b.set_defaults(run=run_buckets)


def _picture(histogram: tuple[float, ...], width: int = 40) -> list[str]:
    top = max(histogram) or 1.0
    n = len(histogram)
    return [f"  {k / n:4.2f}-{(k + 1) / n:4.2f} {'#' * round(width * share / top):<{width}} {100 * share:5.1f}%"
            for k, share in enumerate(histogram)]


def run_strength(args: argparse.Namespace) -> int:
    from wildeval.strength import strength

    try:
        spot = strength(args.hole, args.board, versus=args.versus, bins=args.bins, over=args.over)
    except ValueError as error:
        words = str(error)
        flag = "--versus" if args.versus is not None and ("range" in words.lower() or "weight" in words) else (
            "--board" if "board" in words else "HOLE")
        raise ValueError(f"{flag}: {words}") from None
    figures = {name: getattr(spot, name) for name in ("hs", "ehs", "ehs2", "ppot1", "npot1", "ppot2", "npot2")}
    if args.json:
        print(json.dumps({"hole": args.hole, "board": args.board, "versus": args.versus,
                          "ahead": spot.ahead, "tied": spot.tied, "behind": spot.behind,
                          **{k: (None if math.isnan(v) else v) for k, v in figures.items()},
                          "histogram": list(spot.histogram)}))
        return 0
    opponent = f"against {args.versus}" if args.versus else "against any two cards"
    print(f"{args.hole} on {args.board}, {opponent}:")
    print(f"  HS      {spot.hs:.4f}   (ahead {spot.ahead:g}, tied {spot.tied:g}, behind {spot.behind:g})")
    print(f"  E[HS]   {spot.ehs:.4f}   E[HS^2] {spot.ehs2:.4f}   (over every completion to the river)")
    for label, p, n in (("one card to come ", spot.ppot1, spot.npot1), ("two cards to come", spot.ppot2, spot.npot2)):
        if not math.isnan(p):
            print(f"  {label}: PPot {p:.4f}   NPot {n:.4f}")
    print("  E[HS] of the turn cards (the mean river HS of each turn's rivers):" if args.over == "next" and
          len(args.board.split()) == 3 else "  river HS of the completions:")
    print("\n".join(_picture(spot.histogram)))
    return 0


def run_tables(args: argparse.Namespace) -> int:
    from wildeval.isomorphism import Indexer
    from wildeval.strength_tables import STREETS, write_tables

    folder = Path(args.out)
    if not folder.is_dir():
        raise ValueError(f"--out {args.out}: there is no folder of that name")
    for flag, value in (("--trials", args.trials), ("--seed", args.seed)):
        if value is not None and args.street != "preflop3":
            raise ValueError(f"{flag}: only the sampled table preflop3 takes it, not {args.street}")
    start = time.perf_counter()
    if args.street == "preflop":
        paths = write_tables("preflop", folder)
    elif args.street == "preflop3":
        from math import comb

        from wildeval.three_way import write_three_way

        with client_for(args) as client, bar(comb(171, 3), "tables: preflop3", quiet=args.quiet,
                                             unit=" triples") as progress:
            paths = write_three_way(folder, trials=args.trials or THREE_WAY_TRIALS, seed=args.seed or 0,
                                    threads=args.threads if client is None else None, client=client,
                                    progress=progress.advance)
    else:
        boards = Indexer([STREETS[args.street][0]]).size(0)
        with client_for(args) as client, bar(boards, f"tables: {args.street}", quiet=args.quiet,
                                             unit=" boards") as progress:
            threads = args.threads if client is None or args.threads is not None else 1
            paths = write_tables(args.street, folder, args.bins, over=args.over, threads=threads, client=client,
                                 progress=progress.advance)
    where = "on the cluster" if uses_cluster(args) else "here"
    if args.json:
        print(json.dumps({"street": args.street, "folder": str(folder), "seconds": time.perf_counter() - start,
                          "files": [{"name": p.name, "bytes": p.stat().st_size} for p in paths]}))
        return 0
    print(f"{args.street}: {len(paths)} files in {folder} ({time.perf_counter() - start:.1f} s {where})")
    for path in paths:
        print(f"  {path.name:<24} {path.stat().st_size:>15,} bytes")
    return 0


def run_buckets(args: argparse.Namespace) -> int:
    import numpy as np

    import wildeval
    from wildeval.buckets import buckets

    if not args.out.endswith(".npz"):
        raise ValueError(f"--out {args.out}: the name must end in .npz")
    check_writable(args.out)
    if args.tables is not None and not Path(args.tables, f"{args.street}.json").exists():
        raise ValueError(f"--tables {args.tables}: no {args.street}.json there (write it with 'wildeval tables "
                         f"{args.street} --out {args.tables}')")
    river = args.street == "river"
    if river:
        for flag, value in (("--bins", args.bins), ("--seed", args.seed), ("--iterations", args.iterations)):
            if value is not None:
                raise ValueError(f"{flag}: the river's buckets are the exact k-means of one number a class; "
                                 f"{flag} is for the flop and the turn")
        if args.over != "river":
            raise ValueError("--over: the river has no later street; --over is for the flop and the turn")
    if args.features is not None and (args.features == "hs") != river:
        raise ValueError(f"--features {args.features}: the {args.street} takes "
                         + ("hs" if river else "histogram or moments"))
    bins, seed, iterations = args.bins or 50, args.seed or 0, args.iterations or 30
    start = time.perf_counter()
    table = None
    if args.tables is None:
        from wildeval.isomorphism import Indexer
        from wildeval.strength_tables import STREETS, river_table, street_table

        boards = Indexer([STREETS[args.street][0]]).size(0)
        with bar(boards, f"buckets: the {args.street} table", quiet=args.quiet, unit=" boards") as progress:
            table = (river_table(threads=args.threads, progress=progress.advance) if river else
                     street_table(args.street, bins, over=args.over, threads=args.threads, progress=progress.advance))
    with bar(1 if river else args.k - 1 + iterations, f"buckets: {args.street}", quiet=args.quiet,
             unit=" steps") as progress:
        found = buckets(args.street, args.k, features=args.features, bins=bins, over=args.over, seed=seed,
                        iterations=iterations, threads=args.threads, tables=args.tables, table=table,
                        progress=progress.advance)
        if river:
            progress.advance(1)
    header = {"street": args.street, "rounds": {"flop": [2, 3], "turn": [2, 4], "river": [2, 5]}[args.street],
              "k": args.k, "features": found.features}
    header.update({"exact": True} if river else {"bins": bins, "over": args.over, "seed": seed, "steps": found.steps})
    header["wildeval"] = wildeval.__version__
    labels = found.labels.astype(np.uint16 if args.k <= 65_536 else np.int32)
    with output_bytes(args.out) as stream:
        np.savez(stream, labels=labels, centres=found.centres, header=np.array(json.dumps(header)))
    sizes = np.bincount(found.labels, minlength=args.k)
    if args.json:
        print(json.dumps({**header, "file": args.out, "seconds": time.perf_counter() - start,
                          "sizes": sizes.tolist()}))
        return 0
    how = "exact" if river else f"{found.steps} steps"
    print(f"{args.street}: {args.k} buckets of {len(labels):,} classes ({found.features}, {how}, "
          f"{time.perf_counter() - start:.1f} s); buckets of {int(sizes.min()):,} to {int(sizes.max()):,} classes; "
          f"written to {args.out}")
    return 0
