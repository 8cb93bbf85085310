"""Guts hand histories a person can read: cards as text, values with descriptions; replay
checks them and names the event that does not come out as recorded."""

from __future__ import annotations

import copy
import doctest
import io
import json
from typing import Any

import pytest

from wildeval.cards import format_cards, parse_cards
from wildeval.games.guts import (
    Advance,
    Declare,
    GutsGame,
    arrange_deck,
    history as guts_history,
    preset,
    replay,
    simulate,
)
from wildeval.games.guts.history import HISTORY_FORMAT


def showdown_game(seeded: bool = True) -> GutsGame:
    """The rules' worked example: A (3h Kc Kd, threes wild) beats B (Qs Qh 9c) at stage one."""
    rules = preset("three-five-seven", ante=20)
    deck = arrange_deck(rules, ["A", "B"], dealer=1, hands={"A": "3h Kc Kd", "B": "Qs Qh 9c"})
    game = GutsGame(rules, ["A", "B"], decks=[deck], dealer=1, seed=7 if seeded else None)
    game.advance_to_decision()
    game.apply(Declare("A", True))
    game.apply(Declare("B", True))
    game.apply(Advance())
    return game


def events_of(history: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    return [e for e in history["events"] if e["type"] == kind]


def tampered(history: dict[str, Any], change: Any) -> dict[str, Any]:
    bad = copy.deepcopy(history)
    change(bad)
    return bad


def test_guts_history_doctests() -> None:
    result = doctest.testmod(guts_history)
    assert result.attempted >= 1 and result.failed == 0


def test_history_writes_cards_as_text_and_values_with_descriptions() -> None:
    game = showdown_game()
    history = json.loads(json.dumps(game.history()))
    assert history["format"] == HISTORY_FORMAT == "wildeval-guts/2"
    ante = events_of(history, "ante")[0]
    assert isinstance(ante["deck"], str) and parse_cards(ante["deck"]) == game.deck
    assert events_of(history, "deal")[0]["cards"] == {"A": "3h Kc Kd", "B": "Qs Qh 9c"}
    settle = events_of(history, "settle")[0]
    assert settle["hands"] == {"A": "3h Kc Kd", "B": "Qs Qh 9c"}
    assert settle["values"]["A"] == {"value": game.stage_value("A", 0), "description": "Three of a kind, kings"}
    assert settle["values"]["B"]["description"] == "Pair of queens, kicker 9"
    # the game itself keeps ints: views, bots and the terminal read them
    raw = [e for e in game.events if e["type"] == "settle"][0]
    assert raw["hands"]["A"] == parse_cards("3h Kc Kd") and isinstance(raw["values"]["A"], int)
    assert replay(history).balances == game.balances


def test_simulate_records_are_readable_and_byte_identical_for_a_seed() -> None:
    a, b = io.StringIO(), io.StringIO()
    simulate("napalm", players=3, count=3, seed=11, out=a)
    simulate("napalm", players=3, count=3, seed=11, out=b)
    assert a.getvalue() == b.getvalue()
    for line in a.getvalue().splitlines():
        record = json.loads(line)
        game = replay(record)
        for e in events_of(record, "settle"):
            if e["outcome"] != "showdown":
                continue
            ev = game.rules.evaluator(e["stage"] - 1)
            for p, hand in e["hands"].items():
                value = ev(parse_cards(hand))
                assert e["values"][p] == {"value": value, "description": ev.describe(value)}
        for e in events_of(record, "deal"):
            assert all(isinstance(cards, str) for cards in e["cards"].values())


@pytest.mark.parametrize("seeded", [True, False])
def test_a_changed_card_is_named(seeded: bool) -> None:
    history = showdown_game(seeded).history()
    bad = tampered(history, lambda h: events_of(h, "deal")[0]["cards"].update(A="3h Kc Ks"))
    with pytest.raises(ValueError, match=r"history event 1 does not replay: the deal event's cards for A: "
                                         r"recorded '3h Kc Ks', replayed '3h Kc Kd'"):
        replay(bad)
    bad = tampered(history, lambda h: events_of(h, "settle")[0]["hands"].update(B="Qs Qh 9d"))
    with pytest.raises(ValueError, match="the settle event's hands for B: recorded 'Qs Qh 9d'"):
        replay(bad)


def test_a_changed_deck_card_is_named() -> None:
    history = showdown_game(seeded=False).history()
    deck = parse_cards(history["events"][0]["deck"])
    # a given deck is dealt again: change a dealt card and the deal no longer matches the record
    changed = [deck[1]] + [deck[0]] + deck[2:]
    bad = tampered(history, lambda h: h["events"][0].update(deck=format_cards(changed)))
    with pytest.raises(ValueError, match=r"history event 1 does not replay: the deal event's cards for"):
        replay(bad)
    bad = tampered(history, lambda h: h["events"][0].update(deck=format_cards(deck[:-1]) + " Xx"))
    with pytest.raises(ValueError, match=r"history event 0 \(ante\) has a bad deck: bad card .*'X' is not a rank"):
        replay(bad)
    bad = tampered(history, lambda h: h["events"][0].update(deck=format_cards(deck[:-1] + deck[:1])))
    with pytest.raises(ValueError, match=r"history event 0 \(ante\) has a bad deck: duplicate card"):
        replay(bad)
    # a seeded shuffle is shuffled again by the replay: a changed card shows in the deck itself
    history = GutsGame(preset("napalm"), ["A", "B"], seed=4).advance_to_decision().history()
    deck = parse_cards(history["events"][0]["deck"])
    changed = [deck[1]] + [deck[0]] + deck[2:]
    bad = tampered(history, lambda h: h["events"][0].update(deck=format_cards(changed)))
    with pytest.raises(ValueError, match=rf"history event 0 does not replay: the ante event's deck: "
                                         rf"recorded '{format_cards(changed[:2])} "):
        replay(bad)


def test_a_changed_value_or_description_is_named() -> None:
    history = showdown_game().history()
    settle_index = history["events"].index(events_of(history, "settle")[0])

    def describe_wrongly(h: dict[str, Any]) -> None:
        events_of(h, "settle")[0]["values"]["A"]["description"] = "Royal flush"

    with pytest.raises(ValueError, match=rf"history event {settle_index} does not replay: the settle event's "
                                         r"values for A: recorded \{'value': \d+, 'description': 'Royal flush'\}"):
        replay(tampered(history, describe_wrongly))

    def value_as_int(h: dict[str, Any]) -> None:
        values = events_of(h, "settle")[0]["values"]
        values["A"] = values["A"]["value"]

    with pytest.raises(ValueError, match="the settle event's values for A"):
        replay(tampered(history, value_as_int))


def test_an_unknown_player_is_named() -> None:
    history = showdown_game().history()
    declare_index = history["events"].index(events_of(history, "declare")[0])
    bad = tampered(history, lambda h: events_of(h, "declare")[0].update(player="Zed"))
    with pytest.raises(ValueError, match=rf"history event {declare_index} does not replay: the declare event is "
                                         r"refused: unknown player 'Zed' cannot declare; the players are A, B"):
        replay(bad)
    bad = tampered(history, lambda h: events_of(h, "deal")[0]["cards"].update(Zed="2c 2d 2h"))
    with pytest.raises(ValueError, match=r"history event 1 does not replay: the deal event's cards for Zed: "
                                         r"recorded '2c 2d 2h', replayed nothing"):
        replay(bad)
    bad = tampered(history, lambda h: events_of(h, "settle")[0].update({"in": ["A", "Zed"]}))
    with pytest.raises(ValueError, match=r"the settle event's in: recorded \['A', 'Zed'\], replayed \['A', 'B'\]"):
        replay(bad)


def test_malformed_histories() -> None:
    history = showdown_game().history()
    with pytest.raises(ValueError, match="the history has no 'rules', 'players', 'events'"):
        replay({})
    with pytest.raises(ValueError, match="unknown history format 'wildeval-guts/9'"):
        replay({**history, "format": "wildeval-guts/9"})
    with pytest.raises(ValueError, match="history event 2 is not an object"):
        replay({**history, "events": history["events"][:2] + [["declare"]]})
    bad = tampered(history, lambda h: events_of(h, "declare")[0].pop("in"))
    with pytest.raises(ValueError, match="the declare event is refused: it has no 'in'"):
        replay(bad)
    bad = tampered(history, lambda h: h["events"][0].update(type="deal"))
    with pytest.raises(ValueError, match="history event 0 does not replay: the record has a deal event, "
                                         "the replayed game a ante event"):
        replay(bad)
    bad = tampered(history, lambda h: h["events"][0].pop("deck"))  # a given deck (not shuffled)
    with pytest.raises(ValueError, match=r"history event 0 \(ante\) has no deck"):
        replay(bad)
    shuffled = GutsGame(preset("napalm"), ["A", "B"], seed=4).advance_to_decision().history()
    bad = tampered(shuffled, lambda h: h["events"][0].pop("deck"))
    with pytest.raises(ValueError, match="the ante event's deck: recorded nothing, replayed '"):
        replay(bad)


def test_first_format_records_still_replay() -> None:
    game = showdown_game()
    old = {**game.history(), "format": "wildeval-guts/1", "events": [e.to_dict() for e in game.events]}
    again = replay(json.loads(json.dumps(old)))
    assert again.balances == game.balances and again.events == game.events
