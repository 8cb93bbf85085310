"""The sampled 3-way preflop table (wildeval.three_way): every cell within a few standard errors
of the exact count, any order of the classes, the triples that cannot be dealt against a brute
force, the same bytes on any threads, split or cluster, and files written whole or not at all."""

from __future__ import annotations

import itertools
import json
import math
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from interrupts import interrupted_within

import wildeval
from wildeval import three_way as module
from wildeval.odds import equity
from wildeval.preflop import CLASSES, ThreeWay, class_hands, three_way, write_three_way
from wildeval.three_way import FILES, IMPOSSIBLE, SCALE, possible, triple_index

SMALL = ["AA", "KK", "AKs", "JTs", "72o", "22"]


@pytest.fixture(scope="module")
def small() -> ThreeWay:
    return three_way(SMALL, trials=20_000, seed=5, threads=2)


def test_the_index_numbers_every_triple_once() -> None:
    n = 9
    rows = [triple_index(i, j, k) for i, j, k in itertools.combinations_with_replacement(range(n), 3)]
    assert sorted(rows) == list(range(math.comb(n + 2, 3)))
    assert triple_index(3, 1, 2) == triple_index(1, 2, 3) and triple_index(168, 168, 168) == 818_804
    assert (module._triples(n)[[triple_index(1, 4, 7)]] == [1, 4, 7]).all()


def test_every_cell_within_a_few_standard_errors_of_the_exact_count(small: ThreeWay) -> None:
    worst = 0.0
    for a, b, c in itertools.combinations_with_replacement(small.classes, 3):
        if not possible(a, b, c):
            continue
        exact = [r.equity for r in equity([a, b, c])]
        got, errors = small.equity(a, b, c), small.stderr(a, b, c)
        assert sum(got) == pytest.approx(1.0, abs=2 / SCALE)
        for value, error, truth in zip(got, errors, exact, strict=True):
            assert abs(value - truth) <= 4.5 * error + 1 / SCALE, (a, b, c, value, truth, error)
            if error:
                worst = max(worst, abs(value - truth) / error)
                assert error <= 0.5 / math.sqrt(small.trials - 1) + 1 / SCALE  # the bound of a share in [0, 1]
    assert worst > 1.0  # the errors are of the size they say, not inflated


def test_any_order_of_the_classes(small: ThreeWay) -> None:
    for a, b, c in [("AA", "KK", "JTs"), ("72o", "AKs", "22"), ("AA", "AA", "KK"), ("KK", "JTs", "KK")]:
        values, errors = small.equity(a, b, c), small.stderr(a, b, c)
        for order in itertools.permutations(range(3)):
            names = [(a, b, c)[p] for p in order]
            assert small.equity(*names) == tuple(values[p] for p in order)
            assert small.stderr(*names) == tuple(errors[p] for p in order)
    aa, _, kk = small.equity("AA", "AA", "KK")
    assert aa == small.equity("AA", "KK", "AA")[2] and small.equity("kk", "aa", "Aa")[0] == kk
    assert small.equity("AKs", "AKs", "AKs") == (round(SCALE / 3) / SCALE,) * 3


def _dealable(names: tuple[str, ...]) -> bool:
    for hands in itertools.product(*(class_hands(n) for n in names)):
        cards = [card for hand in hands for card in hand]
        if len(set(cards)) == len(cards):
            return True
    return False


def test_impossible_triples_are_those_no_hands_can_deal() -> None:
    classes = ["AA", "KK", "AKs", "AKo", "AQs", "KQo", "QQ"]
    table = three_way(classes, trials=2, seed=0, threads=1)
    impossible = 0
    for names in itertools.combinations_with_replacement(classes, 3):
        assert possible(*names) == _dealable(names), names
        if not possible(*names):
            impossible += 1
            with pytest.raises(ValueError, match="cannot be dealt at once"):
                table.equity(*names)
    assert impossible > 5 and int((table.equities[:, 0] == IMPOSSIBLE).sum()) == impossible


def test_the_same_bytes_on_any_threads_split_or_cluster(client: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    classes = ["AA", "QQ", "AKo", "T9s", "65s", "32o", "K2s"]
    one = three_way(classes, trials=3000, seed=-7, threads=1)
    monkeypatch.setattr(module, "_PER_TASK", 11)  # 8 tasks, not 1
    done: list[int] = []
    two = three_way(classes, trials=3000, seed=-7, threads=2)
    remote = three_way(classes, trials=3000, seed=-7, client=client, progress=done.append)
    assert sum(done) == one.size == 84
    for table in (two, remote):
        assert table.equities.tobytes() == one.equities.tobytes() and table.stderrs.tobytes() == one.stderrs.tobytes()
    other = three_way(classes, trials=3000, seed=8, threads=2)
    assert other.equities.tobytes() != one.equities.tobytes()


def test_written_and_read_back(small: ThreeWay, tmp_path: Path) -> None:
    paths = small.write(tmp_path)
    assert [p.name for p in paths] == list(FILES) and sorted(p.name for p in tmp_path.iterdir()) == sorted(FILES)
    header = json.loads((tmp_path / "preflop3.json").read_text())
    assert header["trials"] == 20_000 and header["seed"] == 5 and header["wildeval"] == wildeval.__version__
    assert header["classes"] == ["AA", "AKs", "KK", "JTs", "72o", "22"] and header["triples"] == 56
    for where in (tmp_path, tmp_path / "preflop3.json"):
        back = ThreeWay.load(where)
        assert back.equities.tobytes() == small.equities.tobytes() and back.stderrs.tobytes() == small.stderrs.tobytes()
        assert back.equity("22", "AA", "JTs") == small.equity("22", "AA", "JTs")
    assert np.load(tmp_path / FILES[0]).dtype == np.uint16


def test_an_interrupted_run_leaves_the_old_files(tmp_path: Path) -> None:
    (tmp_path / "preflop3.json").write_text("old")

    def run() -> None:
        write_three_way(tmp_path, CLASSES[:60], trials=20_000, threads=2)

    interrupted_within(run, after=0.3)  # the run takes seconds: were it over, the files would be there
    assert [p.name for p in tmp_path.iterdir()] == ["preflop3.json"]
    assert (tmp_path / "preflop3.json").read_text() == "old"


def test_bad_arguments(small: ThreeWay, tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="trials must be a whole number from 2 to 2\\^32, not 1"):
        three_way(SMALL, trials=1)
    with pytest.raises(ValueError, match="'AK': say suited or offsuit"):
        three_way(["AA", "AK"])
    with pytest.raises(ValueError, match="each class once"):
        three_way(["AA", "aa"])
    with pytest.raises(TypeError, match="not one string"):
        three_way("AA")
    with pytest.raises(ValueError, match="there is no folder"):
        write_three_way(tmp_path / "missing", SMALL)
    with pytest.raises(ValueError, match="QQ is not one of this table's 6 classes"):
        small.equity("AA", "KK", "QQ")
    with pytest.raises(ValueError, match="seed must be an int"):
        three_way(SMALL, seed=1.5)  # type: ignore[arg-type]
    assert list(tmp_path.iterdir()) == []
