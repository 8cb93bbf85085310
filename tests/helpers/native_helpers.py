"""Hypothesis strategies, array layouts and an order check shared by the native evaluator's test
files (core/test_native.py, test_native_values.py, test_native_input.py)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from hypothesis import strategies as st

from wildeval.cards import format_cards

N_DECK = 52
CARD_TEXT = [format_cards([c]) for c in range(N_DECK)]  # as eval7, phevaluator and treys read cards

RANDOM_WILD_SETTINGS = st.one_of(
    st.none(),
    st.sampled_from(["3", "357", "2", "A", "10", "TJQKA"]),
    st.frozensets(st.integers(0, 12), max_size=4).map(sorted),
    st.frozensets(st.integers(0, 12), min_size=8, max_size=13).map(sorted),
)


@st.composite
def hands(draw: st.DrawFn, wild: frozenset[int], size: int | None = None) -> list[int]:
    """1-7 distinct cards, often drawn from a few suits, a few ranks, the ranks of a straight
    or the wild ranks, so that flushes, straights, big groups and many wild cards are common."""
    n = draw(st.integers(1, 7)) if size is None else size
    mode = draw(st.sampled_from(["any", "suits", "ranks", "straight", "wild", "wild+suit"]))
    if mode == "suits":
        suits = draw(st.frozensets(st.integers(0, 3), min_size=1, max_size=2))
        pool = [c for c in range(N_DECK) if c & 3 in suits]
    elif mode == "ranks":
        ranks = draw(st.frozensets(st.integers(0, 12), min_size=1, max_size=4))
        pool = [c for c in range(N_DECK) if c >> 2 in ranks]
    elif mode == "straight":
        top = draw(st.integers(3, 12))
        ranks = {(top - i) % 13 for i in range(5)}
        suit = draw(st.sampled_from([None, 0, 1, 2, 3]))
        pool = [c for c in range(N_DECK) if c >> 2 in ranks and suit in (None, c & 3)]
    elif mode == "wild" and wild:
        pool = [c for c in range(N_DECK) if c >> 2 in wild]
    elif mode == "wild+suit" and wild:
        suit = draw(st.integers(0, 3))
        pool = [c for c in range(N_DECK) if c >> 2 in wild or c & 3 == suit]
    else:
        pool = list(range(N_DECK))
    k = draw(st.integers(0, min(n, len(pool))))
    core = draw(st.lists(st.sampled_from(pool), min_size=k, max_size=k, unique=True))
    rest = [c for c in range(N_DECK) if c not in core]
    extra = draw(st.lists(st.sampled_from(rest), min_size=n - k, max_size=n - k, unique=True))
    return list(draw(st.permutations(core + extra)))


DTYPES = [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64]
LAYOUTS = ["C", "F", "transposed", "column slice", "column step", "row step", "negative strides", "list"]


def with_layout(hands: np.ndarray, dtype: type, layout: str) -> object:
    """The same rows as ``hands``, in the given dtype and memory layout."""
    a = hands.astype(dtype)
    rows, cols = a.shape
    if layout == "C":
        out = np.ascontiguousarray(a)
    elif layout == "F":
        out = np.asfortranarray(a)
    elif layout == "transposed":
        out = np.ascontiguousarray(a.T).T
    elif layout == "column slice":
        wide = np.full((rows, cols + 3), 77, dtype=dtype)  # bad cards around the slice
        wide[:, 1 : 1 + cols] = a
        out = wide[:, 1 : 1 + cols]
    elif layout == "column step":
        wide = np.full((rows, 2 * cols), 77, dtype=dtype)
        wide[:, ::2] = a
        out = wide[:, ::2]
    elif layout == "row step":
        tall = np.full((2 * rows, cols), 77, dtype=dtype)
        tall[::2] = a
        out = tall[::2]
    elif layout == "negative strides":
        out = np.ascontiguousarray(a[::-1, ::-1])[::-1, ::-1]
    else:
        return a.tolist()
    assert np.array_equal(out, hands)
    return out


def assert_same_order(ours: Sequence[int], theirs: Sequence[int]) -> None:
    """The map between the two scales (both higher = better) is strictly increasing: the same
    order and the same ties."""
    pairs = sorted(set(zip(ours, theirs)))
    for (o1, t1), (o2, t2) in zip(pairs, pairs[1:]):
        assert o1 < o2 and t1 < t2, ((o1, t1), (o2, t2))
