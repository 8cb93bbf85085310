"""The state of a draw hand and how to read it: the base of :class:`~wildeval.games.draw.hand.Hand`.

A hand is built from four parts, one module each, that share this state: the betting
(:mod:`~wildeval.games.draw.betting`: blinds, fixed-limit bets and raises, all-ins, the
uncalled part of a bet), the deal and the draws (:mod:`~wildeval.games.draw.draws`), the
showdown and the pots (:mod:`~wildeval.games.draw.showdown`), and the state machine that
moves from one to the next (:mod:`~wildeval.games.draw.hand`). Here: the fields, the
read-only properties, and the two moves each part leaves to the state machine.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from wildeval.games.draw.actions import Action, Event, Phase
from wildeval.games.draw.chips import HandChips
from wildeval.games.draw.pokerkit_model import Shadow
from wildeval.games.draw.rules import DrawRules, Rules
from wildeval.games.table.ledger import Ledger

__all__ = ["BettingRound", "HandState", "name_list"]


def name_list(names: Sequence[str] | None, n: int) -> list[str]:
    """The players' names: given (one per player), or ``Player 1``, ``Player 2``, ..."""
    if names is None:
        return [f"Player {i + 1}" for i in range(n)]
    names = [str(x) for x in names]
    if len(names) != n:
        raise ValueError(f"{len(names)} names for {n} players")
    return names


@dataclass
class BettingRound:
    """The state of one betting round."""

    bet_size: int
    full_count: int  # full bets and raises made (the big blind counts as the bet pre-draw)
    full: int = 0  # the wager of the last full bet or raise (pre-draw: the full big blind)
    tick: int = 0  # numbers the full (or half-or-more all-in) wagers: they reopen the betting
    acted_tick: list[int | None] = field(default_factory=list)  # the tick when each last acted
    capped_multiway: bool = False  # the cap was reached with more than two players
    last_aggressor: int | None = None


class HandState:
    """The fields of a hand (set by ``Hand.__init__``) and what anyone may read of them."""

    game: DrawRules
    rules: Rules
    n: int
    names: list[str]
    button: int
    number: int
    seed: int
    deck_given: bool
    deck: tuple[int, ...]
    starting_stacks: tuple[int, ...]
    small_blind_seat: int | None  # None: no small blind this hand (a dead button's table)
    big_blind_seat: int
    dead_button: bool  # the button lies in front of an empty seat after ``button``
    phase: Phase
    betting_round: int
    draws_done: int
    events: list[Event]
    actions: list[tuple[int, Action]]
    show_losing: Callable[[int], bool] | None
    _rng: random.Random
    # chips: every move is a line of the ledger (:mod:`~wildeval.games.draw.chips`); these
    # lists are the chips' own, read here and changed only by its moves
    _chips: HandChips
    _stacks: list[int]  # chips behind, per seat
    _bets: list[int]  # chips bet in the current betting round, per seat
    _contrib: list[int]  # chips put into the hand, per seat
    # who is still in
    _folded: list[bool]
    _mucked: list[bool]
    _fold_order: list[int]
    # cards
    _hands: list[list[int]]
    _discarded: list[set[int]]
    _discard_pile: list[int]
    _muck: list[int]
    _stub: list[int]
    _draw_counts: list[list[int]]
    _shown: list[tuple[int, ...] | None]
    _values: list[int | None]
    # whose turn
    _queue: list[int]
    _draw_order: list[int]
    _round: BettingRound  # the betting round being played
    _pokerkit: Shadow

    # ------------------------------------------------------------------------------------------
    # the moves each part leaves to the state machine

    def _after_betting(self) -> None:
        """A betting round ended and its chips are in the pot: a draw, the showdown or the end."""
        raise NotImplementedError

    def _after_draw(self) -> None:
        """Every player still in was served: the next betting round."""
        raise NotImplementedError

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
    def _pot(self) -> int:
        return self._chips.pot

    @property
    def pot(self) -> int:
        """Chips collected from finished betting rounds (not yet awarded)."""
        return self._chips.pot

    @property
    def winnings(self) -> list[int]:
        """Chips won per seat (the books' tally; all zero until the pots are paid)."""
        return self._chips.won

    @property
    def books(self) -> Ledger[str]:
        """The hand's chip ledger (as ``GutsGame.books``): the accounts ``"stack 0"``...,
        ``"bet 0"``... and ``"pot"``, and every move as a line (read it; the hand moves the
        chips)."""
        return self._chips.books

    @property
    def folded(self) -> tuple[bool, ...]:
        """Who is out of the hand: folded, or mucked at the showdown."""
        return tuple(f or m for f, m in zip(self._folded, self._mucked))

    @property
    def contributions(self) -> tuple[int, ...]:
        """Chips each player has put into the hand (uncalled bets given back are not counted)."""
        return tuple(self._contrib)

    @property
    def over(self) -> bool:
        """Whether the hand has ended (no action is accepted any more)."""
        return self.phase is Phase.COMPLETE

    @property
    def is_over(self) -> bool:
        """The same as :attr:`over` (the older name)."""
        return self.phase is Phase.COMPLETE

    @property
    def to_act(self) -> int | None:
        """The seat whose decision it is, or None once the hand is over."""
        return self._queue[0] if self._queue else None

    @property
    def finishing_stacks(self) -> tuple[int, ...]:
        if not self.over:
            raise ValueError("the hand is not over")
        return tuple(self._stacks)

    @property
    def shown(self) -> tuple[tuple[int, ...] | None, ...]:
        """The hands shown at the showdown (None: not shown)."""
        return tuple(self._shown)

    @property
    def pokerkit_divergence(self) -> str | None:
        """None, or why pokerkit could not replay this hand to the same stacks (see
        :mod:`wildeval.games.draw.pokerkit_model`); always None in a game PHH cannot write."""
        return self._pokerkit.divergence

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
