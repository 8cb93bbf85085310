"""``wildeval odds``: how often each hand wins or ties at showdown."""

from __future__ import annotations

import argparse
import json
import math
from typing import Any

from wildeval.cards import format_cards, parse_cards
from wildeval.cli.cluster import add_cluster, client_for
from wildeval.cli.common import add_ascii, add_settings, int_in, shows_suits
from wildeval.cli.progress import add_quiet, bar, busy
from wildeval.field import DEFAULT_TRIALS
from wildeval.games.guts.rules import PRESETS as GUTS_PRESETS
from wildeval.odds import MAX_EXHAUSTIVE, MAX_TRIALS, equity, versus_field


def register(commands: Any) -> None:
    p = commands.add_parser(
        "odds", help="showdown odds: known hands against each other, or one hand against a field",
        description="Known hands (two or more): each hand's share of wins and ties over every "
                    f"completion of the board (at most {MAX_EXHAUSTIVE:,}), or over a seeded random "
                    "sample of them with --trials; a complete board is one deal. One hand with "
                    "--opponents K: its chance to be the best against K opponents holding unknown "
                    "cards (as many as the hand) at a guts stage (--game, --stage) or with a ranking "
                    "(--ranking, --wild): every deal counted where possible (one opponent, or two with "
                    "hands of up to three cards), else a seeded sample (--trials, default 1,000,000).",
    )
    p.add_argument("hands", nargs="+", metavar="HAND",
                   help='each player\'s own cards, e.g. "As Ad" "Kc Kd"; one hand with --opponents')
    field = p.add_argument_group("one hand against a field")
    field.add_argument("--opponents", type=int_in(1, 25), default=None,
                       help="opponents holding unknown cards (switches to the field question)")
    field.add_argument("--game", default=None, choices=sorted(GUTS_PRESETS), metavar="GAME",
                       help="a guts game whose stage sets the ranking and wild cards: %(choices)s")
    field.add_argument("--stage", type=int_in(1, 3), default=None, help="the stage of --game (1 = the first)")
    field.add_argument("--exact", action="store_true", help="count every deal (or fail if that is not possible)")
    p.add_argument("--board", default="", help='the shared cards so far, e.g. "2h 7s 9c"')
    p.add_argument("--board-size", type=int_in(0, 52), default=5,
                   help="shared cards at showdown (default 5; 0 for hands that are complete)")
    add_settings(p, wild_help='wild ranks, e.g. "2"')
    p.add_argument("--trials", type=int_in(1, MAX_TRIALS), default=None,
                   help=f"sample this many boards instead of counting all (at most {MAX_TRIALS:,})")
    p.add_argument("--seed", type=int, default=None, help="seed for --trials (needs --trials)")
    add_ascii(p)
    add_quiet(p)
    p.add_argument("--json", action="store_true",
                   help="print JSON: for known hands a list (hand, win, tie, equity, boards); against a "
                        "field an object (win, tie, lose, exact, deals, stderr)")
    add_cluster(p)
    p.set_defaults(run=run)


def run_field(args: argparse.Namespace) -> int:
    if len(args.hands) != 1:
        raise ValueError(f"--opponents takes one hand, not {len(args.hands)}")
    if args.board or args.board_size != 5:
        raise ValueError("--board and --board-size are for known hands, not for --opponents")
    if (args.game is None) != (args.stage is None):
        raise ValueError("--game and --stage go together")
    if args.game is not None and (args.ranking != "high" or args.wild is not None):
        raise ValueError("give --game and --stage, or --ranking and --wild, not both")
    if args.exact and (args.trials is not None or args.seed is not None):
        raise ValueError("--exact counts every deal: it takes neither --trials nor --seed")
    exact = True if args.exact else (False if args.trials is not None or args.seed is not None else None)
    n_cards = len(parse_cards(args.hands[0]))
    samples = exact is False or (exact is None and not (args.opponents == 1 or (args.opponents == 2 and n_cards <= 3)))
    try:
        if samples:  # the native sampler reports between slices of its chunks
            with client_for(args) as client, bar(args.trials or DEFAULT_TRIALS, "odds: sampling", quiet=args.quiet,
                                                 unit=" deals", unit_scale=True) as progress:
                odds = versus_field(args.hands[0], args.opponents, ranking=args.ranking, wild=args.wild,
                                    game=args.game, stage=args.stage, flush_duplicates=args.flush_duplicates,
                                    exact=exact, trials=args.trials, seed=args.seed, progress=progress.advance,
                                    client=client)
        else:
            with busy("odds: counting", quiet=args.quiet):
                odds = versus_field(args.hands[0], args.opponents, ranking=args.ranking, wild=args.wild,
                                    game=args.game, stage=args.stage, flush_duplicates=args.flush_duplicates,
                                    exact=exact, trials=args.trials, seed=args.seed)
    except ValueError as error:  # in the command line's words
        raise ValueError(str(error).replace("exact=False or trials=", "--trials").replace("trials=", "--trials")
                         .replace("seed=", "--seed").replace("stage=", "--stage").replace("game=", "--game")
                         .replace("wild=", "--wild").replace("ranking=", "--ranking")) from None
    if args.json:
        print(json.dumps({"win": odds.win, "tie": odds.tie, "lose": odds.lose, "exact": odds.exact,
                          "deals": odds.deals, "stderr": odds.stderr}, indent=2))
        return 0
    hand = format_cards(parse_cards(args.hands[0]), unicode=shows_suits(args))
    how = f"every one of {odds.deals:,} deals" if odds.exact else f"{odds.deals:,} sampled deals"
    print(f"{hand} against {args.opponents} opponent{'s' if args.opponents > 1 else ''} ({how})")
    spread = "" if odds.stderr is None else f"  (± {odds.stderr:.2%})"
    print(f"win {odds.win:7.2%}{spread}  tie {odds.tie:7.2%}  lose {odds.lose:7.2%}")
    return 0


def run(args: argparse.Namespace) -> int:
    if args.opponents is not None:
        return run_field(args)
    for flag in ("game", "stage"):
        if getattr(args, flag) is not None:
            raise ValueError(f"--{flag} is for one hand against a field: add --opponents")
    if args.exact:
        raise ValueError("--exact is for one hand against a field: known hands are counted exactly by default")
    if args.seed is not None and args.trials is None:
        raise ValueError("--seed needs --trials: without it every board is counted, nothing is random")
    for i, hand in enumerate(args.hands, 1):
        if not hand.strip(" ,\t"):
            raise ValueError(f"hand {i} is empty")
    shown = len(parse_cards(args.board))
    dealt = sum(len(parse_cards(h)) for h in args.hands) + shown
    total = args.trials or (math.comb(52 - dealt, args.board_size - shown) if 0 <= args.board_size - shown <= 52 - dealt
                            else None)
    with client_for(args) as client, bar(total, "odds: sampling" if args.trials else "odds: counting",
                                         quiet=args.quiet, unit=" boards", unit_scale=True) as progress:
        results = equity(args.hands, args.board, board_size=args.board_size, ranking=args.ranking,
                         wild=args.wild, flush_duplicates=args.flush_duplicates, trials=args.trials,
                         seed=args.seed, progress=progress.advance, client=client)
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
