"""The native evaluator: settings bound once, then fast per call and per batch."""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Iterable
from typing import Any, cast, overload

import numpy as np
import numpy.typing as npt

from wildeval import _core
from wildeval.cards import parse_cards
from wildeval.rankings import CARD_COUNTS, Ranking, hand_sizes, names, spec
from wildeval.values import AnyCategory, Category, decode, describe
from wildeval.wild import Settings, parse_wild, wild_text

__all__ = ["CARD_COUNTS", "RANKINGS", "Evaluator", "Ranking", "census", "evaluator_for", "hand_sizes"]

# the registered rankings the native core has too (the registry's order; a test checks that this is
# every ranking of the core); CARD_COUNTS, hand_sizes and Ranking are the registry's
RANKINGS: tuple[str, ...] = tuple(name for name in names() if name in _core.RANKINGS)
_STAND_IN_SUITS = (3, 2, 1, 0)  # spades, hearts, diamonds, clubs
MAX_THREADS: int = _core.MAX_THREADS  # the core never starts more; a larger threads= runs with this many


def _check_settings(ranking: object, flush_duplicates: object) -> Ranking:
    if not isinstance(ranking, str) or ranking not in RANKINGS:
        raise ValueError(f"unknown ranking {ranking!r}; choose one of {', '.join(RANKINGS)}")
    if not isinstance(flush_duplicates, (bool, np.bool_)):
        raise TypeError(f"flush_duplicates must be a bool, not {type(flush_duplicates).__name__}")
    return cast(Ranking, ranking)


def check_threads(threads: object) -> int | None:
    """``threads=`` as the core takes it: None (every core) or an int >= 1, at most
    ``MAX_THREADS`` (the work is the same for any count; more threads than rows or cores start
    only as many as are useful)."""
    if threads is None:
        return None
    if type(threads) is int and threads >= 1:  # the usual answer, at once
        return min(threads, MAX_THREADS)
    if isinstance(threads, (bool, np.bool_)) or not isinstance(threads, (int, np.integer)):
        raise TypeError(f"threads must be None or an int >= 1, not {type(threads).__name__}")
    if threads < 1:
        raise ValueError(f"threads must be None or an int >= 1, got {int(threads)}")
    return min(int(threads), MAX_THREADS)


class Evaluator(_core.Evaluator, Settings[Ranking]):
    """A hand evaluator for one ranking and one wild setting.

    Rankings (:data:`RANKINGS`; :mod:`wildeval.rankings` tells each one's rules):

    - ``"high"``: 1-7 cards, the best five (under five cards, groups only);
    - ``"low27"``: deuce-to-seven lowball, 5-7 cards;
    - ``"low_a5"``: ace-to-five lowball, 5-7 cards;
    - ``"three_card_poker"``: exactly 3 cards;
    - ``"badugi"``: exactly 4 cards;
    - ``"short_deck"`` and ``"short_deck_straight_beats_trips"``: 5-7 cards of the 36-card deck
      (sixes to aces), a flush beating a full house; three of a kind beats a straight in the
      first, loses to it in the second;
    - ``"omaha"`` and ``"omaha_low8"`` (eight-or-better low): 4-6 hole cards and a board of 3-5,
      exactly two hole cards and three of the board playing, given in two parts:
      ``ev(hole, board)`` and ``ev.batch(holes, boards)``.

    Each has its own value scale, higher = better; wild ranks work with "high" and
    "three_card_poker".

    ``Evaluator(ranking="high", wild=None, *, flush_duplicates=True)``
        ranking: one of the names above.
        wild: None, rank characters ("3", "357", "T" or "10") or rank indices 0-12.
        flush_duplicates: whether a wild card in a flush may repeat a card held (A-A-9-5-2).

    ``ev(cards) -> int``
        The value of one hand: an int, higher is better, equal values tie (see
        :mod:`wildeval.values` for what the bits mean). ``cards`` is a list or tuple of ints
        0-51, text such as ``"As Kd 3h"``, or any iterable of ints and one-card strings, as many
        as the ranking takes (:func:`hand_sizes`). Bad cards raise ValueError
        (TypeError for floats and bools) naming the card and where it is.

    ev.batch(array) evaluates one hand per row of a 2-D integer array, natively and without the
    GIL; ev.category and ev.describe say what a value (or an array of them) means.

    >>> ev = Evaluator()
    >>> ev.describe(ev("As Ks Qs Js Ts 2c 2d"))
    'Royal flush'
    >>> Evaluator(wild="2").category(Evaluator(wild="2")("2c 2d 2h 2s Ah"))
    <Category.FIVE_OF_A_KIND: 9>
    """

    def __init__(
        self,
        ranking: Ranking = "high",
        wild: None | str | Iterable[int] = None,
        *,
        flush_duplicates: bool = True,
    ) -> None:
        """An evaluator for ``ranking`` with ``wild`` ranks (see the class's documentation)."""
        ranking = _check_settings(ranking, flush_duplicates)
        wild_ranks = parse_wild(wild)
        super().__init__(ranking, sum(1 << r for r in wild_ranks), bool(flush_duplicates))
        self._ranking = ranking
        self._wild = wild_ranks
        self._flush_duplicates = bool(flush_duplicates)

    def __eq__(self, other: object) -> bool:
        """Evaluators are equal when their settings are: they give every hand the same value.

        >>> Evaluator("high", "2") == Evaluator(wild=[0]), Evaluator() == Evaluator("low27")
        (True, False)
        """
        if not isinstance(other, Evaluator):
            return NotImplemented
        return self._settings() == other._settings()

    def __hash__(self) -> int:
        return hash(self._settings())

    def _settings(self) -> tuple[Any, ...]:
        return (type(self), self._ranking, self._wild, self._flush_duplicates)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled and copied as its settings (for another process, or ``copy.copy``).

        >>> import pickle
        >>> pickle.loads(pickle.dumps(Evaluator("high", "2")))("2c 2d 2h 2s As")
        10289152
        """
        return (_rebuild, (type(self), self._ranking, sorted(self._wild), self._flush_duplicates))

    def batch(
        self,
        hands: npt.ArrayLike,
        boards: npt.ArrayLike | None = None,
        *,
        threads: int | None = None,
        out: npt.NDArray[np.int32] | None = None,
    ) -> npt.NDArray[np.int32]:
        """Values of many hands: one hand per row of a 2-D integer array (any integer dtype, any
        memory layout; uint8 is the fastest). Returns an int32 array with one value per row, or
        writes into ``out`` (a C-contiguous int32 array of that length) and returns it: reusing
        one ``out`` saves allocating and first touching new memory on every call. A new result of
        2,097,152 values or more is written into the memory of the last such
        result that was dropped (kept for it where the OS can take it back lazily), so it saves
        that too; it is then a view of that memory (``.base``).

        ``threads=None`` uses every core. ``out`` may share memory with ``hands``: the hands are
        then copied first, so every value is of the hand as given. Floats or bools raise TypeError;
        a card outside 0-51, a duplicate in a row, or a wrong shape raise ValueError naming the row. On an error ``out``
        may have been partly written.

        >>> Evaluator().batch([[48, 49, 50, 0, 1], [0, 4, 8, 12, 51]]).tolist() == [
        ...     Evaluator()("Ac Ad Ah 2c 2d"), Evaluator()("2c 3c 4c 5c As")]
        True

        ``boards``, a second 2-D array with a row for each hand, gives every hand in two parts,
        its hole cards and a board (:mod:`wildeval.two_parts`): for "omaha" the two parts play
        apart, for the other rankings a hand is their union.
        """
        if boards is not None:
            from wildeval.two_parts import batch_two_parts

            return batch_two_parts(self, hands, boards, threads, out)
        if spec(self._ranking).board_cards is not None:
            raise TypeError(f"an {self._ranking!r} hand is hole cards and a board: call batch(holes, boards)")
        array = np.asarray(hands)
        if array.dtype == np.bool_ or array.dtype.kind not in "iu":
            raise TypeError(f"hands must hold integers, not {array.dtype}")
        if not array.dtype.isnative:  # the core reads native byte order; this copy keeps every value
            array = array.astype(array.dtype.newbyteorder("="))
        if out is not None and not isinstance(out, np.ndarray):
            raise TypeError(f"out must be a numpy int32 array, not {type(out).__name__}")
        threads = check_threads(threads)
        if out is not None and np.may_share_memory(array, out):
            array = array.copy()  # the core would read hands it has already overwritten
        return self._batch(array, threads, out)

    @overload
    def category(self, value: int) -> AnyCategory: ...
    @overload
    def category(self, value: npt.NDArray[np.integer]) -> npt.NDArray[np.int8]: ...

    def category(self, value: int | npt.NDArray[np.integer]) -> AnyCategory | npt.NDArray[np.int8]:
        """The category of a value (for lowball, the hand's own category: 6-5-4-3-2 is a
        STRAIGHT in deuce-to-seven). Given a numpy array of values, an int8 array of the
        categories' numbers, element by element.

        A number that no hand has under this evaluator raises ValueError.

        >>> ev = Evaluator()
        >>> ev.category(ev.batch([[48, 49, 50, 0, 1], [0, 4, 8, 12, 51]])).tolist()
        [6, 4]
        """
        if isinstance(value, np.ndarray):
            return self._elementwise(value, lambda v: int(self.category(v)), np.int8)
        return decode(self._check_value(value), self._ranking)[0]

    @overload
    def describe(self, value: int) -> str: ...
    @overload
    def describe(self, value: npt.NDArray[np.integer]) -> npt.NDArray[np.str_]: ...

    def describe(self, value: int | npt.NDArray[np.integer]) -> str | npt.NDArray[np.str_]:
        """A value as players say it: ``"Three of a kind, kings"``, ``"Flush, A-A-9-5-2"``,
        ``"7-5-4-3-2"`` in deuce-to-seven. Given a numpy array of values, an array of strings
        of the same shape.

        A number that no hand has under this evaluator raises ValueError.

        >>> ev = Evaluator()
        >>> ev.describe(ev.batch([[48, 49, 50, 0, 1], [0, 4, 8, 12, 51]])).tolist()
        ['Full house, aces over deuces', 'Straight, five high']
        >>> ev.describe(123)
        Traceback (most recent call last):
        ...
        ValueError: 123 is not a hand value
        """
        if isinstance(value, np.ndarray):
            return self._elementwise(value, self.describe, np.str_)
        return describe(self._check_value(value), self._ranking)

    def _check_value(self, value: object) -> int:
        """``value`` as an int, if some hand has it under this evaluator's settings."""
        if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
            raise TypeError(f"a hand value is an int, not {type(value).__name__}")
        v = int(value)
        category, ranks = decode(v, self._ranking)
        refusal = spec(self._ranking).codec.refusal(category, ranks, bool(self._wild), self._flush_duplicates)
        if refusal is not None:
            raise ValueError(f"{v} is not a value of {self!r}: {refusal}")
        return v

    @staticmethod
    def _elementwise(values: npt.NDArray[Any], fn: Callable[[int], Any], dtype: type) -> npt.NDArray[Any]:
        """``fn`` of every element, computed once per distinct value."""
        if values.dtype == np.bool_ or values.dtype.kind not in "iu":
            raise TypeError(f"hand values must be integers, not {values.dtype}")
        distinct, inverse = np.unique(values, return_inverse=True)
        mapped: npt.NDArray[Any] = np.array([fn(v) for v in distinct.tolist()], dtype=dtype)
        return mapped[inverse.reshape(values.shape)] if distinct.size else np.empty(values.shape, dtype)

    @overload
    def rank(self, value: int, n_cards: int = 5) -> int: ...
    @overload
    def rank(self, value: npt.NDArray[np.integer], n_cards: int = 5) -> npt.NDArray[np.int32]: ...
    def rank(self, value: int | npt.NDArray[np.integer], n_cards: int = 5) -> int | npt.NDArray[np.int32]:
        """The class of a value among every class of hands of ``n_cards`` cards under these
        settings, 1 for the best, as treys counts (:mod:`wildeval.classes`; hands of 5 to 7
        cards share the classes of five); ``classes(n_cards)`` says how many there are.

        >>> ev = Evaluator()
        >>> ev.rank(ev("As Ks Qs Js Ts")), ev.rank(ev("Kh Kd 9c 5s 2d")), ev.classes()
        (1, 3727, 7462)
        """
        from wildeval.classes import class_rank

        return class_rank(self, value, n_cards)

    def classes(self, n_cards: int = 5) -> int:
        """How many classes the hands of ``n_cards`` cards fall in under these settings."""
        from wildeval.classes import class_count

        return class_count(self, n_cards)

    def best_five_of_parts(self, cards: str | Iterable[object], board: str | Iterable[object]) -> list[tuple[int, int]]:
        """:meth:`best_five` of a hand given as hole cards and a board (``ev(cards, board)``): for
        "omaha", the two hole cards and three board cards that make it, in reading order.

        >>> from wildeval.cards import format_cards
        >>> format_cards(c for c, _ in Evaluator("omaha").best_five_of_parts("As Ks 2c 2d", "Qs Js Ts 9h 2h"))
        'As Ks Qs Js Ts'
        """
        hole, shown = parse_cards(cards), parse_cards(board)
        value = self(hole, shown)
        row = spec(self._ranking)
        if row.board_cards is None:
            return self.best_five(hole + shown)
        if value == 0 and row.codec.decode(0) is not None:
            return []  # no hand qualifies (an eight-or-better low half without a low)
        # the two and three whose five, valued alone, is the hand
        five_ev = Evaluator(cast(Ranking, row.five_card_ranking))
        five = next(list(two + three) for two in itertools.combinations(hole, 2)
                    for three in itertools.combinations(shown, 3) if five_ev(list(two + three)) == value)
        return five_ev.best_five(five)

    def best_five(self, cards: str | Iterable[object]) -> list[tuple[int, int]]:
        """The cards that make the value, as ``(card, plays_as)`` pairs in reading order (the
        deciding groups first). A natural card plays as itself, a wild card as its stand-in.

        >>> from wildeval.cards import format_cards
        >>> picks = Evaluator(wild="3").best_five("3h Kc Kd")
        >>> format_cards(c for c, _ in picks), format_cards(p for _, p in picks)
        ('Kd Kc 3h', 'Kd Kc Ks')
        """
        hand = parse_cards(cards)
        value = self(hand)
        category, ranks = decode(value, self._ranking)
        playing = spec(self._ranking).codec.cards_that_play(hand, category, ranks)
        if playing is not None:
            return [(c, c) for c in playing]
        if len(hand) <= 5:
            chosen = hand
        else:
            # the five that make the value with the fewest wild cards
            chosen = min(
                (list(five) for five in itertools.combinations(hand, 5) if self(list(five)) == value),
                key=lambda five: sum((c >> 2) in self._wild for c in five),
            )
        return _stand_ins(chosen, value, self._ranking, self._wild, set(hand))


# ev(cards) without an argument tuple (the core's call is Evaluator's own)
_core.fast_calls(Evaluator)


def _rebuild(cls: type[Evaluator], ranking: Ranking, wild: list[int], flush_duplicates: bool) -> Evaluator:
    """An unpickled Evaluator (Evaluator.__reduce__)."""
    return cls(ranking, wild, flush_duplicates=flush_duplicates)


def _ranks_of_hand(value: int, n_cards: int, ranking: str) -> list[int]:
    """The ranks a hand of this value shows, in reading order."""
    cat, r = decode(value, ranking)
    assert isinstance(cat, Category), "a ranking of other categories says which cards play itself"
    if cat in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
        # from the top card down; below the deck's lowest rank comes the ace (A-2-3-4-5, A-2-3,
        # and A-6-7-8-9 in short deck)
        lowest = spec(ranking).lowest_card >> 2
        return [r[0] - i if r[0] - i >= lowest else 12 for i in range(n_cards)]
    groups = {
        Category.PAIR: [2], Category.TWO_PAIR: [2, 2], Category.THREE_OF_A_KIND: [3],
        Category.FULL_HOUSE: [3, 2], Category.FOUR_OF_A_KIND: [4], Category.FIVE_OF_A_KIND: [5],
    }.get(cat, [])
    ranks = [rank for rank, size in zip(r, groups) for _ in range(size)] + r[len(groups):]
    return ranks[:n_cards]


def _stand_ins(
    chosen: list[int], value: int, ranking: str, wild: frozenset[int], held: set[int]
) -> list[tuple[int, int]]:
    needed = _ranks_of_hand(value, len(chosen), ranking)
    naturals = [c for c in chosen if (c >> 2) not in wild]
    wilds = [c for c in chosen if (c >> 2) in wild]
    pairs: list[tuple[int, int, int]] = []  # (reading position, card, plays as)
    open_slots = list(range(len(needed)))
    for c in sorted(naturals, key=lambda c: -c):
        slot = next(i for i in open_slots if needed[i] == c >> 2)
        open_slots.remove(slot)
        pairs.append((slot, c, c))
    flush_suit = None
    if decode(value, ranking)[0] in (Category.FLUSH, Category.STRAIGHT_FLUSH):
        flush_suit = naturals[0] & 3 if naturals else 3
    taken = set(held)
    for c, slot in zip(wilds, open_slots):
        rank = needed[slot]
        if flush_suit is not None:
            suits: tuple[int, ...] = (flush_suit,)
        else:
            suits = tuple(s for s in _STAND_IN_SUITS if 4 * rank + s not in taken) or (3,)
        plays_as = 4 * rank + suits[0]
        taken.add(plays_as)
        pairs.append((slot, c, plays_as))
    return [(c, p) for _, c, p in sorted(pairs)]


def census(
    n_cards: int,
    ranking: Ranking = "high",
    wild: None | str | Iterable[int] = None,
    *,
    flush_duplicates: bool = True,
    threads: int | None = None,
    client: Any = None,
    progress: Callable[[int], object] | None = None,
) -> dict[AnyCategory, int]:
    """How many of the C(52, n_cards) hands fall in each category, counted exactly and natively
    (``threads=None`` uses every core). Every category of the ranking's kind is a key
    (:class:`Category`, or :class:`~wildeval.values.BadugiCategory` for badugi), with 0 where
    none fall.

    ``client`` (a ``distributed.Client``, ``pip install 'dask[distributed]' (the dask extra)``) counts on a Dask
    cluster instead: one task per lowest card (the hands whose lowest card is that one), each on
    ``threads`` threads (default 1 there), the counts added; the sums are the same integers.
    ``progress``, if given, is called with 1 as each of those tasks ends (with ``client`` only).

    >>> census(5)[Category.STRAIGHT_FLUSH]
    40
    >>> census(5, wild="2")[Category.FIVE_OF_A_KIND]
    672
    """
    if isinstance(n_cards, bool) or not isinstance(n_cards, (int, np.integer)):
        raise TypeError(f"n_cards must be an int, not {type(n_cards).__name__}")
    ev = Evaluator(ranking, wild, flush_duplicates=flush_duplicates)
    low, high = CARD_COUNTS[ev.ranking]
    if spec(ev.ranking).board_cards is not None:
        raise ValueError(f"an {ev.ranking!r} hand is hole cards and a board: there is no census of them")
    if not low <= n_cards <= high:
        raise ValueError(f"a {ev.ranking!r} census counts hands of {hand_sizes(ev.ranking)} cards, got {n_cards}")
    threads = check_threads(threads)
    if client is None:
        counts = ev._census(int(n_cards), threads)
    else:
        from wildeval.dask import map_ordered

        tasks = [(ev.ranking, wild_text(ev.wild), ev.flush_duplicates, int(n_cards), lowest, threads or 1)
                 for lowest in range(53 - int(n_cards))]
        counts = [0] * len(Category)
        step = None if progress is None else (lambda task: progress(1))
        for part in map_ordered(client, _census_task, tasks, progress=step):
            counts = [a + b for a, b in zip(counts, part)]
    kind = spec(ev.ranking).codec.category_type
    return {cast(AnyCategory, category): int(counts[category]) for category in kind}


def _census_task(task: tuple[str, str | None, bool, int, int, int]) -> list[int]:
    """The census of the hands whose lowest card is ``lowest`` (one task of a distributed census)."""
    ranking, wild, flush_duplicates, n_cards, lowest, threads = task
    ev = Evaluator(cast(Ranking, ranking), wild, flush_duplicates=flush_duplicates)
    return list(ev._census(n_cards, threads, lowest, lowest + 1))


@functools.lru_cache(maxsize=64)
def _kept_evaluator(ranking: Ranking, wild: str | tuple[int, ...] | None, flush_duplicates: bool) -> Evaluator:
    return Evaluator(ranking, wild, flush_duplicates=flush_duplicates)


def evaluator_for(ranking: Ranking = "high", wild: None | str | Iterable[int] = None,
                  flush_duplicates: bool = True) -> Evaluator:
    """An :class:`Evaluator` of these settings, made once and kept for settings that can be a
    cache's key (the odds functions ask for one at every call); a bad setting raises as the
    constructor does."""
    key = wild if wild is None or isinstance(wild, str) else tuple(wild)
    try:
        return _kept_evaluator(ranking, key, flush_duplicates)
    except TypeError:  # an unhashable ranking or wild rank: made afresh, with its own error
        return Evaluator(ranking, list(key) if isinstance(key, tuple) else key, flush_duplicates=flush_duplicates)
