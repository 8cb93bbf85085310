"""wildeval chart: hand classes, the chance to be best against an exact count and an independent
sample, standard errors that mean what they say, and the command as a user drives it (images
that open at the size asked, CSV, JSON, bad input, no matplotlib)."""

from __future__ import annotations

import csv
import io
import itertools
import json
import math
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from wildeval import Evaluator
from wildeval.chart import Chart, class_name, field_chart, parse_opponents, write_csv
from wildeval.reference import Evaluator as ReferenceEvaluator
from wildeval.values import LOW_BASE, Category, category_of, tie_ranks

GAME = "three-five-seven"


def wildeval(*argv: str, **kwargs: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "wildeval", *argv], capture_output=True, text=True,
                          **kwargs)  # type: ignore[call-overload]


def class_of(value: int, ranking: str) -> tuple[Category, int]:
    return category_of(value, ranking), tie_ranks(value, ranking)[0]


@pytest.fixture(scope="module")
def three_card_exact() -> dict[tuple[Category, int], tuple[float, float, int]]:
    """Stage one of three-five-seven (3 cards, threes wild), heads-up, every deal: for each class
    (category, top rank) the average over its hands of the chance to win and to tie against one
    opponent holding any 3 of the other 49 cards. Values from the pure-Python reference; the
    disjoint hands counted by inclusion-exclusion over the cards two hands share."""
    ref = ReferenceEvaluator("high", "3")
    hands = list(itertools.combinations(range(52), 3))
    values = np.array([ref(list(h)) for h in hands])
    order = np.sort(values)
    by_card: dict[tuple[int, ...], list[int]] = {}
    for v, h in zip(values.tolist(), hands):
        for r in (1, 2):
            for part in itertools.combinations(h, r):
                by_card.setdefault(part, []).append(v)
    sorted_by = {k: np.sort(np.array(v)) for k, v in by_card.items()}

    def below_and_equal(v: int, arr: np.ndarray) -> tuple[int, int]:
        lo, hi = np.searchsorted(arr, v, "left"), np.searchsorted(arr, v, "right")
        return int(lo), int(hi - lo)

    others = math.comb(49, 3)
    sums: dict[tuple[Category, int], list[float]] = {}
    for v, h in zip(values.tolist(), hands):
        win, tie = below_and_equal(v, order)
        tie -= 1  # the hand itself
        for sign, r in ((-1, 1), (1, 2)):
            for part in itertools.combinations(h, r):
                w, t = below_and_equal(v, sorted_by[part])
                win += sign * w
                tie += sign * t
        tie += 1  # the hand itself was taken out once, then counted -3 + 3 by the parts
        acc = sums.setdefault(class_of(v, "high"), [0.0, 0.0, 0])
        acc[0] += win / others
        acc[1] += tie / others
        acc[2] += 1
    return {k: (w / n, t / n, int(n)) for k, (w, t, n) in sums.items()}


def test_three_card_classes_shares_and_heads_up_odds_match_an_exact_count(
        three_card_exact: dict[tuple[Category, int], tuple[float, float, int]]) -> None:
    chart = field_chart(GAME, 1, [1], deals=300_000, seed=5)
    got = {(c.category, class_name(c.key, "high")[1]): c for c in chart.classes}
    assert len(chart.classes) == len(three_card_exact) == 34  # 12 trips, 13 pairs, 9 high cards (5 to ace)
    total = sum(n for _, _, n in three_card_exact.values())
    assert total == math.comb(52, 3)
    names = [c.name for c in chart.classes]
    assert names[:2] == ["Five high", "Six high"] and names[-1] == "Three aces"
    assert "Three threes" not in names  # three wild threes are three aces
    for c in chart.classes:
        (category, top) = next(k for k in three_card_exact if class_name(k[0] << 4 | (k[1] + 1), "high")[1] == c.name)
        win, tie, n = three_card_exact[(category, top)]
        assert c.category is category
        # a class that won every sample has a measured spread of 0: the exact p's binomial error bounds it
        spread = max(c.stderr[0], math.sqrt(win * (1 - win) / c.samples))
        assert abs(c.win[0] - win) < 4.5 * spread + 1e-12, (c.name, c.win[0], win, c.stderr[0])
        tie_bound = max(4.5 * math.sqrt(tie * (1 - tie) / c.samples) * 2, 1e-9)
        assert abs(c.tie[0] - tie) < tie_bound, (c.name, c.tie[0], tie)
        share = n / total
        assert abs(c.share - share) < 5 * math.sqrt(share * (1 - share) / chart.deals) + 1e-9, c.name
    assert got  # every class named once
    assert len(got) == len(chart.classes)


def test_classes_run_from_weakest_to_strongest_at_every_stage() -> None:
    for game, stage in [(GAME, 2), (GAME, 3), ("napalm", 1), ("napalm", 2), ("crazy-three-five-seven", 3)]:
        chart = field_chart(game, stage, [1, 2], deals=20_000, seed=1)
        low = chart.ranking in ("low27", "low_a5")
        keys = [c.key for c in chart.classes]
        assert keys == sorted(keys, reverse=low), (game, stage)
        assert len({c.name for c in chart.classes}) == len(keys)
        assert all(0 <= w <= 1 and 0 <= t <= 1 and w + t <= 1 for c in chart.classes for w, t in zip(c.win, c.tie))
        assert abs(sum(c.share for c in chart.classes) - 1) < 1e-9
    napalm_low = field_chart("napalm", 2, [1], deals=20_000, seed=1)
    assert napalm_low.classes[-1].name == "Seven low" and napalm_low.classes[0].category >= Category.FULL_HOUSE


def test_seven_card_stage_against_an_independent_sample() -> None:
    """Seven cards, sevens wild, two and three opponents: the chart (every seat of a deal is the
    hand) against a plain simulation in which only the first hand of each deal is the hand."""
    chart = field_chart(GAME, 3, [2, 3], deals=150_000, seed=11)
    ev = Evaluator("high", "7")
    rng = np.random.default_rng(99)
    n = 400_000
    deck = rng.permuted(np.broadcast_to(np.arange(52, dtype=np.uint8), (n, 52)), axis=1)[:, :28]
    values = ev.batch(deck.reshape(n * 4, 7)).reshape(n, 4)
    keys = values[:, 0] >> 16
    checked = 0
    for i, k in enumerate(chart.opponents):
        best = values[:, 1:k + 1].max(axis=1)
        for c in chart.classes:
            mine = keys == c.key
            m = int(mine.sum())
            if m < 2000:
                continue
            p = float((values[mine, 0] > best[mine]).mean())
            spread = math.sqrt(c.stderr[i] ** 2 + p * (1 - p) / m)
            assert abs(c.win[i] - p) < 4.5 * spread + 1e-12, (k, c.name, c.win[i], p, spread)
            checked += 1
    assert checked > 60


def test_standard_errors_describe_the_spread_between_seeds(
        three_card_exact: dict[tuple[Category, int], tuple[float, float, int]]) -> None:
    exact = {class_name(cat << 4 | (top + 1), "high")[1]: w for (cat, top), (w, _, _) in three_card_exact.items()}
    z = []
    for seed in range(20):
        chart = field_chart(GAME, 1, [1], deals=30_000, seed=seed)
        z += [(c.win[0] - exact[c.name]) / c.stderr[0] for c in chart.classes if c.stderr[0] > 0 and c.samples > 400]
    z_arr = np.array(z)
    assert len(z_arr) > 150
    assert 0.75 < float(np.std(z_arr)) < 1.25, float(np.std(z_arr))
    assert abs(float(np.mean(z_arr))) < 0.25


@pytest.mark.parametrize(("deals", "counts"), [(600, [1, 3]), (7, [2])])
def test_standard_errors_follow_their_formula_on_a_small_chart(deals: int, counts: list[int]) -> None:
    """Each group's wins w_g and hands n_g, taken one group at a time: p = sum w / sum n and
    stderr = sqrt(G / (G - 1) * sum (w_g - p n_g)^2) / n, as the module says (G = 50 groups,
    or one per deal under 50 deals)."""
    from wildeval.chart import GROUPS, _group
    from wildeval.seeds import entropy

    chart = field_chart("napalm", 2, counts, deals=deals, seed=4)
    groups = min(GROUPS, deals)
    bounds = [deals * g // groups for g in range(groups + 1)]
    parts = [_group(("low27", None, True, 5, tuple(counts), entropy(4), g, bounds[g], bounds[g + 1], 1))
             for g in range(groups)]
    n_k = len(counts)
    assert len(chart.classes) > 3
    for c in chart.classes:
        n_g = np.array([part[-1, c.key] for part in parts])
        n = n_g.sum()
        assert c.samples == n
        for i in range(n_k):
            w_g = np.array([part[i, c.key] for part in parts])
            p = w_g.sum() / n
            want = math.sqrt(groups / (groups - 1) * float(((w_g - p * n_g) ** 2).sum())) / n
            assert c.win[i] == pytest.approx(p, rel=1e-12, abs=1e-15)
            assert c.stderr[i] == pytest.approx(want, rel=1e-9, abs=1e-15), (c.name, i)
            assert c.tie[i] == pytest.approx(sum(part[n_k + i, c.key] for part in parts) / n, abs=1e-15)
    one = field_chart("napalm", 2, [1], deals=1, seed=4)  # one group: the binomial error
    assert all(c.stderr[0] == pytest.approx(math.sqrt(c.win[0] * (1 - c.win[0]) / c.samples), abs=1e-15)
               for c in one.classes)


def test_the_same_seed_gives_the_same_chart_and_the_progress_counts_every_deal() -> None:
    seen: list[int] = []
    a = field_chart("napalm", 3, [1, 6], deals=12_345, seed=3, progress=seen.append)
    b = field_chart("napalm", 3, [1, 6], deals=12_345, seed=3, threads=1)
    assert a == b and sum(seen) == 12_345
    assert a.opponents == (1, 6) and all(len(c.win) == 2 for c in a.classes)


def test_low_classes_and_names() -> None:
    assert class_name(Category.HIGH_CARD << 4 | 6, "low27") == (Category.HIGH_CARD, "Seven low")
    assert class_name(Category.HIGH_CARD << 4 | 13, "low27") == (Category.HIGH_CARD, "Ace high")
    assert class_name(Category.HIGH_CARD << 4 | 5, "low_a5") == (Category.HIGH_CARD, "Five low")
    assert class_name(5 << 4 | 13, "three_card_poker") == (Category.STRAIGHT_FLUSH, "Straight flush, ace high")
    assert class_name(Category.STRAIGHT_FLUSH << 4 | 13, "high")[1] == "Royal flush"
    v = Evaluator("low27")("7s 5d 4c 3h 2s")
    assert ((LOW_BASE - v) >> 16) == Category.HIGH_CARD << 4 | 6


@pytest.mark.parametrize(("text", "message"), [
    ("0-3", "each count must be 1 to 6"), ("1-7", "each count must be 1 to 6"), ("4-2", "from low to high"),
    ("a-b", "write a count"), ("1-2-3", "write a count"), ("", "write a count"), ("-1", "write a count"),
])
def test_opponent_ranges_refused(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_opponents(text, 6)


@pytest.mark.parametrize("kwargs", [
    {"game": "chess", "stage": 1}, {"game": GAME, "stage": 4}, {"game": GAME, "stage": 0},
    {"game": GAME, "stage": True}, {"game": GAME, "stage": 1, "opponents": [7]},
    {"game": GAME, "stage": 1, "opponents": []}, {"game": GAME, "stage": 1, "deals": 0},
    {"game": GAME, "stage": 1, "seed": 1.5},
])
def test_library_refuses_bad_arguments(kwargs: dict[str, object]) -> None:
    args = {"opponents": [1], "deals": 100} | kwargs
    with pytest.raises(ValueError):
        field_chart(args.pop("game"), args.pop("stage"), args.pop("opponents"), **args)  # type: ignore[arg-type]


def test_csv_holds_the_charts_numbers() -> None:
    chart = field_chart(GAME, 2, [1, 3], deals=5_000, seed=2)
    stream = io.StringIO()
    write_csv(chart, stream)
    rows = list(csv.DictReader(io.StringIO(stream.getvalue())))
    assert [r["class"] for r in rows] == [c.name for c in chart.classes]
    assert [int(r["strength"]) for r in rows] == list(range(1, len(rows) + 1))
    for r, c in zip(rows, chart.classes):
        assert float(r["win_3"]) == pytest.approx(c.win[1], abs=1e-6)
        assert int(r["samples"]) == c.samples


# -- the command ---------------------------------------------------------------------------------


def _image_size(path: Path) -> tuple[int, int]:
    import matplotlib.image

    pixels = matplotlib.image.imread(str(path))
    return pixels.shape[1], pixels.shape[0]


def test_chart_command_writes_the_image_and_the_csv(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    image, table = tmp_path / "chart.png", tmp_path / "chart.csv"
    done = wildeval("chart", "--game", GAME, "--stage", "3", "--opponents", "1-6", "--out", str(image),
                    "--csv", str(table), "--deals", "50000", "--size", "1200x700")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""  # no terminal: no progress bar
    assert str(image) in done.stdout and str(table) in done.stdout
    assert _image_size(image) == (1200, 700)
    rows = list(csv.DictReader(table.open()))
    assert rows[-1]["class"] == "Five aces" and {f"win_{k}" for k in range(1, 7)} <= set(rows[0])
    default = tmp_path / "default.png"
    done = wildeval("chart", "--game", "napalm", "--stage", "2", "--out", str(default), "--deals", "2000")
    assert done.returncode == 0
    assert _image_size(default) == (1600, 900)
    svg = tmp_path / "chart.svg"
    assert wildeval("chart", "--game", "napalm", "--stage", "1", "--out", str(svg), "--deals", "2000").returncode == 0
    assert svg.read_text().lstrip().startswith("<?xml")


def test_chart_command_json_and_table(tmp_path: Path) -> None:
    done = wildeval("chart", "--game", GAME, "--stage", "1", "--opponents", "2", "--deals", "20000", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["opponents"] == [2] and data["classes"][-1]["name"] == "Three aces"
    assert set(data["classes"][0]["win"]) == {"2"}
    done = wildeval("chart", "--game", GAME, "--stage", "1", "--opponents", "1-3", "--deals", "20000")
    assert done.returncode == 0 and done.stdout.splitlines()[4].startswith("Three aces")
    done = wildeval("chart", "--game", GAME, "--stage", "1", "--deals", "2000", "--csv", "-")
    assert done.returncode == 0 and done.stdout.startswith("strength,class,")


@pytest.mark.parametrize(("argv", "message"), [
    (("--game", "chess", "--stage", "1"), "invalid choice: 'chess'"),
    (("--game", GAME, "--stage", "4"), "must be from 1 to 3"),
    (("--game", GAME), "give --game and --stage (a guts stage), or --versus RANGE"),
    (("--versus", "QQ+,AKx"), "'AKx' (at character 5)"),
    (("--game", GAME, "--stage", "1", "--opponents", "0-3"), "each count must be 1 to 6"),
    (("--game", GAME, "--stage", "1", "--opponents", "3-1"), "from low to high"),
    (("--game", GAME, "--stage", "1", "--opponents", "many"), "write a count"),
    (("--game", GAME, "--stage", "1", "--size", "10x10"), "200 to 10000 pixels"),
    (("--game", GAME, "--stage", "1", "--size", "big"), "width x height"),
    (("--game", GAME, "--stage", "1", "--out", "chart.jpg"), ".png, .svg or .pdf"),
    (("--game", GAME, "--stage", "1", "--out", "/no/such/folder/c.png"), "there is no folder"),
    (("--game", GAME, "--stage", "1", "--deals", "0"), "must be from 1 to"),
    (("--game", GAME, "--stage", "1", "--csv", "-", "--json"), "--json prints to standard output"),
])
def test_chart_command_refuses_bad_input_in_one_line(argv: tuple[str, ...], message: str) -> None:
    done = wildeval("chart", *argv)
    assert done.returncode == 2
    assert message in done.stderr
    last = done.stderr.strip().splitlines()
    assert len(last) == 1 or last[0].startswith("usage:")
    assert "Traceback" not in done.stderr


def test_a_failed_chart_keeps_the_existing_file(tmp_path: Path) -> None:
    image = tmp_path / "chart.png"
    image.write_bytes(b"old picture")
    done = wildeval("chart", "--game", GAME, "--stage", "1", "--out", str(image), "--size", "1x1")
    assert done.returncode == 2 and image.read_bytes() == b"old picture"
    assert [p.name for p in tmp_path.iterdir()] == ["chart.png"]


def test_without_matplotlib_out_names_the_extra(tmp_path: Path) -> None:
    code = ("import sys; sys.modules['matplotlib'] = None; from wildeval.cli import main; "
            f"sys.exit(main(['chart', '--game', '{GAME}', '--stage', '1', '--out', sys.argv[1]]))")
    done = subprocess.run([sys.executable, "-c", code, str(tmp_path / "c.png")], capture_output=True, text=True)
    assert done.returncode == 2
    assert done.stderr.strip() == "wildeval chart: --out needs matplotlib: pip install matplotlib (the plot extra)"
    assert not (tmp_path / "c.png").exists()
    code = code.replace("'--out', sys.argv[1]", "'--csv', sys.argv[1], '--deals', '1000'")
    done = subprocess.run([sys.executable, "-c", code, str(tmp_path / "c.csv")], capture_output=True, text=True)
    assert done.returncode == 0 and (tmp_path / "c.csv").exists()  # the numbers need no matplotlib


def test_plot_into_a_stream_without_the_command() -> None:
    pytest.importorskip("matplotlib")
    from wildeval.chart import plot

    chart: Chart = field_chart("napalm", 1, [1, 2], deals=2_000, seed=1)
    out = io.BytesIO()
    plot(chart, out, size=(640, 480))
    assert out.getvalue().startswith(b"\x89PNG")
