"""A whole video poker game under perfect play, exactly: every one of the 2,598,960 deals, each
played with its best hold (:data:`~wildeval.videopoker.counting.HOLD_ORDER` breaks ties), every
draw counted.

Each deal weighs ``L / draws(hold)`` per final hand, with ``L = lcm`` of the draws of every hold
size (7,669,695), so that every deal weighs ``L`` in all and the whole game is
``2,598,960 * L = 19,933,230,517,200`` equally weighted outcomes; the frequencies are integer
counts out of that total, and the return and variance fractions.

The deals are played by the native core (``_core.VideoPokerGame``, ``src/core/videopoker``): the
134,459 classes of deals up to suit renaming, each valued once with the count table of
:func:`~wildeval.videopoker.counting.draw_counts`, on ``threads`` threads. :func:`analyse_games`
runs many pay tables, on a Dask cluster with ``client=``.

>>> from wildeval.videopoker import analyse_game, preset
>>> game = analyse_game(preset("jacks-or-better-9-6"))     # doctest: +SKIP
>>> round(float(game.ret), 6)                                # doctest: +SKIP
0.995439
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from math import comb, lcm
from typing import Any

import numpy as np
import numpy.typing as npt

from wildeval import _core
from wildeval.evaluator import check_threads
from wildeval.videopoker.counting import DRAWS, DrawCounts, draw_counts, subset_index
from wildeval.videopoker.holds import pay_vector
from wildeval.videopoker.paytables import PayTable

__all__ = ["DEALS", "OUTCOMES_PER_DEAL", "GameAnalysis", "analyse_game", "analyse_games", "game_from_counts"]

DEALS = comb(52, 5)
OUTCOMES_PER_DEAL = lcm(*DRAWS)  # 7,669,695
WEIGHTS = np.array([OUTCOMES_PER_DEAL // d for d in DRAWS], dtype=np.int64)  # per final hand of a k-card hold
_SLICES = 64  # the classes of deals are played in this many calls, progress reported after each


@dataclass(frozen=True)
class GameAnalysis:
    """``ret``: the expected payout of a coin under perfect play (exact); ``variance`` of one
    hand's payout; ``frequencies``: for each class the table pays (and ``"nothing"``), its
    count out of ``total`` outcomes; ``holds_by_size``: how many deals hold 0-5 cards at their
    best; ``strategy``: the best hold mask of every deal, by the colexicographic index of its
    cards (see :meth:`best_hold_mask`)."""

    table: PayTable
    ret: Fraction
    variance: Fraction
    frequencies: dict[str, int]
    total: int
    holds_by_size: tuple[int, ...]
    strategy: npt.NDArray[np.uint8]
    seconds: float

    def best_hold_mask(self, sorted_cards: list[int]) -> int:
        """The best hold of a deal (its five cards increasing) as a mask over those cards."""
        index = int(subset_index(np.array([sorted_cards], dtype=np.uint8))[0]) - sum(comb(52, k) for k in range(5))
        return int(self.strategy[index])


def _pays(table: PayTable, counts: DrawCounts) -> tuple[npt.NDArray[np.int64], int]:
    pays, scale = pay_vector(table, counts)
    if int(pays.max()) > 100_000:
        raise ValueError("a payout times the pay table's common denominator must be at most 100,000")
    return pays, scale


def game_from_counts(table: PayTable, by_size: npt.NDArray[np.int64], holds_by_size: npt.NDArray[np.int64],
                     strategy: npt.NDArray[np.uint8], seconds: float) -> GameAnalysis:
    """The analysis from the final classes of every deal's best hold: ``by_size[k, column]``
    counts the final hands (unweighted) of the best holds of ``k`` cards, by column of
    :func:`~wildeval.videopoker.counting.draw_counts`; ``holds_by_size[k]`` the deals whose best
    hold has ``k`` cards."""
    counts = draw_counts(table.wild)
    pays, scale = _pays(table, counts)
    frequency = [sum(int(by_size[k, c]) * int(WEIGHTS[k]) for k in range(6)) for c in range(len(counts.columns))]
    total = DEALS * OUTCOMES_PER_DEAL
    ret = Fraction(sum(f * int(p) for f, p in zip(frequency, pays)), total * scale)
    square = Fraction(sum(f * int(p) ** 2 for f, p in zip(frequency, pays)), total * scale * scale)
    frequencies: dict[str, int] = {name: 0 for name in table.pays}
    frequencies["nothing"] = 0
    for name, f in zip(counts.names, frequency):
        frequencies[table.paid_as(name)] += f
    return GameAnalysis(table, ret, square - ret * ret, frequencies, total, tuple(int(n) for n in holds_by_size),
                        strategy, seconds)


def analyse_game(table: PayTable, progress: Callable[[int], object] | None = None,
                 threads: int | None = None) -> GameAnalysis:
    """Every deal of ``table``'s game at its best hold, on ``threads`` threads (None: every
    core; the result is the same on any number); ``progress(n)`` after each n deals."""
    if not isinstance(table, PayTable):
        raise TypeError(f"table must be a PayTable (see preset() and parse_paytable()), not {type(table).__name__}")
    threads = check_threads(threads)
    start = time.perf_counter()
    counts = draw_counts(table.wild)
    pays, _ = _pays(table, counts)
    game = _core.VideoPokerGame(counts.table, pays, WEIGHTS)
    by_size = np.zeros((6, len(counts.columns)), dtype=np.int64)
    holds_by_size = np.zeros(6, dtype=np.int64)
    step = -(-game.classes // _SLICES)
    for first in range(0, game.classes, step):
        part, holds = game.play(first, min(step, game.classes - first), threads)
        by_size += part
        holds_by_size += holds
        if progress is not None:
            progress(int(holds.sum()))
    return game_from_counts(table, by_size, holds_by_size, game.strategy(), time.perf_counter() - start)


def analyse_games(tables: Iterable[PayTable], *, client: Any = None, threads: int | None = None,
                  progress: Callable[[PayTable], object] | None = None) -> list[GameAnalysis]:
    """:func:`analyse_game` of every table, in order: one after another here, or one task per
    table on a Dask cluster (``client``, a :class:`distributed.Client`; each task on ``threads``
    threads of its worker). ``progress(table)`` as each game is done."""
    tables = list(tables)
    for table in tables:
        if not isinstance(table, PayTable):
            raise TypeError(f"each table must be a PayTable, not {type(table).__name__}")
    threads = check_threads(threads)
    if client is None:
        games = []
        for table in tables:
            games.append(analyse_game(table, threads=threads))
            if progress is not None:
                progress(table)
        return games
    from wildeval.dask import map_ordered

    def one(table: PayTable) -> GameAnalysis:
        return analyse_game(table, threads=threads)

    return list(map_ordered(client, one, tables, progress=progress))
