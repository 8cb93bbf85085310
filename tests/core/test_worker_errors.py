"""An exception on any thread of the core's thread pool (``run_tasks``, src/core/threads/parallel.hpp)
reaches the caller as a Python exception, on every parallel path, under every row kernel and
thread count; the call after it gives the same values as the call before. The exceptions are
planted with a test hook, ``_core._plant_worker_error(kind, after_tasks)``: the task that starts
after ``after_tasks`` others throws std::runtime_error, std::bad_alloc or std::invalid_argument,
which pybind11 turns into RuntimeError, MemoryError and ValueError. Before run_tasks carried them,
such an exception ended the process (std::terminate, SIGABRT): a subprocess checks it no longer
does."""

from __future__ import annotations

import re
import signal
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache

import numpy as np
import pytest

from wildeval import Evaluator, _core, census
from wildeval.field import versus_field
from wildeval.odds import equity
from wildeval.rankings import spec

KINDS = {"runtime_error": RuntimeError, "bad_alloc": MemoryError, "invalid_argument": ValueError}
THREADS = (1, 2, 8)
ROWS_PER_PART = 1 << 15  # kRowsPerThread (src/core/batch/batch.hpp): a batch is split into parts this long
KEPT_ROWS = 2_100_000  # a new result this long is written into kept memory (_core.KEPT_RESULT_FROM)


@pytest.fixture(autouse=True)
def _nothing_planted_after() -> Iterator[None]:
    yield
    _core._plant_worker_error("", 0)


@cache
def _rows(lowest_card: int, n_cards: int) -> np.ndarray:
    """4,096 rows of distinct cards from ``lowest_card`` up; tiled to any length below."""
    rng = np.random.default_rng(lowest_card * 8 + n_cards)
    deck = np.arange(lowest_card, 52, dtype=np.uint8)
    return deck[rng.random((4096, len(deck))).argsort(axis=1)[:, :n_cards]]


def _tiled(lowest_card: int, n_cards: int, n_rows: int) -> np.ndarray:
    rows = _rows(lowest_card, n_cards)
    return np.tile(rows, (-(-n_rows // len(rows)), 1))[:n_rows]


@dataclass(frozen=True)
class Path:
    name: str
    tasks: Callable[[int], int]  # how many tasks the call hands out on that many threads
    call: Callable[[int], object]  # the call on that many threads


def _batch(ranking: str, n_cards: int, dtype: type = np.uint8, rows: int | None = None) -> Path:
    ev = Evaluator(ranking)  # type: ignore[arg-type]
    low = spec(ranking).lowest_card

    def call(threads: int) -> object:
        # as many parts as threads (a ragged last one), or a result in kept memory
        n_rows = rows if rows is not None else threads * ROWS_PER_PART - 3
        return ev.batch(_tiled(low, n_cards, n_rows).astype(dtype), threads=threads)

    width = f"{n_cards} cards" + ("" if dtype is np.uint8 else f" {np.dtype(dtype).name}")
    return Path(f"batch {ranking} {width}" + (f" {rows:,} rows" if rows else ""), lambda threads: threads, call)


def _batch_parts(ranking: str, n_hole: int, n_board: int) -> Path:
    ev = Evaluator(ranking)  # type: ignore[arg-type]

    def call(threads: int) -> object:
        rows = _tiled(0, n_hole + n_board, threads * ROWS_PER_PART + 5)
        return ev.batch(rows[:, :n_hole], rows[:, n_hole:], threads=threads)

    return Path(f"batch {ranking} holes {n_hole} boards {n_board}", lambda threads: threads, call)


def _paths() -> list[Path]:
    paths = [_batch(name, n) for name, low_n, high_n, *_ in _core.RANKING_SPECS
             if spec(name).board_cards is None for n in range(low_n, high_n + 1)]
    paths += [_batch("high", 7, dtype) for dtype in (np.int8, np.int16, np.int32, np.uint64)]
    paths += [_batch("high", 5, np.int64), _batch("low27", 6, np.uint16), _batch("high", 5, rows=KEPT_ROWS)]
    paths += [_batch_parts("omaha", 4, 5), _batch_parts("omaha_low8", 6, 3), _batch_parts("high", 2, 5)]
    paths += [
        Path("census high 5", lambda _: 48, lambda threads: census(5, threads=threads)),
        Path("census badugi 4", lambda _: 52 * 52, lambda threads: census(4, "badugi", threads=threads)),
        Path("equity exact", lambda _: 24,
             lambda threads: equity(["AKs", "QQ"], board="2c 3d 4h 5s", threads=threads)),
        Path("equity sampled", lambda _: 8,
             lambda threads: equity(["As Ad", "Kc Kd"], trials=8 << 16, seed=1, threads=threads)),
        Path("field exact, one opponent", lambda _: 47,
             lambda threads: versus_field("As Kd Qh", 1, ranking="three_card_poker", exact=True, threads=threads)),
        Path("field exact, two opponents", lambda _: 5,
             lambda threads: versus_field("As Kd", 2, exact=True, threads=threads)),
        Path("field sampled", lambda _: 8,
             lambda threads: versus_field("As Kd Qh", 1, ranking="three_card_poker", trials=8 << 16, seed=1,
                                          threads=threads)),
    ]
    return paths


PATHS = _paths()


def _same(a: object, b: object) -> bool:
    if isinstance(a, np.ndarray):
        return isinstance(b, np.ndarray) and a.dtype == b.dtype and np.array_equal(a, b)
    return a == b


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("threads", THREADS)
def test_a_planted_worker_error_reaches_the_caller_on_every_path(rows_kernel: str, threads: int, kind: str) -> None:
    """On every path, the task that throws is the last of the first ``threads`` to start (so that
    with more than one thread it is usually not the calling thread's); the call raises the
    matching Python exception with the planted message, and the next call is right."""
    message = re.compile(rf"^planted {kind} \(test hook\): task \d+ on worker (\d+)$")
    for path in PATHS:
        before = path.call(threads)
        _core._plant_worker_error(kind, min(threads, path.tasks(threads)) - 1)
        with pytest.raises(KINDS[kind]) as raised:
            path.call(threads)
        found = message.match(str(raised.value))
        assert found, (path.name, str(raised.value))
        assert int(found[1]) < threads, path.name
        after = path.call(threads)  # the plant is gone, and nothing of the failed call is left
        assert _same(after, before), path.name


@pytest.mark.parametrize("threads", [2, 8])
def test_an_error_on_a_thread_other_than_the_callers_reaches_it(threads: int) -> None:
    """The error of a worker the pool started (not the calling thread, worker 0) comes back too."""
    workers = set()
    for _ in range(200):
        _core._plant_worker_error("runtime_error", 20)
        with pytest.raises(RuntimeError, match=r"planted runtime_error \(test hook\)") as raised:
            census(5, threads=threads)
        workers.add(int(str(raised.value).rsplit(" ", 1)[1]))
        if workers - {0}:
            break
    assert workers - {0}, workers
    assert census(5, threads=threads) == census(5, threads=1)


def test_the_hook_is_one_shot_and_clears() -> None:
    expected = census(5, threads=1)
    _core._plant_worker_error("invalid_argument", 0)
    _core._plant_worker_error("", 0)  # cleared: nothing throws
    assert census(5, threads=2) == expected
    _core._plant_worker_error("bad_alloc", 0)
    with pytest.raises(MemoryError, match=r"^planted bad_alloc \(test hook\): task 0 on worker 0$"):
        census(5, threads=1)
    assert census(5, threads=1) == expected  # thrown once, then gone
    with pytest.raises(ValueError, match="kind must be"):
        _core._plant_worker_error("segfault", 0)
    with pytest.raises(ValueError, match="after_tasks must be >= 0"):
        _core._plant_worker_error("bad_alloc", -1)


_ABORTS = """
import numpy as np
from wildeval import Evaluator, _core, census
for kind, call in [("bad_alloc", lambda: census(5, threads=8)),
                   ("runtime_error", lambda: Evaluator().batch(np.zeros((1 << 18, 1), np.uint8), threads=8))]:
    _core._plant_worker_error(kind, 5)
    try:
        call()
    except (MemoryError, RuntimeError) as error:
        print(type(error).__name__, error)
"""


def test_a_worker_error_does_not_abort_the_process() -> None:
    """Run apart, so that the std::terminate the old run_tasks reached (SIGABRT) fails this test
    rather than ending the test run."""
    done = subprocess.run([sys.executable, "-c", _ABORTS], capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode != -signal.SIGABRT, f"aborted (SIGABRT): {done.stderr[-2000:]}"
    assert done.returncode == 0, done.stderr[-2000:]
    lines = done.stdout.splitlines()
    assert len(lines) == 2 and lines[0].startswith("MemoryError planted bad_alloc (test hook)"), lines
    assert lines[1].startswith("RuntimeError planted runtime_error (test hook)"), lines


def test_the_paths_cover_every_ranking_without_a_board() -> None:
    names = {path.name.split()[1] for path in PATHS if path.name.startswith("batch ")}
    assert names == set(_core.RANKINGS)
