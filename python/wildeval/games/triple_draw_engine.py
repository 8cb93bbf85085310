"""Deuce to Seven Triple Draw: one hand as a state machine, and a table that plays hand after hand.

The rules are those of ``shared/rules/deuce-to-seven-triple-draw.hu.txt``; where the text is
silent, Robert's Rules of Poker as ``shared/rules/README.md`` settles. Every decision is written
down in ``docs/triple-draw.md``.

A :class:`Hand` is driven by :meth:`Hand.act`; :meth:`Hand.legal_actions` lists, with their
amounts, exactly the actions it accepts. Anything else raises :class:`IllegalAction` (a
``ValueError`` naming the player and the action) and leaves the hand unchanged.

>>> hand = Hand([100, 100, 100], button=0, seed=7)
>>> hand.to_act, [str(a) for a in hand.legal_actions()]   # seat 0 deals, 1 and 2 post 1 and 2
(0, ['fold', 'call 2', 'raise to 4'])
>>> _ = hand.act(Action.call()); _ = hand.act(Action.call()); _ = hand.act(Action.check())
>>> hand.phase, hand.to_act                             # the draw starts left of the dealer
(<Phase.DRAW: 'draw'>, 1)
>>> hand.check_chips()
"""

from __future__ import annotations

import enum
import itertools
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from typing import Any, Protocol

from wildeval.cards import format_cards, parse_cards

__all__ = [
    "Action",
    "arrange_deck",
    "Event",
    "Hand",
    "IllegalAction",
    "Kind",
    "Phase",
    "PlayerView",
    "Rules",
    "Table",
    "low27",
]

MIN_PLAYERS = 2
MAX_PLAYERS = 6
HAND_SIZE = 5
N_DRAWS = 3
N_ROUNDS = 4
DECK_SIZE = 52


class Evaluator(Protocol):
    """What the game needs of ``wildeval.Evaluator("low27")``."""

    def __call__(self, cards: list[int]) -> int: ...

    def describe(self, value: int) -> str: ...


@lru_cache(maxsize=1)
def low27() -> Evaluator:
    """The deuce-to-seven evaluator (higher value = better low), made on first use."""
    import wildeval

    ev: Evaluator = wildeval.Evaluator("low27")
    return ev


def arrange_deck(n_players: int, button: int, hands: Mapping[int, str], draws: str = "") -> list[int]:
    """A deck order (for ``Hand(..., deck=...)``) that deals ``hands`` (seat -> five cards as
    text; other seats get the highest cards left) one card at a time from the small blind, then
    serves ``draws`` in order.

    >>> deck = arrange_deck(2, 0, {0: "7s 5d 4c 3h 2s"})
    >>> format_cards(deck[0:10:2])  # heads-up the button is the small blind and is dealt first
    '7s 5d 4c 3h 2s'
    """
    named = {s: parse_cards(h) for s, h in hands.items()}
    drawn = parse_cards(draws)
    used = {c for cs in named.values() for c in cs} | set(drawn)
    rest = [c for c in range(DECK_SIZE - 1, -1, -1) if c not in used]
    for s in range(n_players):
        if s not in named:
            named[s] = [rest.pop(0) for _ in range(HAND_SIZE)]
    small_blind = button if n_players == 2 else (button + 1) % n_players
    order = [(small_blind + i) % n_players for i in range(n_players)]
    return [named[s][k] for k in range(HAND_SIZE) for s in order] + drawn


class IllegalAction(ValueError):
    """An action the hand does not allow now; the message names the player and the action."""


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
class Rules:
    """Stakes and rule settings of a table (fixed limit).

    Defaults: blinds 1 and 2, small bet 2 (first two rounds), big bet 4 (last two), a bet and
    three raises per round, no unlimited raising heads-up.

    >>> Rules().bet_size(0), Rules().bet_size(3)
    (2, 4)
    >>> Rules(small_blind=3, big_blind=2)
    Traceback (most recent call last):
    ...
    ValueError: the small blind (3) must be at most the big blind (2)
    """

    small_blind: int = 1
    big_blind: int = 2
    small_bet: int = 2
    big_bet: int = 4
    max_raises: int = 3
    heads_up_unlimited: bool = False

    def __post_init__(self) -> None:
        for name in ("small_blind", "big_blind", "small_bet", "big_bet", "max_raises"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError(f"{name} must be an int, not {type(value).__name__}")
        if not isinstance(self.heads_up_unlimited, bool):
            raise TypeError("heads_up_unlimited must be a bool")
        if self.small_blind < 0 or self.big_blind <= 0:
            raise ValueError("the big blind must be positive and the small blind not negative")
        if self.small_blind > self.big_blind:
            raise ValueError(
                f"the small blind ({self.small_blind}) must be at most the big blind ({self.big_blind})"
            )
        if not 0 < self.small_bet <= self.big_bet:
            raise ValueError(
                f"need 0 < small bet <= big bet, not {self.small_bet} and {self.big_bet}"
            )
        if self.max_raises < 0:
            raise ValueError("max_raises must not be negative")

    def bet_size(self, betting_round: int) -> int:
        """The fixed bet of a betting round (0-3): the small bet, then the big bet."""
        return self.small_bet if betting_round < 2 else self.big_bet


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
    player's five cards), ``fold``, ``check``, ``call``, ``bet``, ``raise`` (``amount`` as in
    :class:`Action`), ``discard``, ``reshuffle`` (a new stub of ``amount`` cards, made to serve
    ``seat``), ``serve`` (the cards a player draws), ``return`` (an uncalled bet given back),
    ``show`` (``text`` the hand's description), ``muck``, ``pot`` (when there are side pots: before
    each pot is paid, ``amount`` in it, ``text`` "main pot", "side pot 1", ...), ``win``
    (``amount`` from one pot: the only one, or the one the last ``pot`` event named);
    and the markers ``round`` (``amount`` 2-4: a betting round after a draw starts), ``draw``
    (``amount`` 1-3) and ``showdown``.
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


@dataclass
class _Betting:
    """The state of one betting round."""

    bet_size: int
    full_count: int  # full bets and raises made (the big blind counts as the bet pre-draw)
    full: int = 0  # the wager of the last full bet or raise (pre-draw: the full big blind)
    tick: int = 0  # numbers the full (or half-or-more all-in) wagers: they reopen the betting
    acted_tick: list[int | None] = field(default_factory=list)  # the tick when each last acted
    capped_multiway: bool = False  # the cap was reached with more than two players
    last_aggressor: int | None = None


# Why pokerkit 0.7.7 would refuse a history or end it with other stacks (``pokerkit_divergence``).
PK_SHORT_BLIND = (
    "the big blind is short: Robert's Rules keep the full big blind as the bet to call and raise, "
    "pokerkit uses the biggest blind posted"
)
PK_COMPLETION = (
    "pokerkit raises a full bet over an all-in for less than half a bet; Robert's Rules complete "
    "the wager"
)
PK_ABANDONED = (
    "every player in a side pot folded: with one player's hand left to be paid (the others "
    "folded, or their beaten hands killed at the showdown), pokerkit fails an internal assertion "
    "(AssertionError); Robert's Rules pay the pot to its last contender"
)
PK_BURNED = (
    "every player in a side pot folded: with two or more players' hands left to be paid, "
    "pokerkit burns that pot's chips (warning \"some chips will be burned\"); Robert's Rules pay "
    "the pot to its last contender"
)
PK_ODD_CHIPS = (
    "pokerkit gives every odd chip of a split pot to one player; Robert's Rules: no player gets "
    "more than one"
)
PK_MERGED = (
    "pokerkit pays pots that the same players contest as one pot; Robert's Rules split each pot "
    "separately"
)


@dataclass
class _Pokerkit:
    """pokerkit 0.7.7's fixed-limit betting, followed action by action beside our own: its chips,
    who it expects to act, and which bets and raises it takes. The hand uses it to find the first
    place where pokerkit would refuse our history or end it with other stacks."""

    stacks: list[int]
    bets: list[int]
    contrib: list[int]  # chips put in, current bets included
    live: list[bool]
    queue: list[int] = field(default_factory=list)
    street_min: int = 0
    completion: int = 0  # the biggest completion, bet or raise of the round
    count: int = 0  # completions, bets and raises of the round
    acted: set[int] = field(default_factory=set)
    short: list[int] = field(default_factory=list)  # consecutive all-ins for less
    note: str | None = None  # why its chips differ from ours, while they do

    def effective(self, seat: int) -> int:
        totals = sorted(self.bets[p] + self.stacks[p] for p in range(len(self.live)) if self.live[p])
        return min(self.stacks[seat], max(0, totals[-2] - self.bets[seat]))

    def begin(self, order: list[int], street_min: int) -> None:
        """A betting round starts at the first seat of ``order`` (clockwise)."""
        self.street_min = street_min
        self.completion = self.count = 0
        self.acted.clear()
        self.short.clear()
        self.queue = [p for p in order if self.live[p] and self.stacks[p] > 0 and self.effective(p) > 0]
        if len(self.queue) == 1 and self.bets[self.queue[0]] >= max(self.bets):
            self.queue = []

    def to_call(self, seat: int) -> int:
        return min(self.stacks[seat], max(self.bets) - self.bets[seat])

    def raise_to(self, seat: int) -> int:
        """The one amount pokerkit takes for a bet or raise (fixed limit: min = max)."""
        to = max(self.completion, self.street_min) + max(self.bets)
        return min(self.stacks[seat] + self.bets[seat], to)

    def refuses_raise(self, seat: int, to: int) -> str | None:
        """Why pokerkit would refuse this bet or raise, in the order it checks."""
        if self.to_call(seat) < self.completion:
            return "pokerkit allows no raise by a player who faces less than a full raise"
        if self.count >= 4:
            return "pokerkit allows at most four bets and raises per round, counting all-ins for less"
        if self.short and sum(self.short) < self.completion and seat in self.acted:
            return "pokerkit does not reopen the betting for an all-in of half a bet or more"
        if self.stacks[seat] <= max(self.bets) - self.bets[seat]:
            return "pokerkit has the call take all of the player's chips"
        high = max(self.bets)
        if not any(
            p != seat and self.live[p] and self.stacks[p] + self.bets[p] > high
            for p in range(len(self.live))
        ):
            return "pokerkit sees no other player with chips to call a raise"
        if to != self.raise_to(seat):
            return f"pokerkit raises to {self.raise_to(seat)}"
        return None

    def act(self, seat: int, kind: Kind, to: int | None) -> None:
        """Take an action pokerkit accepts (``to``: the amount of a bet or raise)."""
        self.queue.pop(0)
        self.acted.add(seat)
        if kind is Kind.FOLD:
            self.live[seat] = False
        elif kind in (Kind.CHECK, Kind.CALL):
            self._move(seat, self.to_call(seat))
        else:
            assert to is not None
            increment = to - max(self.bets)
            self._move(seat, to - self.bets[seat])
            n = len(self.live)
            self.queue = [
                p for p in ((seat + k) % n for k in range(1, n)) if self.live[p] and self.stacks[p] > 0
            ]
            if increment >= self.completion:
                self.acted = {seat}
            self.completion = max(self.completion, increment)
            self.count += 1
            if self.stacks[seat]:
                self.short.clear()
            else:
                self.short.append(increment)
            if sum(self.short) >= self.completion:
                self.short.clear()

    def _move(self, seat: int, amount: int) -> None:
        self.stacks[seat] -= amount
        self.bets[seat] += amount
        self.contrib[seat] += amount

    def end(self) -> None:
        """The betting round ends: the part of a bet nobody called goes back."""
        cutoff = sorted(self.bets)[-2]
        for p, bet in enumerate(self.bets):
            if bet > cutoff:
                self.stacks[p] += bet - cutoff
                self.contrib[p] -= bet - cutoff
        self.bets = [0] * len(self.bets)
        self.queue = []

    def payout(self, values: Sequence[int | None], order: list[int]) -> tuple[list[int], str]:
        """What pokerkit pays each seat, and how its way of paying showed: pots are the levels of
        every contribution, merged while the same players contest them; a split pot's whole
        remainder goes to its first winner in ``order``; a pot nobody still in contests is burned.
        """
        n = len(self.live)
        pots: list[tuple[int, tuple[int, ...]]] = []
        previous = 0
        for level in sorted(set(self.contrib)):
            amount = sum(level - previous for c in self.contrib if c >= level)
            eligible = tuple(p for p in order if self.contrib[p] >= level and self.live[p])
            while pots and pots[-1][1] == eligible:
                amount += pots.pop()[0]
            if amount:
                pots.append((amount, eligible))
            previous = level
        won = [0] * n
        burned = odd_chips = False
        paid: set[int] = set()  # the hands pokerkit keeps alive: those that win something
        for amount, eligible in pots:
            if not eligible:
                burned = True
                continue
            if sum(self.live) == 1:
                won[eligible[0]] += amount
                paid.add(eligible[0])
                continue
            best = max(v for p in eligible if (v := values[p]) is not None)
            winners = [p for p in eligible if values[p] == best]
            share, odd = divmod(amount, len(winners))
            for p in winners:
                won[p] += share
                paid.add(p)
            won[winners[0]] += odd
            odd_chips = odd_chips or odd > 1
        if burned:
            return won, PK_ABANDONED if len(paid) <= 1 else PK_BURNED
        return won, PK_ODD_CHIPS if odd_chips else PK_MERGED


def _name_list(names: Sequence[str] | None, n: int) -> list[str]:
    if names is None:
        return [f"Player {i + 1}" for i in range(n)]
    names = [str(x) for x in names]
    if len(names) != n:
        raise ValueError(f"{len(names)} names for {n} players")
    return names


class Hand:
    """One hand of Deuce to Seven Triple Draw.

    ``stacks`` are the chips of the players in the hand, clockwise (every stack positive, 2-6
    players); ``button`` is the index of the dealer. ``seed`` makes the shuffle and every
    reshuffle reproducible; ``deck`` sets the order of the cards (the first card goes to the
    small blind; a partial order is completed with the missing cards in ascending order).

    Besides the properties: ``events`` (every :class:`Event`, cards included), ``actions``
    (``(seat, Action)`` in order), ``winnings`` (chips won per seat), ``small_blind_seat`` and
    ``big_blind_seat``, and ``pokerkit_divergence``: None, or why pokerkit could not replay this
    hand to the same stacks (our rules allowed something pokerkit does not; see
    ``docs/triple-draw.md``). ``show_losing`` (None: never) is asked, at the showdown, about each
    player whose hand cannot win anything and so need not be shown: True shows it anyway, False
    mucks it (what is shown changes no payout).

    >>> hand = Hand([50, 50], button=0, deck=range(52))       # heads-up: the dealer is small blind
    >>> hand.stacks, hand.bets, hand.to_act
    ((49, 48), (1, 2), 0)
    >>> format_cards(hand.hand_of(0)), format_cards(hand.hand_of(1))   # dealt one at a time
    ('2c 2h 3c 3h 4c', '2d 2s 3d 3s 4d')
    """

    def __init__(
        self,
        stacks: Sequence[int],
        button: int = 0,
        *,
        rules: Rules | None = None,
        names: Sequence[str] | None = None,
        seed: int | None = None,
        deck: Iterable[int] | None = None,
        number: int = 1,
    ) -> None:
        self.rules = rules if rules is not None else Rules()
        stacks = list(stacks)
        n = len(stacks)
        if not MIN_PLAYERS <= n <= MAX_PLAYERS:
            raise ValueError(f"a hand needs {MIN_PLAYERS}-{MAX_PLAYERS} players, not {n}")
        for i, s in enumerate(stacks):
            if isinstance(s, bool) or not isinstance(s, int):
                raise TypeError(f"stack of seat {i} must be an int, not {type(s).__name__}")
            if s <= 0:
                raise ValueError(f"seat {i} has no chips ({s}); busted players leave the table")
        if isinstance(button, bool) or not isinstance(button, int) or not 0 <= button < n:
            raise ValueError(f"the button must be a seat 0-{n - 1}, not {button!r}")
        self.n = n
        self.names = _name_list(names, n)
        self.button = button
        self.number = number
        if seed is None:
            seed = random.Random().getrandbits(63)
        self.seed = seed
        self._rng = random.Random(seed)
        self.deck_given = deck is not None
        if deck is None:
            order = list(range(DECK_SIZE))
            self._rng.shuffle(order)
        else:
            order = list(deck)
            for c in order:
                if isinstance(c, bool) or not isinstance(c, int) or not 0 <= c < DECK_SIZE:
                    raise ValueError(f"{c!r} in the deck is not a card (an int 0-51)")
            if len(set(order)) != len(order):
                raise ValueError("the deck repeats a card")
            present = set(order)
            order += [c for c in range(DECK_SIZE) if c not in present]
        self.deck: tuple[int, ...] = tuple(order)

        self.starting_stacks = tuple(stacks)
        self._total = sum(stacks)
        self._stacks = list(stacks)
        self._bets = [0] * n
        self._contrib = [0] * n
        self._pot = 0
        self._folded = [False] * n
        self._mucked = [False] * n
        self._fold_order: list[int] = []
        self._hands: list[list[int]] = [[] for _ in range(n)]
        self._discarded: list[set[int]] = [set() for _ in range(n)]
        self._discard_pile: list[int] = []
        self._muck: list[int] = []
        self._stub: list[int] = list(self.deck)
        self._draw_counts: list[list[int]] = [[] for _ in range(n)]
        self._shown: list[tuple[int, ...] | None] = [None] * n
        self._values: list[int | None] = [None] * n
        self.winnings = [0] * n
        self.events: list[Event] = []
        self.actions: list[tuple[int, Action]] = []
        self.pokerkit_divergence: str | None = None
        self.show_losing: Callable[[int], bool] | None = None
        self.phase = Phase.BETTING
        self.betting_round = 0
        self.draws_done = 0
        self._queue: list[int] = []
        self._draw_order: list[int] = []
        self._b = _Betting(self.rules.small_bet, 1, self.rules.big_blind, acted_tick=[None] * n)

        if n == 2:
            self.small_blind_seat, self.big_blind_seat = button, (button + 1) % n
        else:
            self.small_blind_seat, self.big_blind_seat = (button + 1) % n, (button + 2) % n
        self._post(self.small_blind_seat, self.rules.small_blind, "small blind")
        self._post(self.big_blind_seat, self.rules.big_blind, "big blind")
        self._pk = _Pokerkit(list(self._stacks), list(self._bets), list(self._contrib), [True] * n)
        self._deal()
        self._start_betting(0)

    # ------------------------------------------------------------------------------------------
    # reading the state

    @property
    def stacks(self) -> tuple[int, ...]:
        """Chips behind, per seat (not counting the bets in front of the players)."""
        return tuple(self._stacks)

    @property
    def bets(self) -> tuple[int, ...]:
        """Chips wagered in the current betting round, per seat."""
        return tuple(self._bets)

    @property
    def pot(self) -> int:
        """Chips collected from finished betting rounds (not yet awarded)."""
        return self._pot

    @property
    def folded(self) -> tuple[bool, ...]:
        """Who is out of the hand: folded, or mucked at the showdown."""
        return tuple(f or m for f, m in zip(self._folded, self._mucked))

    @property
    def contributions(self) -> tuple[int, ...]:
        """Chips each player has put into the hand (uncalled bets given back are not counted)."""
        return tuple(self._contrib)

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.COMPLETE

    @property
    def to_act(self) -> int | None:
        """The seat whose decision it is, or None once the hand is over."""
        return self._queue[0] if self._queue else None

    @property
    def finishing_stacks(self) -> tuple[int, ...]:
        if not self.is_over:
            raise ValueError("the hand is not over")
        return tuple(self._stacks)

    @property
    def shown(self) -> tuple[tuple[int, ...] | None, ...]:
        """The hands shown at the showdown (None: not shown)."""
        return tuple(self._shown)

    def hand_of(self, seat: int) -> tuple[int, ...]:
        """A player's cards, in the order they were received."""
        self._check_seat(seat)
        return tuple(self._hands[seat])

    def discards_of(self, seat: int) -> frozenset[int]:
        """Every card the player has discarded in this hand."""
        self._check_seat(seat)
        return frozenset(self._discarded[seat])

    @property
    def stub(self) -> tuple[int, ...]:
        """The undealt cards, top first (for tests; players never see them)."""
        return tuple(self._stub)

    def who(self, seat: int) -> str:
        return f"seat {seat} ({self.names[seat]})"

    def phh_label(self, seat: int) -> str:
        """The seat's player in PHH: ``p1`` is the first seat left of the dealer, ``pN`` the dealer."""
        return f"p{(seat - self.button - 1) % self.n + 1}"

    def _check_seat(self, seat: int) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.n:
            raise ValueError(f"no seat {seat!r}: seats are 0-{self.n - 1}")

    def _active(self, seat: int) -> bool:
        return not self._folded[seat] and not self._mucked[seat]

    def _active_seats(self) -> list[int]:
        return [p for p in range(self.n) if self._active(p)]

    def _order_from(self, start: int) -> list[int]:
        return [(start + i) % self.n for i in range(self.n)]

    def check_chips(self) -> None:
        """The chip ledger: every chip is behind a player, in a bet or in the pot, none is made
        or lost, and the pot holds exactly what the players put in. Raises AssertionError."""
        assert all(s >= 0 for s in self._stacks), f"negative stack: {self._stacks}"
        assert all(b >= 0 for b in self._bets), f"negative bet: {self._bets}"
        assert self._pot >= 0, f"negative pot: {self._pot}"
        on_table = sum(self._stacks) + sum(self._bets) + self._pot
        assert on_table == self._total, f"{on_table} chips on the table, {self._total} at the start"
        if not self.is_over:
            assert self._pot + sum(self._bets) == sum(self._contrib), "pot and contributions differ"
            for p in range(self.n):
                assert self._stacks[p] + self._contrib[p] == self.starting_stacks[p], f"seat {p}"
        else:
            assert self._pot == 0 and not any(self._bets), "chips left in the middle"
            for p in range(self.n):
                assert self._stacks[p] == self.starting_stacks[p] - self._contrib[p] + self.winnings[p]
        held = [c for h in self._hands for c in h]
        cards = held + self._stub + self._discard_pile + self._muck
        assert sorted(cards) == list(range(DECK_SIZE)), "cards lost or duplicated"

    def snapshot(self) -> tuple[object, ...]:
        """Everything that can change, as plain values (for tests: an illegal action must leave
        it equal)."""
        return (
            self.phase, self.betting_round, self.draws_done, tuple(self._queue),
            tuple(self._stacks), tuple(self._bets), tuple(self._contrib), self._pot,
            tuple(self._folded), tuple(self._mucked), tuple(tuple(h) for h in self._hands),
            tuple(frozenset(d) for d in self._discarded), tuple(self._discard_pile),
            tuple(self._muck), tuple(self._stub), tuple(tuple(c) for c in self._draw_counts),
            tuple(self.events), tuple(self.actions), tuple(self.winnings), repr(asdict(self._b)),
            repr(asdict(self._pk)), self._rng.getstate(), self.pokerkit_divergence,
        )

    # ------------------------------------------------------------------------------------------
    # the deal

    def _post(self, seat: int, amount: int, what: str) -> None:
        amount = min(amount, self._stacks[seat])
        self._stacks[seat] -= amount
        self._bets[seat] += amount
        self._contrib[seat] += amount
        self.events.append(Event("post", seat, amount, (), what, self._stacks[seat] == 0))

    def _deal(self) -> None:
        first = self.small_blind_seat  # heads-up the small blind is the dealer
        order = self._order_from(first)
        for _ in range(HAND_SIZE):
            for p in order:
                self._hands[p].append(self._stub.pop(0))
        for p in order:
            self.events.append(Event("deal", p, 0, tuple(self._hands[p])))

    # ------------------------------------------------------------------------------------------
    # betting

    def _effective_stack(self, seat: int) -> int:
        totals = sorted(self._bets[p] + self._stacks[p] for p in self._active_seats())
        return min(self._stacks[seat], max(0, totals[-2] - self._bets[seat]))

    def _start_betting(self, betting_round: int) -> None:
        self.phase = Phase.BETTING
        self.betting_round = betting_round
        if betting_round:
            self.events.append(Event("round", None, betting_round + 1))
        # the big blind is the bet of the first round, even when the blind was short (Robert's
        # Rules: the bring-in and raise sizes stay the same)
        self._b = _Betting(
            self.rules.bet_size(betting_round),
            1 if betting_round == 0 else 0,
            self.rules.big_blind if betting_round == 0 else 0,
            acted_tick=[None] * self.n,
        )
        if betting_round == 0:
            start = (self.big_blind_seat + 1) % self.n
        else:
            start = (self.button + 1) % self.n
        actors = self._first_actors(start)
        if betting_round == 0 and self.pokerkit_divergence is None:
            if self._first_actors(self._pokerkit_opener()) != actors:
                self.pokerkit_divergence = (
                    "pokerkit lets the big blind act first heads-up when the blinds are equal"
                )
        if self.pokerkit_divergence is None:
            opener = self._pokerkit_opener() if betting_round == 0 else (self.button + 1) % self.n
            self._pk.begin(self._order_from(opener), self._b.bet_size)
        self._queue = actors
        if not self._queue:
            self._end_betting()

    def _high(self, seat: int | None = None) -> int:
        """The wager to call: the highest bet, or (pre-draw) the full big blind if a short big
        blind posted less; ``seat`` is never asked for more of it than another player still in
        could put in."""
        high = max(self._bets)
        if self._b.full > high:
            reach = [self._bets[p] + self._stacks[p] for p in self._active_seats() if p != seat]
            high = max(high, min(self._b.full, max(reach, default=0)))
        return high

    def _first_actors(self, start: int) -> list[int]:
        """Who acts in a new betting round, in order from ``start``: the players in the hand
        with chips that someone else could still match; nobody if only one could act and they
        face no bet."""
        actors = [
            p for p in self._order_from(start)
            if self._active(p) and self._stacks[p] > 0 and self._effective_stack(p) > 0
        ]
        if len(actors) == 1 and self._bets[actors[0]] >= self._high(actors[0]):
            return []
        return actors

    def _pokerkit_opener(self) -> int:
        """Where pokerkit starts the first betting round: after the biggest blind posted (the
        last such seat in its order), its blinds read the other way round heads-up."""
        order = self._order_from(self.button + 1)
        blinds = [self.rules.small_blind, self.rules.big_blind] + [0] * (self.n - 2)
        if self.n == 2:
            blinds.reverse()
        key = [(self._bets[order[i]] * (1 if blinds[i] > 0 else 0), i) for i in range(self.n)]
        return order[(max(range(self.n), key=key.__getitem__) + 1) % self.n]

    def _multiway(self) -> bool:
        """More than two players in the hand still have chips to bet."""
        return sum(1 for p in self._active_seats() if self._stacks[p] > 0) > 2

    def _cap(self) -> int | None:
        """The most full bets and raises allowed now, or None for no limit (heads-up, when the
        table plays unlimited raising heads-up and the round was not capped before)."""
        if self.rules.heads_up_unlimited and not self._b.capped_multiway and not self._multiway():
            return None
        return 1 + self.rules.max_raises

    def _raise_reason(self, seat: int) -> str | None:
        """Why ``seat`` may not bet or raise now, or None if it may."""
        b = self._b
        high = self._high(seat)
        to_call = high - self._bets[seat]
        if self._stacks[seat] <= to_call:
            return "the call takes all of their chips"
        cap = self._cap()
        if cap is not None and b.full_count >= cap:
            return f"the betting is capped ({'a bet and ' if cap > 1 else ''}{cap - 1} raises)"
        others = [
            p for p in self._active_seats()
            if p != seat and self._stacks[p] + self._bets[p] > high
        ]
        if not others:
            return "no other player has chips to call a raise"
        last = b.acted_tick[seat]
        if last is not None and last == b.tick and to_call < b.bet_size:
            return "an all-in for less than half a bet does not reopen the betting"
        return None

    def _betting_actions(self, seat: int) -> list[Action]:
        high = self._high(seat)
        to_call = min(high - self._bets[seat], self._stacks[seat])
        actions = [Action.fold()]
        actions.append(Action.call(to_call) if high > self._bets[seat] else Action.check())
        if self._raise_reason(seat) is None:
            # a raise is one bet over the last full wager: over an all-in for less than half a
            # bet, that completes the wager (Robert's Rules)
            to = min(self._b.full + self._b.bet_size, self._bets[seat] + self._stacks[seat])
            assert to > high
            actions.append(Action.bet(to) if high == 0 else Action.raise_to(to))
        return actions

    def _follow_pokerkit(self, seat: int, action: Action) -> None:
        """Take the action in pokerkit's betting too; mark the hand where pokerkit would refuse it
        or its chips start to differ from ours."""
        pk = self._pk
        reason: str | None = None
        if not pk.queue or pk.queue[0] != seat:
            expected = f"{self.phh_label(pk.queue[0])} to act" if pk.queue else "no more betting"
            reason = f"pokerkit expects {expected}"
        elif action.kind in (Kind.BET, Kind.RAISE):
            assert action.amount is not None
            reason = pk.refuses_raise(seat, action.amount)
            if reason is not None and pk.note is None and reason.startswith("pokerkit raises to"):
                reason = PK_SHORT_BLIND if max(self._bets) < self._high(seat) else PK_COMPLETION
        if reason is not None:
            where = f"{self.phh_label(seat)} {action}"
            # after a short big blind was called in full, pokerkit's chips differ from ours: that
            # call, not this action, is why pokerkit goes another way
            self.pokerkit_divergence = f"{where}, after {pk.note}" if pk.note else f"{where}: {reason}"
            return
        ours = action.amount if action.kind is Kind.CALL else 0
        if action.kind in (Kind.CHECK, Kind.CALL) and pk.to_call(seat) != ours and pk.note is None:
            pk.note = f"{self.phh_label(seat)} {action}: {PK_SHORT_BLIND}"
        pk.act(seat, action.kind, action.amount)

    def _apply_betting(self, seat: int, action: Action) -> None:
        b = self._b
        if self.pokerkit_divergence is None:
            self._follow_pokerkit(seat, action)
        self._queue.pop(0)
        high = self._high(seat)
        if action.kind is Kind.FOLD:
            self._folded[seat] = True
            self._fold_order.append(seat)
            self._muck.extend(self._hands[seat])
            self._hands[seat] = []
            self.events.append(Event("fold", seat))
        elif action.kind is Kind.CHECK:
            self.events.append(Event("check", seat))
        elif action.kind is Kind.CALL:
            assert action.amount is not None
            self._move_to_bet(seat, action.amount)
            self.events.append(Event("call", seat, action.amount, (), "", self._stacks[seat] == 0))
        else:  # BET or RAISE
            assert action.amount is not None
            to = action.amount
            self._move_to_bet(seat, to - self._bets[seat])
            all_in = self._stacks[seat] == 0
            # a full bet or raise (completing a short all-in is one), or an all-in of half a bet
            # or more, reopens the betting and counts toward the cap; an all-in of less does
            # neither. No raise goes past the completion, so short all-ins never add up to more.
            if not all_in or to == b.full + b.bet_size or 2 * (to - high) >= b.bet_size:
                b.full = to
                b.full_count += 1
                b.tick += 1
            if b.full_count >= 1 + self.rules.max_raises and self._multiway():
                b.capped_multiway = True
            b.last_aggressor = seat
            self._queue = [
                p for p in self._order_from(seat)[1:] if self._active(p) and self._stacks[p] > 0
            ]
            self.events.append(Event(action.kind.value, seat, to, (), "", all_in))
        b.acted_tick[seat] = b.tick
        if len(self._active_seats()) <= 1 or not self._queue:
            self._queue = []
            self._end_betting()

    def _move_to_bet(self, seat: int, amount: int) -> None:
        assert 0 <= amount <= self._stacks[seat]
        self._stacks[seat] -= amount
        self._bets[seat] += amount
        self._contrib[seat] += amount

    def _end_betting(self) -> None:
        pk = self._pk
        if self.pokerkit_divergence is None:
            if pk.queue and sum(pk.live) > 1:
                self.pokerkit_divergence = pk.note or (
                    f"pokerkit expects {self.phh_label(pk.queue[0])} to act before the round ends"
                )
            else:
                pk.end()
        ordered = sorted(self._bets)
        cutoff = ordered[-2]
        for p in range(self.n):
            if self._bets[p] > cutoff:  # the uncalled part of a bet goes back
                excess = self._bets[p] - cutoff
                self._bets[p] -= excess
                self._contrib[p] -= excess
                self._stacks[p] += excess
                self.events.append(Event("return", p, excess))
        self._pot += sum(self._bets)
        self._bets = [0] * self.n
        if pk.note is not None and pk.stacks == self._stacks and pk.contrib == self._contrib:
            pk.note = None  # the chips came back together: the uncalled part went back
        if len(self._active_seats()) == 1:
            self._award_uncontested()
        elif self.betting_round == N_ROUNDS - 1:
            self._showdown()
        else:
            self._start_draw()

    # ------------------------------------------------------------------------------------------
    # the draws

    def _start_draw(self) -> None:
        self.phase = Phase.DRAW
        self.events.append(Event("draw", None, self.draws_done + 1))
        self._draw_order = [p for p in self._order_from(self.button + 1) if self._active(p)]
        self._queue = list(self._draw_order)

    def _discard_actions(self, seat: int) -> list[Action]:
        held = sorted(self._hands[seat])
        return [
            Action.discard(combo)
            for k in range(len(held) + 1)
            for combo in itertools.combinations(held, k)
        ]

    def _apply_discard(self, seat: int, action: Action) -> None:
        self._queue.pop(0)
        for c in action.cards:
            self._hands[seat].remove(c)
        self._discarded[seat].update(action.cards)
        self._discard_pile.extend(action.cards)
        self._draw_counts[seat].append(len(action.cards))
        self.events.append(Event("discard", seat, len(action.cards), action.cards))
        if not self._queue:
            self._serve()

    def _serve(self) -> None:
        for p in self._draw_order:
            wanted = HAND_SIZE - len(self._hands[p])
            if not wanted:
                continue
            own = self._discarded[p]
            if len(self._stub) < wanted or any(c in own for c in self._stub):
                self._reshuffle(p)
            cards = self._stub[:wanted]
            del self._stub[:wanted]
            self._hands[p].extend(cards)
            self.events.append(Event("serve", p, wanted, tuple(cards)))
        self.draws_done += 1
        self._start_betting(self.betting_round + 1)

    def _reshuffle(self, seat: int) -> None:
        """A new stub for ``seat``: what is left of the stub, the discards and the folded hands,
        but none of the cards this player has discarded (those stay set aside)."""
        own = self._discarded[seat]
        pool = sorted(c for c in self._stub + self._discard_pile + self._muck if c not in own)
        self._discard_pile = [c for c in self._stub + self._discard_pile if c in own]
        self._muck = [c for c in self._muck if c in own]
        self._rng.shuffle(pool)
        self._stub = pool
        assert len(pool) >= HAND_SIZE - len(self._hands[seat])
        self.events.append(Event("reshuffle", seat, len(pool)))

    # ------------------------------------------------------------------------------------------
    # the end

    def _pots(self) -> list[tuple[int, list[int], list[int]]]:
        """(amount, players who can win it, players who put chips in it), main pot first. Every
        player still in the hand who put in less than others closes a pot; folded players' chips
        are dead money in the pots they reach. Chips above what anybody still in put in make a
        last pot that nobody can win (everyone in it folded). Robert's Rules: the main pot and
        the side pots are split as separate pots, not mixed together."""
        contrib = self._contrib
        in_hand = {contrib[p] for p in range(self.n) if not self._folded[p]}
        pots: list[tuple[int, list[int], list[int]]] = []
        previous = 0
        for level in sorted(in_hand | {max(contrib)}):
            amount = sum(min(c, level) - min(c, previous) for c in contrib)
            if amount:
                payers = [p for p in range(self.n) if contrib[p] > previous]
                eligible = [p for p in payers if self._active(p) and contrib[p] >= level]
                pots.append((amount, eligible, payers))
            previous = level
        return pots

    def _pay(self, pots: list[tuple[int, list[int], list[int]]]) -> None:
        """Award the pots, each on its own: the best value among its players wins a pot, tied
        lows split it, and the odd chips go one each to the winners clockwise from the button
        (Robert's Rules: no player gets more than one odd chip). A pot that every player in it
        has folded from goes to the last of them to fold."""
        clockwise = self._order_from(self.button + 1)
        for k, (amount, eligible, payers) in enumerate(pots):
            if len(pots) > 1:
                self.events.append(Event("pot", None, amount, (), f"side pot {k}" if k else "main pot"))
            if not eligible:
                winners = [max(payers, key=self._fold_order.index)]
                text = "abandoned"
            elif len(eligible) == 1:
                winners, text = eligible, "uncontested" if self._values[eligible[0]] is None else ""
            else:
                best = max(v for p in eligible if (v := self._values[p]) is not None)
                winners = sorted((p for p in eligible if self._values[p] == best), key=clockwise.index)
                text = "split" if len(winners) > 1 else ""
            share, odd = divmod(amount, len(winners))
            for i, p in enumerate(winners):
                won = share + (1 if i < odd else 0)
                self._stacks[p] += won
                self.winnings[p] += won
                self._pot -= won
                self.events.append(Event("win", p, won, (), text))
        assert self._pot == 0
        if self.pokerkit_divergence is None:
            pk = self._pk
            pk.live = [self._active(p) for p in range(self.n)]
            pk_won, how = pk.payout(self._values, clockwise)
            if [s + w for s, w in zip(pk.stacks, pk_won)] != self._stacks:
                self.pokerkit_divergence = pk.note or how
        self._finish()

    def _award_uncontested(self) -> None:
        self._pay(self._pots())

    def _can_win(self, seat: int) -> bool:
        value = self._values[seat]
        assert value is not None
        for _, eligible, _ in self._pots():
            if seat not in eligible:
                continue
            best = [v for p in eligible if self._shown[p] is not None and (v := self._values[p]) is not None]
            if not best or max(best) <= value:
                return True
        return False

    def _showdown(self) -> None:
        ev = low27()
        self.events.append(Event("showdown"))
        start = self._b.last_aggressor
        if start is None:
            start = (self.button + 1) % self.n
        for p in self._order_from(start):
            if not self._active(p):
                continue
            value = self._values[p] = ev(list(self._hands[p]))
            if self._can_win(p) or (self.show_losing is not None and self.show_losing(p)):
                self._shown[p] = tuple(self._hands[p])
                self.events.append(Event("show", p, 0, tuple(self._hands[p]), ev.describe(value)))
            else:
                self._mucked[p] = True
                self._muck.extend(self._hands[p])
                self._hands[p] = []
                self.events.append(Event("muck", p))
        self._pay(self._pots())

    def _finish(self) -> None:
        self.phase = Phase.COMPLETE
        self._queue = []

    # ------------------------------------------------------------------------------------------
    # acting

    def legal_actions(self) -> tuple[Action, ...]:
        """Every action the player to act may take, with its amount (empty once the hand is over).
        In a draw, every set of the player's cards to discard, standing pat first."""
        seat = self.to_act
        if seat is None:
            return ()
        if self.phase is Phase.DRAW:
            return tuple(self._discard_actions(seat))
        return tuple(self._betting_actions(seat))

    def verify(self, action: Action, seat: int | None = None) -> Action:
        """The action with its amount filled in, if ``seat`` (default: the player to act) may take
        it now; otherwise IllegalAction naming the player and the action."""
        if not isinstance(action, Action):
            raise TypeError(f"expected an Action, not {type(action).__name__}")
        actor = self.to_act
        if seat is not None:
            self._check_seat(seat)
        if actor is None:
            who = self.who(seat) if seat is not None else "nobody"
            raise IllegalAction(f"{who} cannot {action}: the hand is over")
        if seat is not None and seat != actor:
            raise IllegalAction(f"{self.who(seat)} cannot {action}: it is {self.who(actor)}'s turn")
        who = self.who(actor)
        if self.phase is Phase.DRAW:
            if action.kind is not Kind.DISCARD:
                raise IllegalAction(f"{who} cannot {action} during the draw: discard 0-5 cards")
            if action.amount is not None:
                raise IllegalAction(f"{who} cannot discard an amount ({action.amount}): name cards")
            held = set(self._hands[actor])
            if len(set(action.cards)) != len(action.cards):
                raise IllegalAction(f"{who} cannot {action}: a card is named twice")
            missing = [c for c in action.cards if c not in held]
            if missing:
                raise IllegalAction(f"{who} cannot {action}: they do not hold {format_cards(missing)}")
            return action
        legal = self._betting_actions(actor)
        options = ", ".join(str(a) for a in legal)
        if action.kind in (Kind.FOLD, Kind.CHECK) and action.amount is not None:
            name = action.kind.value
            raise IllegalAction(f"{who} cannot {name} {action.amount}: a {name} has no amount")
        if action.kind is not Kind.DISCARD and action.cards:
            raise IllegalAction(f"{who} cannot {action.kind.value} with cards: only a discard names cards")
        if action.kind is Kind.DISCARD:
            raise IllegalAction(f"{who} cannot {action}: it is a betting round ({options})")
        for a in legal:
            if a.kind is action.kind:
                if action.amount is not None and action.amount != a.amount:
                    raise IllegalAction(
                        f"{who} cannot {action}: in fixed limit the amount is {a.amount} ({options})"
                    )
                return a
        reason = ""
        high = self._high(actor)
        if action.kind is Kind.CHECK:
            owed = min(high - self._bets[actor], self._stacks[actor])
            reason = f"there is a bet of {high} to call ({owed} more)"
        elif action.kind is Kind.CALL:
            reason = "there is no bet to call"
        elif action.kind is Kind.BET and high > 0:
            reason = "there is already a bet; raise instead"
        elif action.kind is Kind.RAISE and high == 0:
            reason = "there is no bet to raise; bet instead"
        else:
            reason = self._raise_reason(actor) or "not allowed now"
        raise IllegalAction(f"{who} cannot {action}: {reason} ({options})")

    def can_act(self, action: Action, seat: int | None = None) -> bool:
        """Whether :meth:`act` would accept the action."""
        try:
            self.verify(action, seat)
        except IllegalAction:
            return False
        return True

    def act(self, action: Action, seat: int | None = None) -> Action:
        """Take an action for the player to act (or check that it is ``seat``'s turn); returns
        the action with its amount. Illegal: IllegalAction, and nothing changes."""
        action = self.verify(action, seat)
        actor = self.to_act
        assert actor is not None
        self.actions.append((actor, action))
        if self.phase is Phase.DRAW:
            self._apply_discard(actor, action)
        else:
            self._apply_betting(actor, action)
        return action

    # ------------------------------------------------------------------------------------------
    # views

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` knows: own cards, public actions, opponents' draw counts, shown hands."""
        self._check_seat(seat)
        legal = self.legal_actions() if self.to_act == seat else ()
        high = self._high(seat)
        return PlayerView(
            seat=seat,
            names=tuple(self.names),
            button=self.button,
            phase=self.phase,
            betting_round=self.betting_round,
            draws_done=self.draws_done,
            hand=tuple(self._hands[seat]),
            stacks=self.stacks,
            bets=self.bets,
            pot=self._pot,
            folded=self.folded,
            all_in=tuple(self._active(p) and self._stacks[p] == 0 for p in range(self.n)),
            draw_counts=tuple(tuple(c) for c in self._draw_counts),
            shown=self.shown,
            to_act=self.to_act,
            legal_actions=legal,
            bet_size=self._b.bet_size,
            to_call=min(high - self._bets[seat], self._stacks[seat]),
            events=tuple(e if e.seat == seat else e.public() for e in self.events),
        )


class Table:
    """A table that plays hand after hand: stacks carry over, the button moves one seat to the
    left (the small blind deals next), and players without chips leave.

    ``players`` is the number of players (each with ``starting_stack`` chips) or their stacks.

    >>> table = Table(3, starting_stack=20, seed=1)
    >>> hand = table.start_hand()
    >>> while not hand.is_over:
    ...     _ = hand.act(hand.legal_actions()[-1] if hand.phase is Phase.BETTING else Action.discard())
    >>> table.end_hand(); table.button, sum(table.stacks)
    (1, 60)
    """

    def __init__(
        self,
        players: int | Sequence[int],
        *,
        rules: Rules | None = None,
        names: Sequence[str] | None = None,
        seed: int | None = None,
        button: int = 0,
        starting_stack: int = 200,
    ) -> None:
        self.rules = rules if rules is not None else Rules()
        if isinstance(players, bool):
            raise TypeError("players must be a number of players or a list of stacks")
        if isinstance(players, int):
            if not MIN_PLAYERS <= players <= MAX_PLAYERS:
                raise ValueError(
                    f"Deuce to Seven Triple Draw is for {MIN_PLAYERS}-{MAX_PLAYERS} players, not {players}"
                )
            if starting_stack <= 0:
                raise ValueError("the starting stack must be positive")
            stacks = [starting_stack] * players
        else:
            stacks = list(players)
            if not MIN_PLAYERS <= len(stacks) <= MAX_PLAYERS:
                raise ValueError(
                    f"Deuce to Seven Triple Draw is for {MIN_PLAYERS}-{MAX_PLAYERS} players, "
                    f"not {len(stacks)}"
                )
            if any(isinstance(s, bool) or not isinstance(s, int) or s <= 0 for s in stacks):
                raise ValueError("every stack must be a positive int")
        self.stacks = stacks
        self.names = _name_list(names, len(stacks))
        if not 0 <= button < len(stacks):
            raise ValueError(f"the button must be a seat 0-{len(stacks) - 1}")
        self.button = button
        self.seed = seed
        self._rng = random.Random(seed)
        self._total = sum(stacks)
        self.hands_played = 0
        self.hand: Hand | None = None
        self.hand_seats: list[int] = []

    @property
    def seated(self) -> list[int]:
        """The table seats of the players still playing (with chips), clockwise."""
        return [s for s, chips in enumerate(self.stacks) if chips > 0]

    def start_hand(self, *, deck: Iterable[int] | None = None) -> Hand:
        """Deal the next hand to the players with chips."""
        if self.hand is not None and not self.hand.is_over:
            raise ValueError("the current hand is not over")
        if self.hand is not None:
            self.end_hand()
        seats = self.seated
        if len(seats) < MIN_PLAYERS:
            raise ValueError("fewer than two players have chips: the game is over")
        self.hand_seats = seats
        self.hand = Hand(
            [self.stacks[s] for s in seats],
            seats.index(self.button),
            rules=self.rules,
            names=[self.names[s] for s in seats],
            seed=self._rng.getrandbits(63),
            deck=deck,
            number=self.hands_played + 1,
        )
        return self.hand

    def end_hand(self) -> None:
        """Carry the stacks over, move the button, let busted players leave."""
        hand = self.hand
        if hand is None:
            raise ValueError("no hand has been dealt")
        if not hand.is_over:
            raise ValueError("the hand is not over")
        for i, s in enumerate(self.hand_seats):
            self.stacks[s] = hand.finishing_stacks[i]
        self.hands_played += 1
        self.hand = None
        n = len(self.stacks)
        for step in range(1, n + 1):  # the next dealer: the first player left of the dealer
            seat = (self.button + step) % n
            if self.stacks[seat] > 0:
                self.button = seat
                break
        self.check_chips()

    def table_seat(self, hand_seat: int) -> int:
        """The table seat of a seat of the current hand."""
        return self.hand_seats[hand_seat]

    def check_chips(self) -> None:
        """No chip made or lost at the table: raises AssertionError."""
        if self.hand is not None:
            self.hand.check_chips()
            outside = sum(c for s, c in enumerate(self.stacks) if s not in self.hand_seats)
            assert outside + self.hand._total == self._total
        else:
            assert sum(self.stacks) == self._total, f"{sum(self.stacks)} chips, {self._total} at the start"
            assert all(s >= 0 for s in self.stacks)

