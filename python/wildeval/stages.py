"""The table games whose stages the package's odds and charts name (``versus_field(game=...,
stage=...)``, ``field_chart(game, stage, ...)``): for each, its stages' cards, ranking and wild
ranks, its most players and its flush setting.

The package never imports the games (docs/architecture.md: each layer reads only those below
it). The guts presets (:data:`wildeval.games.guts.rules.PRESETS`) are the truth: importing the
guts package registers them here (:func:`register`), so that a new variant is known as soon as
its preset is; the rows of :data:`BUILT_IN` describe the shipped presets for a program that
never imports the games (``tests/core/test_stages.py`` holds them equal to the presets, as
``tests/rankings/test_registry.py`` holds the ranking registry to the core's).

>>> stage_settings("napalm", 2)
StageSettings(label='5 cards, low (deuce-to-seven), no wild cards', cards=5, ranking='low27', wild=None)
>>> table_game("crazy-three-five-seven").max_players
7
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from wildeval.rankings import Ranking

__all__ = ["BUILT_IN", "StageSettings", "TableGame", "game_names", "register", "stage_settings", "table_game"]


@dataclass(frozen=True)
class StageSettings:
    """One stage: its label as players say it, the cards each player holds, the evaluator's
    ranking and wild ranks."""

    label: str
    cards: int
    ranking: Ranking
    wild: str | None


@dataclass(frozen=True)
class TableGame:
    """A game's stages (the first first), its most players and whether a flush may hold
    duplicate cards (the evaluator's ``flush_duplicates``)."""

    name: str
    stages: tuple[StageSettings, ...]
    max_players: int
    flush_duplicates: bool = True


def _357(name: str, wilds: tuple[str, str, str], labels: tuple[str, str, str]) -> TableGame:
    return TableGame(name, tuple(StageSettings(f"{n} cards, high, {label}", n, "high", wild)
                                 for n, wild, label in zip((3, 5, 7), wilds, labels, strict=True)), 7)


_WILD_EACH = ("threes wild", "fives wild", "sevens wild")

BUILT_IN: Mapping[str, TableGame] = {
    game.name: game for game in (
        _357("three-five-seven", ("3", "5", "7"), _WILD_EACH),
        _357("crazy-three-five-seven", ("3", "35", "357"),
             ("threes wild", "threes and fives wild", "threes, fives and sevens wild")),
        _357("three-five-seven-onlinepoker", ("3", "5", "7"), _WILD_EACH),
        TableGame("napalm", (
            StageSettings("2 cards, high, no wild cards", 2, "high", None),
            StageSettings("5 cards, low (deuce-to-seven), no wild cards", 5, "low27", None),
            StageSettings("7 cards, high, no wild cards", 7, "high", None),
        ), 7),
    )
}

_providers: list[Callable[[], Mapping[str, TableGame]]] = []


def register(provider: Callable[[], Mapping[str, TableGame]]) -> None:
    """Add a source of games, asked at every look-up (so it may change): a game it names
    replaces a built-in row of that name. The guts package registers its presets on import."""
    if provider not in _providers:
        _providers.append(provider)


def _games() -> dict[str, TableGame]:
    games = dict(BUILT_IN)
    for provider in _providers:
        games.update(provider())
    return games


def game_names() -> list[str]:
    """Every game known now, sorted."""
    return sorted(_games())


def table_game(game: str) -> TableGame:
    """The game named ``game``; ValueError naming the known ones if there is none."""
    games = _games()
    if not isinstance(game, str) or game not in games:
        raise ValueError(f"unknown game {game!r}; choose one of {', '.join(sorted(games))}")
    return games[game]


def stage_settings(game: str, stage: object) -> StageSettings:
    """Stage ``stage`` (1 = the first) of ``game``; ValueError for an unknown game or stage."""
    stages = table_game(game).stages
    if isinstance(stage, bool) or not isinstance(stage, int) or not 1 <= stage <= len(stages):
        raise ValueError(f"stage must be 1 to {len(stages)} for {game}, not {stage!r}")
    return stages[stage - 1]
