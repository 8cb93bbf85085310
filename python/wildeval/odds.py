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
from typing import Any, cast

import numpy as np
import numpy.typing as npt

from wildeval.cards import format_cards, parse_cards
from wildeval.evaluator import Evaluator, check_threads
from wildeval.rankings import CARD_COUNTS, Ranking, hand_sizes
from wildeval.wild import wild_text
from wildeval.field import MAX_TRIALS, FieldOdds, versus_field

__all__ = ["MAX_EXHAUSTIVE", "MAX_TRIALS", "Equity", "FieldOdds", "equity", "versus_field"]

MAX_EXHAUSTIVE = 3_000_000  # more board completions than this need trials=
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


def _entropy(seed: int | None) -> int | list[int]:
    """The entropy of the seed sequence of ``seed``: the seed itself (a fresh one for None)."""
    if seed is None:
        return int(cast(int, np.random.SeedSequence().entropy))
    return seed


def _sampled(deck: Sequence[int], missing: int, trials: int, entropy: int | list[int],
             chunk: int) -> npt.NDArray[np.uint8]:
    """Chunk ``chunk`` of a sample: up to 200,000 completions drawn from the ``chunk``-th seed
    spawned by ``SeedSequence(entropy)``, so that any group of chunks can be drawn anywhere."""
    rng = np.random.default_rng(np.random.SeedSequence(entropy, spawn_key=(chunk,)))
    cards = np.asarray(deck, dtype=np.uint8)
    n = min(_CHUNK, trials - chunk * _CHUNK)
    # a random permutation prefix per row: distinct cards, uniform over completions
    keys = rng.random((n, len(cards)))
    return cards[np.argpartition(keys, missing - 1, axis=1)[:, :missing]]


def _counted(deck: Sequence[int], missing: int, first: int | None = None) -> Iterable[npt.NDArray[np.uint8]]:
    """Every completion in chunks of rows (those whose first card is ``deck[first]``, if given)."""
    if missing == 0:  # the board is complete: one deal
        yield np.empty((1, 0), dtype=np.uint8)
        return
    if first is None:
        combos: Iterable[tuple[int, ...]] = itertools.combinations(deck, missing)
    else:
        combos = ((deck[first], *rest) for rest in itertools.combinations(deck[first + 1:], missing - 1))
    iterator = iter(combos)
    while True:
        chunk = np.fromiter(itertools.chain.from_iterable(itertools.islice(iterator, _CHUNK)), dtype=np.uint8)
        if chunk.size == 0:
            return
        yield chunk.reshape(-1, missing)


def _tally(ev: Evaluator, players: Sequence[list[int]], shown: list[int], completion: npt.NDArray[np.uint8],
           threads: int | None, counts: npt.NDArray[np.int64]) -> None:
    """Adds to ``counts[p, k]`` the boards on which player ``p`` is among ``k`` best hands."""
    m = len(completion)
    n_players = len(players)
    values = np.empty((n_players, m), dtype=np.int32)
    for i, hole in enumerate(players):
        rows = np.hstack([np.tile(np.asarray(hole + shown, dtype=np.uint8), (m, 1)), completion])
        ev.batch(rows, threads=threads, out=values[i])
    winners = values == values.max(axis=0)
    n_winners = winners.sum(axis=0)
    for i in range(n_players):
        counts[i] += np.bincount(n_winners[winners[i]], minlength=n_players + 1)


# what one task of a distributed run needs: the settings, the cards and its part of the work
_Task = tuple[str, "str | None", bool, list[list[int]], list[int], list[int], int, int, "int | list[int]", int, int,
              "int | None"]
_CHUNKS_PER_TASK = 5  # sampled chunks per task (a million boards)


def _equity_task(task: _Task) -> npt.NDArray[np.int64]:
    """The counts of one task: sampled chunks ``first`` to ``first + n`` (``trials`` > 0), or every
    completion whose first card is ``deck[first]`` (``trials`` == 0)."""
    ranking, wild, flush_duplicates, players, shown, deck, missing, trials, entropy, first, n, threads = task
    ev = Evaluator(cast(Ranking, ranking), wild, flush_duplicates=flush_duplicates)
    counts = np.zeros((len(players), len(players) + 1), dtype=np.int64)
    if trials:
        for chunk in range(first, first + n):
            _tally(ev, players, shown, _sampled(deck, missing, trials, entropy, chunk), threads, counts)
    else:
        for completion in _counted(deck, missing, first):
            _tally(ev, players, shown, completion, threads, counts)
    return counts


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
    client: Any = None,
) -> list[Equity]:
    """Each hand's odds at showdown once the board has ``board_size`` cards.

    ``hands``: each player's own cards (text or ints); ``board``: the shared cards dealt so far.
    All cards must be different. By default every completion of the board is counted (at most
    ``MAX_EXHAUSTIVE``); ``trials=N`` samples N completions instead (seeded by ``seed``; at most
    ``MAX_TRIALS``).
    ``ranking``, ``wild`` and ``flush_duplicates`` are as for :class:`Evaluator`; each player's
    hand is their cards plus the board, so its size must suit the ranking. A complete board
    (nothing left to deal) is one deal:

    A sample is drawn in chunks of 200,000 boards, chunk ``i`` from the ``i``-th seed of
    ``numpy.random.SeedSequence(seed).spawn(...)``; ``client`` (a ``distributed.Client``) runs
    groups of five chunks (or, when counting, the completions of each first card) as tasks on a
    Dask cluster, each on ``threads`` threads (default 1 there). Wins and ties are counted as
    integers (per player, per number of best hands), so a cluster gives exactly the result of
    a run here.

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
            raise ValueError(
                f"hand {i} has {len(p)} cards, with a board of {board_size} that makes "
                f"{len(p) + board_size}; a {ev.ranking!r} hand has {hand_sizes(ev.ranking)} cards"
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
    counts = np.zeros((n_players, n_players + 1), dtype=np.int64)  # [p, k]: p among k best
    if client is not None and missing > 0:
        from wildeval.dask import map_ordered

        common = (ev.ranking, wild_text(ev.wild), ev.flush_duplicates, players, shown, deck, missing)
        if trials is None:
            tasks: list[_Task] = [(*common, 0, 0, first, 1, threads or 1)
                                  for first in range(len(deck) - missing + 1)]
        else:
            entropy = _entropy(seed)
            chunks = -(-trials // _CHUNK)
            tasks = [(*common, trials, entropy, first, min(_CHUNKS_PER_TASK, chunks - first), threads or 1)
                     for first in range(0, chunks, _CHUNKS_PER_TASK)]

        def step(task: _Task) -> None:
            if progress is not None:
                first, n = task[9], task[10]
                progress(min(trials, (first + n) * _CHUNK) - first * _CHUNK if trials else
                         math.comb(len(deck) - first - 1, missing - 1))

        for part in map_ordered(client, _equity_task, tasks, progress=step):
            counts += part
    elif trials is None:
        for completion in _counted(deck, missing):
            _tally(ev, players, shown, completion, threads, counts)
            if progress is not None:
                progress(len(completion))
    else:
        entropy = _entropy(seed)
        for chunk in range(-(-trials // _CHUNK)):  # the chunks of the distributed run, in order
            completion = _sampled(deck, missing, trials, entropy, chunk)
            _tally(ev, players, shown, completion, threads, counts)
            if progress is not None:
                progress(len(completion))
    boards = math.comb(len(deck), missing) if trials is None else trials
    shares = (counts / np.maximum(np.arange(n_players + 1), 1)).sum(axis=1)
    return [
        Equity(tuple(h), float(c[1] / boards), float(c[2:].sum() / boards), float(sh / boards), boards)
        for h, c, sh in zip(players, counts, shares)
    ]
