"""Progress bars on standard error for the commands that can take more than a second.

A bar is drawn by tqdm (``pip install tqdm (the progress extra)``), only when standard error is a
terminal and ``--quiet`` was not given; otherwise nothing is written. Without tqdm there is no
bar: the base install needs numpy only.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import threading
from collections.abc import Iterator
from typing import Any

__all__ = ["Progress", "add_quiet", "bar", "busy", "shown"]


def add_quiet(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--quiet", action="store_true",
                        help="no progress bar (there is none anyway unless standard error is a terminal)")


def _tqdm() -> Any:
    try:
        from tqdm import tqdm  # type: ignore[import-untyped,import-not-found,unused-ignore]
    except ImportError:
        return None
    return tqdm


def _width() -> dict[str, Any]:
    """tqdm's size settings: the terminal's own, or 80 by 24 where it reports none (a pty that
    was never sized, as under ``script``, says 0 by 0, and tqdm would then draw nothing)."""
    try:
        size = os.get_terminal_size(sys.stderr.fileno())
    except (AttributeError, OSError, ValueError):
        size = os.terminal_size((0, 0))
    settings: dict[str, Any] = {"dynamic_ncols": True} if size.columns > 0 else {"ncols": 80}
    if size.lines <= 0:
        settings["nrows"] = 24
    return settings


def shown(quiet: bool = False) -> bool:
    """Whether a bar would be drawn: tqdm installed, standard error a terminal, not ``quiet``."""
    if quiet:
        return False
    try:
        terminal = sys.stderr.isatty()
    except (AttributeError, ValueError):
        return False
    return terminal and _tqdm() is not None


class Progress:
    """What a command tells its bar: ``advance(n)`` moves it by ``n`` (of its total) and
    ``note(text)`` says what is being done. Both do nothing when no bar is shown."""

    def __init__(self, bar: Any = None) -> None:
        self._bar = bar

    def advance(self, n: int = 1) -> None:
        if self._bar is not None:
            self._bar.update(n)

    def grow(self, n: int) -> None:
        """``n`` more steps than the total said (work found on the way)."""
        if self._bar is not None and self._bar.total is not None:
            self._bar.total += n
            self._bar.refresh()

    def note(self, text: str) -> None:
        if self._bar is not None:
            self._bar.set_postfix_str(text, refresh=True)


@contextlib.contextmanager
def bar(total: int | None, desc: str, *, quiet: bool = False, unit: str = "it",
        unit_scale: bool = False) -> Iterator[Progress]:
    """A tqdm bar of ``total`` steps on standard error while the block runs (removed at its
    end), or, when no bar is shown (:func:`shown`), a :class:`Progress` that does nothing."""
    if not shown(quiet):
        yield Progress()
        return
    with _tqdm()(total=total, desc=desc, unit=unit, unit_scale=unit_scale, file=sys.stderr,
                 leave=False, **_width()) as progress:
        yield Progress(progress)


@contextlib.contextmanager
def busy(desc: str, *, quiet: bool = False, after: float | None = None) -> Iterator[None]:
    """For one long call that cannot report its progress (a native count or sample): after
    ``after`` seconds a tqdm line with the time spent so far, refreshed until the call ends.
    ``after`` defaults to the environment's ``WILDEVAL_PROGRESS_AFTER`` (seconds), else 1."""
    if not shown(quiet):
        yield
        return
    if after is None:
        try:
            after = max(0.0, float(os.environ.get("WILDEVAL_PROGRESS_AFTER", "1")))
        except ValueError:
            after = 1.0
    done = threading.Event()

    def tick() -> None:
        if done.wait(after):
            return
        with _tqdm()(total=None, desc=desc, bar_format="{desc}: {elapsed} so far", file=sys.stderr,
                     leave=False, **_width()) as line:
            line.start_t -= after  # the time before the line appeared counts too
            while not done.wait(0.1):
                line.refresh()

    thread = threading.Thread(target=tick, daemon=True)
    thread.start()
    try:
        yield
    finally:
        done.set()
        thread.join()
