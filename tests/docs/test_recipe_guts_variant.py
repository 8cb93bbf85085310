"""The recipe of docs/recipes/guts-variant.md, done for real: a new guts variant is one preset.

A toy "two-stage" game (three cards, threes wild; then five cards for low; first to two legs) is
added the way the recipe says, as one entry of ``PRESETS`` and one name in ``GAMES`` (here with
monkeypatch, so the package is left as it was), and then played by bots through the engine, the
simulation, the replay and the command line, with the chip ledger checked after every step.
"""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path
from types import MappingProxyType

import pytest

from wildeval.games import GAMES, game_module, player_range
from wildeval.games.guts import GutsGame, GutsRules, Stage, StrengthTable, preset, replay, rules as guts_rules
from wildeval.games.guts.bots import ask_bot, due, table_bots
from wildeval.games.guts.state import Advance, Declare, Phase
from wildeval.games.table import Operations, read_records

# the whole variant: one preset entry (step 1 of the recipe)
TWO_STAGE = GutsRules("two-stage", (Stage(3, wild="3"), Stage(5, ranking="low")), win_count=2)


@pytest.fixture
def variant(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    monkeypatch.setattr(guts_rules, "PRESETS", MappingProxyType({**guts_rules.PRESETS, "two-stage": TWO_STAGE}))
    monkeypatch.setitem(GAMES, "two-stage", "wildeval.games.guts")  # step 2: the game's name
    yield "two-stage"


def test_the_variant_is_a_preset_like_the_others(variant: str) -> None:
    assert preset(variant) is TWO_STAGE
    assert player_range(variant) == (2, 7)
    assert TWO_STAGE.stage_label(1) == "5 cards, low (deuce-to-seven), no wild cards"
    assert GutsRules.from_dict(TWO_STAGE.to_dict()) == TWO_STAGE


@pytest.mark.parametrize("seed", range(12))
def test_bots_play_it_through_the_engine_and_the_books_balance(variant: str, seed: int) -> None:
    names = ["A", "B", "C", "D"][: 2 + seed % 3]
    game = GutsGame(preset(variant), names, seed=seed, dealer=seed % len(names))
    assert isinstance(game, Operations)
    bots = table_bots(names, seed, StrengthTable(samples=500))
    while not game.over:
        if game.phase is Phase.DECLARE:
            for p in due(game):
                game.apply(Declare(p, ask_bot(game, p, bots[p])))
        else:
            assert not game.can(Declare(names[0], True))
            game.apply(Advance())
        game.check_invariants()
        assert sum(game.balances.values()) + game.pot == 0
    assert game.winner is not None and game.legs[game.winner] == 2
    again = replay(json.loads(json.dumps(game.history())))
    assert again.result() == game.result() and again.snapshot() == game.snapshot()


def test_it_simulates_to_the_same_bytes_and_every_record_replays(variant: str) -> None:
    outs = []
    for _ in range(2):
        out = io.StringIO()
        summary = game_module(variant).simulate(variant, players=3, count=8, seed=4, out=out)
        outs.append(out.getvalue())
    assert outs[0] == outs[1] and summary.played == 8
    records = list(read_records(outs[0].splitlines()))
    assert [r["rules"]["name"] for r in records] == [variant] * 8
    for record in records:
        assert replay(record).result() == record["result"]


def test_the_command_line_plays_it(variant: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from wildeval.cli import main

    out = tmp_path / "two-stage.jsonl"
    assert main(["simulate", variant, "--players", "2", "--games", "3", "--seed", "1", "--quiet",
                 "--out", str(out), "--ante", "2"]) == 0
    records = list(read_records(out.read_text().splitlines()))
    assert len(records) == 3 and all(r["rules"]["ante"] == 2 for r in records)
    session = io.StringIO("i\no\n" * 40)
    assert game_module(variant).play(variant, players=2, seed=2, stdin=session, stdout=io.StringIO(),
                                     unicode=False) == 0
