"""``wildeval simulate deuce-to-seven-triple-draw`` and ``wildeval play deuce-to-seven-triple-draw``
(the game modules' doctests run in tests/docs/test_doctests.py)."""

from __future__ import annotations

import io
import sys
from pathlib import Path
from types import ModuleType

import pytest

from wildeval.cli import main
from wildeval.games import game_module
from wildeval.games.draw import play, simulate

GAME = "deuce-to-seven-triple-draw"


def test_registry_points_here() -> None:
    module = game_module(GAME)
    assert module.simulate is simulate and module.play is play


# ---------------------------------------------------------------------------------------------
# simulate


def run_simulate(tmp_path: Path, name: str, *args: str) -> bytes:
    out = tmp_path / name
    assert main(["simulate", GAME, *args, "--out", str(out)]) == 0
    return out.read_bytes()


def test_simulate_same_seed_same_file(tmp_path: Path) -> None:
    a = run_simulate(tmp_path, "a.phhs", "--players", "5", "--hands", "40", "--seed", "7")
    b = run_simulate(tmp_path, "b.phhs", "--players", "5", "--hands", "40", "--seed", "7")
    c = run_simulate(tmp_path, "c.phhs", "--players", "5", "--hands", "40", "--seed", "8")
    assert a == b != c
    text = a.decode()
    assert text.count("variant = 'F2L3D'") == 40
    assert text.startswith("[1]\n") and "\n\n[40]\n" in text and text.endswith("\n")


def test_simulate_to_standard_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", GAME, "--players", "2", "--hands", "3", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert out.count("finishing_stacks") == 3


@pytest.mark.parametrize("players", ["1", "7"])
def test_simulate_player_count(players: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", GAME, "--players", players, "--hands", "1"]) == 2
    assert f"--players must be from 2 to 6 for {GAME}, not {players}" in capsys.readouterr().err


def test_simulate_stops_when_one_player_is_left() -> None:
    out = io.StringIO()
    simulate(GAME, players=2, count=5000, seed=3, out=out)
    sections = out.getvalue().count("variant = ")
    assert 0 < sections < 5000  # heads-up lowball bots bust one another long before


def test_simulate_splits_into_independent_tables(tmp_path: Path, pokerkit: ModuleType) -> None:
    import json

    from wildeval.games.draw.history import replay
    from wildeval.games.draw.simulation import table_seed

    a = run_simulate(tmp_path, "a.phhs", "--players", "3", "--hands", "30", "--seed", "5", "--tables", "3").decode()
    b = run_simulate(tmp_path, "b.phhs", "--players", "3", "--hands", "30", "--seed", "5", "--tables", "3").decode()
    assert b == a
    one = run_simulate(tmp_path, "c.phhs", "--players", "3", "--hands", "30", "--seed", "5").decode()
    assert one != a and "table = 1\n" in one and "table = 2\n" not in one
    hands = list(pokerkit.HandHistory.loads_all(a))
    assert len(hands) == 30 and a.startswith("[1]\n") and "\n\n[30]\n" in a  # sections numbered through the file
    assert [h.table for h in hands] == [1] * 10 + [2] * 10 + [3] * 10
    assert [h.hand for h in hands] == list(range(1, 11)) * 3  # each table counts its own
    assert all(list(h.starting_stacks) == [200] * 3 for h in (hands[0], hands[10], hands[20]))  # its own stacks
    out = io.StringIO()  # each table is the run of one table seeded by table_seed(seed, t)
    simulate(GAME, players=3, count=10, seed=table_seed(5, 1), out=out)
    alone = list(pokerkit.HandHistory.loads_all(out.getvalue()))
    assert [h.actions for h in alone] == [h.actions for h in hands[10:20]]
    jsonl = io.StringIO()
    summary = simulate("ace-to-five-triple-draw", players=2, count=9, seed=1, out=jsonl, tables=2)
    records = [json.loads(line) for line in jsonl.getvalue().splitlines()]
    assert summary.played == len(records) <= 9 and [r["table"] for r in records] == sorted(r["table"] for r in records)
    assert {r["table"] for r in records} == {1, 2} and all(replay(r) for r in records)


def test_simulate_tables_refused_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["simulate", GAME, "--hands", "3", "--tables", "0"])
    assert "argument --tables: must be from 1 to 100,000, not 0" in capsys.readouterr().err
    assert main(["simulate", GAME, "--hands", "3", "--workers", "2"]) == 2
    assert ("at one table is not split across workers (its hands are played in order, each from the stacks the "
            "last one left); split the run with --tables N") in capsys.readouterr().err
    assert main(["simulate", "napalm", "--games", "3", "--tables", "2"]) == 2
    assert "--tables is for the draw games: the games of napalm are independent already" in capsys.readouterr().err
    with pytest.raises(ValueError, match="tables must be an int from 1 to 100,000, not 0"):
        simulate(GAME, players=2, count=1, seed=1, out=io.StringIO(), tables=0)


def test_simulate_checks_the_game_name() -> None:
    with pytest.raises(ValueError, match="not 'napalm'"):
        simulate("napalm", players=3, count=1, seed=1, out=io.StringIO())


# ---------------------------------------------------------------------------------------------
# play


def run_play(lines: str, *, players: int = 3, seed: int = 1) -> tuple[int, str]:
    stdout = io.StringIO()
    code = play(GAME, players=players, seed=seed, stdin=io.StringIO(lines), stdout=stdout)
    return code, stdout.getvalue()


def test_play_ends_cleanly_at_end_of_input() -> None:
    code, out = run_play("")
    assert code == 0
    assert "=== Hand 1" in out and out.rstrip().endswith("End of input: goodbye.")


def test_play_a_person_calls_and_stands_pat() -> None:
    code, out = run_play("c\np\n" * 400, players=4, seed=2)
    assert code == 0
    assert out.count("=== Hand") > 5
    assert "You call" in out or "You check" in out
    assert "You stand pat" in out
    assert "Traceback" not in out


def test_play_rejects_bad_input_and_goes_on() -> None:
    code, out = run_play("zz\nb 99\nhelp\nf\nq\n", players=2, seed=3)
    assert code == 0
    assert "unknown command 'zz'" in out
    assert "you cannot bet 99" in out or "you cannot bet" in out
    assert "Draw: the cards to discard" in out  # help
    assert "You fold" in out and out.rstrip().endswith("Goodbye.")


def test_play_discards_by_card_and_by_position() -> None:
    code, out = run_play("c\nc\nk\n1 2\nk\nk\n9z\n-\n", players=2, seed=4)
    assert code == 0
    assert "You discard" in out
    assert "bad card" in out or "positions are" in out or "You stand pat" in out


def test_play_until_someone_has_every_chip() -> None:
    # fold everything (stand pat when all-in on a blind): the person bleeds blinds to the end
    code, out = run_play("f\np\n" * 2000, players=2, seed=5)
    assert code == 0
    assert "You are out of chips. Game over." in out


def test_play_from_the_command_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))
    assert main(["play", GAME, "--players", "2", "--seed", "9"]) == 0
    assert "Goodbye." in capsys.readouterr().out
