"""Games built on the evaluator: each game module is a thin state machine over ``wildeval``.

``GAMES`` maps a game's command-line name to the module that plays it; such a module provides

- ``simulate(game, *, players, count, seed, out)``: bots play ``count`` games or hands, written
  to the text stream ``out``; the same seed gives byte-identical output;
- ``play(game, *, players, seed, stdin, stdout)``: a person plays against bots in a terminal.
"""

from __future__ import annotations

import importlib
from types import ModuleType

__all__ = ["GAMES", "game_module"]

GAMES: dict[str, str] = {
    "three-five-seven": "wildeval.games.guts",
    "crazy-three-five-seven": "wildeval.games.guts",
    "three-five-seven-onlinepoker": "wildeval.games.guts",
    "napalm": "wildeval.games.guts",
    "deuce-to-seven-triple-draw": "wildeval.games.triple_draw",
}


def game_module(game: str) -> ModuleType:
    """The module that plays ``game``; ValueError for an unknown name."""
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}; choose one of {', '.join(GAMES)}")
    return importlib.import_module(GAMES[game])
