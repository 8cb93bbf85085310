"""What happens in a draw hand, as values: actions, events, what a player sees.

An :class:`Action` is what a player does (fold, check, call, bet, raise, or discard cards); an
:class:`Event` is one thing that happened, in order; a :class:`PlayerView` is everything one
player may know. A refused action raises :class:`IllegalAction` (the one of every game,
:mod:`wildeval.games.table.actions`: a ``ValueError`` naming the player and the action).

>>> str(Action.raise_to(8)), str(Action.discard([51, 0])), str(Action.discard())
('raise to 8', 'discard 2c As', 'stand pat')
>>> Event("deal", 1, 0, (0, 1, 2, 3, 4)).public()
Event(kind='deal', seat=1, amount=5, cards=(), text='', all_in=False)
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass

from wildeval.cards import format_cards
from wildeval.games.draw.rules import DECK_SIZE, DEUCE_TO_SEVEN_TRIPLE_DRAW, DrawRules
from wildeval.games.table.actions import IllegalAction

__all__ = ["Action", "Event", "IllegalAction", "Kind", "Phase", "PlayerView"]


class Phase(enum.Enum):
    BETTING = "betting"
    DRAW = "draw"
    COMPLETE = "complete"


class Kind(enum.Enum):
    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"
    DISCARD = "discard"



@dataclass(frozen=True)
class Action:
    """A player's action. ``amount`` is, for CALL, the chips put in; for BET and RAISE, the
    player's whole wager in the round after it ("raise to"); ``None`` means "the one legal
    amount". ``cards`` are the discards of a DISCARD (none = stand pat), kept sorted.

    >>> str(Action.raise_to(8)), str(Action.discard([51, 0])), str(Action.discard())
    ('raise to 8', 'discard 2c As', 'stand pat')
    """

    kind: Kind
    amount: int | None = None
    cards: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.kind, Kind):
            raise TypeError(f"kind must be a Kind, not {type(self.kind).__name__}")
        if self.amount is not None and (isinstance(self.amount, bool) or not isinstance(self.amount, int)):
            raise TypeError(f"amount must be an int or None, not {type(self.amount).__name__}")
        cards = tuple(self.cards)
        for c in cards:
            if isinstance(c, bool) or not isinstance(c, int) or not 0 <= c < DECK_SIZE:
                raise ValueError(f"{c!r} is not a card (an int 0-51)")
        object.__setattr__(self, "cards", tuple(sorted(cards)))

    @classmethod
    def fold(cls) -> Action:
        return cls(Kind.FOLD)

    @classmethod
    def check(cls) -> Action:
        return cls(Kind.CHECK)

    @classmethod
    def call(cls, amount: int | None = None) -> Action:
        return cls(Kind.CALL, amount)

    @classmethod
    def bet(cls, amount: int | None = None) -> Action:
        return cls(Kind.BET, amount)

    @classmethod
    def raise_to(cls, amount: int | None = None) -> Action:
        return cls(Kind.RAISE, amount)

    @classmethod
    def discard(cls, cards: Iterable[int] = ()) -> Action:
        return cls(Kind.DISCARD, None, tuple(cards))

    def __str__(self) -> str:
        if self.kind is Kind.DISCARD:
            return f"discard {format_cards(self.cards)}" if self.cards else "stand pat"
        name = str(self.kind.value)
        if self.amount is None:
            return name
        if self.kind is Kind.RAISE:
            return f"raise to {self.amount}"
        return f"{name} {self.amount}"


@dataclass(frozen=True)
class Event:
    """One thing that happened in a hand, in order.

    ``kind`` is one of ``post`` (a blind; ``text`` "small blind" or "big blind"), ``deal`` (a
    player's cards), ``fold``, ``check``, ``call``, ``bet``, ``raise`` (``amount`` as in
    :class:`Action`), ``discard``, ``reshuffle`` (a new stub of ``amount`` cards, made to serve
    ``seat``), ``serve`` (the cards a player draws), ``return`` (an uncalled bet given back),
    ``show`` (``text`` the hand's description), ``muck``, ``pot`` (when there are side pots: before
    each pot is paid, ``amount`` in it, ``text`` "main pot", "side pot 1", ...), ``win``
    (``amount`` from one pot: the only one, or the one the last ``pot`` event named);
    and the markers ``round`` (``amount`` 2, 3, ...: a betting round after a draw starts),
    ``draw`` (``amount`` 1, 2, ...: which draw) and ``showdown``.
    """

    kind: str
    seat: int | None = None
    amount: int = 0
    cards: tuple[int, ...] = ()
    text: str = ""
    all_in: bool = False

    def public(self) -> Event:
        """The event as every player sees it: nobody's dealt, discarded or drawn cards."""
        if self.kind in ("deal", "discard", "serve"):
            return Event(self.kind, self.seat, len(self.cards), (), self.text, self.all_in)
        return self


@dataclass(frozen=True)
class PlayerView:
    """What one player may know: their own cards, everything public, nothing else."""

    seat: int
    names: tuple[str, ...]
    button: int
    phase: Phase
    betting_round: int
    draws_done: int
    hand: tuple[int, ...]
    stacks: tuple[int, ...]
    bets: tuple[int, ...]
    pot: int
    folded: tuple[bool, ...]
    all_in: tuple[bool, ...]
    draw_counts: tuple[tuple[int, ...], ...]
    shown: tuple[tuple[int, ...] | None, ...]
    to_act: int | None
    legal_actions: tuple[Action, ...]
    bet_size: int
    to_call: int
    events: tuple[Event, ...]
    game: DrawRules = DEUCE_TO_SEVEN_TRIPLE_DRAW  # the game's rules (hand size, draws, ranking)
    bets_and_raises: int = 0  # full bets and raises in this betting round (the big blind is the first's bet)

    @property
    def draws_left(self) -> int:
        """Draws still to come in the hand."""
        return self.game.draws - self.draws_done
