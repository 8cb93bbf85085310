"""The guts solver: its toy against the closed form, its stage model against the engine's
payments, its whole games against the engine's, its strategies, bot and command."""

from __future__ import annotations

import json

import numpy as np
import pytest

from wildeval.cli import main
from wildeval.games.guts import GutsGame, arrange_deck, play_bots, preset
from wildeval.games.guts.payments import stage_payments
from wildeval.games.guts.solver import SolverBot, Strategy, exploitability, solve, toy
from wildeval.games.guts.solver.deals import deal_cards
from wildeval.games.guts.solver.games import play_games
from wildeval.games.guts.solver.model import States, Table, settle
from wildeval.seeds import child_seed

QUICK = {"sweeps": 6, "deals": 20_000, "rows": 128, "iterations": 0}


@pytest.mark.parametrize(("gain", "loss"), [(0.25, 0.25), (0.5, 0.0)])
def test_toy_threshold_is_the_closed_form(gain: float, loss: float) -> None:
    assert abs(toy.solve(gain, loss, grid=800) - toy.equilibrium(gain, loss)) < 1e-3


def test_toy_closed_form_is_an_equilibrium() -> None:
    # at t*, the hand at the threshold gains nothing by staying in rather than going out, and a
    # threshold either side gives a best response on the other side of it
    for gain, loss in [(0.25, 0.25), (0.5, 0.0), (0.1, 0.6)]:
        t = toy.equilibrium(gain, loss)
        assert abs(gain * t - (1 - t) + loss * (1 - t)) < 1e-12
        assert toy.solve(gain, loss, grid=200, sweeps=1, step=1e-9) == pytest.approx(0.5, abs=1e-6)
    with pytest.raises(ValueError, match="gain and loss"):
        toy.equilibrium(-0.1, 0.0)


@pytest.mark.parametrize("payment", ["pot_to_each_winner", "lowest_pays_highest"])
def test_stage_settlement_pays_as_the_engine_does(payment: str) -> None:
    rules = preset("three-five-seven", payment=payment)
    table = Table.of(rules, 5)
    rng = np.random.default_rng(4)
    ins = rng.random((5, 3000)) < 0.5
    values = rng.integers(0, 4, (5, 3000))  # few values: many ties
    pay, _, _ = settle(table, ins, values, np.zeros((5, 3000), dtype=np.int64))
    names = [str(i) for i in range(5)]
    for r in range(3000):
        who = [names[i] for i in range(5) if ins[i, r]]
        expected = np.zeros(5)
        if len(who) >= 2:
            _, _, payments = stage_payments(rules, who, {p: int(values[int(p), r]) for p in who}, pot=1, chips=None)
            for p in payments:
                expected[int(p["from"])] -= p["amount"]
                expected[int(p["to"])] += p["amount"]
        assert pay[:, r].tolist() == expected.tolist()


def test_states_number_every_arrangement_of_legs() -> None:
    table = Table.of(preset("napalm"), 4)
    states = States(table)
    rng = np.random.default_rng(1)
    legs = rng.integers(0, table.goal, (4, 500))
    index = states.index(legs)
    for r in range(500):
        for seat in range(4):
            others = tuple(sorted(int(x) for i, x in enumerate(legs[:, r]) if i != seat))
            assert index[seat, r] == states.find(int(legs[seat, r]), others)
    assert len(set(zip(states.own.tolist(), map(tuple, states.others.tolist())))) == len(states)
    streaks = States(Table.of(preset("three-five-seven-onlinepoker"), 3))
    assert len(streaks) == 1 + 4 + 4  # nobody on a streak, the player on one of 1-4, or another
    with pytest.raises(ValueError, match="one player can hold a streak"):
        streaks.find(1, (2, 0))


def _engine_games(strategy: Strategy, games: int, seed: int, rounds_needed: int) -> list[list[int]]:
    """The games of :func:`play_games`, played by the engine with a SolverBot at every seat on
    the very same cards: each round's deck arranged to deal each seat its run of cards."""
    rules, n = strategy.rules, strategy.players
    names = [f"P{i}" for i in range(n)]
    rounds = [deal_cards(games, n, rules.stages[-1].cards, child_seed(seed, r)) for r in range(rounds_needed)]
    out = []
    for g in range(games):
        decks = [arrange_deck(rules, names, dealer=(g + r) % n, hands={names[i]: cards[g, i].tolist()
                                                                       for i in range(n)})
                 for r, cards in enumerate(rounds)]
        game = play_bots(GutsGame(rules, names, decks=decks, dealer=g % n), {p: SolverBot(strategy) for p in names})
        assert game.round <= rounds_needed
        out.append([game.balances[p] for p in names])
    return out


@pytest.mark.parametrize(("game", "players", "changes"), [
    ("three-five-seven", 3, {}),
    ("crazy-three-five-seven", 4, {"declaration": "simultaneous", "max_payment": 6}),
    ("three-five-seven-onlinepoker", 3, {}),
    ("napalm", 2, {"ante": 2}),
])
def test_whole_games_are_the_engines(game: str, players: int, changes: dict[str, object]) -> None:
    strategy = solve(game, players, rules=changes, **QUICK)
    bars = strategy.bars()[None]
    played = play_games(strategy.rules, players, bars, [0] * players, 60, seed=9)
    assert played.undecided == 0
    assert played.chips.tolist() == _engine_games(strategy, 60, seed=9, rounds_needed=int(played.rounds.max()))
    assert np.all(played.chips.sum(axis=1) == 0)  # no chip created or lost


def test_a_strategy_is_its_json_and_its_seed() -> None:
    def solved(data: dict[str, object]) -> dict[str, object]:
        return {k: v for k, v in data.items() if k != "seconds"}  # what was solved, not how long it took

    one = solve("three-five-seven", 3, **QUICK)
    assert Strategy.from_json(json.loads(one.dumps())).dumps() == one.dumps()
    assert solved(solve("three-five-seven", 3, **QUICK).to_json()) == solved(one.to_json())
    assert solved(solve("three-five-seven", 3, seed=1, **QUICK).to_json()) != solved(one.to_json())
    shown = one.thresholds_at([1, 0, 2])
    assert [(t.stage, t.seat, t.ins_before) for t in shown[:6]] == [
        (1, 1, 0), (1, 2, 0), (1, 2, 1), (1, 3, 0), (1, 3, 1), (1, 3, 2)]
    for t in shown:
        assert 0.0 <= t.stays_in <= 1.0 and t.hand
    with pytest.raises(ValueError, match="3 counts"):
        one.thresholds_at([0, 0])
    with pytest.raises(ValueError, match="0 to 2"):
        one.thresholds_at([3, 0, 0])


def test_the_model_cap_rule_is_a_setting_of_the_solve() -> None:
    """The streak game declaring at once (3 players or more) is solved with the antes of games
    undecided at the model's cap kept, every other table with them given back; the setting is
    recorded (in the JSON only where it is not the old rule, so files solved before it read back
    the same) and changes what the refinement learns."""
    quick = dict(QUICK, iterations=6, games=4000)  # enough games for some to reach the cap
    kept = solve("three-five-seven-onlinepoker", 3, rules={"declaration": "simultaneous"}, **quick)
    assert kept.settings.cap == "forfeit" and kept.to_json()["settings"]["cap"] == "forfeit"
    assert Strategy.from_json(json.loads(kept.dumps())).settings == kept.settings
    back = solve("three-five-seven-onlinepoker", 3, rules={"declaration": "simultaneous"}, cap="refund", **quick)
    assert back.settings.cap == "refund" and "cap" not in back.to_json()["settings"]
    assert back.infosets is not None and kept.infosets is not None
    assert not (np.array_equal(back.infosets.keys, kept.infosets.keys)
                and np.array_equal(back.infosets.thresholds, kept.infosets.thresholds))
    for game, n, rules in (("three-five-seven-onlinepoker", 3, None), ("three-five-seven-onlinepoker", 2,
                                                                        {"declaration": "simultaneous"}),
                           ("napalm", 4, {"declaration": "simultaneous"})):
        assert solve(game, n, rules=rules, **QUICK).settings.cap == "refund"
    with pytest.raises(ValueError, match="cap: one of refund, forfeit, not 'keep'"):
        solve("three-five-seven", 2, cap="keep", **QUICK)


def test_table_stakes_and_bad_tables_are_refused() -> None:
    with pytest.raises(ValueError, match="running tab"):
        solve("three-five-seven", 3, rules={"payment_policy": "table_stakes", "stack": 20}, **QUICK)
    with pytest.raises(ValueError, match="2 to 7 players"):
        solve("three-five-seven", 8, **QUICK)
    strategy = solve("napalm", 2, **QUICK)
    game = GutsGame(preset("three-five-seven"), ["A", "B"], seed=1)
    with pytest.raises(Exception, match="solved for napalm"):
        play_bots(game, {"A": SolverBot(strategy), "B": SolverBot(strategy)})


def test_exploitability_finds_the_gain_against_loose_play() -> None:
    # everyone in from a strength of 0.3: a player who stays in only with better hands gains,
    # and the measure sees it; the solved strategy leaves far less to gain
    strategy = solve("three-five-seven", 3, sweeps=20, deals=20_000, rows=256, iterations=0)
    loose = Strategy(strategy.rules, 3, np.full_like(strategy.thresholds, 0.3), strategy.values, strategy.settings)
    bad = exploitability(loose, games=3000, passes=2)
    assert bad.per_deal > 10 * bad.stderr > 0
    good = exploitability(strategy, games=3000, passes=2)
    assert good.per_deal < bad.per_deal / 5


def test_solve_command_prints_words_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["solve", "three-five-seven", "--players", "3", "--sweeps", "6", "--deals", "20000", "--rows", "128",
            "--iterations", "2", "--games", "2000",
            "--quiet"]
    assert main(args + ["--legs", "1,0,2"]) == 0
    text = capsys.readouterr().out
    assert "legs: you 1, the others 0, 2" in text and "Stage 3: 7 cards, high, sevens wild" in text
    assert "1st to declare" in text and "3rd, two or more in before" in text
    assert main(args + ["--json", "--declare", "simultaneous"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [len(s["thresholds"]) for s in data["stages"]] == [1, 1, 1]
    assert data["stages"][0]["thresholds"][0]["seat"] is None
    for bad, message in ([["--legs", "1,0"], "--legs: 2 counts for 3 players"],
                         [["--legs", "3,0,0"], "--legs: each count is 0 to 2"],
                         [["--legs", "x"], "--legs: 'x' is not counts"],
                         [["--spread-flips"], "--spread-flips measures with --exploitability: give both"]):
        assert main(args + bad) == 2
        assert message in capsys.readouterr().err
    assert main(args + ["--json", "--exploitability", "300", "--spread-flips"]) == 0
    measured = json.loads(capsys.readouterr().out)["exploitability"]
    assert measured["spread"] is True and measured["max_depth"] == 64 and measured["games"] == 300
    assert main(args + ["--json", "--cap", "forfeit"]) == 0
    assert json.loads(capsys.readouterr().out)["settings"]["cap"] == "forfeit"
    assert main(args + ["--cap", "forfeit"]) == 0
    assert "costs every player its antes (--cap forfeit)" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(args + ["--cap", "keep"])
    assert "argument --cap: invalid choice: 'keep'" in capsys.readouterr().err
    assert main(["solve", "three-five-seven-onlinepoker", "--legs-to-win", "3", "--quiet"]) == 2
    assert "--legs-to-win: three-five-seven-onlinepoker is won by stage wins in a row" in capsys.readouterr().err


def test_solver_bots_in_simulate_and_play(tmp_path: pytest.TempPathFactory) -> None:
    import io

    from wildeval.games.guts import simulate
    from wildeval.games.guts.terminal import play
    from wildeval.games.table import read_records

    strategy = solve("three-five-seven", 3, **QUICK)
    outs = []
    for _ in range(2):
        out = io.StringIO()
        summary = simulate("three-five-seven", players=3, count=30, seed=4, out=out, bots="solver,threshold,random",
                           strategy=strategy)
        assert summary.played == 30
        outs.append(out.getvalue())
    assert outs[0] == outs[1]  # same seed, same bytes
    records = list(read_records(outs[0].splitlines()))
    assert records[0]["bots"] == {"Bot 1": "solver", "Bot 2": "threshold(1-1/players)", "Bot 3": "random(0.5)"}
    assert all(sum(r["result"]["balances"].values()) == 0 for r in records)
    with pytest.raises(ValueError, match="2 bot kinds for 3 bots"):
        simulate("three-five-seven", players=3, count=1, seed=0, out=io.StringIO(), bots="solver,random")
    shown = io.StringIO()
    assert play("three-five-seven", players=3, seed=2, stdin=io.StringIO("o\n" * 40 + "q\n"), stdout=shown,
                bots=["solver", "solver"], strategy=strategy) == 0
    assert "Leaving the table" in shown.getvalue()


def test_the_solver_page_examples() -> None:
    import doctest
    import pathlib
    import re

    page = (pathlib.Path(__file__).resolve().parents[3] / "docs" / "solver.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", page, flags=re.S)
    assert blocks
    runner = doctest.DocTestRunner()
    for i, block in enumerate(blocks):
        runner.run(doctest.DocTestParser().get_doctest(block, {}, f"docs/solver.md block {i}", "solver.md", 0))
    assert runner.summarize(verbose=False).failed == 0


def test_chart_marks_the_solver_thresholds(capsys: pytest.CaptureFixture[str]) -> None:
    from wildeval.chart import class_at, field_chart

    args = ["chart", "--game", "three-five-seven", "--stage", "1", "--solver", "2", "--deals", "5000", "--quiet"]
    assert main(args) == 0
    lines = [line for line in capsys.readouterr().out.splitlines() if line.startswith("solver: ")]
    assert [line.split(":")[1].strip() for line in lines] == ["1st to declare", "2nd, one in before"]
    assert main(args + ["--json"]) == 0
    marks = json.loads(capsys.readouterr().out)["solver"]
    chart = field_chart("three-five-seven", 1, [1], deals=5000, seed=0)
    from wildeval.values import Category

    for mark in marks:  # the class a threshold marks is of that very hand's category
        assert chart.classes[class_at(chart, mark["value"])].category == Category(mark["value"] >> 20)
    assert main(["chart", "--versus", "AA", "--solver", "2", "--quiet"]) == 2
    assert "--solver marks a guts stage's chart" in capsys.readouterr().err


def test_visits_count_every_declaration_and_share_the_deals() -> None:
    from wildeval.games.guts.solver.iterate import MIN_ROWS, allocate

    strategy = solve("three-five-seven", 3, **QUICK)
    visits = np.zeros((3, 4, len(strategy.states)), dtype=np.int64)
    played = play_games(strategy.rules, 3, strategy.bars()[None], [0] * 3, 500, seed=3, visits=visits)
    start = strategy.state_of([0, 0, 0])
    assert visits[0, 0, start] == 3 * 500  # every game's first declarations, by all three seats
    assert visits[0].sum() == 3 * int(np.minimum(played.rounds, 10_000).sum())  # a stage 1 every round
    rows = allocate(visits[0], 10_000)
    assert rows.min() >= MIN_ROWS and rows.sum() <= 10_000 and rows.argmax() == start
    assert allocate(np.zeros(5, dtype=np.int64), 100).tolist() == [20] * 5
