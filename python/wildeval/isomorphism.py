"""Canonical hand indexing: every hand of a sequence of rounds numbered up to suit renaming.

An :class:`Indexer` for rounds ``[2, 3, 1, 1]`` (hold'em: the hole cards, the flop, the turn, the
river) gives every hand of rounds 0 to r an index in ``range(size(r))`` such that two hands
share an index exactly when one is the other with its suits renamed (the order of the cards
within a round does not matter; the round each card came in does). With the board as one round,
``[2, 4]`` and ``[2, 5]`` number hold'em's turn and river hands as solvers usually do (hole cards
and a board, whichever street a board card came on):

>>> holdem = Indexer([2, 3, 1, 1])
>>> [holdem.size(r) for r in range(4)]
[169, 1286792, 55190538, 2428287420]
>>> Indexer([2, 4]).size(1), Indexer([2, 5]).size(1)
(13960050, 123156254)
>>> holdem.index("As Kd") == holdem.index("Ah Kc") != holdem.index("As Ks")
True
>>> holdem.index("Ah Kh Qh 7c 2h") == holdem.index("Kd Ad 2d Qd 7s")
True
>>> from wildeval.cards import format_cards
>>> format_cards(holdem.unindex(0, holdem.index("Qs Qh")))
'Qd Qc'

Batches are numpy arrays, a hand a row of card ints (``4 * rank + suit``), indexed natively with
the GIL released on ``threads`` threads (default: every core):

>>> import numpy as np
>>> river = Indexer([2, 5])
>>> hands = river.unindex_many(1, np.array([0, 123_156_253]))
>>> river.index_many(hands).tolist()
[0, 123156253]

How (after Waugh, "A Fast and Optimal Hand Isomorphism Algorithm", 2013): each suit holds a set
of ranks in each round. A suit's *counts* are how many cards it holds in each round, and its
*number* ranks its sets: the first round's set among all sets of that many of the 13 ranks
(colexicographically), the next round's among the sets of the ranks left, and so on, in mixed
radix. A hand's *configuration* is the multiset of its four suits' counts; renaming suits keeps
it, and keeps the multiset of numbers of the suits of each count. So the hand's class is its
configuration and, for each group of suits of equal counts, the multiset of their numbers; the
index is the configuration's offset plus the multisets' colexicographic ranks in mixed radix.
:meth:`Indexer.unindex` reads it back and deals each group's suits in a fixed order (clubs first),
which makes the canonical hand. The native core (``src/core/abstraction/``) does the work; the
tests hold it to a plain-Python count of the same numbering.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np
import numpy.typing as npt

from wildeval import _core
from wildeval.cards import format_cards, parse_cards
from wildeval.evaluator import check_threads

__all__ = ["Indexer"]


class Indexer:
    """Numbers the hands of a sequence of rounds up to suit renaming (see the module's text).

    ``rounds`` lists the cards dealt in each round: ``[2, 3, 1, 1]`` hold'em street by street,
    ``[2, 5]`` hold'em's hole cards and a whole board, ``[4, 3, 1, 1]`` Omaha, ``[5]`` a
    five-card hand, ``[3]`` a flop alone. A hand of round r (counted from 0) holds the cards of
    rounds 0 to r, round by round."""

    def __init__(self, rounds: Sequence[int]) -> None:
        if isinstance(rounds, (str, bytes)) or not isinstance(rounds, Sequence):
            raise TypeError(f"rounds must be a list of card counts such as [2, 3, 1, 1], not {rounds!r}")
        if not all(isinstance(r, (int, np.integer)) and not isinstance(r, bool) for r in rounds):
            raise TypeError(f"rounds must be whole numbers of cards, not {list(rounds)!r}")
        counts = [int(r) for r in rounds]
        if not 1 <= len(counts) <= 8 or min(counts) < 1 or sum(counts) > 52:
            raise ValueError(f"rounds must be 1 to 8 counts of cards, each at least 1, at most 52 in all, "
                             f"not {counts}")
        self.rounds: tuple[int, ...] = tuple(counts)
        self._totals = [sum(counts[: r + 1]) for r in range(len(counts))]
        self._native = _core.HandIndexer(counts)

    def __repr__(self) -> str:
        return f"Indexer({list(self.rounds)})"

    def _round(self, round: object) -> int:
        if isinstance(round, bool) or not isinstance(round, (int, np.integer)) or not 0 <= round < len(self.rounds):
            raise ValueError(f"round must be 0 to {len(self.rounds) - 1} for rounds {list(self.rounds)}, "
                             f"not {round!r}")
        return int(round)

    def _round_of(self, n_cards: int) -> int:
        if n_cards not in self._totals:
            raise ValueError(f"a hand of rounds {list(self.rounds)} holds "
                             f"{' or '.join(str(t) for t in self._totals)} cards, not {n_cards}")
        return self._totals.index(n_cards)

    def size(self, round: int) -> int:
        """How many classes the hands of rounds 0 to ``round`` fall into."""
        return int(self._native.size(self._round(round)))

    def cards(self, round: int) -> int:
        """How many cards a hand of rounds 0 to ``round`` holds."""
        return self._totals[self._round(round)]

    def index(self, cards: str | Iterable[object]) -> int:
        """The index of a hand's class: its cards round by round (text, or card ints); the round
        it ends is told by how many there are."""
        hand = parse_cards(cards)
        round = self._round_of(len(hand))
        seen: set[int] = set()
        for c in hand:
            if c in seen:
                raise ValueError(f"duplicate card {format_cards([c])}")
            seen.add(c)
        return int(self._native.index(np.array([hand], dtype=np.uint8), round, 1)[0])

    def index_many(self, hands: npt.ArrayLike, *, threads: int | None = None) -> npt.NDArray[np.uint64]:
        """The index of every row of ``hands`` (an (n, cards) array of card ints 0-51, each row a
        hand round by round; every row ends the same round)."""
        array = np.asarray(hands)
        if array.ndim != 2:
            raise ValueError(f"hands must be a 2-d array, a hand a row, not of shape {array.shape}")
        if not np.issubdtype(array.dtype, np.integer) and array.size:
            raise ValueError(f"hands must hold card ints 0-51, not {array.dtype}")
        if array.dtype != np.uint8 and array.size and (array.min() < 0 or array.max() > 51):
            raise ValueError("hands must hold card ints 0-51")  # (uint8 rows are checked natively)
        round = self._round_of(array.shape[1])
        out = self._native.index(np.ascontiguousarray(array, dtype=np.uint8), round, check_threads(threads))
        return np.asarray(out, dtype=np.uint64)

    def unindex(self, round: int, index: int) -> list[int]:
        """The canonical hand of class ``index`` of round ``round``: its cards round by round, each
        round's from the highest; ``index(unindex(r, i)) == i``."""
        r = self._round(round)
        if isinstance(index, bool) or not isinstance(index, (int, np.integer)) or not 0 <= index < self.size(r):
            raise ValueError(f"index must be 0 to {self.size(r) - 1} for round {r}, not {index!r}")
        return [int(c) for c in self._native.unindex(np.array([index], dtype=np.uint64), r, 1)[0]]

    def unindex_many(self, round: int, indices: npt.ArrayLike, *,
                     threads: int | None = None) -> npt.NDArray[np.uint8]:
        """The canonical hand of every index (an (n, cards) uint8 array)."""
        r = self._round(round)
        array = np.asarray(indices)
        if array.ndim != 1 or (array.size and not np.issubdtype(array.dtype, np.integer)):
            raise ValueError(f"indices must be a 1-d array of whole numbers, not of shape {array.shape}")
        if array.size and (array.min() < 0 or array.max() >= self.size(r)):
            raise ValueError(f"indices must be 0 to {self.size(r) - 1} for round {r}")
        out = self._native.unindex(np.ascontiguousarray(array, dtype=np.uint64), r, check_threads(threads))
        return np.asarray(out, dtype=np.uint8)
