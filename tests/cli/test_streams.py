"""Output options as a user meets them, driven through the real command: a run stopped by SIGTERM
or SIGHUP leaves no temporary file and the old file as it was; ``/dev/stdout`` into a pipe; a path
that cannot be written said in words that name it (never our temporary file, never an errno)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

WILDEVAL = [sys.executable, "-m", "wildeval"]


def _wait_for_temporary(folder: Path, name: str, timeout: float = 60.0) -> Path:
    """The run's temporary file beside ``name`` once it holds some bytes."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for entry in folder.iterdir():
            if entry.name.startswith(f".{name}.") and entry.name.endswith(".part") and entry.stat().st_size > 0:
                return entry
        time.sleep(0.05)
    raise AssertionError(f"no temporary file for {name} appeared in {folder}: {os.listdir(folder)}")


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_a_stopped_simulation_leaves_the_old_file_and_no_temporary(tmp_path: Path, signum: int) -> None:
    out = tmp_path / "games.jsonl"
    out.write_text("old\n")
    # the signal's default action in the run, whatever this test runs under (under nohup SIGHUP is
    # ignored, and an ignored hang-up rightly stays ignored: the test below)
    process = subprocess.Popen([*WILDEVAL, "simulate", "napalm", "--games", "1000000", "--seed", "1", "--quiet",
                                "--out", str(out)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               preexec_fn=lambda: signal.signal(signum, signal.SIG_DFL))
    try:
        temporary = _wait_for_temporary(tmp_path, out.name)
        assert str(os.getpid()) not in temporary.name and f".{process.pid}." in temporary.name  # whose run it was
        process.send_signal(signum)
        _, error = process.communicate(timeout=60)
    finally:  # a run the signal did not stop is not left running (a million games)
        if process.poll() is None:
            process.kill()
            process.wait()
    assert process.returncode == 128 + signum
    assert error.strip() == f"wildeval simulate: stopped by {signal.Signals(signum).name}"
    assert sorted(os.listdir(tmp_path)) == ["games.jsonl"] and out.read_text() == "old\n"


def test_an_ignored_hangup_stays_ignored(tmp_path: Path) -> None:
    """Under nohup (SIGHUP ignored) a hang-up does not stop the run."""
    out = tmp_path / "games.jsonl"
    code = ("import signal, sys; signal.signal(signal.SIGHUP, signal.SIG_IGN); "
            "from wildeval.cli import main; sys.exit(main(sys.argv[1:]))")
    process = subprocess.Popen([sys.executable, "-c", code, "simulate", "napalm", "--games", "400", "--seed", "1",
                                "--quiet", "--out", str(out)], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    _wait_for_temporary(tmp_path, out.name)
    process.send_signal(signal.SIGHUP)
    assert process.wait(timeout=120) == 0
    assert len(out.read_text().splitlines()) == 400


@pytest.mark.parametrize("argv", [
    ["simulate", "napalm", "--games", "2", "--seed", "1", "--out", "/dev/stdout"],
    ["chart", "--game", "napalm", "--stage", "1", "--deals", "500", "--csv", "/dev/stdout"],
])
def test_dev_stdout_into_a_pipe(argv: list[str]) -> None:
    through_pipe = subprocess.run([*WILDEVAL, *argv, "--quiet"], capture_output=True, text=True)
    dash = [a if a != "/dev/stdout" else "-" for a in argv]
    to_dash = subprocess.run([*WILDEVAL, *dash, "--quiet"], capture_output=True, text=True)
    assert through_pipe.returncode == 0, through_pipe.stderr
    assert ".part" not in through_pipe.stderr
    # the same bytes as '-', the records alone on standard output (the summary on standard error)
    assert through_pipe.stdout == to_dash.stdout and through_pipe.stdout


def test_dev_stdout_redirected_to_a_file(tmp_path: Path) -> None:
    target = tmp_path / "redirected.jsonl"
    with open(target, "w") as stream:
        done = subprocess.run([*WILDEVAL, "simulate", "napalm", "--games", "3", "--seed", "1", "--quiet",
                               "--out", "/dev/stdout"], stdout=stream, stderr=subprocess.PIPE, text=True)
    assert done.returncode == 0, done.stderr
    lines = target.read_text().splitlines()
    assert len(lines) == 3 and all(line.startswith('{"format"') for line in lines)
    assert "written to standard output" in done.stderr
    assert os.listdir(tmp_path) == ["redirected.jsonl"]


@pytest.mark.parametrize("argv", [
    ["simulate", "napalm", "--games", "2", "--out", "{path}"],
    ["play", "napalm", "--out", "{path}"],
    ["chart", "--game", "napalm", "--stage", "1", "--deals", "100", "--csv", "{path}"],
    ["chart", "--game", "napalm", "--stage", "1", "--deals", "100", "--out", "{path}.png"],
    ["solve", "three-five-seven", "--players", "2", "--sweeps", "4", "--deals", "20000", "--iterations", "2", "--games",
     "2000", "--save", "{path}"],
    ["bench", "--quick", "--plot", "{path}.png"],
])
@pytest.mark.parametrize("path, reason", [
    ("/proc/wildeval-out", "cannot write /proc/wildeval-out: the folder /proc does not take new files"),
    ("/proc/version", "cannot write /proc/version: the folder /proc does not take new files"),
    ("/sys/wildeval-out", "cannot write /sys/wildeval-out: permission denied (the folder /sys does not take new "
                          "files)"),
    ("/no/such/folder/out", "cannot write /no/such/folder/out: there is no folder /no/such/folder"),
])
def test_a_path_that_cannot_be_written_is_named_in_words(argv: list[str], path: str, reason: str) -> None:
    if path == "/proc/version" and argv[-1].endswith(".png"):
        path, reason = "/proc/wildeval-out", reason.replace("version", "wildeval-out")
    argv = [a.replace("{path}", path) for a in argv]
    wanted = reason.replace(path, argv[-1], 1) if argv[-1] != path else reason
    done = subprocess.run([*WILDEVAL, *argv], capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=300)
    assert done.returncode == 2, done.stderr
    assert done.stderr.strip() == f"wildeval {argv[0]}: {wanted}"
    assert "Errno" not in done.stderr and ".part" not in done.stderr and "Traceback" not in done.stderr


def test_an_empty_output_name() -> None:
    done = subprocess.run([*WILDEVAL, "simulate", "napalm", "--games", "2", "--out", ""],
                          capture_output=True, text=True)
    assert done.returncode == 2
    assert done.stderr.strip() == "wildeval simulate: cannot write '': give a file name ('-' for standard output)"
