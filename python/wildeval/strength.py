"""Hand strength (HS): how a hold'em hand stands now against one opponent holding any two cards.

``hand_strength(hole, board)`` counts every two-card hand the opponent can hold (none of the
hole cards or the board: card removal included, each such hand once, uniformly) and compares the
two hands on the board as it is, with no card to come (Billings et al., "Opponent modeling in
poker", 1998): HS = (ahead + tied / 2) / (ahead + tied + behind), exactly.

>>> s = hand_strength("Ah Kh", "Qh 7h 2c")
>>> s.ahead + s.tied + s.behind  # C(47, 2): every opponent hand
1081
>>> round(s.hs, 4), (s.ahead, s.tied, s.behind)
(0.5962, (640, 9, 432))
>>> hand_strength("As Ad", "Ac Ah Kd Kc 2s").hs  # quads with the top kicker: nothing beats or ties it
1.0
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import combinations

import numpy as np

from wildeval.cards import format_cards, parse_cards
from wildeval.evaluator import Evaluator

__all__ = ["Strength", "hand_strength"]

_HIGH = Evaluator()


@dataclass(frozen=True)
class Strength:
    """Opponent hands that ``hole`` is ahead of, tied with and behind on the board, and
    ``hs`` = (ahead + tied / 2) / all of them."""

    ahead: int
    tied: int
    behind: int

    @property
    def hs(self) -> float:
        return (self.ahead + self.tied / 2) / (self.ahead + self.tied + self.behind)


def hand_strength(hole: str | Iterable[object], board: str | Iterable[object]) -> Strength:
    """Hand strength of the two ``hole`` cards on a ``board`` of 3, 4 or 5 cards against every
    two-card hand of the cards left (see the module's text)."""
    mine, shared = parse_cards(hole), parse_cards(board)
    if len(mine) != 2:
        raise ValueError(f"the hole cards must be 2 cards, not {len(mine)}")
    if len(shared) not in (3, 4, 5):
        raise ValueError(f"the board must be 3, 4 or 5 cards (flop, turn or river), not {len(shared)}")
    seen: set[int] = set()
    for c in mine + shared:
        if c in seen:
            raise ValueError(f"duplicate card {format_cards([c])}")
        seen.add(c)
    left = [c for c in range(52) if c not in seen]
    opponents = np.array(list(combinations(left, 2)), dtype=np.uint8)
    boards = np.broadcast_to(np.array(shared, dtype=np.uint8), (len(opponents), len(shared)))
    theirs = _HIGH.batch(opponents, boards, threads=1)
    ours = _HIGH(mine + shared)
    return Strength(int((theirs < ours).sum()), int((theirs == ours).sum()), int((theirs > ours).sum()))
