"""How the reference checks what it is given: the settings, one hand, a batch of hands. It
says what is wrong in its own words and casts nothing (it shares no code with the native
checks, which it is compared with).

>>> hand_of("As Kd", "high")
[51, 45]
>>> hand_of("As Kd", "low27")
Traceback (most recent call last):
...
ValueError: the low27 ranking takes 5 to 7 cards, 2 were given
>>> rows_of([[51, 45]], "high")
[[51, 45]]
"""

from __future__ import annotations

import operator
from collections.abc import Iterable

import numpy as np

from wildeval.cards import N_CARDS, format_cards, parse_cards
from wildeval.rankings import hand_sizes, spec

__all__ = ["check_flush_duplicates", "hand_of", "is_index", "rows_of"]


def check_flush_duplicates(flush_duplicates: object) -> bool:
    """``flush_duplicates`` if it is a bool (numpy's too); TypeError otherwise."""
    if isinstance(flush_duplicates, (bool, np.bool_)):
        return bool(flush_duplicates)
    raise TypeError(
        f"flush_duplicates must be a bool, not {type(flush_duplicates).__name__} ({flush_duplicates!r})"
    )


def is_index(item: object) -> bool:
    """Whether ``item`` is an integer (a Python or numpy int; bools are ints here too)."""
    try:
        operator.index(item)  # type: ignore[arg-type]
    except TypeError:
        return False
    return True


def hand_of(cards: str | Iterable[object], ranking: str) -> list[int]:
    """The cards of one hand of ``ranking`` (text or ints), checked."""
    parsed = parse_cards(cards)
    row = spec(ranking)
    if len(parsed) not in row.card_counts:
        raise ValueError(f"the {ranking} ranking takes {hand_sizes(ranking)} cards, {len(parsed)} were given")
    for c in parsed:
        if c not in row.deck:
            raise ValueError(row.not_in_deck(c))
    return parsed


def rows_of(hands: object, ranking: str) -> list[list[int]]:
    """The rows of a batch as lists of ints, after checking them; nothing is ever cast."""
    try:
        array = np.asarray(hands)
    except ValueError as exc:  # ragged nested lists
        raise ValueError(f"hands must be a rectangular 2-D array, one hand per row: {exc}") from None
    if array.ndim != 2:
        raise ValueError(
            f"hands must be a 2-D array, one hand per row; got {array.ndim} dimension(s), shape {array.shape}"
        )
    if array.dtype.kind == "O":  # Python objects: accept only true ints
        for i, row in enumerate(array):
            for item in row:
                if isinstance(item, (bool, np.bool_)) or not is_index(item):
                    raise TypeError(
                        f"hands must hold integers; row {i} holds {item!r} ({type(item).__name__})"
                    )
    elif array.dtype.kind not in "iu":
        raise TypeError(f"hands must be an integer array, not {array.dtype}")
    n_rows, n_cols = array.shape
    if n_cols not in spec(ranking).card_counts:
        raise ValueError(f"the {ranking} ranking takes {hand_sizes(ranking)} cards per hand, the rows have {n_cols}")
    rows: list[list[int]] = []
    for i in range(n_rows):
        row = [operator.index(x) for x in array[i]]
        seen: set[int] = set()
        for c in row:
            if not 0 <= c < N_CARDS:
                raise ValueError(f"row {i}: card {c} is not a card (0-51)")
            if c in seen:
                raise ValueError(f"row {i}: duplicate card {format_cards([c])}")
            if c not in spec(ranking).deck:
                raise ValueError(f"row {i}: {spec(ranking).not_in_deck(c)}")
            seen.add(c)
        rows.append(row)
    return rows
