"""``wildeval odds``: how often each hand wins or ties at showdown."""

from __future__ import annotations

import argparse
import json
from typing import Any

from wildeval.cards import format_cards
from wildeval.odds import equity


def register(commands: Any) -> None:
    p = commands.add_parser(
        "odds", help="showdown odds of hands against each other",
        description="Each hand's share of wins and ties over every completion of the board "
                    "(or a seeded sample with --trials).",
    )
    p.add_argument("hands", nargs="+", help='each player\'s own cards, e.g. "As Ad" "Kc Kd"')
    p.add_argument("--board", default="", help='the shared cards so far, e.g. "2h 7s 9c"')
    p.add_argument("--board-size", type=int, default=5, help="shared cards at showdown (default 5)")
    p.add_argument("--ranking", default="high", help="the ranking (default: high)")
    p.add_argument("--wild", default=None, help='wild ranks, e.g. "2" (default: none)')
    p.add_argument("--no-flush-duplicates", dest="flush_duplicates", action="store_false",
                   help="a wild in a flush stands for the highest card of its suit not held")
    p.add_argument("--trials", type=int, default=None, help="sample this many boards instead of all")
    p.add_argument("--seed", type=int, default=None, help="seed for --trials")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    results = equity(args.hands, args.board, board_size=args.board_size, ranking=args.ranking,
                     wild=args.wild, flush_duplicates=args.flush_duplicates, trials=args.trials,
                     seed=args.seed)
    if args.json:
        print(json.dumps([{"hand": format_cards(r.hand), "win": r.win, "tie": r.tie, "equity": r.equity,
                           "boards": r.boards} for r in results], indent=2))
        return 0
    how = "sampled" if args.trials else "all"
    print(f"{how} {results[0].boards:,} boards")
    for r in results:
        print(f"{format_cards(r.hand, unicode=True):<12} win {r.win:7.2%}  tie {r.tie:7.2%}  equity {r.equity:7.2%}")
    return 0
