"""The JSON form of a guts game's events, readable by a person as well as a program.

A game keeps its events with cards as ints and hand values as ints (see
:class:`~wildeval.games.guts_engine.GutsGame`); its history (format ``wildeval-guts/2``) writes
them with cards as text, one string of space-separated cards per hand or deck (``"3h Kc Kd"``),
and each compared hand's value together with its description:

>>> from wildeval.games.guts_rules import preset
>>> rules = preset("three-five-seven")
>>> value = rules.evaluator(0)([6, 44, 45])    # stage one, threes wild: 3h Kc Kd
>>> settle = {"type": "settle", "stage": 1, "in": ["A"], "values": {"A": value},
...           "hands": {"A": [6, 44, 45]}}
>>> record = encode_event(settle, rules)
>>> record["hands"], record["values"]["A"]["description"], record["values"]["A"]["value"] == value
({'A': '3h Kc Kd'}, 'Three of a kind, kings', True)

:func:`~wildeval.games.guts_engine.replay` plays the events again and compares each one it
makes, in this form, with the recorded one; :func:`mismatch` says what differs. Records of the
first format (``wildeval-guts/1``, cards and values as ints) are still read.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any, Callable

from wildeval.cards import format_cards, parse_cards
from wildeval.games.guts_rules import GutsRules

__all__ = ["HISTORY_FORMAT", "READABLE_FORMATS", "encode_event", "event_encoder", "mismatch",
           "recorded_decks"]

HISTORY_FORMAT = "wildeval-guts/2"
READABLE_FORMATS = (HISTORY_FORMAT, "wildeval-guts/1")

_MISSING = object()


def encode_event(event: Mapping[str, Any], rules: GutsRules) -> dict[str, Any]:
    """One event as the history writes it: a new dict; ``event`` is left as it is."""
    out: dict[str, Any] = {}
    for key, value in event.items():
        if key == "deck":
            out[key] = format_cards(value)
        elif key in ("cards", "hands"):
            out[key] = {p: format_cards(cards) for p, cards in value.items()}
        elif key == "values":
            ev = rules.evaluator(int(event["stage"]) - 1)
            out[key] = {p: {"value": v, "description": ev.describe(v)} for p, v in value.items()}
        else:
            out[key] = copy.deepcopy(value)
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
    parts = [f"{what}: recorded {_shown(was)}, replayed {_shown(now)}"
             for what, was, now in _differences(f"the {kind} event's", recorded, replayed)]
    return f"history event {index} does not replay: " + "; ".join(parts)


def _shown(value: object) -> str:
    return "nothing" if value is _MISSING else repr(value)


def _differences(what: str, recorded: Mapping[str, Any], replayed: Mapping[str, Any],
                 depth: int = 0) -> list[tuple[str, object, object]]:
    """``(what, recorded, replayed)`` for each key that differs, one level into nested objects
    (``the deal event's cards for A``)."""
    out: list[tuple[str, object, object]] = []
    for k in list(replayed) + [k for k in recorded if k not in replayed]:
        was, now = recorded.get(k, _MISSING), replayed.get(k, _MISSING)
        if was == now:
            continue
        if depth == 0 and isinstance(was, Mapping) and isinstance(now, Mapping):
            out += _differences(f"{what} {k} for", was, now, depth + 1)
        else:
            out.append((f"{what} {k}", was, now))
    return out
