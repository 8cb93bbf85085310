"""``wildeval simulate`` and ``wildeval play``: the games, driven from the command line."""

from __future__ import annotations

import argparse
import io
import json
import os
import sys
import time
from typing import Any

from wildeval.cli.cluster import add_cluster, client_for, uses_cluster
from wildeval.cli.common import add_ascii, int_in, output_file, output_records, shows_suits, whole_number
from wildeval.cli.progress import add_quiet, bar
from wildeval.games import GAMES, game_module, player_range, unit_of
from wildeval.games.draw.rules import PRESETS as DRAW_GAMES
from wildeval.games.draw.simulation import MAX_TABLES

_PHH_GAMES = sorted(g.name for g in DRAW_GAMES.values() if g.phh_variant is not None)
_FORMATS = f"guts games write JSON Lines (one replayable game per line); {' and '.join(_PHH_GAMES)} write " \
           "PHH (.phhs sections, one per hand); the other draw games, which PHH has no variant for, write JSON " \
           "Lines (one replayable hand per line)"


MAX_COUNT = 100_000_000  # games or hands a run plays: days of play on one core, never a run without end


def register(commands: Any) -> None:
    games = sorted(GAMES)
    p = commands.add_parser(
        "simulate", help="bots play complete games; one record per game or hand",
        description=f"Bots play games: {', '.join(games)}. The same seed gives the same bytes. "
                    f"Output: {_FORMATS}. An existing --out file is replaced only when the run ends well, "
                    "or on Ctrl-C by the records finished so far (whole records only); stopped by SIGTERM or SIGHUP "
                    "it is left as it was.",
    )
    p.add_argument("game", choices=games, metavar="GAME", help="the game: %(choices)s")
    p.add_argument("--players", type=int, default=4, help="number of players (default 4)")
    count = p.add_mutually_exclusive_group()
    count.add_argument("--games", type=int_in(0, MAX_COUNT),
                       help=f"complete games to play (guts games; default 100, at most {MAX_COUNT:,})")
    count.add_argument("--hands", type=int_in(0, MAX_COUNT),
                       help=f"hands to play (draw games; default 100, at most {MAX_COUNT:,})")
    p.add_argument("--seed", type=whole_number, default=0, help="seed for shuffles and bots (default 0)")
    p.add_argument("--tables", type=int_in(1, MAX_TABLES), default=None, metavar="N",
                   help="draw games: split the hands among N independent tables, each with its own seed and "
                        "stacks (what --scheduler/--workers need; default one table)")
    p.add_argument("--out", default="-", help="output file (default: standard output)")
    add_rule_settings(p)
    add_bots(p, "Bot 1 first; default: threshold bots at odd-numbered seats, random bots at the others")
    p.add_argument("--json", action="store_true",
                   help="print the summary as JSON (played, unit, wins, seconds, out) instead of a line")
    add_quiet(p)
    add_cluster(p)
    p.set_defaults(run=run_simulate)

    p = commands.add_parser(
        "play", help="play a game in the terminal against bots",
        description=f"You against bots in the terminal: {', '.join(games)}. Type 'help' at a prompt.",
    )
    p.add_argument("game", choices=games, metavar="GAME", help="the game: %(choices)s")
    p.add_argument("--players", type=int, default=4, help="number of players, you included (default 4)")
    p.add_argument("--seed", type=whole_number, default=None, help="seed for shuffles and bots (default: random)")
    p.add_argument("--out", default=None,
                   help="save the session's history to this file, in the format simulate writes")
    add_rule_settings(p)
    add_bots(p, "the bots after you; default: threshold bots")
    add_ascii(p)
    p.set_defaults(run=run_play)


def add_bots(p: argparse.ArgumentParser, which: str) -> None:
    p.add_argument("--bots", default=None, metavar="KIND[,KIND...]",
                   help=f"guts games: the bots, one kind for all or one per bot ({which}): threshold, random or "
                        "solver (plays the solved strategy: the one shipped with the package for a preset's own "
                        "rules, else solved first, seconds at a few players)")


def bot_settings(args: argparse.Namespace, bots: int) -> dict[str, Any]:
    """``--bots`` as the games' ``bots=`` argument (nothing when it was not given); ValueError in
    the flag's words."""
    if args.bots is None:
        return {}
    if GAMES[args.game] != "wildeval.games.guts":
        raise ValueError(f"--bots: the bots' kinds are for the guts games, not {args.game}")
    from wildeval.games.guts.bots import bot_kinds

    try:
        return {"bots": bot_kinds(args.bots, bots)}
    except ValueError as error:
        raise ValueError(f"--bots: {error}") from None


_GUTS_FLAGS = ("declare", "three_card", "ante", "legs", "table_stakes", "max_payment")


def add_rule_settings(p: argparse.ArgumentParser) -> None:
    """The settings a group agrees before a guts game (each left out: the preset's)."""
    rules = p.add_argument_group("table rules (guts games; default: the game's own)")
    rules.add_argument("--declare", choices=("in-turn", "simultaneous"), default=None,
                       help="declare in turn from the dealer's left, or everyone at once")
    rules.add_argument("--three-card", choices=("groups", "poker"), default=None,
                       help="rank a three-card high stage by groups (trips, pair, high card) or as "
                            "three-card poker (straights and flushes count)")
    rules.add_argument("--ante", type=int_in(1, 1_000_000), default=None, help="each player's ante per round")
    rules.add_argument("--legs", type=int_in(1, 100), default=None, metavar="N",
                       help="the legs that win the pot (a legs game; default: the game's own)")
    rules.add_argument("--table-stakes", type=int_in(1, 1_000_000_000), default=None, metavar="STACK",
                       help="play table stakes: each player starts with STACK chips and never pays more "
                            "(default: a running tab)")
    rules.add_argument("--max-payment", type=int_in(1, 1_000_000_000), default=None, metavar="N",
                       help="no single payment larger than N")


def rule_settings(args: argparse.Namespace) -> dict[str, Any] | None:
    """The rule flags as changed settings for a guts game (None: none given); ValueError for a
    flag the game cannot take."""
    given = [f for f in _GUTS_FLAGS if getattr(args, f, None) is not None]
    if not given:
        return None
    if GAMES[args.game] != "wildeval.games.guts":
        names = ", ".join("--" + f.replace("_", "-") for f in given)
        raise ValueError(f"{names}: table rules are for the guts games, not {args.game}")
    return guts_rule_changes(args, args.legs, "--legs")


def guts_rule_changes(args: argparse.Namespace, win_count: int | None, win_flag: str) -> dict[str, Any]:
    """The guts rule flags of ``args`` (--declare, --three-card, --ante, --max-payment and, where
    the command has it, --table-stakes) with the legs to win (``win_count``, given by the flag
    ``win_flag``) as changed settings of ``args.game``; ValueError naming the flag the game
    cannot take."""
    from wildeval.games.guts.rules import PRESETS

    base = PRESETS[args.game]
    changes: dict[str, Any] = {}
    if args.declare is not None:
        changes["declaration"] = args.declare.replace("-", "_")
    if args.three_card is not None:
        if not any(st.cards == 3 and st.ranking == "high" for st in base.stages):
            raise ValueError(f"--three-card: {args.game} has no three-card high stage")
        changes["three_card_ranking"] = "three_card_poker" if args.three_card == "poker" else "groups"
    if args.ante is not None:
        changes["ante"] = args.ante
    if win_count is not None:
        if base.win_by != "legs":
            raise ValueError(f"{win_flag}: {args.game} is won by stage wins in a row, not legs")
        changes["win_count"] = win_count
    if getattr(args, "table_stakes", None) is not None:
        changes["payment_policy"] = "table_stakes"
        changes["stack"] = args.table_stakes
    if args.max_payment is not None:
        changes["max_payment"] = args.max_payment
    return changes


def _count(args: argparse.Namespace) -> int:
    unit = unit_of(args.game)
    wrong = "hands" if unit == "games" else "games"
    if getattr(args, wrong) is not None:
        raise ValueError(f"--{wrong} is not for {args.game}, which plays {unit}: use --{unit}")
    given = getattr(args, unit)
    return 100 if given is None else int(given)


def _check_players(args: argparse.Namespace) -> None:
    low, high = player_range(args.game)
    if not low <= args.players <= high:
        raise ValueError(f"--players must be from {low} to {high} for {args.game}, not {args.players:,}")


def run_simulate(args: argparse.Namespace) -> int:
    _check_players(args)
    count = _count(args)
    module = game_module(args.game)
    rules = rule_settings(args)
    if args.json and args.out == "-":
        raise ValueError("--json prints the summary to standard output: give --out FILE for the records")
    extra: dict[str, Any] = {} if rules is None else {"rules": rules}
    extra.update(bot_settings(args, args.players))
    if args.tables is not None and unit_of(args.game) != "hands":
        raise ValueError(f"--tables is for the draw games: the games of {args.game} are independent already")
    if args.tables is not None:
        extra["tables"] = args.tables
    if uses_cluster(args) and unit_of(args.game) == "hands" and (args.tables or 1) == 1:
        raise ValueError(f"--scheduler/--workers: {args.game} at one table is not split across workers (its hands "
                         "are played in order, each from the stacks the last one left); split the run with --tables N")
    start = time.perf_counter()
    out = None
    try:
        with client_for(args) as client, \
                bar(count, f"simulate {args.game}", quiet=args.quiet, unit=f" {unit_of(args.game)}") as progress, \
                output_records(args.out) as out:
            if client is not None:
                extra["client"] = client
            summary = module.simulate(args.game, players=args.players, count=count, seed=args.seed, out=out,
                                      progress=progress.advance, **extra)
    except KeyboardInterrupt:
        done = 0 if out is None else out.records
        where = "standard output" if args.out == "-" else f"{args.out} ({0 if out is None else out.size:,} bytes)"
        print(f"wildeval simulate: interrupted after {done:,} of {count:,} {unit_of(args.game)}; "
              f"{done:,} whole records written to {where}", file=sys.stderr)
        return 130
    seconds = time.perf_counter() - start
    if args.json:
        print(json.dumps({"played": summary.played, "unit": summary.unit, "wins": summary.wins,
                          "seconds": seconds, "out": args.out, "bytes": os.path.getsize(args.out),
                          "stopped": list(summary.stopped)}, indent=2))
        return 0
    where = "standard output" if args.out == "-" else f"{args.out} ({os.path.getsize(args.out):,} bytes)"
    line = f"wildeval simulate: {summary.line()}; {seconds:.2f} s; written to {where}"
    print(line, file=sys.stderr if args.out == "-" else sys.stdout)
    return 0


def run_play(args: argparse.Namespace) -> int:
    _check_players(args)
    module = game_module(args.game)
    unicode = shows_suits(args)
    rules = rule_settings(args)
    extra: dict[str, Any] = {} if rules is None else {"rules": rules}
    extra.update(bot_settings(args, args.players - 1))
    if isinstance(sys.stdin, io.TextIOWrapper):  # any bytes typed are an answer (one not understood)
        sys.stdin.reconfigure(errors="replace")
    if args.out is None:
        return int(module.play(args.game, players=args.players, seed=args.seed, stdin=sys.stdin,
                               stdout=sys.stdout, unicode=unicode, **extra))
    with output_file(args.out) as history:
        try:
            code = int(module.play(args.game, players=args.players, seed=args.seed, stdin=sys.stdin,
                                   stdout=sys.stdout, history=history, unicode=unicode, **extra))
        except KeyboardInterrupt:  # keep what was played: the history holds whole records only
            print("\nInterrupted.")
            code = 130
    print(f"History saved to {args.out}.")
    return code
