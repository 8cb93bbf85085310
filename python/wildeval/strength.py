"""Hand strength and potential: how a hold'em hand stands against one opponent, now and on the
river.

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

:func:`strength` adds what is to come, natively and exactly, against a uniform random hand or a
range (``versus``: range text such as ``"QQ+, AKs"``, a :class:`~wildeval.ranges.Range`, or 1,326
weights in the order of ``itertools.combinations(range(52), 2)``); every count is weighted by the
opponent hand's weight, and the opponent hands that meet the cards held or shown are left out:

- **HS**: as above, on the board as it is;
- **E[HS]**, **E[HS²]**: the mean of the river HS (of its square) over every completion of the
  board to five cards from the cards not held or shown (C(47, 2) = 1,081 from the flop, 46 from
  the turn, the board itself on the river), each completion once; a completion where the range
  has no hand left is left out;
- **PPot**, **NPot** (Billings et al. 1998) with k cards to come: over every pair of an opponent
  hand and a completion by k cards that misses it, HP[now][then] adds the hand's weight, now and
  then each ahead (a), tied (t) or behind (b); PPot = (HP[b][a] + HP[b][t]/2 + HP[t][a]/2) /
  (HP[b][·] + HP[t][·]/2) and NPot = (HP[a][b] + HP[t][b]/2 + HP[a][t]/2) / (HP[a][·] + HP[t][·]/2)
  (0 where the denominator is 0). ``ppot1``/``npot1``: one card to come (the next street, from the
  flop or the turn); ``ppot2``/``npot2``: two cards to come (the river from the flop); NaN where
  there are not so many cards to come;
- **the histogram**: the share of the completions whose river HS falls in each of ``bins`` equal
  bins, bin = floor(HS * bins) (the last bin holds HS = 1); with ``over="next"``, from the flop,
  the share of the turn cards whose E[HS] (the mean river HS of the turn's rivers) falls in each
  bin: the histogram over the next street's E[HS] (from the turn the next street is the river,
  and the two are the same). Against a uniform opponent each bin is found in whole numbers.

>>> s = strength("Ah Kh", "Qh 7h 2c")
>>> round(s.hs, 4), round(s.ehs, 4), round(s.ehs2, 4)
(0.5962, 0.7268, 0.5966)
>>> round(s.ppot1, 4), round(s.npot1, 4), round(s.ppot2, 4), round(s.npot2, 4)
(0.3031, 0.0844, 0.502, 0.1209)
>>> round(strength("Ah Kh", "Qh 7h 2c", versus="QQ+, AK").ehs, 4)
0.5177
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import combinations
from typing import Union

import numpy as np
import numpy.typing as npt

from wildeval import _core
from wildeval.cards import format_cards, parse_cards
from wildeval.evaluator import Evaluator, check_threads
from wildeval.ranges import Range

__all__ = ["Spot", "Strength", "Versus", "hand_strength", "opponent_weights", "strength", "strength_many"]

#: An opponent: None (a uniform random hand), range text, a Range, or 1,326 weights
Versus = Union[None, str, Range, npt.ArrayLike]  # noqa: UP007 (a run-time alias)

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


_PAIRS = np.array(list(combinations(range(52), 2)), dtype=np.intp)


def opponent_weights(versus: Versus) -> npt.NDArray[np.float64] | None:
    """The 52 x 52 matrix of opponent hand weights that ``versus`` gives (None: uniform)."""
    if versus is None:
        return None
    if isinstance(versus, (str, Range)):
        matrix = np.zeros((52, 52))
        for (a, b), w in Range(versus):
            matrix[a, b] = matrix[b, a] = w
        return matrix
    weights = np.asarray(versus, dtype=np.float64)
    if weights.shape != (1326,):
        raise ValueError(f"versus must be range text, a Range or 1,326 weights, not an array of shape {weights.shape}")
    if not np.all(np.isfinite(weights)) or weights.min() < 0:
        raise ValueError("versus: every weight must be a finite number >= 0")
    matrix = np.zeros((52, 52))
    matrix[_PAIRS[:, 0], _PAIRS[:, 1]] = weights
    matrix[_PAIRS[:, 1], _PAIRS[:, 0]] = weights
    return matrix


@dataclass(frozen=True)
class Spot:
    """A hand's strength and potential on a board (see the module's text for each definition).
    ``ahead``, ``tied``, ``behind``: the opponent weight (hands, against a uniform opponent) now;
    ``histogram``: the share of the river completions in each bin."""

    ahead: float
    tied: float
    behind: float
    hs: float
    ehs: float
    ehs2: float
    ppot1: float
    npot1: float
    ppot2: float
    npot2: float
    histogram: tuple[float, ...]


_FIGURES = ("ahead", "tied", "behind", "hs", "ehs", "ehs2", "ppot1", "npot1", "ppot2", "npot2")


def _spots(holes: npt.ArrayLike, boards: npt.ArrayLike) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]:
    h, b = np.asarray(holes), np.asarray(boards)
    if h.ndim != 2 or h.shape[1] != 2:
        raise ValueError(f"holes must be an (n, 2) array of cards, not of shape {h.shape}")
    if b.ndim != 2 or b.shape[1] not in (3, 4, 5) or b.shape[0] != h.shape[0]:
        raise ValueError(f"boards must be an (n, 3-5) array of cards, a row per hole, not of shape {b.shape}")
    for name, a in (("holes", h), ("boards", b)):
        if a.size and (not np.issubdtype(a.dtype, np.integer) or a.min() < 0 or a.max() > 51):
            raise ValueError(f"{name} must hold card ints 0-51")
    both = np.sort(np.concatenate([h, b], axis=1).astype(np.int64), axis=1)
    clash = np.nonzero((both[:, 1:] == both[:, :-1]).any(axis=1))[0]
    if clash.size:
        row = both[clash[0]]
        card = int(row[1:][row[1:] == row[:-1]][0])
        raise ValueError(f"spot {int(clash[0])}: duplicate card {format_cards([card])}")
    return h.astype(np.uint8), b.astype(np.uint8)


def _bins(bins: object) -> int:
    if isinstance(bins, bool) or not isinstance(bins, (int, np.integer)) or not 1 <= bins <= 4096:
        raise ValueError(f"bins must be a whole number from 1 to 4,096, not {bins!r}")
    return int(bins)


def _over(over: object) -> bool:
    if over not in ("river", "next"):
        raise ValueError(f"over must be river or next, not {over!r}")
    return over == "next"


def strength_many(holes: npt.ArrayLike, boards: npt.ArrayLike, *, versus: Versus = None, bins: int = 10,
                  over: str = "river", threads: int | None = None) -> dict[str, npt.NDArray[np.float64]]:
    """:func:`strength` of every row of ``holes`` ((n, 2) card ints) on the same row of
    ``boards`` ((n, 3), (n, 4) or (n, 5)), natively on ``threads`` threads: a dict of arrays,
    one per figure of :class:`Spot` (``"hs"``, ``"ehs"``, ...), ``"histogram"`` of shape (n, bins).

    >>> from wildeval.cards import parse_cards
    >>> holes = [parse_cards("Ah Kh"), parse_cards("2c 3d")]
    >>> out = strength_many(holes, [parse_cards("Qh 7h 2h")] * 2)
    >>> out["hs"].round(3).tolist(), out["histogram"].shape
    ([1.0, 0.594], (2, 10))
    """
    h, b = _spots(holes, boards)
    figures, histograms = _core.spot_strength(h, b, opponent_weights(versus), _bins(bins), check_threads(threads),
                                              _over(over))
    out = {name: figures[:, i].copy() for i, name in enumerate(_FIGURES)}
    counted = histograms.sum(axis=1, keepdims=True)
    out["histogram"] = histograms / np.where(counted > 0, counted, 1)
    return out


def strength(hole: str | Iterable[object], board: str | Iterable[object], *, versus: Versus = None,
             bins: int = 10, over: str = "river") -> Spot:
    """The strength and potential of the two ``hole`` cards on a ``board`` of 3, 4 or 5 cards
    against one opponent: a uniform random hand, or the range ``versus`` (see the module's text).
    A ``ValueError`` where the range has no hand left once the cards held and shown are out."""
    mine, shared = parse_cards(hole), parse_cards(board)
    if len(mine) != 2:
        raise ValueError(f"the hole cards must be 2 cards, not {len(mine)}")
    if len(shared) not in (3, 4, 5):
        raise ValueError(f"the board must be 3, 4 or 5 cards (flop, turn or river), not {len(shared)}")
    try:
        out = strength_many([mine], [shared], versus=versus, bins=bins, over=over, threads=1)
    except ValueError as error:
        raise ValueError(str(error).replace("spot 0: ", "")) from None
    return Spot(**{name: float(out[name][0]) for name in _FIGURES},
                histogram=tuple(float(x) for x in out["histogram"][0]))
