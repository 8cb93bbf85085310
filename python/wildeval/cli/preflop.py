"""``wildeval preflop``: a starting-hand class against every class (or one), heads-up and exact,
from the shipped table (:mod:`wildeval.preflop`)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from wildeval import preflop

__all__ = ["register"]


def register(commands: Any) -> None:
    p = commands.add_parser(
        "preflop", help="exact heads-up preflop equity of a starting-hand class against every class",
        description="The 13x13 grid of a hold'em starting-hand class's exact heads-up equity against each class "
                    "(pairs on the diagonal, suited above it, offsuit below), or against one class with --versus. "
                    "Each cell is the average over the classes' compatible pairs of hands of each pair's equity "
                    "over all 1,712,304 boards, read from a table shipped with the package.")
    p.add_argument("hand", metavar="CLASS", help="a starting-hand class: a pair (QQ), suited (AKs) or offsuit (AKo)")
    p.add_argument("--versus", default=None, metavar="CLASS", help="only against this class, e.g. QQ")
    p.add_argument("--json", action="store_true",
                   help="print JSON: win, tie, equity and the whole numbers behind them, against each class")
    p.set_defaults(run=run)


def _check(name: str, option: str) -> str:
    try:
        return preflop.normalise(name)
    except ValueError as error:
        raise ValueError(f"{option}: {error}") from None


def run(args: argparse.Namespace) -> int:
    hand = _check(args.hand, "CLASS")
    others = [_check(args.versus, "--versus")] if args.versus is not None else list(preflop.CLASSES)
    if args.json:
        rows = []
        for other in others:
            c = preflop.counts(hand, other)
            rows.append({"versus": other, "win": preflop.win(hand, other), "tie": preflop.tie(hand, other),
                         "equity": preflop.equity(hand, other), "wins": c.wins, "ties": c.ties,
                         "losses": c.losses, "pairs": c.pairs, "boards": preflop.BOARDS})
        print(json.dumps({"hand": hand, "cells": rows}))
    elif args.versus is not None:
        other = others[0]
        c = preflop.counts(hand, other)
        print(f"{hand} against {other}: win {100 * preflop.win(hand, other):6.2f}%  tie "
              f"{100 * preflop.tie(hand, other):5.2f}%  equity {100 * preflop.equity(hand, other):6.2f}%  "
              f"({c.pairs} pairs of hands, every board)")
    else:
        print(preflop.picture(hand))
    return 0
