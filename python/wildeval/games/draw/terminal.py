"""A draw game at the terminal: a person against bots, line by line.

:func:`play_session` runs the game that ``wildeval play deuce-to-seven-triple-draw`` (or any
other draw game) starts, through :func:`wildeval.games.draw.simulation.play`, on the table
layer's :class:`~wildeval.games.table.Terminal` (the person's lines, ``q``/``quit``/``exit`` and
the end of input, ``help``, the cards as text); :func:`describe_event` is its table talk.
Everything the person reads is written for "You": "You post", "you do not hold As".

>>> describe_event(Event("post", 0, 1, (), "small blind"), ["You", "Bot 1"], me=0)
'You post the small blind 1'
>>> describe_event(Event("win", 1, 8, (), "split"), ["You", "Bot 1"], me=0, pot="side pot 1")
'Bot 1 wins 8 from side pot 1 (split pot)'
>>> describe_event(Event("show", 1, 0, (0, 51, 12, 20, 8), "A-7-5-4-2"), ["You", "Bot 1"])
'Bot 1 shows As 7c 5c 4c 2c: A-7-5-4-2'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TextIO

from wildeval.cards import format_cards, parse_cards
from wildeval.games.draw.actions import Action, Event, IllegalAction, Kind, Phase, PlayerView
from wildeval.games.draw.bots import LowballBot, ask_bot, low_rank
from wildeval.games.draw.hand import Hand
from wildeval.games.draw.history import history_entry, phh_section
from wildeval.games.draw.rules import DEUCE_TO_SEVEN_TRIPLE_DRAW, DrawRules
from wildeval.games.draw.session import Table
from wildeval.games.table.terminal import QUIT_WORDS, Terminal
from wildeval.seeds import python_random

__all__ = ["balances", "describe_event", "phh_section", "play_session"]


def _shown_order(cards: Sequence[int], ranking: str = "low27") -> list[int]:
    """A hand as a lowball player reads it: highest card first (in ace-to-five and badugi the ace
    is the lowest card, written last)."""
    return sorted(cards, key=lambda c: (-low_rank(c, ranking), c & 3))


def describe_event(
    event: Event,
    names: Sequence[str],
    *,
    me: int | None = None,
    unicode: bool = False,
    pot: str | None = None,
    game: DrawRules = DEUCE_TO_SEVEN_TRIPLE_DRAW,
) -> str | None:
    """One line of table talk for an event as ``me`` sees it (None: nothing to say); ``pot``
    names the pot a ``win`` is paid from when there are side pots ("main pot", "side pot 1").
    Hands are written highest card first, as the ``game``'s ranking counts them.

    >>> describe_event(Event("raise", 1, 8, all_in=True), ["You", "Bot 1"], me=0)
    'Bot 1 raises to 8 (all-in)'
    >>> describe_event(Event("discard", 1, 2), ["You", "Bot 1"], me=0)
    'Bot 1 draws 2'
    """
    def cards(cs: Sequence[int]) -> str:
        return format_cards(_shown_order(cs, game.ranking), unicode=unicode)

    mine = event.seat is not None and event.seat == me
    who = ("You" if mine else names[event.seat]) if event.seat is not None else ""
    s = "" if mine else "s"  # "You post", "Bot 1 posts"
    all_in = " (all-in)" if event.all_in else ""
    k = event.kind
    if k == "post":
        return f"{who} post{s} the {event.text} {event.amount}{all_in}"
    if k == "deal":
        return f"{who} are dealt {cards(event.cards)}" if mine else None
    if k in ("fold", "check"):
        return f"{who} {k}{s}"
    if k in ("call", "bet"):
        return f"{who} {k}{s} {event.amount}{all_in}"
    if k == "raise":
        return f"{who} raise{s} to {event.amount}{all_in}"
    if k == "discard":
        if mine:
            return f"{who} discard {cards(event.cards)}" if event.cards else f"{who} stand pat"
        return f"{who} draws {event.amount}" if event.amount else f"{who} stands pat"
    if k == "serve":
        return f"{who} draw {cards(event.cards)}" if mine else None
    if k == "reshuffle":
        return "The stub is short: the discards are shuffled into a new stub"
    if k == "return":
        return f"{event.amount} uncalled returned to {'you' if mine else who}"
    if k == "show":
        return f"{who} show{s} {cards(event.cards)}: {event.text}"
    if k == "muck":
        return f"{who} muck{s}"
    if k == "win":
        where = "" if pot is None else f" from the {pot}" if pot == "main pot" else f" from {pot}"
        how = {"split": " (split pot)", "uncontested": "",
               "abandoned": " (everyone else in it folded)" if pot else " (abandoned side pot)"}
        return f"{who} win{s} {event.amount}{where}{how.get(event.text, '')}"
    if k == "round":
        return f"-- betting round {event.amount} --"
    if k == "draw":
        return f"-- draw {event.amount} of {game.draws} --"
    if k == "showdown":
        return "-- showdown --"
    return None


_HELP = (
    "Betting: f = fold, k = check, c = call (or check), b = bet, r = raise, q = quit.\n"
    "Draw: the cards to discard by text ('Kd 9s') or position ('4 5'), p = stand pat, q = quit."
)
_BETTING_WORDS = {"f", "fold", "k", "x", "check", "c", "call", "b", "bet", "r", "raise"}
_PAT_WORDS = {"p", "pat", "-", "stand", "none"}
_DRAW_WORDS = _PAT_WORDS | {"d", "discard", "draw"}
_QUIT_WORDS = QUIT_WORDS | {"exit"}
_IN_THE_DRAW = "It is the draw: say which cards to discard, or p to stand pat"


def _parse_betting(text: str, view: PlayerView) -> Action | str:
    words = text.lower().split()
    word = words[0]
    if word in _DRAW_WORDS or _looks_like_a_discard(text):
        options = ", ".join(str(a) for a in view.legal_actions)
        return f"It is a betting round, not the draw: {options} (f, k, c, b or r)"
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


def _looks_like_a_discard(text: str) -> bool:
    words = text.replace(",", " ").split()
    if all(w.isdigit() for w in words):
        return True
    try:
        parse_cards(" ".join(words))
    except ValueError:
        return False
    return True


def _parse_discard(text: str, view: PlayerView, unicode: bool = False) -> Action | str:
    ranking = view.game.ranking
    words = text.replace(",", " ").split()
    if words[0].lower() in _BETTING_WORDS:
        return _IN_THE_DRAW
    if words[0].lower() in ("d", "discard", "draw"):
        words = words[1:]
    if not words or words[0].lower() in _PAT_WORDS:
        return Action.discard()
    if all(w.isdigit() for w in words):
        positions = [int(w) for w in words]
        if any(not 1 <= p <= len(view.hand) for p in positions):
            return f"positions are 1-{len(view.hand)}"
        shown = _shown_order(view.hand, ranking)
        return Action.discard(shown[p - 1] for p in positions)
    try:
        cards = parse_cards(" ".join(words))
    except ValueError as error:
        return str(error)
    missing = [c for c in cards if c not in view.hand]
    if missing:
        return f"you do not hold {format_cards(missing, unicode=unicode)}"
    return Action.discard(cards)


def _for_you(message: str, hand: Hand, me: int) -> str:
    """An engine message about seat ``me`` as said to the person."""
    text = message.replace(hand.who(me), "you").replace("of their chips", "of your chips")
    return text.replace("they do not hold", "you do not hold")


def _table_line(view: PlayerView, names: Sequence[str]) -> str:
    """Every player's chips: ``Pot 6 | You 196 (bet 2), Bot 1 0 (all-in, bet 5), Bot 2 (folded)``."""
    parts = []
    for p, name in enumerate(names):
        notes = []
        if view.folded[p]:
            notes.append("folded")
        elif view.all_in[p]:
            notes.append("all-in")
        if view.bets[p]:
            notes.append(f"bet {view.bets[p]}")
        parts.append(f"{name} {view.stacks[p]}" + (f" ({', '.join(notes)})" if notes else ""))
    return f"Pot {view.pot + sum(view.bets)} | " + ", ".join(parts)


def _positions(hand: Hand) -> str:
    """Who deals, as the hand's heading says it: ``dealer: Bot 2``; at a dead button's table
    ``dead button, Bot 2 acts last`` (the button lies before an empty seat) and ``no small
    blind`` when its seat is empty."""
    who = hand.names[hand.button]
    text = f"dead button, {who} act{'' if who == 'You' else 's'} last" if hand.dead_button else f"dealer: {who}"
    return text + (", no small blind" if hand.small_blind_seat is None else "")


def balances(names: Sequence[str], stacks: Sequence[int], start: int) -> str:
    """``You 188 (-12), Bot 1 214 (+14)``: each player's chips and net result.

    >>> balances(["You", "Bot 1"], [188, 212], 200)
    'You 188 (-12), Bot 1 212 (+12)'
    """
    return ", ".join(f"{n} {s} ({s - start:+d})" for n, s in zip(names, stacks))


class _Session:
    """The terminal game: one table, the person at seat 0 ("You")."""

    def __init__(
        self, players: int, seed: int | None, stdin: TextIO, stdout: TextIO,
        history: TextIO | None, unicode: bool | None, starting_stack: int, game: DrawRules,
    ) -> None:
        rng = python_random(seed)
        self.term = Terminal(stdin, stdout, unicode=unicode, quit_words=_QUIT_WORDS)
        self.names = ["You"] + [f"Bot {i}" for i in range(1, players)]
        self.game = game
        self.rules = game.stakes
        self.start = starting_stack
        self.table = Table(players, rules=self.rules, names=self.names, seed=rng.getrandbits(63),
                           starting_stack=starting_stack, game=game)
        self.bots = {s: LowballBot(rng.getrandbits(63)) for s in range(1, players)}
        self.history = history
        self.hand: Hand | None = None
        self.me = 0
        self.told = 0
        self.pot: str | None = None

    @property
    def quit(self) -> str | None:
        """Why the person left: ``"quit"``, ``"eof"`` (the end of input) or None (still here)."""
        return self.term.quit

    def cards(self, cards: Sequence[int]) -> str:
        """A hand as a lowball player reads it, highest card first."""
        return self.term.cards(_shown_order(cards, self.game.ranking))

    def tell(self) -> None:
        """Say what happened since the last time, as the person sees it."""
        hand = self.hand
        assert hand is not None
        events = hand.view(self.me).events
        for event in events[self.told:]:
            if event.kind == "pot":
                self.pot = event.text
                continue
            line = describe_event(event, hand.names, me=self.me, unicode=self.term.unicode, pot=self.pot,
                                  game=self.game)
            if line is not None:
                self.term.say(line)
        self.told = len(events)

    def show_losing(self, seat: int) -> bool:
        """At the showdown the person's hand cannot win: show it or muck it (the rules let a
        player who cannot win muck)."""
        hand = self.hand
        assert hand is not None
        if seat != self.me or self.quit is not None:
            return False
        self.tell()
        cards = hand.hand_of(seat)
        ev = self.game.evaluator()
        text = self.term.ask(f"Your {self.cards(cards)} ({ev.describe(ev(list(cards)))}) cannot win: "
                             "s = show it, anything else mucks it > ")
        return text is not None and text.lower() in ("s", "show")

    def run(self) -> int:
        say, table = self.term.say, self.table
        say(f"{self.game.title}: {self.game.blurb}")
        say(f"Blinds {self.rules.small_blind}-{self.rules.big_blind}, bets {self.rules.small_bet}-"
            f"{self.rules.big_bet}, {self.start} chips each. Type 'help' for the commands.")
        while 0 in table.seated and len(table.seated) >= self.game.min_players:
            if not self.play_hand():
                say()
                say("Balances (the unfinished hand not counted): "
                    + balances(self.names, table.stacks, self.start))
                say("End of input: goodbye." if self.quit == "eof" else "Goodbye.")
                return 0
            say("Stacks: " + ", ".join(f"{self.names[s]} {table.stacks[s]}" for s in table.seated))
            if self.quit is not None:  # they left while choosing to show or muck: the hand is over
                say("Balances: " + balances(self.names, table.stacks, self.start))
                say("End of input: goodbye." if self.quit == "eof" else "Goodbye.")
                return 0
        if table.stacks[0] == 0:
            say("You are out of chips. Game over.")
        else:
            say("You have won every chip at the table!")
        say("Balances: " + balances(self.names, table.stacks, self.start))
        return 0

    def play_hand(self) -> bool:
        """Play one hand; False if the person left before it ended."""
        table = self.table
        hand = self.hand = table.start_hand()
        seats = list(table.hand_seats)
        self.me, self.told, self.pot = seats.index(0), 0, None
        hand.show_losing = self.show_losing
        names, say = hand.names, self.term.say
        say()
        say(f"=== Hand {hand.number} ({_positions(hand)}) "
                 + ", ".join(f"{names[i]} {hand.starting_stacks[i]}" for i in range(hand.n)) + " ===")
        shown_at = -1
        while True:
            self.tell()
            if hand.over:
                break
            seat = hand.to_act
            assert seat is not None
            if seat != self.me:
                hand.apply(ask_bot(hand, seat, self.bots[seats[seat]]), seat)
                continue
            view = hand.view(self.me)
            if shown_at != len(hand.events):
                say(_table_line(view, names))
                shown_at = len(hand.events)
            held = self.cards(view.hand)
            if view.phase is Phase.DRAW:
                prompt = f"Your hand: {held} | discard which (p = stand pat)? "
            else:
                options = ", ".join(str(a) for a in view.legal_actions)
                prompt = f"Your hand: {held} | {options} > "
            text = self.term.ask(prompt)
            if text is None:  # a quit word or the end of input
                return False
            if not text:
                continue
            if self.term.wants_help(text):
                say(_HELP)
                continue
            if view.phase is Phase.DRAW:
                parsed, usage = _parse_discard(text, view, self.term.unicode), _HELP.splitlines()[1]
            else:
                parsed, usage = _parse_betting(text, view), _HELP.splitlines()[0]
            if isinstance(parsed, str):
                say(f"{parsed}." + ("" if parsed.startswith("It is") else f" {usage}"))
                continue
            try:
                hand.apply(parsed, self.me)
            except IllegalAction as error:
                say(_for_you(str(error), hand, self.me))
        if self.history is not None:
            self.history.write(history_entry(hand, seats, len(table.stacks)))
            self.history.flush()
        table.end_hand()
        return True


def play_session(
    *, players: int, seed: int | None, stdin: TextIO, stdout: TextIO,
    history: TextIO | None = None, unicode: bool | None = None, starting_stack: int | None = None,
    game: DrawRules = DEUCE_TO_SEVEN_TRIPLE_DRAW,
) -> int:
    """A person (seat 1, "You") plays ``game`` against :class:`LowballBot` opponents, hand after
    hand, until they quit, input ends, they run out of chips or they win every chip; then each
    player's chips and net result. ``history`` receives every finished hand as ``simulate``
    writes it (:func:`~wildeval.games.draw.history.history_entry`), flushed at once; ``unicode``
    None shows suit symbols only if ``stdout`` can encode them. ``starting_stack``: default the
    game's."""
    stack = game.starting_stack if starting_stack is None else starting_stack
    return _Session(players, seed, stdin, stdout, history, unicode, stack, game).run()
