"""Guts histories: the JSON form of a game's events, records, and replay.

A game keeps its events with cards as ints and hand values as ints (see
:class:`~wildeval.games.guts.engine.GutsGame`); its history (format ``wildeval-guts/2``) writes
them with cards as text, one string of space-separated cards per hand or deck (``"3h Kc Kd"``),
and each compared hand's value together with its description:

>>> from wildeval.games.guts.rules import preset
>>> rules = preset("three-five-seven")
>>> value = rules.evaluator(0)([6, 44, 45])    # stage one, threes wild: 3h Kc Kd
>>> settle = {"type": "settle", "stage": 1, "in": ["A"], "values": {"A": value},
...           "hands": {"A": [6, 44, 45]}}
>>> record = encode_event(settle, rules)
>>> record["hands"], record["values"]["A"]["description"], record["values"]["A"]["value"] == value
({'A': '3h Kc Kd'}, 'Three of a kind, kings', True)

:func:`~wildeval.games.guts.replaying.replay` plays the events again through the engine and
compares each one it makes, in this form, with the recorded one; :func:`mismatch` says what
differs. Records of the first format (``wildeval-guts/1``, cards and values as ints) are still
read. This module does not import the engine (the engine writes its histories with it).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from wildeval.cards import format_cards, parse_cards
from wildeval.games.guts.events import GutsEvent
from wildeval.games.guts.rules import GutsRules
from wildeval.games.guts.state import fresh
from wildeval.games.table import differences

if TYPE_CHECKING:
    from wildeval.games.guts.bots import AnyBot
    from wildeval.games.guts.engine import GutsGame

__all__ = ["HISTORY_FORMAT", "READABLE_FORMATS", "encode_event", "event_encoder", "game_record",
           "history_of", "mismatch", "recorded_decks"]

HISTORY_FORMAT = "wildeval-guts/2"
READABLE_FORMATS = (HISTORY_FORMAT, "wildeval-guts/1")
_TEXT = {c: format_cards([c]) for c in range(52)}  # each card's text, as format_cards writes it


def _cards(cards: Sequence[int]) -> str:
    """``format_cards(cards)``, by table for the engine's own cards (ints 0-51)."""
    try:
        return " ".join(map(_TEXT.__getitem__, cards))
    except (KeyError, TypeError):
        return format_cards(cards)  # not plain cards: its words for what is wrong


_CARDS = frozenset({"deck", "cards", "hands", "values"})  # the keys whose values are written as text


def encode_event(event: Mapping[str, Any], rules: GutsRules) -> dict[str, Any]:
    """One event as the history writes it (a :class:`~wildeval.games.guts.events.GutsEvent` or
    its dict): a new dict; ``event`` is left as it is."""
    data = event.to_dict() if isinstance(event, GutsEvent) else event
    out = dict(data)  # plain values as they are; the rest replaced below, in place
    for key, value in data.items():
        if key not in _CARDS:
            if isinstance(value, (dict, list)):
                out[key] = fresh(value)
        elif key == "deck":
            out[key] = _cards(value)
        elif key == "values":
            stage = int(data["stage"]) - 1
            out[key] = {p: {"value": v, "description": rules.describe(stage, v)} for p, v in value.items()}
        else:  # cards, hands
            out[key] = {p: _cards(cards) for p, cards in value.items()}
    return out


def event_encoder(fmt: object, rules: GutsRules) -> Callable[[Mapping[str, Any]], dict[str, Any]]:
    """How events of a history of format ``fmt`` are written; ValueError for an unknown format."""
    if fmt == HISTORY_FORMAT:
        return lambda event: encode_event(event, rules)
    if fmt == "wildeval-guts/1":  # cards and values as ints: the events as the game keeps them
        return dict
    raise ValueError(f"unknown history format {fmt!r}; expected {HISTORY_FORMAT!r}")


def recorded_decks(events: Sequence[Any], seed: object) -> list[list[int]]:
    """The deck orders a replay must deal: every round's when the game had no seed, else those
    of the rounds that were not shuffled by the seeded generator (given decks)."""
    decks: list[list[int]] = []
    for i, e in enumerate(events):
        if not isinstance(e, Mapping):
            raise ValueError(f"history event {i} is not an object (a JSON {{...}}): {e!r}")
        if e.get("type") != "ante" or (seed is not None and e.get("shuffled")):
            continue
        deck = e.get("deck")
        if deck is None:
            raise ValueError(f"history event {i} (ante) has no deck")
        try:
            decks.append(parse_cards(deck))
        except (TypeError, ValueError) as error:
            raise ValueError(f"history event {i} (ante) has a bad deck: {error}") from None
    return decks


def mismatch(index: int, recorded: Mapping[str, Any], replayed: Mapping[str, Any] | None) -> str:
    """What differs between a recorded event and the replayed one, for an error message."""
    kind = recorded.get("type", "untyped")
    if replayed is None:
        return f"history event {index} does not replay: the replayed game has no {kind} event there"
    if replayed.get("type") != kind:
        return (f"history event {index} does not replay: the record has a {kind} event, "
                f"the replayed game a {replayed.get('type')} event")
    parts = [f"{what}: recorded {was!r}, replayed {now!r}"
             for what, was, now in differences(f"the {kind} event's", recorded, replayed)]
    return f"history event {index} does not replay: " + "; ".join(parts)


def history_of(game: GutsGame) -> dict[str, Any]:
    """``game.history()``: the game as JSON data, which :func:`replay` turns back into it."""
    encode = event_encoder(HISTORY_FORMAT, game.rules)
    return {
        "format": HISTORY_FORMAT,
        "rules": game.rules.to_dict(),
        "players": list(game.players),
        "first_dealer": game.first_dealer,
        "seed": game.seed,
        "events": [encode(e) for e in game.events],
    }


def game_record(game: GutsGame, number: int, bots: Mapping[str, AnyBot]) -> dict[str, Any]:
    """A game's record as ``simulate`` and ``play`` write it: its history, its ``number``, the
    ``bots``' kinds and the result so far."""
    record = game.history()
    record["game"] = number
    record["bots"] = {p: bots[p].label for p in game.players if p in bots}
    record["result"] = game.result()
    return record
