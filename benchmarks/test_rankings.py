"""Speed of the lowball and three-card rankings beside the 7-card high batch, same run.

    pytest benchmarks/test_rankings.py --benchmark-group-by=group
"""

import numpy as np
import pytest

from wildeval import Evaluator
from wildeval.sampling import random_hands

SEED = 20261129
HIGH, LOW27, LOW_A5 = Evaluator(), Evaluator("low27"), Evaluator("low_a5")
THREE = Evaluator("three_card_poker", wild="3")


@pytest.fixture(scope="module")
def hands5() -> np.ndarray:
    return random_hands(1_000_000, 5, seed=SEED)


@pytest.fixture(scope="module")
def hands3() -> np.ndarray:
    return random_hands(1_000_000, 3, seed=SEED)


@pytest.mark.benchmark(group="batch, 1M hands, 1 thread")
def test_high_seven_cards(benchmark, hands7):
    values = benchmark(HIGH.batch, hands7, threads=1)
    assert values[:50].tolist() == [HIGH(h) for h in hands7[:50].tolist()]


@pytest.mark.benchmark(group="batch, 1M hands, 1 thread")
def test_low27_five_cards(benchmark, hands5):
    values = benchmark(LOW27.batch, hands5, threads=1)
    assert values[:50].tolist() == [LOW27(h) for h in hands5[:50].tolist()]


@pytest.mark.benchmark(group="batch, 1M hands, 1 thread")
def test_low27_seven_cards(benchmark, hands7):
    values = benchmark(LOW27.batch, hands7, threads=1)
    assert values[:50].tolist() == [LOW27(h) for h in hands7[:50].tolist()]


@pytest.mark.benchmark(group="batch, 1M hands, 1 thread")
def test_low_a5_five_cards(benchmark, hands5):
    values = benchmark(LOW_A5.batch, hands5, threads=1)
    assert values[:50].tolist() == [LOW_A5(h) for h in hands5[:50].tolist()]


@pytest.mark.benchmark(group="batch, 1M hands, 1 thread")
def test_three_card_poker_wild(benchmark, hands3):
    values = benchmark(THREE.batch, hands3, threads=1)
    assert values[:50].tolist() == [THREE(h) for h in hands3[:50].tolist()]


@pytest.mark.benchmark(group="per call, 20k 7-card hands")
def test_per_call_high(benchmark, lists7):
    benchmark(lambda: [HIGH(h) for h in lists7])


@pytest.mark.benchmark(group="per call, 20k 7-card hands")
def test_per_call_low27(benchmark, lists7):
    benchmark(lambda: [LOW27(h) for h in lists7])


@pytest.mark.benchmark(group="per call, 20k 7-card hands")
def test_per_call_low_a5(benchmark, lists7):
    benchmark(lambda: [LOW_A5(h) for h in lists7])


@pytest.fixture(scope="module")
def hands6() -> np.ndarray:
    return random_hands(1_000_000, 6, seed=SEED)


@pytest.mark.benchmark(group="batch, 1M hands, 1 thread")
def test_high_six_cards(benchmark, hands6):
    values = benchmark(HIGH.batch, hands6, threads=1)
    assert values[:50].tolist() == [HIGH(h) for h in hands6[:50].tolist()]


@pytest.mark.benchmark(group="batch, 1M hands, 1 thread")
def test_high_five_cards(benchmark, hands5):
    values = benchmark(HIGH.batch, hands5, threads=1)
    assert values[:50].tolist() == [HIGH(h) for h in hands5[:50].tolist()]


@pytest.mark.benchmark(group="batch, 1M hands, 1 thread")
def test_low_a5_seven_cards(benchmark, hands7):
    values = benchmark(LOW_A5.batch, hands7, threads=1)
    assert values[:50].tolist() == [LOW_A5(h) for h in hands7[:50].tolist()]


@pytest.mark.benchmark(group="batch, 1M hands, 1 thread")
@pytest.mark.parametrize("ranking", ["low27", "low_a5"])
def test_lowball_six_cards(benchmark, hands6, ranking):
    ev = {"low27": LOW27, "low_a5": LOW_A5}[ranking]
    values = benchmark(ev.batch, hands6, threads=1)
    assert values[:50].tolist() == [ev(h) for h in hands6[:50].tolist()]
