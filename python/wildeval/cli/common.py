"""What every command shares: argument types that speak in the command line's words, the
ranking and wild options, safe output files and the choice between suit symbols and ASCII."""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import stat
import sys
import tempfile
import textwrap
from collections.abc import Callable, Iterator
from typing import Any, BinaryIO, TextIO

from wildeval.cards import stream_shows_suits
from wildeval.evaluator import RANKINGS
from wildeval.rankings import spec
from wildeval.wild import WildError, parse_wild

__all__ = [
    "ArgumentParser",
    "HelpFormatter",
    "add_ascii",
    "add_settings",
    "hand_sizes_help",
    "check_writable",
    "int_in",
    "output_bytes",
    "output_file",
    "output_records",
    "shows_suits",
    "wild_ranks",
]


class HelpFormatter(argparse.HelpFormatter):
    """argparse's formatter, but never breaking a line inside a hyphenated name
    (``deuce-to-seven-triple-draw``)."""

    def _split_lines(self, text: str, width: int) -> list[str]:
        return textwrap.wrap(" ".join(text.split()), width, break_on_hyphens=False)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        return textwrap.fill(" ".join(text.split()), width, initial_indent=indent,
                             subsequent_indent=indent, break_on_hyphens=False)


class ArgumentParser(argparse.ArgumentParser):
    """An argparse parser that formats its help with :class:`HelpFormatter`."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", HelpFormatter)
        super().__init__(*args, **kwargs)


def int_in(low: int, high: int | None = None) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high`` (no upper bound if None).

    argparse reports a bad one as ``argument --trials: must be at least 1, not 0``.
    """

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if value < low or (high is not None and value > high):
            span = f"from {low:,} to {high:,}" if high is not None else f"at least {low:,}"
            raise argparse.ArgumentTypeError(f"must be {span}, not {value}")
        return value

    parse.__name__ = "number"  # what argparse calls the type in its own messages
    return parse


def whole_number(text: str) -> int:
    """An argparse type: any whole number (a seed: negative and beyond 64 bits too, see
    :mod:`wildeval.seeds`); argparse reports ``argument --seed: 'x' is not a whole number``."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None


whole_number.__name__ = "number"


def wild_ranks(text: str) -> str:
    """An argparse type for ``--wild``: rank characters such as ``3``, ``357``, ``T`` or ``10``,
    read by :func:`wildeval.wild.parse_wild`; its errors in the command line's words."""
    try:
        parse_wild(text)
    except WildError as error:
        if error.character is None:
            raise argparse.ArgumentTypeError("names no rank; leave --wild out for no wild cards") from None
        raise argparse.ArgumentTypeError(f"{error.character!r} is not a rank (2-9, T or 10, J, Q, K, A)") from None
    return text


def add_settings(parser: argparse.ArgumentParser, *, wild_help: str = 'wild ranks, e.g. "3" or "357"') -> None:
    """``--ranking``, ``--wild`` and ``--no-flush-duplicates``."""
    with_wild = " and ".join(name for name in RANKINGS if spec(name).takes_wild)
    parser.add_argument("--ranking", default="high", choices=RANKINGS,
                        help="the ranking: %(choices)s (default: high)")
    parser.add_argument("--wild", default=None, type=wild_ranks,
                        help=f"{wild_help} ({with_wild} only; default: none)")
    parser.add_argument("--no-flush-duplicates", dest="flush_duplicates", action="store_false",
                        help="a wild in a flush stands for the highest card of its suit not held")


def hand_sizes_help() -> str:
    """The hand sizes of every ranking, as help texts say them: ``1-7 for high, 5-7 for low27 and
    low_a5, 3 for three_card_poker``."""
    by_sizes: dict[tuple[int, int], list[str]] = {}
    for name in RANKINGS:
        row = spec(name)
        by_sizes.setdefault((row.min_cards, row.max_cards), []).append(name)
    return ", ".join((f"{low}-{high}" if low < high else f"{low}") + f" for {' and '.join(names)}"
                     for (low, high), names in by_sizes.items())


def add_ascii(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--ascii", action="store_true",
                        help="write cards as As Kd, not with suit symbols (the default where the "
                             "terminal cannot show them)")


def shows_suits(args: argparse.Namespace, stream: TextIO | None = None) -> bool:
    """Whether to print suit symbols: not with ``--ascii``, nor to a stream that cannot encode them."""
    return not getattr(args, "ascii", False) and stream_shows_suits(stream or sys.stdout)


@contextlib.contextmanager
def output_file(path: str) -> Iterator[TextIO]:
    """A text stream for ``path`` (standard output for ``-``) that replaces an existing file only
    when the block ends without an error: the text goes to a temporary file beside it, renamed
    into place at the end, so a failed or interrupted run leaves the old file as it was. A
    symbolic link's file is the one replaced; a device or a FIFO is written in place."""
    if path == "-":
        yield sys.stdout
        sys.stdout.flush()
        return
    with _replacing(path) as fd, open(fd, "w", encoding="utf-8", newline="\n") as stream:
        yield stream


@contextlib.contextmanager
def output_bytes(path: str) -> Iterator[BinaryIO]:
    """:func:`output_file` for bytes (an image): ``-`` is standard output's binary stream."""
    if path == "-":
        yield sys.stdout.buffer
        sys.stdout.buffer.flush()
        return
    with _replacing(path) as fd, open(fd, "wb") as stream:
        yield stream


def check_writable(path: str) -> str:
    """The file that writing ``path`` writes, as an absolute path: ``path`` itself, or the file
    its symbolic links end at. OSError unless that is a file in an existing folder or something
    already there that is not a regular file (a device, a FIFO), which is written through.
    Checked before a long run, so that it does not fail at the end."""
    target = os.path.realpath(path)
    folder = os.path.dirname(target)
    if os.path.isdir(target):
        raise IsADirectoryError(f"{path} is a folder, not a file")
    if not os.path.isdir(folder):
        raise FileNotFoundError(f"cannot write {path}: there is no folder {folder}")
    return target


def _writes_through(target: str) -> bool:
    """Whether ``target`` is there and is not a regular file (a character device such as
    ``/dev/null``, a FIFO, a socket): written in place, never replaced."""
    try:
        mode = os.stat(target).st_mode
    except FileNotFoundError:
        return False
    return not stat.S_ISREG(mode)


class RecordStream(io.TextIOBase):
    """A text stream of whole records: each ``write`` is one record (a JSON line, a PHH section),
    written as UTF-8; ``records`` and ``size`` (bytes) count the records written whole."""

    def __init__(self, raw: BinaryIO | None = None, text: TextIO | None = None) -> None:
        super().__init__()
        self._raw = raw
        self._text = text
        self.records = 0
        self.size = 0

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        data = text.encode("utf-8")
        if self._raw is not None:
            self._raw.write(data)
        elif self._text is not None:
            self._text.write(text)
        self.records += 1
        self.size += len(data)
        return len(text)

    def flush(self) -> None:
        (self._raw or self._text or sys.stdout).flush()


@contextlib.contextmanager
def output_records(path: str) -> Iterator[RecordStream]:
    """:func:`output_file` for records (``simulate``): the same rule, replaced only when the
    block ends well, but for Ctrl-C: then the records written whole so far (a record cut short
    is cut off) replace the file, and KeyboardInterrupt goes on with the stream's ``records``
    and ``size`` telling how far the run got. Each ``write`` must be one whole record. To a
    device or a FIFO the records go as they are written, and stay written."""
    if path == "-":
        yield RecordStream(text=sys.stdout)
        sys.stdout.flush()
        return

    raw: BinaryIO | None = None
    stream: RecordStream | None = None

    def keep(temporary: str) -> bool:
        assert raw is not None and stream is not None
        with contextlib.suppress(OSError, ValueError):
            raw.flush()
        raw.close()
        os.truncate(temporary, stream.size)  # whole records only
        return True

    with _replacing(path, keep) as fd, open(fd, "wb") as raw:
        stream = RecordStream(raw)
        yield stream


@contextlib.contextmanager
def _replacing(path: str, keep: Callable[[str], bool] | None = None) -> Iterator[int]:
    """A file descriptor to write ``path`` through; the block must close it.

    A regular file (or none yet) is written as a temporary file beside it, renamed into place
    (keeping an existing file's permissions) when the block ends well and removed when it does
    not (but on KeyboardInterrupt, renamed too if ``keep(temporary)`` says so): a failed run
    leaves the old file as it was. A symbolic link is followed, so the file it ends at is
    replaced and the link stays a link. Anything else already at the path (a device, a FIFO) is
    opened and written in place, never replaced by a regular file."""
    target = check_writable(path)
    if _writes_through(target):
        yield os.open(target, os.O_WRONLY)
        return
    folder = os.path.dirname(target)
    fd, temporary = tempfile.mkstemp(prefix=f".{os.path.basename(target)}.", suffix=".part", dir=folder)
    try:
        yield fd
        _install(temporary, target)
    except KeyboardInterrupt:
        if keep is not None and keep(temporary):
            _install(temporary, target)
        else:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
        raise
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def _install(temporary: str, target: str) -> None:
    if os.path.exists(target):
        os.chmod(temporary, os.stat(target).st_mode & 0o7777)
    else:
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(temporary, 0o666 & ~umask)
    os.replace(temporary, target)
