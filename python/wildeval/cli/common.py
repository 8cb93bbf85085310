"""What every command shares: argument types that speak in the command line's words, the
ranking and wild options, safe output files and the choice between suit symbols and ASCII."""

from __future__ import annotations

import argparse
import contextlib
import errno
import io
import os
import random
import signal
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
    "CannotWrite",
    "Terminated",
    "cannot_write",
    "check_writable",
    "fresh_seed",
    "int_in",
    "output_bytes",
    "output_file",
    "output_records",
    "shows_suits",
    "stopping_on_signals",
    "to_standard_streams",
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


def fresh_seed() -> int:
    """A seed for a run the user gave none for (printed, so that --seed gives the run again):
    short enough to type back."""
    return random.SystemRandom().randrange(1, 10**9)


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


def hand_sizes_help(census: bool = False) -> str:
    """The hand sizes of every ranking, as help texts say them: ``1-7 for high, 5-7 for low27 and
    low_a5, 3 for three_card_poker``. With ``census``, the rankings that have a census: a split
    ranking's hand (Omaha: hole cards and a board) has none, and the text says so."""
    by_sizes: dict[tuple[int, int], list[str]] = {}
    split = [name for name in RANKINGS if spec(name).board_cards is not None]
    for name in RANKINGS:
        row = spec(name)
        if census and name in split:
            continue
        by_sizes.setdefault((row.min_cards, row.max_cards), []).append(name)
    text = ", ".join((f"{low}-{high}" if low < high else f"{low}") + f" for {' and '.join(names)}"
                     for (low, high), names in by_sizes.items())
    if census and split:
        text += f" ({' and '.join(split)}: no census, a hand is hole cards and a board)"
    return text


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
    its symbolic links end at. :class:`CannotWrite` unless that is a file in an existing folder
    or something already there that is not a regular file (a device, a FIFO, a pipe such as
    ``/dev/stdout``), which is written through. Checked before a long run, so that it does not
    fail at the end."""
    if not path:
        raise CannotWrite(path, "give a file name ('-' for standard output)")
    if _writes_through(path):  # /dev/stdout into a pipe: the path opens, its target has no name
        return path
    target = os.path.realpath(path)
    folder = os.path.dirname(target)
    if os.path.isdir(target):
        raise CannotWrite(path, "it is a folder, not a file", errno.EISDIR)
    if not os.path.isdir(folder):
        raise CannotWrite(path, f"there is no folder {folder}", errno.ENOENT)
    if not os.access(folder, os.W_OK) and not (os.path.exists(target) and os.access(target, os.W_OK)):
        raise CannotWrite(path, f"{_folder_words(folder)} cannot be written to", errno.EACCES)
    return target


class CannotWrite(OSError):
    """An output path that cannot be written, in words: ``cannot write PATH: the reason``, naming
    the path the user gave (never our temporary file) and no errno code."""

    def __init__(self, path: str, reason: str, code: int | None = None) -> None:
        super().__init__(code, reason, path)
        self.path = path
        self.reason = reason

    def __str__(self) -> str:
        return f"cannot write {self.path or repr(self.path)}: {self.reason}"


_REASONS = {
    errno.EACCES: "permission denied",
    errno.EPERM: "the operation is not permitted there",
    errno.EROFS: "the file system is read-only",
    errno.ENOSPC: "no space is left on the device",
    errno.EDQUOT: "the disk quota is used up",
    errno.EFBIG: "the file would be too large",
    errno.ENAMETOOLONG: "the name is too long",
    errno.ENOENT: "there is no such folder",
    errno.ENOTDIR: "a part of the path is not a folder",
    errno.EISDIR: "it is a folder, not a file",
    errno.EIO: "the device reported an input/output error",
    errno.ELOOP: "its symbolic links go round in a loop",
}


def _folder_words(folder: str) -> str:
    return "the current folder" if folder == os.getcwd() else f"the folder {folder}"


def cannot_write(path: str, error: OSError) -> CannotWrite:
    """``error`` (raised while writing ``path`` or its temporary file) in words that name ``path``:
    the one place an OS error of an output option becomes a message."""
    if isinstance(error, CannotWrite):
        return error
    code = error.errno
    reason = _REASONS.get(code) if code is not None else None
    folder = os.path.dirname(os.path.realpath(path)) or "."
    where = _folder_words(folder)
    if code == errno.ENOENT and os.path.isdir(folder):  # /proc: the folder is there, a new file cannot be
        return CannotWrite(path, f"{where} does not take new files", code)
    if code in (errno.EACCES, errno.EPERM, errno.EROFS):
        reason = f"{reason} ({where} does not take new files)" if code != errno.EROFS else \
            f"{reason} ({where} is on it)"
    if reason is None:
        reason = (error.strerror or str(error)).lower()
    return CannotWrite(path, reason, code)


def _writes_through(target: str) -> bool:
    """Whether ``target`` is there and is not a regular file (a character device such as
    ``/dev/null``, a FIFO, a pipe or a socket, ``/dev/stdout`` when standard output is one):
    written in place, never replaced."""
    try:
        mode = os.stat(target).st_mode
    except OSError:
        return False
    return not stat.S_ISREG(mode)


_OUTPUT_OPTIONS = ("out", "csv", "plot", "save")


def to_standard_streams(args: argparse.Namespace) -> None:
    """Output options that name this process's standard output (``/dev/stdout``,
    ``/dev/fd/1``, ``/proc/self/fd/1``, or the file it is redirected to) become ``-``, which every
    command writes to ``sys.stdout`` itself (and then keeps its own lines off it)."""
    try:
        ours = os.fstat(sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # no real standard output (a test's capture)
        return
    for name in _OUTPUT_OPTIONS:
        path = getattr(args, name, None)
        if isinstance(path, str) and path not in ("", "-"):
            try:
                if os.path.samestat(os.stat(path), ours):
                    setattr(args, name, "-")
            except OSError:
                pass


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

    with _replacing(path, keep) as fd, open(fd, "wb") as opened:
        raw = opened
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
        try:
            fd = os.open(target, os.O_WRONLY)
        except OSError as error:
            raise cannot_write(path, error) from None
        yield fd
        return
    folder = os.path.dirname(target)
    try:  # hidden, named for the file and this process, and never mistaken for data: .out.jsonl.<pid>.<random>.part
        fd, temporary = tempfile.mkstemp(prefix=f".{os.path.basename(target)}.{os.getpid()}.", suffix=".part",
                                         dir=folder)
    except OSError as error:
        raise cannot_write(path, error) from None
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
    except OSError as error:  # a write, a flush or the rename failed: the old file stays
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        if error.errno in _WRITE_ERRORS or error.filename in (temporary, target):
            raise cannot_write(path, error) from None
        raise
    except BaseException:  # an error of the run, Terminated (SIGTERM, SIGHUP): the old file stays
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


# errors of writing a file's bytes, whatever the call: said in words that name the output
_WRITE_ERRORS = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO, errno.EROFS})


class Terminated(BaseException):
    """SIGTERM or SIGHUP arrived (``timeout``, systemd, a batch scheduler, ``docker stop``, a
    closed terminal): raised in the main thread by :func:`stopping_on_signals` so that every
    ``with`` block unwinds, and an output's temporary file is removed as on an error. A
    BaseException, as KeyboardInterrupt is, so that no ``except Exception`` swallows it."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum
        self.name = signal.Signals(signum).name


@contextlib.contextmanager
def stopping_on_signals() -> Iterator[None]:
    """Within the block, SIGTERM and SIGHUP raise :class:`Terminated` (where they would end the
    process at once: a signal already ignored, as under ``nohup``, stays ignored); the handlers
    before are restored after it. Off the main thread it changes nothing."""
    previous: dict[int, Any] = {}

    def raise_terminated(signum: int, _frame: object) -> None:
        raise Terminated(signum)

    try:
        for signum in (signal.SIGTERM, getattr(signal, "SIGHUP", None)):
            if signum is not None and signal.getsignal(signum) == signal.SIG_DFL:
                previous[signum] = signal.signal(signum, raise_terminated)
    except ValueError:  # not the main thread
        pass
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


def _install(temporary: str, target: str) -> None:
    if os.path.exists(target):
        os.chmod(temporary, os.stat(target).st_mode & 0o7777)
    else:
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(temporary, 0o666 & ~umask)
    os.replace(temporary, target)
