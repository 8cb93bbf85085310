"""Progress bars on standard error for the commands that can take more than a second.

A bar is drawn by tqdm (``pip install 'wildeval[progress]'``), only when standard error is a
terminal and ``--quiet`` was not given; otherwise nothing is written. Without tqdm there is no
bar: the base install needs numpy only.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
import threading
from collections.abc import Callable, Iterator
from typing import Any

__all__ = ["add_quiet", "bar", "busy", "shown"]


def add_quiet(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--quiet", action="store_true",
                        help="no progress bar (there is none anyway unless standard error is a terminal)")


def _tqdm() -> Any:
    try:
        from tqdm import tqdm  # type: ignore[import-untyped,import-not-found,unused-ignore]
    except ImportError:
        return None
    return tqdm


def shown(quiet: bool = False) -> bool:
    """Whether a bar would be drawn: tqdm installed, standard error a terminal, not ``quiet``."""
    if quiet:
        return False
    try:
        terminal = sys.stderr.isatty()
    except (AttributeError, ValueError):
        return False
    return terminal and _tqdm() is not None


@contextlib.contextmanager
def bar(total: int | None, desc: str, *, quiet: bool = False, unit: str = "it",
        unit_scale: bool = False) -> Iterator[Callable[[int], object]]:
    """A context whose value is ``advance(n)``: moves the bar by ``n`` (of ``total``). When no bar
    is shown, ``advance`` does nothing. The bar is removed at the end."""
    if not shown(quiet):
        yield lambda n: None
        return
    with _tqdm()(total=total, desc=desc, unit=unit, unit_scale=unit_scale, file=sys.stderr,
                 leave=False, dynamic_ncols=True) as progress:
        yield progress.update


@contextlib.contextmanager
def busy(desc: str, *, quiet: bool = False, after: float = 1.0) -> Iterator[None]:
    """For one long call that cannot report its progress (a native count or sample): after
    ``after`` seconds a tqdm line with the time spent so far, refreshed until the call ends."""
    if not shown(quiet):
        yield
        return
    done = threading.Event()

    def tick() -> None:
        if done.wait(after):
            return
        with _tqdm()(total=None, desc=desc, bar_format="{desc}: {elapsed} so far", file=sys.stderr,
                     leave=False) as line:
            while not done.wait(0.1):
                line.refresh()

    thread = threading.Thread(target=tick, daemon=True)
    thread.start()
    try:
        yield
    finally:
        done.set()
        thread.join()
