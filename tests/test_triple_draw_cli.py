"""``wildeval simulate deuce-to-seven-triple-draw`` and ``wildeval play deuce-to-seven-triple-draw``
(the game modules' doctests run in tests/test_doctests.py)."""

from __future__ import annotations

import io
import sys
from pathlib import Path

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
