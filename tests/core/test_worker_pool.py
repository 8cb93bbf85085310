"""The core's one worker pool (src/core/threads/parallel.hpp): started once, lazily, and reused by every
parallel path; no thread is started per call, concurrent calls from several Python threads give
the right values (no deadlock), a fork child runs a threaded batch on a pool of its own, and the
interpreter exits promptly with the pool's threads still waiting."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

from wildeval import Evaluator, _core, census
from wildeval.odds import equity

ROWS = 100_000  # more rows than one task (1 << 15): several tasks on several threads


def _hands(n: int, seed: int = 5) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return rng.random((n, 52)).argsort(axis=1)[:, :7].astype(np.uint8)


def _os_threads() -> int:
    return len(os.listdir("/proc/self/task"))


needs_proc = pytest.mark.skipif(not os.path.isdir("/proc/self/task"), reason="counts threads in /proc/self/task")


@needs_proc
def test_no_thread_is_started_per_call() -> None:
    ev = Evaluator()
    hands = _hands(ROWS)
    expected = ev.batch(hands, threads=1)
    assert np.array_equal(ev.batch(hands, threads=4), expected)  # the pool is started by now
    before, pool = _os_threads(), _core._pool_threads()
    assert 3 <= pool <= max(os.cpu_count() or 1, 8) - 1
    for _ in range(50):
        assert np.array_equal(ev.batch(hands, threads=4), expected)
        equity(["AKs", "QQ"], board="2c 3d 4h", threads=4)
        assert _os_threads() == before  # stable: no thread started (or left running) per call
    assert _core._pool_threads() == pool


@needs_proc
def test_a_thousand_small_threaded_calls_start_no_thread() -> None:
    ev = Evaluator()
    hands = _hands(20_000)  # several tasks of 4,096 rows
    expected = ev.batch(hands, threads=1)
    assert np.array_equal(ev.batch(hands, threads=4), expected)
    before, pool = _os_threads(), _core._pool_threads()
    for i in range(1_000):
        assert np.array_equal(ev.batch(hands, threads=2 + i % 3), expected)
    assert _os_threads() == before and _core._pool_threads() == pool


@needs_proc
def test_many_threads_asked_for_stay_within_the_pool() -> None:
    ev = Evaluator()
    hands = _hands(ROWS)
    expected = ev.batch(hands, threads=1)
    assert np.array_equal(ev.batch(hands, threads=1024), expected)
    pool = _core._pool_threads()
    assert pool <= max(os.cpu_count() or 1, 8) - 1
    before = _os_threads()
    for _ in range(20):
        assert np.array_equal(ev.batch(hands, threads=1024), expected)
    assert _os_threads() == before and _core._pool_threads() == pool


def test_concurrent_calls_from_python_threads_give_the_values_of_one_thread() -> None:
    ev = Evaluator()
    hands = [_hands(ROWS + 1_000 * i, seed=i) for i in range(4)]
    expected = [ev.batch(h, threads=1) for h in hands]
    census_one = census(5, threads=1)
    equity_one = equity(["As Ad", "Kc Kd"], trials=1 << 16, seed=3, threads=1)

    def work(i: int) -> bool:
        ok = True
        for round_ in range(10):
            threads = (2, 3, 4, 8)[(i + round_) % 4]
            ok &= np.array_equal(ev.batch(hands[i], threads=threads), expected[i])
            if round_ % 5 == i % 5:
                ok &= census(5, threads=threads) == census_one
                ok &= equity(["As Ad", "Kc Kd"], trials=1 << 16, seed=3, threads=threads) == equity_one
        return ok

    with ThreadPoolExecutor(4) as pool:
        assert all(pool.map(work, range(4)))


def test_a_worker_error_in_one_python_thread_leaves_the_others_right() -> None:
    ev = Evaluator()
    hands = _hands(ROWS)
    expected = ev.batch(hands, threads=1)
    with pytest.raises(ValueError, match="task 500 failed"):
        _core._run_tasks_check(4, 1000, 500)
    with ThreadPoolExecutor(4) as pool:
        results = list(pool.map(lambda t: np.array_equal(ev.batch(hands, threads=t), expected), (2, 4, 4, 8)))
    assert all(results)


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_a_fork_child_runs_a_threaded_batch() -> None:
    ev = Evaluator()
    hands = _hands(ROWS)
    expected = ev.batch(hands, threads=4)  # the parent's pool is started before the fork
    assert _core._pool_threads() >= 3
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: the parent's pool threads are not here; a new pool is started
        code = 1
        try:
            fresh = _core._pool_threads() == 0
            same = np.array_equal(ev.batch(hands, threads=4), expected)
            code = 0 if fresh and same and _core._pool_threads() >= 3 else 2
        finally:
            os.write(write, bytes([code]))
            os._exit(code)
    os.close(write)
    _, status = os.waitpid(pid, 0)
    got = os.read(read, 1)
    os.close(read)
    assert got == b"\x00" and os.waitstatus_to_exitcode(status) == 0, (got, status)
    assert np.array_equal(ev.batch(hands, threads=4), expected)  # the parent's pool still works


@pytest.mark.skipif(sys.platform != "linux", reason="multiprocessing's fork start method")
def test_a_multiprocessing_fork_child_runs_a_threaded_batch() -> None:
    script = textwrap.dedent(
        """
        import multiprocessing as mp
        import numpy as np
        from wildeval import Evaluator

        def child(_):
            rng = np.random.default_rng(1)
            hands = rng.random((100_000, 52)).argsort(axis=1)[:, :7].astype(np.uint8)
            return Evaluator().batch(hands, threads=4).tobytes()

        if __name__ == "__main__":
            parent = child(0)  # starts the parent's pool
            with mp.get_context("fork").Pool(2) as pool:
                assert pool.map(child, range(4)) == [parent] * 4
            print("ok")
        """
    )
    done = subprocess.run([sys.executable, "-c", script], check=False, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr


def test_the_interpreter_exits_promptly_with_the_pool_started() -> None:
    """The pool's threads, idle after calls from the main thread and from another Python thread,
    do not hold up exit. (A daemon Python thread still inside a call at exit is another matter:
    Python ends it while pybind11 takes the GIL back, which aborts with or without the pool.)"""
    script = textwrap.dedent(
        """
        import threading
        import numpy as np
        from wildeval import Evaluator, census

        ev = Evaluator()
        hands = np.random.default_rng(2).random((200_000, 52)).argsort(axis=1)[:, :7].astype(np.uint8)
        ev.batch(hands, threads=8)
        worker = threading.Thread(target=lambda: census(5, threads=4))
        worker.start()
        worker.join()
        print("ok")
        """
    )
    done = subprocess.run([sys.executable, "-c", script], check=False, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr
