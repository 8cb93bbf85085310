"""What happens in a guts game, as values: one frozen dataclass per kind of event, in order in
:attr:`GutsGame.events <wildeval.games.guts.engine.GutsGame.events>` (cards and hand values as
ints), as draw's :class:`~wildeval.games.draw.actions.Event` is for a draw hand.

Each event reads as the dict it was before (its ``type`` first, then its fields in order; a
settle event's absent parts left out): ``event["type"]``, ``event.get("outcome")``,
``dict(event)`` and ``event == {...}`` work as they did, and :meth:`GutsEvent.to_dict` gives
that dict, new each time. Histories are written from it (:mod:`~wildeval.games.guts.history`).

>>> event = Win("A", 12, "legs")
>>> event.player, event["type"], event.to_dict()
('A', 'win', {'type': 'win', 'player': 'A', 'pot': 12, 'by': 'legs'})
>>> event == {"type": "win", "player": "A", "pot": 12, "by": "legs"}
True
>>> Settle(1, ("A",), "leg", leg="A").to_dict()
{'type': 'settle', 'stage': 1, 'in': ['A'], 'outcome': 'leg', 'leg': 'A'}
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any, ClassVar

__all__ = ["Ante", "Compared", "Deal", "Declared", "End", "GutsEvent", "NextRound", "NextStage", "Settle",
           "Win", "plain"]


def plain(value: Any) -> Any:
    """``value`` as plain JSON data sharing nothing with it: mappings as new dicts, tuples and
    lists as new lists, events as their dicts."""
    if isinstance(value, GutsEvent | Compared):
        return value.to_dict()
    if isinstance(value, Mapping):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, tuple | list):
        return [plain(v) for v in value]
    return value


@cache
def _keys(cls: type) -> tuple[tuple[str, str, bool], ...]:
    """``(key, attribute, optional)`` of each field of an event class, in order."""
    return tuple((f.metadata.get("key", f.name), f.name, f.default is None) for f in dataclasses.fields(cls))


def _written(key: str, default: Any = dataclasses.MISSING) -> Any:
    """A field written under another key: ``in`` (a keyword), ``values`` (a Mapping's method)."""
    return field(default=default, metadata={"key": key})


class GutsEvent(Mapping[str, Any]):
    """One thing that happened in a guts game; read-only, and readable as its dict."""

    type: ClassVar[str]

    def _items(self) -> Iterator[tuple[str, Any]]:
        yield "type", self.type
        for key, name, optional in _keys(type(self)):
            value = getattr(self, name)
            if value is not None or not optional:
                yield key, value

    def to_dict(self) -> dict[str, Any]:
        """The event as a new dict of plain data (the form ``GutsGame.events`` had)."""
        return {key: plain(value) for key, value in self._items()}

    def __getitem__(self, key: str) -> Any:
        for k, value in self._items():
            if k == key:
                return plain(value)
        raise KeyError(key)

    def __iter__(self) -> Iterator[str]:
        return (k for k, _ in self._items())

    def __len__(self) -> int:
        return sum(1 for _ in self._items())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Mapping):
            return self.to_dict() == dict(other.items())
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # equal to a dict, as unhashable as one


@dataclass(frozen=True, eq=False)
class Ante(GutsEvent):
    """A round begins: who dealt, each seated player's ante, the pot, the deck in order and
    whether the seeded generator shuffled it."""

    type: ClassVar[str] = "ante"
    round: int
    dealer: str
    antes: Mapping[str, int]
    pot: int
    deck: tuple[int, ...]
    shuffled: bool


@dataclass(frozen=True, eq=False)
class Deal(GutsEvent):
    """The cards each seated player is dealt for a stage (1-based)."""

    type: ClassVar[str] = "deal"
    stage: int
    cards: Mapping[str, tuple[int, ...]]


@dataclass(frozen=True, eq=False)
class Declared(GutsEvent):
    """A player's declaration, in (True) or out (False); written ``{"type": "declare", ...,
    "in": ...}``."""

    type: ClassVar[str] = "declare"
    stage: int
    player: str
    stay_in: bool = _written("in")


@dataclass(frozen=True, eq=False)
class Settle(GutsEvent):
    """A stage settled: who was in (``ins``, written ``"in"``) and the ``outcome`` ("nobody in",
    "leg" with its ``leg``, or "showdown" with the ``winners``, the compared ``hand_values`` (written ``"values"``) and
    ``hands``, the ``amount`` paid and the ``payments``); at a streak game the ``streaks`` under
    way. The parts an outcome has not are None, and left out of its dict."""

    type: ClassVar[str] = "settle"
    stage: int
    ins: tuple[str, ...] = _written("in")
    outcome: str = ""
    leg: str | None = None
    winners: tuple[str, ...] | None = None
    hand_values: Mapping[str, int] | None = _written("values", None)
    hands: Mapping[str, tuple[int, ...]] | None = None
    amount: int | None = None
    payments: tuple[Mapping[str, Any], ...] | None = None
    streaks: Mapping[str, int] | None = None


@dataclass(frozen=True, eq=False)
class Win(GutsEvent):
    """A player took the pot, by legs or by a streak."""

    type: ClassVar[str] = "win"
    player: str
    pot: int
    by: str


@dataclass(frozen=True, eq=False)
class NextStage(GutsEvent):
    """The next stage (1-based) of the round begins."""

    type: ClassVar[str] = "next_stage"
    stage: int


@dataclass(frozen=True, eq=False)
class NextRound(GutsEvent):
    """The next round begins, dealt by ``dealer``."""

    type: ClassVar[str] = "next_round"
    round: int
    dealer: str


@dataclass(frozen=True, eq=False)
class End(GutsEvent):
    """The game ended without a winner: why, and the antes given back."""

    type: ClassVar[str] = "end"
    reason: str
    refunds: Mapping[str, int]


@dataclass(frozen=True)
class Compared:
    """The hands compared at a stage of this round, for the views: shown to those who were in,
    and to everyone (``public``) at the last stage."""

    stage: int
    ins: tuple[str, ...]
    public: bool
    hands: Mapping[str, tuple[int, ...]]

    def to_dict(self) -> dict[str, Any]:
        return {"stage": self.stage, "in": list(self.ins), "public": self.public, "hands": plain(self.hands)}
