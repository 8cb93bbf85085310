"""The whole video poker game in numpy, deal by deal (all 2,598,960, no suit symmetry), and its
count table by numpy bincounts and the holds of many deals by a numpy Mobius transform: the test
oracles the native core (``_core.VideoPokerGame``, ``_core.videopoker_count_table``,
``_core.videopoker_hold_counts``) is held to, count for count and byte for byte. They were the
package's own analysis before the core; the game shares with it only the count table and the pay
vector (:mod:`wildeval.videopoker.counting`, :func:`~wildeval.videopoker.holds.pay_vector`)."""

from __future__ import annotations

from math import comb

import numpy as np
import numpy.typing as npt

from wildeval.videopoker.counting import HOLD_ORDER, DrawCounts, draw_counts, every_hand, hand_columns, subset_index
from wildeval.videopoker.game import WEIGHTS, GameAnalysis, game_from_counts
from wildeval.videopoker.holds import pay_vector
from wildeval.videopoker.paytables import PayTable

_SIZES = np.array([bin(m).count("1") for m in range(32)])
_ORDER = np.array(HOLD_ORDER)
_FIRST_FIVE = sum(comb(52, k) for k in range(5))
_OFFSET = [sum(comb(52, j) for j in range(k)) for k in range(7)]  # where the sets of k cards start


def numpy_count_table(wild: frozenset[int]) -> npt.NDArray[np.int32]:
    """The count table of :func:`~wildeval.videopoker.counting.draw_counts`: for each hold mask,
    the held sets of every hand counted by class with one bincount (a few seconds)."""
    hands = every_hand()
    _, columns, column = hand_columns(wild)
    width = len(columns)
    table = np.zeros((_OFFSET[6], width), dtype=np.int32)
    for mask in range(32):
        k = int(_SIZES[mask])
        picked = hands[:, [i for i in range(5) if mask >> i & 1]]
        key = (subset_index(picked) - _OFFSET[k]) * width + column
        table[_OFFSET[k]:_OFFSET[k + 1]] += np.bincount(key, minlength=comb(52, k) * width).reshape(-1, width) \
            .astype(np.int32)
    return table


def numpy_hold_counts(counts: DrawCounts, dealt: npt.NDArray[np.uint8]) -> npt.NDArray[np.int32]:
    """:func:`~wildeval.videopoker.counting.hold_counts` in numpy: the 32 sets of each deal looked
    up, then the Mobius transform over supersets in place (each bit of the mask an axis of two,
    bit 4 the first: the draws that hold a thrown card taken from the hold that throws it)."""
    n = dealt.shape[0]
    found = np.empty((n, 32, counts.table.shape[1]), dtype=np.int32)
    for mask in range(32):
        found[:, mask] = counts.table[subset_index(dealt[:, [i for i in range(5) if mask >> i & 1]])]
    cube = found.reshape(n, 2, 2, 2, 2, 2, -1)
    for bit in range(5):
        axis = 5 - bit
        without: list[int | slice] = [slice(None)] * cube.ndim
        within = list(without)
        without[axis], within[axis] = 0, 1
        cube[tuple(without)] -= cube[tuple(within)]
    return found


def best_holds(table: PayTable, dealt: npt.NDArray[np.uint8]) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int32]]:
    """The best hold mask of each dealt hand (rows increasing) and the final counts of that hold."""
    counts = draw_counts(table.wild)
    pays, _ = pay_vector(table, counts)
    found = numpy_hold_counts(counts, dealt)
    keys = (found.astype(np.int64) @ pays) * WEIGHTS[_SIZES]  # each hold's value times the common draws
    best = _ORDER[np.argmax(keys[:, _ORDER], axis=1)]  # the first of the best in the tie order
    return best, found[np.arange(len(dealt)), best]


def numpy_game(table: PayTable, chunk: int = 1 << 15) -> GameAnalysis:
    """Every deal at its best hold, in chunks of deals (15-22 s a game on one core; the native core takes about 2 s)."""
    hands = every_hand()
    width = len(draw_counts(table.wild).columns)
    strategy = np.zeros(len(hands), dtype=np.uint8)
    by_size = np.zeros((6, width), dtype=np.int64)
    holds_by_size = np.zeros(6, dtype=np.int64)
    for begin in range(0, len(hands), chunk):
        dealt = hands[begin:begin + chunk]
        best, final = best_holds(table, dealt)
        strategy[subset_index(dealt) - _FIRST_FIVE] = best
        size = _SIZES[best]
        np.add.at(by_size, size, final)
        holds_by_size += np.bincount(size, minlength=6)
    return game_from_counts(table, by_size, holds_by_size, strategy, 0.0)
