"""A strategy's information sets in words: where what a player sees (who declared in before, seat
by seat; what the earlier stages of this deal showed) gives a threshold of its own.

:meth:`~wildeval.games.guts.solver.strategy.Strategy.thresholds_at` shows the thresholds a
player keeps where no finer set decides; :func:`refined_at` lists the sets that do, for one
state of the legs and one round, each with its hand in words:

>>> seats_words([0, 1], 3)
'you and the player on your left'
>>> history_words(0, {"in": [1], "paid": False}, 2)
'at stage 1 the other player was in alone'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from wildeval.games.guts.solver.deals import NEVER, Scale
from wildeval.games.guts.solver.model import contexts
from wildeval.games.guts.solver.native import ROUNDS_TOLD, decode

if TYPE_CHECKING:
    from wildeval.games.guts.solver.strategy import Strategy

__all__ = ["Refined", "history_words", "ins_words", "mix_words", "refined_at", "seat_words", "seats_words"]

_ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th", "7th")


def seat_words(offset: int, players: int) -> str:
    """A seat ``offset`` places to the player's left, as they say it."""
    if offset == 0:
        return "you"
    if players == 2:
        return "the other player"
    if offset == 1:
        return "the player on your left"
    if offset == players - 1:
        return "the player on your right"
    return f"the player {offset} to your left"


def seats_words(offsets: Sequence[int], players: int) -> str:
    """Seats (offsets to the player's left) joined: "you and the player on your left"."""
    names = [seat_words(o, players) for o in offsets]
    if not names:
        return "no one"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def ins_words(place: int, ins: Sequence[int]) -> str:
    """The declarations before a player at ``place`` (0-based) who saw ``ins`` (the places before
    that declared in) declared: "3rd, the 1st in before" (the 2nd out), as the solve command words places."""
    if place == 0:
        return "1st to declare"
    if not ins:
        return f"{_ORDINALS[place]}, nobody in before"
    return f"{_ORDINALS[place]}, the " + " and ".join(_ORDINALS[p] for p in ins) + " in before"


def history_words(stage: int, seen: dict[str, Any], players: int) -> str:
    """What a player learned at an earlier ``stage`` (0-based) of this deal: who was in, and
    whether they were paid."""
    ins = list(seen["in"])
    head = f"at stage {stage + 1}"
    if not ins:
        return f"{head} no one was in"
    if len(ins) == 1:
        text = f"{head} {seats_words(ins, players)} {'were' if ins == [0] else 'was'} in alone"
    else:
        text = f"{head} {seats_words(ins, players)} were in"
        if 0 in ins:
            text += ", and you " + ("won" if seen["paid"] else "lost")
    return text


@dataclass(frozen=True)
class Refined:
    """An information set with a threshold of its own: ``level`` ("fine": it also holds the
    deal's earlier stages; "seen": the legs seat by seat and who declared in before),
    ``stage`` (1-based), ``context`` and ``history`` in words, the weakest ``hand`` that stays in
    (``value`` None: none), ``stays_in`` (the chance a random hand is at least as good), the
    ``strength`` threshold, ``visits`` in the refinement and ``cell``: what the player keeps where
    no set decides. A mixed set (fictitious play) is shown by its median threshold, and
    ``mixes`` says between which hands it mixes ("" where it does not)."""

    level: str
    stage: int
    context: str
    history: str
    strength: float
    value: int | None
    hand: str
    stays_in: float
    visits: int
    cell: float
    mixes: str = ""

    def to_json(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in ("level", "stage", "context", "history", "strength", "value", "hand",
                                               "stays_in", "visits", "cell", "mixes")}


def refined_at(strategy: Strategy, legs: Sequence[int], *, round: int = 1) -> list[Refined]:
    """The information sets of ``strategy`` with thresholds of their own for a player holding
    ``legs[0]`` while the others hold the rest, seat by seat from the player's left, in ``round``
    (1-based; from the fourth on, rounds are one set), where the set's weakest hand to stay in
    differs from the one the player keeps where no set decides (``Refined.cell``): by stage, then
    level (seen first), then context and history."""
    if isinstance(round, bool) or not isinstance(round, int) or round < 1:
        raise ValueError(f"round must be an int >= 1, not {round!r}")
    n = strategy.players
    if len(legs) != n:
        raise ValueError(f"legs: one count per player ({n}), yours first, not {len(legs)}")
    infosets = strategy.infosets
    if infosets is None:
        return []
    goal = strategy.table.goal
    want = [min(int(c), goal - 1) for c in legs]
    r = min(round, ROUNDS_TOLD) - 1
    state = strategy.state_of(list(legs))
    out: list[Refined] = []
    rows = infosets.thresholds.reshape(len(infosets), -1)
    for key, strength, row, visits in zip(infosets.keys.tolist(), infosets.typical().tolist(), rows,
                                          infosets.visits.tolist()):
        fields = decode(key, n)
        level = str(fields["level"])
        if level == "cell" or fields["legs"] != want or fields["round"] != r:
            continue
        stage = int(fields["stage"])  # type: ignore[call-overload]
        place = int(fields["place"])  # type: ignore[call-overload]
        ins = list(fields["ins"])  # type: ignore[call-overload]
        context = "everyone at once" if not strategy.table.in_turn else ins_words(place, ins)
        earlier: list[dict[str, Any]] = list(fields.get("history", []))  # type: ignore[call-overload]
        history = "; ".join(history_words(s, seen, n) for s, seen in enumerate(earlier))
        scale = Scale.of(strategy.rules, stage)
        value = int(scale.weakest(strength))
        cell = _cell_strength(strategy, stage, r, state, place, len(ins))
        if value == int(scale.weakest(cell)):
            continue  # it plays as the player would without it
        if value == NEVER:
            shown: int | None = None
            hand, share = "no hand", 0.0
        elif strength <= 0.0:
            shown, hand, share = value, "any hand", 1.0
        else:
            shown, hand, share = value, strategy.rules.describe(stage, value), float(scale.share_from(value))
        out.append(Refined(level, stage + 1, context, history, float(strength), shown, hand, share, int(visits), cell,
                           mix_words(strategy, stage, row.tolist())))
    out.sort(key=lambda x: (x.stage, x.level != "seen", x.context, x.history))
    return out


def mix_words(strategy: Strategy, stage: int, row: Sequence[float]) -> str:
    """Where a mixed set's thresholds (``row``) differ: "some hands from X, all from Y" (the
    weakest hand any of them stays in with, and the weakest all of them do); "" for one threshold."""
    scale = Scale.of(strategy.rules, stage)
    low, high = int(scale.weakest(min(row))), int(scale.weakest(max(row)))
    if low == high:
        return ""

    def hand(value: int, strength: float) -> str:
        if value == NEVER:
            return "no hand"
        return "any hand" if strength <= 0.0 else strategy.rules.describe(stage, value)

    return f"some hands from {hand(low, min(row))}, all from {hand(high, max(row))}"


def _cell_strength(strategy: Strategy, stage: int, r: int, state: int, place: int, ins: int) -> float:
    """The threshold a player keeps where no set decides (the refined cell)."""
    ctx = contexts(strategy.table, place, ins)
    return float(strategy.cells[stage, min(r, strategy.cells.shape[1] - 1), state, ctx])
