"""Deuce to Seven Triple Draw: a fixed-limit five-card draw game, lowest hand wins.

The game of ``shared/rules/deuce-to-seven-triple-draw.hu.txt`` on top of the ``low27``
evaluator (aces high, straights and flushes count against the hand, 7-5-4-3-2 is the best),
with Robert's Rules of Poker where the text is silent; ``docs/triple-draw.md`` lists every
decision. The parts:

- :mod:`wildeval.games.triple_draw_engine`: :class:`Hand` (the state machine: ``legal_actions``,
  ``act``, ``view``, ``check_chips``) and :class:`Table` (hand after hand);
- :mod:`wildeval.games.triple_draw_bots`: :class:`RandomBot` and :class:`LowballBot`;
- :mod:`wildeval.games.triple_draw_history`: JSON records (replayable) and PHH export;
- :mod:`wildeval.games.triple_draw_terminal`: the game at the terminal;
- here: :func:`simulate` and :func:`play`, which ``wildeval simulate`` and ``wildeval play`` call.

>>> import io
>>> out = io.StringIO()
>>> simulate("deuce-to-seven-triple-draw", players=3, count=2, seed=1, out=out).played
2
>>> text = out.getvalue()
>>> text.startswith("[1]\\nvariant = 'F2L3D'"), text.count("finishing_stacks")
(True, 2)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TextIO

from wildeval.games import Summary
from wildeval.games.triple_draw_bots import Bot, LowballBot, RandomBot, ask_bot, keep_for_low, made_low
from wildeval.games.triple_draw_engine import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    Action,
    Event,
    Hand,
    IllegalAction,
    Kind,
    Phase,
    PlayerView,
    Rules,
    Table,
    arrange_deck,
    low27,
)
from wildeval.games.triple_draw_history import phh_fields, replay, to_json, to_record
from wildeval.games.triple_draw_terminal import describe_event, phh_section, play_session

__all__ = [
    "GAME",
    "Action",
    "arrange_deck",
    "Bot",
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
    "describe_event",
    "keep_for_low",
    "low27",
    "made_low",
    "phh_fields",
    "play",
    "play_hand",
    "replay",
    "simulate",
    "to_json",
    "to_record",
]

GAME = "deuce-to-seven-triple-draw"
STARTING_STACK = 200


def _check_game(game: str) -> None:
    if game != GAME:
        raise ValueError(f"this module plays {GAME!r}, not {game!r}")


def _check_players(players: int) -> None:
    if isinstance(players, bool) or not isinstance(players, int):
        raise TypeError(f"players must be an int, not {type(players).__name__}")
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(
            f"Deuce to Seven Triple Draw is for {MIN_PLAYERS}-{MAX_PLAYERS} players, not {players}"
        )


def play_hand(hand: Hand, bot_of: Callable[[int], Bot], *, check: bool = False) -> Hand:
    """Let bots play a hand to its end (``bot_of(seat)`` is the bot of a hand seat); with
    ``check``, check the chip ledger after every step."""
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        hand.act(ask_bot(hand, seat, bot_of(seat)), seat)
        if check:
            hand.check_chips()
    return hand


def simulate(game: str, *, players: int, count: int, seed: int, out: TextIO,
             progress: Callable[[int], object] | None = None, client: object = None) -> Summary:
    """Heuristic bots (:class:`LowballBot`) play ``count`` hands at one table of ``players``
    (2-6), each starting with 200 chips at blinds 1-2 and bets 2-4; every hand goes to ``out``
    as one ``[n]`` section of a PHH file (``.phhs``): the text is what pokerkit's
    ``HandHistory.dumps_all`` writes for these hands, plus a final newline. The same seed
    writes the same text. The table stops early if only one player has chips left. Returns the
    hands played and each player's pots won (a share of a split pot counts as one).
    ``progress``, if given, is called with 1 after each hand.

    ``client=`` (a Dask client) is refused: the hands are played at one table, each starting
    from the stacks the last one left (and the table stops when one player has every chip), so
    no hand can be played before the one before it ends; there is nothing to split. Run
    several seeds side by side instead."""
    _check_game(game)
    _check_players(players)
    if client is not None:
        raise ValueError(f"{GAME} is not split across workers: its hands are played at one table, each "
                         "from the stacks the last one left, so none can start before the one before it ends")
    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        raise ValueError(f"the number of hands must be an int >= 0, not {count!r}")
    rng = random.Random(seed)
    names = [f"Bot {i + 1}" for i in range(players)]
    table = Table(players, names=names, seed=rng.getrandbits(63), starting_stack=STARTING_STACK)
    bots = [LowballBot(rng.getrandbits(63)) for _ in range(players)]
    wins = dict.fromkeys(names, 0)
    played = 0
    for _ in range(count):
        if len(table.seated) < MIN_PLAYERS:
            break
        hand = table.start_hand()
        seats = list(table.hand_seats)
        play_hand(hand, lambda seat: bots[seats[seat]])
        for e in hand.events:
            if e.kind == "win" and e.seat is not None:
                wins[names[seats[e.seat]]] += 1
        out.write(phh_section(hand, seats, players))
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
    """A person (seat 1, "You") plays against :class:`LowballBot` opponents in the terminal,
    hand after hand, until they quit, run out of chips or win every chip; then each player's
    chips and net result. Reads commands line by line (``help`` lists them), so it works from a
    pipe; ends cleanly at end of input. ``history`` (a text stream) receives each hand as it
    ends, in the format :func:`simulate` writes, flushed at once; ``unicode`` None shows suit
    symbols only if ``stdout`` can encode them (:func:`wildeval.cards.stream_shows_suits`).
    The terminal itself is :mod:`wildeval.games.triple_draw_terminal`."""
    _check_game(game)
    _check_players(players)
    return play_session(players=players, seed=seed, stdin=stdin, stdout=stdout, history=history,
                        unicode=unicode, starting_stack=STARTING_STACK)
