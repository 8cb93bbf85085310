"""Hands given in two parts, hole cards and a board, in batch: ``Evaluator.batch(holes, boards)``.

For a split ranking ("omaha": exactly two of the hole cards and three of the board) the parts
play differently and go to the core as two arrays; for every other ranking a hand is the union
of its parts, so the rows are joined and valued as one.

>>> from wildeval import Evaluator
>>> holes, boards = [[51, 47, 0, 1]], [[43, 39, 35, 30, 2]]  # As Ks 2c 2d / Qs Js Ts 9h 2h
>>> Evaluator("omaha").batch(holes, boards).tolist() == [Evaluator()("As Ks Qs Js Ts")]
True
>>> Evaluator().batch([[51, 47]], boards).tolist() == [Evaluator()("As Ks Qs Js Ts 9h 2h")]
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from wildeval.cards import format_cards
from wildeval.rankings import hand_sizes, spec

if TYPE_CHECKING:
    from wildeval.evaluator import Evaluator

__all__ = ["batch_two_parts", "card_rows"]


def card_rows(rows: npt.ArrayLike, what: str) -> npt.NDArray[np.uint8]:
    """``rows`` (a 2-D integer array of cards) as C-contiguous bytes, each card checked 0-51;
    nothing is narrowed that is not a card. ``what`` names the array in errors."""
    array = np.asarray(rows)
    if array.ndim == 0:  # batch(hands, 2) meant threads=2, perhaps
        raise TypeError(f"{what} must be a 2-D array of cards, not {type(rows).__name__}")
    if array.dtype == np.bool_ or array.dtype.kind not in "iu":
        raise TypeError(f"{what} must hold integers, not {array.dtype}")
    if array.ndim != 2:
        raise ValueError(f"{what} must be a 2-D array, one row per hand; got {array.ndim} dimension(s)")
    if array.size and (int(array.min()) < 0 or int(array.max()) > 51):  # two quick passes; where, only if so
        row, col = (int(i) for i in np.argwhere((array < 0) | (array > 51))[0])
        raise ValueError(f"{what} row {row}: card {int(array[row, col])} is not a card (0-51)")
    return np.ascontiguousarray(array, dtype=np.uint8)


def _first_duplicate(holes: npt.NDArray[np.uint8], boards: npt.NDArray[np.uint8]) -> str:
    joined = np.hstack([holes, boards])
    ordered = np.sort(joined, axis=1)
    same = ordered[:, 1:] == ordered[:, :-1]
    row = int(np.flatnonzero(same.any(axis=1))[0])
    card = int(ordered[row, 1:][same[row]][0])
    return f"row {row}: duplicate card {format_cards([card])}"


def batch_two_parts(ev: Evaluator, holes: npt.ArrayLike, boards: npt.ArrayLike, threads: int | None,
                    out: npt.NDArray[np.int32] | None) -> npt.NDArray[np.int32]:
    """``ev.batch(holes, boards)``: one value per pair of rows (see the module's documentation)."""
    hole_rows, board_rows = card_rows(holes, "hands"), card_rows(boards, "boards")
    if len(hole_rows) != len(board_rows):
        raise ValueError(f"hands and boards need as many rows, not {len(hole_rows)} and {len(board_rows)}")
    row = spec(ev.ranking)
    n_hole, n_board = hole_rows.shape[1], board_rows.shape[1]
    if row.board_cards is None:
        if n_hole + n_board not in row.card_counts:
            raise ValueError(f"a {ev.ranking!r} hand has {hand_sizes(ev.ranking)} cards, but the hands and the "
                             f"boards together have {n_hole + n_board} columns")
        return ev.batch(np.hstack([hole_rows, board_rows]), threads=threads, out=out)
    if n_hole not in row.card_counts:
        raise ValueError(f"an {ev.ranking!r} hand has {hand_sizes(ev.ranking)} hole cards, but the rows have {n_hole}")
    low, high = row.board_cards
    if not low <= n_board <= high:
        raise ValueError(f"an {ev.ranking!r} board has {low} to {high} cards, but the rows have {n_board}")
    for part in (hole_rows, board_rows):
        if row.lowest_card and part.size and int(part.min()) < row.lowest_card:
            r, c = (int(i) for i in np.argwhere(part < row.lowest_card)[0])
            raise ValueError(f"row {r}: {row.not_in_deck(int(part[r, c]))}")
    if out is None:
        out = np.empty(len(hole_rows), dtype=np.int32)
    elif not (isinstance(out, np.ndarray) and out.dtype == np.int32 and out.shape == (len(hole_rows),)
              and out.flags.c_contiguous and out.flags.writeable):
        raise ValueError("out must be a writeable C-contiguous int32 array of one value per row")
    from wildeval.evaluator import check_threads

    threads = check_threads(threads)
    if len(hole_rows) and not ev._batch_parts(hole_rows, board_rows, threads, out):
        raise ValueError(_first_duplicate(hole_rows, board_rows))
    return out
