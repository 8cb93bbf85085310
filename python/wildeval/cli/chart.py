"""``wildeval chart``: the chance to be best by hand class at a guts stage, or the hold'em
starting-hand grid against a range (``--versus``), as a picture and CSV."""

from __future__ import annotations

import argparse
import json
import os
import re
from collections.abc import Callable
from typing import Any, cast

from wildeval.chart import (
    DEFAULT_DEALS,
    MAX_DEALS,
    field_chart,
    max_opponents,
    parse_opponents,
    plot,
    text_table,
    write_csv,
)
from wildeval.cli.cluster import add_cluster, client_for
from wildeval.cli.common import check_writable, int_in, output_bytes, output_file, whole_number
from wildeval.cli.progress import add_quiet, bar
from wildeval.games.guts.rules import PRESETS as GUTS_PRESETS
from wildeval.grid import (
    DEFAULT_TRIALS as GRID_TRIALS,
    plot as plot_grid,
    text_table as grid_table,
    versus_grid,
    write_csv as write_grid_csv,
)
from wildeval.ranges import Range

IMAGE_FORMATS = ("png", "svg", "pdf")


def register(commands: Any) -> None:
    p = commands.add_parser(
        "chart", help="chance to be best by hand class at a guts stage; or every hold'em hand against a range",
        description="For every hand class of a guts stage (category and top rank, wild cards resolved: "
                    "'Three kings', 'Pair of kings', 'Ace high'; at five and seven cards also 'Two pair, "
                    "aces up', 'Flush, ace high' ...) the chance that a hand of that class is the best of "
                    "the table against each count of opponents, from seeded random deals. --out draws it "
                    "(one line per opponent count, the classes from the weakest to the strongest along "
                    "the x axis; needs pip install matplotlib (the plot extra)), --csv writes the numbers; with "
                    "neither, a table is printed. About a second at 1,000,000 deals. With --versus RANGE "
                    "instead: the 13x13 grid of every hold'em starting hand's equity against the range.")
    p.add_argument("--game", default=None, choices=sorted(GUTS_PRESETS), metavar="GAME",
                   help="the guts game: %(choices)s")
    p.add_argument("--stage", default=None, type=int_in(1, 3), help="the stage (1 = the first)")
    versus = p.add_argument_group("the hold'em starting-hand grid (instead of --game and --stage)")
    versus.add_argument("--versus", default=None, metavar="RANGE",
                        help='draw the 13x13 grid of every starting hand\'s equity against RANGE, e.g. "QQ+,AKs" '
                             "(pairs on the diagonal, suited above it, offsuit below)")
    versus.add_argument("--board", default="", help="the board for --versus (default: preflop)")
    p.add_argument("--solver", type=int_in(2, 7), default=None, metavar="PLAYERS",
                   help="mark the solver's thresholds at this stage for PLAYERS players (no legs yet, the first "
                        "round): where the first to declare stays in from, and each later place after one "
                        "player in (wildeval solve tells more)")
    p.add_argument("--opponents", default=None, metavar="K or LOW-HIGH",
                   help="opponent counts, one line each: 1-6 or 3 (default: 1 to the game's most, 6)")
    p.add_argument("--out", default=None, metavar="FILE.png",
                   help="draw the chart into this image (.png, .svg or .pdf)")
    p.add_argument("--csv", default=None, metavar="FILE", help="write the numbers as CSV ('-': standard output)")
    p.add_argument("--size", default=None, metavar="WxH",
                   help="image size in pixels (default 1600x900; 1200x1200 for --versus)")
    p.add_argument("--deals", type=int_in(1, MAX_DEALS), default=None,
                   help=f"random deals (default {DEFAULT_DEALS:,}; with --versus, per starting hand, default "
                        f"{GRID_TRIALS:,})")
    p.add_argument("--seed", type=whole_number, default=0,
                   help="seed of the deals (default 0: the same chart every run)")
    p.add_argument("--json", action="store_true", help="print the numbers as JSON")
    add_quiet(p)
    add_cluster(p)
    p.set_defaults(run=run)


def _size(text: str) -> tuple[int, int]:
    match = re.fullmatch(r"\s*(\d+)\s*[xX×]\s*(\d+)\s*", text)
    if not match:
        raise ValueError(f"--size {text!r}: write width x height in pixels, e.g. 1600x900")
    width, height = int(match[1]), int(match[2])
    if not (200 <= width <= 10000 and 200 <= height <= 10000):
        raise ValueError(f"--size {text}: width and height must each be 200 to 10000 pixels")
    return width, height


def _image_format(path: str, option: str = "--out") -> str:
    """The image format a file name asks for; ValueError naming ``option`` otherwise."""
    extension = os.path.splitext(path)[1].lower().lstrip(".")
    if extension not in IMAGE_FORMATS:
        raise ValueError(f"{option} {path}: the name must end in .png, .svg or .pdf")
    return extension


def _check_outputs(args: argparse.Namespace) -> str | None:
    """The image format of --out (checked before the work, as the paths are), or None."""
    image_format = _image_format(args.out) if args.out is not None else None
    if args.out is not None:
        try:
            import matplotlib  # type: ignore[import-not-found,unused-ignore]  # noqa: F401 (checked first)
        except ImportError:
            raise ValueError("--out needs matplotlib: pip install matplotlib (the plot extra)") from None
    if "-" in (args.out, args.csv) and args.json:
        raise ValueError("--json prints to standard output: write --out and --csv to files")
    for path in (args.out, args.csv):  # before the work, not after it
        if path not in (None, "-"):
            check_writable(path)
    return image_format


def run_grid(args: argparse.Namespace) -> int:
    if args.game is not None or args.stage is not None or args.opponents is not None:
        raise ValueError("--versus draws the hold'em grid: it takes neither --game, --stage nor --opponents")
    size = _size(args.size or "1200x1200")
    versus = Range(args.versus)
    image_format = _check_outputs(args)
    trials = args.deals or GRID_TRIALS
    with client_for(args) as client, bar(169 * trials, f"chart: versus {versus}", quiet=args.quiet,
                                         unit=" deals", unit_scale=True) as progress:
        grid = versus_grid(versus, args.board, trials=trials, seed=args.seed, progress=progress.advance,
                           client=client)
    _write(args, lambda stream: write_grid_csv(grid, stream),
           lambda image: plot_grid(grid, image, size=size, format=cast(str, image_format)),
           lambda: [{"class": c.name, "hands": c.hands, "equity": c.equity, "win": c.win, "tie": c.tie,
                     "stderr": c.stderr} for c in grid.cells],
           lambda: grid_table(grid), f"169 starting hands against {versus}, "
           + ("every deal counted" if grid.exact else f"{trials:,} deal{'s' if trials != 1 else ''} each"))
    return 0


def _write(args: argparse.Namespace, csv: Callable[[Any], None], image: Callable[[Any], None],
           as_json: Callable[[], Any], table: Callable[[], str], summary: str) -> None:
    """--csv, --out, then --json, a table (neither file asked for) or a line naming the files."""
    if args.csv is not None:
        with output_file(args.csv) as stream:
            csv(stream)
    if args.out is not None:
        with output_bytes(args.out) as stream:
            image(stream)
    if args.json:
        print(json.dumps(as_json(), indent=2))
    elif args.out is None and args.csv is None:
        print(table())
    else:
        written = [f for f in (args.out, args.csv) if f not in (None, "-")]
        if written:
            print(f"{summary}: wrote {', '.join(written)}")


def _solver_marks(args: argparse.Namespace) -> tuple[list[tuple[int, str]], list[Any]]:
    """--solver's thresholds at the chart's stage: (hand value, label) for the first to declare and
    each later place after one player in (declaring at once: the one threshold); and the
    information sets of that stage (no legs yet, round 1) whose own threshold gives another hand
    (:func:`~wildeval.games.guts.solver.explain.refined_at`), in words."""
    if args.solver is None:
        return [], []
    from wildeval.cli.solve import place_words
    from wildeval.games.guts.rules import preset
    from wildeval.games.guts.solver.explain import refined_at
    from wildeval.games.guts.solver.shipped import strategy_for

    rules = preset(args.game)
    if args.solver > rules.max_players:
        raise ValueError(f"--solver: {args.game} takes 2 to {rules.max_players} players, not {args.solver}")
    strategy = strategy_for(rules, args.solver)
    marks = []
    for t in strategy.thresholds_at([0] * args.solver):
        if t.stage != args.stage or t.value is None or (t.seat not in (None, 1) and t.ins_before != 1):
            continue
        marks.append((t.value, f"{place_words(t.seat, t.ins_before)}: {t.hand}"))
    return marks, [r for r in refined_at(strategy, [0] * args.solver) if r.stage == args.stage]


def _refined_words(refined: list[Any]) -> str:
    """The information sets that decide otherwise, a line each (the first MOST_REFINED_SHOWN)."""
    from wildeval.cli.solve import MOST_REFINED_SHOWN, stays_in_words

    if not refined:
        return ""
    lines = ["\nsolver, where what you see decides otherwise:"]
    for r in refined[:MOST_REFINED_SHOWN]:
        seen = r.context + (f"; {r.history}" if r.history else "")
        lines.append(f"  {seen}: {r.hand}, {stays_in_words(r.value is None, r.strength, r.stays_in)}")
    if len(refined) > MOST_REFINED_SHOWN:
        lines.append(f"  and {len(refined) - MOST_REFINED_SHOWN:,} more (--json lists them all)")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    if args.solver is not None and args.versus is not None:
        raise ValueError("--solver marks a guts stage's chart (--game, --stage), not the --versus grid")
    if args.versus is not None:
        return run_grid(args)
    if args.game is None or args.stage is None:
        raise ValueError("give --game and --stage (a guts stage), or --versus RANGE (the hold'em grid)")
    if args.board:
        raise ValueError("--board is for --versus")
    marks, refined = _solver_marks(args)
    args.deals = args.deals or DEFAULT_DEALS
    most = max_opponents(args.game)
    counts = parse_opponents(args.opponents or f"1-{most}", most)
    if args.game and args.stage > len(GUTS_PRESETS[args.game].stages):
        raise ValueError(f"--stage {args.stage}: {args.game} has {len(GUTS_PRESETS[args.game].stages)} stages")
    size = _size(args.size or "1600x900")
    image_format = _check_outputs(args)
    with client_for(args) as client, bar(args.deals, f"chart: {args.game} stage {args.stage}", quiet=args.quiet,
                                         unit=" deals", unit_scale=True) as progress:
        chart = field_chart(args.game, args.stage, counts, deals=args.deals, seed=args.seed,
                            progress=progress.advance, client=client)
    _write(args, lambda stream: write_csv(chart, stream),
           lambda image: plot(chart, image, size=size, format=cast(str, image_format), marks=marks),
           lambda: dict(chart.to_dict(), **({"solver": [{"value": v, "place": label} for v, label in marks],
                                             "solver_refined": [r.to_json() for r in refined]} if marks else {})),
           lambda: text_table(chart) + "".join(f"\nsolver: {label}" for _, label in marks)
           + _refined_words(refined),
           f"{len(chart.classes)} hand classes, {len(counts)} opponent count{'s' if len(counts) > 1 else ''}, "
           f"{chart.deals:,} deal{'s' if chart.deals != 1 else ''}")
    return 0
