"""The ``wildeval`` command: eval, census, odds, preflop, strength, tables, buckets, chart, bench, simulate,
play, solve, videopoker."""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Sequence

import wildeval
from wildeval.cli import abstraction, bench, chart, evaluate, games, odds, preflop, solve, videopoker
from wildeval.cli.common import ArgumentParser, Terminated, stopping_on_signals, to_standard_streams

__all__ = ["main"]


def build_parser() -> ArgumentParser:
    parser = ArgumentParser(
        prog="wildeval",
        description="Poker hand evaluation with wild ranks, five of a kind, lowball and three-card "
                    "poker; guts and triple-draw games. 'wildeval COMMAND --help' tells more.",
    )
    parser.add_argument("--version", action="version", version=f"wildeval {wildeval.__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND",
                                     parser_class=ArgumentParser)
    for module in (evaluate, odds, preflop, abstraction, chart, bench, games, solve, videopoker):
        module.register(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        with stopping_on_signals():
            to_standard_streams(args)
            return int(args.run(args))
    except BrokenPipeError:
        # the reader went away (`... | head -1`): end quietly, as other tools do, with the
        # shell's code for a closed pipe; standard output goes nowhere from now on, so that
        # flushing it at exit raises nothing
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    except (ValueError, TypeError, OSError) as error:
        print(f"wildeval {args.command}: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"wildeval {args.command}: interrupted", file=sys.stderr)
        return 130
    except Terminated as stop:  # SIGTERM, SIGHUP: every output left as it was, the shell's code
        with contextlib.suppress(OSError, ValueError):
            print(f"wildeval {args.command}: stopped by {stop.name}", file=sys.stderr)
        return 128 + stop.signum
