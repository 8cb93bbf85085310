"""Hand histories of the draw games: a JSON record (complete, replayable) and PHH.

:func:`to_record` gives everything about a hand as JSON-ready data: the game, settings, seed
and deck, every event with its cards, every action, the result. :func:`replay` plays a record
again and checks that it ends the same way.

:func:`phh_fields` gives the hand in the Poker Hand History format, as pokerkit (>= 0.7.7)
reads it, for a game PHH has a variant code for (Deuce to Seven Triple Draw: ``F2L3D``, Badugi
Triple Draw: ``FB``): players are numbered ``p1`` (the first seat left of the dealer) to ``pN``
(the dealer), so that pokerkit's blind and position rules give the same seats;
``finishing_stacks`` are the stacks after the hand. :func:`history_entry` is one hand as
``simulate`` writes it: a PHH section where PHH can say it, else one line of JSON (JSON Lines).

>>> from wildeval.games.draw.hand import Hand
>>> from wildeval.games.draw.actions import Action
>>> hand = Hand([20, 30, 40], button=2, deck=range(52), seed=1)
>>> _ = hand.act(Action.fold()); _ = hand.act(Action.fold())
>>> fields = phh_fields(hand)
>>> fields["blinds_or_straddles"], fields["starting_stacks"], fields["finishing_stacks"]
([1, 2, 0], [20, 30, 40], [19, 31, 40])
>>> fields["actions"][:2], fields["actions"][-2:]
(['d dh p1 2c2s3h4d5c', 'd dh p2 2d3c3s4h5d'], ['p3 f', 'p1 f'])
>>> replay(to_record(hand)).finishing_stacks
(19, 31, 40)
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import asdict
from typing import Any

from wildeval.cards import format_cards, parse_cards
from wildeval.games.draw.actions import Action, Event, Kind
from wildeval.games.draw.hand import Hand
from wildeval.games.draw.rules import PRESETS, DrawRules, Rules
from wildeval.games.table.phh import dumps

__all__ = ["history_entry", "phh_fields", "phh_order", "phh_section", "replay", "to_json", "to_record"]


def _cards(cards: Sequence[int]) -> str:
    return format_cards(cards)


def _event_record(e: Event) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": e.kind}
    if e.seat is not None:
        out["seat"] = e.seat
    if e.amount:
        out["amount"] = e.amount
    if e.cards:
        out["cards"] = _cards(e.cards)
    if e.text:
        out["text"] = e.text
    if e.all_in:
        out["all_in"] = True
    return out


def _action_record(seat: int, a: Action) -> dict[str, Any]:
    out: dict[str, Any] = {"seat": seat, "kind": a.kind.value}
    if a.amount is not None:
        out["amount"] = a.amount
    if a.kind is Kind.DISCARD:
        out["cards"] = _cards(a.cards)
    return out


def _shown_record(hand: Hand) -> list[dict[str, Any] | None]:
    ev = hand.game.evaluator()
    out: list[dict[str, Any] | None] = []
    for cards in hand.shown:
        if cards is None:
            out.append(None)
        else:
            value = ev(list(cards))
            out.append({"cards": _cards(cards), "value": value, "description": ev.describe(value)})
    return out


def to_record(hand: Hand, *, table_seats: Sequence[int] | None = None) -> dict[str, Any]:
    """The hand as JSON-ready data, for people as well as programs: cards as text such as
    ``"7s 5d"``, and under ``"shown"`` each seat's hand shown at the showdown (None: not shown)
    with its value under the game's ranking (``low27``, ``low_a5``, ``badugi``: higher is better)
    and description. Seats are the hand's seats 0..n-1 clockwise, ``table_seats`` (if given)
    their seats at the table."""
    record: dict[str, Any] = {
        "game": hand.game.name,
        "hand": hand.number,
        "rules": asdict(hand.rules),
        "players": list(hand.names),
        "table_seats": list(table_seats) if table_seats is not None else None,
        "button": hand.button,
        # a game with a dead button says whether it was: the button then lies after this seat
        **({"dead_button": hand.dead_button} if hand.game.button == "dead" else {}),
        "small_blind": hand.small_blind_seat,
        "big_blind": hand.big_blind_seat,
        "starting_stacks": list(hand.starting_stacks),
        "seed": hand.seed,
        "deck_given": hand.deck_given,
        "deck": _cards(hand.deck),
        "actions": [_action_record(s, a) for s, a in hand.actions],
        "events": [_event_record(e) for e in hand.events],
        "complete": hand.over,
        "finishing_stacks": list(hand.finishing_stacks) if hand.over else None,
        "winnings": list(hand.winnings) if hand.over else None,
        "shown": _shown_record(hand),
        "pokerkit_divergence": hand.pokerkit_divergence,
    }
    return record


def to_json(hand: Hand, *, table_seats: Sequence[int] | None = None, indent: int | None = 1) -> str:
    """:func:`to_record` as JSON text."""
    return json.dumps(to_record(hand, table_seats=table_seats), indent=indent, ensure_ascii=False)


def _get(record: dict[str, Any], key: str, kind: type | tuple[type, ...], where: str = "the record",
         game: str = "draw") -> Any:
    if not isinstance(record, dict) or key not in record:
        raise ValueError(f"malformed {game} record: {where} has no {key!r}")
    value = record[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise ValueError(f"malformed {game} record: {key!r} in {where} is {value!r}")
    return value


def _read_action(a: Any, i: int, game: str) -> tuple[int, Action]:
    where = f"action {i}"
    try:
        kind = Kind(_get(a, "kind", str, where, game))
        amount = a.get("amount")
        if amount is not None and (isinstance(amount, bool) or not isinstance(amount, int)):
            raise ValueError(f"its amount is {amount!r}")
        cards = parse_cards(_get(a, "cards", str, where, game)) if "cards" in a else []
        return _get(a, "seat", int, where, game), Action(kind, amount, tuple(cards))
    except (ValueError, TypeError) as error:
        if str(error).startswith("malformed"):
            raise
        raise ValueError(f"malformed {game} record: {where} ({a!r}): {error}") from None


def replay(record: dict[str, Any]) -> Hand:
    """Deal the hand of a record again (same seed, same deck) and take its actions; ValueError
    if the record is malformed (naming what is wrong) or the hand comes out different. A hand
    that the record shows at the showdown though it could not win is shown again."""
    if not isinstance(record, dict) or not isinstance(record.get("game"), str) or record["game"] not in PRESETS:
        got = record.get("game") if isinstance(record, dict) else type(record).__name__
        raise ValueError(f"not a record of a draw game ({', '.join(PRESETS)}): game is {got!r}")
    game = PRESETS[record["game"]]
    name = game.name
    deck_text = _get(record, "deck", str, game=name)
    blinds = None  # as recorded (a dead button's table may have had no small blind), else after the button
    if "small_blind" in record and "big_blind" in record:
        small = None if record["small_blind"] is None else _get(record, "small_blind", int, game=name)
        blinds = (small, _get(record, "big_blind", int, game=name))
    try:
        hand = Hand(
            _get(record, "starting_stacks", list, game=name),
            _get(record, "button", int, game=name),
            rules=Rules(**_get(record, "rules", dict, game=name)),
            names=_get(record, "players", list, game=name),
            seed=_get(record, "seed", int, game=name),
            deck=parse_cards(deck_text) if _get(record, "deck_given", bool, game=name) else None,
            number=_get(record, "hand", int, game=name),
            game=game,
            blinds=blinds,
            dead_button=_get(record, "dead_button", bool, game=name) if "dead_button" in record else False,
        )
    except (ValueError, TypeError) as error:
        if str(error).startswith("malformed"):
            raise
        raise ValueError(f"malformed {name} record: {error}") from None
    if _cards(hand.deck) != deck_text:
        raise ValueError("the seed does not give the recorded deck")
    events = _get(record, "events", list, game=name)
    shows = {e.get("seat") for e in events if isinstance(e, dict) and e.get("kind") == "show"}
    hand.show_losing = shows.__contains__
    for i, a in enumerate(_get(record, "actions", list, game=name)):
        seat, action = _read_action(a, i, name)
        try:
            hand.apply(action, seat)
        except ValueError as error:
            raise ValueError(f"the record's action {i} cannot be replayed: {error}") from None
    if [_event_record(e) for e in hand.events] != events:
        raise ValueError("the replayed hand differs from the record")
    if "shown" in record and record["shown"] != _shown_record(hand):
        raise ValueError(f"malformed {name} record: 'shown' does not match the hands shown")
    # every other field the record states (stacks at the end, winnings, blinds...) must be what
    # the hand gives: a changed chip count is refused, not ignored
    table_seats = record.get("table_seats")
    if table_seats is not None and (not isinstance(table_seats, list) or len(table_seats) != hand.n):
        raise ValueError(f"malformed {name} record: 'table_seats' must be a list of {hand.n} seats")
    replayed = to_record(hand, table_seats=table_seats)
    for key, value in replayed.items():
        if key in record and record[key] != value:
            raise ValueError(f"the replayed hand differs from the record: {key} is {value!r}, "
                             f"the record says {record[key]!r}")
    return hand


def phh_order(hand: Hand) -> list[int]:
    """The hand's seats in PHH order: p1 is the first seat left of the dealer, pN the dealer."""
    return [(hand.button + 1 + k) % hand.n for k in range(hand.n)]


def phh_fields(
    hand: Hand,
    *,
    seats: Sequence[int] | None = None,
    seat_count: int | None = None,
    table: int | str | None = None,
) -> dict[str, object]:
    """The hand as PHH fields, in the order pokerkit writes them. ``seats`` are the players'
    table seat numbers (in hand-seat order), ``seat_count`` the table's size. ValueError for a
    game that PHH has no variant code for."""
    if hand.game.phh_variant is None:
        raise ValueError(f"PHH has no variant for {hand.game.title} ({hand.game.name}): its histories are "
                         "JSON records (to_record, to_json), written one per line by simulate")
    order = phh_order(hand)
    label = {seat: f"p{k + 1}" for k, seat in enumerate(order)}
    rules = hand.rules
    actions: list[str] = []
    deals = {e.seat: e.cards for e in hand.events if e.kind == "deal"}
    for seat in order:
        actions.append(f"d dh {label[seat]} {''.join(format_cards([c]) for c in deals[seat])}")
    for e in hand.events:
        if e.seat is None:
            continue
        who = label[e.seat]
        text = "".join(format_cards([c]) for c in e.cards)
        if e.kind == "fold":
            actions.append(f"{who} f")
        elif e.kind in ("check", "call"):
            actions.append(f"{who} cc")
        elif e.kind in ("bet", "raise"):
            actions.append(f"{who} cbr {e.amount}")
        elif e.kind == "discard":
            actions.append(f"{who} sd {text}" if text else f"{who} sd")
        elif e.kind == "serve":
            actions.append(f"d dh {who} {text}")
        elif e.kind == "show":
            actions.append(f"{who} sm {text}")
        elif e.kind == "muck":
            actions.append(f"{who} sm")
    fields: dict[str, object] = {
        "variant": hand.game.phh_variant,
        "ante_trimming_status": False,
        "antes": [0] * hand.n,
        "blinds_or_straddles": [rules.small_blind, rules.big_blind] + [0] * (hand.n - 2),
        "small_bet": rules.small_bet,
        "big_bet": rules.big_bet,
        "starting_stacks": [hand.starting_stacks[s] for s in order],
        "actions": actions,
        "hand": hand.number,
        "seats": [seats[s] for s in order] if seats is not None else None,
        "seat_count": seat_count,
        "table": table,
        "players": [hand.names[s] for s in order],
        "finishing_stacks": [hand.finishing_stacks[s] for s in order] if hand.over else None,
    }
    if hand.pokerkit_divergence is not None:
        fields["_pokerkit_divergence"] = hand.pokerkit_divergence
    if rules.max_raises != 3:
        fields["_max_raises"] = rules.max_raises
    if rules.heads_up_unlimited:
        fields["_heads_up_unlimited"] = True
    return fields


def phh_section(hand: Hand, seats: Sequence[int], seat_count: int) -> str:
    """One hand of a table as a ``[n]`` section of a ``.phhs`` file, ending with a newline and
    preceded by a blank line after the first hand: sections written one after another make the
    same text as pokerkit's ``HandHistory.dumps_all`` of those hands, plus a final newline.
    ``seats`` are the players' table seats (0, 1, ...; PHH numbers them from 1)."""
    return entry_text(hand.game, entry_body(hand, seats, seat_count), hand.number)


def entry_body(hand: Hand, seats: Sequence[int], seat_count: int, *, table: int | None = None) -> str:
    """A finished hand of a table as ``simulate`` writes it, before :func:`entry_text` places it
    in the file: its PHH fields (:func:`phh_fields`) if PHH has a variant for the game, else its
    record (:func:`to_record`, with ``table_seats``) as one line of JSON. ``table`` (None: the
    only table) numbers the table in a file of several (``simulate(tables=N)``): PHH's
    ``table`` field (else 1), or a ``"table"`` key after ``"game"`` in the JSON record."""
    if hand.game.phh_variant is not None:
        return dumps(phh_fields(hand, seats=[s + 1 for s in seats], seat_count=seat_count,
                                table=1 if table is None else table))
    record = to_record(hand, table_seats=list(seats))
    if table is not None:
        record = {"game": record.pop("game"), "table": table, **record}
    return json.dumps(record, separators=(",", ":"))


def entry_text(game: DrawRules, body: str, section: int) -> str:
    """An :func:`entry_body` as the ``section``-th entry of a file (from 1): a PHH ``[n]``
    section, after a blank line unless it is the first; or a line of JSON Lines."""
    if game.phh_variant is None:
        return body + "\n"
    return ("\n" if section > 1 else "") + f"[{section}]\n" + body + "\n"


def history_entry(hand: Hand, seats: Sequence[int], seat_count: int) -> str:
    """A finished hand of a table as ``simulate`` and ``play --out`` write it: a PHH section
    (:func:`phh_section`) if PHH has a variant for the game, else its record (:func:`to_record`,
    with ``table_seats``) as one line of JSON: the file is JSON Lines.

    >>> from wildeval.games.draw.rules import preset
    >>> hand = Hand([20, 30], game=preset("ace-to-five-triple-draw"), seed=1)
    >>> _ = hand.act(Action.fold())
    >>> line = history_entry(hand, [0, 1], 2)
    >>> line.startswith('{"game":"ace-to-five-triple-draw","hand":1,'), line.count("\\n")
    (True, 1)
    """
    return entry_text(hand.game, entry_body(hand, seats, seat_count), hand.number)
