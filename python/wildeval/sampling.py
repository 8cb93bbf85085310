"""Random hands for simulations and benchmarks."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

__all__ = ["random_hands"]


def random_hands(
    n_hands: int, n_cards: int = 7, seed: int | None = None, lowest_card: int = 0
) -> npt.NDArray[np.uint8]:
    """``n_hands`` rows of ``n_cards`` distinct random cards each (uint8, 0-51, in random order),
    uniformly over all hands of the cards from ``lowest_card`` up (16: the short deck); the same
    seed gives the same hands.

    >>> hands = random_hands(1000, 7, seed=1)
    >>> hands.shape, hands.dtype.name, bool((np.sort(hands, axis=1)[:, 1:] != np.sort(hands, axis=1)[:, :-1]).all())
    ((1000, 7), 'uint8', True)
    >>> int(random_hands(1000, 7, seed=1, lowest_card=16).min())
    16
    """
    if not 0 <= lowest_card <= 52 or not 0 <= n_cards <= 52 - lowest_card:
        raise ValueError(f"a hand has 0 to {52 - lowest_card} cards of the {52 - lowest_card} from card "
                         f"{lowest_card} up, not {n_cards}")
    if n_hands < 0:
        raise ValueError(f"n_hands must be >= 0, not {n_hands}")
    rng = np.random.default_rng(seed)
    hands = rng.integers(lowest_card, 52, size=(n_hands, n_cards), dtype=np.uint8)
    # Redraw the rows that hold a repeated card until none does (about a third at 7 cards); only
    # the rows just redrawn are looked at again.
    bad = np.arange(n_hands)
    while bad.size:
        ordered = np.sort(hands[bad], axis=1)
        bad = bad[(ordered[:, 1:] == ordered[:, :-1]).any(axis=1)]
        hands[bad] = rng.integers(lowest_card, 52, size=(bad.size, n_cards), dtype=np.uint8)
    return hands
