"""The ``wild`` setting of an evaluator: which ranks are wild, read from what people write
(:func:`parse_wild`) and written back as text (:func:`wild_text`); and how an evaluator shows
its three settings (:class:`Settings`), the same for the native evaluator and the reference."""

from __future__ import annotations

import operator
from collections.abc import Iterable
from typing import ClassVar, Generic, TypeVar

from wildeval.cards import RANKS, ordinal

__all__ = ["Settings", "WildError", "parse_wild", "wild_text"]

_RANK_OF_CHAR = {ch: i for i, ch in enumerate(RANKS)}


class WildError(ValueError):
    """A ``wild`` setting that names no ranks rightly. ``character`` is the character of a text
    setting that is not a rank, or None (a text that names no rank, or a bad iterable): so that
    a front end can say the same in its own words."""

    def __init__(self, message: str, character: str | None = None) -> None:
        super().__init__(message)
        self.character = character


def parse_wild(wild: None | str | Iterable[int]) -> frozenset[int]:
    """The wild rank indices (0 = deuce .. 12 = ace) of a ``wild`` setting.

    None means no wild cards; a string names ranks by character (``"3"``, ``"357"``, ``"A"``,
    ``"T"`` or ``"10"`` for tens); an iterable gives rank indices 0-12. A bad setting raises
    :class:`WildError` (a ValueError).

    >>> sorted(parse_wild("357"))
    [1, 3, 5]
    >>> sorted(parse_wild([0]))
    [0]
    >>> parse_wild("3X")
    Traceback (most recent call last):
    ...
    wildeval.wild.WildError: wild='3X': 'X', the 2nd character, is not a rank (2-9, T or 10, J, Q, K, A)
    """
    if wild is None:
        return frozenset()
    ranks: set[int] = set()
    if isinstance(wild, str):
        text = wild.replace("10", "T").upper()
        for pos, ch in enumerate(text):
            if ch in " ,":
                continue
            if ch not in _RANK_OF_CHAR:
                raise WildError(
                    f"wild={wild!r}: {ch!r}, the {ordinal(pos + 1)} character, is not a rank "
                    "(2-9, T or 10, J, Q, K, A)", ch
                )
            ranks.add(_RANK_OF_CHAR[ch])
        if not ranks:
            raise WildError(f"wild={wild!r} names no rank; use None for no wild cards")
        return frozenset(ranks)
    if isinstance(wild, (bytes, bytearray, float)) or not isinstance(wild, Iterable):
        raise WildError(
            f"wild must be None, a string of ranks or an iterable of rank indices 0-12, not {wild!r}"
        )
    for item in wild:
        if isinstance(item, bool):
            raise WildError(f"wild={wild!r}: {item!r} is not a rank index 0-12")
        try:
            r = operator.index(item)
        except TypeError:
            raise WildError(f"wild={wild!r}: {item!r} is not a rank index 0-12") from None
        if not 0 <= r < 13:
            raise WildError(f"wild={wild!r}: {r} is not a rank index 0-12")
        ranks.add(r)
    return frozenset(ranks)


def wild_text(ranks: Iterable[int]) -> str | None:
    """Wild rank indices as the text :func:`parse_wild` reads, lowest first; None for none (the
    setting of no wild cards).

    >>> wild_text({5, 1, 3}), wild_text(parse_wild("A10")), wild_text(())
    ('357', 'TA', None)
    """
    return "".join(RANKS[r] for r in sorted(ranks)) or None


R = TypeVar("R", bound=str)


class Settings(Generic[R]):
    """An evaluator's three settings (its ranking, its wild ranks and whether a wild card in a
    flush may duplicate a card of the flush) as properties and in the ``repr``, read from
    ``_ranking``, ``_wild`` and ``_flush_duplicates``, which each evaluator reads, checks and
    sets itself (``R``: the type of its ranking's name). The native :class:`~wildeval.Evaluator`
    and the reference one (:class:`wildeval.reference.Evaluator`) show them through it."""

    __slots__ = ()
    _ranking: R
    _wild: frozenset[int]
    _flush_duplicates: bool
    # how the repr names the ranking: positionally (the native evaluator) or as ``ranking=``
    _REPR_RANKING: ClassVar[str] = ""

    @property
    def ranking(self) -> R:
        """The ranking's name (:data:`wildeval.evaluator.RANKINGS`)."""
        return self._ranking

    @property
    def wild(self) -> frozenset[int]:
        """The wild rank indices (0 = deuce .. 12 = ace)."""
        return self._wild

    @property
    def flush_duplicates(self) -> bool:
        """Whether a wild card in a flush may duplicate a card of the flush."""
        return self._flush_duplicates

    def __repr__(self) -> str:
        return (f"Evaluator({self._REPR_RANKING}{self._ranking!r}, wild={wild_text(self._wild)!r}, "
                f"flush_duplicates={self._flush_duplicates})")
