"""Deuce to Seven Triple Draw: the name this game's code had before the draw family
(:mod:`wildeval.games.draw`) was made; kept so that ``wildeval.games.triple_draw`` still
imports, with every name it exported: it re-exports the draw family's (``__all__``), and
``GAME``.

The game is the preset ``deuce-to-seven-triple-draw`` of :mod:`wildeval.games.draw.rules`;
``simulate`` and ``play`` here are the draw family's, which play every draw game.

>>> import io
>>> out = io.StringIO()
>>> simulate(GAME, players=3, count=2, seed=1, out=out).played
2
>>> out.getvalue().startswith("[1]\\nvariant = 'F2L3D'")
True
"""

from __future__ import annotations

from wildeval.games import draw as _draw
from wildeval.games.draw import *  # noqa: F403 (the alias: every name the draw family exports)
from wildeval.games.draw import DEUCE_TO_SEVEN_TRIPLE_DRAW

__all__ = ["GAME"]
__all__ += _draw.__all__

GAME = DEUCE_TO_SEVEN_TRIPLE_DRAW.name
STARTING_STACK = DEUCE_TO_SEVEN_TRIPLE_DRAW.starting_stack
