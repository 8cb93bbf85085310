"""Fuzz target: the guts engine under random play, legal and illegal, and tampered histories.

Properties: every action ``legal_actions`` lists is accepted; anything else raises
IllegalActionError and leaves ``snapshot()`` unchanged; chips are conserved after every step
(``check_invariants``); at table stakes nobody without chips may declare in; a history replays
to the same game, and a history with one field changed either replays to a game whose history
is that changed one, or is refused with a ValueError.
"""

from __future__ import annotations

import copy
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from _harness import Data, main  # noqa: E402

from wildeval.games import guts as ge  # noqa: E402
from wildeval.games.guts.rules import preset  # noqa: E402

_GAMES = ("three-five-seven", "crazy-three-five-seven", "three-five-seven-onlinepoker", "napalm")


def _garbage(data: Data, game: ge.GutsGame) -> object:
    p = data.pick([*game.players, "nobody", 3, None])
    return data.pick([ge.Declare(p, data.bool()), ge.Declare(p, data.pick([1, "in", None])), ge.Advance(),
                      "advance", None])


def _tamper(data: Data, value: object) -> object:
    """``value`` with one leaf changed."""
    if isinstance(value, dict) and value:
        key = data.pick(sorted(value, key=str))
        out = dict(value)
        if data.chance(8):
            del out[key]
        else:
            out[key] = _tamper(data, value[key])
        return out
    if isinstance(value, list) and value:
        i = data.int(0, len(value) - 1)
        return value[:i] + [_tamper(data, value[i])] + value[i + 1:]
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + data.pick([1, -1, 100, -(10**6)])
    if isinstance(value, str):
        return data.pick(["", value[::-1], value.replace("s", "h", 1), value + " 2c", "Zz", value.upper()])
    return data.pick([0, "x", None, [], {}])


def test_one_input(raw: bytes) -> None:
    data = Data(raw)
    options: dict[str, object] = {}
    if data.bool():
        options = {"payment_policy": "table_stakes", "stack": data.int(1, 12), "ante": data.int(1, 3)}
    if data.bool():
        options["declaration"] = "simultaneous"
    rules = preset(data.pick(_GAMES), max_rounds=data.int(1, 6), **options)  # type: ignore[arg-type]
    players = [f"P{i}" for i in range(data.int(2, rules.max_players))]
    game = ge.GutsGame(rules, players, seed=data.int(0, 2**32), dealer=data.int(0, len(players) - 1))
    for _ in range(data.int(0, 300)):
        if game.over:
            break
        legal = game.legal_actions()
        if rules.stack is not None:
            for a in legal:
                if isinstance(a, ge.Declare) and a.stay_in:
                    assert game.chips(a.player) > 0, (a, game.chips(a.player))  # type: ignore[operator]
        if data.chance(4):
            action = _garbage(data, game)
            if action not in legal:
                before = game.snapshot()
                try:
                    game.apply(action)  # type: ignore[arg-type]
                except ge.IllegalActionError:
                    assert game.snapshot() == before, action
                    continue
                raise AssertionError(f"{action!r} was accepted, not in {legal}")
        game.apply(data.pick(legal))
        game.check_invariants()
    history = json.loads(json.dumps(game.history()))
    assert ge.replay(history).snapshot() == game.snapshot()
    changed = _tamper(data, copy.deepcopy(history))
    try:
        replayed = ge.replay(changed)  # type: ignore[arg-type]
    except ValueError:
        return
    replayed.check_invariants()
    assert json.loads(json.dumps(replayed.history()))["events"] == changed["events"], "a changed history replayed as another"  # type: ignore[index]


if __name__ == "__main__":
    main(test_one_input)
