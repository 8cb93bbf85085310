"""Guts simulations: bots play complete games, one replayable JSON record per game.

>>> import io
>>> from wildeval.games.table import read_records
>>> out = io.StringIO()
>>> simulate("napalm", players=2, count=3, seed=1, out=out).played
3
>>> [sum(r["result"]["balances"].values()) for r in read_records(out.getvalue().splitlines())]
[0, 0, 0]
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, NamedTuple, TextIO

from wildeval.games import Summary
from wildeval.games.guts.bots import StrengthTable, bot_kinds, play_bots, seat_bots, table_bots
from wildeval.games.guts.engine import GutsGame
from wildeval.games.guts.history import game_record
from wildeval.games.guts.rules import MIN_PLAYERS, GutsRules, table_rules
from wildeval.games.table import record_line
from wildeval.seeds import child_seed

__all__ = ["check_int", "game_seed", "rules_and_players", "simulate"]


def check_int(name: str, value: object, low: int, high: int | None = None) -> int:
    """``value`` if it is an int from ``low`` to ``high`` (None: no bound); else ValueError
    naming it."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{name} must be an int, not {value!r}")
    if value < low or (high is not None and value > high):
        span = f"{low} to {high}" if high is not None else f"at least {low}"
        raise ValueError(f"{name} must be {span}, not {value}")
    return value


def rules_and_players(game: str, players: object,
                      rules: GutsRules | Mapping[str, Any] | None = None) -> tuple[GutsRules, int]:
    """The table's rules (:func:`~wildeval.games.guts.rules.table_rules`) and the number of
    players, checked against them."""
    table = table_rules(game, rules)
    n = check_int(f"{game} players", players, MIN_PLAYERS, table.max_players)
    return table, n


_GAMES_PER_TASK = 200  # games per task of a distributed run (about half a second of play)


def game_seed(seed: int, number: int) -> int:
    """The seed of game ``number`` (0-based) of a simulation seeded ``seed``: its
    :func:`~wildeval.seeds.child_seed`. Each game's seed depends on its number alone, so any
    range of games can be played anywhere.

    >>> from wildeval.seeds import child_seed
    >>> game_seed(7, 3) == child_seed(7, 3)
    True
    """
    return child_seed(seed, number)


def _play_games(rules: GutsRules, names: Sequence[str], seed: int, first: int, stop: int,
                kinds: Sequence[str] | None = None, strategy: object = None) -> Iterator[tuple[str, str | None]]:
    """Games ``first`` to ``stop`` (0-based) of a simulation: each one's JSON line and winner."""
    table = StrengthTable()
    for g in range(first, stop):
        number_seed = game_seed(seed, g)
        bots = (table_bots(names, number_seed, table) if kinds is None
                else seat_bots(names, kinds, number_seed, table, strategy))
        state = play_bots(GutsGame(rules, list(names), seed=number_seed, dealer=g % len(names)), bots)
        yield record_line(game_record(state, g + 1, bots)), state.winner


class _GamesTask(NamedTuple):
    """A range of a distributed simulation's games: the rules (as their dict), the players'
    names, the run's seed, games ``first`` to ``stop``, the bots' kinds (None: the default
    table) and a solver bot's strategy."""

    rules: dict[str, Any]
    names: tuple[str, ...]
    seed: int
    first: int
    stop: int
    kinds: list[str] | None
    strategy: object


def _games_task(task: _GamesTask) -> list[tuple[str, str | None]]:
    """One task of a distributed simulation: a range of games, each one's line and winner (the
    rules travel as their dict, which is all a GutsRules pickles as anyway; a solver bot's
    strategy travels solved)."""
    rules, names, seed, first, stop, kinds, strategy = task
    return list(_play_games(GutsRules.from_dict(rules), names, seed, first, stop, kinds, strategy))


def simulate(game: str, *, players: int, count: int, seed: int, out: TextIO,
             rules: GutsRules | Mapping[str, Any] | None = None,
             progress: Callable[[int], object] | None = None, client: Any = None,
             bots: str | Sequence[str] | None = None, strategy: object = None) -> Summary:
    """Bots play ``count`` complete games of ``game``; one JSON line per game on ``out``.

    Each record is a replayable history (:func:`replay`; cards as text such as ``"3h Kc Kd"``,
    hand values with their descriptions) with ``rules``, ``players`` (``Bot 1``, ``Bot 2``,
    ...), ``events``, the ``bots`` and ``result = {"winner", "legs", "balances", "end",
    "rounds", "pot"}``; ``winner`` is None when a game hits the round cap. The same seed writes
    the same bytes. Returns the :class:`~wildeval.games.Summary`: games written, and each
    player's games won (with ``"no winner"`` if some games had none).

    ``rules``: the table's settings (see :func:`table_rules`; default the preset's); every record
    holds the rules it was played by. ``progress``, if given, is called with 1 after each game.

    Game ``g`` (from 0) is seeded by :func:`game_seed` ``(seed, g)`` and dealt by seat
    ``g % players``, so games are independent of each other. ``client`` (a
    ``distributed.Client``) plays ranges of 200 games as tasks on a Dask cluster and writes each
    game's line here, in game order, as soon as it and all before it are in (at most a few
    ranges per worker are held at once): the same bytes as without ``client``. ``progress`` is
    then called with each range's games as it ends. Each record is written with one
    ``out.write`` call, so an interruption leaves whole records behind.

    ``bots``: the bots' kinds (:func:`~wildeval.games.guts.bots.bot_kinds`: ``"solver"`` for
    every seat, or one per seat, ``"solver,threshold,threshold"``); by default even seats play
    threshold bots and odd seats random bots. A solver bot plays the strategy
    :func:`~wildeval.games.guts.solver.solve` finds for the table with its default settings:
    the one shipped with the package for a preset's own rules
    (:func:`~wildeval.games.guts.solver.shipped.strategy_for`), else solved once before the
    first game (seconds at a few players, minutes at seven), unless ``strategy`` gives one.
    """
    rules, n = rules_and_players(game, players, rules)
    count = check_int("count (games)", count, 0)
    seed = check_int("seed", seed, -(2**63))
    names = tuple(f"Bot {i + 1}" for i in range(n))
    kinds = None if bots is None else bot_kinds(bots, n)
    if kinds is not None and "solver" in kinds and strategy is None:
        from wildeval.games.guts.solver.shipped import strategy_for  # the solver plays these games

        strategy = strategy_for(rules, n)
    wins = dict.fromkeys(names, 0)
    no_winner = 0
    if client is None:
        played: Iterator[tuple[str, str | None]] = _play_games(rules, names, seed, 0, count, kinds, strategy)
        step: Callable[[int], object] | None = progress
    else:
        from wildeval.dask import map_ordered

        settings = rules.to_dict()
        tasks = [_GamesTask(settings, names, seed, first, min(first + _GAMES_PER_TASK, count), kinds, strategy)
                 for first in range(0, count, _GAMES_PER_TASK)]
        done = None if progress is None else (lambda task: progress(task.stop - task.first))
        played = (game for part in map_ordered(client, _games_task, tasks, progress=done) for game in part)
        step = None
    for line, winner in played:
        out.write(line)
        if step is not None:
            step(1)
        if winner is None:
            no_winner += 1
        else:
            wins[winner] += 1
    result: dict[str, int] = dict(wins)
    if no_winner:
        result["no winner"] = no_winner
    return Summary(played=count, unit="games", wins=result)
