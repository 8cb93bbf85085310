"""Many Python threads at once on shared evaluators: batch, per call, census and the odds give
exactly what one thread gives (the native core releases the GIL only inside batch and census,
around code that reads the hands' bytes and writes the values, no Python object); threads= works
for any count; and whether this interpreter runs without a GIL (3.13t/3.14t) is reported."""

from __future__ import annotations

import sys
import sysconfig
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import numpy as np
import pytest

from wildeval import Evaluator
from wildeval.evaluator import census
from wildeval.odds import equity
from wildeval.sampling import random_hands

N_THREADS = 16
EVALUATORS = [Evaluator(), Evaluator(wild="2"), Evaluator("low27"), Evaluator("three_card_poker", wild="3")]
HANDS = {3: random_hands(200_000, 3, seed=11), 7: random_hands(400_000, 7, seed=12)}


def _work(i: int) -> list[Any]:
    """One thread's share: every entry point, on evaluators every thread shares."""
    out: list[Any] = []
    for k, ev in enumerate(EVALUATORS):
        hands = HANDS[3 if ev.ranking == "three_card_poker" else 7]
        out.append(ev.batch(hands, threads=1 + (i + k) % 3).tobytes())
        target = np.empty(len(hands), dtype=np.int32)
        out.append(ev.batch(hands[::-1], out=target).tobytes())
        out.append([ev(row) for row in hands[: 10_000].tolist()])
    out.append(census(5, threads=1 + i % 2))
    out.append(census(3, "three_card_poker", wild="3"))
    out.append(equity(["As Ad", "Kc Kd", "7h 6h"], board="2h 9c", trials=20_000, seed=5, threads=1 + i % 2))
    out.append(equity(["As Ad", "Kc Kd"], board="2h 7s 9c"))
    return out


def _run_in_threads(fn: Callable[[int], Any], n: int) -> list[Any]:
    barrier = threading.Barrier(n)

    def start(i: int) -> Any:
        barrier.wait()  # all at once
        return fn(i)

    with ThreadPoolExecutor(n) as pool:
        return list(pool.map(start, range(n)))


def test_many_threads_on_shared_evaluators_give_what_one_thread_gives() -> None:
    alone = _work(0)  # threads= differs from thread to thread; no result depends on it
    together = _run_in_threads(_work, N_THREADS)
    for i, result in enumerate(together):
        assert result == alone, f"thread {i} differs from one thread alone"


def test_a_batch_gives_the_same_values_for_any_thread_count() -> None:
    ev = Evaluator()
    hands = random_hands(70_000, 7, seed=3)  # more rows than one thread's share
    expected = ev.batch(hands, threads=1)
    for threads in (2, 3, 7, 64, 1024, 10**9):
        assert np.array_equal(ev.batch(hands, threads=threads), expected), threads
    one = hands[:1]
    assert ev.batch(one, threads=10**6).tolist() == [ev(hands[0].tolist())]  # more threads than rows
    assert ev.batch(hands[:0], threads=5).tolist() == []
    for bad in (0, -1):
        with pytest.raises(ValueError, match="threads must be None or an int >= 1"):
            ev.batch(one, threads=bad)


def test_the_thread_limit_is_one_fact() -> None:
    from wildeval import _core
    from wildeval.evaluator import MAX_THREADS, check_threads

    assert MAX_THREADS == _core.MAX_THREADS == 1024
    assert check_threads(10**9) == MAX_THREADS and check_threads(MAX_THREADS - 1) == MAX_THREADS - 1


def _free_threaded() -> bool:
    return bool(sysconfig.get_config_var("Py_GIL_DISABLED"))


def test_the_free_threaded_build_is_not_claimed() -> None:
    """wildeval does not declare itself free-threading safe (no gil_not_used): the per-call
    path keeps a module-level cache and pybind11 objects that were not audited for it, so on a
    3.13t/3.14t interpreter importing wildeval turns the GIL back on, with a warning. Where such
    an interpreter runs this, the GIL must be on after the import."""
    import wildeval  # noqa: F401

    if _free_threaded():
        assert sys._is_gil_enabled(), "wildeval runs without the GIL though it does not declare it supported"
    else:
        assert not hasattr(sys, "_is_gil_enabled") or sys._is_gil_enabled()


@pytest.mark.parametrize(("threads", "failing"), [(1, 0), (2, 0), (2, 199), (8, 57)])
def test_a_task_that_throws_on_any_thread_reaches_the_caller(threads: int, failing: int) -> None:
    """The core's thread pool hands an exception from any worker back to the call (it ended the
    process before): the other threads stop taking tasks and are joined first."""
    from wildeval import _core

    with pytest.raises(ValueError, match=f"task {failing} failed"):
        _core._run_tasks_check(threads, 200, failing)
    assert _core._run_tasks_check(threads, 200, 200) == 200  # none fails: every task runs
