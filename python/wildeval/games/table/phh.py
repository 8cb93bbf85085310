"""Writing PHH, the Poker Hand History format (TOML), as pokerkit's ``HandHistory`` reads it.

A ``.phh`` file is one hand: ``key = value`` lines. A ``.phhs`` file holds several hands, each
in a ``[n]`` section (n = 1, 2, ...), separated by a blank line, as ``HandHistory.dump_all``
writes and ``HandHistory.load_all`` reads. Values are written the way pokerkit writes them
(strings in single quotes, or three if they hold one; lists on one line; no newline at the end
of ``dumps_all``), so that ``HandHistory.dumps_all`` of the same hands gives back the same text.
The one exception: a string pokerkit would write as invalid TOML (with three apostrophes in a
row or a control character) is written as a TOML basic string, with escapes.

>>> print(dumps({"variant": "F2L3D", "antes": [0, 0], "ante_trimming_status": False}))
variant = 'F2L3D'
antes = [0, 0]
ante_trimming_status = false
>>> print(dumps_all([{"hand": 1}, {"hand": 2}]))
[1]
hand = 1
<BLANKLINE>
[2]
hand = 2
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping

__all__ = ["dumps", "dumps_all", "toml_value"]

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_CONTROL = re.compile(r"[\x00-\x08\x0a-\x1f\x7f]")


def _string(text: str) -> str:
    """As pokerkit writes it: ``'text'``, or ``'''text'''`` when it holds an apostrophe. Where
    that would not be valid TOML (three apostrophes in a row, control characters), a TOML basic
    string with escapes instead."""
    if not _CONTROL.search(text):
        if "'" not in text:
            return f"'{text}'"
        if "'''" not in text:
            return f"'''{text}'''"
    return json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007f")


def toml_value(value: object) -> str:
    """A value as TOML: bool, int, str, or a list of them.

    >>> print(toml_value(["p1 cbr 4", 3, True]), toml_value("O'Brien"), toml_value("a\\nb"))
    ['p1 cbr 4', 3, true] '''O'Brien''' "a\\nb"
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    raise TypeError(f"cannot write a {type(value).__name__} in PHH")


def _key(key: str) -> str:
    return key if _BARE_KEY.fullmatch(key) else _string(key)


def dumps(fields: Mapping[str, object]) -> str:
    """One hand: a ``key = value`` line per field, in the given order; None values are left out."""
    return "\n".join(f"{_key(k)} = {toml_value(v)}" for k, v in fields.items() if v is not None)


def dumps_all(hands: Iterable[Mapping[str, object]]) -> str:
    """Several hands, numbered ``[1]``, ``[2]``, ... (no newline at the end, like pokerkit)."""
    return "\n\n".join(f"[{i}]\n{dumps(fields)}" for i, fields in enumerate(hands, 1))
