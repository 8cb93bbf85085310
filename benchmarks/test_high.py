"""Speed of the "high" ranking, native against the reference and peers, on the same hands.

    pytest benchmarks/ --benchmark-columns=min,mean,ops --benchmark-group-by=group

Each benchmark checks its result too, so a fast wrong answer fails. Hands per second =
rows / time; pytest-benchmark reports time per call (one call = the whole batch or loop).
"""

import numpy as np
import pytest

import wildeval
from wildeval import Category, Evaluator, census
from wildeval.cli.bench import probe_import
from wildeval.reference import Evaluator as ReferenceEvaluator
from wildeval.sampling import random_hands

NATURAL = Evaluator()
WILD = Evaluator(wild="357")


@pytest.mark.benchmark(group="7-card batch, 1M hands")
def test_batch_natural_one_thread(benchmark, hands7):
    values = benchmark(NATURAL.batch, hands7, threads=1)
    assert values[:100].tolist() == [NATURAL(h) for h in hands7[:100].tolist()]


@pytest.mark.benchmark(group="7-card batch, 1M hands")
def test_batch_natural_all_threads(benchmark, hands7):
    values = benchmark(NATURAL.batch, hands7)
    assert np.array_equal(values, NATURAL.batch(hands7, threads=1))


@pytest.mark.benchmark(group="7-card batch, 1M hands")
def test_batch_wild_357_one_thread(benchmark, hands7):
    values = benchmark(WILD.batch, hands7, threads=1)
    assert values[:100].tolist() == [WILD(h) for h in hands7[:100].tolist()]


@pytest.mark.benchmark(group="7-card batch, 1M hands")
def test_batch_natural_into_out_one_thread(benchmark, hands7):
    out = np.empty(len(hands7), dtype=np.int32)
    values = benchmark(NATURAL.batch, hands7, threads=1, out=out)
    assert values is out and values[:100].tolist() == [NATURAL(h) for h in hands7[:100].tolist()]


@pytest.mark.benchmark(group="7-card batch, 1M hands")
@pytest.mark.parametrize("dtype", [np.int16, np.int32, np.int64])
def test_batch_natural_wide_rows_one_thread(benchmark, hands7, dtype):
    wide = hands7.astype(dtype)
    values = benchmark(NATURAL.batch, wide, threads=1)
    assert np.array_equal(values, NATURAL.batch(hands7, threads=1))


@pytest.mark.benchmark(group="7-card batch, 1M hands")
def test_int64_read_floor(benchmark, hands7):
    """numpy's own max over the same int64 rows: the least a pass that reads them can cost."""
    wide = hands7.astype(np.int64)
    assert benchmark(wide.max) == hands7.max()


@pytest.mark.benchmark(group="7-card batch, 10M hands: a new array or out=")
@pytest.mark.parametrize("into", ["new array", "out="])
def test_batch_natural_ten_million(benchmark, into):
    """Large results reuse the memory of the last one dropped (its pages need no zeroing): a new
    array costs what writing into out= does, from the second call on."""
    hands = random_hands(10_000_000, 7, seed=1)
    out = np.empty(len(hands), dtype=np.int32) if into == "out=" else None
    values = benchmark(NATURAL.batch, hands, threads=1, out=out)
    assert values[:100].tolist() == [NATURAL(h) for h in hands[:100].tolist()]


@pytest.mark.benchmark(group="7-card per call, 20k hands")
def test_per_call_native(benchmark, lists7):
    values = benchmark(lambda: [NATURAL(h) for h in lists7])
    assert values == NATURAL.batch(np.array(lists7)).tolist()


@pytest.mark.benchmark(group="7-card per call, 20k hands")
def test_per_call_sum_floor(benchmark, lists7):
    """The builtin sum over the same lists: the least a call that reads seven ints can cost."""
    values = benchmark(lambda: [sum(h) for h in lists7])
    assert values[:10] == [sum(h) for h in lists7[:10]]


@pytest.mark.benchmark(group="7-card per call, 20k hands")
def test_per_call_native_tuples(benchmark, lists7):
    tuples = [tuple(h) for h in lists7]
    values = benchmark(lambda: [NATURAL(h) for h in tuples])
    assert values == [NATURAL(h) for h in lists7]


@pytest.mark.benchmark(group="7-card per call, 20k hands")
def test_per_call_native_text(benchmark, lists7):
    texts = [wildeval.format_cards(h) for h in lists7]  # "As Ks Qs Js Ts 2c 3d"
    values = benchmark(lambda: [NATURAL(t) for t in texts])
    assert values == [NATURAL(h) for h in lists7]


@pytest.mark.benchmark(group="7-card per call, 20k hands")
def test_per_call_native_numpy_rows(benchmark, hands7):
    rows = list(hands7[:20_000])
    values = benchmark(lambda: [NATURAL(r) for r in rows])
    assert values == NATURAL.batch(hands7[:20_000]).tolist()


@pytest.mark.benchmark(group="7-card per call, 20k hands")
def test_per_call_holdem_hand_evaluator_text(benchmark, lists7):
    hhe = pytest.importorskip("holdem_hand_evaluator")
    texts = [wildeval.format_cards(h).replace(" ", "") for h in lists7]
    values = benchmark(lambda: [hhe.evaluate_hand(t) for t in texts])
    ours = [NATURAL(h) for h in lists7]  # the same order and ties on every pair of hands
    pairs = sorted(set(zip(ours, values)))
    assert all(a[0] < b[0] and a[1] < b[1] for a, b in zip(pairs, pairs[1:]))


@pytest.mark.benchmark(group="7-card per call, 20k hands")
def test_per_call_eval7(benchmark, lists7):
    eval7 = pytest.importorskip("eval7")
    cards = [[eval7.Card(t) for t in wildeval.format_cards(h).split()] for h in lists7]
    benchmark(lambda: [eval7.evaluate(h) for h in cards])


@pytest.mark.benchmark(group="7-card per call, 20k hands")
def test_per_call_phevaluator(benchmark, lists7):
    phevaluator = pytest.importorskip("phevaluator")
    benchmark(lambda: [phevaluator.evaluate_cards(*h) for h in lists7])


@pytest.mark.benchmark(group="7-card per call, 1k hands (reference)")
def test_per_call_reference(benchmark, lists7):
    ref = ReferenceEvaluator()
    some = lists7[:1000]
    values = benchmark.pedantic(lambda: [ref(h) for h in some], rounds=3, iterations=1)
    assert values == [NATURAL(h) for h in some]


@pytest.mark.benchmark(group="census")
def test_census_seven_cards(benchmark):
    counts = benchmark.pedantic(census, args=(7,), rounds=3, iterations=1)
    assert counts[Category.FLUSH] == 4_047_644 and sum(counts.values()) == 133_784_560


@pytest.mark.benchmark(group="start-up")
def test_start_python_import_and_build_tables(benchmark):
    """Wall time of a fresh interpreter that imports wildeval and evaluates one hand (Python's
    own start-up included). The time from `import wildeval` to that first value, measured inside
    the child, goes to extra_info["import_seconds"] (and `wildeval bench` prints it)."""
    inside: list[float] = []

    def once() -> None:
        inside.append(probe_import())

    benchmark.pedantic(once, rounds=5, iterations=1)
    benchmark.extra_info["import_seconds"] = min(inside)
    assert wildeval._core.table_bytes() < 2 * 1024 * 1024
