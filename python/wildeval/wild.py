"""The ``wild`` setting of an evaluator: which ranks are wild."""

from __future__ import annotations

import operator
from collections.abc import Iterable

from wildeval.cards import ordinal

__all__ = ["parse_wild"]

_RANK_OF_CHAR = {ch: i for i, ch in enumerate("23456789TJQKA")}


def parse_wild(wild: None | str | Iterable[int]) -> frozenset[int]:
    """The wild rank indices (0 = deuce .. 12 = ace) of a ``wild`` setting.

    None means no wild cards; a string names ranks by character (``"3"``, ``"357"``, ``"A"``,
    ``"T"`` or ``"10"`` for tens); an iterable gives rank indices 0-12.

    >>> sorted(parse_wild("357"))
    [1, 3, 5]
    >>> sorted(parse_wild([0]))
    [0]
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
                raise ValueError(
                    f"wild={wild!r}: {ch!r}, the {ordinal(pos + 1)} character, is not a rank "
                    "(2-9, T or 10, J, Q, K, A)"
                )
            ranks.add(_RANK_OF_CHAR[ch])
        if not ranks:
            raise ValueError(f"wild={wild!r} names no rank; use None for no wild cards")
        return frozenset(ranks)
    if isinstance(wild, (bytes, bytearray, float)) or not isinstance(wild, Iterable):
        raise ValueError(
            f"wild must be None, a string of ranks or an iterable of rank indices 0-12, not {wild!r}"
        )
    for item in wild:
        if isinstance(item, bool):
            raise ValueError(f"wild={wild!r}: {item!r} is not a rank index 0-12")
        try:
            r = operator.index(item)
        except TypeError:
            raise ValueError(f"wild={wild!r}: {item!r} is not a rank index 0-12") from None
        if not 0 <= r < 13:
            raise ValueError(f"wild={wild!r}: {r} is not a rank index 0-12")
        ranks.add(r)
    return frozenset(ranks)
