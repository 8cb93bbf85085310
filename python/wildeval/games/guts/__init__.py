"""Guts games with legs: Three Five Seven, Crazy 3-5-7, the onlinepoker.net version, and Napalm.

One engine driven by rules data (see docs/guts.md for the rule decisions), on the shared table
layer :mod:`wildeval.games.table`:

- :mod:`~wildeval.games.guts.rules`: :class:`GutsRules`, :class:`Stage`, the :data:`PRESETS`
  (a new variant is one preset: docs/recipes/guts-variant.md), and :func:`arrange_deck`;
- :mod:`~wildeval.games.guts.state`: the :class:`Phase`, the actions :class:`Declare` and
  :class:`Advance`, the :class:`PlayerView`;
- :mod:`~wildeval.games.guts.engine`: :class:`GutsGame`, the state machine (``verify`` /
  ``can`` / ``apply``, ``check_invariants``);
- :mod:`~wildeval.games.guts.events`: its events, one frozen dataclass per kind (each reads as
  the dict it was: ``event["type"]``, ``event.to_dict()``);
- :mod:`~wildeval.games.guts.payments`: who pays whom at a showdown;
- :mod:`~wildeval.games.guts.bots`: the :class:`Bot` protocol (``choose(view) -> action``; the old
  :class:`DeclaringBot` form still accepted), :class:`RandomBot`, :class:`ThresholdBot`,
  :func:`play_bots`;
- :mod:`~wildeval.games.guts.history`: JSON histories; :mod:`~wildeval.games.guts.replaying`:
  :func:`replay`;
- :mod:`~wildeval.games.guts.simulation`: :func:`simulate` (``wildeval simulate``);
- :mod:`~wildeval.games.guts.terminal`: :func:`play` (``wildeval play``).

>>> import io, json
>>> out = io.StringIO()
>>> simulate("three-five-seven", players=3, count=2, seed=7, out=out).line()
'2 games; wins: Bot 1 0, Bot 2 2, Bot 3 0'
>>> records = [json.loads(line) for line in out.getvalue().splitlines()]
>>> len(records), sorted(records[0]["result"]) == ["balances", "end", "legs", "pot", "rounds", "winner"]
(2, True)
>>> all(sum(r["result"]["balances"].values()) == 0 for r in records)
True
>>> replay(records[0]).result() == records[0]["result"]
True
"""

from __future__ import annotations

from wildeval.games.guts.bots import Bot, DeclaringBot, RandomBot, StrengthTable, ThresholdBot, ask_bot, play_bots
from wildeval.games.guts.engine import GutsGame
from wildeval.games.guts.replaying import replay
from wildeval.games.guts.rules import PRESETS, GutsRules, Stage, arrange_deck, preset, table_rules
from wildeval.games.guts.simulation import game_seed, simulate
from wildeval.games.guts.state import (
    Action,
    Advance,
    Declare,
    IllegalAction,
    IllegalActionError,
    InvariantError,
    Phase,
    PlayerView,
    Transfer,
)
from wildeval.games.guts.terminal import play

__all__ = [
    "Action",
    "Advance",
    "Bot",
    "Declare",
    "DeclaringBot",
    "GutsGame",
    "GutsRules",
    "IllegalAction",
    "IllegalActionError",
    "InvariantError",
    "PRESETS",
    "Phase",
    "PlayerView",
    "RandomBot",
    "Stage",
    "StrengthTable",
    "ThresholdBot",
    "Transfer",
    "arrange_deck",
    "ask_bot",
    "game_seed",
    "play",
    "play_bots",
    "preset",
    "replay",
    "simulate",
    "table_rules",
]
