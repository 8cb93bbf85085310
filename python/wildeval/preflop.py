"""Exact heads-up preflop equity of every starting-hand class against every class.

The 169 classes are the pairs (``AA``), suited (``AKs``) and offsuit (``AKo``) hands. The table
holds, for every ordered pair of classes, whole numbers counted over every compatible pair of
hands (one hand of each class, no card shared) and every board of five of the 48 cards left
(1,712,304 boards a pair): the deals the first class wins, those it ties, and the pairs of hands.
So :func:`equity` is the average over the compatible pairs of hands of each pair's exact equity
(a tie counts half), card removal included: ``equity("AA", "KK")`` is AA's share of the pot when
both hands are dealt uniformly from the deals where they do not collide.

>>> round(equity("AA", "KK"), 4), round(equity("AKs", "QQ"), 3)
(0.8195, 0.46)
>>> equity("AKs", "QQ") + equity("QQ", "AKs")
1.0
>>> counts("AA", "KK")
Counts(wins=50371344, ties=285228, losses=10986372, pairs=36)

The table was counted by ``wildeval.odds.equity`` (``tools/preflop_table.py`` rebuilds it, the
same bytes each run) and ships with the package (``wildeval/data/preflop_heads_up.npy.gz``,
loaded on first use).
"""

from __future__ import annotations

import functools
import gzip
import io
from pathlib import Path
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from wildeval.cards import RANKS

__all__ = ["BOARDS", "CLASSES", "Counts", "ThreeWay", "class_hands", "counts", "equity", "normalise", "picture", "row",
           "table", "three_way", "tie", "win", "write_three_way"]

BOARDS = 1_712_304  # C(48, 5): the boards of one pair of hands
DATA_FILE = Path(__file__).parent / "data" / "preflop_heads_up.npy.gz"

# the 13 x 13 grid, aces first, row by row: pairs on the diagonal, suited above it, offsuit below
_ORDER = RANKS[::-1]
CLASSES: tuple[str, ...] = tuple(
    _ORDER[min(i, j)] + _ORDER[max(i, j)] + ("" if i == j else "s" if i < j else "o")
    for i in range(13) for j in range(13))
_INDEX = {name: k for k, name in enumerate(CLASSES)}


class Counts(NamedTuple):
    """One cell in whole numbers: the deals the first class wins, ties and loses, over ``pairs``
    compatible pairs of hands, each with every one of the 1,712,304 boards."""

    wins: int
    ties: int
    losses: int
    pairs: int


def _index(name: str) -> int:
    """The table's index of a class name: ``AKs``, ``ka o`` is not one; ``KAs`` and ``aks`` are."""
    if not isinstance(name, str):
        raise TypeError(f"a starting-hand class is a name such as 'AKs', not {type(name).__name__}")
    text = name.strip()
    if len(text) in (2, 3) and text[0].upper() in RANKS and text[1].upper() in RANKS:
        high, low = sorted((_ORDER.index(text[0].upper()), _ORDER.index(text[1].upper())))
        kind = text[2:].lower()
        if high == low and kind == "":
            return _INDEX[_ORDER[high] * 2]
        if high != low and kind in ("s", "o"):
            return _INDEX[_ORDER[high] + _ORDER[low] + kind]
        if high != low and kind == "":
            raise ValueError(f"{name!r}: say suited or offsuit ({name.strip()}s or {name.strip()}o)")
    raise ValueError(f"{name!r} is not a starting-hand class: write a pair (QQ), a suited hand (AKs) or an "
                     "offsuit one (AKo)")


def normalise(name: str) -> str:
    """A class's name as the table writes it (``kas`` is ``AKs``); ValueError if it names none."""
    return CLASSES[_index(name)]


def class_hands(name: str) -> list[tuple[int, int]]:
    """The hands of a class as card ints (high card first): 6 a pair, 4 suited, 12 offsuit."""
    text = CLASSES[_index(name)]
    high, low = (RANKS.index(ch) for ch in text[:2])
    return [(4 * high + s, 4 * low + t) for s in range(4) for t in range(4)
            if (high != low or s > t) and (high == low or (s == t) == (text[2:] == "s"))]


@functools.cache
def _table() -> npt.NDArray[np.uint32]:
    data = np.load(io.BytesIO(gzip.decompress(DATA_FILE.read_bytes())), allow_pickle=False)
    if data.shape != (3, 169, 169) or data.dtype != np.uint32:
        raise RuntimeError(f"{DATA_FILE}: not the preflop table (shape {data.shape}, {data.dtype})")
    return np.asarray(data)


def table() -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """(win, tie, equity), each 169 x 169 in the order of :data:`CLASSES`: row a, column b is a
    against b."""
    wins, ties, pairs = (x.astype(np.float64) for x in _table())
    deals = pairs * BOARDS
    return wins / deals, ties / deals, (wins + ties / 2) / deals


def counts(a: str, b: str) -> Counts:
    """Class ``a`` against class ``b`` in whole numbers (see :class:`Counts`)."""
    i, j = _index(a), _index(b)
    wins, ties, pairs = (int(x[i, j]) for x in _table())
    return Counts(wins, ties, pairs * BOARDS - wins - ties, pairs)


def win(a: str, b: str) -> float:
    """The share of the deals ``a`` wins against ``b`` (over every compatible pair and board)."""
    c = counts(a, b)
    return c.wins / (c.pairs * BOARDS)


def tie(a: str, b: str) -> float:
    """The share of the deals ``a`` and ``b`` tie."""
    c = counts(a, b)
    return c.ties / (c.pairs * BOARDS)


def equity(a: str, b: str) -> float:
    """``a``'s share of the pot against ``b``: win + tie / 2, the average of every compatible pair
    of hands' exact equity."""
    c = counts(a, b)
    return (c.wins + c.ties / 2) / (c.pairs * BOARDS)


def row(name: str) -> dict[str, float]:
    """``name``'s equity against every class, in the order of :data:`CLASSES`."""
    i = _index(name)
    return dict(zip(CLASSES, table()[2][i].tolist()))


def picture(name: str) -> str:
    """A 13 x 13 text grid of ``name``'s equity (percent) against each class, placed as in the
    starting-hand grid: pairs on the diagonal, suited above it, offsuit below.

    >>> print(picture("AA").splitlines()[1].strip())
    A     K     Q     J     T     9     8     7     6     5     4     3     2
    """
    values = table()[2][_index(name)]
    lines = [f"{CLASSES[_index(name)]} against each class: equity in percent (pairs on the diagonal, "
             "suited above it, offsuit below)",
             "    " + "".join(f"{ch:>6}" for ch in _ORDER)]
    for i, ch in enumerate(_ORDER):
        lines.append(f"{ch:>3} " + "".join(f"{100 * values[13 * i + j]:6.1f}" for j in range(13)))
    return "\n".join(lines)


# the sampled 3-way table (wildeval.three_way), reached from here too
from wildeval.three_way import ThreeWay, three_way, write_three_way  # noqa: E402
