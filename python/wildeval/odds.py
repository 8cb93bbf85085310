"""Showdown odds: how often each player wins or ties once the board is complete
(:func:`equity`: known hands or ranges, against each other), and how likely one hand is to be the
best against a field of unknown hands (:func:`versus_field`, from :mod:`wildeval.field`).

Both are counted natively (``src/core/equity/equity.cpp``, ``src/core/equity/field.cpp``): every deal, or a
seeded random sample of them, evaluated a block at a time by the batch kernels.

>>> result = equity(["As Ad", "Kc Kd"], board="2h 7s 9c Qd")
>>> [round(r.equity, 4) for r in result], result[0].boards
([0.9545, 0.0455], 44)
>>> [round(r.equity, 3) for r in equity(["QQ+, AKs", "random"], board="Ah 7c 2d")]
[0.837, 0.163]
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, cast

import numpy as np
import numpy.typing as npt

from wildeval import _core
from wildeval.equity_spot import MAX_PLAYERS, Spot, exact_kind, read_spot
from wildeval.evaluator import check_threads
from wildeval.field import MAX_TRIALS, FieldOdds, versus_field
from wildeval.ranges import Range
from wildeval.rankings import Ranking
from wildeval.seeds import check_seed, seed_word

__all__ = ["MAX_PLAYERS", "MAX_TRIALS", "Equity", "ExactCost", "FieldOdds", "equity", "exact_cost", "versus_field"]

_CHUNK: int = _core.EQUITY_CHUNK  # sampled deals per chunk, each from its own generator
_ROUND = 16  # with stderr=, the standard error is checked after every 16 chunks (1,048,576 deals)
_CHUNKS_PER_TASK = 16  # sampled chunks per Dask task


@dataclass(frozen=True)
class Equity:
    """One player's result: ``win`` and ``tie`` are the shares of deals won alone and shared,
    ``equity`` the expected share of the pot (a tie among k counts 1/k), ``stderr`` its standard
    error (0.0 where every deal is counted). ``hand`` is a known hand's cards or the player's
    :class:`~wildeval.ranges.Range` (``"random"`` for every hand of a size other than two);
    ``combos`` the player's hands that could be dealt (none shares a card with the board, the dead
    cards or a known hand); ``boards`` the deals counted (every set of hands times every completion
    of the board; sampled, the deals drawn)."""

    hand: tuple[int, ...] | Range | str
    win: float
    tie: float
    equity: float
    boards: int
    combos: int = 1
    stderr: float = 0.0


# What one task of a run needs: the engine's arguments, then ("exact", first task, tasks),
# ("random", first task, tasks) or ("sampled", trials, seed word, first chunk, chunks), then threads.
_Task = tuple[tuple[Any, ...], tuple[Any, ...], int]


def _equity_task(task: _Task) -> npt.NDArray[np.float64]:
    """The rows of one part of a run on a Dask worker, which makes its own equity engine."""
    args, work, threads = task
    return _part(_core.EquityEngine(*args), work, threads)


def _run(deal: Spot, client: Any, threads: int | None,
         parts: list[tuple[Any, ...]]) -> Iterable[npt.NDArray[np.float64]]:
    """The rows of each part of a run, in order: on the Dask cluster of ``client``, or here on the
    deal's one engine (so that an exact count's plan is made once)."""
    if client is not None:
        from wildeval.dask import map_ordered

        yield from map_ordered(client, _equity_task, [(deal.args, part, threads or 1) for part in parts])
    else:
        for part in parts:
            yield _part(deal.engine, part, threads or 0)


def _part(engine: Any, work: tuple[Any, ...], threads: int) -> npt.NDArray[np.float64]:
    """The rows of one part of a run: one per exact task, or one for a run of sampled chunks."""
    if work[0] == "exact":
        return cast("npt.NDArray[np.float64]", engine.exact(work[1], work[2], threads))
    if work[0] == "random":
        return cast("npt.NDArray[np.float64]", engine.versus_random(work[1], work[2], threads))
    return cast("npt.NDArray[np.float64]", engine.sampled(*work[1:], threads)[None, :])


def equity(
    players: Sequence[str | Range | Iterable[object]],
    board: str | Iterable[object] = (),
    *,
    dead: str | Iterable[object] = (),
    board_size: int = 5,
    ranking: Ranking = "high",
    wild: None | str | Iterable[int] = None,
    flush_duplicates: bool = True,
    trials: int | None = None,
    seed: int | None = None,
    stderr: float | None = None,
    threads: int | None = None,
    progress: Callable[[int], object] | None = None,
    client: Any = None,
    low: Ranking | None = None,
) -> list[Equity]:
    """Each player's odds at showdown once the board has ``board_size`` cards.

    Each of the 2 to ``MAX_PLAYERS`` players is a known hand (``"As Ad"`` or card ints), a
    range (``"QQ+, AKs:0.5"`` or a :class:`~wildeval.ranges.Range`) or ``"random"``; ``board``
    holds the shared cards dealt so far and ``dead`` cards that nobody can hold. A deal gives
    each player one of their hands, none sharing a card with another, the board or the dead
    cards, and completes the board from the rest; it counts with the product of the players'
    weights. By default every deal is counted, however many there are (a player dealt any hand,
    ``"random"``, is counted board by board where the hands hold two cards and the pot goes to the
    best hand: :func:`exact_cost` says what a count will take); ``trials=N``
    samples N deals instead (seeded by ``seed``, any int (:mod:`wildeval.seeds`); at most ``MAX_TRIALS``), and
    ``stderr=e`` samples until every player's equity has a standard error of at most ``e``
    (checked after every 1,048,576 deals; up to ``trials``, or ``MAX_TRIALS``).

    ``ranking``, ``wild`` and ``flush_duplicates`` are as for :class:`Evaluator`; a player's
    hand is their cards plus the board, so its size must suit the ranking, and a range's
    hands have two cards (``random`` takes the size of the known hands). A complete board
    (nothing left to deal) is one deal per set of hands.

    The work is split in a way fixed by the arguments (one set of hands and one first card of
    the board, or a run of sets; sampled, chunks of 65,536 deals from generators of (seed,
    chunk)), so ``threads`` and ``client`` (a ``distributed.Client``: parts run as tasks on a
    Dask cluster, each on ``threads`` threads, default 1 there) never change the result.

    >>> [(r.win, r.tie) for r in equity(["7c 2d", "7d 2c"], "Ks Qs Js 9h 8h")]
    [(0.0, 1.0), (0.0, 1.0)]
    >>> [r.win for r in equity(["Ah Kh Qh", "2c 3d 5h"], board_size=0, ranking="three_card_poker")]
    [1.0, 0.0]
    >>> aces = equity(["AA", "KK"], dead="Ac")[0]
    >>> round(aces.equity, 4), aces.combos, aces.boards
    (0.8022, 3, 27610902)

    ``low`` splits the pot high and low (Omaha hi/lo: ``ranking="omaha", low="omaha_low8"``):
    the best high hand takes half, the best qualifying low the other half, ties share their half,
    and without a low the high hand takes it all. ``win`` is then the share of deals in which the
    player takes the whole pot (scoops), ``tie`` of those in which it takes a part of it (a half,
    a quarter ...), and ``equity`` its share of the pot, as always.

    >>> hi_lo = equity(["As 2s 3d Kd", "Ah Kh Qc Jc"], "4c 5h 9s", ranking="omaha", low="omaha_low8")
    >>> [round(r.equity, 3) for r in hi_lo], round(sum(r.equity for r in hi_lo), 12)
    ([0.702, 0.298], 1.0)
    """
    if trials is not None and (isinstance(trials, bool) or not isinstance(trials, int) or trials < 1):
        raise ValueError(f"trials must be None or an int >= 1, not {trials!r}")
    if trials is not None and trials > MAX_TRIALS:
        raise ValueError(f"trials must be at most {MAX_TRIALS:,}, not {trials:,}")
    if stderr is not None and (isinstance(stderr, bool) or not isinstance(stderr, (int, float))
                               or not 0 < stderr < 1):
        raise ValueError(f"stderr must be None or a number between 0 and 1, not {stderr!r}")
    if seed is not None:
        seed = check_seed(seed)
    sampled = trials is not None or stderr is not None
    if seed is not None and not sampled:
        raise ValueError("seed is for trials= or stderr= (sampling); without them every deal is counted")
    threads = check_threads(threads)
    deal = read_spot(players, board, dead, board_size, ranking, wild, flush_duplicates, low)
    engine, parsed, combos = deal.engine, deal.parsed, deal.combos
    if deal.missing == 0 and sampled:
        raise ValueError("trials: the board is complete, so there is nothing to sample")
    n_players = len(parsed)
    work = threads or 1

    if not sampled:
        kind, tasks = exact_kind(engine, deal.known_hands)
        # counts of whole deals (known hands, equal weights) add exactly in any order; weighted
        # ones are summed exactly rounded (math.fsum's doubles), so that no split of the work
        # changes a digit
        if progress is None and client is None:  # every task in one call, added up in the core
            totals = (engine.exact_total if kind == "exact" else engine.versus_random_total)(0, tasks, threads or 0)
        else:
            piece = max(1, min(tasks, max(4 * work, tasks // 32)))
            rows = []
            for part in _run(deal, client, threads, [(kind, first, min(piece, tasks - first))
                                                     for first in range(0, tasks, piece)]):
                rows.append(part)
                if progress is not None:
                    progress(int(part[:, -2].sum()))
            table = rows[0] if len(rows) == 1 else np.concatenate(rows)
            if len(table) == 1:
                totals = table[0]
            elif deal.unit_weights or not (table % 1).any():
                totals = table.sum(axis=0)
            else:
                totals = np.array([math.fsum(column) for column in table.T])
    else:
        word = seed_word(seed)
        cap = trials if trials is not None else MAX_TRIALS
        chunks = -(-cap // _CHUNK)
        step = _ROUND if stderr is not None else (_CHUNKS_PER_TASK if client is not None or progress else chunks)
        totals = np.zeros(n_players * (n_players + 1) + n_players + 3)
        first = 0
        while first < chunks:
            count = min(step, chunks - first)
            parts = [("sampled", cap, word, at, min(_CHUNKS_PER_TASK, first + count - at))
                     for at in range(first, first + count, _CHUNKS_PER_TASK)] if client is not None else \
                [("sampled", cap, word, first, count)]
            for part in _run(deal, client, threads, parts):
                totals += part[0]
                if progress is not None:
                    progress(int(part[0, -2]))
            first += count
            if stderr is not None and max(_stderrs(totals, n_players)) <= stderr:
                break
    if totals[-3] == 0:  # no weight
        raise ValueError("no deal: in every set of the players' hands two of them share a card")
    deals = int(totals[-2])
    errors = _stderrs(totals, n_players) if sampled else _NO_ERRORS
    # each player's win, tie and equity: the counts by how many share the pot (k = 1 alone, k
    # shared k ways, worth 1/k; k = 0 the parts of a split pot less their halves), summed exactly
    # rounded (math.fsum's doubles, added up in the core) over the weight
    return [_equity(held, win, tie, share, deals, n, err) for (held, _, _), n, err, (win, tie, share)
            in zip(parsed, combos, errors, _core.equity_answers(totals, n_players))]


_NO_ERRORS = [0.0] * MAX_PLAYERS  # every deal counted
_new_equity = object.__new__


def _equity(hand: tuple[int, ...] | Range | str, win: float, tie: float, share: float, boards: int, combos: int,
            stderr: float) -> Equity:
    """``Equity(hand, win, tie, share, boards, combos, stderr)``, the same object made without the
    frozen class's seven guarded attribute sets (a third of the time; equity makes one a player at
    every call)."""
    made = _new_equity(Equity)
    fields = made.__dict__
    fields["hand"], fields["win"], fields["tie"], fields["equity"] = hand, win, tie, share
    fields["boards"], fields["combos"], fields["stderr"] = boards, combos, stderr
    return made


@dataclass(frozen=True)
class ExactCost:
    """What counting every deal of a spot would take on this machine: about ``seconds`` on
    ``threads`` threads and ``deals`` deals, estimated from ``probed`` of the count's ``tasks``
    timed now, one thread each; ``by_board``: a random player is counted board by board."""

    seconds: float
    deals: int
    tasks: int
    probed: int
    threads: int
    by_board: bool


def exact_cost(
    players: Sequence[str | Range | Iterable[object]],
    board: str | Iterable[object] = (),
    *,
    dead: str | Iterable[object] = (),
    board_size: int = 5,
    ranking: Ranking = "high",
    wild: None | str | Iterable[int] = None,
    flush_duplicates: bool = True,
    threads: int | None = None,
    low: Ranking | None = None,
    probe: float = 0.2,
) -> ExactCost:
    """Time a few runs of tasks of :func:`equity`'s exact count of this spot (taken evenly
    through the count, until ``probe`` seconds have passed; at least one) and scale them up to every task on
    ``threads`` threads (default: every core :func:`equity` would use). An estimate: tasks differ,
    and threads share a core's caches. The arguments are :func:`equity`'s.

    >>> cost = exact_cost(["AA", "random"])
    >>> cost.by_board, cost.seconds > 0, cost.deals > 10**10
    (True, True, True)
    """
    threads = check_threads(threads)
    if isinstance(probe, bool) or not isinstance(probe, (int, float)) or not 0 <= probe <= 60:
        raise ValueError(f"probe must be a number of seconds from 0 to 60, not {probe!r}")
    deal = read_spot(players, board, dead, board_size, ranking, wild, flush_duplicates, low)
    kind, tasks = exact_kind(deal.engine)
    workers = threads or _core.default_threads()
    modelled, deals = _modelled(deal, kind)
    if modelled / tasks > _PROBE_TASKS_UP_TO:  # a task too long to time: the model alone
        return ExactCost(modelled / min(workers, tasks), deals, tasks, 0, workers, kind == "random")
    # board by board: single tasks, weighed by their boards; set by set: runs of tasks timed
    # together (a call sets up every hand's sum once, as equity's calls do)
    weights = _task_boards(deal) if kind == "random" else [1] * tasks
    run = 1 if kind == "random" else max(1, tasks // 64)
    starts = list(dict.fromkeys(int((i * 0.6180339887498949) % 1.0 * (tasks - run + 1)) for i in range(256)))
    started = time.perf_counter()
    deals = done = probed = 0
    for first in starts[:64]:
        deals += int(_part(deal.engine, (kind, first, run), 1)[:, -2].sum())
        done += sum(weights[first:first + run])
        probed += run
        if time.perf_counter() - started >= probe:
            break
    whole = sum(weights)
    share = done / whole
    return ExactCost((time.perf_counter() - started) / share / min(workers, tasks), round(deals / share), tasks,
                     probed, workers, kind == "random")


# exact_cost's model of a count (seconds on one thread, for counts whose tasks are too long to
# time): the board-by-board count's boards and sets of the others' hands, the set-by-set count's
# deals. Rough on purpose: it only decides that a count takes far longer than a probe.
_PROBE_TASKS_UP_TO = 1.0  # a task the model puts above this many seconds is not timed
_SECONDS_A_BOARD, _SECONDS_A_SET, _SECONDS_A_DEAL = 2e-6, 3e-8, 1e-9


def _task_boards(deal: Spot) -> list[int]:
    """The completions of the board each task of the board-by-board count holds (its order:
    versus_random.cpp, by the first two cards' places)."""
    _, _, _, _, _, n, k = deal.engine.random_plan()
    if k < 2:
        return [1] * (n if k == 1 else 1)
    return [math.comb(n - j - 1, k - 2) for i in range(n) for j in range(i + 1, n - k + 2)]


def _modelled(deal: Spot, kind: str) -> tuple[float, int]:
    """The model's seconds on one thread, and deals (every set of hands, sharing cards or not)."""
    if kind == "random":
        random_player, _, completions, _, renamings, _, _ = deal.engine.random_plan()
        sets = math.prod(n for i, n in enumerate(deal.combos) if i != random_player)
        left = deal.combos[random_player]
        return completions / renamings * (_SECONDS_A_BOARD + sets * _SECONDS_A_SET), completions * sets * left
    hand_sets, boards, _, _ = deal.engine.plan()
    return hand_sets * boards * _SECONDS_A_DEAL, hand_sets * boards


def _stderrs(totals: npt.NDArray[np.float64], n_players: int) -> list[float]:
    """Each player's standard error of equity from a sample's counts (one deal, one count)."""
    shares = totals[: n_players * (n_players + 1)].reshape(n_players, n_players + 1)
    squares = totals[n_players * (n_players + 1): n_players * (n_players + 2)]
    n = totals[-2]
    if n < 2:
        return [math.inf] * n_players
    ties = np.maximum(np.arange(n_players + 1), 1)
    mean = (shares / ties).sum(axis=1) / n
    if squares.any():  # a pot split high and low: the squares of the parts taken, counted apart
        square = (shares[:, 1] + squares) / n
    else:
        square = (shares / ties**2).sum(axis=1) / n
    return [float(math.sqrt(max(s - m * m, 0.0) * n / (n - 1) / n)) for m, s in zip(mean, square)]
