"""Random hands for simulations and benchmarks."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

__all__ = ["random_hands"]


def random_hands(n_hands: int, n_cards: int = 7, seed: int | None = None) -> npt.NDArray[np.uint8]:
    """``n_hands`` rows of ``n_cards`` distinct random cards each (uint8, 0-51, in random order),
    uniformly over all hands; the same seed gives the same hands.

    >>> hands = random_hands(1000, 7, seed=1)
    >>> hands.shape, hands.dtype.name, bool((np.sort(hands, axis=1)[:, 1:] != np.sort(hands, axis=1)[:, :-1]).all())
    ((1000, 7), 'uint8', True)
    """
    if not 0 <= n_cards <= 52:
        raise ValueError(f"a hand has 0 to 52 cards, not {n_cards}")
    if n_hands < 0:
        raise ValueError(f"n_hands must be >= 0, not {n_hands}")
    rng = np.random.default_rng(seed)
    hands = rng.integers(0, 52, size=(n_hands, n_cards), dtype=np.uint8)
    # Redraw the rows that hold a repeated card until none does (about a third at 7 cards).
    while True:
        ordered = np.sort(hands, axis=1)
        bad = np.flatnonzero((ordered[:, 1:] == ordered[:, :-1]).any(axis=1))
        if bad.size == 0:
            return hands
        hands[bad] = rng.integers(0, 52, size=(bad.size, n_cards), dtype=np.uint8)
