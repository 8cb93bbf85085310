"""Fuzz target: the per-call entry points of ``Evaluator`` (``ev(cards)``, ``category``,
``describe``, ``best_five``) and its constructor, on random settings and hands.

Properties: the native evaluator equals the pure-Python reference (the same value, category,
description and best five, or the same kind of error); a refused construction is refused by
both; a number the native side describes is described alike by the reference.
"""

from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import numpy as np  # noqa: E402
from _harness import Data, main, same_outcome, settings  # noqa: E402

from wildeval import Evaluator, reference  # noqa: E402

_EVALUATORS: dict[str, tuple[Evaluator, reference.Evaluator]] = {}


def _pair(key: tuple[str, object, object]) -> tuple[Evaluator, reference.Evaluator] | None:
    if repr(key) not in _EVALUATORS:
        ranking, wild, flush = key
        built = same_outcome(lambda: Evaluator(ranking, wild, flush_duplicates=flush),  # type: ignore[arg-type]
                             lambda: reference.Evaluator(ranking, wild, flush_duplicates=flush),  # type: ignore[arg-type]
                             same_kind=False)
        if built[0] is None:
            return None
        _EVALUATORS[repr(key)] = (built[0], built[1])  # type: ignore[assignment]
    return _EVALUATORS[repr(key)]


def test_one_input(raw: bytes) -> None:
    data = Data(raw)
    key: tuple[str, object, object] = settings(data)
    if data.chance(8):  # hostile settings
        key = (data.pick(["high", "HIGH", "low", "", "low27"]),
               data.pick([None, "", "1", "Z", "3", "357", "23456789TJQKA", [0, 12], [13], [-1], [True], 3.5, "10"]),
               data.pick([True, False, 1, None, np.bool_(True)]))
    pair = _pair(key)
    if pair is None:
        return
    native, ref = pair
    n = data.int(0, 9)
    cards = [data.int(0, 51) for _ in range(n)]
    if data.chance(4):  # mostly distinct, sometimes not
        cards = list(dict.fromkeys(cards))
    else:
        cards = list(dict.fromkeys(cards + list(range(52))))[:n]
    if data.chance(16) and cards:
        cards[data.int(0, len(cards) - 1)] = data.pick([-1, 52, 255, 2**40])
    value, expected = same_outcome(lambda: native(cards), lambda: ref(cards))
    assert value == expected, (native, cards, value, expected)
    if value is None:
        return
    assert native.category(value) == ref.category(value), (native, value)
    assert native.describe(value) == ref.describe(value), (native, value)
    # best five: where several fives make the value (2c or 2d) either may be named; the cards
    # are the hand's own, they make the value, and they play as the same ranks in the same order
    mine, theirs = native.best_five(cards), ref.best_five(cards)
    assert len(mine) == min(5, len(cards)) and {c for c, _ in mine} <= set(cards), (native, cards, mine)
    assert native([c for c, _ in mine]) == value, (native, cards, mine)
    assert [p >> 2 for _, p in mine] == [p >> 2 for _, p in theirs], (native, cards, mine, theirs)
    assert native.category(np.array([value])).tolist() == [int(ref.category(value))]
    other = value ^ (1 << data.int(0, 31)) if data.bool() else data.int(-(2**33), 2**33)
    # the native side also refuses numbers no hand has under its own settings (five of a kind
    # without wild cards); what it describes, the reference describes alike
    try:
        described = native.describe(other)
    except ValueError:
        return
    assert described == ref.describe(other), (native, other, described)


if __name__ == "__main__":
    main(test_one_input)
