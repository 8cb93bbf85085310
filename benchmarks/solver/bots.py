#!/usr/bin/env python3
"""The solver bot against each other bot: chips won per game, over many seeded games.

    python benchmarks/solver/bots.py [--game three-five-seven] [--players 4] [--games 100000]

Seat 1 plays the solved strategy (solved once, default settings); the other seats all play one
other kind of bot (threshold, random). Each game is played by the engine (GutsGame, the bots
asked through play_bots), seeded as simulate seeds its games; the first deal moves round the
table from game to game. Prints the solver bot's chips won per game (antes; the others' loss is
the same in total) with a 95 % confidence interval (1.96 standard errors over the games), and
its share of games won.
"""

from __future__ import annotations

import argparse
import math
import sys
import time

from wildeval.games.guts import GutsGame, play_bots, preset
from wildeval.games.guts.bots import StrengthTable, seat_bots
from wildeval.games.guts.simulation import game_seed
from wildeval.games.guts.solver import solve


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="three-five-seven")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--against", default="threshold,random")
    args = parser.parse_args()
    rules = preset(args.game)
    n = args.players
    started = time.perf_counter()
    strategy = solve(rules, n)
    print(f"{args.game}, {n} players: solved in {time.perf_counter() - started:.1f} s")
    print("| against | games | solver bot's chips a game (95 % CI) | games won by the solver bot |")
    print("| --- | --- | --- | --- |")
    names = [f"Bot {i + 1}" for i in range(n)]
    table = StrengthTable()
    for other in args.against.split(","):
        kinds = ["solver"] + [other] * (n - 1)
        total = squares = 0.0
        won = 0
        for g in range(args.games):
            seed = game_seed(args.seed, g)
            bots = seat_bots(names, kinds, seed, table, strategy)
            game = play_bots(GutsGame(rules, names, seed=seed, dealer=g % n), bots)
            chips = game.balances[names[0]] / rules.ante
            total += chips
            squares += chips * chips
            won += game.winner == names[0]
        mean = total / args.games
        sd = math.sqrt(max(squares / args.games - mean * mean, 0.0))
        half = 1.96 * sd / math.sqrt(args.games)
        print(f"| {other} bots | {args.games:,} | {mean:+.3f} ± {half:.3f} | {100 * won / args.games:.1f} % "
              f"(a fair share: {100 / n:.1f} %) |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
