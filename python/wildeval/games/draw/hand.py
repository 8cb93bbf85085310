"""A draw hand as a state machine: deal, betting rounds and draws in turn, showdown.

The game is a :class:`~wildeval.games.draw.rules.DrawRules` (default: Deuce to Seven Triple
Draw, whose rules are those of the Hungarian rules text the project follows; where the text is
silent, Robert's Rules of Poker, as the project's conventions settle). Every decision is written
down in ``docs/triple-draw.md``.

A :class:`Hand` offers the operations of every engine (the table layer's
:class:`~wildeval.games.table.Operations`, as ``GutsGame`` does): for every action
:meth:`Hand.verify` (why it is refused, or the action with its amount), :meth:`Hand.can` and
:meth:`Hand.apply` (which also returns the action as taken), :attr:`~Hand.over` and
:meth:`Hand.check_invariants`; the older names ``act``, ``can_act``, ``is_over`` and
``check_chips`` are the same methods. :meth:`Hand.legal_actions` lists, with their amounts,
exactly the actions it accepts. Anything else raises :class:`IllegalAction` (a ``ValueError``
naming the player and the action) and leaves the hand unchanged. Its chips live in a table
:class:`~wildeval.games.table.Ledger`, :attr:`~Hand.books`
(:mod:`~wildeval.games.draw.chips`). The parts of the rules live in their own modules:
:mod:`~wildeval.games.draw.betting`, :mod:`~wildeval.games.draw.draws` and
:mod:`~wildeval.games.draw.showdown`; this one moves from one to the next.

>>> hand = Hand([100, 100, 100], button=0, seed=7)
>>> hand.to_act, [str(a) for a in hand.legal_actions()]   # seat 0 deals, 1 and 2 post 1 and 2
(0, ['fold', 'call 2', 'raise to 4'])
>>> _ = hand.apply(Action.call()); _ = hand.act(Action.call()); _ = hand.apply(Action.check())
>>> hand.phase, hand.to_act                             # the draw starts left of the dealer
(<Phase.DRAW: 'draw'>, 1)
>>> hand.check_invariants(); hand.pot, hand.books.lines[0]
(6, Transfer(round=1, stage=1, payer='stack 1', payee='bet 1', amount=1, reason='small blind'))
>>> from wildeval.games.table import Operations
>>> isinstance(hand, Operations), hand.check_chips == hand.check_invariants, hand.act == hand.apply
(True, True, True)
>>> a5 = Hand([100, 100], game=preset("ace-to-five-triple-draw"), seed=7)
>>> a5.game.ranking, str(a5.verify(Action.raise_to()))
('low_a5', 'raise to 4')
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import asdict
from typing import TYPE_CHECKING

from wildeval.cards import format_cards  # noqa: F401  (the docstrings' examples use it)
from wildeval.games.draw.actions import Action, IllegalAction, Phase, PlayerView
from wildeval.games.draw.betting import Betting
from wildeval.games.draw.chips import DrawInvariantError, HandChips
from wildeval.games.draw.draws import Draws
from wildeval.games.draw.pokerkit_model import VARIANTS, PokerkitModel, Shadow
from wildeval.games.draw.rules import (
    DECK_SIZE,
    DEUCE_TO_SEVEN_TRIPLE_DRAW,
    DrawRules,
    Rules,
    preset,  # noqa: F401  (the docstrings' examples use it)
)
from wildeval.games.draw.showdown import Showdown
from wildeval.games.draw.state import BettingRound, name_list
from wildeval.games.table.actions import Engine
from wildeval.games.table.deck import complete_deck, shuffled_deck
from wildeval.seeds import python_random

if TYPE_CHECKING:
    from wildeval.games.table.actions import Operations

__all__ = ["Hand"]


class Hand(Betting, Draws, Showdown, Engine[Action]):
    """One hand of a draw game (``game``, default Deuce to Seven Triple Draw) at the stakes
    ``rules`` (default: the game's).

    ``stacks`` are the chips of the players in the hand, clockwise (every stack positive, as
    many players as the game seats, ``game.min_players`` to ``game.max_players``); ``button`` is
    the index of the dealer. ``seed`` makes the shuffle and every reshuffle reproducible;
    ``deck`` sets the order of the cards (the first card goes to the small blind; a partial
    order is completed with the missing cards in ascending order).

    The blinds follow the button: the next two players (heads-up the button and the other).
    In a game with a dead button (``DrawRules.button == "dead"``), its table may say that there
    is no small blind, ``blinds=(None, big blind)``, the big blind then being the player after
    the button (the first card goes to them); and ``dead_button=True`` says that the button
    lies in front of an empty seat after ``button``, who acts last after the draws as a dealer
    would (``docs/triple-draw.md``, "Other draw games").

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
    >>> hand = Hand([50, 50, 50], button=2, blinds=(None, 0), game=preset("ace-to-five-triple-draw"))
    >>> hand.bets, hand.small_blind_seat, hand.to_act        # no small blind posts
    ((2, 0, 0), None, 1)
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
        game: DrawRules = DEUCE_TO_SEVEN_TRIPLE_DRAW,
        blinds: tuple[int | None, int] | None = None,
        dead_button: bool = False,
    ) -> None:
        if not isinstance(game, DrawRules):
            raise TypeError(f"game must be a DrawRules, not {type(game).__name__}")
        self.game = game.with_stakes(rules)
        self.rules = self.game.stakes
        stacks = list(stacks)
        n = len(stacks)
        if not game.min_players <= n <= game.max_players:
            raise ValueError(f"a hand needs {game.min_players}-{game.max_players} players, not {n}")
        for i, s in enumerate(stacks):
            if isinstance(s, bool) or not isinstance(s, int):
                raise TypeError(f"stack of seat {i} must be an int, not {type(s).__name__}")
            if s <= 0:
                raise ValueError(f"seat {i} has no chips ({s}); busted players leave the table")
        if isinstance(button, bool) or not isinstance(button, int):
            raise TypeError(f"the button must be a seat 0-{n - 1}, not {button!r}")
        if not 0 <= button < n:
            raise ValueError(f"the button must be a seat 0-{n - 1}, not {button!r}")
        self.n = n
        self.names = name_list(names, n)
        self.button = button
        self.number = number
        if seed is None:
            seed = random.Random().getrandbits(63)
        self.seed = seed
        self._rng = python_random(seed)
        self.deck_given = deck is not None
        self.deck = tuple(shuffled_deck(self._rng) if deck is None else complete_deck(deck))

        self.starting_stacks = tuple(stacks)
        self._chips = HandChips(stacks, hand=number)
        self._stacks, self._bets, self._contrib = self._chips.stacks, self._chips.bets, self._chips.put_in
        self._folded = [False] * n
        self._mucked = [False] * n
        self._fold_order = []
        self._hands = [[] for _ in range(n)]
        self._discarded = [set() for _ in range(n)]
        self._discard_pile = []
        self._muck = []
        self._stub = list(self.deck)
        self._draw_counts = [[] for _ in range(n)]
        self._shown = [None] * n
        self._values = [None] * n
        self.events = []
        self.actions = []
        self.show_losing = None
        self.phase = Phase.BETTING
        self.betting_round = 0
        self.draws_done = 0
        self._queue = []
        self._draw_order = []
        self._round = BettingRound(self.game.bet_size(0), 1, self.rules.big_blind, acted_tick=[None] * n)

        self.small_blind_seat, self.big_blind_seat = self._blinds(blinds)
        if not isinstance(dead_button, bool):
            raise TypeError(f"dead_button must be a bool, not {type(dead_button).__name__}")
        if dead_button and (n == 2 or game.button != "dead"):
            raise ValueError("a dead button is for a game with a dead button (DrawRules.button), "
                             "and heads-up the button is the small blind")
        self.dead_button = dead_button
        if self.small_blind_seat is not None:
            self._post(self.small_blind_seat, self.rules.small_blind, "small blind")
        self._post(self.big_blind_seat, self.rules.big_blind, "big blind")
        # pokerkit's way, followed beside ours, in the games whose histories it reads
        self._pokerkit = PokerkitModel(self) if game.phh_variant in VARIANTS else Shadow()
        self._deal()
        self._start_betting(0)

    def _blinds(self, blinds: tuple[int | None, int] | None) -> tuple[int | None, int]:
        """The small and big blind seats: after the button (heads-up the button and the other),
        or ``blinds`` if they are those or, in a dead-button game, no small blind and the big
        blind after the button."""
        n, button = self.n, self.button
        derived = (button, (button + 1) % n) if n == 2 else ((button + 1) % n, (button + 2) % n)
        if blinds is None:
            return derived
        allowed: list[tuple[int | None, int]] = [derived]
        if n > 2 and self.game.button == "dead":
            allowed.append((None, (button + 1) % n))
        given = tuple(blinds) if isinstance(blinds, tuple | list) else ()
        if any(isinstance(x, bool) for x in given) or given not in allowed:
            options = " or ".join(f"({'no small blind' if sb is None else f'small blind {sb}'}, big blind {bb})"
                                  for sb, bb in allowed)
            raise ValueError(f"with the button at seat {button} the blinds are {options}, not {blinds!r}")
        return allowed[allowed.index(given)]

    # ------------------------------------------------------------------------------------------
    # the state machine

    def _after_betting(self) -> None:
        if len(self._active_seats()) == 1:
            self._award_uncontested()
        elif self.betting_round == self.game.betting_rounds - 1:
            self._showdown()
        else:
            self._start_draw()

    def _after_draw(self) -> None:
        self._start_betting(self.betting_round + 1)

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
            return self._verify_discard(actor, action, who)
        return self._verify_betting(actor, action, who)

    # can(action, seat=None) is the table layer's Engine.can: verify(action, seat) without raising

    def apply(self, action: Action, seat: int | None = None) -> Action:
        """Take an action for the player to act (or check that it is ``seat``'s turn); returns
        the action with its amount. Illegal: IllegalAction, and nothing changes."""
        action = self.verify(action, seat)
        self._do(action)  # the Engine's apply, but returning the action as taken
        return action

    def _do(self, action: Action) -> None:
        """Take a verified action for the player to act."""
        actor = self.to_act
        assert actor is not None
        self.actions.append((actor, action))
        if self.phase is Phase.DRAW:
            self._apply_discard(actor, action)
        else:
            self._apply_betting(actor, action)

    can_act = Engine.can  # the older names (documented: they stay)
    act = apply

    # ------------------------------------------------------------------------------------------
    # views and checks

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
            bet_size=self._round.bet_size,
            to_call=min(high - self._bets[seat], self._stacks[seat]),
            events=tuple(e if e.seat == seat else e.public() for e in self.events),
            game=self.game,
            bets_and_raises=self._round.full_count,
        )

    def check_invariants(self) -> None:
        """The chip ledger (:attr:`books`): every chip is behind a player, in a bet or in the
        pot, none is made or lost, no account is below zero, and every seat holds its starting
        stack less what it put in plus what it won; nothing is won before the showdown, nothing
        is left in the middle after it; every card is somewhere, once. Raises
        :class:`~wildeval.games.draw.chips.DrawInvariantError` (an
        :class:`~wildeval.games.table.InvariantError`, and an ``AssertionError`` as before)."""
        self._chips.check(self.starting_stacks)
        if not self.over and any(self.winnings):
            raise DrawInvariantError(f"chips won before the hand is over: {self.winnings}")
        if self.over and (self._pot or any(self._bets)):
            raise DrawInvariantError(f"chips left in the middle: pot {self._pot}, bets {list(self._bets)}")
        held = [c for h in self._hands for c in h]
        cards = held + self._stub + self._discard_pile + self._muck
        if sorted(cards) != list(range(DECK_SIZE)):
            raise DrawInvariantError("cards lost or duplicated")

    def snapshot(self) -> tuple[object, ...]:
        """Everything that can change, as plain values (for tests: an illegal action must leave
        it equal)."""
        return (
            self.phase, self.betting_round, self.draws_done, tuple(self._queue),
            tuple(self._stacks), tuple(self._bets), tuple(self._contrib), self._pot,
            tuple(self._folded), tuple(self._mucked), tuple(tuple(h) for h in self._hands),
            tuple(frozenset(d) for d in self._discarded), tuple(self._discard_pile),
            tuple(self._muck), tuple(self._stub), tuple(tuple(c) for c in self._draw_counts),
            tuple(self.events), tuple(self.actions), tuple(self.winnings), tuple(self.books.lines),
            repr(asdict(self._round)),
            self._pokerkit.state(), self._rng.getstate(), self.pokerkit_divergence,
        )

    check_chips = check_invariants  # the older name (documented: it stays)


if TYPE_CHECKING:  # mypy proves that a hand offers the operations of every engine

    def _operations(hand: Hand) -> Operations[Action]:
        return hand
