"""Guts bots in the shared words (issue 13): ``choose(view) -> action`` with the rules on the view,
the old ``declare(view, rules) -> bool`` still accepted; and the lazy player views (a view reads as
the game was when it was taken, whenever its fields are read)."""

from __future__ import annotations

import dataclasses
import io
import json
import random
from typing import Any

import pytest

from wildeval.games import BotError
from wildeval.games.guts import (
    Advance,
    Declare,
    GutsGame,
    PlayerView,
    RandomBot,
    StrengthTable,
    ThresholdBot,
    ask_bot,
    play_bots,
    preset,
    simulate,
)
from wildeval.games.guts.bots import table_bots
from wildeval.games.guts.history import game_record
from wildeval.games.guts.state import LAZY_FIELDS

TABLE = StrengthTable(samples=1000)


class OldForm:
    """A bot of the old form only: ``declare(view, rules) -> bool``."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.label = bot.label

    def declare(self, view: PlayerView, rules: Any) -> bool:
        return bool(self.bot.declare(view, rules))


class NewForm:
    """A bot of the shared form only: ``choose(view) -> Declare``."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.label = bot.label

    def choose(self, view: PlayerView) -> Declare:
        action = self.bot.choose(view)
        assert action in view.legal_actions
        return action  # type: ignore[no-any-return]


def _record(game: str, players: int, seed: int, wrap: Any) -> str:
    names = [f"Bot {i + 1}" for i in range(players)]
    bots = {p: wrap(b) for p, b in table_bots(names, seed, TABLE).items()}
    state = play_bots(GutsGame(preset(game), names, seed=seed), bots)
    return json.dumps(game_record(state, 1, bots))


@pytest.mark.parametrize("game, players", [("three-five-seven", 4), ("napalm", 5),
                                           ("three-five-seven-onlinepoker", 3)])
def test_a_bot_plays_the_same_game_in_either_form(game: str, players: int) -> None:
    for seed in range(5):
        same = _record(game, players, seed, lambda bot: bot)
        assert _record(game, players, seed, OldForm) == same
        assert _record(game, players, seed, NewForm) == same


def test_the_built_in_bots_choose_a_declaration_of_their_player() -> None:
    game = GutsGame(preset("three-five-seven"), ["A", "B", "C"], seed=2).advance_to_decision()
    view = game.view(game.to_act())  # type: ignore[arg-type]
    for bot in (ThresholdBot(TABLE), RandomBot(random.Random(1))):
        action = bot.choose(view)
        assert isinstance(action, Declare) and action.player == view.player and action in view.legal_actions
    assert ThresholdBot(TABLE, share=0.4).bar(view) == 0.4 == ThresholdBot(TABLE, share=0.4).bar(view, game.rules)


def test_a_view_carries_the_rules_and_the_players_legal_actions() -> None:
    game = GutsGame(preset("napalm"), ["A", "B", "C"], seed=5).advance_to_decision()
    due = game.to_act()
    for p in game.players:
        view = game.view(p)
        assert view.rules is game.rules
        assert list(view.legal_actions) == [a for a in game.legal_actions()
                                            if isinstance(a, Declare) and a.player == p]
        assert bool(view.legal_actions) == (p == due)
    simultaneous = GutsGame(preset("napalm", declaration="simultaneous"), ["A", "B", "C"], seed=5)
    simultaneous.advance_to_decision()
    assert all(len(simultaneous.view(p).legal_actions) == 2 for p in "ABC")
    broke = GutsGame(preset("three-five-seven", payment_policy="table_stakes", stack=1), ["A", "B"], seed=2)
    broke.advance_to_decision()  # the ante took every chip: out is all that is left
    assert broke.view(broke.to_act()).legal_actions == (Declare(broke.to_act(), False),)  # type: ignore[arg-type]
    game.apply(Declare(due, False))  # type: ignore[arg-type]
    assert game.view(due).legal_actions == ()  # type: ignore[arg-type]


class _Answers:
    label = "answers"

    def __init__(self, answer: object) -> None:
        self.answer = answer

    def choose(self, view: PlayerView) -> object:
        return self.answer


@pytest.mark.parametrize("answer, message", [
    (Advance(), "declared Advance\\(\\), not True"),
    (Declare("Z", True), "chose Declare\\(player='Z', stay_in=True\\), a declaration of 'Z', not of"),
    (Declare("{due}", "in"), "declared 'in', not True"),  # type: ignore[arg-type]
])
def test_a_choice_that_is_not_the_players_declaration_is_a_bot_error_and_changes_nothing(
        answer: Any, message: str) -> None:
    game = GutsGame(preset("three-five-seven"), ["A", "B", "C"], seed=4).advance_to_decision()
    due = game.to_act()
    if isinstance(answer, Declare) and answer.player == "{due}":
        answer = Declare(due, answer.stay_in)  # type: ignore[arg-type]
    before = game.snapshot()
    with pytest.raises(BotError, match=message):
        ask_bot(game, due, _Answers(answer))  # type: ignore[arg-type]
    assert game.snapshot() == before
    assert ask_bot(game, due, _Answers(True)) is True  # type: ignore[arg-type]  # a bool is short for it
    assert ask_bot(game, due, _Answers(Declare(due, False))) is False  # type: ignore[arg-type]


def test_simulation_records_name_each_bots_kind() -> None:
    out = io.StringIO()
    simulate("three-five-seven", players=2, count=2, seed=1, out=out)
    record = json.loads(out.getvalue().splitlines()[0])
    assert record["bots"] == {"Bot 1": "threshold(1-1/players)", "Bot 2": "random(0.5)"}


# -- lazy views ---------------------------------------------------------------------------------


def _eager(view: PlayerView) -> dict[str, Any]:
    return {f.name: getattr(view, f.name) for f in dataclasses.fields(view)}


def test_a_lazy_view_reads_as_the_game_was_when_it_was_taken() -> None:
    game = GutsGame(preset("three-five-seven"), ["A", "B", "C"], seed=11).advance_to_decision()
    for _ in range(40):
        if game.over:
            break
        early = {p: _eager(game.view(p)) for p in game.players}
        late = {p: game.view(p) for p in game.players}  # read only after the game moved on
        due = game.due()
        if due:
            game.apply(Declare(due[0], game.can(Declare(due[0], True)) and len(game.declarations) % 2 == 0))
        else:
            game.apply(Advance())
        for p in game.players:
            assert _eager(late[p]) == early[p]
            assert late[p] == PlayerView(**early[p])  # the same as a view built by hand
            assert repr(late[p]) == repr(PlayerView(**early[p]))


def test_what_a_bot_does_to_its_view_touches_no_other_view_nor_the_game() -> None:
    game = GutsGame(preset("three-five-seven"), ["A", "B", "C"], seed=3).advance_to_decision()
    while game.phase.value == "declare":
        game.apply(Declare(game.to_act(), True))  # type: ignore[arg-type]
    game.apply(Advance())  # a showdown: settlements to see
    before = game.snapshot()
    mine, theirs = game.view("A"), game.view("B")
    mine.legs["A"] = 99  # type: ignore[index]
    mine.balances["A"] = 99  # type: ignore[index]
    mine.settlements[-1]["in"].append("Z")
    mine.shown[-1]["hands"].clear()
    assert theirs.legs["A"] != 99 and theirs.balances["A"] != 99
    assert "Z" not in theirs.settlements[-1]["in"] and theirs.shown[-1]["hands"]
    assert game.snapshot() == before
    assert LAZY_FIELDS <= {f.name for f in dataclasses.fields(PlayerView)}


def test_a_view_pickles_and_copies_as_it_reads() -> None:
    import copy
    import pickle

    game = GutsGame(preset("napalm"), ["A", "B", "C"], seed=8).advance_to_decision()
    view = game.view("B")
    for copied in (pickle.loads(pickle.dumps(view)), copy.deepcopy(view), copy.copy(view)):
        assert copied == view and _eager(copied) == _eager(view) and copied.rules == game.rules
