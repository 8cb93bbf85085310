"""A draw game's table: hand after hand, stacks carried over, the button moving left.

(The table of one draw game; :mod:`wildeval.games.table` is the layer that every game family
shares.)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from wildeval.games.draw.actions import Action, Phase
from wildeval.games.draw.hand import Hand
from wildeval.games.draw.rules import DEUCE_TO_SEVEN_TRIPLE_DRAW, DrawRules, Rules
from wildeval.games.draw.state import name_list

__all__ = ["Table"]


class Table:
    """A table that plays hand after hand: stacks carry over, the button moves one seat to the
    left (the small blind deals next), and players without chips leave.

    ``players`` is the number of players (each with ``starting_stack`` chips, default the
    game's) or their stacks; ``game`` the draw game (default Deuce to Seven Triple Draw) and
    ``rules`` its stakes (default the game's).

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
        self.stacks = stacks
        self.names = name_list(names, len(stacks))
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
        if len(seats) < self.game.min_players:
            raise ValueError("fewer than two players have chips: the game is over")
        self.hand_seats = seats
        self.hand = Hand(
            [self.stacks[s] for s in seats],
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

    check_invariants = check_chips  # the name every game's engine uses
