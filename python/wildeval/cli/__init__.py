"""The ``wildeval`` command: eval, census, odds, bench, simulate, play."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from wildeval.cli import bench, evaluate, games, odds

__all__ = ["main"]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="wildeval", description="Poker hand evaluation with wild ranks, five of a kind and more."
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for module in (evaluate, odds, bench, games):
        module.register(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.run(args))
    except (ValueError, TypeError, OSError) as error:
        print(f"wildeval {args.command}: {error}", file=sys.stderr)
        return 2
