"""``wildeval simulate`` and ``wildeval play``: the games, driven from the command line."""

from __future__ import annotations

import argparse
import os
import sys
import time
from typing import Any

from wildeval.cli.common import add_ascii, int_in, output_file, shows_suits
from wildeval.games import GAMES, game_module, unit_of

_FORMATS = "guts games write JSON Lines (one replayable game per line); deuce-to-seven-triple-draw writes PHH " \
           "(.phhs sections, one per hand)"


def register(commands: Any) -> None:
    games = sorted(GAMES)
    p = commands.add_parser(
        "simulate", help="bots play complete games; one record per game or hand",
        description=f"Bots play games: {', '.join(games)}. The same seed gives the same bytes. "
                    f"Output: {_FORMATS}. An existing --out file is replaced only when the run ends well.",
    )
    p.add_argument("game", choices=games, metavar="GAME", help="the game: %(choices)s")
    p.add_argument("--players", type=int, default=4, help="number of players (default 4)")
    count = p.add_mutually_exclusive_group()
    count.add_argument("--games", type=int_in(0), help="complete games to play (guts games; default 100)")
    count.add_argument("--hands", type=int_in(0), help="hands to play (triple draw; default 100)")
    p.add_argument("--seed", type=int, default=0, help="seed for shuffles and bots (default 0)")
    p.add_argument("--out", default="-", help="output file (default: standard output)")
    p.set_defaults(run=run_simulate)

    p = commands.add_parser(
        "play", help="play a game in the terminal against bots",
        description=f"You against bots in the terminal: {', '.join(games)}. Type 'help' at a prompt.",
    )
    p.add_argument("game", choices=games, metavar="GAME", help="the game: %(choices)s")
    p.add_argument("--players", type=int, default=4, help="number of players, you included (default 4)")
    p.add_argument("--seed", type=int, default=None, help="seed for shuffles and bots (default: random)")
    p.add_argument("--out", default=None,
                   help="save the session's history to this file, in the format simulate writes")
    add_ascii(p)
    p.set_defaults(run=run_play)


def _count(args: argparse.Namespace) -> int:
    unit = unit_of(args.game)
    wrong = "hands" if unit == "games" else "games"
    if getattr(args, wrong) is not None:
        raise ValueError(f"--{wrong} is not for {args.game}, which plays {unit}: use --{unit}")
    given = getattr(args, unit)
    return 100 if given is None else int(given)


def run_simulate(args: argparse.Namespace) -> int:
    count = _count(args)
    module = game_module(args.game)
    start = time.perf_counter()
    with output_file(args.out) as out:
        summary = module.simulate(args.game, players=args.players, count=count, seed=args.seed, out=out)
    seconds = time.perf_counter() - start
    where = "standard output" if args.out == "-" else f"{args.out} ({os.path.getsize(args.out):,} bytes)"
    line = f"wildeval simulate: {summary.line()}; {seconds:.2f} s; written to {where}"
    print(line, file=sys.stderr if args.out == "-" else sys.stdout)
    return 0


def run_play(args: argparse.Namespace) -> int:
    module = game_module(args.game)
    unicode = shows_suits(args)
    if args.out is None:
        return int(module.play(args.game, players=args.players, seed=args.seed, stdin=sys.stdin,
                               stdout=sys.stdout, unicode=unicode))
    with output_file(args.out) as history:
        try:
            code = int(module.play(args.game, players=args.players, seed=args.seed, stdin=sys.stdin,
                                   stdout=sys.stdout, history=history, unicode=unicode))
        except KeyboardInterrupt:  # keep what was played: the history holds whole records only
            print("\nInterrupted.")
            code = 130
    print(f"History saved to {args.out}.")
    return code
