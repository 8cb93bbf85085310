"""On a Dask cluster the same answers as on one machine: census, odds, chart and guts simulations
on a two-worker LocalCluster give exactly what the local run gives; a killed worker loses nothing;
Ctrl-C leaves whole records. Runs wherever dask[distributed] is installed (the test extra has it)."""

from __future__ import annotations

import doctest
import functools
import io
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
import pytest

distributed = pytest.importorskip("distributed")
da = pytest.importorskip("dask.array")

import wildeval  # noqa: E402
import wildeval.dask as wd  # noqa: E402
from wildeval.chart import field_chart  # noqa: E402
from wildeval.cli import main  # noqa: E402
from wildeval.games import guts, triple_draw  # noqa: E402
from wildeval.odds import equity, versus_field  # noqa: E402
from wildeval.sampling import random_hands  # noqa: E402


def test_import_wildeval_does_not_import_dask() -> None:
    code = "import sys, wildeval, wildeval.cli, wildeval.odds, wildeval.chart, wildeval.games.guts; " \
           "print(sorted(m for m in sys.modules if m.split('.')[0] in ('dask', 'distributed')))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_doctests_of_the_dask_module() -> None:
    result = doctest.testmod(wd, verbose=False)
    assert result.attempted >= 3 and result.failed == 0


def test_census_by_lowest_card_is_the_census(client: Any) -> None:
    for n, wild in ((5, "2"), (3, None), (1, None)):
        progress: list[int] = []
        assert wildeval.census(n, wild=wild, client=client, progress=progress.append) == wildeval.census(n, wild=wild)
        assert sum(progress) == 53 - n


def test_census_under_wild_sets(client: Any) -> None:
    sets = ["2", "3", "23", "A", "2345", "TJQKA"]
    here = wd.census_all_wild_sets(5, sets=sets)
    there = wd.census_all_wild_sets(5, sets=sets, client=client, per_task=4)
    assert there.wild == here.wild == tuple(sets)
    assert there.counts.tolist() == here.counts.tolist()
    assert set(there.counts.sum(axis=1).tolist()) == {2_598_960} == {there.total}
    for row, wild in zip(there.rows(), sets):
        assert row["wild"] == wild
        assert [row[c.name] for c in wildeval.Category] == list(wildeval.census(5, wild=wild).values())
    text = io.StringIO()
    there.write_csv(text)
    assert text.getvalue().splitlines()[1].startswith("2,") and len(text.getvalue().splitlines()) == 7
    with pytest.raises(ValueError, match="wild cards work with"):
        wd.census_all_wild_sets(5, "low27", sets=["2"])


def test_odds_are_the_same_numbers(client: Any) -> None:
    hands = ["As Ad", "Kc Kd", "7h 8h"]
    for kwargs in ({"trials": 1_250_000, "seed": 3}, {"board": "2h 9s", "trials": 300_001, "seed": 0}, {"board": "2h"}):
        seen: list[int] = []
        assert equity(hands, client=client, progress=seen.append, **kwargs) == equity(hands, **kwargs)
        assert sum(seen) == equity(hands, **kwargs)[0].boards
    field = {"trials": 9_000_000, "seed": 11}
    reported: list[int] = []
    assert versus_field("Ks Kd Qh", 3, client=client, progress=reported.append, **field) == \
        versus_field("Ks Kd Qh", 3, **field)
    assert sum(reported) == 9_000_000  # every deal reported once, however the tasks fall
    chart = {"deals": 40_000, "seed": 4}
    assert field_chart("napalm", 2, [1, 3], client=client, **chart) == field_chart("napalm", 2, [1, 3], **chart)


def test_guts_simulation_same_bytes_any_split(client: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    here, there = io.StringIO(), io.StringIO()
    a = guts.simulate("crazy-three-five-seven", players=5, count=37, seed=-8, out=here)
    monkeypatch.setattr("wildeval.games.guts.simulation._GAMES_PER_TASK", 5)  # the split is made by the client
    done: list[int] = []
    b = guts.simulate("crazy-three-five-seven", players=5, count=37, seed=-8, out=there, client=client,
                      progress=done.append)
    assert a == b and sum(done) == 37 and done.count(5) == 7
    assert here.getvalue() == there.getvalue()
    assert [json.loads(line)["game"] for line in there.getvalue().splitlines()] == list(range(1, 38))
    with pytest.raises(ValueError, match="at one table is not split across workers.*tables=N"):
        triple_draw.simulate("deuce-to-seven-triple-draw", players=3, count=2, seed=1, out=io.StringIO(),
                             client=client)


def test_a_guts_solve_is_the_same_strategy_on_the_cluster(client: Any, monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    from wildeval.games.guts.solver import solve

    quick = {"sweeps": 4, "deals": 20_000, "rows": 128, "iterations": 3, "games": 2_500}
    here = solve("napalm", 2, rules={"declaration": "simultaneous"}, **quick)
    monkeypatch.setattr("wildeval.games.guts.solver.infosets.GAMES_PER_TASK", 700)  # 4 tasks an iteration
    there = solve("napalm", 2, rules={"declaration": "simultaneous"}, client=client, **quick)
    assert here.infosets is not None and len(here.infosets) > 0
    assert json.loads(here.dumps()) | {"seconds": 0} == json.loads(there.dumps()) | {"seconds": 0}
    argv = ("solve", "napalm", "--players", "2", "--sweeps", "4", "--deals", "20000", "--iterations", "2",
            "--games", "1500", "--json")
    untimed = functools.partial(re.sub, r'"seconds": [0-9.]+', '"seconds": 0')
    assert untimed(_lines(capsys, *argv, "--scheduler", client.scheduler.address)) == untimed(_lines(capsys, *argv))


@pytest.mark.parametrize("game", ["deuce-to-seven-triple-draw", "ace-to-five-triple-draw"])
def test_draw_tables_same_bytes_on_the_cluster(client: Any, game: str) -> None:
    here, there = io.StringIO(), io.StringIO()
    a = triple_draw.simulate(game, players=3, count=23, seed=-2, out=here, tables=4)
    done: list[int] = []
    b = triple_draw.simulate(game, players=3, count=23, seed=-2, out=there, tables=4, client=client,
                             progress=done.append)
    assert a == b and here.getvalue() == there.getvalue()
    assert sorted(done) == [5, 6, 6, 6] and a.played == 23


@pytest.mark.parametrize("dtype", [np.int8, np.uint16, np.int64])
def test_evaluate_a_dask_array(client: Any, dtype: Any) -> None:
    hands = random_hands(5_000, 7, seed=2).astype(dtype)
    values = wd.evaluate(da.from_array(hands, chunks=(1_200, 7)), wild="3")
    assert isinstance(values, da.Array) and values.dtype == np.int32 and values.chunks == ((1200,) * 4 + (200,),)
    want = wildeval.Evaluator(wild="3").batch(hands)
    assert (values.compute(scheduler=client) == want).all()
    assert (values.compute(scheduler="threads") == want).all()


def test_evaluate_refuses_split_rows_and_floats() -> None:
    with pytest.raises(ValueError, match="whole rows"):
        wd.evaluate(da.zeros((10, 7), dtype=np.uint8, chunks=(5, 3)))
    with pytest.raises(TypeError, match="integers"):
        wd.evaluate(da.zeros((10, 7), chunks=(5, 7)))


def _lines(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(list(argv)) == 0
    return capsys.readouterr().out


def test_command_line_on_a_scheduler(client: Any, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    address = client.scheduler.address
    for argv in (("census", "5", "--wild", "2", "--json"),
                 ("odds", "As Ad", "Kc Kd", "--trials", "400000", "--seed", "1", "--json"),
                 ("odds", "As Ad", "--opponents", "4", "--trials", "200000", "--seed", "1", "--json"),
                 ("chart", "--game", "three-five-seven", "--stage", "1", "--deals", "20000", "--json")):
        assert _lines(capsys, *argv, "--scheduler", address) == _lines(capsys, *argv)
    local, remote = tmp_path / "local.jsonl", tmp_path / "remote.jsonl"
    common = ("simulate", "napalm", "--games", "12", "--seed", "4", "--json")
    _lines(capsys, *common, "--out", str(local))
    _lines(capsys, *common, "--out", str(remote), "--scheduler", address)
    assert local.read_bytes() == remote.read_bytes()
    assert main(["simulate", "deuce-to-seven-triple-draw", "--hands", "3", "--scheduler", address]) == 2
    assert "not split across workers" in capsys.readouterr().err
    common = ("simulate", "deuce-to-seven-triple-draw", "--hands", "14", "--tables", "3", "--json")
    _lines(capsys, *common, "--out", str(local))
    _lines(capsys, *common, "--out", str(remote), "--scheduler", address)
    assert local.read_bytes() == remote.read_bytes() and local.read_bytes().count(b"variant = ") == 14


def test_workers_flag_starts_a_local_cluster(tmp_path: Path) -> None:
    outs = []
    for extra in ((), ("--workers", "2")):
        path = tmp_path / f"games{len(extra)}.jsonl"
        subprocess.run([sys.executable, "-m", "wildeval", "simulate", "three-five-seven", "--games", "9",
                        "--seed", "2", "--out", str(path), *extra], check=True, capture_output=True, timeout=120)
        outs.append(path.read_bytes())
    assert outs[0] == outs[1] and outs[0].count(b"\n") == 9


def test_a_killed_worker_loses_nothing(client: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    expected = io.StringIO()
    guts.simulate("three-five-seven", players=4, count=60, seed=3, out=expected)
    monkeypatch.setattr("wildeval.games.guts.simulation._GAMES_PER_TASK", 3)
    before = client.run(os.getpid)
    victim = sorted(before.values())[0]
    killed: list[int] = []

    def kill_once(n: int) -> None:  # after the first task is in, one of the two workers dies
        if not killed:
            os.kill(victim, signal.SIGKILL)
            killed.append(victim)

    out = io.StringIO()
    guts.simulate("three-five-seven", players=4, count=60, seed=3, out=out, client=client, progress=kill_once)
    assert killed and out.getvalue() == expected.getvalue()
    client.wait_for_workers(2, timeout=60)  # the nanny starts a new one
    assert victim not in client.run(os.getpid).values()


def _slow_square(x: int) -> int:
    time.sleep(0.2)
    return x * x


def test_closing_the_results_after_their_client_raises_nothing() -> None:
    """A Ctrl-C that unwinds through `connect` closes the client before the generator of results
    is closed (the traceback holds it): closing it then must not ask the closed client to cancel
    the futures it still holds (that printed 'IOLoop is closed' tracebacks)."""
    # in-process workers; the scheduler's HTTP server on any free port (the module's cluster has 8787)
    with distributed.LocalCluster(n_workers=1, processes=False, threads_per_worker=1, dashboard_address=":0",
                                  silence_logs=40) as cluster:
        own = distributed.Client(cluster)
        own.wait_for_workers(1, timeout=30)
        results = wd.map_ordered(own, _slow_square, range(20), window=8)
        assert next(results) == 0  # seven more are still running or queued
        own.close()
        results.close()


def _interrupt(tmp_path: Path, *extra: str) -> tuple[subprocess.CompletedProcess[str], Path]:
    out = tmp_path / "games.jsonl"
    out.write_text("old\n")
    # Ctrl-C's default action in the run, whatever starts pytest: a shell that runs the tests in
    # the background without job control ignores SIGINT, and the run would inherit that
    process = subprocess.Popen([sys.executable, "-m", "wildeval", "simulate", "three-five-seven", "--games",
                                "100000", "--seed", "6", "--out", str(out), *extra],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:  # until some games are in the temporary file
        parts = list(tmp_path.glob(".games.jsonl.*.part"))
        if parts and parts[0].stat().st_size > 300_000:
            break
        time.sleep(0.05)
    os.killpg(process.pid, signal.SIGINT)  # as a terminal's Ctrl-C does: the workers get it too
    try:
        stdout, stderr = process.communicate(timeout=60)
    except subprocess.TimeoutExpired:  # a run the signal did not stop is not left running
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        raise
    return subprocess.CompletedProcess(process.args, process.returncode, stdout, stderr), out


@pytest.mark.parametrize("extra", [(), ("--workers", "2")], ids=["local", "cluster"])
def test_ctrl_c_keeps_whole_records(tmp_path: Path, extra: tuple[str, ...]) -> None:
    done, out = _interrupt(tmp_path, *extra)
    assert done.returncode == 130, done.stderr
    assert "Traceback" not in done.stderr  # the local workers ignore Ctrl-C; this process stops the run
    text = out.read_text()
    n = text.count("\n")
    assert n > 0 and text.endswith("\n")
    assert f"interrupted after {n:,} of 100,000 games; {n:,} whole records written to {out}" in done.stderr
    assert [json.loads(line)["game"] for line in text.splitlines()] == list(range(1, n + 1))
    expected = io.StringIO()
    guts.simulate("three-five-seven", players=4, count=n, seed=6, out=expected)
    assert text == expected.getvalue()
    assert not list(tmp_path.glob("*.part"))
