"""Fixed-limit betting in a draw hand: blinds, bets and raises, the cap, all-ins, uncalled bets.

The rules are those of ``docs/triple-draw.md`` ("Betting"): a bet and a raise are one fixed bet
(the game's small bet in the first rounds, its big bet later); a bet and three raises per round
(unlimited heads-up if the table says so); an all-in of half a bet or more reopens the
betting, one of less does not, and a raise over it completes the wager (Robert's Rules); the
part of a bet nobody called goes back. For each betting action there is a check
(:meth:`Betting._verify_betting`) and a move (:meth:`Betting._apply_betting`).
"""

from __future__ import annotations

from wildeval.games.draw.actions import Action, Event, IllegalAction, Kind, Phase
from wildeval.games.draw.state import BettingRound, HandState

__all__ = ["Betting"]


class Betting(HandState):
    """The betting part of a hand."""

    def _post(self, seat: int, amount: int, what: str) -> None:
        amount = min(amount, self._stacks[seat])
        self._chips.wager(seat, amount, what, self.betting_round + 1)
        self.events.append(Event("post", seat, amount, (), what, self._stacks[seat] == 0))

    def _effective_stack(self, seat: int) -> int:
        totals = sorted(self._bets[p] + self._stacks[p] for p in self._active_seats())
        return min(self._stacks[seat], max(0, totals[-2] - self._bets[seat]))

    def _start_betting(self, betting_round: int) -> None:
        self.phase = Phase.BETTING
        self.betting_round = betting_round
        if betting_round:
            self.events.append(Event("round", None, betting_round + 1))
        # the big blind is the bet of the first round, even when the blind was short (Robert's
        # Rules: the bring-in and raise sizes stay the same)
        self._round = BettingRound(
            self.game.bet_size(betting_round),
            1 if betting_round == 0 else 0,
            self.rules.big_blind if betting_round == 0 else 0,
            acted_tick=[None] * self.n,
        )
        if betting_round == 0:
            start = (self.big_blind_seat + 1) % self.n
        else:
            start = (self.button + 1) % self.n
        actors = self._first_actors(start)
        self._pokerkit.round_starts(self, betting_round, actors)
        self._queue = actors
        if not self._queue:
            self._end_betting()

    def _high(self, seat: int | None = None) -> int:
        """The wager to call: the highest bet, or (pre-draw) the full big blind if a short big
        blind posted less; ``seat`` is never asked for more of it than another player still in
        could put in."""
        high = max(self._bets)
        if self._round.full > high:
            reach = [self._bets[p] + self._stacks[p] for p in self._active_seats() if p != seat]
            high = max(high, min(self._round.full, max(reach, default=0)))
        return high

    def _first_actors(self, start: int) -> list[int]:
        """Who acts in a new betting round, in order from ``start``: the players in the hand
        with chips that someone else could still match; nobody if only one could act and they
        face no bet."""
        actors = [
            p for p in self._order_from(start)
            if self._active(p) and self._stacks[p] > 0 and self._effective_stack(p) > 0
        ]
        if len(actors) == 1 and self._bets[actors[0]] >= self._high(actors[0]):
            return []
        return actors

    def _multiway(self) -> bool:
        """More than two players in the hand still have chips to bet."""
        return sum(1 for p in self._active_seats() if self._stacks[p] > 0) > 2

    def _cap(self) -> int | None:
        """The most full bets and raises allowed now, or None for no limit (heads-up, when the
        table plays unlimited raising heads-up and the round was not capped before)."""
        if self.rules.heads_up_unlimited and not self._round.capped_multiway and not self._multiway():
            return None
        return 1 + self.rules.max_raises

    def _raise_reason(self, seat: int) -> str | None:
        """Why ``seat`` may not bet or raise now, or None if it may."""
        b = self._round
        high = self._high(seat)
        to_call = high - self._bets[seat]
        if self._stacks[seat] <= to_call:
            return "the call takes all of their chips"
        cap = self._cap()
        if cap is not None and b.full_count >= cap:
            return f"the betting is capped ({'a bet and ' if cap > 1 else ''}{cap - 1} raises)"
        others = [
            p for p in self._active_seats()
            if p != seat and self._stacks[p] + self._bets[p] > high
        ]
        if not others:
            return "no other player has chips to call a raise"
        last = b.acted_tick[seat]
        if last is not None and last == b.tick and to_call < b.bet_size:
            return "an all-in for less than half a bet does not reopen the betting"
        return None

    def _betting_actions(self, seat: int) -> list[Action]:
        high = self._high(seat)
        to_call = min(high - self._bets[seat], self._stacks[seat])
        actions = [Action.fold()]
        actions.append(Action.call(to_call) if high > self._bets[seat] else Action.check())
        if self._raise_reason(seat) is None:
            # a raise is one bet over the last full wager: over an all-in for less than half a
            # bet, that completes the wager (Robert's Rules)
            to = min(self._round.full + self._round.bet_size, self._bets[seat] + self._stacks[seat])
            assert to > high
            actions.append(Action.bet(to) if high == 0 else Action.raise_to(to))
        return actions

    def _apply_betting(self, seat: int, action: Action) -> None:
        b = self._round
        self._pokerkit.acts(self, seat, action)
        self._queue.pop(0)
        high = self._high(seat)
        if action.kind is Kind.FOLD:
            self._folded[seat] = True
            self._fold_order.append(seat)
            self._muck.extend(self._hands[seat])
            self._hands[seat] = []
            self.events.append(Event("fold", seat))
        elif action.kind is Kind.CHECK:
            self.events.append(Event("check", seat))
        elif action.kind is Kind.CALL:
            assert action.amount is not None
            self._chips.wager(seat, action.amount, "call", self.betting_round + 1)
            self.events.append(Event("call", seat, action.amount, (), "", self._stacks[seat] == 0))
        else:  # BET or RAISE
            assert action.amount is not None
            to = action.amount
            self._chips.wager(seat, to - self._bets[seat], action.kind.value, self.betting_round + 1)
            all_in = self._stacks[seat] == 0
            # a full bet or raise (completing a short all-in is one), or an all-in of half a bet
            # or more, reopens the betting and counts toward the cap; an all-in of less does
            # neither. No raise goes past the completion, so short all-ins never add up to more.
            if not all_in or to == b.full + b.bet_size or 2 * (to - high) >= b.bet_size:
                b.full = to
                b.full_count += 1
                b.tick += 1
            if b.full_count >= 1 + self.rules.max_raises and self._multiway():
                b.capped_multiway = True
            b.last_aggressor = seat
            self._queue = [
                p for p in self._order_from(seat)[1:] if self._active(p) and self._stacks[p] > 0
            ]
            self.events.append(Event(action.kind.value, seat, to, (), "", all_in))
        b.acted_tick[seat] = b.tick
        if len(self._active_seats()) <= 1 or not self._queue:
            self._queue = []
            self._end_betting()

    def _end_betting(self) -> None:
        self._pokerkit.round_ends(self)
        ordered = sorted(self._bets)
        cutoff = ordered[-2]
        stage = self.betting_round + 1
        for p in range(self.n):
            if self._bets[p] > cutoff:  # the uncalled part of a bet goes back
                excess = self._bets[p] - cutoff
                self._chips.give_back(p, excess, stage)
                self.events.append(Event("return", p, excess))
        self._chips.collect(stage)
        self._pokerkit.chips_collected(self)
        self._after_betting()

    def _verify_betting(self, actor: int, action: Action, who: str) -> Action:
        """The betting action with its amount, if ``actor`` may take it now; else IllegalAction."""
        legal = self._betting_actions(actor)
        options = ", ".join(str(a) for a in legal)
        if action.kind in (Kind.FOLD, Kind.CHECK) and action.amount is not None:
            name = action.kind.value
            raise IllegalAction(f"{who} cannot {name} {action.amount}: a {name} has no amount")
        if action.kind is not Kind.DISCARD and action.cards:
            raise IllegalAction(f"{who} cannot {action.kind.value} with cards: only a discard names cards")
        if action.kind is Kind.DISCARD:
            raise IllegalAction(f"{who} cannot {action}: it is a betting round ({options})")
        for a in legal:
            if a.kind is action.kind:
                if action.amount is not None and action.amount != a.amount:
                    raise IllegalAction(
                        f"{who} cannot {action}: in fixed limit the amount is {a.amount} ({options})"
                    )
                return a
        reason = ""
        high = self._high(actor)
        if action.kind is Kind.CHECK:
            owed = min(high - self._bets[actor], self._stacks[actor])
            reason = f"there is a bet of {high} to call ({owed} more)"
        elif action.kind is Kind.CALL:
            reason = "there is no bet to call"
        elif action.kind is Kind.BET and high > 0:
            reason = "there is already a bet; raise instead"
        elif action.kind is Kind.RAISE and high == 0:
            reason = "there is no bet to raise; bet instead"
        else:
            reason = self._raise_reason(actor) or "not allowed now"
        raise IllegalAction(f"{who} cannot {action}: {reason} ({options})")
