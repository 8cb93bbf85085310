"""How a batch is cut over the worker pool (src/core/batch/batch.hpp's RowCuts,
src/core/threads/parallel.hpp): the same values, and the same refused row, at threads 1, 2, 3,
7 and the default, for every size around the cuts and every alignment of the output; Ctrl-C
stops a long native call within a second, and the pool works afterwards."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Iterator

import numpy as np
import pytest
from interrupts import interrupted_within

from wildeval import Evaluator, _core
from wildeval.field import versus_field
from wildeval.odds import equity

TASK = 1 << 15  # the most rows a task (kRowsPerThread)
BLOCK = 1 << 12  # the fewest (kFewestRowsPerTask)
THREADS = (2, 3, 7, None)
# around each cut, with the output starting anywhere in a cache line (16 int32 values)
SIZES = (0, 1, 15, 16, 17, BLOCK - 1, BLOCK + 1, 2 * BLOCK + 5, 8 * BLOCK + 1, 28 * BLOCK + 3,
         TASK - 17, TASK - 1, TASK, TASK + 1, TASK + 16, 2 * TASK - 1, 2 * TASK + 3, 5 * TASK + 7)


def _hands(n: int, cols: int = 7, seed: int = 11) -> np.ndarray:
    rng = np.random.default_rng(seed)
    base = rng.random((min(max(n, 1), 1 << 16), 52)).argsort(axis=1)[:, :cols].astype(np.uint8)
    return np.ascontiguousarray(np.tile(base, (-(-n // len(base)), 1))[:n])


def _out(n: int, shift: int) -> np.ndarray:
    """An int32 array of n values whose data starts `shift` values past a cache line."""
    room = np.empty(n + 32, dtype=np.int32)
    skip = (-room.ctypes.data % 64) // 4 + shift
    return room[skip:skip + n]


@pytest.mark.parametrize("n", SIZES)
def test_every_thread_count_and_alignment_gives_the_values_of_one_thread(n: int) -> None:
    ev = Evaluator()
    hands = _hands(n)
    expected = ev.batch(hands, threads=1)
    for shift in (0, 1, 7, 15):
        for threads in THREADS:
            out = _out(n, shift)
            assert ev.batch(hands, threads=threads, out=out) is out
            assert np.array_equal(out, expected), (shift, threads)


def test_a_few_million_rows_and_wide_integers_give_the_values_of_one_thread() -> None:
    ev = Evaluator()
    hands = _hands(3_000_003)
    expected = ev.batch(hands, threads=1)
    for threads in THREADS:
        assert np.array_equal(ev.batch(hands, threads=threads), expected), threads
    wide = hands[: 4 * TASK + 5].astype(np.int64)
    for threads in THREADS:
        assert np.array_equal(ev.batch(wide, threads=threads, out=_out(len(wide), 3)), expected[: len(wide)])


@pytest.mark.parametrize("bad_row", [0, TASK - 1, TASK, TASK + 12, TASK + 13, 3 * TASK + 1])
def test_the_first_refused_row_is_named_whatever_the_cuts(bad_row: int) -> None:
    ev = Evaluator()
    hands = _hands(4 * TASK)
    hands[bad_row, 1] = hands[bad_row, 0]
    hands[bad_row + 5, 2] = hands[bad_row + 5, 0]  # a later one, maybe in another task
    for shift in (0, 5):
        for threads in (1, *THREADS):
            out = _out(len(hands), shift)
            out[:] = -7
            with pytest.raises(ValueError, match=f"^row {bad_row}: duplicate card"):
                ev.batch(hands, threads=threads, out=out)


@pytest.mark.parametrize("n", [1, TASK - 1, TASK + 9, 3 * TASK + 1])
def test_hole_and_board_rows_give_the_values_of_one_thread(n: int) -> None:
    ev = Evaluator("omaha")
    cards = _hands(n, cols=9, seed=4)
    holes, boards = cards[:, :4].copy(), cards[:, 4:].copy()
    expected = ev.batch(holes, boards, threads=1)
    for shift in (0, 9):
        for threads in THREADS:
            out = _out(n, shift)
            assert np.array_equal(ev.batch(holes, boards, threads=threads, out=out), expected), (shift, threads)


# -- Ctrl-C ---------------------------------------------------------------------------------------

@pytest.fixture(autouse=True)
def _ctrl_c_raises() -> Iterator[None]:
    """Python's own SIGINT handler (a shell that starts the tests in the background without job
    control ignores SIGINT, and then a simulated Ctrl-C does nothing)."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, previous)


@pytest.mark.parametrize("threads", [1, 2, 7])
def test_ctrl_c_stops_a_long_native_call_within_a_second(threads: int) -> None:
    # 20,000 tasks of 5 ms: 100 s of work on one thread, stopped after 0.3 s
    assert interrupted_within(lambda: _core._busy_tasks(threads, 20_000, 0.005)) < 1.0
    assert _core._busy_tasks(threads, 64, 0.0) == 64  # the pool works afterwards
    hands = _hands(3 * TASK)
    ev = Evaluator()
    assert np.array_equal(ev.batch(hands, threads=threads), ev.batch(hands, threads=1))


def test_ctrl_c_stops_sampled_equity_and_a_sampled_field() -> None:
    late = interrupted_within(lambda: equity(["AKs", "QQ", "JJ", "TT"], trials=10**9, seed=1, threads=2))
    assert late < 1.0
    late = interrupted_within(lambda: versus_field("As Ad", 5, trials=10**9, seed=1, threads=2))
    assert late < 1.0
    assert equity(["AsAd", "KsKd"], board="2c3d4h5s", threads=2)[0].win > 0.5  # and it works afterwards


def test_a_python_signal_handler_s_own_exception_stops_a_native_call() -> None:
    class Stop(Exception):
        pass

    def handler(signum: int, frame: object) -> None:
        raise Stop

    previous = signal.signal(signal.SIGUSR1, handler)
    timer = threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGUSR1))
    try:
        start = time.perf_counter()
        timer.start()
        with pytest.raises(Stop):
            _core._busy_tasks(2, 20_000, 0.005)
        assert time.perf_counter() - start < 1.3
    finally:
        timer.cancel()
        signal.signal(signal.SIGUSR1, previous)


def test_a_real_sigint_ends_a_long_call_with_keyboardinterrupt() -> None:
    script = textwrap.dedent("""
        import sys, time
        from wildeval.odds import equity
        print("ready", flush=True)
        start = time.perf_counter()
        try:
            equity(["AKs", "QQ", "JJ"], trials=10**9, seed=1)
        except KeyboardInterrupt:
            print(f"interrupted {time.perf_counter() - start:.3f}", flush=True)
            sys.exit(3)
    """)
    child = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True,
                             preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))  # not ignored
    try:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "ready"
        time.sleep(0.5)
        sent = time.perf_counter()
        child.send_signal(signal.SIGINT)
        line = child.stdout.readline()
        assert child.wait(timeout=30) == 3, line
        assert time.perf_counter() - sent < 2.0, line  # well within a second, and a process exit
    finally:
        child.kill()
