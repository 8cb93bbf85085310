"""Seeds, read one way by every seeded run of wildeval.

A seed is any int, negative or beyond 64 bits, and different seeds give different streams:
nothing is narrowed. numpy's :class:`~numpy.random.SeedSequence` takes the entropy ``seed``
when it is >= 0 and ``[0, -seed]`` when it is negative (numpy refuses negative entropy).
Python's :class:`random.Random` would give ``-s`` the stream of ``s``, so :func:`python_random`
seeds a negative seed from its SeedSequence instead.

>>> entropy(7), entropy(-7)
(7, [0, 7])
>>> seed_word(1) == seed_word(1) != seed_word(-1)
True
>>> python_random(5).random() == python_random(5).random() != python_random(-5).random()
True
>>> check_seed(True)
Traceback (most recent call last):
...
ValueError: seed must be an int, not True
"""

from __future__ import annotations

import operator
import random

import numpy as np

__all__ = ["check_seed", "child_seed", "entropy", "python_random", "seed_sequence", "seed_word"]


def check_seed(seed: object, name: str = "seed") -> int:
    """``seed`` as an int (numpy integers too); ValueError naming ``name`` for anything else."""
    if isinstance(seed, (bool, np.bool_)) or not isinstance(seed, (int, np.integer)):
        raise ValueError(f"{name} must be an int, not {seed!r}")
    return operator.index(seed)


def entropy(seed: int) -> int | list[int]:
    """The SeedSequence entropy of ``seed``: itself, or ``[0, -seed]`` when negative."""
    seed = check_seed(seed)
    return seed if seed >= 0 else [0, -seed]


def seed_sequence(seed: int | None, spawn_key: tuple[int, ...] = ()) -> np.random.SeedSequence:
    """The SeedSequence of ``seed`` (None: fresh entropy from the system)."""
    if seed is None:
        return np.random.SeedSequence(spawn_key=spawn_key)
    return np.random.SeedSequence(entropy(seed), spawn_key=spawn_key)


def child_seed(seed: int, number: int) -> int:
    """63 bits of the ``number``-th child of ``seed``'s SeedSequence (as ``.spawn(...)[number]``
    would give): the seed of one game, or one table, of a run, which depends on its number alone
    so that any of them can be played anywhere.

    >>> child_seed(7, 3) == int(np.random.SeedSequence(7).spawn(4)[3].generate_state(1, np.uint64)[0] >> 1)
    True
    """
    return int(seed_sequence(seed, (number,)).generate_state(1, np.uint64)[0] >> 1)


def seed_word(seed: int | None) -> int:
    """The 64-bit seed the core's generators take, drawn from :func:`seed_sequence`."""
    return int(seed_sequence(seed).generate_state(1, np.uint64)[0])


def python_random(seed: int | None) -> random.Random:
    """A :class:`random.Random` for ``seed``: ``Random(seed)`` for ``seed >= 0`` (so those
    streams stay what they were); a negative seed from 512 bits of its SeedSequence; None:
    fresh entropy."""
    if seed is None:
        return random.Random()
    seed = check_seed(seed)
    if seed >= 0:
        return random.Random(seed)
    words = seed_sequence(seed).generate_state(8, np.uint64)
    return random.Random(int.from_bytes(words.tobytes(), "little"))
