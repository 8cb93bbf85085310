"""A draw game's table: hand after hand, stacks carried over, the button moving left.

(The table of one draw game; :mod:`wildeval.games.table` is the layer that every game family
shares.) The table's chips are a :class:`~wildeval.games.table.Ledger`, ``books``: one account
per table seat and one for the hand being played (``None``). When a hand ends, what each player
lost goes to the hand's account and what each won comes out of it, one line each, so the books
prove that a hand only moved chips between its players. The books hold the last hand's lines
only (they open again from the stacks at every hand, so a table of a million hands keeps no
more), and their total is the table's from the first hand on.

A table is not itself an engine: its players' actions are the current :class:`Hand`'s, which
offers ``verify`` / ``can`` / ``apply``; the table deals, carries the stacks over and checks
the chips (:meth:`Table.check_invariants`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from wildeval.games.draw.actions import Action, Phase
from wildeval.games.draw.chips import DrawInvariantError
from wildeval.games.draw.hand import Hand
from wildeval.games.draw.rules import DEUCE_TO_SEVEN_TRIPLE_DRAW, DrawRules, Rules
from wildeval.games.draw.state import name_list
from wildeval.games.table.actions import InvariantError
from wildeval.games.table.ledger import Ledger
from wildeval.seeds import python_random

__all__ = ["Table"]


class Table:
    """A table that plays hand after hand: stacks carry over, the button moves one seat to the
    left (the small blind deals next), and players without chips leave.

    ``players`` is the number of players (each with ``starting_stack`` chips, default the
    game's) or their stacks; ``game`` the draw game (default Deuce to Seven Triple Draw) and
    ``rules`` its stakes (default the game's).

    >>> table = Table(3, starting_stack=20, seed=1)
    >>> hand = table.start_hand()
    >>> while not hand.over:
    ...     _ = hand.apply(hand.legal_actions()[-1] if hand.phase is Phase.BETTING else Action.discard())
    >>> table.end_hand(); table.button, sum(table.stacks)
    (1, 60)
    >>> table.stacks, [(t.payer, t.payee, t.amount, t.reason) for t in table.books.lines]
    ([0, 60, 0], [(0, None, 20, 'lost'), (2, None, 20, 'lost'), (None, 1, 40, 'won')])
    """

    def __init__(
        self,
        players: int | Sequence[int],
        *,
        rules: Rules | None = None,
        names: Sequence[str] | None = None,
        seed: int | None = None,
        button: int = 0,
        starting_stack: int | None = None,
        game: DrawRules = DEUCE_TO_SEVEN_TRIPLE_DRAW,
    ) -> None:
        self.game = game.with_stakes(rules)
        self.rules = self.game.stakes
        if starting_stack is None:
            starting_stack = game.starting_stack
        low, high = game.min_players, game.max_players
        if isinstance(players, bool):
            raise TypeError("players must be a number of players or a list of stacks")
        if isinstance(players, int):
            if not low <= players <= high:
                raise ValueError(f"{game.players_text()}, not {players}")
            if starting_stack <= 0:
                raise ValueError("the starting stack must be positive")
            stacks = [starting_stack] * players
        else:
            stacks = list(players)
            if not low <= len(stacks) <= high:
                raise ValueError(f"{game.players_text()}, not {len(stacks)}")
            if any(isinstance(s, bool) or not isinstance(s, int) or s <= 0 for s in stacks):
                raise ValueError("every stack must be a positive int")
        self.books: Ledger[int | None] = Ledger({**dict(enumerate(stacks)), None: 0})
        self._total = self.books.total  # the table's chips, from the first hand on
        self.names = name_list(names, len(stacks))
        if not 0 <= button < len(stacks):
            raise ValueError(f"the button must be a seat 0-{len(stacks) - 1}")
        self.button = button
        self.seed = seed
        self._rng = python_random(seed)
        self.hands_played = 0
        self.hand: Hand | None = None
        self.hand_seats: list[int] = []

    @property
    def stacks(self) -> list[int]:
        """Every table seat's chips (a new list, read from :attr:`books`); during a hand, the
        chips the players brought to it."""
        balances = self.books.balances
        return [balances[s] for s in range(len(self.names))]

    @property
    def seated(self) -> list[int]:
        """The table seats of the players still playing (with chips), clockwise."""
        return [s for s, chips in enumerate(self.stacks) if chips > 0]

    def start_hand(self, *, deck: Iterable[int] | None = None) -> Hand:
        """Deal the next hand to the players with chips."""
        if self.hand is not None and not self.hand.over:
            raise ValueError("the current hand is not over")
        if self.hand is not None:
            self.end_hand()
        seats, stacks = self.seated, self.stacks
        if len(seats) < self.game.min_players:
            raise ValueError("fewer than two players have chips: the game is over")
        self.hand_seats = seats
        self.hand = Hand(
            [stacks[s] for s in seats],
            seats.index(self.button),
            rules=self.rules,
            game=self.game,
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
        if not hand.over:
            raise ValueError("the hand is not over")
        self._settle(hand)
        self.hands_played += 1
        self.hand = None
        stacks = self.stacks
        n = len(stacks)
        for step in range(1, n + 1):  # the next dealer: the first player left of the dealer
            seat = (self.button + step) % n
            if stacks[seat] > 0:
                self.button = seat
                break
        self.check_invariants()

    def _settle(self, hand: Hand) -> None:
        """New books from the stacks the hand started from, and the hand's results as lines:
        each loser's loss into the hand's account, then each winner's gain out of it."""
        self.books = books = Ledger({**dict(enumerate(self.stacks)), None: 0})
        results = [(s, hand.finishing_stacks[i] - hand.starting_stacks[i]) for i, s in enumerate(self.hand_seats)]
        for seat, result in results:
            books.move(seat, None, max(0, -result), round=hand.number, reason="lost")
        for seat, result in results:
            books.move(None, seat, max(0, result), round=hand.number, reason="won")

    def table_seat(self, hand_seat: int) -> int:
        """The table seat of a seat of the current hand."""
        return self.hand_seats[hand_seat]

    def check_invariants(self) -> None:
        """No chip made or lost at the table: the books balance (no seat below zero), hold the
        table's chips, and nothing is left in the hand's account; the hand being played (if
        any) balances too and holds exactly the chips its players brought. Raises
        :class:`~wildeval.games.draw.chips.DrawInvariantError` (an ``AssertionError`` too)."""
        try:
            self.books.check()
        except InvariantError as error:
            raise DrawInvariantError(str(error)) from None
        if self.books.total != self._total:
            raise DrawInvariantError(f"{self.books.total} chips at the table, {self._total} at the start")
        if self.books.balances[None]:
            raise DrawInvariantError(f"{self.books.balances[None]} chips left in the hand's account")
        if self.hand is not None:
            self.hand.check_invariants()
            brought = tuple(self.books.balances[s] for s in self.hand_seats)
            if self.hand.starting_stacks != brought:
                raise DrawInvariantError(f"the hand started with {self.hand.starting_stacks}, "
                                         f"its players brought {brought}")

    check_chips = check_invariants  # the older name (documented: it stays)
