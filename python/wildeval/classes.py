"""A hand's class among every class of its ranking and settings, as treys counts them: 1 for the
best, up to the number of classes (7,462 for five natural cards, high).

A class is a value some hand can have: every hand of ``n_cards`` cards is evaluated once (the
first call for a setting, about half a second for five cards) and the distinct values are kept.
Hands of 5 to 7 cards share the classes of five (a hand's value is the value of its best five);
smaller hands (high with 1 to 4 cards, three-card poker) have classes of their own size.

>>> from wildeval import Evaluator
>>> ev = Evaluator()
>>> class_count(ev), class_rank(ev, ev("As Ks Qs Js Ts")), class_rank(ev, ev("7c 5d 4h 3s 2c"))
(7462, 1, 7462)
>>> class_rank(ev, ev("Ah Ad Kc Qd Js 3h 2c")) == class_rank(ev, ev("Ah Ad Kc Qd Js"))
True
"""

from __future__ import annotations

import functools
import itertools
import math
from typing import TYPE_CHECKING, overload

import numpy as np
import numpy.typing as npt

from wildeval.rankings import CARD_COUNTS, hand_sizes
from wildeval.wild import wild_text

if TYPE_CHECKING:
    from wildeval.evaluator import Evaluator

__all__ = ["class_count", "class_rank"]


def _size(ev: Evaluator, n_cards: int) -> int:
    low, high = CARD_COUNTS[ev.ranking]
    if isinstance(n_cards, bool) or not isinstance(n_cards, int) or not low <= n_cards <= high:
        raise ValueError(f"n_cards: a {ev.ranking!r} hand has {hand_sizes(ev.ranking)} cards, not {n_cards!r}")
    return 5 if n_cards >= 5 and low <= 5 else n_cards


@functools.lru_cache(maxsize=16)
def _values(ranking: str, wild: str | None, flush_duplicates: bool, n: int) -> npt.NDArray[np.int32]:
    """Every distinct value of the hands of n cards under these settings, lowest first."""
    from wildeval.evaluator import Evaluator

    ev = Evaluator(ranking, wild, flush_duplicates=flush_duplicates)  # type: ignore[arg-type]
    count = math.comb(52, n)
    hands = np.fromiter(itertools.chain.from_iterable(itertools.combinations(range(52), n)), dtype=np.uint8,
                        count=count * n).reshape(count, n)
    return np.unique(ev.batch(hands))


def _table(ev: Evaluator, n_cards: int) -> npt.NDArray[np.int32]:
    return _values(ev.ranking, wild_text(ev.wild), ev.flush_duplicates, _size(ev, n_cards))


def class_count(ev: Evaluator, n_cards: int = 5) -> int:
    """How many classes the hands of ``n_cards`` cards fall in under ``ev``'s settings."""
    return int(len(_table(ev, n_cards)))


@overload
def class_rank(ev: Evaluator, value: int, n_cards: int = 5) -> int: ...
@overload
def class_rank(ev: Evaluator, value: npt.NDArray[np.integer], n_cards: int = 5) -> npt.NDArray[np.int32]: ...
def class_rank(ev: Evaluator, value: int | npt.NDArray[np.integer], n_cards: int = 5) -> int | npt.NDArray[np.int32]:
    """The class of ``value`` (a value of a hand of ``n_cards`` cards under ``ev``): 1 for the
    best class. ValueError for a number that no such hand has."""
    table = _table(ev, n_cards)
    values = np.asarray(value)
    if values.dtype.kind not in "iu" or values.dtype == np.bool_:
        raise TypeError(f"value must be an int or an integer array, not {type(value).__name__}")
    at = np.searchsorted(table, values)
    found = (at < len(table)) & (table[np.minimum(at, len(table) - 1)] == values)
    if not np.all(found):
        bad = values[~found].ravel()[0] if values.ndim else values
        raise ValueError(f"no hand of {n_cards} cards has the value {int(bad)} under {ev!r}")
    ranks = (len(table) - at).astype(np.int32)
    return int(ranks) if values.ndim == 0 else ranks
