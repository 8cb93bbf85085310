import numpy as np
import pytest

from wildeval.sampling import random_hands

SEED = 20261129


@pytest.fixture(scope="session")
def hands7() -> np.ndarray:
    """One million random 7-card hands, uint8, the same in every run."""
    return random_hands(1_000_000, 7, seed=SEED)


@pytest.fixture(scope="session")
def lists7(hands7: np.ndarray) -> list[list[int]]:
    return hands7[:20_000].tolist()
