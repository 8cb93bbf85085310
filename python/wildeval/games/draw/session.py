"""A draw game's session: hand after hand at one :class:`Table`, stacks carried over, the button
(or, with a dead button, the big blind) moving left.

(Named for the run of hands it plays: :mod:`wildeval.games.table` is the table layer that every
game family shares.) The table's chips are a :class:`~wildeval.games.table.Ledger`, ``books``: one account
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

from wildeval.games.draw.actions import Action, Phase  # noqa: F401  (the docstrings' examples use them)
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
    ``rules`` its stakes (default the game's); ``button`` the first dealer's seat.

    How the blinds move when a player leaves is the game's ``button``. ``"moving"`` (Deuce to
    Seven Triple Draw): the next dealer is the first player with chips left of the dealer, and
    the blinds follow them. ``"dead"`` (Robert's Rules): the big blind goes to the first player
    with chips after the last big blind's seat; the small blind's place is the last big blind's
    seat and the button's the last small blind's, even if those seats are empty: then there is
    no small blind, or the button is dead (:attr:`button` is an empty seat, and the player
    before it acts last after the draws). Heads-up the small blind is on the button.

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
        self.button = button  # a table seat: with a dead button, possibly an empty one
        # a dead-button game: the table seats of the small blind's and big blind's places in
        # the hand being played (or the next one); None until the first hand is dealt
        self._blinds_at: tuple[int, int] | None = None
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
        button, blinds, dead = self._positions(seats)
        self.hand = hand = Hand(
            [stacks[s] for s in seats],
            button,
            rules=self.rules,
            game=self.game,
            names=[self.names[s] for s in seats],
            seed=self._rng.getrandbits(63),
            deck=deck,
            number=self.hands_played + 1,
            blinds=blinds,
            dead_button=dead,
        )
        if self.game.button == "dead" and self._blinds_at is None:
            assert hand.small_blind_seat is not None
            self._blinds_at = (seats[hand.small_blind_seat], seats[hand.big_blind_seat])
        return hand

    def _positions(self, seats: list[int]) -> tuple[int, tuple[int | None, int] | None, bool]:
        """The next hand's button, blinds (None: after the button) and whether the button is
        dead, as seats of the hand (``seats``: the players with chips)."""
        if self.game.button != "dead" or self._blinds_at is None:
            return seats.index(self.button), None, False
        small_at, big_at = self._blinds_at
        big = seats.index(big_at)
        if len(seats) == 2:  # heads-up the small blind is on the button
            return 1 - big, None, False
        small = seats.index(small_at) if small_at in seats else None
        if self.button in seats:
            return seats.index(self.button), (small, big), False
        before = max((s for s in seats if s < self.button), default=seats[-1])  # counter-clockwise
        return seats.index(before), (small, big), True

    def end_hand(self) -> None:
        """Carry the stacks over, move the button (with a dead button: the big blind), let
        busted players leave."""
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
        if self.game.button == "dead":
            self._move_big_blind(stacks)
        else:
            for step in range(1, n + 1):  # the next dealer: the first player left of the dealer
                seat = (self.button + step) % n
                if stacks[seat] > 0:
                    self.button = seat
                    break
        self.check_invariants()

    def _move_big_blind(self, stacks: list[int]) -> None:
        """The dead button: the big blind to the first player with chips after the last big
        blind's seat, the small blind's place to that seat, the button's to the last small
        blind's; heads-up, the other player is the small blind and the button."""
        assert self._blinds_at is not None
        seated = [s for s, chips in enumerate(stacks) if chips > 0]
        if len(seated) < 2:  # the game is over
            return
        small_at, big_at = self._blinds_at
        n = len(stacks)
        big = next(s for s in ((big_at + step) % n for step in range(1, n)) if stacks[s] > 0)
        if len(seated) == 2:
            other = seated[0] if seated[1] == big else seated[1]
            self.button, self._blinds_at = other, (other, big)
        else:
            self.button, self._blinds_at = small_at, (big_at, big)

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
