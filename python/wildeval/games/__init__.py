"""Games built on the evaluator: each game module is a thin state machine over ``wildeval``.

``GAMES`` maps a game's command-line name to the module that plays it; such a module provides

- ``simulate(game, *, players, count, seed, out) -> Summary``: bots play ``count`` games or
  hands, written to the text stream ``out``; the same seed gives byte-identical output;
- ``play(game, *, players, seed, stdin, stdout, history=None, unicode=None) -> int``: a person
  plays against bots in a terminal; ``history`` (a text stream) receives the session's record in
  the format ``simulate`` writes; ``unicode=None`` shows suit symbols only when ``stdout`` can
  encode them.

Players are named the same way in every game: ``Bot 1``, ``Bot 2``, ... in simulations, and
``You``, ``Bot 1``, ... at the terminal.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from types import ModuleType

__all__ = ["GAMES", "UNITS", "BotError", "Summary", "game_module", "unit_of"]

GAMES: dict[str, str] = {
    "three-five-seven": "wildeval.games.guts",
    "crazy-three-five-seven": "wildeval.games.guts",
    "three-five-seven-onlinepoker": "wildeval.games.guts",
    "napalm": "wildeval.games.guts",
    "deuce-to-seven-triple-draw": "wildeval.games.draw",
    "ace-to-five-triple-draw": "wildeval.games.draw",
    "deuce-to-seven-single-draw": "wildeval.games.draw",
    "badugi-triple-draw": "wildeval.games.draw",
}
# what a module's simulate counts: whole games (guts, played to a winner) or hands (draw)
UNITS: dict[str, str] = {"wildeval.games.guts": "games", "wildeval.games.draw": "hands"}


class BotError(RuntimeError):
    """A bot failed: it raised, or it answered with something that is not an action. The game
    is left as it was before the bot was asked."""


def unit_of(game: str) -> str:
    """What ``simulate`` counts for ``game``: ``"games"`` or ``"hands"``."""
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}; choose one of {', '.join(GAMES)}")
    return UNITS[GAMES[game]]


def player_range(game: str) -> tuple[int, int]:
    """The fewest and the most players of ``game``.

    >>> player_range("napalm"), player_range("deuce-to-seven-triple-draw")
    ((2, 7), (2, 6))
    """
    if unit_of(game) == "games":
        rules = importlib.import_module("wildeval.games.guts.rules")
        return int(rules.MIN_PLAYERS), int(rules.preset(game).max_players)
    draw = importlib.import_module("wildeval.games.draw.rules").preset(game)
    return int(draw.min_players), int(draw.max_players)


def game_module(game: str) -> ModuleType:
    """The module that plays ``game``; ValueError for an unknown name."""
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}; choose one of {', '.join(GAMES)}")
    return importlib.import_module(GAMES[game])


@dataclass(frozen=True)
class Summary:
    """What a ``simulate`` run did: ``played`` records written (games or hands, as ``unit``
    says) and ``wins``, each player's count of games won (guts) or pots won (draw); a key
    ``"no winner"`` counts games that ended without one."""

    played: int
    unit: str
    wins: dict[str, int] = field(default_factory=dict)
    stopped: tuple[str, ...] = ()  # why a table stopped before its count (one player holds every chip)

    def line(self) -> str:
        """``"100 games; wins: Bot 1 40, Bot 2 60"`` (``"1 game"``, ``"1 hand"``).

        >>> Summary(1, "games", {"Bot 1": 1}).line(), Summary(2, "hands").line()
        ('1 game; wins: Bot 1 1', '2 hands')
        >>> Summary(2, "hands", stopped=("the table stopped after 2 of 5 hands: Bot 1 holds every chip",)).line()
        '2 hands; the table stopped after 2 of 5 hands: Bot 1 holds every chip'
        """
        wins = ", ".join(f"{name} {n:,}" for name, n in self.wins.items())
        unit = self.unit[:-1] if self.played == 1 and self.unit.endswith("s") else self.unit
        return f"{self.played:,} {unit}" + (f"; wins: {wins}" if wins else "") + \
            "".join(f"; {why}" for why in self.stopped)
