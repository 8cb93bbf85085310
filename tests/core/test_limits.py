"""Hostile sizes and arguments: a clear error or a bounded run, never a crash, a hang or an OOM
kill; and the findings of the fuzz targets in fuzz/, kept as regression tests."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

from wildeval import Evaluator
from wildeval.evaluator import MAX_THREADS, census
from wildeval.odds import MAX_TRIALS, equity
from wildeval.sampling import random_hands


@pytest.mark.parametrize("ranking, n_cards", [("high", 7), ("low27", 7), ("three_card_poker", 3)])
def test_out_overlapping_hands_gives_the_values_of_the_hands_as_given(ranking: str, n_cards: int) -> None:
    # Found by fuzz/fuzz_batch.py: an out= array over the hands' own bytes made the core read
    # values it had already written as cards (a segfault for three-card poker, a garbled
    # duplicate message for deuce-to-seven).
    ev = Evaluator(ranking)
    n = 50_000
    buffer = np.zeros(n_cards * n + 8, dtype=np.uint8)
    hands = buffer[: n_cards * n].reshape(n, n_cards)
    hands[:] = random_hands(n, n_cards, seed=3)
    expected = ev.batch(hands.copy())
    start = (n_cards * n // 4) // 4 * 4  # out's first value lies over a quarter of the way in
    rows = min(n, (len(buffer) - start) // 4)
    out = buffer[start : start + 4 * rows].view(np.int32)
    got = ev.batch(hands[:rows], out=out, threads=1)
    assert got is out
    assert np.array_equal(got, expected[:rows])


@pytest.mark.parametrize("threads", [10**9, 10**30, np.int64(2**62), MAX_THREADS + 1])
def test_any_large_thread_count_runs_with_at_most_max_threads(threads: int) -> None:
    ev = Evaluator()
    hands = random_hands(5, 7, seed=1)
    assert ev.batch(hands, threads=threads).tolist() == ev.batch(hands, threads=1).tolist()
    assert census(3, "three_card_poker", threads=threads) == census(3, "three_card_poker", threads=1)


@pytest.mark.parametrize("threads, error", [(0, ValueError), (-1, ValueError), (-(10**30), ValueError),
                                            (True, TypeError), (1.0, TypeError), ("2", TypeError)])
def test_bad_thread_counts_are_refused_alike_everywhere(threads: object, error: type) -> None:
    with pytest.raises(error, match="threads must be None or an int >= 1"):
        Evaluator().batch(random_hands(2, 5, seed=1), threads=threads)  # type: ignore[arg-type]
    with pytest.raises(error, match="threads must be None or an int >= 1"):
        census(5, threads=threads)  # type: ignore[arg-type]
    with pytest.raises(error, match="threads must be None or an int >= 1"):
        equity(["As Ad", "Kc Kd"], trials=10, seed=1, threads=threads)  # type: ignore[arg-type]


def test_a_batch_too_large_for_memory_is_a_memory_error() -> None:
    rows = np.broadcast_to(np.arange(7, dtype=np.uint8), (10**12, 7))  # 7 TB of hands, no memory
    with pytest.raises(MemoryError):
        Evaluator().batch(rows)


def test_enormous_trials_are_refused_before_any_work() -> None:
    with pytest.raises(ValueError, match="trials must be at most 1,000,000,000, not 1,000,000,000,000"):
        equity(["As Ad", "Kc Kd"], trials=10**12)
    equity(["As Ad", "Kc Kd"], board="2c 3d 4h 5s", trials=MAX_TRIALS // 10**6, seed=1)  # the bound itself is fine


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "wildeval", *args], capture_output=True, text=True, timeout=60)


def test_cli_refuses_enormous_requests_in_its_own_words() -> None:
    done = _cli("odds", "As Ad", "Kc Kd", "--trials", str(10**15))
    assert done.returncode == 2 and "argument --trials: must be from 1 to 1,000,000,000" in done.stderr
    done = _cli("simulate", "three-five-seven", "--players", str(10**6), "--games", "1")
    assert done.returncode == 2 and "--players must be from 2 to 7 for three-five-seven, not 1,000,000" in done.stderr
    done = _cli("simulate", "deuce-to-seven-triple-draw", "--players", str(10**6), "--hands", "1")
    assert done.returncode == 2
    assert "--players must be from 2 to 6 for deuce-to-seven-triple-draw, not 1,000,000" in done.stderr
    done = _cli("census", "3", "--ranking", "three_card_poker", "--threads", str(10**30))
    assert done.returncode == 0 and "22,100" in done.stdout
