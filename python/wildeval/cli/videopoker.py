"""``wildeval videopoker``: the exact value of every hold of a dealt hand, and the return of a
whole game under perfect play (:mod:`wildeval.videopoker`)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from wildeval.cli.cluster import add_cluster, client_for, uses_cluster
from wildeval.cli.common import add_ascii, fresh_seed, int_in, output_bytes, shows_suits, whole_number, wild_ranks
from wildeval.cli.progress import add_quiet, bar, busy
from wildeval.videopoker import PRESETS, GameAnalysis, PayTable, analyse_game, analyse_hand, parse_paytable, preset
from wildeval.videopoker.game import DEALS, analyse_games
from wildeval.videopoker.trainer import play, simulate

__all__ = ["register"]


def register(commands: Any) -> None:
    p = commands.add_parser(
        "videopoker", help="video poker, exactly: the best hold of a hand, the return of a pay table",
        description="Video poker counted exactly, every draw of every hold (nothing sampled). 'hold' values "
                    "the 32 holds of a dealt hand; 'analyse' plays every one of the 2,598,960 deals at its best "
                    "hold and gives the return and the frequency of every paying hand; 'play' is a trainer, "
                    f"'simulate' the best hold as a bot. Games: {', '.join(PRESETS)}; or any table with --paytable.")
    actions = p.add_subparsers(dest="action", required=True, metavar="ACTION")
    hold = actions.add_parser("hold", help="every hold of a dealt hand, from the best",
                              description="The expected payout of a coin for each hold of a five-card hand, as "
                                          "an exact fraction over every draw, best first.")
    hold.add_argument("hand", metavar="HAND", help='five cards, e.g. "2h 7c 8c 9c Kd"')
    hold.add_argument("--all", action="store_true", help="print all 32 holds (default: the best 10)")
    game = actions.add_parser("analyse", help="the return of a game under perfect play",
                              description="Every deal at its best hold (ties: the hold of more cards, then of "
                                          "the lower cards): the return as an exact fraction, the variance, and "
                                          "the count of every paying hand out of 19,933,230,517,200 outcomes. "
                                          "A few seconds a game; --game again for more games.")
    game.add_argument("--strategy", default=None, metavar="FILE.npy",
                      help="write the best hold of every deal (numpy uint8, by the colexicographic index of "
                           "the deal's cards; bit i holds its i-th lowest card)")
    game.add_argument("--threads", type=int_in(1, 1024), default=None,
                      help="threads (default: every core; per game on a cluster, default 1)")
    add_cluster(game)
    trainer = actions.add_parser("play", help="the trainer: you hold, it draws, pays and says the best hold",
                                 description="Hands dealt from a seeded shuffle: type the cards to hold (positions "
                                             "1-5 such as '1 3 4', the cards, all or none), see the draw and the pay; "
                                             "after a hold worth less than the best, the best and the expected coins "
                                             "given up. q (or the end of the input) ends with the session's summary.")
    trainer.add_argument("--hands", type=int_in(1, 1_000_000), default=None, help="stop after this many hands")
    trainer.add_argument("--seed", type=whole_number, default=None, help="seed of the shuffles (default: a new one, "
                                                                          "printed)")
    add_ascii(trainer)
    bot = actions.add_parser("simulate", help="the best hold on every hand of a seeded sample",
                             description="The trainer's engine as a bot: every hand played with its best hold, the "
                                         "coins paid counted (a sample of the exact return 'analyse' gives).")
    bot.add_argument("--hands", type=int_in(1, 10_000_000), default=10_000, help="hands to play (default 10,000)")
    bot.add_argument("--seed", type=whole_number, default=0, help="seed of the shuffles (default 0)")
    for sub in (hold, game, trainer, bot):
        _add_game(sub, many=sub is game)
        if sub is not trainer:
            sub.add_argument("--json", action="store_true", help="print JSON")
            add_quiet(sub)
    hold.set_defaults(run=run_hold)
    game.set_defaults(run=run_game)
    trainer.set_defaults(run=run_play)
    bot.set_defaults(run=run_simulate)


def _add_game(parser: argparse.ArgumentParser, many: bool = False) -> None:
    parser.add_argument("--game", default=None, choices=sorted(PRESETS), metavar="GAME",
                        action="append" if many else "store",
                        help="a preset pay table: %(choices)s (default: jacks-or-better-9-6)"
                             + ("; again for more games" if many else ""))
    parser.add_argument("--paytable", default=None, metavar="CLASS=PAYS,...",
                        help='a pay table of your own, coins a coin at the maximum bet: "royal=800,straight_flush=50,'
                             'four_of_a_kind=25,full_house=9,flush=6,straight=4,three_of_a_kind=3,two_pair=2,'
                             'jacks_or_better=1"')
    parser.add_argument("--wild", default=None, type=wild_ranks, help='wild ranks for --paytable, e.g. "2"')


def _table(args: argparse.Namespace) -> PayTable:
    if args.paytable is not None:
        if args.game is not None:
            raise ValueError("give --game or --paytable, not both")
        try:
            return parse_paytable(args.paytable, wild=args.wild)
        except ValueError as error:
            raise ValueError(f"--paytable: {error}") from None
    if args.wild is not None:
        raise ValueError("--wild is for --paytable: a preset game has its own wild cards")
    return preset(args.game or "jacks-or-better-9-6")


def run_hold(args: argparse.Namespace) -> int:
    table = _table(args)
    with busy("videopoker: counting", quiet=args.quiet):
        holds = analyse_hand(args.hand, table)
    if args.json:
        print(json.dumps([{"hold": h.cards, "positions": list(h.held), "value": str(h.value),
                           "expected": h.expected, "draws": h.draws, "classes": h.classes, "best": h.best}
                          for h in holds], indent=2))
        return 0
    shown = holds if args.all else holds[:10]
    print(f"{table.describe()}")
    width = max(14, *(len(h.cards) for h in shown))
    for h in shown:
        name = h.cards or "(draw five)"
        mark = "  best" if h.best else ""
        print(f"{name:<{width}}  {h.expected:10.6f}  = {str(h.value):>16} a coin{mark}")
    return 0


def _tables(args: argparse.Namespace) -> list[PayTable]:
    """The tables of 'analyse': every --game (or the --paytable, or the default game)."""
    games = args.game or [None]
    return [_table(argparse.Namespace(**{**vars(args), "game": g})) for g in games]


def run_game(args: argparse.Namespace) -> int:
    tables = _tables(args)
    if args.strategy not in (None, "-") and not args.strategy.endswith(".npy"):
        raise ValueError(f"--strategy {args.strategy}: the name must end in .npy")
    if args.strategy is not None and len(tables) > 1:
        raise ValueError("--strategy writes one game's strategy: give one --game")
    if len(tables) == 1 and not uses_cluster(args):
        with bar(DEALS, f"videopoker: {tables[0].name}", quiet=args.quiet, unit=" deals",
                 unit_scale=True) as progress:
            games = [analyse_game(tables[0], progress=progress.advance, threads=args.threads)]
    else:
        with client_for(args) as client, bar(len(tables), "videopoker", quiet=args.quiet,
                                             unit=" games") as progress:
            threads = args.threads if client is None or args.threads is not None else 1
            games = analyse_games(tables, client=client, threads=threads, progress=lambda _: progress.advance())
    if args.strategy is not None:
        import numpy as np

        with output_bytes(args.strategy) as stream:
            np.save(stream, games[0].strategy)
    if args.json:
        reports = [_game_json(game) for game in games]
        print(json.dumps(reports[0] if len(reports) == 1 else reports, indent=2))
        return 0
    for i, game in enumerate(games):
        if i:
            print()
        _print_game(game)
    if args.strategy not in (None, "-"):
        print(f"strategy written to {args.strategy}")
    return 0


def _game_json(game: GameAnalysis) -> dict[str, Any]:
    table = game.table
    return {"game": table.name, "paytable": table.text(), "return": str(game.ret), "return_float": float(game.ret),
            "variance": float(game.variance), "total": game.total, "frequencies": game.frequencies,
            "holds_by_size": list(game.holds_by_size), "seconds": game.seconds}


def _print_game(game: GameAnalysis) -> None:
    table = game.table
    print(table.describe())
    print(f"return {float(game.ret):.6f} ({float(game.ret):.4%}) under perfect play; "
          f"variance {float(game.variance):.2f}; {game.seconds:.1f} s")
    print(f"{'hand':<28} {'pays':>6} {'outcomes':>20} {'probability':>14}")
    for name, count in game.frequencies.items():
        pays = str(table.pays.get(name, 0)) if name != "nothing" else "0"
        print(f"{name.replace('_', ' '):<28} {pays:>6} {count:>20,} {count / game.total:>14.8f}")
    print(f"{'total':<28} {'':>6} {game.total:>20,}")


def run_play(args: argparse.Namespace) -> int:
    import sys

    table = _table(args)
    seed = args.seed if args.seed is not None else fresh_seed()
    return play(table, seed=seed, stdin=sys.stdin, stdout=sys.stdout, hands=args.hands, unicode=shows_suits(args))


def run_simulate(args: argparse.Namespace) -> int:
    table = _table(args)
    with busy("videopoker: playing", quiet=args.quiet):
        summary = simulate(table, hands=args.hands, seed=args.seed)
    if args.json:
        print(json.dumps({"game": table.name, "hands": summary.hands, "paid": str(summary.paid),
                          "return": float(summary.paid / summary.hands), "classes": summary.classes,
                          "seed": args.seed}, indent=2))
        return 0
    print(f"{table.name}, best hold every hand, seed {args.seed}: {summary.line()}")
    return 0
