"""Exact counts of the final hands of every hold, for every dealt hand at once.

For a held set S of a dealt hand D, the draws are the five-card hands H that hold S and none of
the cards thrown away, D minus S. With ``c(U)`` the number of five-card hands of each class that
hold the set U (a table over every set of 0 to 5 cards: 2,869,685 sets), inclusion-exclusion over
the thrown-away cards gives ``count(S) = sum over S <= U <= D of (-1)^|U - S| c(U)``: the 32 sets U
of D are looked up once and one Mobius transform over the subsets of five (five passes) gives the
counts of all 32 holds. Nothing is sampled; each count is an integer. The table and the holds are
counted by the native core (``src/core/videopoker``).

>>> import numpy as np
>>> from wildeval.cards import parse_cards
>>> counts = draw_counts(frozenset())
>>> dealt = np.array([sorted(parse_cards("As Ks Qs Js 2d"))], dtype=np.uint8)
>>> holds = hold_counts(counts, dealt)[0]          # 32 holds x the classes that occur
>>> int(holds[0b11111].sum()), int(holds[0].sum())  # hold all: one hand; hold none: C(47, 5)
(1, 1533939)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache
from math import comb

import numpy as np
import numpy.typing as npt

from wildeval import _core
from wildeval.videopoker.classify import CLASS_NAMES, classify

__all__ = ["DRAWS", "HOLD_ORDER", "DrawCounts", "draw_counts", "every_hand", "hand_columns", "hold_counts",
           "subset_index"]

_BINOM = np.array([[comb(n, k) for k in range(7)] for n in range(53)], dtype=np.int64)
_OFFSET = np.cumsum([0] + [comb(52, k) for k in range(6)]).astype(np.int64)  # where sets of k cards start
DRAWS: tuple[int, ...] = tuple(comb(47, 5 - k) for k in range(6))  # the draws of a hold of k cards
_SIZES = np.array([bin(m).count("1") for m in range(32)])
# the holds in the order ties are broken: more cards held first, then the lower mask (bit i: the
# i-th lowest card of the hand by card number, 2c = 0 .. As = 51)
HOLD_ORDER: tuple[int, ...] = tuple(sorted(range(32), key=lambda m: (-_SIZES[m], m)))


def subset_index(cards: npt.NDArray[np.integer]) -> npt.NDArray[np.int64]:
    """The index of each row's set of cards (sorted increasing, 0 to 5 a row) in the table of
    every set: sets of k cards after every smaller set, in colexicographic order."""
    k = cards.shape[1]
    index = np.full(cards.shape[0], _OFFSET[k], dtype=np.int64)
    for i in range(k):
        index += _BINOM[cards[:, i].astype(np.int64), i + 1]
    return index


@cache
def _combinations(n: int, k: int) -> npt.NDArray[np.uint8]:
    """Every k of range(n), rows increasing, in the order of ``itertools.combinations``: for each
    first card i, i then every k - 1 of the cards above it."""
    if k == 0:
        return np.zeros((1, 0), dtype=np.uint8)
    parts = []
    for i in range(n - k + 1):
        rest = _combinations(n - i - 1, k - 1) + np.uint8(i + 1)
        parts.append(np.hstack([np.full((len(rest), 1), i, dtype=np.uint8), rest]))
    return np.concatenate(parts)


@lru_cache(maxsize=1)
def every_hand() -> npt.NDArray[np.uint8]:
    """All 2,598,960 five-card hands, each row increasing, in the order of
    ``itertools.combinations(range(52), 5)``."""
    hands = _combinations(52, 5)
    _combinations.cache_clear()
    return hands


@dataclass(frozen=True)
class DrawCounts:
    """For one set of wild ranks: ``classes`` of every hand of :func:`every_hand`, the class
    indices that occur (``columns``, into :data:`~wildeval.videopoker.classify.CLASS_NAMES`) and
    ``table[set index, column]``, the hands of each class that hold the set."""

    wild: frozenset[int]
    classes: npt.NDArray[np.int8]
    columns: tuple[int, ...]
    table: npt.NDArray[np.int32]

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(CLASS_NAMES[c] for c in self.columns)


def hand_columns(wild: frozenset[int]) -> tuple[npt.NDArray[np.int8], tuple[int, ...], npt.NDArray[np.uint8]]:
    """The class of every hand of :func:`every_hand`, the classes that occur (the table's
    columns) and the column of every hand."""
    classes = classify(every_hand(), wild)
    columns = tuple(int(c) for c in np.flatnonzero(np.bincount(classes, minlength=len(CLASS_NAMES))))
    column_of = np.zeros(len(CLASS_NAMES), dtype=np.uint8)
    column_of[list(columns)] = np.arange(len(columns))
    return classes, columns, column_of[classes]


@lru_cache(maxsize=4)
def draw_counts(wild: frozenset[int]) -> DrawCounts:
    """The count table for ``wild`` ranks, built once (by the native core, on every core: about
    a second) and kept."""
    classes, columns, column = hand_columns(wild)
    table = _core.videopoker_count_table(every_hand(), column, len(columns), None)
    table.setflags(write=False)
    return DrawCounts(wild, classes, columns, table)


def hold_counts(counts: DrawCounts, dealt: npt.NDArray[np.uint8]) -> npt.NDArray[np.int32]:
    """``[hand, hold mask, column]``: how many draws of each hold of each dealt hand (rows of five
    cards, increasing) end in each class. Bit i of a hold mask holds the row's i-th card. Counted
    by the native core (``src/core/videopoker/whole_game.cpp``, ``hold_counts``), a microsecond a
    hand."""
    return _core.videopoker_hold_counts(counts.table, np.ascontiguousarray(dealt, dtype=np.uint8))
