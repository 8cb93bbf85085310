"""Progress bars: drawn on standard error by tqdm when it is a terminal, for the commands that
can take more than a second; nothing at all when standard error is a file or a pipe, or with
--quiet. Each command runs as a user runs it, in a subprocess whose standard error is a
pseudo-terminal."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

pytest.importorskip("tqdm")
pty = pytest.importorskip("pty")


def run_on_terminal(*argv: str) -> tuple[int, str, str]:
    """``wildeval ARGV`` with standard error on a pseudo-terminal: (exit status, standard
    output, what the terminal received). Standard output goes to a file, so that a long output
    never blocks the command while the terminal is read."""
    master, slave = pty.openpty()
    with tempfile.TemporaryFile("w+", encoding="utf-8") as stdout:
        try:
            # a call that cannot report progress shows its elapsed time after 0.2 s, not 1 s,
            # so that the census below shows it on any machine
            env = {**os.environ, "WILDEVAL_PROGRESS_AFTER": "0.2"}
            process = subprocess.Popen([sys.executable, "-m", "wildeval", *argv], stdout=stdout,
                                       stderr=slave, stdin=subprocess.DEVNULL, text=True, env=env)
            os.close(slave)
            chunks = []
            while True:
                try:
                    data = os.read(master, 65536)
                except OSError:  # the other end closed (Linux raises EIO)
                    break
                if not data:
                    break
                chunks.append(data)
            code = process.wait()
        finally:
            os.close(master)
        stdout.seek(0)
        out = stdout.read()
    return code, out, b"".join(chunks).decode("utf-8", "replace")


def run_piped(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "wildeval", *argv], capture_output=True, text=True)


CASES = [
    ("chart", "--game", "napalm", "--stage", "3", "--deals", "400000", "--json"),
    ("simulate", "three-five-seven", "--games", "300", "--seed", "1", "--out", "{tmp}/games.jsonl"),
    ("simulate", "deuce-to-seven-triple-draw", "--hands", "1500", "--seed", "1", "--out", "{tmp}/hands.phhs"),
    ("odds", "Ks Kd Kh 2c 4d 8s 9s", "--opponents", "6", "--game", "three-five-seven", "--stage", "3",
     "--trials", "4000000", "--seed", "1"),
    ("census", "7", "--threads", "1"),
]
MARKS = {"chart": "deals/s", "simulate": "games", "odds": "deals/s", "census": "so far"}


@pytest.mark.slow
@pytest.mark.parametrize("argv", CASES, ids=lambda a: " ".join(a[:2]))
def test_a_bar_on_a_terminal_none_with_quiet_or_a_pipe(argv: tuple[str, ...], tmp_path: Path) -> None:
    args = [a.replace("{tmp}", str(tmp_path)) for a in argv]
    code, out, terminal = run_on_terminal(*args)
    assert code == 0, terminal
    mark = "hands" if "triple" in args[1] else MARKS[args[0]]
    assert mark in terminal and "\r" in terminal, terminal[-500:]
    code, quiet_out, quiet_terminal = run_on_terminal(*args, "--quiet")
    assert code == 0
    assert mark not in quiet_terminal and "\r" not in quiet_terminal.replace("\r\n", "")
    piped = run_piped(*args)
    assert piped.returncode == 0
    assert mark not in piped.stderr and "\r" not in piped.stderr
    if args[0] != "simulate":
        assert piped.stdout == out == quiet_out  # the same results with or without a bar


def test_without_tqdm_there_is_no_bar_and_no_error(tmp_path: Path) -> None:
    code = ("import sys; sys.modules['tqdm'] = None; from wildeval.cli import main; "
            "sys.exit(main(['chart', '--game', 'napalm', '--stage', '1', '--deals', '300000']))")
    master, slave = pty.openpty()
    done = subprocess.run([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=slave, text=True)
    os.close(slave)
    os.set_blocking(master, False)
    try:
        seen = os.read(master, 65536)
    except (BlockingIOError, OSError):
        seen = b""
    os.close(master)
    assert done.returncode == 0 and "Pair of aces" in done.stdout
    assert seen == b""
