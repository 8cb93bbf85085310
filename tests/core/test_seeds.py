"""Seeds: every seeded entry point takes any int, and a negative seed is its own stream (never
the stream of its absolute value, never narrowed to 64 bits)."""

from __future__ import annotations

import io
import random
import subprocess
import sys

import numpy as np
import pytest

from wildeval.chart import field_chart
from wildeval.field import versus_field
from wildeval.games import draw, guts
from wildeval.games.draw.session import Table
from wildeval.games.guts import GutsGame, preset
from wildeval.odds import equity
from wildeval.seeds import check_seed, entropy, python_random, seed_sequence, seed_word

SEEDS = [0, 1, -1, 5, -5, 2**64 - 1, 2**64, -(2**64), 2**70]


def test_every_seed_its_own_stream() -> None:
    words = [seed_word(s) for s in SEEDS]
    assert len(set(words)) == len(SEEDS)
    draws = [python_random(s).getrandbits(64) for s in SEEDS]
    assert len(set(draws)) == len(SEEDS)
    assert random.Random(-5).getrandbits(64) == random.Random(5).getrandbits(64)  # why python_random exists


def test_non_negative_seeds_keep_their_streams() -> None:
    assert python_random(7).getrandbits(64) == random.Random(7).getrandbits(64)
    assert entropy(7) == 7 and entropy(-7) == [0, 7]
    child = seed_sequence(-7, (3,)).generate_state(1, np.uint64)[0]
    assert child == np.random.SeedSequence([0, 7], spawn_key=(3,)).generate_state(1, np.uint64)[0]
    assert seed_word(9) == int(np.random.SeedSequence(9).generate_state(1, np.uint64)[0])


@pytest.mark.parametrize("bad", [True, 1.0, "1", None])
def test_a_seed_is_an_int(bad: object) -> None:
    with pytest.raises(ValueError, match="seed must be an int"):
        check_seed(bad)
    assert check_seed(np.int64(-3)) == -3


def test_odds_and_field_take_negative_seeds() -> None:
    def odds(seed: int) -> float:
        return equity(["As Ad", "Kc Kd"], trials=2_000, seed=seed)[0].win

    assert odds(-1) == odds(-1) and len({odds(-1), odds(1), odds(2**64 - 1)}) == 3

    def field(seed: int) -> float:
        return versus_field("Qs Qd 7h", 3, game="three-five-seven", stage=1, trials=5_000, seed=seed).win

    assert field(-1) == field(-1) and len({field(-1), field(1), field(2**64 - 1), field(2**64), field(0)}) == 5


def test_chart_takes_negative_seeds() -> None:
    def chart(seed: int) -> tuple[tuple[float, ...], ...]:
        return tuple(c.win for c in field_chart("three-five-seven", 1, [1], deals=3_000, seed=seed).classes)

    assert chart(-3) == chart(-3) != chart(3)


def test_games_take_negative_seeds() -> None:
    def guts_game(seed: int) -> str:
        game = GutsGame(preset("three-five-seven"), ["A", "B", "C"], seed=seed).advance_to_decision()
        return str(game.hands)

    assert guts_game(-5) == guts_game(-5) != guts_game(5)

    def guts_run(seed: int) -> str:
        out = io.StringIO()
        guts.simulate("napalm", players=3, count=2, seed=seed, out=out)
        return out.getvalue()

    assert guts_run(-5) == guts_run(-5) != guts_run(5)

    def draw_run(seed: int) -> str:
        out = io.StringIO()
        draw.simulate("deuce-to-seven-triple-draw", players=3, count=3, seed=seed, out=out)
        return out.getvalue()

    assert draw_run(-5) == draw_run(-5) != draw_run(5)
    assert Table(3, starting_stack=20, seed=-5).seed == -5


def test_the_command_line_takes_negative_seeds() -> None:
    def run(*argv: str) -> str:
        done = subprocess.run([sys.executable, "-m", "wildeval", *argv], capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        return done.stdout

    odds = ("odds", "As Ad", "Kc Kd", "--trials", "5000", "--seed")
    assert run(*odds, "-1") != run(*odds, "1")
    simulate = ("simulate", "napalm", "--players", "3", "--games", "2", "--seed")
    assert run(*simulate, "-4") != run(*simulate, "4")
