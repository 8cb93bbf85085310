"""``wildeval solve``: the weakest hand to stay in with at each stage of a guts game, against
players who play as well (:mod:`wildeval.games.guts.solver`)."""

from __future__ import annotations

import argparse
import dataclasses
import json
import re
import sys
from typing import Any

from wildeval.cli.cluster import add_cluster, client_for
from wildeval.cli.common import int_in, output_file, whole_number
from wildeval.cli.progress import add_quiet, bar
from wildeval.games.guts.rules import PRESETS, GutsRules
from wildeval.games.guts.solver.infosets import METHODS
from wildeval.games.guts.solver.model import CAP_RULES, default_cap
from wildeval.games.guts.solver.strategy import DEFAULT_ITERATIONS, DEFAULT_METHOD, default_iterations

__all__ = ["place_words", "register"]

_ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th", "7th")
_BEFORE = ("nobody in before", "one in before", "two or more in before")


def register(commands: Any) -> None:
    p = commands.add_parser(
        "solve", help="when to stay in at a guts game, against players who play as well",
        description="Solve a guts game for its number of players: a strategy every player plays, a "
                    "threshold per stage, pot, state of legs and place in the declarations, refined on whole "
                    "games over what each player sees (who declared in before, where the legs sit, what the "
                    "earlier stages of the deal showed) until staying in and going out are worth about the same "
                    "at each threshold (not an exact equilibrium: --exploitability measures what a best response "
                    "gains; docs/solver.md says what is modelled). Prints, "
                    "per stage, the weakest hand to stay in with and the chance that a hand is that good. "
                    "A running tab only (table stakes are not modelled).")
    p.add_argument("game", choices=sorted(PRESETS), metavar="GAME", help="the guts game: %(choices)s")
    p.add_argument("--players", type=int_in(2, 7), default=4, help="number of players (default 4)")
    # "--legs -1,0" is read as the value it is (then refused in words), not as an unknown option
    p._negative_number_matcher = re.compile(r"^-\d+(,\s*-?\d+)*$|^-\d*\.\d+$")
    p.add_argument("--legs", default=None, metavar="YOURS,THEIRS...",
                   help="the legs (at the streak game: stage wins in a row) you and the others hold, yours first, then "
                        "seat by seat from your left: "
                        "1,0,2,0 (default: none)")
    p.add_argument("--round", type=int_in(1), default=1,
                   help="the round (its pot: every player's ante each round so far; default 1)")
    rules = p.add_argument_group("table rules (default: the game's own)")
    rules.add_argument("--declare", choices=("in-turn", "simultaneous"), default=None,
                       help="declare in turn from the dealer's left, or everyone at once")
    rules.add_argument("--three-card", choices=("groups", "poker"), default=None,
                       help="rank a three-card high stage by groups or as three-card poker")
    rules.add_argument("--legs-to-win", type=int_in(1, 20), default=None, metavar="N",
                       help="the legs that win the pot (a legs game)")
    rules.add_argument("--ante", type=int_in(1, 1_000_000), default=None, help="each player's ante per round")
    rules.add_argument("--max-payment", type=int_in(1, 1_000_000_000), default=None, metavar="N",
                       help="no single payment larger than N")
    work = p.add_argument_group("the solver")
    work.add_argument("--seed", type=whole_number, default=0, help="seed of the deals (default 0)")
    work.add_argument("--sweeps", type=int_in(2, 10_000), default=40, help="sweeps (default 40)")
    work.add_argument("--deals", type=int_in(1_000, 10_000_000), default=200_000,
                      help="deals dealt once to learn from (default 200,000)")
    work.add_argument("--rows", type=int_in(16, 1_000_000), default=None,
                      help="deals played per stage, round and state in each sweep (default 1,024, fewer at "
                           "tables with many states of legs)")
    work.add_argument("--iterations", type=int_in(0, 10_000), default=None,
                      help=f"iterations refining the strategy over information sets on whole games (default "
                           f"{DEFAULT_ITERATIONS}, twice that at the streak game's tables where that left a best "
                           "response above 0.005 pots a deal: the table's default_iterations; 0: the cells alone)")
    work.add_argument("--games", type=int_in(100, 10_000_000), default=40_000,
                      help="whole games each refining iteration plays (default 40,000)")
    work.add_argument("--method", choices=METHODS, default=DEFAULT_METHOD,
                      help=f"how the refinement moves an information set (default {DEFAULT_METHOD}): regret, "
                           "regret matching over a mixture of thresholds; cuts, one threshold stepping towards each "
                           "best cut; fictitious, a mixture of thresholds taking in each best cut (fictitious "
                           "play); docs/solver.md says how each does")
    work.add_argument("--cap", choices=CAP_RULES, default=None,
                      help="what the solver's games still undecided after 200 deals do with the antes: refund "
                           "gives them back (as the game does at its own cap), forfeit keeps them, so that a game "
                           "nobody wins costs every player its antes (default: forfeit for the streak game "
                           "declaring at once at 3 players or more, where games otherwise drift to the cap; "
                           "refund elsewhere)")
    work.add_argument("--threads", type=int_in(1, 1024), default=None,
                      help="threads the whole games are played on (default: every core); the strategy is the "
                           "same for any number")
    work.add_argument("--exploitability", type=int_in(2, 10_000_000), default=None, metavar="GAMES",
                      nargs="?", const=100_000,
                      help="also measure the strategy's exploitability: a best response over what a player sees, "
                           "found on GAMES games a pass (3 passes) and measured on GAMES fresh ones "
                           "(default 100,000), beside "
                           "simple deviations (every threshold moved, always in, always out)")
    work.add_argument("--spread-flips", action="store_true",
                      help="with --exploitability: flip 64 decisions of a longer game evenly over all of it, "
                           "each standing for its share, instead of its first 64 (the late decisions of long "
                           "games, such as the streak game's, are searched too)")
    work.add_argument("--resolve", action="store_true",
                      help="solve afresh even where the package ships this table's strategy (a preset's own "
                           "rules, 2 to 7 players, either way of declaring, the solver's defaults; shipped ones "
                           "print at once)")
    p.add_argument("--save", default=None, metavar="FILE",
                   help="write the whole strategy as JSON (every stage, pot, state and place)")
    p.add_argument("--json", action="store_true", help="print the thresholds as JSON")
    add_cluster(p)  # the refinement's games of a table solved afresh, on the cluster
    add_quiet(p)
    p.set_defaults(run=run)


MOST_REFINED_SHOWN = 12
"""Information sets shown in words per stage (``--json`` has every one)."""


def stays_in_words(never: bool, strength: float, stays_in: float) -> str:
    """How often a threshold stays in, in words: "never in", "always in" (every hand), else the
    share, which never rounds to 100.0 % or 0.0 % when it is not all or nothing."""
    if never or stays_in <= 0.0:
        return "never in"
    if strength == 0.0 or stays_in >= 1.0:
        return "always in"
    if stays_in >= 0.9995:
        return "stays in >99.9 %"
    if stays_in < 0.0005:
        return "stays in  <0.1 %"
    return f"stays in {100 * stays_in:5.1f} %"


def _legs(args: argparse.Namespace, goal: int) -> list[int]:
    if args.legs is None:
        return [0] * args.players
    try:
        counts = [int(x) for x in args.legs.replace(" ", "").split(",")]
    except ValueError:
        raise ValueError(f"--legs: {args.legs!r} is not counts separated by commas, yours first (1,0,2,0)") from None
    if len(counts) != args.players:
        raise ValueError(f"--legs: {len(counts)} counts for {args.players} players (--players); give one each, "
                         "yours first")
    if any(not 0 <= c < goal for c in counts):
        raise ValueError(f"--legs: each count is 0 to {goal - 1} (at {goal} the game is won), not {args.legs}")
    if PRESETS[args.game].win_by == "streak" and sum(1 for c in counts if c) > 1:
        raise ValueError("--legs: at the streak game only one player holds a streak at a time")
    return counts


def place_words(seat: int | None, ins: int | None) -> str:
    """A declaration context as players say it: ``"1st to declare"``, ``"3rd, one in before"``,
    ``"everyone at once"``."""
    if seat is None:
        return "everyone at once"
    if seat == 1:
        return "1st to declare"
    return f"{_ORDINALS[seat - 1]}, {_BEFORE[ins or 0]}"


def _default_settings(args: argparse.Namespace, rules: GutsRules) -> bool:
    """Whether every solver setting is the default for ``rules`` (the shipped strategies' own);
    ``--threads`` changes nothing in a strategy."""
    return (args.seed, args.sweeps, args.deals, args.rows, args.games, args.method) == (
        0, 40, 200_000, None, 40_000, DEFAULT_METHOD) and args.iterations in (
        None, default_iterations(rules, args.players)) and args.cap in (None, default_cap(rules, args.players))


def run(args: argparse.Namespace) -> int:
    from wildeval.cli.games import guts_rule_changes
    from wildeval.games.guts.rules import table_rules
    from wildeval.games.guts.solver import exploitability, solve
    from wildeval.games.guts.solver.explain import refined_at
    from wildeval.games.guts.solver.shipped import shipped

    rules = table_rules(args.game, guts_rule_changes(args, args.legs_to_win, "--legs-to-win"))
    if args.players > rules.max_players:
        raise ValueError(f"--players: {args.game} takes 2 to {rules.max_players} players, not {args.players}")
    if args.spread_flips and args.exploitability is None:
        raise ValueError("--spread-flips measures with --exploitability: give both")
    legs = _legs(args, rules.win_count)
    if args.save is not None:
        from wildeval.cli.common import check_writable

        check_writable(args.save)
    defaults = not args.resolve and _default_settings(args, rules)
    strategy = shipped(args.game, args.players, rules=rules) if defaults else None
    if strategy is None:
        iterations = default_iterations(rules, args.players) if args.iterations is None else args.iterations
        with client_for(args) as client, \
                bar(args.sweeps + iterations, f"solve {args.game}", quiet=args.quiet, unit=" steps") as progress:
            strategy = solve(rules, args.players, deals=args.deals, sweeps=args.sweeps, rows=args.rows,
                             seed=args.seed, iterations=iterations, games=args.games, method=args.method,
                             cap=args.cap, threads=args.threads, client=client, progress=progress.advance)
    was_shipped = defaults and strategy is shipped(args.game, args.players, rules=rules)
    measured = None if args.exploitability is None else exploitability(strategy, games=args.exploitability,
                                                                        seed=args.seed + 1, spread=args.spread_flips,
                                                                        threads=args.threads)
    if args.save is not None:
        with output_file(args.save) as out:
            out.write(strategy.dumps() + "\n")
    shown = strategy.thresholds_at(legs, round=args.round)
    mode = "declaring in turn" if rules.declaration == "in_turn" else "declaring at once"
    counted = "legs" if rules.win_by == "legs" else "stage wins in a row"
    if args.json:
        data: dict[str, Any] = {
            "game": args.game, "players": args.players, "declaration": rules.declaration,
            "legs": legs, "round": args.round, "pot": args.players * rules.ante * args.round,
            "stages": [{"stage": s + 1, "label": rules.stage_label(s),
                        "thresholds": [t.to_json() for t in shown if t.stage == s + 1]}
                       for s in range(len(rules.stages))],
            "seconds": round(strategy.seconds, 3),
            "shipped": was_shipped,
            "settings": dataclasses.asdict(strategy.settings),
            "information_sets": 0 if strategy.infosets is None else len(strategy.infosets),
            "refined_here": [r.to_json() for r in refined_at(strategy, legs, round=args.round)],
        }
        if measured is not None:
            data["exploitability"] = measured.to_json()
        print(json.dumps(data, indent=2))
        return 0
    others = ", ".join(map(str, legs[1:]))
    print(f"{args.game} at {args.players} players, {mode}; {counted}: you {legs[0]}, the others {others}; "
          f"round {args.round} (pot {args.players * rules.ante * args.round:,})")
    st = strategy.settings
    if was_shipped:
        made = f"{st.method}, {st.iterations} iterations"
        today = default_iterations(rules, args.players)
        if (st.method, st.iterations) == (DEFAULT_METHOD, today):
            print(f"Shipped with the package: solved ahead of time with the solver's defaults ({made}; --resolve "
                  "solves afresh)")
        else:
            print(f"Shipped with the package: solved ahead of time by the defaults of an earlier version ({made}; "
                  f"--resolve solves afresh with today's, {DEFAULT_METHOD}, {today} iterations)")
    print(f"Solved in {strategy.seconds:.1f} s ({st.sweeps} sweeps of {st.rows:,} deals per stage, pot and state; "
          f"{st.deals:,} deals, seed {st.seed})")
    if strategy.infosets is not None:
        how = {"fictitious": " (fictitious play: each a mixture of thresholds)",
               "regret": " (regret matching: each a mixture of thresholds)"}.get(st.method, "")
        print(f"Refined by {st.iterations} iterations of {st.games:,} whole games: {len(strategy.infosets):,} "
              f"information sets have thresholds of their own{how} (--save writes them); below, the thresholds "
              "a player keeps where none of them decides")
    if st.cap == "forfeit":
        print("In the solver's games, a game still undecided after 200 deals costs every player its antes (--cap "
              "forfeit), so that nobody gains by stalling")
    refined = refined_at(strategy, legs, round=args.round)
    width = max(len(place_words(t.seat, t.ins_before)) for t in shown)
    hand_width = max(len(t.hand) for t in shown)
    for s in range(len(rules.stages)):
        print(f"\nStage {s + 1}: {rules.stage_label(s)}")
        for t in shown:
            if t.stage == s + 1:
                stays = stays_in_words(t.value is None, t.strength, t.stays_in)
                print(f"  {place_words(t.seat, t.ins_before):<{width}}  {t.hand:<{hand_width}}  {stays}")
        here = [r for r in refined if r.stage == s + 1]
        if here:
            print("  where what you see decides otherwise:")
        for r in here[:MOST_REFINED_SHOWN]:
            seen = r.context + (f"; {r.history}" if r.history else "")
            mixes = f" ({r.mixes})" if r.mixes else ""
            print(f"    {seen}: {r.hand}, {stays_in_words(r.value is None, r.strength, r.stays_in)}{mixes}")
        if len(here) > MOST_REFINED_SHOWN:
            print(f"    and {len(here) - MOST_REFINED_SHOWN:,} more (--json lists them all)")
    if measured is not None:
        print(f"\n{measured.line()}")
        print("beside it, on the same games:")
        print("\n".join(measured.baseline_lines()))
    if args.save is not None:
        print(f"\nStrategy written to {args.save}.", file=sys.stderr)
    return 0
