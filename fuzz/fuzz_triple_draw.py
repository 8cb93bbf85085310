"""Fuzz target: the triple-draw engine under random play, legal and illegal, its JSON records
(tampered) and its PHH text.

Properties: every action ``legal_actions`` lists is accepted; any other action, or a legal one
for the wrong seat, raises IllegalAction and leaves ``snapshot()`` unchanged; chips are
conserved after every step (``check_chips``); a record replays to the same hand; a record with
one field changed is refused with a ValueError or replays to a hand whose record is that
changed one; the PHH text parses as TOML.
"""

from __future__ import annotations

import copy
import json
import os
import sys

try:
    import tomllib
except ImportError:  # Python 3.10
    tomllib = None  # type: ignore[assignment]

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from _harness import Data, main  # noqa: E402
from fuzz_guts import _tamper  # noqa: E402

from wildeval.games.draw import Action, Hand, IllegalAction, Kind  # noqa: E402
from wildeval.games.draw import history as tdh  # noqa: E402
from wildeval.games.table.phh import dumps  # noqa: E402


def _garbage(data: Data, hand: Hand) -> Action:
    kind = data.pick(list(Kind))
    if kind is Kind.DISCARD:
        return Action.discard({data.int(0, 51) for _ in range(data.int(0, 6))})
    return Action(kind, data.pick([None, 0, 1, 2, 3, 4, 7, 100, -1, 10**9]))


def test_one_input(raw: bytes) -> None:
    data = Data(raw)
    n = data.int(2, 6)
    stacks = [data.int(1, 60) for _ in range(n)]
    hand = Hand(stacks, button=data.int(0, n - 1), seed=data.int(0, 2**32))
    for _ in range(400):  # a hand ends long before; garbage is at most a third of the steps
        if hand.is_over:
            break
        seat = hand.to_act
        assert seat is not None
        legal = hand.legal_actions()
        if data.chance(3):
            action, at = _garbage(data, hand), data.pick([seat, (seat + 1) % n])
            if not (at == seat and action in legal):
                before = hand.snapshot()
                try:
                    hand.act(action, at)
                except IllegalAction:
                    assert hand.snapshot() == before, (action, at)
                    continue
                # an action the hand completes (an amount of None) may be legal though not listed
                assert at == seat and action.amount is None, (action, legal)
                hand.check_chips()
                continue
        hand.act(data.pick(legal), seat)
        hand.check_chips()
    if not hand.is_over:
        return
    assert sum(hand.finishing_stacks) == sum(stacks)
    record = json.loads(tdh.to_json(hand))
    assert tdh.replay(copy.deepcopy(record)).snapshot() == hand.snapshot()
    if tomllib is not None:
        tomllib.loads(dumps(tdh.phh_fields(hand)))
    changed = _tamper(data, copy.deepcopy(record))
    try:
        replayed = tdh.replay(changed)  # type: ignore[arg-type]
    except ValueError:
        return
    again = json.loads(tdh.to_json(replayed))
    assert {k: again.get(k) for k in changed} == changed, "a changed record replayed as another"  # type: ignore[union-attr]


if __name__ == "__main__":
    main(test_one_input)
