"""The legs guts engine: one state machine for every :class:`~wildeval.games.guts_rules.GutsRules`.

A game moves through explicit phases. Only the declare phase waits for players; every other
phase waits for the table's :class:`Advance` (ante, deal, settle, move on)::

    ANTE -> DEAL -> DECLARE -> SETTLE -> NEXT -> DEAL (next stage) ... or ANTE (next round)
                                       \\-> OVER (a player reached the goal; or the round cap)

``legal_actions()`` lists what may be done now; ``apply(action)`` does it, or raises
:class:`IllegalActionError` naming the player and the action and leaves the game exactly as it
was. Chips move only through an explicit ledger, so ``check_invariants()`` can prove at any
moment that none was created or lost.

The rules text's worked example (Article 4): the pot holds 40 and A and B stay in at stage one.

>>> from wildeval.games.guts_rules import preset
>>> rules = preset("three-five-seven", ante=20)
>>> deck = arrange_deck(rules, ["A", "B"], dealer=1, hands={"A": "3h Kc Kd", "B": "Qs Qh 9c"})
>>> game = GutsGame(rules, ["A", "B"], decks=[deck], dealer=1)
>>> game.advance_to_decision().phase, game.pot
(<Phase.DECLARE: 'declare'>, 40)
>>> game.apply(Declare("A", True)); game.apply(Declare("B", True)); game.apply(Advance())
>>> game.balances, game.pot, game.legs
({'A': 20, 'B': -60}, 40, {'A': 0, 'B': 0})

(Each player anted 20; B then paid A the pot, 40: A is up 20, B down 60, the pot still 40.)
"""

from __future__ import annotations

import copy
import enum
import json
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from wildeval.cards import format_cards, parse_cards
from wildeval.games.guts_history import HISTORY_FORMAT, event_encoder, mismatch, recorded_decks
from wildeval.games.guts_rules import DECK_SIZE, MIN_PLAYERS, GutsRules

__all__ = [
    "Action",
    "Advance",
    "Declare",
    "GutsGame",
    "HISTORY_FORMAT",
    "IllegalActionError",
    "InvariantError",
    "Phase",
    "PlayerView",
    "Transfer",
    "action_from_json",
    "arrange_deck",
    "replay",
]

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


class IllegalActionError(ValueError):
    """An action that the rules do not allow now; the game is left exactly as it was."""


class InvariantError(RuntimeError):
    """A broken bookkeeping invariant: a bug in the engine, never a player's fault."""


@dataclass(frozen=True)
class Transfer:
    """One ledger line: ``amount`` chips from ``payer`` to ``payee``; None is the pot."""

    round: int
    stage: int  # 1-based; 0 for antes and the end of the game
    payer: str | None
    payee: str | None
    amount: int
    reason: str  # "ante", "stage payment", "pot", "refund"


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


def _seat_order(players: Sequence[str], dealer: int) -> list[str]:
    """Players from the dealer's left round to the dealer."""
    n = len(players)
    return [players[(dealer + 1 + i) % n] for i in range(n)]


def arrange_deck(
    rules: GutsRules,
    players: Sequence[str],
    *,
    dealer: int = 0,
    hands: Mapping[str, str | Iterable[object]],
) -> list[int]:
    """A deck order that deals ``hands`` (each player's cards in the order they are dealt; fewer
    than a full hand is fine) when ``players`` play ``rules`` with seat ``dealer`` dealing. Every
    card not named fills the rest in ascending order. Cards are dealt one at a time, from the
    dealer's left round to the dealer, until each player holds the stage's count.

    >>> from wildeval.games.guts_rules import preset
    >>> deck = arrange_deck(preset("three-five-seven"), ["A", "B"], hands={"B": "As Ks Qs"})
    >>> format_cards(deck[:6])
    'As 2c Ks 2d Qs 2h'
    """
    wanted = {p: parse_cards(h) for p, h in hands.items()}
    for p, cards in wanted.items():
        if p not in players:
            raise ValueError(f"unknown player {p!r} in hands; players are {', '.join(players)}")
        if len(cards) > rules.stages[-1].cards:
            raise ValueError(f"{p} is given {len(cards)} cards; a hand holds {rules.stages[-1].cards}")
    named = [c for cards in wanted.values() for c in cards]
    if len(named) != len(set(named)):
        raise ValueError("a card is named in two hands")
    filler = iter(c for c in range(DECK_SIZE) if c not in set(named))
    deck: list[int] = []
    held = 0
    order = _seat_order(players, dealer)
    for stage in rules.stages:
        for k in range(held, stage.cards):
            for p in order:
                mine = wanted.get(p, [])
                deck.append(mine[k] if k < len(mine) else next(filler))
        held = stage.cards
    deck.extend(filler)
    return deck


def _check_deck(deck: Sequence[int], needed: int) -> list[int]:
    cards = parse_cards(list(deck))
    if len(cards) < needed:
        raise ValueError(f"a deck order of {len(cards)} cards is short: this table needs {needed}")
    return cards


class GutsGame:
    """One legs guts game: players, rules, deck source, and the whole state.

    ``players`` are distinct names in seat order (the next seat is the previous one's left).
    ``seed`` seeds the shuffles (the same seed deals the same game); ``decks`` are deck orders to
    deal instead, one per round in order (see :func:`arrange_deck`), after which the seeded
    shuffles take over. ``dealer`` is the seat of the first dealer; the deal moves left each round.
    """

    def __init__(
        self,
        rules: GutsRules,
        players: Sequence[str],
        *,
        seed: int | None = None,
        decks: Sequence[Sequence[int]] = (),
        dealer: int = 0,
    ) -> None:
        if not isinstance(rules, GutsRules):
            raise ValueError(f"rules must be GutsRules, not {rules!r}")
        if isinstance(players, str):
            raise ValueError(f"players must be a sequence of names, not the string {players!r}")
        names = tuple(players)
        if not MIN_PLAYERS <= len(names) <= rules.max_players:
            raise ValueError(
                f"{rules.name} takes {MIN_PLAYERS} to {rules.max_players} players, not {len(names)}")
        for p in names:
            if not isinstance(p, str) or not p.strip():
                raise ValueError(f"a player's name must be a non-empty string, not {p!r}")
        if len(set(names)) != len(names):
            raise ValueError(f"player names must differ: {', '.join(names)}")
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < len(names):
            raise ValueError(f"dealer must be a seat 0-{len(names) - 1}, not {dealer!r}")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise ValueError(f"seed must be an int or None, not {seed!r}")
        for i in range(len(rules.stages)):
            rules.evaluator(i)  # an unsupported ranking or wild setting fails here, not mid-game
        self.rules = rules
        self.players = names
        self.seed = seed
        self.first_dealer = dealer
        needed = len(names) * rules.stages[-1].cards
        self._decks = [_check_deck(d, needed) for d in decks]
        self._rng = random.Random(seed)

        self.phase = Phase.ANTE
        self.round = 1
        self.stage = 0  # 0-based index into rules.stages
        self.dealer = dealer
        self.seated: tuple[str, ...] = ()
        self.deck: list[int] = []
        self._dealt = 0
        self.hands: dict[str, list[int]] = {p: [] for p in names}
        self.declarations: dict[str, bool] = {}
        self.legs = {p: 0 for p in names}
        self.streaks = {p: 0 for p in names}
        self.balances = {p: 0 for p in names}
        self.anted = {p: 0 for p in names}
        self.pot = 0
        self.ledger: list[Transfer] = []
        self.events: list[dict[str, Any]] = []
        self._shown: list[dict[str, Any]] = []  # this round's compared hands
        self._settlements: list[dict[str, Any]] = []  # this round's settle events
        self.winner: str | None = None
        self.end_reason: str | None = None

    # -- reading the state ------------------------------------------------------------------

    def __repr__(self) -> str:
        return (f"GutsGame({self.rules.name!r}, round {self.round}, stage {self.stage + 1}, "
                f"phase {self.phase.value}, pot {self.pot})")

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def dealer_name(self) -> str:
        return self.players[self.dealer]

    def chips(self, player: str) -> int | None:
        """A player's chips at table stakes (stack + net balance); None on a running tab."""
        self._check_player(player, "have chips")
        if self.rules.stack is None:
            return None
        return self.rules.stack + self.balances[player]

    def declaration_order(self) -> list[str]:
        """The players dealt in this round, from the dealer's left round to the dealer."""
        return [p for p in _seat_order(self.players, self.dealer) if p in self.seated]

    def waiting_for(self) -> list[str]:
        """Players still to declare at this stage, in declaration order."""
        if self.phase is not Phase.DECLARE:
            return []
        return [p for p in self.declaration_order() if p not in self.declarations]

    def to_act(self) -> str | None:
        """Whose declaration is due (in-turn mode); None when anyone waiting may declare or none is due."""
        waiting = self.waiting_for()
        if waiting and self.rules.declaration == "in_turn":
            return waiting[0]
        return None

    def legal_actions(self) -> list[Action]:
        """Everything that may be done now: ``[Advance()]`` outside the declarations, the due
        players' ``Declare(p, True)`` and ``Declare(p, False)`` in them, nothing once it is over."""
        if self.phase is Phase.OVER:
            return []
        if self.phase is not Phase.DECLARE:
            return [Advance()]
        due = self.waiting_for()[:1] if self.rules.declaration == "in_turn" else self.waiting_for()
        return [Declare(p, choice) for p in due for choice in (True, False) if not choice or self._can_stake(p)]

    def _can_stake(self, player: str) -> bool:
        """Whether ``player`` may declare in: always on a running tab; at table stakes only with
        chips left (else they would risk nothing yet could take a leg or block one)."""
        return self.rules.stack is None or self.rules.stack + self.balances[player] > 0

    def stage_value(self, player: str, stage: int | None = None) -> int:
        """The value of a player's hand at a stage (0-based; default the current one)."""
        self._check_player(player, "have a hand")
        s = self.stage if stage is None else stage
        if isinstance(s, bool) or not isinstance(s, int) or not 0 <= s < len(self.rules.stages):
            raise ValueError(f"stage must be 0-{len(self.rules.stages) - 1} (0-based), not {stage!r}")
        n = self.rules.stages[s].cards
        if len(self.hands[player]) < n:
            raise ValueError(f"{player} holds {len(self.hands[player])} cards, not stage {s + 1}'s {n}")
        return self.rules.evaluator(s)(self.hands[player][:n])

    def view(self, player: str) -> PlayerView:
        """What ``player`` may see now (see :class:`PlayerView`)."""
        self._check_player(player, "have a view")
        simultaneous_hidden = self.rules.declaration == "simultaneous" and self.phase is Phase.DECLARE
        declared = {
            p: v for p, v in self.declarations.items() if p == player or not simultaneous_hidden
        }
        shown = tuple(
            {"stage": item["stage"], "in": list(item["in"]),
             "hands": {p: list(c) for p, c in item["hands"].items()}}
            for item in self._shown if item["public"] or player in item["in"]
        )
        last = len(self.rules.stages)
        settlements = tuple(
            {k: copy.deepcopy(v) for k, v in e.items()
             if k not in ("hands", "values") or e["stage"] == last or player in e["in"]}
            for e in self._settlements)
        return PlayerView(
            player=player,
            phase=self.phase,
            round=self.round,
            stage=self.stage + 1,
            stage_label=self.rules.stage_label(self.stage),
            dealer=self.dealer_name,
            players=self.players,
            seated=self.seated,
            cards=tuple(self.hands[player]),
            card_counts={p: len(self.hands[p]) for p in self.players},
            pot=self.pot,
            legs=dict(self.legs),
            streaks=dict(self.streaks),
            balances=dict(self.balances),
            chips=None if self.rules.stack is None else {p: self.rules.stack + b for p, b in self.balances.items()},
            declared=declared,
            waiting_for=tuple(self.waiting_for()),
            to_act=self.to_act(),
            shown=shown,
            settlements=settlements,
            winner=self.winner,
            end_reason=self.end_reason,
        )

    def snapshot(self) -> dict[str, Any]:
        """Everything the game holds (the random state included) as comparable data: two games
        with equal snapshots behave identically from here on. Plain data is frozen as JSON text,
        which is exact for it and much quicker to copy and compare than deep copies."""
        data: dict[str, Any] = {}
        for key, value in vars(self).items():
            if key == "rules":
                data[key] = json.dumps(self.rules.to_dict(), sort_keys=True)
            elif key == "_rng":
                data[key] = self._rng.getstate()
            elif key == "ledger":
                data[key] = tuple(self.ledger)  # frozen lines
            elif key == "phase":
                data[key] = self.phase.value
            else:
                data[key] = json.dumps(value, sort_keys=True)
        return data

    def history(self) -> dict[str, Any]:
        """The game as JSON data; :func:`replay` turns it back into this very state. Cards are
        text and hand values come with their descriptions (see :mod:`~wildeval.games.guts_history`)."""
        encode = event_encoder(HISTORY_FORMAT, self.rules)
        return {
            "format": HISTORY_FORMAT,
            "rules": self.rules.to_dict(),
            "players": list(self.players),
            "first_dealer": self.first_dealer,
            "seed": self.seed,
            "events": [encode(e) for e in self.events],
        }

    def result(self) -> dict[str, Any]:
        """``{"winner", "legs", "balances", ...}``: the outcome so far (final once it is over)."""
        return {
            "winner": self.winner,
            "legs": dict(self.legs),
            "balances": dict(self.balances),
            "end": self.end_reason,
            "rounds": self.round,
            "pot": self.pot,
        }

    # -- invariants -------------------------------------------------------------------------

    def check_invariants(self) -> None:
        """Raise :class:`InvariantError` unless the books balance and the state is consistent:
        balances and pot are what the ledger says, their sum is zero (no chip created or lost),
        nobody at table stakes is below zero, legs and streaks are within the goal, and the cards
        dealt are distinct and as many as the stage holds."""
        def fail(message: str) -> None:
            raise InvariantError(f"{self!r}: {message}")

        expected = {p: 0 for p in self.players}
        pot = 0
        for t in self.ledger:
            if t.amount <= 0:
                fail(f"ledger line {t} moves no chips")
            if t.payer is None:
                pot -= t.amount
            else:
                expected[t.payer] -= t.amount
            if t.payee is None:
                pot += t.amount
            else:
                expected[t.payee] += t.amount
        if expected != self.balances:
            fail(f"balances {self.balances} differ from the ledger's {expected}")
        if pot != self.pot:
            fail(f"the pot holds {self.pot}, the ledger says {pot}")
        if sum(self.balances.values()) + self.pot != 0:
            fail("chips were created or lost")
        if self.pot < 0:
            fail(f"the pot is negative ({self.pot})")
        if self.phase is not Phase.OVER and sum(self.anted.values()) != self.pot:
            fail(f"the pot holds {self.pot}, but {sum(self.anted.values())} was anted")
        if self.rules.stack is not None:
            for p in self.players:
                if self.rules.stack + self.balances[p] < 0:
                    fail(f"{p} is below zero chips at table stakes")
        goal = self.rules.win_count
        tally = self.legs if self.rules.win_by == "legs" else self.streaks
        reached = [p for p, n in tally.items() if n >= goal]
        if self.winner is None and reached:
            fail(f"{reached} reached the goal but nobody won")
        if self.winner is not None and reached != [self.winner]:
            fail(f"the winner is {self.winner} but {reached} reached the goal")
        if sum(1 for n in self.streaks.values() if n) > 1:
            fail(f"more than one streak is running: {self.streaks}")
        if any(n < 0 for n in list(self.legs.values()) + list(self.streaks.values())):
            fail("negative legs or streak")
        dealt = [c for p in self.players for c in self.hands[p]]
        if len(dealt) != len(set(dealt)):
            fail("a card was dealt twice")
        if self.phase in (Phase.DECLARE, Phase.SETTLE):
            n = self.rules.stages[self.stage].cards
            for p in self.seated:
                if len(self.hands[p]) != n:
                    fail(f"{p} holds {len(self.hands[p])} cards at a {n}-card stage")
        if self.phase is Phase.OVER and self.pot != 0:
            fail("the game is over but the pot still holds chips")

    # -- acting -----------------------------------------------------------------------------

    def apply(self, action: Action) -> None:
        """Do ``action`` if the rules allow it now, else raise :class:`IllegalActionError`
        (naming the player and the action) and change nothing."""
        if isinstance(action, Declare):
            self._declare(action)
        elif isinstance(action, Advance):
            self._advance()
        else:
            raise IllegalActionError(f"{action!r} is not an action (Advance() or Declare(player, stay_in))")

    def declare(self, player: str, stay_in: bool) -> None:
        """Shorthand for ``apply(Declare(player, stay_in))``."""
        self.apply(Declare(player, stay_in))

    def advance(self) -> None:
        """Shorthand for ``apply(Advance())``."""
        self.apply(Advance())

    def advance_to_decision(self) -> GutsGame:
        """Advance until players must declare or the game is over; returns the game."""
        while self.phase not in (Phase.DECLARE, Phase.OVER):
            self._advance()
        return self

    def _check_player(self, player: object, doing: str) -> str:
        if not isinstance(player, str) or player not in self.players:
            raise IllegalActionError(
                f"unknown player {player!r} cannot {doing}; the players are {', '.join(self.players)}")
        return player

    def _declare(self, action: Declare) -> None:
        verb = "declare in" if action.stay_in is True else "declare out"
        player = self._check_player(action.player, "declare")
        if not isinstance(action.stay_in, bool):
            raise IllegalActionError(f"{player}'s declaration must be in (True) or out (False), not {action.stay_in!r}")
        if self.phase is not Phase.DECLARE:
            raise IllegalActionError(
                f"{player} cannot {verb}: the game is in the {self.phase.value} phase, not declaring"
                + (" (it is over)" if self.phase is Phase.OVER else ""))
        if player not in self.seated:
            raise IllegalActionError(f"{player} cannot {verb}: {player} sits out this round (no chips)")
        if player in self.declarations:
            raise IllegalActionError(
                f"{player} cannot {verb}: {player} has already declared at stage {self.stage + 1}")
        due = self.to_act()
        if due is not None and player != due:
            raise IllegalActionError(
                f"{player} cannot {verb} out of turn: it is {due}'s turn to declare")
        if action.stay_in and not self._can_stake(player):
            raise IllegalActionError(
                f"{player} cannot declare in: {player} has no chips left to stake (table stakes), so only out")
        self.declarations[player] = action.stay_in
        self.events.append({"type": "declare", "stage": self.stage + 1, "player": player, "in": action.stay_in})
        if not self.waiting_for():
            self.phase = Phase.SETTLE

    def _advance(self) -> None:
        if self.phase is Phase.OVER:
            raise IllegalActionError("cannot advance: the game is over")
        if self.phase is Phase.DECLARE:
            raise IllegalActionError(
                f"cannot advance: waiting for declarations from {', '.join(self.waiting_for())}")
        {
            Phase.ANTE: self._ante,
            Phase.DEAL: self._deal,
            Phase.SETTLE: self._settle,
            Phase.NEXT: self._next,
        }[self.phase]()

    def _move(self, payer: str | None, payee: str | None, amount: int, reason: str, stage: int) -> None:
        if amount <= 0:
            return
        self.ledger.append(Transfer(self.round, stage, payer, payee, amount, reason))
        if payer is None:
            self.pot -= amount
        else:
            self.balances[payer] -= amount
        if payee is None:
            self.pot += amount
        else:
            self.balances[payee] += amount

    def _ante(self) -> None:
        stack = self.rules.stack
        if stack is None:
            seated = self._in_seat_order(self.players)
        else:
            seated = self._in_seat_order([p for p in self.players if stack + self.balances[p] > 0])
        if len(seated) < MIN_PLAYERS:
            self._end_without_winner("fewer than two players have chips")
            return
        antes: dict[str, int] = {}
        for p in seated:
            amount = self.rules.ante if stack is None else min(self.rules.ante, stack + self.balances[p])
            antes[p] = amount
            self.anted[p] += amount
            self._move(p, None, amount, "ante", 0)
        self.seated = tuple(seated)
        shuffled = not self._decks
        self.deck = self._shuffled() if shuffled else self._decks.pop(0)
        self._dealt = 0
        self.events.append({
            "type": "ante", "round": self.round, "dealer": self.dealer_name,
            "antes": antes, "pot": self.pot, "deck": list(self.deck), "shuffled": shuffled,
        })
        self.phase = Phase.DEAL

    def _in_seat_order(self, players: Iterable[str]) -> list[str]:
        """``players`` from the dealer's left round to the dealer."""
        chosen = set(players)
        return [p for p in _seat_order(self.players, self.dealer) if p in chosen]

    def _shuffled(self) -> list[int]:
        deck = list(range(DECK_SIZE))
        self._rng.shuffle(deck)
        return deck

    def _deal(self) -> None:
        held = self.rules.stages[self.stage - 1].cards if self.stage else 0
        new: dict[str, list[int]] = {p: [] for p in self.declaration_order()}
        for _ in range(self.rules.stages[self.stage].cards - held):
            for p in self.declaration_order():
                card = self.deck[self._dealt]
                self._dealt += 1
                self.hands[p].append(card)
                new[p].append(card)
        self.declarations = {}
        self.events.append({"type": "deal", "stage": self.stage + 1, "cards": new})
        self.phase = Phase.DECLARE

    def _payment_amount(self) -> int:
        cap = self.rules.max_payment
        return self.pot if cap is None else min(self.pot, cap)

    def _settle(self) -> None:
        stage_no = self.stage + 1
        order = self.declaration_order()
        ins = [p for p in order if self.declarations.get(p)]
        event: dict[str, Any] = {"type": "settle", "stage": stage_no, "in": ins}
        stage_winner: str | None = None  # who won the stage outright, for streaks
        if not ins:
            event["outcome"] = "nobody in"
        elif len(ins) == 1:
            self.legs[ins[0]] += 1
            stage_winner = ins[0]
            event.update(outcome="leg", leg=ins[0])
        else:
            values = {p: self.stage_value(p) for p in ins}
            best = max(values.values())
            winners = [p for p in ins if values[p] == best]
            if self.rules.payment == "pot_to_each_winner":
                payers = [p for p in ins if values[p] != best]
            else:
                worst = min(values.values())
                payers = [p for p in ins if values[p] == worst and worst != best]
            amount = self._payment_amount()
            payments = []
            before = {p: self.rules.stack + self.balances[p] for p in ins} if self.rules.stack is not None else {}
            for payer in payers:
                for payee, paid in zip(winners, self._split(payer, amount, winners, before)):
                    if paid:
                        self._move(payer, payee, paid, "stage payment", stage_no)
                        payments.append({"from": payer, "to": payee, "amount": paid})
            stage_winner = winners[0] if len(winners) == 1 else None
            n = self.rules.stages[self.stage].cards
            event.update(
                outcome="showdown", winners=winners, values=values,
                hands={p: self.hands[p][:n] for p in ins}, amount=amount, payments=payments,
            )
            self._shown.append({
                "stage": stage_no, "in": list(ins), "public": self.stage == len(self.rules.stages) - 1,
                "hands": {p: list(self.hands[p][:n]) for p in ins},
            })
        if ins:  # a stage someone played: its winner's streak grows, every other streak ends
            for p in self.players:
                self.streaks[p] = self.streaks[p] + 1 if p == stage_winner else 0
            if self.rules.win_by == "streak":
                event["streaks"] = {p: n for p, n in self.streaks.items() if n}
        self.events.append(event)
        self._settlements.append(event)
        tally = self.legs if self.rules.win_by == "legs" else self.streaks
        if stage_winner is not None and tally[stage_winner] >= self.rules.win_count:
            self.winner = stage_winner
            self.end_reason = self.rules.win_by
            taken = self.pot
            self._move(None, stage_winner, taken, "pot", 0)
            self.events.append({"type": "win", "player": stage_winner, "pot": taken, "by": self.rules.win_by})
            self.phase = Phase.OVER
        else:
            self.phase = Phase.NEXT

    def _split(self, payer: str, amount: int, winners: Sequence[str], before: Mapping[str, int]) -> list[int]:
        """What ``payer`` pays each of ``winners`` (in declaration order).

        On a running tab: ``amount`` each. At table stakes (``before`` = chips as the settlement
        began): no payment exceeds what the receiver could have lost in it either, so a winner
        collects at most their own chips from each loser; and a loser short of the total shares
        out all their chips evenly, never giving a winner more than owed, odd chips going first
        to the winners nearest the dealer's left.
        """
        if self.rules.stack is None:
            return [amount] * len(winners)
        owed = [min(amount, before[w]) for w in winners]
        have = before[payer]
        if sum(owed) <= have:
            return owed
        # Even shares: the smallest claims that an even share covers are paid in full; the rest
        # share what is left equally, its odd chips one each from the dealer's left.
        paid = list(owed)
        open_ = sorted(range(len(owed)), key=owed.__getitem__)
        left = have
        while owed[open_[0]] * len(open_) <= left:
            left -= owed[open_.pop(0)]
        share, odd = divmod(left, len(open_))
        for j, i in enumerate(sorted(open_)):
            paid[i] = share + (1 if j < odd else 0)
        return paid

    def _next(self) -> None:
        if self.stage + 1 < len(self.rules.stages):
            self.stage += 1
            self.declarations = {}
            self.events.append({"type": "next_stage", "stage": self.stage + 1})
            self.phase = Phase.DEAL
            return
        if self.round >= self.rules.max_rounds:
            self._end_without_winner(f"no winner after {self.rules.max_rounds} rounds (the round cap)")
            return
        self.round += 1
        self.stage = 0
        self.dealer = (self.dealer + 1) % len(self.players)
        self.hands = {p: [] for p in self.players}
        self.declarations = {}
        self.seated = ()
        self.deck = []
        self._dealt = 0
        self._shown = []
        self._settlements = []
        self.events.append({"type": "next_round", "round": self.round, "dealer": self.dealer_name})
        self.phase = Phase.ANTE

    def _end_without_winner(self, reason: str) -> None:
        refunds = {p: self.anted[p] for p in self._in_seat_order(self.players) if self.anted[p]}
        for p, amount in refunds.items():
            self._move(None, p, amount, "refund", 0)
        self.end_reason = reason
        self.events.append({"type": "end", "reason": reason, "refunds": refunds})
        self.phase = Phase.OVER


def replay(history: Mapping[str, Any]) -> GutsGame:
    """The game a :meth:`GutsGame.history` (or a ``wildeval simulate`` record) describes, replayed
    event by event; ValueError naming the event if one does not come out as recorded."""
    if not isinstance(history, Mapping):
        raise ValueError(f"a history is a JSON object, not {type(history).__name__}")
    missing = [k for k in ("rules", "players", "events") if k not in history]
    if missing:
        raise ValueError(f"the history has no {', '.join(map(repr, missing))}")
    rules = GutsRules.from_dict(history["rules"])
    encode = event_encoder(history.get("format", HISTORY_FORMAT), rules)
    events = history["events"]
    if not isinstance(events, list):
        raise ValueError(f"the history's events must be a list, not {events!r}")
    # Decks that were given are given again; seeded shuffles are shuffled again, so that the
    # generator ends where the original's did (and the replay checks that they come out the same).
    seed = history.get("seed")
    game = GutsGame(rules, history["players"], seed=seed, decks=recorded_decks(events, seed),
                    dealer=history.get("first_dealer", 0))
    for i, recorded in enumerate(events):
        if len(game.events) <= i:  # a step writes one event, or two (a settle and its win)
            kind = recorded.get("type")
            try:
                action: Action = (Declare(recorded["player"], recorded["in"]) if kind == "declare"
                                  else Advance())
                game.apply(action)
            except (IllegalActionError, KeyError) as error:
                reason = f"it has no {error}" if isinstance(error, KeyError) else str(error)
                raise ValueError(f"history event {i} does not replay: the {kind} event is refused: "
                                 f"{reason}") from None
        got = encode(game.events[i]) if len(game.events) > i else None
        if got != recorded:
            raise ValueError(mismatch(i, recorded, got))
    if len(game.events) != len(events):
        raise ValueError("the history ends in the middle of a step")
    return game


def format_hand(cards: Sequence[int], unicode: bool = True) -> str:
    """Cards as players read them: ``3♥ K♣ K♦``, or with ``unicode=False`` ``3h Kc Kd``."""
    return format_cards(cards, unicode=unicode)
