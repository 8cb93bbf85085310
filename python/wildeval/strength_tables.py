"""Tables of hand strength for every canonical hand of a hold'em round, against a uniform random
opponent hand (the definitions of :mod:`wildeval.strength`).

The rounds are the :class:`~wildeval.isomorphism.Indexer`'s with the board as one round, as the
strength of a hand does not depend on which street a board card came on: ``[2, 5]`` for the
river (123,156,254 classes), ``[2, 4]`` for the turn (13,960,050) and ``[2, 3]`` for the flop
(1,286,792); a table's row ``i`` is the hand ``Indexer(rounds).unindex(1, i)`` and of every hand
of its class.

- **river**: ``2 * ahead + tied`` of the hand against the 990 opponent hands (uint16, of
  :data:`RIVER_SCALE` = 1,980): HS = value / 1,980, exactly;
- **turn, flop**: E[HS] and E[HS²] over every completion of the board to the river (46 from the
  turn, 1,081 from the flop; float64, the exact sums divided once), and the histogram of the
  completions' river HS in ``bins`` equal bins (uint16 counts of completions; bin = floor(HS *
  bins), the last bin holding HS = 1); for the flop with ``over="next"``, the histogram of the
  47 turn cards' E[HS] instead (the mean river HS of each turn's 46 rivers).

How: for each class of boards (134,459 river boards, 16,432 turn boards and 1,755 flops up to
suit renaming), every pair of the cards left is valued once on each river board, the pairs
sorted, and each pair's opponents counted ahead and tied from the sorted order and per-card
counts (card removal: the opponent hands that meet the pair's own cards taken away); a class of
hands is reached from the class of its board, so every row is written by exactly one task.
The boards go out in tasks fixed by the round alone, run here one after another on ``threads``
threads, or on a Dask cluster (``client``): the same bytes either way.

>>> ehs, ehs2, histogram = street_table("flop", bins=4, boards=range(1))  # the first class of flops only
>>> histogram.shape, int(histogram.sum(axis=1).max())  # rows not reached by this board are zero
((1286792, 4), 1081)
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from wildeval import _core
from wildeval.evaluator import check_threads
from wildeval.isomorphism import Indexer

__all__ = ["RIVER_SCALE", "STREETS", "TableTask", "river_table", "street_table", "write_tables"]

RIVER_SCALE = 1980  # 2 * 990 opponent hands on the river
#: each street's board cards, its indexer's rounds, and how many boards of its classes a task holds
STREETS: dict[str, tuple[int, list[int], int]] = {
    "river": (5, [2, 5], 2048), "turn": (4, [2, 4], 128), "flop": (3, [2, 3], 8)}
_COMPLETIONS = {4: 46, 3: 1081}
_UNFILLED = np.iinfo(np.uint16).max


class TableTask(NamedTuple):
    """One task: the classes ``lo`` to ``hi`` of the street's boards, on ``threads`` threads."""

    street: str
    lo: int
    hi: int
    bins: int
    threads: int | None
    next_street: bool = False


def _street(street: object, preflop: bool = False) -> tuple[int, list[int], int]:
    if street not in STREETS and not (preflop and street == "preflop"):
        raise ValueError(f"street must be one of {', '.join(STREETS)}{', preflop' if preflop else ''}, "
                         f"not {street!r}")
    if street == "preflop":
        return 0, [2], 0
    return STREETS[str(street)]


def _board_classes(n_board: int, lo: int, hi: int) -> npt.NDArray[np.uint8]:
    return Indexer([n_board]).unindex_many(0, np.arange(lo, hi, dtype=np.uint64), threads=1)


def _run_task(task: TableTask) -> tuple[npt.NDArray[Any], ...]:
    n_board, rounds, _ = STREETS[task.street]
    boards = _board_classes(n_board, task.lo, task.hi)
    native = _core.HandIndexer(rounds)
    if n_board == 5:
        return tuple(_core.river_table_part(native, boards, task.threads))
    return tuple(_core.street_table_part(native, boards, task.bins, task.threads, task.next_street))


def _tasks(street: str, bins: int, threads: int | None, boards: Iterable[int] | None,
           client: Any, next_street: bool = False) -> list[TableTask]:
    n_board, _, per_task = STREETS[street]
    classes = Indexer([n_board]).size(0)
    chosen = sorted(set(range(classes) if boards is None else (int(b) for b in boards)))
    if chosen and not 0 <= chosen[0] <= chosen[-1] < classes:
        raise ValueError(f"boards must be classes 0 to {classes - 1} of the {street}'s boards")
    task_threads = threads if client is None else (threads or 1)
    runs: list[list[int]] = []  # runs of consecutive classes, at most per_task each
    for b in chosen:
        if runs and runs[-1][1] == b and runs[-1][1] - runs[-1][0] < per_task:
            runs[-1][1] = b + 1
        else:
            runs.append([b, b + 1])
    tasks = [TableTask(street, lo, hi, bins, task_threads, next_street) for lo, hi in runs]
    return tasks


def _results(tasks: list[TableTask], client: Any,
             progress: Callable[[int], object] | None) -> Iterator[tuple[npt.NDArray[Any], ...]]:
    if client is None:
        for task in tasks:
            yield _run_task(task)
            if progress is not None:
                progress(task.hi - task.lo)
        return
    from wildeval.dask import map_ordered

    step = None if progress is None else (lambda task: progress(task.hi - task.lo))
    yield from map_ordered(client, _run_task, tasks, progress=step)


def river_table(*, threads: int | None = None, client: Any = None, boards: Iterable[int] | None = None,
                progress: Callable[[int], object] | None = None) -> npt.NDArray[np.uint16]:
    """``2 * ahead + tied`` (of :data:`RIVER_SCALE`) of every class of river hands ([2, 5]).
    ``boards`` limits the work to some classes of five-card boards (default all 134,459; the rows
    of the others are then 65,535); ``progress`` is called with the boards done."""
    tasks = _tasks("river", 1, check_threads(threads), boards, client)
    table = np.full(Indexer([2, 5]).size(1), _UNFILLED, dtype=np.uint16)
    for indices, counts in _results(tasks, client, progress):
        table[indices] = counts
    if boards is None and (table == _UNFILLED).any():  # pragma: no cover - every class has a board
        raise AssertionError("some river classes were not reached")
    return table


def street_table(street: str, bins: int = 50, *, over: str = "river", threads: int | None = None,
                 client: Any = None, boards: Iterable[int] | None = None,
                 progress: Callable[[int], object] | None = None,
                 ) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64], npt.NDArray[np.uint16]]:
    """E[HS], E[HS²] and the ``bins``-bin histogram (counts of completions, or with ``over="next"``
    from the flop, of turn cards) of every class of ``street`` ("turn": [2, 4], or "flop": [2, 3])
    hands. ``boards`` and ``progress`` as for :func:`river_table` (rows not reached are 0)."""
    n_board, rounds, _ = _street(street)
    if n_board == 5:
        raise ValueError("street must be turn or flop (the river has river_table)")
    if isinstance(bins, bool) or not isinstance(bins, (int, np.integer)) or not 1 <= bins <= 4096:
        raise ValueError(f"bins must be a whole number from 1 to 4,096, not {bins!r}")
    if over not in ("river", "next"):
        raise ValueError(f"over must be river or next, not {over!r}")
    tasks = _tasks(street, int(bins), check_threads(threads), boards, client, next_street=over == "next")
    size = Indexer(rounds).size(1)
    sums = np.zeros(size, dtype=np.uint64)
    squares = np.zeros(size, dtype=np.uint64)
    histogram = np.zeros((size, int(bins)), dtype=np.uint16)
    for indices, s, q, h in _results(tasks, client, progress):
        sums[indices], squares[indices], histogram[indices] = s, q, h
    completions = _COMPLETIONS[n_board]
    ehs = sums / float(RIVER_SCALE * completions)
    ehs2 = squares / float(RIVER_SCALE * RIVER_SCALE * completions)
    return ehs, ehs2, histogram


def _header(street: str, bins: int | None, files: dict[str, str], over: str = "river") -> dict[str, Any]:
    import wildeval

    n_board, rounds, _ = STREETS[street]
    header: dict[str, Any] = {
        "round": street, "rounds": rounds, "classes": Indexer(rounds).size(1),
        "row": f"the hand wildeval.isomorphism.Indexer({rounds}).unindex(1, row) and every hand of its class",
        "opponent": "one opponent holding any two of the cards left, uniformly (card removal included)",
        "files": files, "wildeval": wildeval.__version__}
    if n_board == 5:
        header["definition"] = ("2 * ahead + tied against the 990 opponent hands on the river; "
                                f"HS = value / {RIVER_SCALE}")
    else:
        header["definition"] = ("E[HS] and E[HS^2]: the mean of the river HS and of its square over every "
                                f"completion of the board to the river ({_COMPLETIONS[n_board]}); histogram: "
                                "completions by bin of river HS, bin = min(floor(HS * bins), bins - 1)")
        header["bins"] = bins
        header["completions"] = _COMPLETIONS[n_board]
        header["histogram_over"] = over
        if over == "next" and n_board == 3:
            header["definition"] += ("; here the histogram is over the next street's E[HS]: the 47 turn cards by "
                                     "bin of their E[HS], the mean river HS of the turn's 46 rivers")
    return header


@contextlib.contextmanager
def _replacing_all(folder: Path, names: list[str]) -> Iterator[dict[str, Path]]:
    """Temporary files beside ``names`` in ``folder``, moved onto them (os.replace) only when the
    block ends without an error; removed otherwise (an old table stays as it was)."""
    temporary: dict[str, Path] = {}
    try:
        for name in names:
            fd, made = tempfile.mkstemp(dir=folder, prefix=f".{name}.", suffix=".tmp")
            os.close(fd)
            temporary[name] = Path(made)
        yield temporary
        umask = os.umask(0)
        os.umask(umask)
        for name in names:  # as a new file would be (mkstemp makes them private)
            os.chmod(temporary[name], 0o666 & ~umask)
        for name in names:
            os.replace(temporary[name], folder / name)
    finally:
        for path in temporary.values():
            with contextlib.suppress(OSError):
                path.unlink()


def write_tables(street: str, folder: str | os.PathLike[str], bins: int = 50, *, over: str = "river",
                 threads: int | None = None, client: Any = None,
                 progress: Callable[[int], object] | None = None) -> list[Path]:
    """Compute ``street``'s table(s) (river, turn, flop; or preflop, the exact 169 x 169 table of
    :mod:`wildeval.preflop`) and write them into ``folder`` as ``.npy`` files with a JSON
    header (``STREET.json``); returns the paths written. Nothing is written before the work is
    done, and an interrupted or failed run leaves the folder as it was."""
    n_board, _, _ = _street(street, preflop=True)
    out = Path(folder)
    if not out.is_dir():
        raise ValueError(f"{folder}: there is no folder of that name")
    arrays: dict[str, npt.NDArray[Any]]
    if n_board == 0:
        from wildeval import preflop

        win, tie, equity = preflop.table()
        arrays = {"preflop_win.npy": win, "preflop_tie.npy": tie, "preflop_equity.npy": equity}
        meaning = {name: f"float64 (169, 169): the {name[8:-4]} share of the row class against the column class"
                   for name in arrays}
        header: dict[str, Any] = {
            "round": "preflop", "classes": list(preflop.CLASSES), "files": meaning,
            "definition": "heads-up, every compatible pair of hands of the two classes over every board (the "
                          "exact table of wildeval.preflop)", "wildeval": __import__("wildeval").__version__}
    elif n_board == 5:
        arrays = {"river_hs.npy": river_table(threads=threads, client=client, progress=progress)}
        meaning = {"river_hs.npy": f"uint16 2 * ahead + tied, of {RIVER_SCALE}, per class"}
    else:
        ehs, ehs2, histogram = street_table(street, bins, over=over, threads=threads, client=client,
                                            progress=progress)
        arrays = {f"{street}_ehs.npy": ehs, f"{street}_ehs2.npy": ehs2, f"{street}_histogram.npy": histogram}
        meaning = {f"{street}_ehs.npy": "float64 E[HS] per class", f"{street}_ehs2.npy": "float64 E[HS^2] per class",
                   f"{street}_histogram.npy": f"uint16 (classes, {bins}) "
                                              + ("turn cards" if over == "next" and n_board == 3 else "completions")
                                              + " per bin"}
    if n_board:
        header = _header(street, None if n_board == 5 else bins, meaning, over)
    names = [*arrays, f"{street}.json"]
    with _replacing_all(out, names) as temporary:
        for name, array in arrays.items():
            with open(temporary[name], "wb") as stream:
                np.save(stream, array)
        temporary[f"{street}.json"].write_text(json.dumps(header, indent=2) + "\n", encoding="utf-8")
    return [out / name for name in names]
