"""The legs guts engine: one state machine for every :class:`~wildeval.games.guts.rules.GutsRules`.

A game moves through the phases of :class:`~wildeval.games.guts.state.Phase`. It offers the
table layer's operations (:mod:`wildeval.games.table`): ``legal_actions()`` lists what may be
done now, ``verify(action)`` says why an action is refused (:class:`IllegalAction`, naming the
player and the action), ``can(action)`` whether it would be accepted, and ``apply(action)`` does
it or raises and leaves the game exactly as it was. Chips move only through the game's
:class:`~wildeval.games.table.Ledger` (the pot is its account ``None``), so
``check_invariants()`` can prove at any moment that none was created or lost.

The rules text's worked example (Article 4): the pot holds 40 and A and B stay in at stage one.

>>> from wildeval.games.guts.rules import preset
>>> rules = preset("three-five-seven", ante=20)
>>> deck = arrange_deck(rules, ["A", "B"], dealer=1, hands={"A": "3h Kc Kd", "B": "Qs Qh 9c"})
>>> game = GutsGame(rules, ["A", "B"], decks=[deck], dealer=1)
>>> game.advance_to_decision().phase, game.pot
(<Phase.DECLARE: 'declare'>, 40)
>>> game.can(Declare("B", True)), game.can(Declare("A", True))   # A declares first
(False, True)
>>> game.apply(Declare("A", True)); game.apply(Declare("B", True)); game.apply(Advance())
>>> game.balances, game.pot, game.legs
({'A': 20, 'B': -60}, 40, {'A': 0, 'B': 0})

(Each player anted 20; B then paid A the pot, 40: A is up 20, B down 60, the pot still 40.)
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from wildeval.games.guts import events
from wildeval.games.guts.events import Ante, Compared, Deal, Declared, End, GutsEvent, NextRound, NextStage, Settle
from wildeval.games.guts.history import history_of
from wildeval.games.guts.invariants import check_game
from wildeval.games.guts.payments import split, stage_payments
from wildeval.games.guts.rules import MIN_PLAYERS, GutsRules, arrange_deck
from wildeval.games.guts.state import Action, Advance, Declare, Phase, PlayerView, TableMoment, view_of
from wildeval.games.table import Engine, IllegalAction, Ledger, Transfer, check_deck, seat_order, shuffled_deck
from wildeval.seeds import python_random

__all__ = ["GutsGame", "arrange_deck"]

POT = None  # the pot's account in the ledger


class GutsGame(Engine[Action]):
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
        # a wrong type is a TypeError, a wrong value a ValueError (as in every game: draw's Hand too)
        if not isinstance(rules, GutsRules):
            raise TypeError(f"rules must be GutsRules, not {rules!r}")
        if isinstance(players, str):
            raise TypeError(f"players must be a sequence of names, not the string {players!r}")
        names = tuple(players)
        if not MIN_PLAYERS <= len(names) <= rules.max_players:
            raise ValueError(
                f"{rules.name} takes {MIN_PLAYERS} to {rules.max_players} players, not {len(names)}")
        for p in names:
            if not isinstance(p, str):
                raise TypeError(f"a player's name must be a non-empty string, not {p!r}")
            if not p.strip():
                raise ValueError(f"a player's name must be a non-empty string, not {p!r}")
        if len(set(names)) != len(names):
            raise ValueError(f"player names must differ: {', '.join(names)}")
        if isinstance(dealer, bool) or not isinstance(dealer, int):
            raise TypeError(f"dealer must be a seat 0-{len(names) - 1}, not {dealer!r}")
        if not 0 <= dealer < len(names):
            raise ValueError(f"dealer must be a seat 0-{len(names) - 1}, not {dealer!r}")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise TypeError(f"seed must be an int or None, not {seed!r}")
        for i in range(len(rules.stages)):
            rules.evaluator(i)  # an unsupported ranking or wild setting fails here, not mid-game
        self.rules = rules
        self.players = names
        self.seed = seed
        self.first_dealer = dealer
        needed = len(names) * rules.stages[-1].cards
        self._decks = [check_deck(d, needed) for d in decks]
        self._rng = python_random(seed)

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
        floor = None if rules.stack is None else -rules.stack  # a running tab has no floor
        self.books: Ledger[str | None] = Ledger({**dict.fromkeys(names, 0), POT: 0}, floor=floor,
                                                floors={POT: 0})
        self.anted = {p: 0 for p in names}
        self.events: list[GutsEvent] = []  # every event in order (each reads as its dict, as before)
        self._shown: list[Compared] = []  # this round's compared hands
        self._settlements: list[Settle] = []  # this round's settle events
        self.winner: str | None = None
        self.end_reason: str | None = None
        self._moment: TableMoment | None = None  # what the views share until the next table step

    # -- reading the state ------------------------------------------------------------------

    def __repr__(self) -> str:
        return (f"GutsGame({self.rules.name!r}, round {self.round}, stage {self.stage + 1}, "
                f"phase {self.phase.value}, pot {self.pot})")

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def balances(self) -> dict[str, int]:
        """Each player's net chips in this game (a new dict; the ledger holds them)."""
        held = self.books.balances
        return {p: held[p] for p in self.players}

    @property
    def pot(self) -> int:
        return self.books.balances[POT]

    @property
    def ledger(self) -> list[Transfer[str | None]]:
        """Every chip movement in order; ``None`` as payer or payee is the pot."""
        return self.books.lines

    @property
    def dealer_name(self) -> str:
        return self.players[self.dealer]

    def chips(self, player: str) -> int | None:
        """A player's chips at table stakes (stack + net balance); None on a running tab."""
        self._check_player(player, "have chips")
        if self.rules.stack is None:
            return None
        return self.rules.stack + self.books.balances[player]

    def declaration_order(self) -> list[str]:
        """The players dealt in this round, from the dealer's left round to the dealer (the
        ante seats them in that order)."""
        return list(self.seated)

    def waiting_for(self) -> list[str]:
        """Players still to declare at this stage, in declaration order."""
        if self.phase is not Phase.DECLARE:
            return []
        declared = self.declarations
        return [p for p in self.seated if p not in declared]

    def to_act(self) -> str | None:
        """Whose declaration is due (in-turn mode); None when anyone waiting may declare or none is due."""
        if self.phase is Phase.DECLARE and self.rules.declaration == "in_turn":
            for p in self.seated:
                if p not in self.declarations:
                    return p
        return None

    def due(self) -> list[str]:
        """The players whose declaration may be made now, in order: the one to act (in turn), or
        everyone still to declare (simultaneous); nobody outside the declarations. These are
        the players of :meth:`legal_actions`."""
        waiting = self.waiting_for()
        return waiting[:1] if self.rules.declaration == "in_turn" else waiting

    def legal_actions(self) -> list[Action]:
        """Everything that may be done now: ``[Advance()]`` outside the declarations, the due
        players' ``Declare(p, True)`` and ``Declare(p, False)`` in them, nothing once it is over."""
        if self.phase is Phase.OVER:
            return []
        if self.phase is not Phase.DECLARE:
            return [Advance()]
        return [Declare(p, choice) for p in self.due() for choice in (True, False)
                if not choice or self._can_stake(p)]

    def _can_stake(self, player: str) -> bool:
        """Whether ``player`` may declare in: always on a running tab; at table stakes only with
        chips left (else they would risk nothing yet could take a leg or block one)."""
        return self.rules.stack is None or self.rules.stack + self.books.balances[player] > 0

    def stage_value(self, player: str, stage: int | None = None) -> int:
        """The value of a player's hand at a stage (0-based; default the current one)."""
        self._check_player(player, "have a hand")
        s = self.stage if stage is None else stage
        if isinstance(s, bool) or not isinstance(s, int):
            raise TypeError(f"stage must be 0-{len(self.rules.stages) - 1} (0-based), not {stage!r}")
        if not 0 <= s < len(self.rules.stages):
            raise ValueError(f"stage must be 0-{len(self.rules.stages) - 1} (0-based), not {stage!r}")
        n = self.rules.stages[s].cards
        if len(self.hands[player]) < n:
            raise ValueError(f"{player} holds {len(self.hands[player])} cards, not stage {s + 1}'s {n}")
        return self.rules.evaluator(s)(self.hands[player][:n])

    def moment(self) -> TableMoment:
        """What every view taken until the next table step shares (the stage's label, the cards
        held, the books, legs and streaks, the hands compared and the stages settled this round),
        made at the first view after a step."""
        if self._moment is None:
            rules = self.rules
            self._moment = TableMoment(
                label=rules.stage_label(self.stage),
                counts=tuple([len(self.hands[p]) for p in self.players]),
                held=dict(self.books.balances),
                legs=dict(self.legs),
                streaks=dict(self.streaks),
                stack=rules.stack,
                simultaneous=rules.declaration == "simultaneous",
                last=len(rules.stages),
                compared=tuple(self._shown),
                settled=tuple(self._settlements),
            )
        return self._moment

    def view(self, player: str) -> PlayerView:
        """What ``player`` may see now (see :class:`~wildeval.games.guts.state.PlayerView`)."""
        self._check_player(player, "have a view")
        return view_of(self, player)

    def snapshot(self) -> dict[str, Any]:
        """Everything the game holds (the random state included) as comparable data: two games
        with equal snapshots behave identically from here on. Plain data is frozen as JSON text,
        which is exact for it and much quicker to copy and compare than deep copies."""
        data: dict[str, Any] = {}
        for key, value in vars(self).items():
            if key == "_moment":
                continue  # a copy of the state for the views, made from the rest
            if key == "rules":
                data[key] = json.dumps(self.rules.to_dict(), sort_keys=True)
            elif key == "_rng":
                data[key] = self._rng.getstate()
            elif key == "books":
                data[key] = (json.dumps(list(self.books.balances.items())), tuple(self.books.lines))
            elif key == "phase":
                data[key] = self.phase.value
            else:
                data[key] = json.dumps(value, sort_keys=True, default=events.plain)  # events as their dicts
        return data

    def history(self) -> dict[str, Any]:
        """The game as JSON data; :func:`~wildeval.games.guts.replaying.replay` turns it back into
        this very state. Cards are text and hand values come with their descriptions (see
        :mod:`~wildeval.games.guts.history`)."""
        return history_of(self)

    def result(self) -> dict[str, Any]:
        """``{"winner", "legs", "balances", ...}``: the outcome so far (final once it is over)."""
        return {
            "winner": self.winner,
            "legs": dict(self.legs),
            "balances": self.balances,
            "end": self.end_reason,
            "rounds": self.round,
            "pot": self.pot,
        }

    # -- invariants -------------------------------------------------------------------------

    def check_invariants(self) -> None:
        """Raise :class:`InvariantError` unless the books balance and the state is consistent:
        the ledger's invariant (balances and pot are what its lines say, no chip created or lost,
        the pot never negative, nobody at table stakes below zero chips), the pot is what was
        anted while the game runs, legs and streaks are within the goal, and the cards dealt are
        distinct and as many as the stage holds."""
        check_game(self)

    # -- acting -----------------------------------------------------------------------------

    def verify(self, action: Action) -> Action:
        """``action`` if the rules allow it now, else :class:`IllegalAction` naming the player
        and the action (nothing changes either way)."""
        if isinstance(action, Declare):
            self._verify_declare(action)
        elif isinstance(action, Advance):
            self._verify_advance()
        else:
            raise IllegalAction(f"{action!r} is not an action (Advance() or Declare(player, stay_in))")
        return action

    def _do(self, action: Action) -> None:
        if isinstance(action, Declare):
            self._declare(action)
        else:
            self._step()

    def _step(self) -> None:
        """The table's step of this phase (ante, deal, settle or move on): the only changes of
        what a view shows besides the declarations, so the views' shared moment is dropped."""
        self._moment = None
        steps = {Phase.ANTE: self._ante, Phase.DEAL: self._deal, Phase.SETTLE: self._settle, Phase.NEXT: self._next}
        steps[self.phase]()

    def declare(self, player: str, stay_in: bool) -> None:
        """Shorthand for ``apply(Declare(player, stay_in))``."""
        self.apply(Declare(player, stay_in))

    def advance(self) -> None:
        """Shorthand for ``apply(Advance())``."""
        self.apply(Advance())

    def advance_to_decision(self) -> GutsGame:
        """Advance until players must declare or the game is over; returns the game."""
        while self.phase not in (Phase.DECLARE, Phase.OVER):
            self._step()
        return self

    def _check_player(self, player: object, doing: str) -> str:
        if not isinstance(player, str) or player not in self.players:
            raise IllegalAction(
                f"unknown player {player!r} cannot {doing}; the players are {', '.join(self.players)}")
        return player

    def _verify_declare(self, action: Declare) -> None:
        verb = "declare in" if action.stay_in is True else "declare out"
        player = self._check_player(action.player, "declare")
        if not isinstance(action.stay_in, bool):
            raise IllegalAction(f"{player}'s declaration must be in (True) or out (False), not {action.stay_in!r}")
        if self.phase is not Phase.DECLARE:
            raise IllegalAction(
                f"{player} cannot {verb}: the game is in the {self.phase.value} phase, not declaring"
                + (" (it is over)" if self.phase is Phase.OVER else ""))
        if player not in self.seated:
            raise IllegalAction(f"{player} cannot {verb}: {player} sits out this round (no chips)")
        if player in self.declarations:
            raise IllegalAction(
                f"{player} cannot {verb}: {player} has already declared at stage {self.stage + 1}")
        due = self.to_act()
        if due is not None and player != due:
            raise IllegalAction(
                f"{player} cannot {verb} out of turn: it is {due}'s turn to declare")
        if action.stay_in and not self._can_stake(player):
            raise IllegalAction(
                f"{player} cannot declare in: {player} has no chips left to stake (table stakes), so only out")

    def _verify_advance(self) -> None:
        if self.phase is Phase.OVER:
            raise IllegalAction("cannot advance: the game is over")
        if self.phase is Phase.DECLARE:
            raise IllegalAction(
                f"cannot advance: waiting for declarations from {', '.join(self.waiting_for())}")

    def _declare(self, action: Declare) -> None:
        player = action.player
        self.declarations[player] = action.stay_in
        self.events.append(Declared(self.stage + 1, player, action.stay_in))
        if len(self.declarations) == len(self.seated):  # everyone has (only the seated declare)
            self.phase = Phase.SETTLE

    def _move(self, payer: str | None, payee: str | None, amount: int, reason: str, stage: int) -> None:
        self.books.move(payer, payee, amount, round=self.round, stage=stage, reason=reason)

    def _in_seat_order(self, players: Iterable[str]) -> list[str]:
        """``players`` from the dealer's left round to the dealer."""
        chosen = set(players)
        return [p for p in seat_order(self.players, self.dealer + 1) if p in chosen]

    def _ante(self) -> None:
        stack = self.rules.stack
        held = self.books.balances
        if stack is None:
            seated = self._in_seat_order(self.players)
        else:
            seated = self._in_seat_order([p for p in self.players if stack + held[p] > 0])
        if len(seated) < MIN_PLAYERS:
            self._end_without_winner("fewer than two players have chips")
            return
        antes: dict[str, int] = {}
        for p in seated:
            amount = self.rules.ante if stack is None else min(self.rules.ante, stack + held[p])
            antes[p] = amount
            self.anted[p] += amount
            self._move(p, POT, amount, "ante", 0)
        self.seated = tuple(seated)
        shuffled = not self._decks
        self.deck = shuffled_deck(self._rng) if shuffled else self._decks.pop(0)
        self._dealt = 0
        self.events.append(Ante(self.round, self.dealer_name, antes, self.pot, tuple(self.deck), shuffled))
        self.phase = Phase.DEAL

    def _deal(self) -> None:
        """One card at a time round the seated players, until each holds the stage's count: the
        i-th seated player's new cards are every n-th card of the deck from the i-th on."""
        held = self.rules.stages[self.stage - 1].cards if self.stage else 0
        order = self.seated
        n = len(order)
        start = self._dealt
        stop = start + n * (self.rules.stages[self.stage].cards - held)
        new = {p: tuple(self.deck[start + i:stop:n]) for i, p in enumerate(order)}
        for p, cards in new.items():
            self.hands[p] += cards
        self._dealt = stop
        self.declarations = {}
        self.events.append(Deal(self.stage + 1, new))
        self.phase = Phase.DECLARE

    def _settle(self) -> None:
        stage_no = self.stage + 1
        order = self.declaration_order()
        ins = tuple(p for p in order if self.declarations.get(p))
        stage_winner: str | None = None  # who won the stage outright, for streaks
        if not ins:
            event = Settle(stage_no, ins, "nobody in")
        elif len(ins) == 1:
            self.legs[ins[0]] += 1
            stage_winner = ins[0]
            event = Settle(stage_no, ins, "leg", leg=ins[0])
        else:
            evaluate = self.rules.evaluator(self.stage)
            n = self.rules.stages[self.stage].cards
            values = {p: evaluate(self.hands[p][:n]) for p in ins}
            stack = self.rules.stack
            chips = {p: stack + self.books.balances[p] for p in ins} if stack is not None else None
            winners, amount, payments = stage_payments(self.rules, ins, values, pot=self.pot, chips=chips)
            for pay in payments:
                self._move(pay["from"], pay["to"], pay["amount"], "stage payment", stage_no)
            stage_winner = winners[0] if len(winners) == 1 else None
            hands = {p: tuple(self.hands[p][:n]) for p in ins}
            event = Settle(stage_no, ins, "showdown", winners=tuple(winners), hand_values=values, hands=hands,
                           amount=amount, payments=tuple(payments))
            self._shown.append(Compared(stage_no, ins, self.stage == len(self.rules.stages) - 1, hands))
        if ins:  # a stage someone played: its winner's streak grows, every other streak ends
            for p in self.players:
                self.streaks[p] = self.streaks[p] + 1 if p == stage_winner else 0
            if self.rules.win_by == "streak":
                event = dataclasses.replace(event, streaks={p: n for p, n in self.streaks.items() if n})
        self.events.append(event)
        self._settlements.append(event)
        tally = self.legs if self.rules.win_by == "legs" else self.streaks
        if stage_winner is not None and tally[stage_winner] >= self.rules.win_count:
            self.winner = stage_winner
            self.end_reason = self.rules.win_by
            taken = self.pot
            self._move(POT, stage_winner, taken, "pot", 0)
            self.events.append(events.Win(stage_winner, taken, self.rules.win_by))
            self.phase = Phase.OVER
        else:
            self.phase = Phase.NEXT

    def _split(self, payer: str, amount: int, winners: Sequence[str], before: Mapping[str, int]) -> list[int]:
        """What ``payer`` pays each of ``winners`` (:func:`~wildeval.games.guts.payments.split`;
        ``before``: chips as the settlement began, at table stakes)."""
        return split(amount, winners, payer, None if self.rules.stack is None else before)

    def _next(self) -> None:
        if self.stage + 1 < len(self.rules.stages):
            self.stage += 1
            self.declarations = {}
            self.events.append(NextStage(self.stage + 1))
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
        self.events.append(NextRound(self.round, self.dealer_name))
        self.phase = Phase.ANTE

    def _end_without_winner(self, reason: str) -> None:
        refunds = {p: self.anted[p] for p in self._in_seat_order(self.players) if self.anted[p]}
        for p, amount in refunds.items():
            self._move(POT, p, amount, "refund", 0)
        self.end_reason = reason
        self.events.append(End(reason, refunds))
        self.phase = Phase.OVER

