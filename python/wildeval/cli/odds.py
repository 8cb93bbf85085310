"""``wildeval odds``: how often each hand wins or ties at showdown."""

from __future__ import annotations

import argparse
import json
from typing import Any

from wildeval.cards import format_cards
from wildeval.cli.common import add_ascii, add_settings, int_in, shows_suits
from wildeval.odds import MAX_EXHAUSTIVE, MAX_TRIALS, equity


def register(commands: Any) -> None:
    p = commands.add_parser(
        "odds", help="showdown odds of hands against each other",
        description="Each hand's share of wins and ties over every completion of the board "
                    f"(at most {MAX_EXHAUSTIVE:,}), or over a seeded random sample of them with "
                    "--trials. A complete board is one deal.",
    )
    p.add_argument("hands", nargs="+", metavar="HAND",
                   help='each player\'s own cards, at least two hands, e.g. "As Ad" "Kc Kd"')
    p.add_argument("--board", default="", help='the shared cards so far, e.g. "2h 7s 9c"')
    p.add_argument("--board-size", type=int_in(0, 52), default=5,
                   help="shared cards at showdown (default 5; 0 for hands that are complete)")
    add_settings(p, wild_help='wild ranks, e.g. "2"')
    p.add_argument("--trials", type=int_in(1, MAX_TRIALS), default=None,
                   help=f"sample this many boards instead of counting all (at most {MAX_TRIALS:,})")
    p.add_argument("--seed", type=int, default=None, help="seed for --trials (needs --trials)")
    add_ascii(p)
    p.add_argument("--json", action="store_true",
                   help="print a JSON list: each hand with win, tie, equity and boards")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.seed is not None and args.trials is None:
        raise ValueError("--seed needs --trials: without it every board is counted, nothing is random")
    for i, hand in enumerate(args.hands, 1):
        if not hand.strip(" ,\t"):
            raise ValueError(f"hand {i} is empty")
    results = equity(args.hands, args.board, board_size=args.board_size, ranking=args.ranking,
                     wild=args.wild, flush_duplicates=args.flush_duplicates, trials=args.trials,
                     seed=args.seed)
    if args.json:
        print(json.dumps([{"hand": format_cards(r.hand), "win": r.win, "tie": r.tie, "equity": r.equity,
                           "boards": r.boards} for r in results], indent=2))
        return 0
    boards = results[0].boards
    if args.trials:
        print(f"sampled {boards:,} boards" + (f" (seed {args.seed})" if args.seed is not None else ""))
    elif boards == 1:  # counting every completion gives one only when nothing is left to deal
        print("the board is complete: one deal")
    else:
        print(f"all {boards:,} boards")
    unicode = shows_suits(args)
    for r in results:
        print(f"{format_cards(r.hand, unicode=unicode):<12} win {r.win:7.2%}  tie {r.tie:7.2%}  "
              f"equity {r.equity:7.2%}")
    return 0
