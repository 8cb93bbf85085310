"""Large batch results (``_core.KEPT_RESULT_FROM`` values or more) are written into the memory of
the last large result the caller dropped, so that its pages need no zeroing: a result or any
view of it that is still held is never written again, and every value of a reused block is
written anew."""

from __future__ import annotations

import numpy as np
import pytest

from wildeval import Evaluator, _core
from wildeval.sampling import random_hands

N = _core.KEPT_RESULT_FROM + 1000
KEEPS = _core.keeps_result_memory()


def _address(values: np.ndarray) -> int:
    return int(values.__array_interface__["data"][0])


@pytest.fixture(scope="module")
def hands() -> tuple[np.ndarray, np.ndarray]:
    return random_hands(N, 7, seed=1), random_hands(N, 7, seed=2)


def _expected(ev: Evaluator, hands: np.ndarray) -> np.ndarray:
    out = np.empty(len(hands), dtype=np.int32)
    ev.batch(hands, threads=1, out=out)
    return out


def test_a_dropped_result_is_reused_and_a_held_one_never(hands: tuple[np.ndarray, np.ndarray]) -> None:
    ev = Evaluator()
    one, two = hands
    want_one, want_two = _expected(ev, one), _expected(ev, two)
    first = ev.batch(one)
    where = _address(first)
    second = ev.batch(two)  # the first is held: other memory
    assert not np.shares_memory(first, second)
    assert np.array_equal(first, want_one) and np.array_equal(second, want_two)
    del first
    third = ev.batch(two, threads=2)  # the first one's memory, if this build keeps it
    assert (_address(third) == where) == KEEPS
    assert np.array_equal(third, want_two) and np.array_equal(second, want_two)
    assert third.flags.c_contiguous and third.flags.writeable and third.dtype == np.int32
    assert third.flags.owndata == (not KEEPS)


def test_a_view_keeps_its_result_memory(hands: tuple[np.ndarray, np.ndarray]) -> None:
    ev = Evaluator()
    one, two = hands
    want_one = _expected(ev, one)
    first = ev.batch(one)
    tail = first[-5:]
    as_bytes = memoryview(first)
    del first
    again = ev.batch(two)
    assert not np.shares_memory(tail, again)
    assert np.array_equal(tail, want_one[-5:]) and np.asarray(as_bytes)[7] == want_one[7]
    del as_bytes, tail


def test_a_result_that_does_not_fit_takes_new_memory(hands: tuple[np.ndarray, np.ndarray]) -> None:
    """A kept block serves results of at most its size and at least half of it."""
    ev = Evaluator()
    one, _ = hands
    big = np.concatenate([one, one, one])
    want_big = _expected(ev, big)
    small = ev.batch(one)
    where = _address(small)
    del small
    medium = ev.batch(big[: N + N // 2])  # larger than the kept block, if less than twice its size
    assert _address(medium) != where and np.array_equal(medium, want_big[: N + N // 2])
    del medium
    small = ev.batch(one)
    where = _address(small)
    del small
    larger = ev.batch(big)  # too large for the kept block
    where_larger = _address(larger)
    assert where_larger != where and np.array_equal(larger, want_big)
    del larger  # now the kept block, three times the size of the next result: too large to take
    smaller = ev.batch(one)
    assert _address(smaller) != where_larger
    assert np.array_equal(smaller, _expected(ev, one))


def test_a_failed_batch_leaves_its_memory_kept_and_values_exact(hands: tuple[np.ndarray, np.ndarray]) -> None:
    ev = Evaluator()
    one, two = hands
    bad = one.copy()
    bad[N - 1, 3] = 60
    with pytest.raises(ValueError, match=rf"^row {N - 1}: card 60 is not a card \(0-51\)$"):
        ev.batch(bad)
    assert np.array_equal(ev.batch(two), _expected(ev, two))


def test_small_results_are_plain_arrays() -> None:
    values = Evaluator().batch(random_hands(1000, 7, seed=3))
    assert values.flags.owndata and values.base is None
