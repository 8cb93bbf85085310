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

import functools
import math
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, cast

import numpy as np
import numpy.typing as npt

from wildeval import _core
from wildeval.cards import _parsed_text, format_cards, parse_cards
from wildeval.evaluator import check_threads, evaluator_for
from wildeval.field import MAX_TRIALS, FieldOdds, versus_field
from wildeval.ranges import Range, RangeError, every_hand
from wildeval.rankings import Ranking, RankingSpec, hand_sizes, spec
from wildeval.rankings.layout import LowCategory
from wildeval.seeds import check_seed, seed_word

__all__ = ["MAX_PLAYERS", "MAX_TRIALS", "Equity", "ExactCost", "FieldOdds", "equity", "exact_cost", "versus_field"]

MAX_PLAYERS: int = _core.MAX_PLAYERS
_CHUNK: int = _core.EQUITY_CHUNK  # sampled deals per chunk, each from its own generator
_ROUND = 16  # with stderr=, the standard error is checked after every 16 chunks (1,048,576 deals)
_CHUNKS_PER_TASK = 16  # sampled chunks per Dask task
_ONE_WEIGHT = np.ones(1)  # a known hand's weight (the engine copies it); its cards go as bytes
_ONE_WEIGHT.flags.writeable = False


Held = tuple[int, ...] | Range | str  # a known hand, a range, or "random" (hands of other sizes than two)


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


def _run(deal: _Deal, client: Any, threads: int | None,
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


def _read(item: object, position: int) -> Held:
    """A player as given: a known hand's cards (text or cards), a range (text or a Range), or
    "random". Text with a comma is read as a range first, other text as cards first."""
    if type(item) is str and "," not in item:  # the common case, cards as text, read at once
        try:
            cards = _parsed_text(item)
        except ValueError:
            pass
        else:
            if cards:
                return cards
    who = f"player {position}"
    if isinstance(item, Range):
        return item
    if not isinstance(item, str):
        cards = tuple(parse_cards(cast("Iterable[object]", item)))
        if not cards:
            raise ValueError(f"{who} is empty: give a hand (As Ad), a range (QQ+, AKs) or random")
        return cards
    text = item.strip()
    if not text.strip(" ,\t"):
        raise ValueError(f"{who} is empty: give a hand (As Ad), a range (QQ+, AKs) or random")
    if text.lower() in ("random", "any"):
        return "random"
    as_range: ValueError | None = None
    as_cards: ValueError | None = None
    for read in ("range", "cards") if "," in text else ("cards", "range"):
        try:
            if read == "cards":
                return tuple(parse_cards(text))
            held = Range(text)
            if not held.hands:
                raise ValueError(f"{who}: the range {text!r} holds no hand (every weight is 0)")
            return held
        except RangeError as error:
            as_range = error
        except ValueError as error:
            if read == "range":  # a range with no hand
                raise
            as_cards = error
    # the reason of the reading the text was meant for: cards if it starts with one ("As Kx"),
    # else the range's ("AKs;QQ", "50%(AA")
    raise ValueError(f"{who}: {as_cards if _starts_with_card(text) else as_range}") from None


def _starts_with_card(text: str) -> bool:
    """Whether ``text`` begins with a card (``As``, ``10h``, ``3♥``) followed by nothing, a space
    or another card's rank: text meant as cards, whose error is the card reader's."""
    for size in (2, 3):
        head = text[:size]
        try:
            if len(parse_cards(head)) == 1 and (len(text) == size or not text[size].isalnum()
                                                 or text[size].upper() in "23456789TJQKA1"):
                return True
        except ValueError:
            pass
    return False


def _hands(held: Held, position: int, hole: int) -> tuple[Held, list[tuple[int, ...]], list[float]]:
    """What a player holds, their hands and their weights; ``random`` is every hand of ``hole`` cards."""
    if isinstance(held, tuple):
        return held, [held], [1.0]
    if held == "random" and hole != 2:
        hands = every_hand(hole)
        return held, hands, [1.0] * len(hands)
    if hole != 2:
        raise ValueError(f"player {position}: a range holds two-card hands, and these hands hold {hole} cards: "
                         "give a known hand or random")
    rng = Range("random") if held == "random" else cast(Range, held)
    if not rng.hands:
        raise ValueError(f"player {position}: the range holds no hand")
    return rng, cast("list[tuple[int, ...]]", rng.hands), rng.weights  # a range's hands are tuples


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
    deal = _deal(players, board, dead, board_size, ranking, wild, flush_duplicates, low)
    engine, parsed, combos = deal.engine, deal.parsed, deal.combos
    if deal.missing == 0 and sampled:
        raise ValueError("trials: the board is complete, so there is nothing to sample")
    n_players = len(parsed)
    work = threads or 1

    if not sampled:
        kind, tasks = _exact_kind(engine, deal.known_hands)
        if progress is None and client is None:  # every task in one call
            table = _part(engine, (kind, 0, tasks), threads or 0)
        else:
            piece = max(1, min(tasks, max(4 * work, tasks // 32)))
            rows = []
            for part in _run(deal, client, threads, [(kind, first, min(piece, tasks - first))
                                                     for first in range(0, tasks, piece)]):
                rows.append(part)
                if progress is not None:
                    progress(int(part[:, -2].sum()))
            table = rows[0] if len(rows) == 1 else np.concatenate(rows)
        # counts of whole deals (known hands, equal weights) add exactly in any order; weighted
        # ones are summed exactly rounded, so that no split of the work changes a digit
        if len(table) == 1:  # one task (a few known hands on a flop or turn)
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
    deal = _deal(players, board, dead, board_size, ranking, wild, flush_duplicates, low)
    kind, tasks = _exact_kind(deal.engine)
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


def _task_boards(deal: _Deal) -> list[int]:
    """The completions of the board each task of the board-by-board count holds (its order:
    versus_random.cpp, by the first two cards' places)."""
    _, _, _, _, _, n, k = deal.engine.random_plan()
    if k < 2:
        return [1] * (n if k == 1 else 1)
    return [math.comb(n - j - 1, k - 2) for i in range(n) for j in range(i + 1, n - k + 2)]


def _modelled(deal: _Deal, kind: str) -> tuple[float, int]:
    """The model's seconds on one thread, and deals (every set of hands, sharing cards or not)."""
    if kind == "random":
        random_player, _, completions, _, renamings, _, _ = deal.engine.random_plan()
        sets = math.prod(n for i, n in enumerate(deal.combos) if i != random_player)
        left = deal.combos[random_player]
        return completions / renamings * (_SECONDS_A_BOARD + sets * _SECONDS_A_SET), completions * sets * left
    hand_sets, boards, _, _ = deal.engine.plan()
    return hand_sets * boards * _SECONDS_A_DEAL, hand_sets * boards


@dataclass
class _Deal:
    """A spot read and checked: the native equity engine's arguments and the engine, each player's
    (what they hold, their hands, their weights), their hands that can be dealt, the board's missing
    cards. (Not frozen: it is made at every call, and a frozen class's fields cost three times as
    much to set; nothing outside this module sees it.)"""

    args: tuple[Any, ...]
    engine: Any
    parsed: list[tuple[Held, list[tuple[int, ...]], list[float]]]
    combos: list[int]
    missing: int
    unit_weights: bool  # every hand of every player weighs 1: every count is a whole number
    known_hands: bool  # every player holds one known hand


def _deal(players: Sequence[str | Range | Iterable[object]], board: str | Iterable[object],
          dead: str | Iterable[object], board_size: int, ranking: Ranking, wild: None | str | Iterable[int],
          flush_duplicates: bool, low: Ranking | None) -> _Deal:
    """The players, board and settings of :func:`equity` read and checked (ValueError in words)."""
    if low is None:  # known hands as plain text, read in one native call (the usual small spot)
        plain = _plain_known_deal(players, board, dead, board_size, ranking, wild, flush_duplicates)
        if plain is not None:
            return plain
    if isinstance(players, (str, Range)):
        raise TypeError("players must be a list (one hand, range or 'random' each), not one "
                        f"{type(players).__name__}")
    players = list(players)
    if not 2 <= len(players) <= MAX_PLAYERS:
        raise ValueError(f"odds need at least two hands and at most {MAX_PLAYERS}, got {len(players)}")
    shown = parse_cards(board)
    gone = [] if isinstance(dead, tuple) and not dead else parse_cards(dead)
    if not isinstance(board_size, int) or isinstance(board_size, bool) or not 0 <= board_size <= 7:
        raise ValueError(f"board_size must be an int 0 to 7, not {board_size!r}")
    if len(shown) > board_size:
        raise ValueError(f"the board has {len(shown)} cards, more than board_size={board_size}")
    read = [_read(p, i) for i, p in enumerate(players, 1)]
    known_hands = set(map(type, read)) == {tuple}
    parsed: list[tuple[Held, list[tuple[int, ...]], list[float]]]
    known: list[int]
    if known_hands:  # one hand each: no range to read, no hand to set aside
        held_hands: list[tuple[int, ...]] = read  # type: ignore[assignment]  # known_hands says so
        parsed = [(h, [h], [1.0]) for h in held_hands]
        known = [c for h in held_hands for c in h] + shown + gone
    else:
        sizes = {len(h) for h in read if isinstance(h, tuple)}
        hole = sizes.pop() if len(sizes) == 1 else 2
        parsed = [_hands(h, i, hole) for i, h in enumerate(read, 1)]
        known = [c for held, hands, _ in parsed if isinstance(held, tuple) for c in hands[0]] + shown + gone
    seen = set(known)
    if len(seen) < len(known):
        raise _dealt_twice(known)
    name, mask, flushes, ranking_spec = _settings(ranking, wild, flush_duplicates)
    fewest, most = ranking_spec.min_cards, ranking_spec.max_cards
    deck = ranking_spec.deck  # short deck: the cards from the sixes up; the others are dead
    short = ranking_spec.lowest_card > 0  # cards read are 0 to 51: only a short deck can miss one
    board_cards = ranking_spec.board_cards  # a split ranking (Omaha): hole cards and board apart
    if short:
        in_sight = [(f"player {i}", hands[0]) for i, (held, hands, _) in enumerate(parsed, 1)
                    if isinstance(held, tuple)] + [("the board", shown), ("the dead cards", gone)]
        for who, cards in in_sight:
            for c in cards:
                if c not in deck:
                    raise ValueError(f"{who}: {ranking_spec.not_in_deck(c)}")
    players_arg: list[tuple[bytes | npt.NDArray[np.uint8], npt.NDArray[np.float64]]] = []
    combos = []
    held_cards = 0
    unit_weights = True
    for i, (held, hands, weights) in enumerate(parsed, 1):
        n = len(hands[0])
        if board_cards is not None and not (fewest <= n <= most and board_cards[0] <= board_size <= board_cards[1]):
            raise ValueError(
                f"player {i} holds {n} cards with a board of {board_size}; an {name!r} hand has "
                f"{hand_sizes(name)} hole cards and a board of {board_cards[0]} to {board_cards[1]}")
        if board_cards is None and not fewest <= n + board_size <= most:
            raise ValueError(
                f"player {i} holds {n} cards, with a board of {board_size} that makes "
                f"{n + board_size}; a {name!r} hand has {hand_sizes(name)} cards")
        held_cards += n
        if type(held) is tuple:  # a known hand
            combos.append(1)
            players_arg.append((bytes(held), _ONE_WEIGHT))
            continue
        # hands of the deck that share no card with what is known (cards read are 0 to 51: only a
        # short deck can miss one)
        kept = [(h, w) for h, w in zip(hands, weights)
                if seen.isdisjoint(h) and (not short or all(c in deck for c in h))]
        if not kept:
            raise ValueError(f"player {i}: no hand of {str(held)!r} can be dealt: each shares a card "
                             "with the board, the dead cards or a known hand, or is not in the deck")
        hands, weights = [h for h, _ in kept], [w for _, w in kept]
        combos.append(len(hands))
        unit_weights = unit_weights and weights.count(1.0) == len(weights)
        players_arg.append((np.asarray(hands, dtype=np.uint8).reshape(len(hands), n),
                            np.asarray(weights, dtype=np.float64)))
    if short:
        gone = gone + [c for c in range(52) if c not in deck]
    if held_cards + board_size + len(gone) > 52:
        raise ValueError("the deck holds too few cards for these hands, the board and the dead cards")
    if low is not None:
        if not isinstance(low, str) or spec(low).codec.category_type is not LowCategory:
            raise ValueError(f"low={low!r}: the low half is a ranking of lows such as 'omaha_low8'")
        if mask:
            raise ValueError("a pot split high and low takes no wild ranks")
    args = (name, mask, flushes, players_arg, shown, gone, board_size, low or "")
    engine = _core.EquityEngine(*args)
    return _Deal(args, engine, parsed, combos, board_size - len(shown), unit_weights, known_hands)


def _plain_known_deal(players: object, board: object, dead: object, board_size: int, ranking: Ranking,
                      wild: None | str | Iterable[int], flush_duplicates: bool) -> _Deal | None:
    """The deal of a spot of known hands as plain text (each player's cards, the board's, the dead
    cards'), read and checked in one native call (``_core.known_spot``); None for any other spot,
    or anything wrong with this one: :func:`_deal` then reads it the general way and says what."""
    try:
        name, mask, flushes, _ = _settings(ranking, wild, flush_duplicates)
    except (TypeError, ValueError):
        return None  # the general reading says what is wrong, in its own order
    known = _core.known_spot(players, board, dead, board_size, name, mask, flushes)
    if known is None:
        return None
    engine, hands, shown, gone = known
    players_arg: list[tuple[bytes | npt.NDArray[np.uint8], npt.NDArray[np.float64]]] = [
        (bytes(h), _ONE_WEIGHT) for h in hands]
    args = (name, mask, flushes, players_arg, shown, gone, board_size, "")
    return _Deal(args, engine, [(h, [h], [1.0]) for h in hands], [1] * len(hands), board_size - len(shown), True, True)


def _settings(ranking: Ranking, wild: None | str | Iterable[int],
              flush_duplicates: bool) -> tuple[str, int, bool, RankingSpec]:
    """The engine's settings (the ranking's name, the wild ranks' mask, flush duplicates) and the
    ranking's row, checked as :class:`Evaluator` checks them (ValueError in its words); kept for
    settings that can be a cache's key, as :func:`evaluator_for` keeps its evaluators."""
    key = wild if wild is None or isinstance(wild, str) else tuple(wild)
    try:
        return _kept_settings(ranking, key, flush_duplicates)
    except TypeError:  # an unhashable setting: checked afresh, with its own error
        return _made_settings(ranking, wild, flush_duplicates)


def _made_settings(ranking: Ranking, wild: None | str | Iterable[int],
                   flush_duplicates: bool) -> tuple[str, int, bool, RankingSpec]:
    ev = evaluator_for(ranking, wild, flush_duplicates)
    return ev.ranking, sum(1 << r for r in ev.wild), ev.flush_duplicates, spec(ev.ranking)


_kept_settings = functools.lru_cache(maxsize=256)(_made_settings)


def _dealt_twice(cards: list[int]) -> ValueError:
    """The error for the first card of ``cards`` (the known hands, the board, the dead cards) that is
    there twice."""
    seen: set[int] = set()
    for c in cards:
        if c in seen:
            break
        seen.add(c)
    return ValueError(f"card {format_cards([c])} is dealt twice")


def _exact_kind(engine: Any, known_hands: bool = False) -> tuple[str, int]:
    """How every deal is counted: ``("random", tasks)`` board by board against a player dealt any
    hand (src/core/equity/versus_random.hpp), else ``("exact", tasks)`` set of hands by set.
    ``known_hands``: every player holds one known hand, so none is dealt any hand."""
    if not known_hands:
        random_player, _, _, tasks, _, _, _ = engine.random_plan()
        if random_player >= 0:
            return "random", int(tasks)
    return "exact", int(engine.plan()[2])


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
