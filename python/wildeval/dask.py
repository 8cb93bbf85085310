"""Scaling out on Dask: the same answers as one machine, from a cluster
(``pip install 'dask[distributed]' (the dask extra)``).

The census, the odds, the chart and the guts simulations split their work into tasks that do not
depend on how many workers run them (see each function's ``client=``); this module runs such
tasks on a :class:`distributed.Client` and hands their results back in task order
(:func:`map_ordered`), and adds two things that only make sense on a cluster:

- :func:`census_all_wild_sets`: one census row per wild set (all 8,191 by default);
- :func:`evaluate`: the values of a dask array of hands, lazily, block by block.

``import wildeval`` never imports dask: only this module and the code paths given ``client=``
(or ``--scheduler``/``--workers`` on the command line) do.

How each workload is split (a split fixed by the arguments alone, never by the cluster):

- census: one task per lowest card (``Evaluator._census(n, threads, lo, lo + 1)``), the counts
  added; :func:`census_all_wild_sets`: one task per group of wild sets;
- sampled field odds: slices of the native sampler's seeded chunks of 65,536 deals;
- equity: chunks of 200,000 boards, chunk ``i`` drawn from
  ``numpy.random.SeedSequence(seed).spawn(...)[i]`` (counted boards: one task per first card);
- chart: its 50 groups of deals, group ``g`` drawn from the ``g``-th spawned seed;
- guts simulations: ranges of game numbers; game ``g`` is seeded by the ``g``-th spawned seed,
  so the bytes do not even depend on the ranges;
- strength tables (:mod:`wildeval.strength_tables`): runs of classes of boards, each class of
  hands reached from its board's class only.

Every count is an integer (shares of a split pot are kept as counts per number of winners), so
the results are equal, not just close, and the local paths run the same tasks one after another.
"""

from __future__ import annotations

import contextlib
import functools
import logging
import signal
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import IO, Any, NamedTuple, TypeVar, cast

import numpy as np
import numpy.typing as npt

from wildeval.cards import RANKS
from wildeval.evaluator import CARD_COUNTS, Evaluator, check_threads
from wildeval.values import Category

try:
    import dask.array as da
    import distributed
except ImportError as error:  # pragma: no cover - the extra is missing
    raise ImportError("wildeval.dask needs dask.distributed: "
                      "pip install 'dask[distributed]' (the dask extra)") from error

_distributed: Any = distributed  # its functions are not annotated
Client = distributed.Client

__all__ = ["WildCensus", "census_all_wild_sets", "connect", "evaluate", "map_ordered", "wild_sets"]

T = TypeVar("T")
R = TypeVar("R")


def map_ordered(client: Any, fn: Callable[[T], R], tasks: Iterable[T], *,
                progress: Callable[[T], object] | None = None, window: int | None = None) -> Iterator[R]:
    """``fn(task)`` for every task on the cluster, yielded in task order as soon as each result
    and all before it are in. At most ``window`` tasks (default four per worker thread) are
    submitted or held at once, so a long run never holds all results. ``progress(task)`` is
    called as each task finishes, in any order. A task lost with a worker is computed again by
    the scheduler; when the caller stops early (an error, Ctrl-C) the tasks still out are
    cancelled."""
    if window is None:
        window = max(4, 4 * sum(client.nthreads().values()))
    source = iter(tasks)
    pending: dict[Any, tuple[int, T]] = {}
    futures: dict[int, Any] = {}
    done: dict[int, R] = {}
    queue = _distributed.as_completed()
    submitted = given = 0
    exhausted = False
    try:
        while True:
            while not exhausted and submitted - given < window:
                try:
                    task = next(source)
                except StopIteration:
                    exhausted = True
                    break
                future = client.submit(fn, task, pure=False)
                pending[future.key] = (submitted, task)
                futures[submitted] = future
                queue.add(future)
                submitted += 1
            if given == submitted:
                return
            future = next(queue)
            i, task = pending.pop(future.key)
            done[i] = future.result()  # raises the task's own error
            del futures[i]
            if progress is not None:
                progress(task)
            while given in done:
                yield done.pop(given)
                given += 1
    finally:
        # A client closed first (a Ctrl-C unwinding through `connect` before this generator is
        # closed) has released its futures with it, and can no longer be asked to cancel them.
        if futures and client.status == "running":
            client.cancel(list(futures.values()))


@contextlib.contextmanager
def connect(scheduler: str | None = None, workers: int | None = None) -> Iterator[Any]:
    """A client of the scheduler at ``scheduler`` (``tcp://host:8786``), or of a
    ``LocalCluster`` of ``workers`` worker processes (one thread each, no dashboard) started for
    the block and closed after it. The local workers start with Ctrl-C ignored: a Ctrl-C at the
    terminal reaches the whole process group, and it is this process that stops the run (and
    the cluster), not each worker with a traceback."""
    if (scheduler is None) == (workers is None):
        raise ValueError("give a scheduler address or a number of workers, not both or neither")
    if scheduler is not None:
        with _distributed.Client(scheduler, timeout="20s") as client:
            yield client
        return
    assert workers is not None
    main = threading.current_thread() is threading.main_thread()  # signals are set there only
    handler = signal.getsignal(signal.SIGINT) if main else None
    if main:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # inherited by the worker processes
    try:
        # Only critical messages of the cluster's own reach standard error: a task's error still
        # comes back to the caller as its exception, and a worker losing its scheduler as the run
        # is stopped (Ctrl-C) prints no heartbeat traceback.
        cluster = _distributed.LocalCluster(n_workers=workers, processes=True, threads_per_worker=1,
                                            dashboard_address=None, silence_logs=logging.CRITICAL)
    finally:
        if main:
            signal.signal(signal.SIGINT, handler)
    with cluster, _distributed.Client(cluster) as client:
        yield client


# -- every wild set ----------------------------------------------------------------------------


def wild_sets() -> list[str]:
    """The 8,191 wild settings as rank text, in the order of their rank bits (deuce = bit 0):
    ``"2"``, ``"3"``, ``"23"``, ``"4"``, ...

    >>> sets = wild_sets()
    >>> len(sets), sets[:4], sets[-1]
    (8191, ['2', '3', '23', '4'], '23456789TJQKA')
    """
    return ["".join(RANKS[r] for r in range(13) if mask >> r & 1) for mask in range(1, 1 << 13)]


@functools.lru_cache(maxsize=64)
def _evaluator(ranking: str, wild: str | None, flush_duplicates: bool) -> Evaluator:
    return Evaluator(ranking, wild, flush_duplicates=flush_duplicates)  # type: ignore[arg-type]


class _CensusTask(NamedTuple):
    """One task of a distributed census: the ranking and flush setting, the hand size, the wild
    ``sets`` it counts and ``threads``."""

    ranking: str
    flush_duplicates: bool
    n_cards: int
    sets: tuple[str, ...]
    threads: int | None


def _census_of_sets(task: _CensusTask) -> list[list[int]]:
    ranking, flush_duplicates, n_cards, sets, threads = task
    return [list(_evaluator(ranking, wild, flush_duplicates)._census(n_cards, threads)) for wild in sets]


@dataclass(frozen=True)
class WildCensus:
    """A census per wild set: ``wild[i]`` (rank text) has ``counts[i, c]`` hands of category
    ``categories[c]``; ``total`` is C(52, n_cards), the same for every row."""

    n_cards: int
    ranking: str
    flush_duplicates: bool
    wild: tuple[str, ...]
    categories: tuple[Category, ...]
    counts: npt.NDArray[np.int64]

    @property
    def total(self) -> int:
        return int(self.counts[0].sum()) if len(self.wild) else 0

    def rows(self) -> list[dict[str, Any]]:
        """One dict per wild set: ``{"wild": "2", "HIGH_CARD": ..., ..., "FIVE_OF_A_KIND": ...}``."""
        names = [c.name for c in self.categories]
        return [{"wild": w, **dict(zip(names, map(int, row)))} for w, row in zip(self.wild, self.counts)]

    def write_csv(self, stream: IO[str]) -> None:
        """The table as CSV, one line per wild set."""
        stream.write(",".join(["wild"] + [c.name for c in self.categories]) + "\n")
        for w, row in zip(self.wild, self.counts):
            stream.write(",".join([w] + [str(int(n)) for n in row]) + "\n")

    def to_pandas(self) -> Any:
        """The table as a pandas DataFrame indexed by the wild set (needs pandas)."""
        import pandas as pd  # type: ignore[import-untyped,import-not-found,unused-ignore]

        return pd.DataFrame(self.counts, index=pd.Index(self.wild, name="wild"),
                            columns=[c.name for c in self.categories])


def census_all_wild_sets(
    n_cards: int,
    ranking: str = "high",
    *,
    sets: Sequence[str] | None = None,
    flush_duplicates: bool = True,
    client: Any = None,
    threads: int | None = None,
    per_task: int | None = None,
    progress: Callable[[int], object] | None = None,
) -> WildCensus:
    """The census of ``n_cards`` hands under every wild set (``sets``, default all 8,191 of
    :func:`wild_sets`), as a :class:`WildCensus` table with one row per set, in the order given.

    With ``client`` the sets go out in tasks of ``per_task`` sets (default by hand size: 64 at
    five cards or fewer, 8 at six, 1 at seven), each counted on ``threads`` threads (default 1:
    a task per worker thread); without, they are counted here one after another, each on
    ``threads`` threads (default every core). ``progress`` is called with the sets done.

    >>> table = census_all_wild_sets(3, sets=["2", "A"])
    >>> table.rows()[0]["FIVE_OF_A_KIND"], table.total
    (0, 22100)
    """
    if ranking not in ("high", "three_card_poker"):
        raise ValueError(f"wild cards work with the high and three_card_poker rankings, not {ranking!r}")
    low, high = CARD_COUNTS[ranking]
    if isinstance(n_cards, bool) or not isinstance(n_cards, int) or not low <= n_cards <= high:
        raise ValueError(f"a {ranking!r} census counts hands of {low} to {high} cards, not {n_cards!r}")
    chosen = tuple(wild_sets() if sets is None else sets)
    for wild in chosen:  # every setting checked before any work
        _evaluator(ranking, wild, flush_duplicates)
    threads = check_threads(threads)
    if per_task is None:
        per_task = 64 if n_cards <= 5 else 8 if n_cards == 6 else 1
    tasks = [_CensusTask(ranking, flush_duplicates, n_cards, chosen[i:i + per_task],
                         threads if client is None else threads or 1) for i in range(0, len(chosen), per_task)]
    rows: list[list[int]] = []
    if client is None:
        for task in tasks:
            rows += _census_of_sets(task)
            if progress is not None:
                progress(len(task.sets))
    else:
        step = None if progress is None else (lambda task: progress(len(task.sets)))
        for result in map_ordered(client, _census_of_sets, tasks, progress=step):
            rows += result
    counts = np.array(rows, dtype=np.int64).reshape(len(chosen), len(Category))
    return WildCensus(n_cards=n_cards, ranking=ranking, flush_duplicates=flush_duplicates, wild=chosen,
                      categories=tuple(Category), counts=counts)


# -- values of a dask array --------------------------------------------------------------------


def _evaluate_block(block: npt.NDArray[Any], ranking: str, wild: str | None,
                    flush_duplicates: bool) -> npt.NDArray[np.int32]:
    return _evaluator(ranking, wild, flush_duplicates).batch(block, threads=1)


def evaluate(hands: da.Array, ranking: str = "high", wild: str | None = None, *,
             flush_duplicates: bool = True) -> da.Array:
    """The values of a 2-D dask array of hands (one hand per row, any integer dtype) as a lazy
    1-D int32 dask array with the rows' chunks, computed block by block with ``map_blocks``
    (one thread per block: dask runs the blocks in parallel). Every chunk must hold whole rows
    (one chunk along the columns: ``hands.rechunk({1: -1})``).

    >>> import dask.array
    >>> hands = dask.array.from_array(np.array([[48, 49, 50, 0, 1], [0, 4, 8, 12, 51]]), chunks=(1, 5))
    >>> evaluate(hands).compute().tolist() == Evaluator().batch([[48, 49, 50, 0, 1], [0, 4, 8, 12, 51]]).tolist()
    True
    """
    if not isinstance(hands, da.Array):
        raise TypeError(f"hands must be a dask array, not {type(hands).__name__}")
    if hands.ndim != 2:
        raise ValueError(f"hands must be 2-D (one hand per row), not {hands.ndim}-D")
    if hands.dtype == np.bool_ or hands.dtype.kind not in "iu":
        raise TypeError(f"hands must hold integers, not {hands.dtype}")
    if len(hands.chunks[1]) != 1:
        raise ValueError(f"every chunk must hold whole rows, but the columns are split in {len(hands.chunks[1])}: "
                         "use hands.rechunk({1: -1})")
    wild_text = (None if wild is None
                 else "".join(RANKS[r] for r in sorted(_evaluator(ranking, wild, flush_duplicates).wild)))
    _evaluator(ranking, wild_text, flush_duplicates)  # a bad setting fails here, not in a worker
    return cast(da.Array, cast(Any, hands).map_blocks(_evaluate_block, ranking, wild_text or None, flush_duplicates,
                                                      dtype=np.int32, drop_axis=1, meta=np.empty((0,), dtype=np.int32)))
