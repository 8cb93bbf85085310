"""``wildeval eval`` and ``wildeval census``."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from wildeval.cards import format_cards, parse_cards, stream_shows_suits
from wildeval.cli.cluster import add_cluster, client_for
from wildeval.cli.common import add_ascii, add_settings, hand_sizes_help, int_in, shows_suits
from wildeval.cli.progress import add_quiet, bar, busy
from wildeval.evaluator import Evaluator, census
from wildeval.rankings import spec
from wildeval.values import categories_best_first
from wildeval.wild import wild_text


def register(commands: Any) -> None:
    p = commands.add_parser(
        "eval", help="evaluate hands given as text",
        description="Evaluate hands: each one's description, the five cards that make it (and what "
                    "wild cards play as) and its value (higher is better).",
    )
    p.add_argument("hands", nargs="+", help='one hand per argument, e.g. "3h Kc Kd" or "AsKs"')
    p.add_argument("--board", default=None,
                   help='shared cards every hand plays with, e.g. "Qs Js Ts 9h 2h" (needed for omaha: '
                        "two of each hand's cards and three of the board)")
    add_settings(p)
    add_ascii(p)
    p.add_argument("--json", action="store_true",
                   help="print a JSON list: hand, value, category, description, best_five, plays_as")
    p.set_defaults(run=run_eval)

    p = commands.add_parser(
        "census", help="count every hand of a size by category",
        description="Count all C(52, N_CARDS) hands by category, exactly, on every core.",
    )
    p.add_argument("n_cards", type=int, metavar="N_CARDS",
                   help=f"cards per hand: {hand_sizes_help(census=True)}")
    add_settings(p)
    p.add_argument("--threads", type=int_in(1), default=None,
                   help="threads (default: every core; per task on a cluster, default 1)")
    p.add_argument("--json", action="store_true",
                   help="print JSON: the settings, the total and the count of each category, best first")
    add_quiet(p)
    add_cluster(p)
    p.set_defaults(run=run_census)


def run_eval(args: argparse.Namespace) -> int:
    ev = Evaluator(args.ranking, args.wild, flush_duplicates=args.flush_duplicates)
    rows = []
    if args.board is not None:
        try:
            parse_cards(args.board)
        except ValueError as error:
            raise ValueError(f"--board {args.board!r}: {error}") from None
    for i, text in enumerate(args.hands, 1):
        try:
            value = ev(text) if args.board is None else ev(text, args.board)
        except TypeError as error:
            if args.board is None and spec(args.ranking).board_cards is not None:
                raise ValueError(
                    f"hand {i} ({text!r}): an {args.ranking!r} hand plays with a board: give --board") from None
            raise ValueError(f"hand {i} ({text!r}): {error}") from None
        except ValueError as error:
            raise ValueError(f"hand {i} ({text!r}): {error}") from None
        best = ev.best_five(text) if args.board is None else ev.best_five_of_parts(text, args.board)
        row: dict[str, Any] = {"hand": text}
        if args.board is not None:
            row["board"] = args.board
        rows.append({
            **row, "value": value, "category": ev.category(value).name,
            "description": ev.describe(value),
            "best_five": format_cards(c for c, _ in best),
            "plays_as": format_cards(p for _, p in best),
        })
    unicode = shows_suits(args)
    if args.json:  # the hands as given; escaped where standard output cannot write them
        print(json.dumps(rows, indent=2, ensure_ascii=not stream_shows_suits(sys.stdout)))
    else:
        for row, text in zip(rows, args.hands):
            shown = format_cards(parse_cards(row["best_five"]), unicode=unicode)
            if row["plays_as"] != row["best_five"]:
                shown += f" (as {format_cards(parse_cards(row['plays_as']), unicode=unicode)})"
            hand = format_cards(parse_cards(text), unicode=unicode)
            if args.board is not None:
                hand += f" / {format_cards(parse_cards(args.board), unicode=unicode)}"
            print(f"{hand}: {row['description']}  [{shown}]  value {row['value']}")
    return 0


def run_census(args: argparse.Namespace) -> int:
    with client_for(args) as client:
        if client is None:
            with busy(f"census of {args.n_cards} cards", quiet=args.quiet):
                counts = census(args.n_cards, args.ranking, args.wild,
                                flush_duplicates=args.flush_duplicates, threads=args.threads)
        else:  # one task per lowest card
            with bar(max(0, 53 - args.n_cards), f"census of {args.n_cards} cards", quiet=args.quiet,
                     unit=" tasks") as progress:
                counts = census(args.n_cards, args.ranking, args.wild, flush_duplicates=args.flush_duplicates,
                                threads=args.threads, client=client, progress=progress.advance)
    # a census counts every hand, so a category with no hand is one these settings cannot make
    shown = [(c, counts[c]) for c in categories_best_first(args.ranking) if counts[c]]
    total = sum(counts.values())
    if args.json:
        ev = Evaluator(args.ranking, args.wild, flush_duplicates=args.flush_duplicates)
        print(json.dumps({
            "n_cards": args.n_cards, "ranking": args.ranking, "wild": wild_text(ev.wild),
            "flush_duplicates": args.flush_duplicates, "total": total,
            "categories": {c.name: n for c, n in shown},
        }, indent=2))
        return 0
    width = max(len(c.name) for c, _ in shown)
    for category, n in shown:
        print(f"{category.name.lower().replace('_', ' '):<{width}}  {n:>13,}")
    print(f"{'total':<{width}}  {total:>13,}")
    return 0
