"""``wildeval eval`` and ``wildeval census``."""

from __future__ import annotations

import argparse
import json
from typing import Any

from wildeval.cards import format_cards
from wildeval.evaluator import Evaluator, census


def _settings(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--ranking", default="high", help="the ranking (default: high)")
    parser.add_argument("--wild", default=None, help='wild ranks, e.g. "3" or "357" (default: none)')
    parser.add_argument(
        "--no-flush-duplicates", dest="flush_duplicates", action="store_false",
        help="a wild in a flush stands for the highest card of its suit not held",
    )


def register(commands: Any) -> None:
    p = commands.add_parser("eval", help="evaluate hands given as text", description="Evaluate hands.")
    p.add_argument("hands", nargs="+", help='one hand per argument, e.g. "3h Kc Kd" or "AsKs"')
    _settings(p)
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(run=run_eval)

    p = commands.add_parser("census", help="count every hand of a size by category",
                            description="Count all C(52, n) hands by category, exactly.")
    p.add_argument("n_cards", type=int, help="cards per hand (1-7)")
    _settings(p)
    p.add_argument("--threads", type=int, default=None, help="threads (default: every core)")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(run=run_census)


def run_eval(args: argparse.Namespace) -> int:
    ev = Evaluator(args.ranking, args.wild, flush_duplicates=args.flush_duplicates)
    rows = []
    for text in args.hands:
        value = ev(text)
        best = ev.best_five(text)
        rows.append({
            "hand": text, "value": value, "category": ev.category(value).name,
            "description": ev.describe(value),
            "best_five": format_cards(c for c, _ in best),
            "plays_as": format_cards(p for _, p in best),
        })
    if args.json:
        print(json.dumps(rows, indent=2, ensure_ascii=False))
    else:
        for row in rows:
            shown = row["best_five"]
            if row["plays_as"] != shown:
                shown += f" (as {row['plays_as']})"
            print(f"{row['hand']}: {row['description']}  [{shown}]  value {row['value']}")
    return 0


def run_census(args: argparse.Namespace) -> int:
    counts = census(args.n_cards, args.ranking, args.wild,
                    flush_duplicates=args.flush_duplicates, threads=args.threads)
    if args.json:
        print(json.dumps({c.name: n for c, n in counts.items()}, indent=2))
        return 0
    width = max(len(c.name) for c in counts)
    for category, n in sorted(counts.items(), reverse=True):
        print(f"{category.name.lower().replace('_', ' '):<{width}}  {n:>13,}")
    print(f"{'total':<{width}}  {sum(counts.values()):>13,}")
    return 0
