"""``wildeval odds``: how often each hand wins or ties at showdown."""

from __future__ import annotations

import argparse
import json
import math
import re
from typing import Any

from wildeval.cards import format_cards, parse_cards
from wildeval.cli.cluster import add_cluster, client_for
from wildeval.cli.common import add_ascii, add_settings, fresh_seed, int_in, shows_suits, whole_number
from wildeval.cli.progress import add_quiet, bar, busy
from wildeval.field import DEFAULT_TRIALS
from wildeval.games.guts.rules import PRESETS as GUTS_PRESETS
from wildeval.odds import MAX_PLAYERS, MAX_TRIALS, equity, exact_cost, versus_field
from wildeval.rankings import RANKINGS, spec
from wildeval.rankings.layout import LowCategory
from wildeval.wild import parse_wild, wild_text


def register(commands: Any) -> None:
    p = commands.add_parser(
        "odds", help="showdown odds: hands and ranges against each other, or one hand against a guts field",
        description="Each player's share of wins and ties at showdown: a known hand (\"As Ad\"), a "
                    "hold'em range (\"QQ+,AKs\", \"JJ-99,AQs:0.5\") or random. Every deal is counted "
                    f"where that takes at most about {EXACT_SECONDS:.0f} s on this machine (timed on a few of "
                    f"the count's parts first; else a seeded sample, until every standard error is at most "
                    f"{DEFAULT_STDERR:.2%}, as the header says), or a seeded random "
                    "sample of them with --trials or --stderr; a complete board is one deal. A sample "
                    "prints its seed: --seed gives the same sample again. With --opponents K, one hand against K "
                    "random hands (counted where possible, else sampled as above). With --game and --stage as "
                    "well, the guts question instead: the "
                    "chance that the hand is the best against K unknown hands at that stage (every "
                    "deal counted where possible, else a seeded sample, --trials, default 1,000,000).",
    )
    p.add_argument("hands", nargs="+", metavar="HAND",
                   help='each player: cards ("As Ad"), a range ("QQ+,AKs") or random; one hand with --opponents')
    p.add_argument("--board", default="", help='the shared cards so far, e.g. "2h 7s 9c"')
    p.add_argument("--dead", default="", help='cards nobody holds (seen folded or burned), e.g. "Ks 4d"')
    p.add_argument("--board-size", type=int_in(0, 7), default=5,
                   help="shared cards at showdown (default 5; 0 for hands that are complete)")
    p.add_argument("--opponents", type=int_in(1, 25), default=None,
                   help=f"opponents holding random hands (as many cards as the hand): 1 to {MAX_PLAYERS - 1}, or "
                        "with --game and --stage as many as the deck deals (25 at most)")
    add_settings(p, wild_help='wild ranks, e.g. "2"')
    lows = [name for name in RANKINGS if spec(name).codec.category_type is LowCategory]
    p.add_argument("--low", default=None, choices=lows,
                   help="split each pot high (--ranking) and low: %(choices)s (Omaha hi/lo: --ranking omaha "
                        "--low omaha_low8); win is then a whole pot, tie a part of one")
    how = p.add_mutually_exclusive_group()
    how.add_argument("--exact", action="store_true",
                     help="count every deal however long it takes, with a progress bar and the time left (the "
                          f"default counts where that takes at most about {EXACT_SECONDS:.0f} s, else samples)")
    how.add_argument("--stderr", type=_fraction, default=None, metavar="E",
                     help="sample until every equity's standard error is at most E (e.g. 0.001)")
    p.add_argument("--trials", type=int_in(1, MAX_TRIALS), default=None,
                   help=f"sample this many deals instead of counting all (at most {MAX_TRIALS:,}; with "
                        "--stderr, the most to sample)")
    p.add_argument("--seed", type=whole_number, default=None,
                   help="seed of the sample (--trials, --stderr, or wherever it samples); a sample without one "
                        "draws a seed and prints it")
    field = p.add_argument_group("one hand against a guts field")
    field.add_argument("--game", default=None, choices=sorted(GUTS_PRESETS), metavar="GAME",
                       help="a guts game whose stage sets the ranking and wild cards: %(choices)s")
    field.add_argument("--stage", type=int_in(1, 3), default=None, help="the stage of --game (1 = the first)")
    add_ascii(p)
    add_quiet(p)
    p.add_argument("--json", action="store_true",
                   help="print JSON: a list, one object per player (hand, win, tie, equity, boards, combos, "
                        "stderr); for the guts field an object (win, tie, lose, exact, deals, stderr)")
    add_cluster(p)
    p.set_defaults(run=run)


DEFAULT_STDERR = 0.0005  # where counting every deal is too much: sampled until each equity is this close
EXACT_SECONDS = 10.0  # the longest count the default makes (estimated on this machine), else it samples


def _fraction(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not 0 < value < 1:
        raise argparse.ArgumentTypeError(f"must be between 0 and 1, not {text}")
    return value


def run_field(args: argparse.Namespace) -> int:
    if len(args.hands) != 1:
        raise ValueError(f"--opponents takes one hand, not {len(args.hands)}")
    if (args.game is None) != (args.stage is None):
        raise ValueError("--game and --stage go together")
    if args.game is not None and (args.ranking != "high" or args.wild is not None):
        raise ValueError("give --game and --stage, or --ranking and --wild, not both")
    if args.exact and (args.trials is not None or args.seed is not None):
        raise ValueError("--exact counts every deal: it takes neither --trials nor --seed")
    exact = True if args.exact else (False if args.trials is not None or args.seed is not None else None)
    n_cards = len(parse_cards(args.hands[0]))
    samples = exact is False or (exact is None and not (args.opponents == 1 or (args.opponents == 2 and n_cards <= 3)))
    if samples and args.seed is None:
        args.seed = fresh_seed()
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
        raise _words(error) from None
    if args.json:
        print(json.dumps({"win": odds.win, "tie": odds.tie, "lose": odds.lose, "exact": odds.exact,
                          "deals": odds.deals, "stderr": odds.stderr,
                          "seed": None if odds.exact else args.seed}, indent=2))
        return 0
    hand = format_cards(parse_cards(args.hands[0]), unicode=shows_suits(args))
    how = f"every one of {odds.deals:,} deals" if odds.exact else f"{odds.deals:,} sampled deals, seed {args.seed}"
    print(f"{args.game}, stage {args.stage}: {hand} against {args.opponents} "
          f"opponent{'s' if args.opponents > 1 else ''} ({how})")
    spread = "" if odds.stderr is None else f"  (± {odds.stderr:.2%})"
    print(f"win {odds.win:7.2%}{spread}  tie {odds.tie:7.2%}  lose {odds.lose:7.2%}")
    return 0


def _words(error: ValueError) -> ValueError:
    """An error of the package in the command line's words."""
    text = str(error).replace("exact=False or trials=", "trials=")
    for name in ("trials", "seed", "stderr", "stage", "game", "wild", "ranking", "board_size", "dead", "board", "low"):
        option = "--" + name.replace("_", "-")
        text = re.sub(rf"\b{name}=(?=[^\s,;)])", option + " ", text)  # "board_size=5": "--board-size 5"
        text = re.sub(rf"\b{name}=", option, text)  # "pass trials= or": "pass --trials or"
    return ValueError(text)


def _header(args: argparse.Namespace, results: list[Any], unicode: bool) -> str:
    wild = f"{wild_text(parse_wild(args.wild))} wild" if args.wild else "no wild cards"
    shown = parse_cards(args.board)
    left = args.board_size - len(shown)
    if args.board_size == 0:
        board = "no board"
    else:
        board = (f"board {format_cards(shown, unicode=unicode)}" if shown else "no board yet") + \
            (f", {left} to come" if left else ", complete")
    deals = results[0].boards
    if args.trials is None and args.stderr is None:
        how = "one deal" if deals == 1 else f"every one of {deals:,} deals"
        if args.seed is not None:
            how += " (--seed unused: nothing was sampled)"
    else:
        how = f"{deals:,} sampled deal{'s' if deals != 1 else ''}, seed {args.seed}"
        if getattr(args, "too_long", None):
            how += (f" (counting all {args.too_long.deals:,} deals would take about {args.too_long.seconds:,.0f} s "
                    f"here: sampled until every standard error is at most {args.stderr:.2%}; --exact counts)")
    ranking = args.ranking if args.low is None else f"{args.ranking} high, {args.low} low"
    return f"{ranking}, {wild}; {board}; {how}"


def run(args: argparse.Namespace) -> int:
    if args.game is not None or args.stage is not None:
        if args.opponents is None:
            raise ValueError("--game and --stage are for one hand against a guts field: add --opponents")
        if args.board or args.dead or args.board_size != 5:
            raise ValueError("--board, --dead and --board-size are not for a guts field (--game)")
        if args.stderr is not None:
            raise ValueError("--stderr is not for a guts field (--game): give --trials")
        return run_field(args)
    if args.exact and (args.trials is not None or args.seed is not None):
        raise ValueError("--exact counts every deal: it takes neither --trials nor --seed")
    players: list[str] = list(args.hands)
    if args.opponents is not None:
        if len(players) != 1:
            raise ValueError(f"--opponents takes one hand, not {len(players)}")
        if args.opponents > MAX_PLAYERS - 1:
            raise ValueError(f"--opponents {args.opponents}: at most {MAX_PLAYERS - 1} (the odds of {MAX_PLAYERS} "
                             "players); more only against a guts field, with --game and --stage")
        players += ["random"] * args.opponents
    if (args.trials is not None or args.stderr is not None) and args.seed is None:
        args.seed = fresh_seed()
    for i, hand in enumerate(players, 1):
        if not hand.strip(" ,\t"):
            raise ValueError(f"hand {i} is empty")
    settings = dict(board=args.board, dead=args.dead, board_size=args.board_size, ranking=args.ranking,
                    wild=args.wild, flush_duplicates=args.flush_duplicates, trials=args.trials,
                    seed=args.seed if args.trials or args.stderr else None, stderr=args.stderr, low=args.low)
    try:
        total = args.trials
        if args.trials is None and args.stderr is None:  # counted where that is quick, else sampled
            total = _deals(players, settings)
            if total is None or total > _QUICK_DEALS:
                cost = exact_cost(players, **{k: v for k, v in settings.items()
                                              if k not in ("trials", "seed", "stderr")})
                total = cost.deals
                if cost.seconds > EXACT_SECONDS and not args.exact:
                    args.too_long, args.stderr, total = cost, DEFAULT_STDERR, None
                    args.seed = fresh_seed() if args.seed is None else args.seed
                    settings.update(stderr=DEFAULT_STDERR, seed=args.seed)
        with client_for(args) as client:
            with bar(total, "odds: counting" if args.trials is None and args.stderr is None else "odds: sampling",
                     quiet=args.quiet, unit=" deals", unit_scale=True) as progress:
                results = equity(players, progress=progress.advance, client=client, **settings)
    except ValueError as error:
        hint = ("; for hands without a board add --board-size 0, for a guts stage --game and --stage"
                if "a 'high' hand has" in str(error) and args.board_size else
                "; for hands without a board add --board-size 0"
                if "hand has" in str(error) and "that makes" in str(error) and args.board_size else "")
        raise ValueError(str(_words(error)) + hint) from None
    unicode = shows_suits(args)
    names = [_name(r.hand, unicode) for r in results]
    if args.json:
        seed = args.seed if args.trials is not None or args.stderr is not None else None
        print(json.dumps([{"hand": _name(r.hand, False), "win": r.win, "tie": r.tie, "equity": r.equity,
                           "boards": r.boards, "combos": r.combos, "stderr": r.stderr, "seed": seed}
                          for r in results], indent=2))
        return 0
    print(_header(args, results, unicode))
    width = max(12, *(len(n) for n in names))
    sampled = args.trials is not None or args.stderr is not None
    for name, r in zip(names, results):
        spread = f"  ± {r.stderr:.2%}" if sampled else ""
        hands = f"  ({r.combos:,} hands)" if not isinstance(r.hand, tuple) else ""
        print(f"{name:<{width}}  win {r.win:7.2%}  tie {r.tie:7.2%}  equity {r.equity:7.2%}{spread}{hands}")
    return 0


def _name(held: Any, unicode: bool) -> str:
    return format_cards(held, unicode=unicode) if isinstance(held, tuple) else str(held)


_QUICK_DEALS = 50_000_000  # known hands with at most this many boards are counted without timing first


def _deals(players: list[str], settings: dict[str, Any]) -> int | None:
    """The deals a count will take, for the progress bar (None where that is not simple)."""
    try:
        cards = [parse_cards(p) for p in players]
    except ValueError:
        return None
    if any(not c for c in cards):
        return None
    dealt = sum(map(len, cards)) + len(parse_cards(settings["board"])) + len(parse_cards(settings["dead"]))
    left = settings["board_size"] - len(parse_cards(settings["board"]))
    deck = len(spec(settings["ranking"]).deck)
    return math.comb(deck - dealt, left) if 0 <= left <= deck - dealt else None
