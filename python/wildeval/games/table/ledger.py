"""The chip ledger: chips live in accounts and only ever move between them.

Players' balances or stacks, bets and pots are accounts of one :class:`Ledger`. Every move is a
:class:`Transfer` line, so :meth:`Ledger.check` can prove at any moment that no chip was created
or lost: the balances are the opening ones plus the lines, their sum never changes, and no
account is below its floor. A guts table keeps a running tab (players may owe, no floor) and
the pot; a draw table keeps stacks that never go below zero.

>>> books = Ledger({"A": 0, "B": 0, None: 0}, floor=None, floors={None: 0})   # None: the pot
>>> books.move("A", None, 20, reason="ante"); books.move("B", None, 20, reason="ante")
>>> books.move("B", "A", 40, round=1, stage=1, reason="stage payment")
>>> books.balances, books.total
({'A': 20, 'B': -60, None: 40}, 0)
>>> books.check()
>>> books.balances["A"] += 1          # a chip out of nowhere
>>> books.check()
Traceback (most recent call last):
...
wildeval.games.table.actions.InvariantError: balances {'A': 21, 'B': -60, None: 40} differ from the ledger's {'A': 20, 'B': -60, None: 40}
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from typing import Generic, TypeVar

from wildeval.games.table.actions import InvariantError

__all__ = ["Ledger", "Transfer"]

K = TypeVar("K", bound=Hashable)


@dataclass(frozen=True)
class Transfer(Generic[K]):
    """One ledger line: ``amount`` chips from account ``payer`` to account ``payee``, at
    ``round`` (a game's round, a table's hand) and ``stage`` (a stage, a betting round; 0 for
    none), for ``reason`` (``"ante"``, ``"stage payment"``, ``"blind"``...)."""

    round: int
    stage: int
    payer: K
    payee: K
    amount: int
    reason: str


class Ledger(Generic[K]):
    """Accounts with their ``opening`` balances; ``floor`` is the lowest balance an account may
    have (None: no floor, a running tab), ``floors`` a different floor for some accounts.
    ``balances`` are the balances now (read them; change them only through :meth:`move`),
    ``lines`` every transfer in order, ``total`` the sum that never changes."""

    def __init__(self, opening: Mapping[K, int], *, floor: int | None = 0,
                 floors: Mapping[K, int | None] | None = None) -> None:
        self.opening = dict(opening)
        self.balances = dict(opening)
        self.total = sum(self.opening.values())
        self.floor = floor
        self.floors = dict(floors or {})
        self.lines: list[Transfer[K]] = []

    def move(self, payer: K, payee: K, amount: int, *, round: int = 0, stage: int = 0,
             reason: str = "") -> None:
        """Move ``amount`` chips from ``payer`` to ``payee`` and write the line; moving nothing
        writes nothing. Neither account is checked against its floor here: :meth:`check` does."""
        if amount <= 0:
            if amount < 0:
                raise ValueError(f"cannot move {amount} chips from {payer} to {payee}")
            return
        self.lines.append(Transfer(round, stage, payer, payee, amount, reason))
        balances = self.balances
        balances[payer] -= amount
        balances[payee] += amount

    def floor_of(self, account: K) -> int | None:
        """The lowest balance ``account`` may have (None: none)."""
        return self.floors[account] if account in self.floors else self.floor

    def check(self) -> None:
        """Raise :class:`~wildeval.games.table.actions.InvariantError` unless every line moves
        chips, the balances are the opening ones plus the lines, their sum is the opening sum,
        and every account is at or above its floor."""
        expected = dict(self.opening)
        for t in self.lines:
            if t.amount <= 0:
                raise InvariantError(f"ledger line {t} moves no chips")
            if t.payer not in expected or t.payee not in expected:
                raise InvariantError(f"ledger line {t} names an account the ledger does not hold")
            expected[t.payer] -= t.amount
            expected[t.payee] += t.amount
        if expected != self.balances:
            raise InvariantError(f"balances {self.balances} differ from the ledger's {expected}")
        if sum(self.balances.values()) != self.total:
            raise InvariantError(f"chips were created or lost: {sum(self.balances.values())} held, "
                                 f"{self.total} at the start")
        for account, balance in self.balances.items():
            low = self.floor_of(account)
            if low is not None and balance < low:
                raise InvariantError(f"{account} holds {balance}, below its floor of {low}")
