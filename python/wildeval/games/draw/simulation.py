"""The draw games from the command line: :func:`simulate` and :func:`play`, which ``wildeval
simulate`` and ``wildeval play`` call for every draw game (one code for every preset of
:mod:`wildeval.games.draw.rules`), and :func:`play_hand`, bots playing one hand.

>>> import io
>>> out = io.StringIO()
>>> simulate("deuce-to-seven-triple-draw", players=3, count=2, seed=1, out=out).played
2
>>> text = out.getvalue()
>>> text.startswith("[1]\\nvariant = 'F2L3D'"), text.count("finishing_stacks")
(True, 2)
>>> out = io.StringIO()
>>> simulate("ace-to-five-triple-draw", players=3, count=2, seed=1, out=out).played
2
>>> import json                                   # no PHH variant: JSON Lines, a record a line
>>> [json.loads(line)["game"] for line in out.getvalue().splitlines()]
['ace-to-five-triple-draw', 'ace-to-five-triple-draw']
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple, TextIO

from wildeval.games import Summary
from wildeval.games.draw.bots import Bot, LowballBot, ask_bot
from wildeval.games.draw.hand import Hand
from wildeval.games.draw.history import entry_body, entry_text
from wildeval.games.draw.rules import PRESETS, DrawRules
from wildeval.games.draw.session import Table
from wildeval.games.draw.terminal import play_session
from wildeval.seeds import check_seed, child_seed, python_random

__all__ = ["MAX_TABLES", "play", "play_hand", "simulate", "table_seed"]

MAX_TABLES = 100_000  # tables one run may split into


def _game(game: str) -> DrawRules:
    if not isinstance(game, str) or game not in PRESETS:
        raise ValueError(f"this module plays the draw games {', '.join(PRESETS)}, not {game!r}")
    return PRESETS[game]


def _check_players(rules: DrawRules, players: int) -> None:
    if isinstance(players, bool) or not isinstance(players, int):
        raise TypeError(f"players must be an int, not {type(players).__name__}")
    if not rules.min_players <= players <= rules.max_players:
        raise ValueError(f"{rules.players_text()}, not {players}")


def play_hand(hand: Hand, bot_of: Callable[[int], Bot], *, check: bool = False) -> Hand:
    """Let bots play a hand to its end (``bot_of(seat)`` is the bot of a hand seat); with
    ``check``, check the chip ledger after every step."""
    while not hand.over:
        seat = hand.to_act
        assert seat is not None
        hand.apply(ask_bot(hand, seat, bot_of(seat)), seat)
        if check:
            hand.check_invariants()
    return hand


def table_seed(seed: int, table: int) -> int:
    """The seed of table ``table`` (0-based) of a run of several: its
    :func:`~wildeval.seeds.child_seed`, so each table depends on its number alone and any table
    can be played anywhere.

    >>> table_seed(7, 0) == table_seed(7, 0) != table_seed(7, 1)
    True
    """
    return child_seed(seed, table)


class _TableTask(NamedTuple):
    """One table of a run: the game, the players, the table's seed, its hands at most, its
    number (1-based; None: the run's only table)."""

    game: str
    players: int
    seed: int
    hands: int
    number: int | None


def _play_table(task: _TableTask, emit: Callable[[str, list[str]], object]) -> str | None:
    """Play one table's hands, calling ``emit(body, winners)`` after each hand: its history
    entry without a PHH section header (:func:`~wildeval.games.draw.history.entry_body`) and
    the name of the winner of each pot (and of each share of a split one). Returns why the
    table stopped before its count of hands (one player holds every chip), or None."""
    game, players, seed, hands, number = task
    rules = PRESETS[game]
    rng = python_random(seed)
    names = [f"Bot {i + 1}" for i in range(players)]
    table = Table(players, names=names, seed=rng.getrandbits(63), starting_stack=rules.starting_stack,
                  game=rules)
    bots = [LowballBot(rng.getrandbits(63)) for _ in range(players)]
    for played in range(hands):
        if len(table.seated) < rules.min_players:
            left = [names[seat] for seat in table.seated]
            why = f"{left[0]} holds every chip" if len(left) == 1 else \
                f"{len(left)} players hold chips, fewer than the {rules.min_players} the game needs"
            where = "the table" if number is None else f"table {number}"
            return f"{where} stopped after {played:,} of {hands:,} hands: {why}"
        hand = table.start_hand()
        seats = list(table.hand_seats)
        play_hand(hand, lambda seat: bots[seats[seat]])  # noqa: B023 (called in this iteration only)
        winners = [names[seats[e.seat]] for e in hand.events if e.kind == "win" and e.seat is not None]
        emit(entry_body(hand, seats, players, table=number), winners)
        table.end_hand()
    return None


def _table_task(task: _TableTask) -> tuple[list[tuple[str, list[str]]], str | None]:
    """One table played on a worker: its entries, in order, and why it stopped early (or None)."""
    entries: list[tuple[str, list[str]]] = []
    stopped = _play_table(task, lambda body, winners: entries.append((body, winners)))
    return entries, stopped


def simulate(game: str, *, players: int, count: int, seed: int, out: TextIO,
             progress: Callable[[int], object] | None = None, client: object = None,
             tables: int = 1) -> Summary:
    """Heuristic bots (:class:`LowballBot`) play ``count`` hands of the draw game ``game`` at
    one table of ``players`` (from the game's ``min_players`` to its ``max_players``), each
    starting with the game's stack (200 chips) at its stakes (blinds 1-2, bets 2-4). Every hand
    goes to ``out`` as it ends: where PHH has a variant for the game (Deuce to Seven and Badugi
    Triple Draw), as one ``[n]`` section of a PHH file (``.phhs``), the text pokerkit's
    ``HandHistory.dumps_all`` writes for these hands plus a final newline; otherwise as its JSON
    record on one line (JSON Lines, replayable with :func:`~wildeval.games.draw.history.replay`).
    The same seed writes the same text. The table stops early if only one player has chips left
    (the summary's ``stopped`` says so). Returns the hands played and each player's pots won (a
    share of a split pot counts as one).
    ``progress``, if given, is called with 1 after each hand.

    ``tables=N`` splits the run into N independent tables, each with its own stacks and seed
    (table ``t`` from 0: :func:`table_seed` ``(seed, t)``), table ``t`` playing hands
    ``count * t // N`` up to ``count * (t + 1) // N`` (fewer if it ends early). Their hands are
    written table after table: PHH sections numbered through the file, each with its table's
    number in PHH's ``table`` field (from 1); JSON records with a ``"table"`` key. One table
    (the default) is seeded by ``seed`` itself and writes what it always did.

    ``client=`` (a ``distributed.Client``) plays the tables as tasks on a Dask cluster and
    writes them here in table order, the same bytes as without it; ``progress`` is then called
    with a table's share of ``count`` as it ends. One table cannot be split: its hands are
    played in order, each from the stacks the last one left, so ``client`` needs ``tables``
    of 2 or more."""
    rules = _game(game)
    _check_players(rules, players)
    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        raise ValueError(f"the number of hands must be an int >= 0, not {count!r}")
    if isinstance(tables, bool) or not isinstance(tables, int) or not 1 <= tables <= MAX_TABLES:
        raise ValueError(f"tables must be an int from 1 to {MAX_TABLES:,}, not {tables!r}")
    seed = check_seed(seed)
    if client is not None and tables == 1:
        raise ValueError(f"{game} at one table is not split across workers: its hands are played in order, "
                         "each from the stacks the last one left; split the run into tables (tables=N) to use them")
    if tables == 1:
        tasks: list[_TableTask] = [_TableTask(game, players, seed, count, None)]
    else:
        tasks = [_TableTask(game, players, table_seed(seed, t), count * (t + 1) // tables - count * t // tables, t + 1)
                 for t in range(tables)]
    wins = dict.fromkeys((f"Bot {i + 1}" for i in range(players)), 0)
    played = 0
    stopped: list[str | None] = []

    def write(body: str, winners: list[str]) -> None:
        nonlocal played
        played += 1
        out.write(entry_text(rules, body, played))
        for name in winners:
            wins[name] += 1

    if client is None:
        def each_hand(body: str, winners: list[str]) -> None:
            write(body, winners)
            if progress is not None:
                progress(1)

        for task in tasks:
            stopped.append(_play_table(task, each_hand))
    else:
        from wildeval.dask import map_ordered

        done = None if progress is None else (lambda task: progress(task.hands))
        for entries, why in map_ordered(client, _table_task, tasks, progress=done):
            for body, winners in entries:
                write(body, winners)
            stopped.append(why)
    return Summary(played=played, unit="hands", wins=wins, stopped=tuple(why for why in stopped if why))


def play(
    game: str,
    *,
    players: int,
    seed: int | None,
    stdin: TextIO,
    stdout: TextIO,
    history: TextIO | None = None,
    unicode: bool | None = None,
) -> int:
    """A person (seat 1, "You") plays the draw game ``game`` against :class:`LowballBot`
    opponents in the terminal, hand after hand, until they quit, run out of chips or win every
    chip; then each player's chips and net result. Reads commands line by line (``help`` lists
    them), so it works from a pipe; ends cleanly at end of input. ``history`` (a text stream)
    receives each hand as it ends, in the format :func:`simulate` writes, flushed at once;
    ``unicode`` None shows suit symbols only if ``stdout`` can encode them
    (:func:`wildeval.cards.stream_shows_suits`). The terminal itself is
    :mod:`wildeval.games.draw.terminal`."""
    rules = _game(game)
    _check_players(rules, players)
    return play_session(players=players, seed=seed, stdin=stdin, stdout=stdout, history=history,
                        unicode=unicode, starting_stack=rules.starting_stack, game=rules)
