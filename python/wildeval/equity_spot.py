"""A spot of :func:`wildeval.odds.equity` read and checked: each player's hands and weights (a
known hand, a range or every hand), the board and the dead cards, the settings, and the native
equity engine made of them (``_core.EquityEngine``). Known hands given as plain text are read in
one native call (``_core.known_spot``); anything else, and every error's words, by the reading
here. :mod:`wildeval.odds` counts the spot and answers."""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, cast

import numpy as np
import numpy.typing as npt

from wildeval import _core
from wildeval.cards import _parsed_text, format_cards, parse_cards
from wildeval.evaluator import evaluator_for
from wildeval.ranges import Range, RangeError, every_hand
from wildeval.rankings import Ranking, RankingSpec, hand_sizes, spec
from wildeval.rankings.layout import LowCategory

MAX_PLAYERS: int = _core.MAX_PLAYERS

_ONE_WEIGHT = np.ones(1)  # a known hand's weight (the engine copies it); its cards go as bytes
_ONE_WEIGHT.flags.writeable = False

Held = tuple[int, ...] | Range | str  # a known hand, a range, or "random" (hands of other sizes than two)
# a player's hands and weights: a known hand's, or random hands of another size than two, as
# lists; a range's as the arrays made once for it (_range_arrays)
Hands = list[tuple[int, ...]] | npt.NDArray[np.uint8]
Weights = list[float] | npt.NDArray[np.float64]


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
            held = _range_of_text(text)
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


@functools.lru_cache(maxsize=64)
def _range_of_text(text: str) -> Range:
    """``Range(text)``, made once for text read again (a Range does not change); an error is not
    kept, so it is raised again each time."""
    return Range(text)


_RangeArrays = tuple[npt.NDArray[np.uint8], npt.NDArray[np.float64], bool]
_range_arrays_kept: dict[int, tuple[Range, _RangeArrays]] = {}


def _range_arrays(held: Range) -> _RangeArrays:
    """A range's hands as the engine takes them (an (n, 2) array of cards, their weights), and
    whether every weight is 1; made once for each Range object (a Range does not change; ranges
    read from text are kept ones, so the same text finds them)."""
    kept = _range_arrays_kept.get(id(held))
    if kept is not None and kept[0] is held:  # the same object, held by the entry: not a reused id
        return kept[1]
    hands = np.asarray(held.hands, dtype=np.uint8).reshape(len(held), 2)
    weights = np.asarray(held.weights, dtype=np.float64)
    for array in (hands, weights):
        array.flags.writeable = False
    arrays = (hands, weights, bool((weights == 1.0).all()))
    if len(_range_arrays_kept) >= 64:
        _range_arrays_kept.clear()
    _range_arrays_kept[id(held)] = (held, arrays)
    return arrays


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


def _hands(held: Held, position: int, hole: int) -> tuple[Held, Hands, Weights]:
    """What a player holds, their hands and their weights; ``random`` is every hand of ``hole`` cards."""
    if isinstance(held, tuple):
        return held, [held], [1.0]
    if held == "random" and hole != 2:
        every = every_hand(hole)
        return held, every, [1.0] * len(every)
    if hole != 2:
        raise ValueError(f"player {position}: a range holds two-card hands, and these hands hold {hole} cards: "
                         "give a known hand or random")
    rng = _range_of_text("random") if held == "random" else cast(Range, held)
    if not len(rng):
        raise ValueError(f"player {position}: the range holds no hand")
    hand_array, weight_array, _ = _range_arrays(rng)  # a range's: the arrays made once for it
    return rng, hand_array, weight_array


@dataclass
class Spot:
    """A spot read and checked: the native equity engine's arguments and the engine, each player's
    (what they hold, their hands, their weights), their hands that can be dealt, the board's missing
    cards. (Not frozen: it is made at every call, and a frozen class's fields cost three times as
    much to set; only wildeval.odds reads it.)"""

    args: tuple[Any, ...]
    engine: Any
    parsed: list[tuple[Held, Hands, Weights]]
    combos: list[int]
    missing: int
    unit_weights: bool  # every hand of every player weighs 1: every count is a whole number
    known_hands: bool  # every player holds one known hand


def read_spot(players: Sequence[str | Range | Iterable[object]], board: str | Iterable[object],
          dead: str | Iterable[object], board_size: int, ranking: Ranking, wild: None | str | Iterable[int],
          flush_duplicates: bool, low: Ranking | None) -> Spot:
    """The players, board and settings of :func:`wildeval.odds.equity` read and checked (ValueError
    in its words)."""
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
    parsed: list[tuple[Held, Hands, Weights]]
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
    held_cards = 0
    unit_weights = True
    at = 0  # the player being read; past them, len(parsed) + 1
    try:
        for at, (held, hands, weights) in enumerate(parsed, 1):
            n = len(hands[0])
            if board_cards is not None and not (fewest <= n <= most and board_cards[0] <= board_size <= board_cards[1]):
                raise ValueError(
                    f"player {at} holds {n} cards with a board of {board_size}; an {name!r} hand has "
                    f"{hand_sizes(name)} hole cards and a board of {board_cards[0]} to {board_cards[1]}")
            if board_cards is None and not fewest <= n + board_size <= most:
                raise ValueError(
                    f"player {at} holds {n} cards, with a board of {board_size} that makes "
                    f"{n + board_size}; a {name!r} hand has {hand_sizes(name)} cards")
            held_cards += n
            if type(held) is tuple:  # a known hand
                players_arg.append((bytes(held), _ONE_WEIGHT))
                continue
            if isinstance(held, Range):  # its arrays, made once: the engine leaves out hands that meet a card seen
                hand_array, weight_array, ones = _range_arrays(held)
            else:  # random hands of another size than two, as tuples
                kept = [(h, w) for h, w in zip(hands, weights)
                        if seen.isdisjoint(h) and (not short or all(c in deck for c in h))]
                hand_array = np.asarray([h for h, _ in kept], dtype=np.uint8).reshape(len(kept), n)
                weight_array = np.asarray([w for _, w in kept], dtype=np.float64)
                ones = all(w == 1.0 for _, w in kept)
            unit_weights = unit_weights and ones
            players_arg.append((hand_array, weight_array))
        at = len(parsed) + 1
        if short:
            gone = gone + [c for c in range(52) if c not in deck]
        if held_cards + board_size + len(gone) > 52:
            raise ValueError("the deck holds too few cards for these hands, the board and the dead cards")
        if low is not None:
            if not isinstance(low, str) or spec(low).codec.category_type is not LowCategory:
                raise ValueError(f"low={low!r}: the low half is a ranking of lows such as 'omaha_low8'")
            if mask:
                raise ValueError("a pot split high and low takes no wild ranks")
        args = (name, mask, flushes, players_arg, shown, gone, board_size, low or "", True)
        engine = _core.EquityEngine(*args)
    except ValueError:
        # a player before `at` none of whose hands can be dealt is what is said first
        no_hand = _no_hand(parsed[:at - 1], _mask_of(seen, short, deck))
        if no_hand is not None:
            raise no_hand from None
        raise
    combos = engine.combos()
    return Spot(args, engine, parsed, combos, board_size - len(shown), unit_weights, known_hands)


def _no_hand(parsed: list[tuple[Held, Hands, Weights]], seen_mask: int) -> ValueError | None:
    """The error for the first player none of whose hands can be dealt (each meets a card of
    seen_mask), or None."""
    for i, (held, hands, _) in enumerate(parsed, 1):
        if type(held) is tuple:
            continue
        masks = [sum(1 << int(c) for c in h) for h in hands]
        if all(m & seen_mask for m in masks):
            return ValueError(f"player {i}: no hand of {str(held)!r} can be dealt: each shares a card "
                              "with the board, the dead cards or a known hand, or is not in the deck")
    return None


def _mask_of(seen: set[int], short: bool, deck: Any) -> int:
    """The cards a range's hand may not hold as a bit mask: those seen, and for a short deck the
    cards not in it."""
    mask = 0
    for c in seen:
        mask |= 1 << c
    if short:
        for c in range(52):
            if c not in deck:
                mask |= 1 << c
    return mask


def _plain_known_deal(players: object, board: object, dead: object, board_size: int, ranking: Ranking,
                      wild: None | str | Iterable[int], flush_duplicates: bool) -> Spot | None:
    """The deal of a spot of known hands as plain text (each player's cards, the board's, the dead
    cards'), read and checked in one native call (``_core.known_spot``); None for any other spot,
    or anything wrong with this one: :func:`read_spot` then reads it the general way and says what."""
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
    args = (name, mask, flushes, players_arg, shown, gone, board_size, "", True)  # as read_spot's (free_only)
    return Spot(args, engine, [(h, [h], [1.0]) for h in hands], [1] * len(hands), board_size - len(shown), True, True)


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


def exact_kind(engine: Any, known_hands: bool = False) -> tuple[str, int]:
    """How every deal is counted: ``("random", tasks)`` board by board against a player dealt any
    hand (src/core/equity/versus_random.hpp), else ``("exact", tasks)`` set of hands by set.
    ``known_hands``: every player holds one known hand, so none is dealt any hand."""
    if not known_hands:
        random_player, _, _, tasks, _, _, _ = engine.random_plan()
        if random_player >= 0:
            return "random", int(tasks)
    return "exact", int(engine.plan()[2])
