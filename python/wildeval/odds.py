"""Showdown odds: how often each hand wins or ties once the board is complete (:func:`equity`),
and how likely one hand is to be the best against a field of unknown hands (:func:`versus_field`,
from :mod:`wildeval.field`).

Every way to complete the board is counted (or, with ``trials``, a seeded random sample of
them), and each completion is evaluated for all players at once through ``Evaluator.batch``.

>>> result = equity(["As Ad", "Kc Kd"], board="2h 7s 9c Qd")
>>> [round(r.equity, 4) for r in result], result[0].boards
([0.9545, 0.0455], 44)
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from wildeval.cards import format_cards, parse_cards
from wildeval.evaluator import CARD_COUNTS, Evaluator, Ranking, check_threads
from wildeval.field import FieldOdds, versus_field

__all__ = ["MAX_EXHAUSTIVE", "MAX_TRIALS", "Equity", "FieldOdds", "equity", "versus_field"]

MAX_EXHAUSTIVE = 3_000_000  # more board completions than this need trials=
MAX_TRIALS = 1_000_000_000  # about ten minutes on one core: more would be a run nobody waits for
_CHUNK = 200_000  # completions evaluated per batch call, to bound memory


@dataclass(frozen=True)
class Equity:
    """One player's result: ``win`` and ``tie`` are the shares of boards won alone and shared,
    ``equity`` the expected share of the pot (a tie among k counts 1/k)."""

    hand: tuple[int, ...]
    win: float
    tie: float
    equity: float
    boards: int


def _completions(
    deck: Sequence[int], missing: int, trials: int | None, seed: int | None
) -> Iterable[npt.NDArray[np.uint8]]:
    """The board completions, in chunks of rows."""
    if missing == 0:  # the board is complete: one deal
        yield np.empty((1, 0), dtype=np.uint8)
    elif trials is None:
        combos = itertools.combinations(deck, missing)
        while True:
            chunk = np.fromiter(itertools.chain.from_iterable(itertools.islice(combos, _CHUNK)), dtype=np.uint8)
            if chunk.size == 0:
                return
            yield chunk.reshape(-1, missing)
    else:
        rng = np.random.default_rng(seed)
        cards = np.asarray(deck, dtype=np.uint8)
        for start in range(0, trials, _CHUNK):
            n = min(_CHUNK, trials - start)
            # a random permutation prefix per row: distinct cards, uniform over completions
            keys = rng.random((n, len(cards)))
            yield cards[np.argpartition(keys, missing - 1, axis=1)[:, :missing]]


def equity(
    hands: Sequence[str | Iterable[object]],
    board: str | Iterable[object] = (),
    *,
    board_size: int = 5,
    ranking: Ranking = "high",
    wild: None | str | Iterable[int] = None,
    flush_duplicates: bool = True,
    trials: int | None = None,
    seed: int | None = None,
    threads: int | None = None,
    progress: Callable[[int], object] | None = None,
) -> list[Equity]:
    """Each hand's odds at showdown once the board has ``board_size`` cards.

    ``hands``: each player's own cards (text or ints); ``board``: the shared cards dealt so far.
    All cards must be different. By default every completion of the board is counted (at most
    ``MAX_EXHAUSTIVE``); ``trials=N`` samples N completions instead (seeded by ``seed``; at most
    ``MAX_TRIALS``).
    ``ranking``, ``wild`` and ``flush_duplicates`` are as for :class:`Evaluator`; each player's
    hand is their cards plus the board, so its size must suit the ranking. A complete board
    (nothing left to deal) is one deal:

    >>> [(r.win, r.tie) for r in equity(["7c 2d", "7d 2c"], "Ks Qs Js 9h 8h")]
    [(0.0, 1.0), (0.0, 1.0)]
    >>> [r.win for r in equity(["Ah Kh Qh", "2c 3d 5h"], board_size=0, ranking="three_card_poker")]
    [1.0, 0.0]
    """
    if isinstance(hands, str):
        raise TypeError("hands must be a list of hands (one text or card list each), not one string")
    players = [parse_cards(h) for h in hands]
    shown = parse_cards(board)
    if len(players) < 2:
        raise ValueError(f"odds need at least two hands, got {len(players)}")
    for i, p in enumerate(players, 1):
        if not p:
            raise ValueError(f"hand {i} is empty")
    every = [c for p in players for c in p] + shown
    seen: set[int] = set()
    for c in every:
        if c in seen:
            raise ValueError(f"card {format_cards([c])} is dealt twice")
        seen.add(c)
    if not 0 <= len(shown) <= board_size:
        raise ValueError(f"the board has {len(shown)} cards, more than board_size={board_size}")
    if trials is not None and (isinstance(trials, bool) or not isinstance(trials, int) or trials < 1):
        raise ValueError(f"trials must be None or an int >= 1, not {trials!r}")
    if trials is not None and trials > MAX_TRIALS:
        raise ValueError(f"trials must be at most {MAX_TRIALS:,}, not {trials:,}")
    threads = check_threads(threads)
    ev = Evaluator(ranking, wild, flush_duplicates=flush_duplicates)
    low, high = CARD_COUNTS[ev.ranking]
    for i, p in enumerate(players, 1):
        if not low <= len(p) + board_size <= high:
            span = f"{low} to {high}" if low < high else f"exactly {low}"
            raise ValueError(
                f"hand {i} has {len(p)} cards, with a board of {board_size} that makes "
                f"{len(p) + board_size}; a {ev.ranking!r} hand has {span} cards"
            )
    deck = [c for c in range(52) if c not in seen]
    missing = board_size - len(shown)
    if missing == 0 and trials is not None:
        raise ValueError("trials: the board is complete, so there is nothing to sample")
    if seed is not None and trials is None:
        raise ValueError("seed is for trials= (sampling); without trials every board is counted")
    if trials is None and math.comb(len(deck), missing) > MAX_EXHAUSTIVE:
        raise ValueError(
            f"{math.comb(len(deck), missing):,} board completions are too many to count; pass trials="
        )
    n_players = len(players)
    wins = np.zeros(n_players)
    ties = np.zeros(n_players)
    shares = np.zeros(n_players)
    boards = 0
    for completion in _completions(deck, missing, trials, seed):
        m = len(completion)
        values = np.empty((n_players, m), dtype=np.int32)
        for i, hole in enumerate(players):
            rows = np.hstack([np.tile(np.asarray(hole + shown, dtype=np.uint8), (m, 1)), completion])
            ev.batch(rows, threads=threads, out=values[i])
        best = values.max(axis=0)
        winners = values == best
        n_winners = winners.sum(axis=0)
        wins += (winners & (n_winners == 1)).sum(axis=1)
        ties += (winners & (n_winners > 1)).sum(axis=1)
        shares += (winners / n_winners).sum(axis=1)
        boards += m
        if progress is not None:
            progress(m)
    return [
        Equity(tuple(h), float(w / boards), float(t / boards), float(s / boards), boards)
        for h, w, t, s in zip(players, wins, ties, shares)
    ]
