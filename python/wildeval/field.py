"""Odds against a field: how likely one hand is to be the best against opponents holding unknown
cards, each as many as the hand, dealt uniformly from the rest of the deck. This is the guts
player's question at every stage ("should I stay in?"); :func:`versus_field` answers it natively,
exactly where every deal can be counted and by seeded sampling elsewhere.

>>> odds = versus_field("Ks Kd Kh", 1, game="three-five-seven", stage=1)
>>> odds.exact, odds.deals, round(odds.win, 4), round(odds.tie, 4)
(True, 18424, 0.9966, 0.0003)

"Win" means strictly the best hand of all, "tie" the best together with at least one opponent
(ties split nothing here: they are reported), "lose" anything else. At a low stage the best hand
is the best low (every ranking keeps "higher is better").
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, NamedTuple, cast

from wildeval.cards import parse_cards
from wildeval.evaluator import Evaluator, check_threads
from wildeval.rankings import CARD_COUNTS, Ranking, hand_sizes, spec
from wildeval.seeds import check_seed, seed_word
from wildeval.stages import stage_settings, table_game
from wildeval.wild import wild_text

__all__ = ["DEFAULT_TRIALS", "MAX_TRIALS", "FieldOdds", "versus_field"]

DEFAULT_TRIALS = 1_000_000  # sampled deals when neither exact counting nor trials= is asked for
MAX_TRIALS = 1_000_000_000  # for every sampled odds: about ten minutes on one core, a run nobody waits past
_CHUNK = 1 << 16  # deals a seeded chunk of the native sampler holds (kFieldChunk)
_CHUNKS_PER_CALL = 64  # chunks per native call when progress is reported


@dataclass(frozen=True)
class FieldOdds:
    """The chance of winning, tying and losing against the field. ``deals``: the deals counted
    (every possible one when ``exact``, else the sampled ones); ``stderr``: the standard error of
    ``win`` when sampled (the other two have at most the same), None when exact."""

    win: float
    tie: float
    lose: float
    exact: bool
    deals: int
    stderr: float | None


def _stage_settings(game: str, stage: object, n_cards: int) -> tuple[Ranking, str | None, bool]:
    settings = stage_settings(game, stage)  # the registry of wildeval.stages: the games register there
    if n_cards != settings.cards:
        raise ValueError(f"stage {stage} of {game} deals {settings.cards} cards, but the hand has {n_cards}")
    return settings.ranking, settings.wild, table_game(game).flush_duplicates


def versus_field(
    cards: str | Iterable[object],
    opponents: int,
    *,
    ranking: Ranking = "high",
    wild: None | str | Iterable[int] = None,
    game: str | None = None,
    stage: int | None = None,
    flush_duplicates: bool = True,
    exact: bool | None = None,
    trials: int | None = None,
    seed: int | None = None,
    threads: int | None = None,
    progress: Callable[[int], object] | None = None,
    client: Any = None,
) -> FieldOdds:
    """``cards`` against ``opponents`` opponents whose hands (each as many cards as ``cards``)
    come uniformly from the rest of the deck.

    The ranking and wild ranks are ``ranking``/``wild`` (as for :class:`~wildeval.Evaluator`), or
    those of stage ``stage`` (1 = the first) of the guts preset ``game``
    (``"three-five-seven"``, ``"crazy-three-five-seven"`` with its cumulative wilds, ``"napalm"``
    with its low stage, ``"three-five-seven-onlinepoker"``), so that a player need not know them.

    ``exact=None`` counts every deal where that is possible (one opponent at any stage, two
    opponents with hands of at most three cards) and samples ``trials`` deals (default
    ``DEFAULT_TRIALS``) otherwise; ``exact=True`` insists on counting, ``exact=False`` on
    sampling. A sample is seeded by ``seed``, any int (:mod:`wildeval.seeds`; a random seed
    when None), and gives the same answer for any ``threads``. ``progress``, if given, is called
    with the number of deals done as a sample goes (in steps of a few million; the answer is the same either way).

    ``client`` (a ``distributed.Client``) samples on a Dask cluster: each task takes a slice of
    64 of the sampler's seeded chunks of 65,536 deals (on ``threads`` threads, default 1), and
    the counts add up to exactly those of one call here. An exact count runs here either way.

    >>> versus_field("As Ad", 3, game="napalm", stage=1, trials=200_000, seed=1).exact
    False
    """
    hand = parse_cards(cards)
    n = len(hand)
    if isinstance(opponents, bool) or not isinstance(opponents, int) or opponents < 1:
        raise ValueError(f"opponents must be an int >= 1, not {opponents!r}")
    if game is not None or stage is not None:
        if game is None:
            raise ValueError("stage= needs game=")
        if ranking != "high" or wild is not None:
            raise ValueError("give game= and stage=, or ranking= and wild=, not both")
        if stage is None:
            raise ValueError("game= needs stage= (1 for the first stage)")
        ranking, wild, flush_duplicates = _stage_settings(game, stage, n)
    ev = Evaluator(ranking, wild, flush_duplicates=flush_duplicates)
    low, high = CARD_COUNTS[ev.ranking]
    if not low <= n <= high:
        raise ValueError(f"a {ev.ranking!r} hand has {hand_sizes(ev.ranking)} cards, not {n}")
    if spec(ev.ranking).board_cards is not None:
        raise ValueError(f"an {ev.ranking!r} hand is hole cards and a board: its odds against a field come from "
                         "equity() with random players")
    if spec(ev.ranking).lowest_card:
        raise ValueError(f"the field is dealt from the 52-card deck; the deck of {ev.ranking!r} has no field "
                         "odds yet (equity() takes its hands and ranges)")
    if n * (opponents + 1) > 52:
        raise ValueError(f"one deck holds no {opponents} more hands of {n} cards beside this one")
    countable = opponents == 1 or (opponents == 2 and n <= 3)
    word = 0  # the core's seed of a sample
    if exact is None:
        exact = countable and trials is None
    if exact:
        if not countable:
            raise ValueError(
                "every deal is counted for one opponent, or two with hands of at most three cards; "
                f"{opponents} opponents with {n} cards need sampling (exact=False or trials=)")
        if trials is not None or seed is not None:
            raise ValueError("trials= and seed= are for sampling; an exact count takes neither")
    else:
        if trials is None:
            trials = DEFAULT_TRIALS
        if isinstance(trials, bool) or not isinstance(trials, int) or not 1 <= trials <= MAX_TRIALS:
            raise ValueError(f"trials must be an int from 1 to {MAX_TRIALS:,}, not {trials!r}")
        word = seed_word(None if seed is None else check_seed(seed))
    mode = opponents if exact else 0
    threads = check_threads(threads)
    if not exact and client is not None:
        from wildeval.dask import map_ordered

        assert trials is not None
        tasks = [_FieldTask(ev.ranking, wild_text(ev.wild), ev.flush_duplicates, hand, opponents, trials, word,
                            threads or 1, first) for first in range(0, -(-trials // _CHUNK), _CHUNKS_PER_CALL)]
        win = tie = lose = 0
        step = None if progress is None else (lambda task: progress(_deals_of(task)))
        for w, t, lo in map_ordered(client, _field_task, tasks, progress=step):
            win, tie, lose = win + w, tie + t, lose + lo
    elif exact or progress is None:
        win, tie, lose = ev._versus_field(hand, opponents, mode, trials or 0, word, threads)
    else:  # the same chunks of the same run, a slice of them per call, to report between calls
        assert trials is not None
        chunks = -(-trials // _CHUNK)
        win = tie = lose = 0
        for first in range(0, chunks, _CHUNKS_PER_CALL):
            w, t, lo = ev._versus_field(hand, opponents, 0, trials, word, threads, first, _CHUNKS_PER_CALL)
            win, tie, lose = win + w, tie + t, lose + lo
            progress(w + t + lo)
    deals = win + tie + lose
    p = win / deals
    return FieldOdds(win=p, tie=tie / deals, lose=lose / deals, exact=bool(exact), deals=deals,
                     stderr=None if exact else math.sqrt(p * (1 - p) / deals))


class _FieldTask(NamedTuple):
    """One task of a distributed sample: the evaluator's settings, the hand and ``opponents``,
    the run's ``trials`` and ``seed`` word, ``threads``, and its first chunk (``first``; it runs
    :data:`_CHUNKS_PER_CALL` chunks from there)."""

    ranking: str
    wild: str | None
    flush_duplicates: bool
    hand: list[int]
    opponents: int
    trials: int
    seed: int
    threads: int
    first: int


def _deals_of(task: _FieldTask) -> int:
    return max(0, min(task.trials, (task.first + _CHUNKS_PER_CALL) * _CHUNK) - task.first * _CHUNK)


def _field_task(task: _FieldTask) -> tuple[int, int, int]:
    """Chunks ``first`` to ``first + 64`` of a seeded sample (one task of a distributed run)."""
    ranking, wild, flush_duplicates, hand, opponents, trials, seed, threads, first = task
    ev = Evaluator(cast(Ranking, ranking), wild, flush_duplicates=flush_duplicates)
    return ev._versus_field(hand, opponents, 0, trials, seed, threads, first, _CHUNKS_PER_CALL)
