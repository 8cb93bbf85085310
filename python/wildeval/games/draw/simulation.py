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
from typing import TextIO

from wildeval.games import Summary
from wildeval.games.draw.bots import Bot, LowballBot, ask_bot
from wildeval.games.draw.hand import Hand
from wildeval.games.draw.history import history_entry
from wildeval.games.draw.terminal import play_session
from wildeval.games.draw.rules import PRESETS, DrawRules
from wildeval.games.draw.table import Table
from wildeval.seeds import python_random

__all__ = ["play", "play_hand", "simulate"]


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


def simulate(game: str, *, players: int, count: int, seed: int, out: TextIO,
             progress: Callable[[int], object] | None = None, client: object = None) -> Summary:
    """Heuristic bots (:class:`LowballBot`) play ``count`` hands of the draw game ``game`` at
    one table of ``players`` (2-6), each starting with the game's stack (200 chips) at its
    stakes (blinds 1-2, bets 2-4). Every hand goes to ``out`` as it ends: where PHH has a
    variant for the game (Deuce to Seven Triple Draw), as one ``[n]`` section of a PHH file
    (``.phhs``), the text pokerkit's ``HandHistory.dumps_all`` writes for these hands plus a
    final newline; otherwise as its JSON record on one line (JSON Lines, replayable with
    :func:`~wildeval.games.draw.history.replay`). The same seed writes the same text. The table
    stops early if only one player has chips left. Returns the hands played and each player's
    pots won (a share of a split pot counts as one). ``progress``, if given, is called with 1
    after each hand.

    ``client=`` (a Dask client) is refused: the hands are played at one table, each starting
    from the stacks the last one left (and the table stops when one player has every chip), so
    no hand can be played before the one before it ends; there is nothing to split. Run
    several seeds side by side instead."""
    rules = _game(game)
    _check_players(rules, players)
    if client is not None:
        raise ValueError(f"{game} is not split across workers: its hands are played at one table, each "
                         "from the stacks the last one left, so none can start before the one before it ends")
    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        raise ValueError(f"the number of hands must be an int >= 0, not {count!r}")
    rng = python_random(seed)
    names = [f"Bot {i + 1}" for i in range(players)]
    table = Table(players, names=names, seed=rng.getrandbits(63), starting_stack=rules.starting_stack,
                  game=rules)
    bots = [LowballBot(rng.getrandbits(63)) for _ in range(players)]
    wins = dict.fromkeys(names, 0)
    played = 0
    for _ in range(count):
        if len(table.seated) < rules.min_players:
            break
        hand = table.start_hand()
        seats = list(table.hand_seats)
        play_hand(hand, lambda seat: bots[seats[seat]])
        for e in hand.events:
            if e.kind == "win" and e.seat is not None:
                wins[names[seats[e.seat]]] += 1
        out.write(history_entry(hand, seats, players))
        table.end_hand()
        played += 1
        if progress is not None:
            progress(1)
    return Summary(played=played, unit="hands", wins=wins)


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
