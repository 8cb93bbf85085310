"""Cards valued by their groups of equal ranks (five of a kind down to high card), written from
the textbook rules for the brute-force oracles of the reference evaluator's tests
(rankings/test_reference_oracle.py, test_reference_lowball_oracle.py): the oracles share this
with each other, and nothing with the solvers of ``wildeval.reference`` but ``values.pack``."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from wildeval.values import Category, pack

C = Category

# group shape (sizes, biggest first) -> category; for every hand size 1 to 5
SHAPES: dict[tuple[int, ...], Category] = {
    (5,): C.FIVE_OF_A_KIND,
    (4, 1): C.FOUR_OF_A_KIND,
    (3, 2): C.FULL_HOUSE,
    (3, 1, 1): C.THREE_OF_A_KIND,
    (2, 2, 1): C.TWO_PAIR,
    (2, 1, 1, 1): C.PAIR,
    (1, 1, 1, 1, 1): C.HIGH_CARD,
    (4,): C.FOUR_OF_A_KIND,
    (3, 1): C.THREE_OF_A_KIND,
    (2, 2): C.TWO_PAIR,
    (2, 1, 1): C.PAIR,
    (1, 1, 1, 1): C.HIGH_CARD,
    (3,): C.THREE_OF_A_KIND,
    (2, 1): C.PAIR,
    (1, 1, 1): C.HIGH_CARD,
    (2,): C.PAIR,
    (1, 1): C.HIGH_CARD,
    (1,): C.HIGH_CARD,
}


def groups(ranks: Sequence[int]) -> tuple[tuple[int, ...], list[int]]:
    """(group sizes biggest first, group ranks in the same order, ties by higher rank)."""
    counted = sorted(Counter(ranks).items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    return tuple(size for _, size in counted), [rank for rank, _ in counted]


def group_value(ranks: Sequence[int]) -> int:
    """The value of 1 to 5 ranks (repeats allowed) counting groups only."""
    shape, group_ranks = groups(ranks)
    return pack(SHAPES[shape], group_ranks)
