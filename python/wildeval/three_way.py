"""A sampled 3-way preflop equity table: every unordered triple of the 169 starting-hand classes
(:data:`wildeval.preflop.CLASSES`), each player's share of the pot, with its standard error.

A cell is three players, one of each class, dealt uniformly from the deals in which their hands
share no card (card removal included, the three hands drawn together by the native equity
engine), and a full board of five of the 46 cards left; a player's equity is the mean share of
the pot (a tie among k counts 1/k) over ``trials`` such deals. The triples are the multisets
``i <= j <= k`` of class positions (repeats included: AA, AA, KK can be dealt), numbered
``C(k + 2, 3) + C(j + 1, 2) + i`` (:func:`triple_index`), 818,805 for the 169 classes. A triple
that cannot be dealt (more than four cards of a rank: AA, AA, AA or AA, AA, AKs) is stored as
:data:`IMPOSSIBLE` and read as a ValueError.

Each triple is sampled from its own generator, seeded from ``seed`` and the triple's number
alone, so the table's bytes do not depend on how the work is split: on ``threads`` local threads
or on a Dask cluster (``client``) the same bytes. Equities and standard errors are stored as
uint16 fixed point of :data:`SCALE` (65,000: a step of 1.5e-5, far below the standard error);
where two players hold the same class their two sampled equities are replaced by their mean (so
that the table is symmetric), whose standard error is at most the larger of the two stored; three
players of one class have exactly 1/3 each (the shares of a deal add to 1), standard error 0.

>>> table = three_way(["AA", "KK", "QQ"], trials=4000, seed=1)
>>> table.size, table.equity("QQ", "AA", "KK") == tuple(table.equity("AA", "KK", "QQ")[i] for i in (2, 0, 1))
(10, True)
>>> table.equity("AA", "AA", "KK")[0] == table.equity("AA", "AA", "KK")[1]
True
"""

from __future__ import annotations

import concurrent.futures
import functools
import json
import math
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from wildeval import _core
from wildeval.evaluator import check_threads
from wildeval.seeds import check_seed, seed_word

__all__ = ["FILES", "IMPOSSIBLE", "SCALE", "ThreeWay", "possible", "three_way", "triple_index",
           "write_three_way"]

SCALE = 65_000  # uint16 fixed point: value / SCALE
IMPOSSIBLE = 65_535  # a triple that cannot be dealt
FILES = ("preflop3_equity.npy", "preflop3_stderr.npy", "preflop3.json")
_PER_TASK = 1024  # triples per task (fixed: the bytes never depend on it anyway)
_MASK = (1 << 64) - 1


def triple_index(i: int, j: int, k: int) -> int:
    """The number of the triple of class positions ``i <= j <= k`` (any order is sorted first):
    ``C(k + 2, 3) + C(j + 1, 2) + i``.

    >>> triple_index(0, 0, 0), triple_index(0, 0, 1), triple_index(2, 1, 1), triple_index(168, 168, 168)
    (0, 1, 6, 818804)
    """
    i, j, k = sorted((int(i), int(j), int(k)))
    return math.comb(k + 2, 3) + math.comb(j + 1, 2) + i


@functools.cache
def _triples(n: int) -> npt.NDArray[np.int64]:
    """Every triple ``i <= j <= k < n`` in the order of :func:`triple_index`, shape (C(n + 2, 3), 3)."""
    rows = [(i, j, k) for k in range(n) for j in range(k + 1) for i in range(j + 1)]
    out = np.array(rows, dtype=np.int64).reshape(len(rows), 3)
    out.flags.writeable = False
    return out


def _uses(name: str) -> dict[str, int]:
    """The cards of each rank a hand of the class holds."""
    return {name[0]: 2} if len(name) == 2 else {name[0]: 1, name[1]: 1}


def possible(a: str, b: str, c: str) -> bool:
    """Whether three players can hold one hand of each class at once: no rank is held more than
    four times (with at most three hands, suits can always be found then; the tests check this
    against every set of hands on small cases).

    >>> possible("AA", "AA", "KK"), possible("AA", "AA", "AA"), possible("AA", "AA", "AKs")
    (True, False, False)
    """
    from wildeval.preflop import normalise

    held: dict[str, int] = {}
    for name in (normalise(a), normalise(b), normalise(c)):
        for rank, n in _uses(name).items():
            held[rank] = held.get(rank, 0) + n
    return max(held.values()) <= 4


def _mix(x: int) -> int:
    """splitmix64's finaliser: a 64-bit word from a 64-bit word."""
    x = (x + 0x9E3779B97F4A7C15) & _MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
    return x ^ (x >> 31)


def _triple_word(base: int, number: int) -> int:
    """The seed word of triple ``number``: the base word (from ``seed``) and the number mixed."""
    return _mix(base ^ _mix(number))


class _Task(NamedTuple):
    classes: tuple[str, ...]
    lo: int
    hi: int
    trials: int
    base: int


def _rank_uses(classes: tuple[str, ...]) -> npt.NDArray[np.int64]:
    """Per class, the cards of each of the 13 ranks its hands hold."""
    from wildeval.cards import RANKS

    uses = np.zeros((len(classes), 13), dtype=np.int64)
    for c, name in enumerate(classes):
        for rank, n in _uses(name).items():
            uses[c, RANKS.index(rank)] += n
    return uses


def _summaries(rows: npt.NDArray[np.float64]) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """Each player's mean share of the pot and its standard error from the engine's rows of counts
    (3 players: for each, the deals won alone and shared by 2 and 3 at columns 1 to 3 of its 4;
    the deals at column -2), as :func:`wildeval.odds.equity` reads them."""
    shares = rows[:, :12].reshape(len(rows), 3, 4)
    n = rows[:, -2][:, None]
    mean = (shares / np.array([1.0, 1.0, 2.0, 3.0])).sum(axis=2) / n
    square = (shares / np.array([1.0, 1.0, 4.0, 9.0])).sum(axis=2) / n
    return mean, np.sqrt(np.maximum(square - mean * mean, 0.0) / (n - 1))


def _run_task(task: _Task) -> tuple[npt.NDArray[np.uint16], npt.NDArray[np.uint16]]:
    """The stored equities and standard errors of triples ``lo`` to ``hi``, one after another on
    one thread."""
    from wildeval.preflop import class_hands

    hands = []
    for name in task.classes:
        held = class_hands(name)
        hands.append((np.asarray(held, dtype=np.uint8), np.ones(len(held))))
    triples = _triples(len(task.classes))[task.lo:task.hi]
    uses = _rank_uses(task.classes)
    dealt = (uses[triples[:, 0]] + uses[triples[:, 1]] + uses[triples[:, 2]]).max(axis=1) <= 4
    chunks = -(-task.trials // _core.EQUITY_CHUNK)
    rows = np.zeros((len(triples), 3 * 4 + 3 + 3), dtype=np.float64)
    rows[:, -2] = 2  # rows of impossible triples: no deal (their cells are overwritten below)
    for row in np.nonzero(dealt)[0].tolist():
        i, j, k = triples[row].tolist()
        engine = _core.EquityEngine("high", 0, True, [hands[i], hands[j], hands[k]], [], [], 5, "")
        rows[row] = engine.sampled(task.trials, _triple_word(task.base, task.lo + row), 0, chunks, 1)
    if (rows[dealt, -3] == 0).any():  # pragma: no cover - possible() says every such triple can be dealt
        raise AssertionError("a triple possible() passed has no deal")
    means, errors = _summaries(rows)
    same = triples[:, 0] == triples[:, 1]  # two players of one class: both the mean of the two
    means[same, :2] = means[same, :2].mean(axis=1, keepdims=True)
    errors[same, :2] = errors[same, :2].max(axis=1, keepdims=True)
    same = triples[:, 1] == triples[:, 2]
    means[same, 1:] = means[same, 1:].mean(axis=1, keepdims=True)
    errors[same, 1:] = errors[same, 1:].max(axis=1, keepdims=True)
    same = (triples[:, 0] == triples[:, 1]) & (triples[:, 1] == triples[:, 2])
    means[same], errors[same] = 1 / 3, 0.0  # the shares of a deal add to 1
    equity = np.rint(np.clip(means, 0.0, 1.0) * SCALE).astype(np.uint16)
    stderr = np.rint(np.clip(errors, 0.0, 1.0) * SCALE).astype(np.uint16)
    equity[~dealt], stderr[~dealt] = IMPOSSIBLE, IMPOSSIBLE
    return equity, stderr


def _results(tasks: list[_Task], threads: int | None, client: Any,
             progress: Callable[[int], object] | None,
             ) -> Iterator[tuple[npt.NDArray[np.uint16], npt.NDArray[np.uint16]]]:
    if client is not None:
        from wildeval.dask import map_ordered

        step = None if progress is None else (lambda task: progress(task.hi - task.lo))
        yield from map_ordered(client, _run_task, tasks, progress=step)
        return
    workers = threads or os.cpu_count() or 1
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=workers)
    try:
        window = 4 * workers
        futures = [pool.submit(_run_task, task) for task in tasks[:window]]
        for n, task in enumerate(tasks):
            result = futures[n].result()
            futures[n] = None  # type: ignore[call-overload]
            if n + window < len(tasks):
                futures.append(pool.submit(_run_task, tasks[n + window]))
            if progress is not None:
                progress(task.hi - task.lo)
            yield result
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _check_classes(classes: Iterable[str] | None) -> tuple[str, ...]:
    from wildeval.preflop import CLASSES, normalise

    if classes is None:
        return CLASSES
    if isinstance(classes, str):
        raise TypeError("classes must be a list of class names such as ['AA', 'AKs'], not one string")
    chosen = [normalise(name) for name in classes]
    if len(set(chosen)) != len(chosen) or not chosen:
        raise ValueError(f"classes must name each class once, and at least one: {chosen}")
    return tuple(sorted(chosen, key=CLASSES.index))


def three_way(classes: Iterable[str] | None = None, *, trials: int = 10_000, seed: int = 0,
              threads: int | None = None, client: Any = None,
              progress: Callable[[int], object] | None = None) -> ThreeWay:
    """Sample the 3-way table over every triple of ``classes`` (default all 169; a few for a
    quick table), ``trials`` deals per triple, seeded by ``seed``; on ``threads`` threads (default
    every core) or on a Dask cluster (``client``), the same bytes either way. ``progress`` is
    called with the triples done."""
    chosen = _check_classes(classes)
    if isinstance(trials, bool) or not isinstance(trials, (int, np.integer)) or not 2 <= trials <= 1 << 32:
        raise ValueError(f"trials must be a whole number from 2 to 2^32, not {trials!r}")
    seed = check_seed(seed)
    threads = check_threads(threads)
    size = math.comb(len(chosen) + 2, 3)
    base = seed_word(seed)
    tasks = [_Task(chosen, lo, min(lo + _PER_TASK, size), int(trials), base) for lo in range(0, size, _PER_TASK)]
    equity = np.empty((size, 3), dtype=np.uint16)
    stderr = np.empty((size, 3), dtype=np.uint16)
    for task, (e, s) in zip(tasks, _results(tasks, threads, client, progress), strict=True):
        equity[task.lo:task.hi], stderr[task.lo:task.hi] = e, s
    return ThreeWay(chosen, equity, stderr, int(trials), seed)


@dataclass(frozen=True, eq=False)
class ThreeWay:
    """A 3-way table: the classes, uint16 equities and standard errors (of :data:`SCALE`) of
    every triple (rows by :func:`triple_index` of the classes' positions; the columns are the
    players in the order of the triple), the deals sampled per triple and the seed."""

    classes: tuple[str, ...]
    equities: npt.NDArray[np.uint16]
    stderrs: npt.NDArray[np.uint16]
    trials: int
    seed: int

    @property
    def size(self) -> int:
        """How many triples the table holds: C(classes + 2, 3)."""
        return len(self.equities)

    def _cell(self, names: Sequence[str]) -> tuple[int, list[int]]:
        from wildeval.preflop import normalise

        if len(names) != 3:
            raise ValueError(f"a 3-way cell is three classes, not {len(names)}")
        positions = []
        for name in names:
            text = normalise(name)
            if text not in self.classes:
                raise ValueError(f"{text} is not one of this table's {len(self.classes)} classes")
            positions.append(self.classes.index(text))
        order = sorted(range(3), key=lambda p: positions[p])  # argument p is column order.index(p)
        row = triple_index(*positions)
        if self.equities[row, 0] == IMPOSSIBLE:
            raise ValueError(f"{', '.join(normalise(n) for n in names)}: three such hands cannot be dealt at once "
                             "(more than four cards of a rank)")
        return row, [order.index(p) for p in range(3)]

    def equity(self, a: str, b: str, c: str) -> tuple[float, float, float]:
        """The three players' equities, in the order the classes are given."""
        row, columns = self._cell((a, b, c))
        x, y, z = (float(self.equities[row, col]) / SCALE for col in columns)
        return x, y, z

    def stderr(self, a: str, b: str, c: str) -> tuple[float, float, float]:
        """The standard errors of :meth:`equity`'s three values, in the same order."""
        row, columns = self._cell((a, b, c))
        x, y, z = (float(self.stderrs[row, col]) / SCALE for col in columns)
        return x, y, z

    def header(self) -> dict[str, Any]:
        """The JSON header written beside the arrays."""
        import wildeval

        return {
            "round": "preflop3", "classes": list(self.classes), "triples": self.size,
            "definition": "three players, one hand of each class dealt uniformly from the deals where the three "
                          "hands share no card, and a board of five of the 46 cards left; equity = the mean share "
                          "of the pot (a tie among k counts 1/k) over `trials` sampled deals",
            "row": "triple i <= j <= k of positions in `classes`: row C(k + 2, 3) + C(j + 1, 2) + i; columns: "
                   "the players of classes i, j, k",
            "files": {FILES[0]: f"uint16 (triples, 3): equity * {SCALE}, rounded; {IMPOSSIBLE}: cannot be dealt",
                      FILES[1]: f"uint16 (triples, 3): standard error * {SCALE}, rounded; {IMPOSSIBLE}: cannot "
                                "be dealt"},
            "repeats": "two players of one class: both hold the mean of their two sampled equities, standard error "
                       "the larger of the two (a bound); three: 1/3 each, standard error 0",
            "scale": SCALE, "impossible": IMPOSSIBLE, "trials": self.trials, "seed": self.seed,
            "seeding": "triple t from splitmix64(seed_word(seed) ^ splitmix64(t)), its own generator",
            "wildeval": wildeval.__version__}

    def write(self, folder: str | os.PathLike[str]) -> list[Path]:
        """Write the two arrays and ``preflop3.json`` into ``folder``, each to a temporary name first
        and moved into place once all are written (an interrupted run leaves the folder as it was)."""
        from wildeval.strength_tables import _replacing_all

        out = Path(folder)
        if not out.is_dir():
            raise ValueError(f"{folder}: there is no folder of that name")
        with _replacing_all(out, list(FILES)) as temporary:
            for name, array in zip(FILES, (self.equities, self.stderrs)):
                with open(temporary[name], "wb") as stream:
                    np.save(stream, array)
            temporary[FILES[2]].write_text(json.dumps(self.header(), indent=2) + "\n", encoding="utf-8")
        return [out / name for name in FILES]

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> ThreeWay:
        """Read a table written by :meth:`write` (``path``: its folder or its ``preflop3.json``)."""
        where = Path(path)
        folder = where if where.is_dir() else where.parent
        header = json.loads((folder / FILES[2]).read_text(encoding="utf-8"))
        equities = np.load(folder / FILES[0], allow_pickle=False)
        stderrs = np.load(folder / FILES[1], allow_pickle=False)
        classes = tuple(header["classes"])
        size = math.comb(len(classes) + 2, 3)
        for array in (equities, stderrs):
            if array.shape != (size, 3) or array.dtype != np.uint16 or header.get("scale") != SCALE:
                raise ValueError(f"{folder}: not a 3-way table of {len(classes)} classes "
                                 f"(shape {array.shape}, {array.dtype})")
        return cls(classes, equities, stderrs, int(header["trials"]), int(header["seed"]))


def write_three_way(folder: str | os.PathLike[str], classes: Iterable[str] | None = None, *, trials: int = 10_000,
                    seed: int = 0, threads: int | None = None, client: Any = None,
                    progress: Callable[[int], object] | None = None) -> list[Path]:
    """:func:`three_way` written into ``folder`` (checked first, so that nothing runs for a
    folder that is not there); returns the paths written."""
    if not Path(folder).is_dir():
        raise ValueError(f"{folder}: there is no folder of that name")
    table = three_way(classes, trials=trials, seed=seed, threads=threads, client=client, progress=progress)
    return table.write(folder)
