"""What a guts game is made of: its phases, its two actions, and what one player may see.

Only the declare phase waits for players; every other phase waits for the table's
:class:`Advance` (ante, deal, settle, move on)::

    ANTE -> DEAL -> DECLARE -> SETTLE -> NEXT -> DEAL (next stage) ... or ANTE (next round)
                                       \\-> OVER (a player reached the goal; or the round cap)

Actions are plain frozen data and travel as JSON:

>>> action_from_json(Declare("A", True).to_json())
Declare(player='A', stay_in=True)
>>> action_from_json({"action": "advance"})
Advance()
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple

from wildeval.games.guts.events import Compared, Settle
from wildeval.games.guts.rules import GutsRules
from wildeval.games.table import IllegalAction, InvariantError, Transfer

if TYPE_CHECKING:
    from wildeval.games.guts.engine import GutsGame

__all__ = ["Action", "Advance", "Declare", "IllegalAction", "IllegalActionError", "InvariantError", "Phase",
           "PlayerView", "TableMoment", "Transfer", "LAZY_FIELDS", "action_from_json", "fresh", "view_of"]

IllegalActionError = IllegalAction
"""The guts name of :class:`wildeval.games.table.IllegalAction` (the same class)."""


class Phase(str, enum.Enum):
    """Where a game is. Only ``DECLARE`` waits for players; the others wait for :class:`Advance`."""

    ANTE = "ante"
    DEAL = "deal"
    DECLARE = "declare"
    SETTLE = "settle"
    NEXT = "next"
    OVER = "over"


@dataclass(frozen=True)
class Advance:
    """The table's step in every phase but the declarations: ante, deal, settle, or move on."""

    def to_json(self) -> dict[str, Any]:
        return {"action": "advance"}


@dataclass(frozen=True)
class Declare:
    """``player`` declares in (``stay_in=True``) or out at the current stage."""

    player: str
    stay_in: bool

    def to_json(self) -> dict[str, Any]:
        return {"action": "declare", "player": self.player, "in": self.stay_in}


Action = Advance | Declare


def action_from_json(data: Mapping[str, Any]) -> Action:
    """The action of :meth:`Advance.to_json` / :meth:`Declare.to_json` data."""
    kind = data.get("action")
    if kind == "advance":
        return Advance()
    if kind == "declare":
        return Declare(data["player"], data["in"])
    raise ValueError(f"unknown action {data!r}")


@dataclass(frozen=True)
class PlayerView:
    """What one player may know: their own cards, everything public, and the hands shown to them.

    ``shown`` lists, for this round, each compared stage's hands that this player saw: at every
    stage but the last only the players who were in see them; at the last stage everyone does.
    ``declared`` holds the declarations this player can see (in simultaneous mode the others' stay
    hidden until everyone has declared); ``waiting_for`` the players still to declare.
    ``legal_actions`` are the declarations this player may make now (none when it is not their
    turn; only out at table stakes with no chips left), and ``rules`` the table's rules: a bot's
    ``choose(view)`` needs nothing else (:mod:`~wildeval.games.guts.bots`).

    A game's views (:func:`view_of`) are lazy: the fields a bot reads first (its cards, the stage,
    who is seated, the pot) are set at once, and the others (:data:`LAZY_FIELDS`) are worked out
    at their first reading from a copy of the state the view was taken in (a
    :class:`TableMoment` that the views taken between two table steps share, and the
    declarations), so each reads as it would have then. A view built by hand with every field is
    an ordinary frozen dataclass.
    """

    player: str
    phase: Phase
    round: int
    stage: int  # 1-based
    stage_label: str
    dealer: str
    players: tuple[str, ...]
    seated: tuple[str, ...]
    cards: tuple[int, ...]
    card_counts: Mapping[str, int]
    pot: int
    legs: Mapping[str, int]
    streaks: Mapping[str, int]
    balances: Mapping[str, int]
    chips: Mapping[str, int] | None  # table stakes only
    declared: Mapping[str, bool]
    waiting_for: tuple[str, ...]
    to_act: str | None
    shown: tuple[Mapping[str, Any], ...]
    settlements: tuple[Mapping[str, Any], ...]
    winner: str | None
    end_reason: str | None
    legal_actions: tuple[Declare, ...]
    rules: GutsRules = field(repr=False)

    if not TYPE_CHECKING:  # the lazy fields (mypy sees only the fields above)

        def __getattr__(self, name: str) -> Any:
            seen = self.__dict__.get("_seen")
            if seen is None or name not in LAZY_FIELDS:
                raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
            value = self.__dict__[name] = _LAZY[name](self, *seen)
            return value


class TableMoment(NamedTuple):
    """What every view of a game shows alike between two table steps (ante, deal, settle, move
    on), copied once and shared by those views, which make their own fields from it. Nothing
    here changes in place once made (the events of ``compared`` and ``settled`` are frozen)."""

    label: str  # the stage's label
    counts: tuple[int, ...]  # each player's cards, in seat order
    held: dict[str | None, int]  # the ledger's balances (None: the pot)
    legs: dict[str, int]
    streaks: dict[str, int]
    stack: int | None
    simultaneous: bool
    last: int  # the last stage (1-based)
    compared: tuple[Compared, ...]  # this round's compared hands
    settled: tuple[Settle, ...]  # this round's settle events


Lazy = Callable[[PlayerView, TableMoment, Mapping[str, bool]], Any]


def _declared(view: PlayerView, moment: TableMoment, declarations: Mapping[str, bool]) -> dict[str, bool]:
    hidden = moment.simultaneous and view.phase is Phase.DECLARE
    return {p: v for p, v in declarations.items() if p == view.player or not hidden}


def _waiting(view: PlayerView, moment: TableMoment, declarations: Mapping[str, bool]) -> tuple[str, ...]:
    if view.phase is not Phase.DECLARE:
        return ()
    return tuple(p for p in view.seated if p not in declarations)


def _to_act(view: PlayerView, moment: TableMoment, declarations: Mapping[str, bool]) -> str | None:
    waiting = view.waiting_for
    return waiting[0] if waiting and not moment.simultaneous else None


def _legal_actions(view: PlayerView, moment: TableMoment,
                   declarations: Mapping[str, bool]) -> tuple[Declare, ...]:
    waiting = view.waiting_for
    player = view.player
    if player not in (waiting if moment.simultaneous else waiting[:1]):
        return ()
    if moment.stack is None or moment.stack + moment.held[player] > 0:
        return (Declare(player, True), Declare(player, False))
    return (Declare(player, False),)


def _shown(view: PlayerView, moment: TableMoment, declarations: Mapping[str, bool]) -> tuple[Mapping[str, Any], ...]:
    player = view.player
    return tuple(
        {"stage": item.stage, "in": list(item.ins), "hands": {p: list(c) for p, c in item.hands.items()}}
        for item in moment.compared if item.public or player in item.ins)


def _settlements(view: PlayerView, moment: TableMoment,
                 declarations: Mapping[str, bool]) -> tuple[Mapping[str, Any], ...]:
    player, last = view.player, moment.last
    return tuple(
        {k: v for k, v in e.to_dict().items()
         if k not in ("hands", "values") or e.stage == last or player in e.ins}
        for e in moment.settled)


_LAZY: dict[str, Lazy] = {
    "card_counts": lambda view, moment, _: dict(zip(view.players, moment.counts)),
    "legs": lambda view, moment, _: dict(moment.legs),
    "streaks": lambda view, moment, _: dict(moment.streaks),
    "balances": lambda view, moment, _: {p: moment.held[p] for p in view.players},
    "chips": lambda view, moment, _: (None if moment.stack is None
                                      else {p: moment.stack + moment.held[p] for p in view.players}),
    "declared": _declared,
    "waiting_for": _waiting,
    "to_act": _to_act,
    "legal_actions": _legal_actions,
    "shown": _shown,
    "settlements": _settlements,
}

LAZY_FIELDS = frozenset(_LAZY)
"""The fields of a game's view worked out at their first reading."""


def fresh(data: Any) -> Any:
    """A copy of plain event data (dicts and lists of ints, text, bools and None) that shares no
    dict or list with it: what ``copy.deepcopy`` gives for such data, several times quicker.

    >>> event = {"in": ["A"], "values": {"A": 7}}
    >>> copied = fresh(event)
    >>> copied == event, copied["in"] is event["in"], copied["values"] is event["values"]
    (True, False, False)
    """
    if isinstance(data, dict):
        return {k: fresh(v) if isinstance(v, (dict, list)) else v for k, v in data.items()}
    if isinstance(data, list):
        return [fresh(v) if isinstance(v, (dict, list)) else v for v in data]
    return data


def view_of(game: GutsGame, player: str) -> PlayerView:
    """What ``player`` may see of ``game`` now: in simultaneous mode the others' declarations
    stay hidden until everyone has declared; hands compared at a stage are shown to those who
    were in, and to everyone at the last stage. The view is lazy (see :class:`PlayerView`)."""
    moment = game.moment()
    view = object.__new__(PlayerView)  # the eager fields at once, without a check per field
    view.__dict__.update(
        player=player,
        phase=game.phase,
        round=game.round,
        stage=game.stage + 1,
        stage_label=moment.label,
        dealer=game.players[game.dealer],
        players=game.players,
        seated=game.seated,
        cards=tuple(game.hands[player]),
        pot=moment.held[None],
        winner=game.winner,
        end_reason=game.end_reason,
        rules=game.rules,
        _seen=(moment, dict(game.declarations)),
    )
    return view
