"""Fuzz target: ``parse_cards`` and ``Evaluator(...)(text)`` on hostile text and items.

Properties: only ValueError or TypeError ever comes out; parsed cards are distinct ints 0-51
that format and parse back to themselves; the native evaluator given text agrees with the
native evaluator given the parsed ints and with the pure-Python reference given the same text
(same value, or the same kind of error).
"""

from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import numpy as np  # noqa: E402
from _harness import CARD_ALPHABET, Data, evaluator_pair, main, same_outcome  # noqa: E402

from wildeval.cards import format_cards, parse_cards  # noqa: E402



def _item(data: Data) -> object:
    kind = data.int(0, 9)
    if kind <= 4:
        return data.int(0, 51)
    if kind == 5:
        return data.text(CARD_ALPHABET, 3)
    if kind == 6:
        return data.pick([-1, 52, 2**31, 2**64, -(2**63), np.int8(5), np.uint64(51), np.int64(-3)])
    return data.pick([True, np.bool_(False), 3.0, None, b"As", [1], "10h", "As Kd"])


def test_one_input(raw: bytes) -> None:
    data = Data(raw)
    native, ref = evaluator_pair(data)
    cards: object
    if data.bool():
        cards = data.text(CARD_ALPHABET, 24)
    else:
        items = [_item(data) for _ in range(data.int(0, 9))]
        cards = data.pick([list, tuple, iter])(items)
        if isinstance(cards, type(iter([]))):
            cards = list(cards)  # a list, after all: the same items go to every function below
    try:
        parsed = parse_cards(cards)  # type: ignore[arg-type]
    except (ValueError, TypeError):
        parsed = None
    if parsed is not None:
        assert all(type(c) is int and 0 <= c < 52 for c in parsed), parsed
        assert len(set(parsed)) == len(parsed), parsed
        assert parse_cards(format_cards(parsed)) == parsed
        assert parse_cards(format_cards(parsed, unicode=True)) == parsed
    value, expected = same_outcome(lambda: native(cards), lambda: ref(cards))  # type: ignore[arg-type]
    assert value == expected, (cards, value, expected)
    if value is not None:
        assert parsed is not None and native(parsed) == value, (cards, parsed)
    elif parsed is not None:  # refused although it parses: only the hand's size may be wrong
        low, high = {"high": (1, 7), "three_card_poker": (3, 3)}.get(native.ranking, (5, 7))
        assert not low <= len(parsed) <= high, (cards, parsed)


if __name__ == "__main__":
    main(test_one_input)
