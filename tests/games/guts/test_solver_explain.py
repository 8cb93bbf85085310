"""A strategy's information sets in words (solver/explain.py): the sets listed are those of the
legs and round asked for whose hand differs from the one a player keeps, each worded from its
key; and `wildeval solve` prints them and puts them in its JSON."""

from __future__ import annotations

import dataclasses
import json

import numpy as np
import pytest

from wildeval.cli import main
from wildeval.games.guts.solver import Strategy, solve
from wildeval.games.guts.solver.deals import Scale
from wildeval.games.guts.solver.explain import history_words, ins_words, refined_at, seats_words
from wildeval.games.guts.solver.infosets import InfoSets
from wildeval.games.guts.solver.model import Table
from wildeval.games.guts.solver.native import keys_of


@pytest.fixture(scope="module")
def cells() -> Strategy:
    return solve("three-five-seven", 3, sweeps=6, deals=20_000, rows=128, iterations=0)


def _with_sets(strategy: Strategy, sets: list[tuple[int, float]]) -> Strategy:
    keys = np.array([k for k, _ in sets], dtype=np.int64)
    order = np.argsort(keys)
    infosets = InfoSets(keys[order], np.array([t for _, t in sets])[order], np.full(len(sets), 500, dtype=np.int64))
    return dataclasses.replace(strategy, infosets=infosets)


def test_planted_sets_are_listed_in_words_and_only_where_they_decide_otherwise(cells: Strategy) -> None:
    table = Table.of(cells.rules, 3)
    legs = [1, 0, 2]
    # 3rd to declare at stage 2, round 1, the 1st in and the 2nd out: a seen set at strength 0.99
    fine, seen, _ = keys_of(table, 1, 0, 2, [True, False], legs, [([True, True, False], True)])
    cell = float(cells.cells[1, 0, cells.state_of(legs), 2 * 3 + 1])
    same = keys_of(table, 2, 0, 1, [False], legs, [([True, False, True], False), ([False, False, True], False)])[1]
    same_cell = float(cells.cells[2, 0, cells.state_of(legs), 1 * 3 + 0])
    elsewhere = keys_of(table, 1, 0, 2, [True, False], [0, 0, 0], [])[1]  # other legs
    later = keys_of(table, 1, 1, 2, [True, False], legs, [])[1]  # round 2
    strategy = _with_sets(cells, [(seen, 0.99), (fine, 0.0), (same, same_cell), (elsewhere, 0.99), (later, 0.99)])
    listed = refined_at(strategy, legs, round=1)
    assert [(r.level, r.stage) for r in listed] == [("seen", 2), ("fine", 2)]
    top, anything = listed
    assert top.context == "3rd, the 1st in before" and top.history == ""
    scale = Scale.of(cells.rules, 1)
    assert top.value == int(scale.weakest(0.99)) and top.hand == cells.rules.describe(1, top.value)
    assert top.stays_in == pytest.approx(scale.share_from(top.value)) and top.stays_in < 0.05
    assert top.cell == pytest.approx(cell) and top.visits == 500
    assert anything.hand == "any hand" and anything.stays_in == 1.0
    assert anything.history == "at stage 1 you and the player on your left were in, and you won"
    assert [r.stage for r in refined_at(strategy, legs, round=2)] == [2]  # the round-2 set
    assert refined_at(strategy, [2, 0, 1], round=1) == []
    assert refined_at(cells, legs) == []  # no information sets: nothing to list
    with pytest.raises(ValueError, match="legs: one count per player"):
        refined_at(strategy, [0, 0])
    with pytest.raises(ValueError, match="round must be an int >= 1"):
        refined_at(strategy, legs, round=0)


def test_words() -> None:
    assert seats_words([0, 2], 3) == "you and the player on your right"
    assert seats_words([1, 2, 3], 5) == ("the player on your left, the player 2 to your left and the player 3 to "
                                         "your left")
    assert ins_words(0, []) == "1st to declare"
    assert ins_words(3, []) == "4th, nobody in before"
    assert ins_words(3, [0, 2]) == "4th, the 1st and 3rd in before"
    assert history_words(1, {"in": [0], "paid": True}, 3) == "at stage 2 you were in alone"
    assert history_words(0, {"in": [], "paid": False}, 3) == "at stage 1 no one was in"
    lost = history_words(0, {"in": [0, 1], "paid": False}, 2)
    assert lost == "at stage 1 you and the other player were in, and you lost"


def test_solve_command_prints_the_sets_that_decide_otherwise(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["solve", "three-five-seven", "--players", "3", "--sweeps", "6", "--deals", "40000", "--iterations", "6",
            "--games", "20000", "--quiet"]
    assert main(args) == 0
    text = capsys.readouterr().out
    assert "where what you see decides otherwise:" in text
    assert main(args + ["--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    here = data["refined_here"]
    assert here and all(r["level"] in ("seen", "fine") and 1 <= r["stage"] <= 3 for r in here)
    for r in here:
        line = f"    {r['context']}" + (f"; {r['history']}" if r["history"] else "") + f": {r['hand']},"
        assert line in text or sum(1 for x in here if x["stage"] == r["stage"]) > 12


def test_chart_lists_the_sets_of_its_stage_that_decide_otherwise(capsys: pytest.CaptureFixture[str]) -> None:
    from wildeval.games.guts.solver.shipped import shipped

    strategy = shipped("three-five-seven", 4)
    assert strategy is not None
    expected = [r for r in refined_at(strategy, [0, 0, 0, 0]) if r.stage == 1]
    assert expected  # the shipped 4-player strategy has sets of its own at stage 1
    args = ["chart", "--game", "three-five-seven", "--stage", "1", "--solver", "4", "--deals", "3000", "--quiet"]
    assert main(args) == 0
    out = capsys.readouterr().out
    listed = out.split("solver, where what you see decides otherwise:\n", 1)[1].splitlines()
    assert len([line for line in listed if line.startswith("  ") and ": " in line]) == min(len(expected), 12)
    first = expected[0]
    assert listed[0].startswith(f"  {first.context}") and f": {first.hand}, " in listed[0]
    assert main(args + ["--json"]) == 0
    assert json.loads(capsys.readouterr().out)["solver_refined"] == [r.to_json() for r in expected]
