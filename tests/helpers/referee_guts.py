"""An independent referee for the legs guts games, written from the rules texts
(/work/shared/rules: three-five-seven.txt, crazy-three-five-seven.txt) and the project's
decisions (docs/guts.md, docs/conventions.md), not from the engine.

It reads a game's public record, the events (cards and values as ints, as ``GutsGame.events``
keeps them), one at a time, keeps its own books (legs, streaks, each player's net chips, the
pot, what each anted), and says what the rules require at every step: who antes and how much,
which cards each player is dealt, who declares when, who wins a stage, who pays whom and how
much, who takes a leg, who takes the pot, and what an unfinished game gives back. Any event
that differs from what the rules require raises :class:`RuleBroken`, even when the books still
balance. Hand values come from :class:`wildeval.Evaluator`, set up here from the rules text's
table of stages (the evaluator is tested on its own); nothing of the engine's settlement code is
called.

Use: ``ref = GutsReferee.for_game(game)``, then ``ref.follow(game)`` after any number of steps
(it reads the new events and compares its books with the game's).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from wildeval import Evaluator
from wildeval.games.guts import Declare, GutsGame, preset

__all__ = ["GutsReferee", "RuleBroken", "STAGES", "referee_game", "share_out", "zero_chip_players_may_stay_in"]


class RuleBroken(AssertionError):
    """An event that the rules do not allow."""


# The stages each rules text describes: (cards held, "high" or "low", wild ranks).
STAGES: Mapping[str, tuple[tuple[int, str, str], ...]] = {
    # three-five-seven.txt, Article 2: 3, 5, 7 cards; threes, then fives, then sevens wild
    "three-five-seven": ((3, "high", "3"), (5, "high", "5"), (7, "high", "7")),
    # Article 5: the onlinepoker.net version changes only the payment and the goal
    "three-five-seven-onlinepoker": ((3, "high", "3"), (5, "high", "5"), (7, "high", "7")),
    # crazy-three-five-seven.txt: the wild ranks accumulate
    "crazy-three-five-seven": ((3, "high", "3"), (5, "high", "35"), (7, "high", "357")),
    # Article 5 and docs/guts.md: Napalm is 2 cards high, 5 cards low, 7 cards high, no wilds
    "napalm": ((2, "high", ""), (5, "low", ""), (7, "high", "")),
}

# The goal of each game: (what counts, how many). 3-5-7: three legs (Art. 1.2, 4.1); Crazy:
# four legs; onlinepoker: five stage wins in a row (Art. 5); Napalm: five legs (docs/guts.md).
GOALS: Mapping[str, tuple[str, int]] = {
    "three-five-seven": ("legs", 3),
    "crazy-three-five-seven": ("legs", 4),
    "three-five-seven-onlinepoker": ("streak", 5),
    "napalm": ("legs", 5),
}


def share_out(have: int, owed: Sequence[int]) -> list[int]:
    """What a loser holding ``have`` chips pays winners owed ``owed`` (nearest the dealer's left
    first), at table stakes: everything owed if they can; otherwise all of their chips, shared
    evenly (the same to every winner, except that nobody gets more than owed), and the chips
    that do not divide evenly one each to the winners nearest the dealer's left."""
    if sum(owed) <= have:
        return list(owed)
    level = 0  # the largest even share that the chips cover
    while sum(min(o, level + 1) for o in owed) <= have:
        level += 1
    paid = [min(o, level) for o in owed]
    odd = have - sum(paid)
    for i, o in enumerate(owed):
        if odd and paid[i] < o:
            paid[i] += 1
            odd -= 1
    assert odd == 0 and all(p <= o for p, o in zip(paid, owed))
    return paid


class GutsReferee:
    """The rules of one game, judged event by event (see the module's docstring)."""

    def __init__(self, rules: Any, players: Sequence[str], first_dealer: int = 0, *,
                 strict_zero_chips: bool = True) -> None:
        self.rules = rules
        self.strict_zero_chips = strict_zero_chips
        self.players = list(players)
        name = rules.name
        if name not in STAGES:
            raise ValueError(f"no rules text for {name!r}")
        stages = tuple((s.cards, s.ranking, s.wild) for s in rules.stages)
        if stages != STAGES[name]:
            raise RuleBroken(f"{name}: stages {stages}, the rules text says {STAGES[name]}")
        if (rules.win_by, rules.win_count) != GOALS[name]:
            raise RuleBroken(f"{name}: the goal is {GOALS[name]}, not {(rules.win_by, rules.win_count)}")
        expected_payment = "lowest_pays_highest" if name == "three-five-seven-onlinepoker" else "pot_to_each_winner"
        if rules.payment != expected_payment:
            raise RuleBroken(f"{name}: payment {rules.payment!r}, the rules text says {expected_payment!r}")
        self.stages = STAGES[name]
        self.evaluators = [self._evaluator(cards, kind, wild) for cards, kind, wild in self.stages]
        self.dealer = first_dealer
        self.round = 1
        self.stage = 0  # 1-based once dealt
        self.phase = "ante"
        self.net = {p: 0 for p in players}
        self.pot = 0
        self.anted = {p: 0 for p in players}
        self.legs = {p: 0 for p in players}
        self.streaks = {p: 0 for p in players}
        self.hands: dict[str, list[int]] = {p: [] for p in players}
        self.seated: list[str] = []
        self.deck: list[int] = []
        self.dealt = 0
        self.declared: dict[str, bool] = {}
        self.winner: str | None = None
        self.over = False
        self.seen = 0  # events judged so far
        self._stage_winner: str | None = None

    @classmethod
    def for_game(cls, game: Any) -> GutsReferee:
        return cls(game.rules, game.players, game.first_dealer)

    # -- what the rules say --------------------------------------------------------------------

    def _evaluator(self, cards: int, kind: str, wild: str) -> Evaluator:
        if kind == "low":
            return Evaluator(self.rules.low_ranking)
        ranking = "three_card_poker" if cards == 3 and self.rules.three_card_ranking == "three_card_poker" else "high"
        return Evaluator(ranking, wild or None, flush_duplicates=self.rules.flush_duplicates)

    def chips(self, p: str) -> int | None:
        return None if self.rules.stack is None else self.rules.stack + self.net[p]

    def from_dealers_left(self) -> list[str]:
        n = len(self.players)
        return [self.players[(self.dealer + 1 + i) % n] for i in range(n)]

    def order(self) -> list[str]:
        """The players dealt in this round, from the dealer's left round to the dealer."""
        return [p for p in self.from_dealers_left() if p in self.seated]

    def _pay(self, payer: str | None, payee: str | None, amount: int) -> None:
        if payer is None:
            self.pot -= amount
        else:
            self.net[payer] -= amount
        if payee is None:
            self.pot += amount
        else:
            self.net[payee] += amount

    # -- judging ---------------------------------------------------------------------------------

    def follow(self, game: Any) -> None:
        """Judge the game's new events, then compare the referee's books with the game's."""
        self.judge(game.events)
        where = f"after event {self.seen - 1}"
        if dict(game.balances) != self.net:
            raise RuleBroken(f"{where}: balances {dict(game.balances)}, the rules give {self.net}")
        if game.pot != self.pot:
            raise RuleBroken(f"{where}: the pot holds {game.pot}, the rules give {self.pot}")
        if dict(game.legs) != self.legs:
            raise RuleBroken(f"{where}: legs {dict(game.legs)}, the rules give {self.legs}")
        if dict(game.streaks) != self.streaks:
            raise RuleBroken(f"{where}: streaks {dict(game.streaks)}, the rules give {self.streaks}")
        if game.winner != self.winner or game.over != self.over:
            raise RuleBroken(f"{where}: winner {game.winner!r} (over: {game.over}), the rules give "
                             f"{self.winner!r} (over: {self.over})")

    def judge(self, events: Sequence[Mapping[str, Any]]) -> None:
        """Judge every event not judged yet."""
        while self.seen < len(events):
            event = events[self.seen]
            try:
                self._judge(event)
            except RuleBroken as error:
                raise RuleBroken(f"event {self.seen} ({event.get('type')}): {error}") from None
            self.seen += 1

    def _expect(self, what: str, got: object, want: object) -> None:
        if got != want:
            raise RuleBroken(f"{what}: {got!r}, the rules say {want!r}")

    def _judge(self, e: Mapping[str, Any]) -> None:
        if self.over:
            raise RuleBroken("the game is over: nothing more may happen")
        kind = e["type"]
        handler = {
            "ante": self._ante, "deal": self._deal, "declare": self._declare, "settle": self._settle,
            "win": self._win, "next_stage": self._next_stage, "next_round": self._next_round,
            "end": self._end,
        }.get(kind)
        if handler is None:
            raise RuleBroken(f"unknown event {kind!r}")
        handler(e)

    def _ante(self, e: Mapping[str, Any]) -> None:
        self._expect("phase", self.phase, "ante")
        self._expect("round", e["round"], self.round)
        self._expect("dealer", e["dealer"], self.players[self.dealer])
        # docs/guts.md: at table stakes a player without chips sits out; one short of the ante
        # antes what they have
        if self.rules.stack is None:
            seated = self.from_dealers_left()
        else:
            seated = [p for p in self.from_dealers_left() if (self.chips(p) or 0) > 0]
        if len(seated) < 2:
            raise RuleBroken(f"only {seated} can ante: the game must end without a winner")
        antes = {p: self.rules.ante if self.rules.stack is None else min(self.rules.ante, self.chips(p) or 0)
                 for p in seated}
        self._expect("antes", dict(e["antes"]), antes)
        self._expect("order of the antes", list(e["antes"]), seated)
        for p, a in antes.items():
            self._pay(p, None, a)
            self.anted[p] += a
        self._expect("the pot after the antes", e["pot"], self.pot)
        deck = list(e["deck"])
        if sorted(deck) != list(range(52)):
            raise RuleBroken("the deck is not the 52 cards")
        self.deck, self.dealt, self.seated = deck, 0, seated
        self.hands = {p: [] for p in self.players}
        self.stage = 0
        self.phase = "deal"

    def _deal(self, e: Mapping[str, Any]) -> None:
        self._expect("phase", self.phase, "deal")
        self.stage += 1
        self._expect("stage", e["stage"], self.stage)
        held = self.stages[self.stage - 2][0] if self.stage > 1 else 0
        new = self.stages[self.stage - 1][0] - held
        # cards one at a time from the dealer's left round to the dealer, off the top of the deck
        # (Article 2; docs/guts.md), to every player dealt in, those who were out included
        want: dict[str, list[int]] = {p: [] for p in self.order()}
        for _ in range(new):
            for p in self.order():
                want[p].append(self.deck[self.dealt])
                self.dealt += 1
        got = {p: list(c) for p, c in e["cards"].items()}
        self._expect("cards dealt", got, want)
        for p, cards in want.items():
            self.hands[p] += cards
        self.declared = {}
        self.phase = "declare"

    def _declare(self, e: Mapping[str, Any]) -> None:
        self._expect("phase", self.phase, "declare")
        self._expect("stage", e["stage"], self.stage)
        p = e["player"]
        if p not in self.seated:
            raise RuleBroken(f"{p} is not dealt in this round")
        if p in self.declared:
            raise RuleBroken(f"{p} declared twice at stage {self.stage}")
        if self.rules.declaration == "in_turn":  # from the dealer's left round to the dealer
            due = next(q for q in self.order() if q not in self.declared)
            self._expect("who declares", p, due)
        if not isinstance(e["in"], bool):
            raise RuleBroken(f"{p}'s declaration {e['in']!r} is neither in nor out")
        if e["in"] and self.strict_zero_chips and self.rules.stack is not None and self.chips(p) == 0:
            # the decision of issue 10: a player with no chips left cannot stay in (for free)
            raise RuleBroken(f"{p} has no chips left at table stakes and cannot stay in")
        self.declared[p] = e["in"]
        if len(self.declared) == len(self.seated):
            self.phase = "settle"

    def _settle(self, e: Mapping[str, Any]) -> None:
        self._expect("phase", self.phase, "settle")
        self._expect("stage", e["stage"], self.stage)
        ins = [p for p in self.order() if self.declared[p]]
        self._expect("who was in", list(e["in"]), ins)
        stage_winner: str | None = None
        if not ins:  # Article 3.2: nothing happens
            self._expect("outcome", e["outcome"], "nobody in")
        elif len(ins) == 1:  # Article 3.3: a leg
            self._expect("outcome", e["outcome"], "leg")
            self._expect("leg", e.get("leg"), ins[0])
            if e.get("payments"):
                raise RuleBroken("a player in alone takes a leg; nobody pays")
            self.legs[ins[0]] += 1
            stage_winner = ins[0]
        else:  # Article 3.4 (or Article 5): the best hand wins, losers pay
            self._expect("outcome", e["outcome"], "showdown")
            n = self.stages[self.stage - 1][0]
            ev = self.evaluators[self.stage - 1]
            hands = {p: self.hands[p][:n] for p in ins}
            self._expect("hands compared", {p: list(c) for p, c in e["hands"].items()}, hands)
            values = {p: ev(hands[p]) for p in ins}
            self._expect("values", dict(e["values"]), values)
            best = max(values.values())
            winners = [p for p in ins if values[p] == best]
            self._expect("winners", list(e["winners"]), winners)
            if self.rules.payment == "pot_to_each_winner":
                payers = [p for p in ins if values[p] != best]
            else:  # only the lowest hand(s) pay the highest; if all tie, nobody
                worst = min(values.values())
                payers = [p for p in ins if values[p] == worst] if worst != best else []
            # "an amount equal to the pot", the pot as it stands (antes included); an agreed
            # maximum caps every single payment
            amount = self.pot if self.rules.max_payment is None else min(self.pot, self.rules.max_payment)
            self._expect("amount", e["amount"], amount)
            payments: list[tuple[str, str, int]] = []
            if self.rules.stack is None:  # a running tab: every payment in full
                payments = [(a, b, amount) for a in payers for b in winners]
            else:
                chips = {p: self.chips(p) or 0 for p in ins}  # as the settlement begins
                for a in payers:
                    # nobody collects more than they could have lost: their own chips
                    owed = [min(amount, chips[b]) for b in winners]
                    payments += [(a, b, x) for b, x in zip(winners, share_out(chips[a], owed))]
            payments = [t for t in payments if t[2] > 0]
            got = [(t["from"], t["to"], t["amount"]) for t in e["payments"]]
            self._expect("payments", sorted(got), sorted(payments))
            for a, b, x in payments:
                self._pay(a, b, x)
            if len(winners) == 1:
                stage_winner = winners[0]
        if ins:  # docs/guts.md: a stage somebody played; its single winner's streak grows
            for p in self.players:
                self.streaks[p] = self.streaks[p] + 1 if p == stage_winner else 0
        if self.rules.stack is not None:
            for p in self.players:
                if (self.chips(p) or 0) < 0:
                    raise RuleBroken(f"{p} paid more than they had at table stakes")
        tally = self.legs if self.rules.win_by == "legs" else self.streaks
        self.phase = "win" if stage_winner is not None and tally[stage_winner] >= self.rules.win_count else "next"
        self._stage_winner = stage_winner

    def _win(self, e: Mapping[str, Any]) -> None:
        # Article 4.1: as soon as a player reaches the goal, at any stage, they take the whole pot
        self._expect("phase", self.phase, "win")
        self._expect("who takes the pot", e["player"], self._stage_winner)
        self._expect("the pot taken", e["pot"], self.pot)
        self._pay(None, e["player"], self.pot)
        self.winner = e["player"]
        self.over = True

    def _next_stage(self, e: Mapping[str, Any]) -> None:
        self._expect("phase", self.phase, "next")
        if self.stage >= len(self.stages):
            raise RuleBroken("there is no stage after the last")
        self._expect("stage", e["stage"], self.stage + 1)
        self.phase = "deal"

    def _next_round(self, e: Mapping[str, Any]) -> None:
        # Article 4.2: after stage three without a winner, a new ante and deal; the deal moves left
        self._expect("phase", self.phase, "next")
        self._expect("stage before a new round", self.stage, len(self.stages))
        if self.round >= self.rules.max_rounds:
            raise RuleBroken(f"round {self.round + 1} is past the round cap")
        self.round += 1
        self.dealer = (self.dealer + 1) % len(self.players)
        self._expect("round", e["round"], self.round)
        self._expect("dealer", e["dealer"], self.players[self.dealer])
        self.phase = "ante"

    def _end(self, e: Mapping[str, Any]) -> None:
        # docs/guts.md: a game ended without a winner gives each player back exactly their antes
        capped = self.phase == "next" and self.stage == len(self.stages) and self.round >= self.rules.max_rounds
        broke = self.phase == "ante" and self.rules.stack is not None and sum(
            1 for p in self.players if (self.chips(p) or 0) > 0) < 2
        if not (capped or broke):
            raise RuleBroken("the game ends without a winner while it could go on")
        refunds = {p: a for p, a in self.anted.items() if a}
        self._expect("refunds", dict(e["refunds"]), refunds)
        for p, a in refunds.items():
            self._pay(None, p, a)
        if self.pot != 0:
            raise RuleBroken(f"the refunds leave {self.pot} in the pot")
        self.over = True


def zero_chip_players_may_stay_in() -> bool:
    """Whether the engine still lets a player with no chips left at table stakes declare in.
    Issue 10 decided they cannot; the referee enforces that once the engine does (this probe
    and its uses can go when it has landed)."""
    game = GutsGame(preset("three-five-seven", payment_policy="table_stakes", stack=1), ["A", "B"], seed=1)
    game.advance_to_decision()  # both ante their only chip
    return Declare(game.waiting_for()[0], True) in game.legal_actions()


def referee_game(game: Any) -> GutsReferee:
    """Judge a whole game (played or replayed) from its start; returns the referee."""
    ref = GutsReferee(game.rules, game.players, game.first_dealer,
                      strict_zero_chips=not zero_chip_players_may_stay_in())
    ref.follow(game)
    return ref
