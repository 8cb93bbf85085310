"""Histories: one record per game or hand, written whole, read back and replayed.

A simulation writes each finished game (or hand) as one record with one ``write`` call, so an
interrupted run leaves whole records only (the command line's ``output_records`` relies on it):

>>> import io
>>> out = io.StringIO()
>>> write_record(out, {"game": 1, "winner": "A"}); write_record(out, "[2]\\nhand = 2\\n")
>>> print(out.getvalue(), end="")
{"game":1,"winner":"A"}
[2]
hand = 2
>>> [r["winner"] for r in read_records(['{"winner": "A"}', "", '{"winner": null}'])]
['A', None]

Replaying takes a record's actions through the engine again (:func:`apply_recorded` turns a
refused one into a ValueError saying where), and :func:`differences` says what differs between
a recorded event and the replayed one.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from typing import Any, TextIO, TypeVar

from wildeval.games.table.actions import IllegalAction, Operations

__all__ = ["MISSING", "apply_recorded", "differences", "read_records", "record_line", "write_record"]

A = TypeVar("A")

MISSING: Any = type("Missing", (), {"__repr__": lambda self: "nothing"})()
"""A key a record or a replayed event does not have (shown as ``nothing``)."""


def record_line(record: Mapping[str, Any]) -> str:
    """A record as one line of JSON (compact, keys in their order) with its newline."""
    return json.dumps(record, separators=(",", ":")) + "\n"


def write_record(out: TextIO, record: Mapping[str, Any] | str, *, flush: bool = False) -> None:
    """Write one whole record in one ``write`` call: a mapping as a JSON line, text (a PHH
    section, say) as it is; ``flush`` it at once (a history written during play)."""
    out.write(record if isinstance(record, str) else record_line(record))
    if flush:
        out.flush()


def read_records(lines: Iterable[str]) -> Iterator[dict[str, Any]]:
    """The JSON records of JSON Lines text (blank lines skipped); ValueError naming the line
    that is not a JSON object.

    >>> list(read_records(["[1, 2]"]))
    Traceback (most recent call last):
    ...
    ValueError: line 1 is not a record (a JSON object): [1, 2]
    """
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as error:
            raise ValueError(f"line {number} is not JSON: {error}") from None
        if not isinstance(record, dict):
            raise ValueError(f"line {number} is not a record (a JSON object): {line.strip()[:80]}")
        yield record


def apply_recorded(engine: Operations[A], action: A, where: str) -> None:
    """Apply a recorded action; if the engine refuses it, ValueError ``"{where}: {why}"``."""
    try:
        engine.apply(action)
    except IllegalAction as error:
        raise ValueError(f"{where}: {error}") from None


def differences(what: str, recorded: Mapping[str, Any], replayed: Mapping[str, Any],
                depth: int = 0) -> list[tuple[str, object, object]]:
    """``(what, recorded, replayed)`` for each key whose values differ (:data:`MISSING` where
    one side has none), looking one level into nested objects.

    >>> differences("the deal's", {"cards": {"A": "2c", "B": "3c"}}, {"cards": {"A": "2c", "B": "4c"}, "x": 1})
    [("the deal's cards for B", '3c', '4c'), ("the deal's x", nothing, 1)]
    """
    out: list[tuple[str, object, object]] = []
    for k in list(replayed) + [k for k in recorded if k not in replayed]:
        was, now = recorded.get(k, MISSING), replayed.get(k, MISSING)
        if was == now:
            continue
        if depth == 0 and isinstance(was, Mapping) and isinstance(now, Mapping):
            out += differences(f"{what} {k} for", was, now, depth + 1)
        else:
            out.append((f"{what} {k}", was, now))
    return out
