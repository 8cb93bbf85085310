"""The best hold of a dealt hand, exactly: every one of its 32 holds with its expected payout as a
fraction (over every draw) and the count of each final class.

>>> from wildeval.videopoker import analyse_hand, preset
>>> holds = analyse_hand("Ah Kh Qh Jh Th", preset("jacks-or-better-9-6"))
>>> best = holds[0]
>>> best.cards, best.value, best.draws
('Ah Kh Qh Jh Th', Fraction(800, 1), 1)
>>> holds = analyse_hand("2h 7c 8c 9c Kd", preset("deuces-wild"))
>>> holds[0].cards, round(float(holds[0].value), 6)
('2h 7c 8c 9c', 2.255319)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import lcm

import numpy as np
import numpy.typing as npt

from wildeval.cards import format_cards, parse_cards
from wildeval.videopoker.counting import DRAWS, HOLD_ORDER, DrawCounts, draw_counts, hold_counts
from wildeval.videopoker.paytables import PayTable

__all__ = ["Hold", "analyse_hand", "best_hold", "pay_vector"]


@dataclass(frozen=True)
class Hold:
    """One hold of a dealt hand: ``held`` the positions kept (0-4 in the hand as given),
    ``cards`` them as text, ``value`` the expected payout of a coin as an exact fraction (over
    ``draws`` equally likely draws), ``classes`` how many draws end in each class the table pays
    (and ``"nothing"``, for the rest), ``best`` whether no hold is worth more."""

    held: tuple[int, ...]
    cards: str
    value: Fraction
    draws: int
    classes: dict[str, int]
    best: bool

    @property
    def expected(self) -> float:
        return float(self.value)


def pay_vector(table: PayTable, counts: DrawCounts) -> tuple[npt.NDArray[np.int64], int]:
    """What each column of ``counts`` pays, as integers over a common denominator (returned)."""
    payouts = [table.payout(name) if name != "nothing" else Fraction(0) for name in counts.names]
    scale = lcm(*(p.denominator for p in payouts))
    return np.array([int(p * scale) for p in payouts], dtype=np.int64), scale


def _check_hand(hand: str | list[int] | tuple[int, ...]) -> list[int]:
    cards = parse_cards(hand)
    if len(cards) != 5:
        raise ValueError(f"a video poker hand has 5 cards, not {len(cards)}")
    return cards


def analyse_hand(hand: str | list[int] | tuple[int, ...], table: PayTable) -> list[Hold]:
    """Every hold of ``hand`` (five cards), from the most valuable; among holds of equal value,
    the one holding more cards first, then the lower cards (:data:`HOLD_ORDER`)."""
    cards = _check_hand(hand)
    order = sorted(range(5), key=lambda i: cards[i])  # the counts take the cards increasing
    counts = draw_counts(table.wild)
    found = hold_counts(counts, np.array([[cards[i] for i in order]], dtype=np.uint8))[0]
    pays, scale = pay_vector(table, counts)
    totals = found.astype(np.int64) @ pays
    rank = {mask: r for r, mask in enumerate(HOLD_ORDER)}
    paid_as = [table.paid_as(name) for name in counts.names]  # what each column pays as
    holds = []
    for mask in range(32):
        held = tuple(sorted(order[i] for i in range(5) if mask >> i & 1))
        size = len(held)
        value = Fraction(int(totals[mask]), DRAWS[size] * scale)
        classes: dict[str, int] = {}
        for paid, n in zip(paid_as, found[mask].tolist()):
            if n:
                classes[paid] = classes.get(paid, 0) + n
        holds.append((value, -rank[mask], Hold(held, format_cards([cards[i] for i in held], unicode=False),
                                                value, DRAWS[size], classes, False)))
    holds.sort(key=lambda item: (item[0], item[1]), reverse=True)
    top = holds[0][0]
    return [Hold(h.held, h.cards, h.value, h.draws, h.classes, v == top) for v, _, h in holds]


def best_hold(hand: str | list[int] | tuple[int, ...], table: PayTable) -> tuple[int, ...]:
    """The positions (0-4, in the hand as given) of the best hold of ``hand``: the first of
    :func:`analyse_hand`."""
    return analyse_hand(hand, table)[0].held
