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
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from wildeval.games.table import IllegalAction, InvariantError, Transfer

if TYPE_CHECKING:
    from wildeval.games.guts.engine import GutsGame

__all__ = ["Action", "Advance", "Declare", "IllegalAction", "IllegalActionError", "InvariantError", "Phase", "PlayerView",
           "Transfer", "action_from_json", "fresh", "view_of"]

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
    were in, and to everyone at the last stage."""
    simultaneous_hidden = game.rules.declaration == "simultaneous" and game.phase is Phase.DECLARE
    declared = {p: v for p, v in game.declarations.items() if p == player or not simultaneous_hidden}
    shown = tuple(
        {"stage": item["stage"], "in": list(item["in"]),
         "hands": {p: list(c) for p, c in item["hands"].items()}}
        for item in game._shown if item["public"] or player in item["in"]
    )
    last = len(game.rules.stages)
    settlements = tuple(
        {k: fresh(v) for k, v in e.items()
         if k not in ("hands", "values") or e["stage"] == last or player in e["in"]}
        for e in game._settlements)
    balances = game.balances
    stack = game.rules.stack
    return PlayerView(
        player=player,
        phase=game.phase,
        round=game.round,
        stage=game.stage + 1,
        stage_label=game.rules.stage_label(game.stage),
        dealer=game.dealer_name,
        players=game.players,
        seated=game.seated,
        cards=tuple(game.hands[player]),
        card_counts={p: len(game.hands[p]) for p in game.players},
        pot=game.pot,
        legs=dict(game.legs),
        streaks=dict(game.streaks),
        balances=balances,
        chips=None if stack is None else {p: stack + b for p, b in balances.items()},
        declared=declared,
        waiting_for=tuple(game.waiting_for()),
        to_act=game.to_act(),
        shown=shown,
        settlements=settlements,
        winner=game.winner,
        end_reason=game.end_reason,
    )
