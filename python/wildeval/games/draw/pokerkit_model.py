"""pokerkit's way of playing fixed-limit triple draw, followed beside our own.

pokerkit 0.7.7 reads the PHH histories we write (:data:`VARIANTS`: ``F2L3D``, Deuce to Seven
Triple Draw, and ``FB``, Badugi Triple Draw, which it plays with one betting, blinds, draws and
payouts; only the hands differ) but does not follow a cardroom rule book everywhere
(``docs/triple-draw.md``, "Where we differ from pokerkit"). A :class:`PokerkitModel` follows
its betting and payouts action by action beside the hand's own, as pokerkit replays a history
(``for state in HandHistory.loads(text)``), and names the first place where pokerkit would
refuse our history or end it with other stacks: that sentence is the hand's
``pokerkit_divergence`` (a PHH user field). It changes nothing in the hand. The hand calls it
at five moments: a betting round starts, a player bets, the round ends, its chips are
collected, the pots are paid. A game that PHH cannot write follows nothing (:class:`Shadow`).

pokerkit's replay repairs a history whose next action is not one it can take: it checks for
the player it expects to act if they face no bet, else folds them, and tries the action again
(:meth:`PokerkitBetting.repair`). So a hand where pokerkit expects another player to act is
not always refused: heads-up with equal blinds pokerkit lets the big blind act first, and
replays our hands (the small blind first) with a check by the big blind before the small
blind's first action. If the small blind folds or raises, pokerkit goes on as we do; if it
checks, pokerkit's first round is over and it refuses the big blind's action (marked).

>>> from wildeval.games.draw import Action, Hand, Rules
>>> hand = Hand([100, 100, 4], button=0, rules=Rules(5, 10, 10, 20), seed=3)  # the big blind posts 4
>>> hand.act(Action.raise_to(20)), hand.pokerkit_divergence
(Action(kind=<Kind.RAISE: 'raise'>, amount=20, cards=()), "p3 raise to 20: the big blind is short: Robert's Rules keep the full big blind as the bet to call and raise, pokerkit uses the biggest blind posted")
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING

from wildeval.games.draw.actions import Action, Kind

if TYPE_CHECKING:
    from wildeval.games.draw.betting import Betting
    from wildeval.games.draw.state import HandState

__all__ = ["VARIANTS", "PokerkitModel", "Shadow"]

# The PHH variants whose pokerkit games this model follows: FixedLimitDeuceToSevenLowballTripleDraw
# and FixedLimitBadugi, both pokerkit's fixed-limit triple draw.
VARIANTS = ("F2L3D", "FB")

# Why pokerkit 0.7.7 would refuse a history or end it with other stacks (``pokerkit_divergence``).
PK_SHORT_BLIND = (
    "the big blind is short: Robert's Rules keep the full big blind as the bet to call and raise, "
    "pokerkit uses the biggest blind posted"
)
PK_COMPLETION = (
    "pokerkit raises a full bet over an all-in for less than half a bet; Robert's Rules complete "
    "the wager"
)
PK_ABANDONED = (
    "every player in a side pot folded: with one player's hand left to be paid (the others "
    "folded, or their beaten hands killed at the showdown), pokerkit fails an internal assertion "
    "(AssertionError); Robert's Rules pay the pot to its last contender"
)
PK_BURNED = (
    "every player in a side pot folded: with two or more players' hands left to be paid, "
    "pokerkit burns that pot's chips (warning \"some chips will be burned\"); Robert's Rules pay "
    "the pot to its last contender"
)
PK_ODD_CHIPS = (
    "pokerkit gives every odd chip of a split pot to one player; Robert's Rules: no player gets "
    "more than one"
)
PK_MERGED = (
    "pokerkit pays pots that the same players contest as one pot (after leaving out the shown "
    "hands that can win none of them); Robert's Rules split each pot separately"
)
PK_BIG_BLIND_FIRST = (
    "pokerkit lets the big blind act first heads-up when the blinds are equal (replaying the "
    "history, it checks for the big blind before the small blind's first action)"
)
PK_NO_MORE_BETTING = "pokerkit expects no more betting"


@dataclass
class PokerkitBetting:
    """pokerkit 0.7.7's fixed-limit betting, followed action by action beside our own: its chips,
    who it expects to act, and which bets and raises it takes. The hand uses it to find the first
    place where pokerkit would refuse our history or end it with other stacks."""

    stacks: list[int]
    bets: list[int]
    contrib: list[int]  # chips put in, current bets included
    live: list[bool]
    queue: list[int] = field(default_factory=list)
    street_min: int = 0
    completion: int = 0  # the biggest completion, bet or raise of the round
    count: int = 0  # completions, bets and raises of the round
    acted: set[int] = field(default_factory=set)
    short: list[int] = field(default_factory=list)  # consecutive all-ins for less
    note: str | None = None  # why its chips differ from ours, while they do

    def effective(self, seat: int) -> int:
        totals = sorted(self.bets[p] + self.stacks[p] for p in range(len(self.live)) if self.live[p])
        return min(self.stacks[seat], max(0, totals[-2] - self.bets[seat]))

    def begin(self, order: list[int], street_min: int) -> None:
        """A betting round starts at the first seat of ``order`` (clockwise)."""
        self.street_min = street_min
        self.completion = self.count = 0
        self.acted.clear()
        self.short.clear()
        self.queue = [p for p in order if self.live[p] and self.stacks[p] > 0 and self.effective(p) > 0]
        if len(self.queue) == 1 and self.bets[self.queue[0]] >= max(self.bets):
            self.queue = []

    def to_call(self, seat: int) -> int:
        return min(self.stacks[seat], max(self.bets) - self.bets[seat])

    def repair(self, seat: int | None) -> int | None:
        """What pokerkit's replay does when the history's next action is not one it can take
        (``notation.HandHistory.state_actions``): it checks for the player it expects to act if
        they face no bet, else folds them, and tries the action again, until ``seat`` is the
        player to act (None: the next action is a draw or a showing, not a bet) or the round is
        over. Returns the first player it folded (pokerkit's hand then parts from ours), or None."""
        while self.queue and self.queue[0] != seat:
            head = self.queue[0]
            if self.to_call(head):
                self.act(head, Kind.FOLD, None)
                return head
            self.act(head, Kind.CHECK, None)
        return None

    def raise_to(self, seat: int) -> int:
        """The one amount pokerkit takes for a bet or raise (fixed limit: min = max)."""
        to = max(self.completion, self.street_min) + max(self.bets)
        return min(self.stacks[seat] + self.bets[seat], to)

    def refuses_raise(self, seat: int, to: int) -> str | None:
        """Why pokerkit would refuse this bet or raise, in the order it checks."""
        if self.to_call(seat) < self.completion:
            return "pokerkit allows no raise by a player who faces less than a full raise"
        if self.count >= 4:
            return "pokerkit allows at most four bets and raises per round, counting all-ins for less"
        if self.short and sum(self.short) < self.completion and seat in self.acted:
            return "pokerkit does not reopen the betting for an all-in of half a bet or more"
        if self.stacks[seat] <= max(self.bets) - self.bets[seat]:
            return "pokerkit has the call take all of the player's chips"
        high = max(self.bets)
        if not any(
            p != seat and self.live[p] and self.stacks[p] + self.bets[p] > high
            for p in range(len(self.live))
        ):
            return "pokerkit sees no other player with chips to call a raise"
        if to != self.raise_to(seat):
            return f"pokerkit raises to {self.raise_to(seat)}"
        return None

    def act(self, seat: int, kind: Kind, to: int | None) -> None:
        """Take an action pokerkit accepts (``to``: the amount of a bet or raise)."""
        self.queue.pop(0)
        self.acted.add(seat)
        if kind is Kind.FOLD:
            self.live[seat] = False
        elif kind in (Kind.CHECK, Kind.CALL):
            self._move(seat, self.to_call(seat))
        else:
            assert to is not None
            increment = to - max(self.bets)
            self._move(seat, to - self.bets[seat])
            n = len(self.live)
            self.queue = [
                p for p in ((seat + k) % n for k in range(1, n)) if self.live[p] and self.stacks[p] > 0
            ]
            if increment >= self.completion:
                self.acted = {seat}
            self.completion = max(self.completion, increment)
            self.count += 1
            if self.stacks[seat]:
                self.short.clear()
            else:
                self.short.append(increment)
            if sum(self.short) >= self.completion:
                self.short.clear()

    def _move(self, seat: int, amount: int) -> None:
        self.stacks[seat] -= amount
        self.bets[seat] += amount
        self.contrib[seat] += amount

    def end(self) -> None:
        """The betting round ends: the part of a bet nobody called goes back."""
        cutoff = sorted(self.bets)[-2]
        for p, bet in enumerate(self.bets):
            if bet > cutoff:
                self.stacks[p] += bet - cutoff
                self.contrib[p] -= bet - cutoff
        self.bets = [0] * len(self.bets)
        self.queue = []

    def pots(self, order: list[int]) -> list[tuple[int, tuple[int, ...]]]:
        """pokerkit's pots: the levels of every contribution, merged while the same players
        still in the hand contest them (each pot's players in ``order``)."""
        pots: list[tuple[int, tuple[int, ...]]] = []
        previous = 0
        for level in sorted(set(self.contrib)):
            amount = sum(level - previous for c in self.contrib if c >= level)
            eligible = tuple(p for p in order if self.contrib[p] >= level and self.live[p])
            while pots and pots[-1][1] == eligible:
                amount += pots.pop()[0]
            if amount:
                pots.append((amount, eligible))
            previous = level
        return pots

    def payout(self, values: Sequence[int | None], order: list[int]) -> tuple[list[int], str]:
        """What pokerkit pays each seat, and how its way of paying showed: after the showdown it
        kills every shown hand that is not among the best of a pot it contests; the pots are
        then the levels of every contribution, merged while the same players contest them; a
        split pot's whole remainder goes to its first winner in ``order``; a pot nobody still in
        contests is burned."""
        n = len(self.live)
        if sum(self.live) > 1:
            contested = [eligible for _, eligible in self.pots(order) if eligible]
            tops = [max(v for p in eligible if (v := values[p]) is not None) for eligible in contested]
            can_win = {p for eligible, top in zip(contested, tops) for p in eligible if values[p] == top}
            self.live = [live and p in can_win for p, live in enumerate(self.live)]
        pots = self.pots(order)
        won = [0] * n
        burned = odd_chips = False
        paid: set[int] = set()  # the hands pokerkit keeps alive: those that win something
        for amount, eligible in pots:
            if not eligible:
                burned = True
                continue
            if sum(self.live) == 1:
                won[eligible[0]] += amount
                paid.add(eligible[0])
                continue
            best = max(v for p in eligible if (v := values[p]) is not None)
            winners = [p for p in eligible if values[p] == best]
            share, odd = divmod(amount, len(winners))
            for p in winners:
                won[p] += share
                paid.add(p)
            won[winners[0]] += odd
            odd_chips = odd_chips or odd > 1
        if burned:
            return won, PK_ABANDONED if len(paid) <= 1 else PK_BURNED
        return won, PK_ODD_CHIPS if odd_chips else PK_MERGED


class Shadow:
    """Another engine followed beside the hand: this one follows nothing and never differs."""

    divergence: str | None = None

    def round_starts(self, hand: Betting, betting_round: int, actors: list[int]) -> None:
        """A betting round starts; ``actors`` are the players who will act in it, in order."""

    def acts(self, hand: Betting, seat: int, action: Action) -> None:
        """``seat`` takes a betting action (already verified, not yet applied)."""

    def round_ends(self, hand: HandState) -> None:
        """The betting round is over; nothing is returned or collected yet."""

    def chips_collected(self, hand: HandState) -> None:
        """The uncalled part of a bet went back and the bets went into the pot."""

    def paid(self, hand: HandState, clockwise: list[int]) -> None:
        """Every pot was paid (``clockwise``: the seats from the button's left)."""

    def state(self) -> object:
        """Everything that can change, as plain values (for :meth:`Hand.snapshot`)."""
        return None


class PokerkitModel(Shadow):
    """pokerkit 0.7.7's betting and payouts, beside a hand from its first bet (after the blinds
    are posted), as its replay of the hand's history goes (repairs included). ``divergence``:
    None, or why pokerkit could not replay the hand to the same stacks."""

    def __init__(self, hand: HandState) -> None:
        self.divergence: str | None = None
        self.pk = PokerkitBetting(list(hand.stacks), list(hand.bets), list(hand.contributions), [True] * hand.n)
        # why pokerkit's first betting round starts with another player than ours (None: it
        # does not), said with a divergence found in that round
        self.first_actor: str | None = None

    def state(self) -> object:
        return repr((asdict(self.pk), self.first_actor))

    def _opener(self, hand: HandState) -> int:
        """Where pokerkit starts the first betting round: after the biggest blind posted (the
        last such seat in its order), its blinds read the other way round heads-up. Heads-up
        with equal blinds that is the big blind (p1), where we start with the small blind."""
        order = hand._order_from(hand.button + 1)
        blinds = [hand.rules.small_blind, hand.rules.big_blind] + [0] * (hand.n - 2)
        if hand.n == 2:
            blinds.reverse()
        key = [(hand.bets[order[i]] * (1 if blinds[i] > 0 else 0), i) for i in range(hand.n)]
        return order[(max(range(hand.n), key=key.__getitem__) + 1) % hand.n]

    def round_starts(self, hand: Betting, betting_round: int, actors: list[int]) -> None:
        if self.divergence is not None:
            return
        opener = self._opener(hand) if betting_round == 0 else (hand.button + 1) % hand.n
        self.pk.begin(hand._order_from(opener), hand.game.bet_size(betting_round))
        if betting_round == 0 and self.pk.queue[:1] != actors[:1]:
            # only heads-up with equal blinds, both posted in full: elsewhere pokerkit's first
            # actor is ours (a blind all-in for less is skipped by both)
            self.first_actor = PK_BIG_BLIND_FIRST

    def _diverge(self, hand: HandState, where: str, reason: str) -> None:
        """Mark the hand: pokerkit parts from it at ``where`` (an action, or the end of a
        round), for ``reason``; said after the short big blind called in full that made
        pokerkit's chips differ from ours, if one did, or after pokerkit's other first actor,
        in the first round."""
        if self.pk.note is not None:
            self.divergence = f"{where}, after {self.pk.note}"
        elif self.first_actor is not None and hand.betting_round == 0:
            self.divergence = f"{where}: {self.first_actor}; then {reason}"
        else:
            self.divergence = f"{where}: {reason}"

    def acts(self, hand: Betting, seat: int, action: Action) -> None:
        """Take the action in pokerkit's betting too; mark the hand where pokerkit would refuse it
        or its chips start to differ from ours."""
        if self.divergence is not None:
            return
        pk = self.pk
        reason: str | None = None
        if not pk.queue or pk.queue[0] != seat:
            # the history's action is not the one pokerkit expects: its replay checks (or
            # folds) for the players it expects to act first
            folded = pk.repair(seat)
            if folded is not None:
                who = hand.phh_label(folded)
                reason = f"pokerkit expects {who} to act and, replaying the history, folds {who}"
            elif not pk.queue:
                reason = PK_NO_MORE_BETTING
        if reason is None and action.kind in (Kind.BET, Kind.RAISE):
            assert action.amount is not None
            reason = pk.refuses_raise(seat, action.amount)
            if reason is not None and pk.note is None and reason.startswith("pokerkit raises to"):
                reason = PK_SHORT_BLIND if max(hand.bets) < hand._high(seat) else PK_COMPLETION
        if reason is not None:
            # after a short big blind was called in full, pokerkit's chips differ from ours: that
            # call, not this action, is why pokerkit goes another way
            self._diverge(hand, f"{hand.phh_label(seat)} {action}", reason)
            return
        ours = action.amount if action.kind is Kind.CALL else 0
        if action.kind in (Kind.CHECK, Kind.CALL) and pk.to_call(seat) != ours and pk.note is None:
            pk.note = f"{hand.phh_label(seat)} {action}: {PK_SHORT_BLIND}"
        pk.act(seat, action.kind, action.amount)

    def round_ends(self, hand: HandState) -> None:
        pk = self.pk
        if self.divergence is not None:
            return
        if pk.queue and sum(pk.live) > 1:
            # pokerkit expects more betting; the history's next action is a draw or a showing
            # (two or more players are still in), which its replay takes after checking (or
            # folding) for the players it expects to act
            folded = pk.repair(None)
            if folded is not None:
                who = hand.phh_label(folded)
                self._diverge(hand, f"the end of betting round {hand.betting_round + 1}",
                              f"pokerkit expects {who} to act and, replaying the history, folds {who}")
                return
        pk.end()

    def chips_collected(self, hand: HandState) -> None:
        pk = self.pk
        if pk.note is not None and pk.stacks == list(hand.stacks) and pk.contrib == list(hand.contributions):
            pk.note = None  # the chips came back together: the uncalled part went back

    def paid(self, hand: HandState, clockwise: list[int]) -> None:
        if self.divergence is None:
            pk = self.pk
            pk.live = [hand._active(p) for p in range(hand.n)]
            pk_won, how = pk.payout(hand._values, clockwise)
            if [s + w for s, w in zip(pk.stacks, pk_won)] != list(hand.stacks):
                self.divergence = pk.note or how
