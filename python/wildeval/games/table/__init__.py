"""The table layer every game family is built on (issue 13): one vocabulary for all engines.

- :mod:`~wildeval.games.table.actions`: :class:`IllegalAction`, :class:`InvariantError`, and
  the operations an engine offers (``verify`` / ``can`` / ``apply``, ``over``,
  ``check_invariants``): the :class:`Operations` protocol and the :class:`Engine` base;
- :mod:`~wildeval.games.table.deck`: seeded shuffles and arranged deck orders;
- :mod:`~wildeval.games.table.ledger`: the chip :class:`Ledger` and its invariant;
- :mod:`~wildeval.games.table.history`: records written whole, read back, replayed;
- :mod:`~wildeval.games.table.terminal`: the terminal front end of every play loop.

A family (``wildeval.games.guts``, ``wildeval.games.draw``) adds its rules as data, its engine,
bots, history format and play loop.

>>> from wildeval.games.table import IllegalAction, Ledger, arrange_deck
>>> issubclass(IllegalAction, ValueError)
True
"""

from __future__ import annotations

from wildeval.games.table.actions import Engine, IllegalAction, InvariantError, Operations
from wildeval.games.table.deck import (
    DECK_SIZE,
    arrange_deck,
    check_deck,
    complete_deck,
    seat_order,
    shuffled_deck,
)
from wildeval.games.table.history import apply_recorded, differences, read_records, record_line, write_record
from wildeval.games.table.ledger import Ledger, Transfer
from wildeval.games.table.terminal import Terminal, does, guarded

__all__ = [
    "DECK_SIZE",
    "Engine",
    "IllegalAction",
    "InvariantError",
    "Ledger",
    "Operations",
    "Terminal",
    "Transfer",
    "apply_recorded",
    "arrange_deck",
    "check_deck",
    "complete_deck",
    "differences",
    "does",
    "guarded",
    "read_records",
    "record_line",
    "seat_order",
    "shuffled_deck",
    "write_record",
]
