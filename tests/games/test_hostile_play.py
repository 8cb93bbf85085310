"""Games under hostile play: bots that raise or answer garbage, out-of-turn and repeated
actions, and histories with a changed card or chip count. Each gets a clear error, and the game
is left exactly as it was."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from wildeval.games import BotError, guts as ge
from wildeval.games.draw import (
    Action,
    Hand,
    IllegalAction,
    LowballBot,
    ask_bot as ask_draw_bot,
    history as tdh,
    play_hand,
)
from wildeval.games.guts import ask_bot, play_bots
from wildeval.games.guts.rules import preset


class _Bot:
    label = "test"

    def __init__(self, answer: Any) -> None:
        self.answer = answer

    def declare(self, view: object, rules: object) -> Any:
        if isinstance(self.answer, Exception):
            raise self.answer
        return self.answer

    def choose(self, view: object) -> Any:
        return self.declare(view, None)


@pytest.mark.parametrize("answer, message", [
    ("in", "declared 'in', not True"), (1, "declared 1, not True"), (None, "declared None"),
    (ZeroDivisionError("boom"), "failed: ZeroDivisionError: boom"),
])
def test_a_guts_bot_that_raises_or_answers_garbage_is_a_bot_error_and_changes_nothing(
        answer: Any, message: str) -> None:
    game = ge.GutsGame(preset("three-five-seven"), ["A", "B", "C"], seed=4).advance_to_decision()
    before = game.snapshot()
    bots = {p: _Bot(True) for p in "ABC"} | {game.to_act(): _Bot(answer)}
    with pytest.raises(BotError, match=message):
        play_bots(game, bots)  # type: ignore[arg-type]
    assert game.snapshot() == before


def test_a_guts_player_with_no_chips_is_declared_out_without_asking_the_bot() -> None:
    rules = preset("three-five-seven", ante=1, payment_policy="table_stakes", stack=1)
    game = ge.GutsGame(rules, ["A", "B"], seed=2).advance_to_decision()  # the ante took every chip
    assert all(not a.stay_in for a in game.legal_actions())  # type: ignore[union-attr]
    assert ask_bot(game, game.to_act(), _Bot(ZeroDivisionError("never asked"))) is False  # type: ignore[arg-type]
    play_bots(game, {"A": _Bot(True), "B": _Bot(True)})  # type: ignore[dict-item]
    assert game.over and game.winner is None and sum(game.legs.values()) == 0
    assert sum(game.balances.values()) + game.pot == 0


def test_guts_out_of_turn_repeated_and_foreign_actions_change_nothing() -> None:
    game = ge.GutsGame(preset("napalm"), ["A", "B", "C"], seed=9).advance_to_decision()
    due = game.to_act()
    other = next(p for p in "ABC" if p != due)
    game.declare(due, False)
    before = game.snapshot()
    for action, words in [(ge.Declare(due, True), "already declared"), (ge.Declare("Z", True), "unknown player"),
                          (ge.Advance(), "waiting for declarations"), (ge.Declare(other, "yes"), "must be in"),
                          ("fold", "is not an action")]:
        if action == ge.Declare(other, True):
            continue
        with pytest.raises(ge.IllegalActionError, match=words):
            game.apply(action)  # type: ignore[arg-type]
        assert game.snapshot() == before
    later = [p for p in game.waiting_for() if p != game.to_act()]
    if later:
        with pytest.raises(ge.IllegalActionError, match="out of turn"):
            game.declare(later[0], True)
        assert game.snapshot() == before


def _guts_history() -> dict[str, Any]:
    from wildeval.games.guts.bots import StrengthTable, table_bots as _table_bots

    names = ["A", "B", "C"]
    game = play_bots(ge.GutsGame(preset("three-five-seven"), names, seed=5), _table_bots(names, 5, StrengthTable()))
    return json.loads(json.dumps(game.history()))


def test_a_guts_history_with_a_changed_card_or_chip_count_does_not_replay() -> None:
    history = _guts_history()
    assert ge.replay(history).result() is not None
    deal = next(i for i, e in enumerate(history["events"]) if e["type"] == "deal")
    settle = next(i for i, e in enumerate(history["events"]) if e["type"] == "settle" and e.get("payments"))
    changed = copy.deepcopy(history)
    hands = changed["events"][deal]["cards"]
    player = next(iter(hands))
    hands[player] = ("2c " if not hands[player].startswith("2c") else "2d ") + hands[player][3:]
    with pytest.raises(ValueError, match=f"history event {deal}"):
        ge.replay(changed)
    changed = copy.deepcopy(history)
    changed["events"][settle]["payments"][0]["amount"] += 1
    with pytest.raises(ValueError, match=f"history event {settle}"):
        ge.replay(changed)


@pytest.mark.parametrize("answer, error, message", [
    ("fold", BotError, "answered 'fold', not an Action"), (None, BotError, "answered None"),
    (RuntimeError("bad"), BotError, "failed: RuntimeError: bad"),
    (Action.raise_to(10**9), IllegalAction, "raise"),
])
def test_a_draw_bot_that_raises_or_answers_garbage_changes_nothing(answer: Any, error: type, message: str) -> None:
    hand = Hand([100, 100, 100], button=0, seed=3)
    before = hand.snapshot()
    with pytest.raises(error, match=message):
        play_hand(hand, lambda seat: _Bot(answer))  # type: ignore[arg-type,return-value]
    assert hand.snapshot() == before
    seat = hand.to_act
    assert seat is not None
    assert isinstance(ask_draw_bot(hand, seat, LowballBot(1)), Action) and hand.snapshot() == before


def test_draw_out_of_turn_and_repeated_actions_change_nothing() -> None:
    hand = Hand([100, 100, 100], button=0, seed=3)
    seat = hand.to_act
    assert seat is not None
    before = hand.snapshot()
    with pytest.raises(IllegalAction):
        hand.act(Action.call(), (seat + 1) % 3)
    assert hand.snapshot() == before
    hand.act(Action.fold(), seat)
    before = hand.snapshot()
    with pytest.raises(IllegalAction):
        hand.act(Action.fold(), seat)  # again: no longer that seat's turn
    assert hand.snapshot() == before


def test_a_draw_record_with_a_changed_card_or_chip_count_does_not_replay() -> None:
    hand = play_hand(Hand([100, 100, 100], button=0, seed=8), lambda seat: LowballBot(seat))
    record = json.loads(tdh.to_json(hand))
    assert tdh.replay(copy.deepcopy(record)).snapshot() == hand.snapshot()
    for key, change in [("finishing_stacks",
                         lambda r: r["finishing_stacks"].__setitem__(0, r["finishing_stacks"][0] + 1)),
                        ("winnings", lambda r: r["winnings"].__setitem__(2, r["winnings"][2] - 1)),
                        ("deck", lambda r: r.__setitem__(
                            "deck", r["deck"].replace("3c", "XX").replace("7d", "3c").replace("XX", "7d"))),
                        ("events", lambda r: r["events"][2].__setitem__("cards", "3c 4s 6h 8h 3d")),
                        ("complete", lambda r: r.__setitem__("complete", False))]:
        changed = copy.deepcopy(record)
        change(changed)
        assert changed != record, key
        with pytest.raises(ValueError, match="differs from the record|does not give the recorded deck|malformed"):
            tdh.replay(changed)
