"""``wildeval simulate`` and ``wildeval play``: the games, driven from the command line."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from wildeval.games import GAMES, game_module


def register(commands: Any) -> None:
    p = commands.add_parser("simulate", help="bots play complete games; one record per game or hand",
                            description="Bots play games; the same seed gives the same output.")
    p.add_argument("game", choices=sorted(GAMES))
    p.add_argument("--players", type=int, default=4, help="number of players (default 4)")
    count = p.add_mutually_exclusive_group()
    count.add_argument("--games", type=int, dest="count", help="complete games to play (guts games)")
    count.add_argument("--hands", type=int, dest="count", help="hands to play (triple draw)")
    p.add_argument("--seed", type=int, default=0, help="seed for shuffles and bots (default 0)")
    p.add_argument("--out", default="-", help="output file (default: standard output)")
    p.set_defaults(run=run_simulate, count=100)

    p = commands.add_parser("play", help="play a game in the terminal against bots")
    p.add_argument("game", choices=sorted(GAMES))
    p.add_argument("--players", type=int, default=4, help="number of players, you included (default 4)")
    p.add_argument("--seed", type=int, default=None, help="seed for shuffles and bots")
    p.set_defaults(run=run_play)


def run_simulate(args: argparse.Namespace) -> int:
    module = game_module(args.game)
    if args.out == "-":
        module.simulate(args.game, players=args.players, count=args.count, seed=args.seed, out=sys.stdout)
    else:
        with open(args.out, "w", encoding="utf-8", newline="\n") as out:
            module.simulate(args.game, players=args.players, count=args.count, seed=args.seed, out=out)
    return 0


def run_play(args: argparse.Namespace) -> int:
    module = game_module(args.game)
    return int(module.play(args.game, players=args.players, seed=args.seed, stdin=sys.stdin, stdout=sys.stdout))
