"""Cards as ints, and the text people write them in.

A card is an int ``4 * rank + suit``: rank 0 is the deuce and 12 the ace; suit 0 is clubs,
1 diamonds, 2 hearts, 3 spades. Text accepts ``As``, ``Td`` or ``10d`` (any case), the suit
symbols ``♣ ♦ ♥ ♠``, and optional spaces or commas between cards:

>>> parse_cards("As Kd 3h")
[51, 45, 6]
>>> parse_cards("3♥K♣K♦") == parse_cards("3h kc kd") == parse_cards([6, 44, 45])
True
>>> format_cards([51, 45, 6])
'As Kd 3h'
>>> format_cards(parse_cards("10h 3c"), unicode=True)
'T♥ 3♣'
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Iterable

from wildeval import _core

__all__ = ["RANKS", "SUITS", "card", "format_cards", "from_treys", "ordinal", "parse_cards", "rank_of",
           "stream_shows_suits", "to_treys",
           "suit_of"]

# how cards are written: the core's own characters (src/core/cards.hpp), said in one place
RANKS: str = _core.RANK_CHARS
SUITS: str = _core.SUIT_CHARS
_UNICODE_SUITS = "♣♦♥♠"
_RANK_OF_CHAR = {ch: i for i, ch in enumerate(RANKS)} | {ch.lower(): i for i, ch in enumerate(RANKS)}
_SUIT_OF_CHAR = (
    {ch: i for i, ch in enumerate(SUITS)}
    | {ch.upper(): i for i, ch in enumerate(SUITS)}
    | {ch: i for i, ch in enumerate(_UNICODE_SUITS)}
    | {ch: i for i, ch in enumerate("♧♢♡♤")}
)
_SEPARATORS = " \t\r\n,"
N_CARDS = 52


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th`` ... ``11th``, ``21st``: positions in messages count as a
    person counts, from 1, and say so.

    >>> [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 102)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '102nd']
    """
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def card(rank: int, suit: int) -> int:
    """The card of a rank index (0 = deuce .. 12 = ace) and a suit index (0 = clubs .. 3 = spades)."""
    if not (0 <= rank < 13 and 0 <= suit < 4):
        raise ValueError(f"no card has rank {rank} and suit {suit}")
    return 4 * rank + suit


def rank_of(c: int) -> int:
    """The rank index of a card: 0 = deuce .. 12 = ace."""
    return c >> 2


def suit_of(c: int) -> int:
    """The suit index of a card: 0 = clubs, 1 = diamonds, 2 = hearts, 3 = spades."""
    return c & 3


@functools.lru_cache(maxsize=4096)
def _parsed_text(text: str) -> tuple[int, ...]:
    """:func:`_parse_text` with no card twice, kept for text read again (hands, boards): an error
    is not kept, so it is raised again each time."""
    return tuple(_distinct(_parse_text(text)))


def _distinct(cards: list[int]) -> list[int]:
    """``cards``, or ValueError naming a card given twice and its two places."""
    if len(set(cards)) == len(cards):
        return cards
    seen: dict[int, int] = {}
    for i, c in enumerate(cards):
        if c in seen:
            raise ValueError(
                f"duplicate card {format_cards([c])}: the {ordinal(seen[c] + 1)} and {ordinal(i + 1)} cards"
            )
        seen[c] = i
    return cards


def _parse_text(text: str) -> list[int]:
    cards: list[int] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch in _SEPARATORS:
            i += 1
            continue
        start = i
        if text.startswith("10", i):
            rank, i = 8, i + 2
        elif ch in _RANK_OF_CHAR:
            rank, i = _RANK_OF_CHAR[ch], i + 1
        else:
            raise ValueError(
                f"bad card at the {ordinal(start + 1)} character of {text!r}: {ch!r} is not a rank "
                "(2-9, T or 10, J, Q, K, A)"
            )
        if i >= n or text[i] not in _SUIT_OF_CHAR:
            got = repr(text[i]) if i < n else "the end of the text"
            raise ValueError(
                f"bad card at the {ordinal(start + 1)} character of {text!r}: expected a suit (c d h s or ♣ ♦ ♥ ♠) "
                f"after the rank, got {got}"
            )
        cards.append(4 * rank + _SUIT_OF_CHAR[text[i]])
        i += 1
    return cards


# treys' card ints: the rank's prime in bits 0-7, the rank in 8-11, one suit bit in 12-15
# (spades 1, hearts 2, diamonds 4, clubs 8), one rank bit in 16-28
_PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
_TREYS_SUIT = (8, 4, 2, 1)  # by our suit index: clubs, diamonds, hearts, spades


def to_treys(cards: str | Iterable[object]) -> list[int]:
    """The cards as treys' ints (``treys.Card.new``), for its ``Evaluator.evaluate``.

    >>> to_treys("As Td")
    [268442665, 16795671]
    """
    return [_PRIMES[c >> 2] | (c >> 2) << 8 | _TREYS_SUIT[c & 3] << 12 | 1 << (16 + (c >> 2))
            for c in parse_cards(cards)]


def from_treys(cards: Iterable[int]) -> list[int]:
    """Cards from treys' ints; ValueError for an int that is not one of its 52 cards.

    >>> format_cards(from_treys([268442665, 16795671]))
    'As Td'
    """
    out = []
    for i, x in enumerate(cards):
        if isinstance(x, bool) or not isinstance(x, int):
            raise TypeError(f"the {ordinal(i + 1)} item ({x!r}) is not a treys card int")
        rank, suit_bits = x >> 8 & 15, x >> 12 & 15
        if rank > 12 or suit_bits not in _TREYS_SUIT:
            raise ValueError(f"the {ordinal(i + 1)} item ({x}) is not a treys card")
        c = 4 * rank + _TREYS_SUIT.index(suit_bits)
        if to_treys([c])[0] != x:
            raise ValueError(f"the {ordinal(i + 1)} item ({x}) is not a treys card")
        out.append(c)
    return out


def _foreign_card(item: object) -> str | None:
    """The text of a card object of eval7 (``Card("As")``) or pokerkit (``Card(rank, suit)``)."""
    library = type(item).__module__.split(".")[0]
    if library == "eval7":
        return str(item)
    if library == "pokerkit":
        rank, suit = getattr(item, "rank", None), getattr(item, "suit", None)
        return f"{getattr(rank, 'value', rank)}{getattr(suit, 'value', suit)}"
    return None


def _as_card(item: object, position: int) -> int:
    if type(item) is int and 0 <= item < N_CARDS:  # the common case first: a plain int card
        return item
    text = _foreign_card(item)
    if text is not None:
        try:
            return _as_card(text, position)
        except ValueError:
            raise ValueError(f"the {ordinal(position + 1)} item ({item!r}) is not a card") from None
    if isinstance(item, str):
        parsed = _parse_text(item)
        if len(parsed) != 1:
            raise ValueError(f"the {ordinal(position + 1)} item ({item!r}) is not exactly one card")
        return parsed[0]
    if isinstance(item, bool) or type(item).__name__ in ("bool_", "bool"):  # numpy's bools too
        raise TypeError(f"the {ordinal(position + 1)} item is a bool ({item!r}), not a card")
    try:
        value = operator.index(item)  # type: ignore[arg-type]  # ints, numpy ints; floats raise
    except TypeError:
        raise TypeError(
            f"the {ordinal(position + 1)} item ({item!r}, a {type(item).__name__}) is not a card: "
            "give an int 0-51 or text like 'As'"
        ) from None
    if not 0 <= value < N_CARDS:
        raise ValueError(f"the {ordinal(position + 1)} item ({value}) is not a card: cards are ints 0-51")
    return value


def parse_cards(cards: str | Iterable[object]) -> list[int]:
    """Cards from text (``"As Kd"``, ``"AsKd"``, ``"10h"``, ``"3♥K♣"``) or from an iterable of
    ints 0-51, one-card strings and card objects of eval7 or pokerkit (read by their text;
    treys' ints are ints: convert them with :func:`from_treys`).

    Raises ValueError naming the bad token and where it is, or a duplicated card; TypeError for
    items that are neither ints nor text (floats and bools included).

    >>> parse_cards("AsAs")
    Traceback (most recent call last):
    ...
    ValueError: duplicate card As: the 1st and 2nd cards
    """
    if isinstance(cards, str):
        return list(_parsed_text(cards))
    if isinstance(cards, (bytes, bytearray)):
        raise TypeError(f"cards must be text (str) or an iterable of ints, not {type(cards).__name__}")
    try:
        items = list(cards)
    except TypeError:
        raise TypeError(
            f"cards must be text or an iterable of ints, not {type(cards).__name__}"
        ) from None
    return _distinct([_as_card(item, i) for i, item in enumerate(items)])


def format_cards(cards: Iterable[int], unicode: bool = False) -> str:
    """Cards as text, separated by spaces: ``"As Kd 3h"``, or with ``unicode=True``
    ``"A♠ K♦ 3♥"``. The ten is ``T`` either way, as hand descriptions and the other card
    libraries write it (``10`` is read, never written)."""
    out = []
    for i, c in enumerate(cards):
        c = _as_card(c, i)
        rank, suit = RANKS[c >> 2], c & 3
        out.append(rank + (_UNICODE_SUITS if unicode else SUITS)[suit])
    return " ".join(out)


def stream_shows_suits(stream: object) -> bool:
    """Whether a text stream can write the suit symbols (``♣ ♦ ♥ ♠``): True for UTF-8 and other
    encodings that have them, False for ASCII, cp1252 and the like, or a stream with no known
    encoding. Front ends fall back to ``As Kd`` when it is False.

    >>> import io
    >>> stream_shows_suits(io.TextIOWrapper(io.BytesIO(), encoding="cp1252"))
    False
    >>> stream_shows_suits(io.TextIOWrapper(io.BytesIO(), encoding="utf-8"))
    True
    """
    encoding = getattr(stream, "encoding", None)
    if not isinstance(encoding, str):
        return False
    try:
        _UNICODE_SUITS.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True
