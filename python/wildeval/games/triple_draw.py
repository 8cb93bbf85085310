"""Deuce to Seven Triple Draw: a fixed-limit five-card draw game, lowest hand wins.

The game of ``shared/rules/deuce-to-seven-triple-draw.hu.txt`` on top of the ``low27``
evaluator (aces high, straights and flushes count against the hand, 7-5-4-3-2 is the best),
with Robert's Rules of Poker where the text is silent; ``docs/triple-draw.md`` lists every
decision. The parts:

- :mod:`wildeval.games.triple_draw_engine`: :class:`Hand` (the state machine: ``legal_actions``,
  ``act``, ``view``, ``check_chips``) and :class:`Table` (hand after hand);
- :mod:`wildeval.games.triple_draw_bots`: :class:`RandomBot` and :class:`LowballBot`;
- :mod:`wildeval.games.triple_draw_history`: JSON records (replayable) and PHH export;
- here: :func:`simulate` and :func:`play`, which ``wildeval simulate`` and ``wildeval play`` call.

>>> import io
>>> out = io.StringIO()
>>> simulate("deuce-to-seven-triple-draw", players=3, count=2, seed=1, out=out)
>>> text = out.getvalue()
>>> text.startswith("[1]\\nvariant = 'F2L3D'"), text.count("finishing_stacks")
(True, 2)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TextIO

from wildeval.cards import format_cards, parse_cards
from wildeval.games.phh import dumps
from wildeval.games.triple_draw_bots import Bot, LowballBot, RandomBot, keep_for_low, made_low
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
        hand.act(bot_of(seat).choose(hand.view(seat)), seat)
        if check:
            hand.check_chips()
    return hand


def simulate(game: str, *, players: int, count: int, seed: int, out: TextIO) -> None:
    """Heuristic bots (:class:`LowballBot`) play ``count`` hands at one table of ``players``
    (2-6), each starting with 200 chips at blinds 1-2 and bets 2-4; every hand goes to ``out``
    as one ``[n]`` section of a PHH file (``.phhs``). The same seed writes the same text. The
    table stops early if only one player has chips left."""
    _check_game(game)
    _check_players(players)
    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        raise ValueError(f"the number of hands must be an int >= 0, not {count!r}")
    rng = random.Random(seed)
    names = [f"Bot {i + 1}" for i in range(players)]
    table = Table(players, names=names, seed=rng.getrandbits(63), starting_stack=STARTING_STACK)
    bots = [LowballBot(rng.getrandbits(63)) for _ in range(players)]
    for number in range(1, count + 1):
        if len(table.seated) < MIN_PLAYERS:
            break
        hand = table.start_hand()
        seats = list(table.hand_seats)
        play_hand(hand, lambda seat: bots[seats[seat]])
        fields = phh_fields(hand, seats=[s + 1 for s in seats], seat_count=players, table=1)
        table.end_hand()
        out.write(("\n\n" if number > 1 else "") + f"[{number}]\n" + dumps(fields))
    out.write("\n")


# ----------------------------------------------------------------------------------------------
# the terminal game

def describe_event(
    event: Event, names: Sequence[str], *, me: int | None = None, unicode: bool = False
) -> str | None:
    """One line of table talk for an event as ``me`` sees it (None: nothing to say).

    >>> describe_event(Event("raise", 1, 8, all_in=True), ["You", "Bot 1"], me=0)
    'Bot 1 raises to 8 (all-in)'
    >>> describe_event(Event("discard", 1, 2), ["You", "Bot 1"], me=0)
    'Bot 1 draws 2'
    """
    def cards(cs: Sequence[int]) -> str:
        return format_cards(cs, unicode=unicode)

    who = names[event.seat] if event.seat is not None else ""
    mine = event.seat is not None and event.seat == me
    all_in = " (all-in)" if event.all_in else ""
    k = event.kind
    if k == "post":
        return f"{who} posts the {event.text} {event.amount}{all_in}"
    if k == "deal":
        return f"{who} {'are' if mine else 'is'} dealt {cards(event.cards)}" if mine else None
    if k == "fold":
        return f"{who} fold{'' if mine else 's'}"
    if k == "check":
        return f"{who} check{'' if mine else 's'}"
    if k == "call":
        return f"{who} call{'' if mine else 's'} {event.amount}{all_in}"
    if k == "bet":
        return f"{who} bet{'' if mine else 's'} {event.amount}{all_in}"
    if k == "raise":
        return f"{who} raise{'' if mine else 's'} to {event.amount}{all_in}"
    if k == "discard":
        if mine:
            return f"{who} discard {cards(event.cards)}" if event.cards else f"{who} stand pat"
        return f"{who} draws {event.amount}" if event.amount else f"{who} stands pat"
    if k == "serve":
        return f"{who} draw {cards(event.cards)}" if mine else None
    if k == "reshuffle":
        return "The stub is short: the discards are shuffled into a new stub"
    if k == "return":
        return f"{event.amount} uncalled returned to {who}"
    if k == "show":
        return f"{who} show{'' if mine else 's'} {cards(event.cards)}: {event.text}"
    if k == "muck":
        return f"{who} muck{'' if mine else 's'}"
    if k == "win":
        how = {"split": " (split pot)", "uncontested": "", "abandoned": " (abandoned side pot)"}
        return f"{who} win{'' if mine else 's'} {event.amount}{how.get(event.text, '')}"
    if k == "round":
        return f"-- betting round {event.amount} --"
    if k == "draw":
        return f"-- draw {event.amount} of 3 --"
    if k == "showdown":
        return "-- showdown --"
    return None


_HELP = (
    "Betting: f = fold, k = check, c = call (or check), b = bet, r = raise, q = quit.\n"
    "Draw: the cards to discard by text ('Kd 9s') or position ('4 5'), p = stand pat, q = quit."
)


def _parse_betting(text: str, view: PlayerView) -> Action | str:
    words = text.lower().split()
    word = words[0]
    amount: int | None = None
    if len(words) > 1:
        try:
            amount = int(words[-1])
        except ValueError:
            return f"not an amount: {words[-1]!r}"
    kinds = {a.kind for a in view.legal_actions}
    if word in ("f", "fold"):
        return Action.fold()
    if word in ("k", "x", "check"):
        return Action.check()
    if word in ("c", "call"):
        return Action.check() if Kind.CHECK in kinds and word == "c" else Action.call(amount)
    if word in ("b", "bet"):
        return Action.bet(amount)
    if word in ("r", "raise"):
        return Action.raise_to(amount)
    return f"unknown command {word!r}"


def _shown_order(cards: Sequence[int]) -> list[int]:
    """A hand as a lowball player reads it: highest card first."""
    return sorted(cards, key=lambda c: (-(c >> 2), c & 3))


def _parse_discard(text: str, view: PlayerView) -> Action | str:
    words = text.replace(",", " ").split()
    if words[0].lower() in ("d", "discard", "draw"):
        words = words[1:]
    if not words or words[0].lower() in ("p", "pat", "-", "stand", "none"):
        return Action.discard()
    if all(w.isdigit() for w in words):
        positions = [int(w) for w in words]
        if any(not 1 <= p <= len(view.hand) for p in positions):
            return f"positions are 1-{len(view.hand)}"
        shown = _shown_order(view.hand)
        return Action.discard(shown[p - 1] for p in positions)
    try:
        return Action.discard(parse_cards(" ".join(words)))
    except ValueError as error:
        return str(error)


def play(game: str, *, players: int, seed: int | None, stdin: TextIO, stdout: TextIO) -> int:
    """A person (seat 1, "You") plays against :class:`LowballBot` opponents in the terminal,
    hand after hand, until they quit, run out of chips or win every chip. Reads commands line
    by line (``help`` lists them), so it works from a pipe; ends cleanly at end of input."""
    _check_game(game)
    _check_players(players)
    rng = random.Random(seed)
    encoding = (getattr(stdout, "encoding", None) or "").lower()
    unicode = encoding.startswith("utf")
    names = ["You"] + [f"Bot {i}" for i in range(1, players)]
    rules = Rules()
    table = Table(players, rules=rules, names=names, seed=rng.getrandbits(63), starting_stack=STARTING_STACK)
    bots = {s: LowballBot(rng.getrandbits(63)) for s in range(1, players)}

    def say(line: str = "") -> None:
        stdout.write(line + "\n")

    say(
        "Deuce to Seven Triple Draw: the lowest hand wins (7-5-4-3-2 is the best; aces are high, "
        "straights and flushes count against you)."
    )
    say(
        f"Blinds {rules.small_blind}-{rules.big_blind}, bets {rules.small_bet}-{rules.big_bet}, "
        f"{STARTING_STACK} chips each. Type 'help' for the commands."
    )
    while 0 in table.seated and len(table.seated) >= MIN_PLAYERS:
        hand = table.start_hand()
        seats = list(table.hand_seats)
        me = seats.index(0)
        hand_names = hand.names
        say()
        say(f"=== Hand {hand.number} (dealer: {hand_names[hand.button]}) "
            + ", ".join(f"{hand_names[i]} {hand.starting_stacks[i]}" for i in range(hand.n)) + " ===")
        told = 0
        while True:
            view = hand.view(me)
            for event in view.events[told:]:
                line = describe_event(event, hand_names, me=me, unicode=unicode)
                if line is not None:
                    say(line)
            told = len(view.events)
            if hand.is_over:
                break
            seat = hand.to_act
            assert seat is not None
            if seat != me:
                bot = bots[seats[seat]]
                hand.act(bot.choose(hand.view(seat)), seat)
                continue
            held = format_cards(_shown_order(view.hand), unicode=unicode)
            if view.phase is Phase.DRAW:
                prompt = f"Your hand: {held} | discard which (p = stand pat)? "
            else:
                options = ", ".join(str(a) for a in view.legal_actions)
                prompt = f"Your hand: {held} | pot {view.pot + sum(view.bets)} | {options} > "
            stdout.write(prompt)
            stdout.flush()
            line = stdin.readline()
            if not line:
                say()
                say("End of input: goodbye.")
                return 0
            text = line.strip()
            if not text:
                continue
            if text.lower() in ("q", "quit", "exit"):
                say("Goodbye.")
                return 0
            if text.lower() in ("h", "help", "?"):
                say(_HELP)
                continue
            if view.phase is Phase.DRAW:
                parsed, usage = _parse_discard(text, view), _HELP.splitlines()[1]
            else:
                parsed, usage = _parse_betting(text, view), _HELP.splitlines()[0]
            if isinstance(parsed, str):
                say(f"{parsed}. {usage}")
                continue
            try:
                hand.act(parsed, me)
            except IllegalAction as error:
                say(str(error).replace(hand.who(me), "you"))
        table.end_hand()
        say("Stacks: " + ", ".join(f"{names[s]} {table.stacks[s]}" for s in table.seated))
    if table.stacks[0] == 0:
        say("You are out of chips. Game over.")
    else:
        say("You have won every chip at the table!")
    return 0
