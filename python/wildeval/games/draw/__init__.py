"""The draw games: fixed-limit lowball (five cards, four in badugi), draws and betting rounds in turn.

Every draw game is one preset of :mod:`~wildeval.games.draw.rules` (a frozen
:class:`DrawRules`: ranking, hand size, number of draws, stakes, seats, PHH variant), played
by the same code:

- :mod:`~wildeval.games.draw.rules`: :class:`DrawRules`, :class:`Rules` (the stakes) and
  :data:`PRESETS`: ``deuce-to-seven-triple-draw``, ``ace-to-five-triple-draw``,
  ``deuce-to-seven-single-draw``, ``badugi-triple-draw``;
- :mod:`~wildeval.games.draw.actions`: :class:`Action`, :class:`Event`, :class:`PlayerView`;
- :mod:`~wildeval.games.draw.hand`: :class:`Hand`, the state machine (the operations of every
  engine, :class:`~wildeval.games.table.Operations`: ``verify`` / ``can`` / ``apply``,
  ``over``, ``check_invariants``; and ``legal_actions``, ``view``), built from
  :mod:`~wildeval.games.draw.betting`, :mod:`~wildeval.games.draw.draws` and
  :mod:`~wildeval.games.draw.showdown`; its chips in a table ``Ledger``
  (:mod:`~wildeval.games.draw.chips`, :class:`DrawInvariantError`);
  :mod:`~wildeval.games.draw.session`: :class:`Table`, hand after hand;
- :mod:`~wildeval.games.draw.pokerkit_model`: pokerkit's way of playing, followed beside ours
  to mark the hands pokerkit would replay differently;
- :mod:`~wildeval.games.draw.bots`, :mod:`~wildeval.games.draw.history` (JSON records, PHH,
  replay), :mod:`~wildeval.games.draw.terminal` (the game at the terminal);
- :mod:`~wildeval.games.draw.simulation`: :func:`simulate` and :func:`play`, which ``wildeval
  simulate`` and ``wildeval play`` call for every draw game.

``docs/triple-draw.md`` lists every rule and decision; ``docs/recipes/draw-game.md`` says how
to add a draw game.

>>> import io
>>> simulate("ace-to-five-triple-draw", players=2, count=3, seed=5, out=io.StringIO()).played
3
"""

from __future__ import annotations

from wildeval.games.draw.actions import Action, Event, IllegalAction, Kind, Phase, PlayerView
from wildeval.games.draw.bots import Bot, LowballBot, RandomBot, ask_bot, keep_for_low, made_low
from wildeval.games.draw.chips import DrawInvariantError
from wildeval.games.draw.draws import arrange_deck
from wildeval.games.draw.hand import Hand
from wildeval.games.draw.history import history_entry, phh_fields, phh_section, replay, to_json, to_record
from wildeval.games.draw.rules import (
    ACE_TO_FIVE_TRIPLE_DRAW,
    BADUGI_TRIPLE_DRAW,
    DEUCE_TO_SEVEN_SINGLE_DRAW,
    DEUCE_TO_SEVEN_TRIPLE_DRAW,
    PRESETS,
    DrawRules,
    Rules,
    evaluator,
    low27,
    preset,
)
from wildeval.games.draw.session import Table
from wildeval.games.draw.simulation import play, play_hand, simulate
from wildeval.games.draw.terminal import describe_event

__all__ = [
    "ACE_TO_FIVE_TRIPLE_DRAW",
    "BADUGI_TRIPLE_DRAW",
    "DEUCE_TO_SEVEN_SINGLE_DRAW",
    "DEUCE_TO_SEVEN_TRIPLE_DRAW",
    "PRESETS",
    "Action",
    "Bot",
    "DrawInvariantError",
    "DrawRules",
    "Event",
    "Hand",
    "IllegalAction",
    "Kind",
    "LowballBot",
    "Phase",
    "PlayerView",
    "RandomBot",
    "Rules",
    "Table",
    "arrange_deck",
    "ask_bot",
    "describe_event",
    "evaluator",
    "history_entry",
    "keep_for_low",
    "low27",
    "made_low",
    "phh_fields",
    "phh_section",
    "play",
    "play_hand",
    "preset",
    "replay",
    "simulate",
    "to_json",
    "to_record",
]
