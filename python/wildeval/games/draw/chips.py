"""The chips of a draw hand, kept in the table layer's :class:`~wildeval.games.table.Ledger`.

Every chip of a hand is in one account of the ledger: a seat's stack (``"stack 0"``, ...), a
seat's bet in the current betting round (``"bet 0"``, ...) or the pot (``"pot"``); no account
goes below zero. Chips move only by four moves, each one ledger line:
:meth:`HandChips.wager` (stack to bet: a blind, a call, a bet or a raise),
:meth:`HandChips.give_back` (bet to stack: the part of a bet nobody called),
:meth:`HandChips.collect` (every bet into the pot when a betting round ends) and
:meth:`HandChips.pay` (pot to stack: a pot won).

The ledger is the record. Beside it, written only by those four moves, are what the betting
code reads hundreds of times a hand: each seat's balance as a list (``stacks``, ``bets``), and
two tallies, what each seat has put into the hand (``put_in``) and won (``won``).
:meth:`HandChips.check` proves every one of them equal to what the ledger says.

>>> chips = HandChips([20, 30], hand=1)
>>> chips.wager(0, 1, "small blind", 1); chips.wager(1, 2, "big blind", 1)
>>> chips.wager(0, 1, "call", 1); chips.collect(1)
>>> chips.stacks, chips.bets, chips.pot, chips.put_in
([18, 28], [0, 0], 4, [2, 2])
>>> chips.pay(1, 4, "pot"); chips.check([20, 30]); chips.won
[0, 4]
>>> chips.books.lines[-1]
Transfer(round=1, stage=0, payer='pot', payee='stack 1', amount=4, reason='pot')
>>> chips.won[1] = 5; chips.check([20, 30])
Traceback (most recent call last):
...
wildeval.games.draw.chips.DrawInvariantError: seat 1 won 4 by the ledger, 5 by the hand
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from wildeval.games.table.actions import InvariantError
from wildeval.games.table.ledger import Ledger

__all__ = ["POT", "DrawInvariantError", "HandChips"]

POT = "pot"


class DrawInvariantError(InvariantError, AssertionError):
    """A draw hand's or table's books do not balance (a chip or a card made or lost): an
    :class:`~wildeval.games.table.InvariantError`, and an ``AssertionError`` as well, which is
    what ``check_chips`` raised before the chips moved into a ledger."""


@cache
def _accounts(n: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The stack and bet accounts of ``n`` seats (made once per table size)."""
    return tuple(f"stack {p}" for p in range(n)), tuple(f"bet {p}" for p in range(n))


class HandChips:
    """The books of one hand (number ``hand``: the ledger's ``round``) whose seats start with
    ``stacks``: ``books`` (the ledger), ``stacks`` and ``bets`` (its balances per seat), ``pot``,
    and the tallies ``put_in`` and ``won``. Read them; only the moves change them. A move's
    ``stage`` is the betting round (1, 2, ...), 0 for the pots paid at the end."""

    def __init__(self, stacks: Sequence[int], *, hand: int = 1) -> None:
        n = len(stacks)
        self.hand = hand
        self.stack_keys, self.bet_keys = _accounts(n)
        opening = {**dict(zip(self.stack_keys, stacks)), **dict.fromkeys(self.bet_keys, 0), POT: 0}
        self.books: Ledger[str] = Ledger(opening, floor=0)
        self.stacks = list(stacks)  # the ledger's "stack p", per seat
        self.bets = [0] * n  # the ledger's "bet p", per seat
        self.put_in = [0] * n  # chips each seat put into the hand (uncalled parts given back)
        self.won = [0] * n  # chips each seat won from the pots

    @property
    def pot(self) -> int:
        """Chips collected from finished betting rounds and not yet paid."""
        return self.books.balances[POT]

    @property
    def total(self) -> int:
        """Every chip of the hand: the sum that never changes."""
        return self.books.total

    def wager(self, seat: int, amount: int, reason: str, stage: int) -> None:
        """``amount`` chips from ``seat``'s stack to its bet (``reason``: ``"small blind"``,
        ``"call"``, ``"raise"``...)."""
        if not 0 <= amount <= self.stacks[seat]:
            raise DrawInvariantError(f"seat {seat} cannot put {amount} chips in with {self.stacks[seat]} behind")
        self.books.move(self.stack_keys[seat], self.bet_keys[seat], amount, round=self.hand, stage=stage,
                        reason=reason)
        self.stacks[seat] -= amount
        self.bets[seat] += amount
        self.put_in[seat] += amount

    def give_back(self, seat: int, amount: int, stage: int) -> None:
        """The part of ``seat``'s bet that nobody called goes back to its stack."""
        self.books.move(self.bet_keys[seat], self.stack_keys[seat], amount, round=self.hand, stage=stage,
                        reason="uncalled")
        self.bets[seat] -= amount
        self.stacks[seat] += amount
        self.put_in[seat] -= amount

    def collect(self, stage: int) -> None:
        """Every bet goes into the pot (a betting round ended)."""
        for seat, bet in enumerate(self.bets):
            if bet:
                self.books.move(self.bet_keys[seat], POT, bet, round=self.hand, stage=stage, reason="collected")
                self.bets[seat] = 0

    def pay(self, seat: int, amount: int, pot: str) -> None:
        """``amount`` chips of the pot to ``seat``'s stack, from ``pot`` (``"pot"``, ``"main
        pot"``, ``"side pot 1"``...)."""
        self.books.move(POT, self.stack_keys[seat], amount, round=self.hand, stage=0, reason=pot)
        self.stacks[seat] += amount
        self.won[seat] += amount

    def check(self, starting_stacks: Sequence[int]) -> None:
        """Raise :class:`DrawInvariantError` unless the ledger balances (no chip made or lost, no
        account below zero), the hand's lists are its balances and the tallies its lines, and
        every seat holds its starting stack less what it put in plus what it won."""
        try:
            self.books.check()
        except InvariantError as error:
            raise DrawInvariantError(str(error)) from None
        balances = self.books.balances
        seat_of = {key: p for p, key in enumerate(self.stack_keys)}
        put_in, won = [0] * len(self.put_in), [0] * len(self.won)
        for t in self.books.lines:
            if t.payer in seat_of:  # a wager
                put_in[seat_of[t.payer]] += t.amount
            elif t.payee in seat_of and t.payer == POT:  # a pot paid
                won[seat_of[t.payee]] += t.amount
            elif t.payee in seat_of:  # an uncalled bet given back
                put_in[seat_of[t.payee]] -= t.amount
        for p, start in enumerate(starting_stacks):
            for what, by_ledger, by_hand in (
                ("holds", balances[self.stack_keys[p]], self.stacks[p]),
                ("bets", balances[self.bet_keys[p]], self.bets[p]),
                ("put in", put_in[p], self.put_in[p]),
                ("won", won[p], self.won[p]),
            ):
                if by_ledger != by_hand:
                    raise DrawInvariantError(f"seat {p} {what} {by_ledger} by the ledger, {by_hand} by the hand")
            if self.stacks[p] != start - put_in[p] + won[p]:
                raise DrawInvariantError(f"seat {p} holds {self.stacks[p]}: it started with {start}, put in "
                                         f"{put_in[p]} and won {won[p]}")
