"""A whole video poker game under perfect play, exactly: every one of the 2,598,960 deals, each
played with its best hold (:data:`~wildeval.videopoker.counting.HOLD_ORDER` breaks ties), every
draw counted.

Each deal weighs ``L / draws(hold)`` per final hand, with ``L = lcm`` of the draws of every hold
size (7,669,695), so that every deal weighs ``L`` in all and the whole game is
``2,598,960 * L = 19,933,230,517,200`` equally weighted outcomes; the frequencies are integer
counts out of that total, and the return and variance fractions.

>>> from wildeval.videopoker import analyse_game, preset
>>> game = analyse_game(preset("jacks-or-better-9-6"))     # doctest: +SKIP
>>> round(float(game.ret), 6)                                # doctest: +SKIP
0.995439
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from math import comb, lcm

import numpy as np
import numpy.typing as npt

from wildeval.videopoker.counting import DRAWS, HOLD_ORDER, draw_counts, every_hand, hold_counts, subset_index
from wildeval.videopoker.holds import pay_vector
from wildeval.videopoker.paytables import PayTable

__all__ = ["DEALS", "OUTCOMES_PER_DEAL", "GameAnalysis", "analyse_game"]

DEALS = comb(52, 5)
OUTCOMES_PER_DEAL = lcm(*DRAWS)  # 7,669,695
_SIZES = np.array([bin(m).count("1") for m in range(32)])
_ORDER = np.array(HOLD_ORDER)
_CHUNK = 1 << 15


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


def analyse_game(table: PayTable, progress: Callable[[int], object] | None = None) -> GameAnalysis:
    """Every deal of ``table``'s game at its best hold; ``progress(n)`` after each n deals."""
    start = time.perf_counter()
    counts = draw_counts(table.wild)
    pays, scale = pay_vector(table, counts)
    if int(pays.max()) > 100_000:
        raise ValueError("a payout times the pay table's common denominator must be at most 100,000")
    weights = np.array([OUTCOMES_PER_DEAL // DRAWS[_SIZES[m]] for m in range(32)], dtype=np.int64)
    hands = every_hand()
    first_five = sum(comb(52, k) for k in range(5))
    strategy = np.zeros(DEALS, dtype=np.uint8)
    by_size = np.zeros((6, len(counts.columns)), dtype=np.int64)  # final classes of best holds, by hold size
    holds_by_size = np.zeros(6, dtype=np.int64)
    for begin in range(0, DEALS, _CHUNK):
        dealt = hands[begin:begin + _CHUNK]
        found = hold_counts(counts, dealt)
        keys = (found.astype(np.int64) @ pays) * weights  # each hold's value times the common draws
        best = _ORDER[np.argmax(keys[:, _ORDER], axis=1)]  # the first of the best in the tie order
        rows = np.arange(len(dealt))
        strategy[subset_index(dealt) - first_five] = best
        size = _SIZES[best]
        np.add.at(by_size, size, found[rows, best])
        holds_by_size += np.bincount(size, minlength=6)
        if progress is not None:
            progress(len(dealt))
    frequency = [sum(int(by_size[k, c]) * (OUTCOMES_PER_DEAL // DRAWS[k]) for k in range(6))
                 for c in range(len(counts.columns))]
    total = DEALS * OUTCOMES_PER_DEAL
    ret = Fraction(sum(f * int(p) for f, p in zip(frequency, pays)), total * scale)
    square = Fraction(sum(f * int(p) ** 2 for f, p in zip(frequency, pays)), total * scale * scale)
    frequencies: dict[str, int] = {name: 0 for name in table.pays}
    frequencies["nothing"] = 0
    for name, f in zip(counts.names, frequency):
        frequencies[table.paid_as(name)] += f
    return GameAnalysis(table, ret, square - ret * ret, frequencies, total, tuple(int(n) for n in holds_by_size),
                        strategy, time.perf_counter() - start)
