"""Fuzz target: ``Evaluator.batch`` and ``census`` on hostile arrays.

Random dtypes (every integer width, both byte orders, bools, floats, objects), shapes (0-3
dimensions, 0-9 columns, 0-24 rows), layouts (C, Fortran, strided, reversed, broadcast,
read-only), cards out of range and duplicated, ``out=`` of the wrong dtype, shape, layout or
alignment, read-only, or over the hands' own memory, and ``threads=`` of any value.

Properties: native equals the pure-Python reference (same values, or the same kind of error
where the input has one fault); a returned ``out`` is the array given; the input is never
changed; ``census`` counts every hand once (C(52, n) in all), the same for any thread count,
and equals the reference's where that is quick (two cards).
"""

from __future__ import annotations

import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import numpy as np  # noqa: E402
from _harness import Data, evaluator_pair, main, same_outcome  # noqa: E402

from wildeval import Evaluator, reference  # noqa: E402
from wildeval.evaluator import census  # noqa: E402

_DTYPES = ["u1", "i1", "<u2", ">u2", "<i2", ">i2", "<u4", ">u4", "<i4", ">i4", "<u8", ">u8", "<i8", ">i8"]
_CENSUS: dict[tuple[int, str, str | None, bool], dict[object, int]] = {}


def _hands(data: Data, n_cols: int) -> np.ndarray:
    n_rows = data.int(0, 24)
    rows = np.empty((n_rows, n_cols), dtype=np.int64)
    for i in range(n_rows):
        deck = list(range(52))
        for j in range(n_cols):
            rows[i, j] = deck.pop(data.int(0, len(deck) - 1))
    if n_rows and n_cols and data.chance(6):
        rows[data.int(0, n_rows - 1), data.int(0, n_cols - 1)] = data.pick([52, 63, 255, 256, -1, -128, 2**31, 2**40])
    if n_rows and n_cols > 1 and data.chance(6):
        i = data.int(0, n_rows - 1)
        rows[i, data.int(1, n_cols - 1)] = rows[i, 0]
    return rows


def _typed(data: Data, rows: np.ndarray) -> np.ndarray:
    kind = data.int(0, 15)
    if kind < len(_DTYPES):
        dtype = np.dtype(_DTYPES[kind])
        info = np.iinfo(dtype)
        if rows.size and (rows.min() < info.min or rows.max() > info.max):
            rows = np.clip(rows, info.min, info.max)  # what such a dtype can hold at most
        array = rows.astype(dtype)
    elif kind == 14:
        array = rows.astype(data.pick([np.float64, np.float32, np.bool_]))
    else:
        array = rows.astype(object)
    layout = data.int(0, 6)
    if layout == 1:
        array = np.asfortranarray(array)
    elif layout == 2:  # every other row and column of a bigger array
        big = np.zeros((array.shape[0] * 2, array.shape[1] * 2), dtype=array.dtype)
        big[::2, ::2] = array
        array = big[::2, ::2]
    elif layout == 3:
        array = array[::-1, ::-1].copy()[::-1, ::-1]
    elif layout == 4 and array.shape[0]:
        array = np.broadcast_to(array[:1], array.shape)
    if data.chance(3):
        array = array.view()
        array.flags.writeable = False
    if data.chance(10):
        array = data.pick([array.ravel(), array[None], np.array(7, dtype=array.dtype)])
    return array


def _out(data: Data, n_rows: int, hands: np.ndarray) -> np.ndarray | None:
    kind = data.int(0, 9)
    if kind <= 4:
        return None
    if kind == 5:
        return np.zeros(n_rows, dtype=np.int32)
    if kind == 6:  # the wrong dtype or shape
        return data.pick([np.zeros(n_rows, np.int64), np.zeros(n_rows + 1, np.int32),
                          np.zeros((n_rows, 1), np.int32), np.zeros(max(0, n_rows - 1), np.int32),
                          np.zeros(n_rows, np.uint32), np.zeros(n_rows, ">i4")])
    if kind == 7:  # unaligned, strided or read-only
        raw = np.zeros(4 * n_rows + 8, np.uint8)
        out = data.pick([raw[1 : 1 + 4 * n_rows].view(np.int32), np.zeros(2 * n_rows, np.int32)[::2],
                         np.zeros(n_rows, np.int32)])
        if data.bool():
            out.flags.writeable = False
        return out
    if kind == 8 and hands.dtype.kind in "iu" and hands.dtype.itemsize * hands.size >= 4 * n_rows and hands.flags.c_contiguous \
            and hands.flags.writeable:
        return hands.reshape(-1).view(np.uint8)[: 4 * n_rows].view(np.int32)  # over the hands themselves
    return [0] * n_rows  # type: ignore[return-value]  # not an array at all


def _check_census(data: Data, native: Evaluator) -> None:
    low, high = {"high": (1, 5), "three_card_poker": (3, 3)}.get(native.ranking, (5, 5))
    n = data.int(low, high)
    wild = "".join("23456789TJQKA"[r] for r in sorted(native.wild)) or None
    key = (n, native.ranking, wild, native.flush_duplicates)
    threads = data.pick([None, 1, 2, 3, 7, 64, 10**9])
    counts = census(n, native.ranking, wild, flush_duplicates=native.flush_duplicates, threads=threads)  # type: ignore[arg-type]
    assert sum(counts.values()) == math.comb(52, n), (key, counts)
    if key in _CENSUS:
        assert counts == _CENSUS[key], (key, threads)
    _CENSUS[key] = counts
    if n <= 2 and native.ranking == "high":
        assert counts == reference.census(n, "high", wild, flush_duplicates=native.flush_duplicates)


def test_one_input(raw: bytes) -> None:
    data = Data(raw)
    native, ref = evaluator_pair(data)
    if data.chance(24):
        _check_census(data, native)
        return
    low, high = {"high": (1, 7), "three_card_poker": (3, 3)}.get(native.ranking, (5, 7))
    n_cols = data.int(low, high) if not data.chance(10) else data.int(0, 9)
    rows = _hands(data, n_cols)
    hands = _typed(data, rows)
    before = hands.copy()
    out = _out(data, rows.shape[0], hands)
    threads = data.pick([None, 1, 2, 3, 8, 1024, 10**9, 10**30]) if not data.chance(12) else \
        data.pick([0, -1, True, 1.5, "2", np.int64(4)])
    if hands.dtype == object:  # not an integer array: the native side refuses it
        try:
            native.batch(hands, threads=threads, out=out)  # type: ignore[arg-type]
        except (TypeError, ValueError):
            return
        raise AssertionError(f"an object array was accepted: {hands!r}")
    threads_ok = threads is None or (isinstance(threads, (int, np.integer)) and not isinstance(threads, bool)
                                     and threads >= 1)
    if not threads_ok:
        try:
            native.batch(hands, threads=threads, out=out)  # type: ignore[arg-type]
        except (TypeError, ValueError) as e:
            assert "threads" in str(e) or hands.dtype.kind not in "iu" or out is not None, e
            return
        raise AssertionError(f"threads={threads!r} was accepted")
    bad_out = out is not None and not (isinstance(out, np.ndarray) and out.dtype == np.dtype("=i4")
                                       and out.shape == (rows.shape[0],) and out.flags.c_contiguous
                                       and out.flags.writeable)
    overlapping = isinstance(out, np.ndarray) and np.may_share_memory(out, hands)
    bad_cards = hands.ndim == 2 and hands.dtype.kind in "iu" and any(
        len(set(row)) < len(row) or not all(0 <= c < 52 for c in row) for row in hands.tolist())
    faults = (int(bad_out) + int(hands.ndim != 2) + int(not low <= n_cols <= high)
              + int(hands.dtype.kind not in "iu") + int(bad_cards))
    # both write into the same out: each result is copied as it comes; the reference reads the
    # hands as they were (its own copy where out lies over them)
    ref_hands = hands.copy() if overlapping else hands
    result, expected = same_outcome(
        lambda: (lambda r: (r is out, r.copy()))(native.batch(hands, threads=threads, out=out)),  # type: ignore[arg-type]
        lambda: (True, ref.batch(ref_hands, out=out).copy()),  # type: ignore[arg-type]
        same_kind=faults <= 1)
    if result is not None:
        assert expected is not None
        values = result[1]
        assert values.dtype == np.int32 and values.tolist() == expected[1].tolist(), (hands, values, expected)
        assert result[0] or out is None, "out was not returned"
        if not overlapping:
            assert np.array_equal(hands, before), "the hands were changed"


if __name__ == "__main__":
    main(test_one_input)
