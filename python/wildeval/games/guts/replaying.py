"""Replaying a guts history: the game a :meth:`GutsGame.history` or a ``wildeval simulate``
record describes, played again event by event through the engine.

>>> from wildeval.games.guts.engine import GutsGame
>>> from wildeval.games.guts.bots import play_bots, RandomBot
>>> from wildeval.games.guts.rules import preset
>>> import random
>>> game = play_bots(GutsGame(preset("napalm"), ["A", "B"], seed=4),
...                  {"A": RandomBot(random.Random(1)), "B": RandomBot(random.Random(2))})
>>> replay(game.history()).snapshot() == game.snapshot()
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wildeval.games.guts.engine import GutsGame
from wildeval.games.guts.history import HISTORY_FORMAT, event_encoder, mismatch, recorded_decks
from wildeval.games.guts.rules import GutsRules
from wildeval.games.guts.state import Action, Advance, Declare
from wildeval.games.table import apply_recorded

__all__ = ["replay"]


def replay(history: Mapping[str, Any]) -> GutsGame:
    """The game a :meth:`GutsGame.history` (or a ``wildeval simulate`` record) describes, replayed
    event by event; ValueError naming the event if one does not come out as recorded."""
    if not isinstance(history, Mapping):
        raise ValueError(f"a history is a JSON object, not {type(history).__name__}")
    missing = [k for k in ("rules", "players", "events") if k not in history]
    if missing:
        raise ValueError(f"the history has no {', '.join(map(repr, missing))}")
    rules = GutsRules.from_dict(history["rules"])
    encode = event_encoder(history.get("format", HISTORY_FORMAT), rules)
    events = history["events"]
    if not isinstance(events, list):
        raise ValueError(f"the history's events must be a list, not {events!r}")
    # Decks that were given are given again; seeded shuffles are shuffled again, so that the
    # generator ends where the original's did (and the replay checks that they come out the same).
    seed = history.get("seed")
    try:
        game = GutsGame(rules, history["players"], seed=seed, decks=recorded_decks(events, seed),
                        dealer=history.get("first_dealer", 0))
    except TypeError as error:  # a setting of the wrong type: the history is malformed all the same
        raise ValueError(str(error)) from None
    for i, recorded in enumerate(events):
        if len(game.events) <= i:  # a step writes one event, or two (a settle and its win)
            kind = recorded.get("type")
            try:
                action: Action = (Declare(recorded["player"], recorded["in"]) if kind == "declare"
                                  else Advance())
            except KeyError as error:
                raise ValueError(f"history event {i} does not replay: the {kind} event is refused: "
                                 f"it has no {error}") from None
            apply_recorded(game, action, f"history event {i} does not replay: the {kind} event is refused")
        got = encode(game.events[i]) if len(game.events) > i else None
        if got != recorded:
            raise ValueError(mismatch(i, recorded, got))
    if len(game.events) != len(events):
        raise ValueError("the history ends in the middle of a step")
    return game
