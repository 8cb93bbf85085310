"""The end of a draw hand: the showdown, the main pot and the side pots, and who is paid what.

At the showdown the player who bet or raised last shows first (nobody bet: the first player
left of the dealer), the others follow clockwise; a hand that can still win or tie part of a
pot is shown, one that cannot is mucked unless its player wants to show it. Every pot is
split on its own among its best hands under the game's ranking, the odd chips one each
clockwise from the button (Robert's Rules); a side pot that everyone in it folded from goes
to the last of them to fold (``docs/triple-draw.md``, "Showdown").
"""

from __future__ import annotations

from wildeval.games.draw.actions import Event, Phase
from wildeval.games.draw.state import HandState

__all__ = ["Pot", "Showdown"]

Pot = tuple[int, list[int], list[int]]  # (amount, players who can win it, players who put chips in it)


class Showdown(HandState):
    """The showdown and the payment of the pots."""

    def _pots(self) -> list[Pot]:
        """(amount, players who can win it, players who put chips in it), main pot first. Every
        player still in the hand who put in less than others closes a pot; folded players' chips
        are dead money in the pots they reach. Chips above what anybody still in put in make a
        last pot that nobody can win (everyone in it folded). Robert's Rules: the main pot and
        the side pots are split as separate pots, not mixed together."""
        contrib = self._contrib
        in_hand = {contrib[p] for p in range(self.n) if not self._folded[p]}
        pots: list[Pot] = []
        previous = 0
        for level in sorted(in_hand | {max(contrib)}):
            amount = sum(min(c, level) - min(c, previous) for c in contrib)
            if amount:
                payers = [p for p in range(self.n) if contrib[p] > previous]
                eligible = [p for p in payers if self._active(p) and contrib[p] >= level]
                pots.append((amount, eligible, payers))
            previous = level
        return pots

    def _pay(self, pots: list[Pot]) -> None:
        """Award the pots, each on its own: the best value among its players wins a pot, tied
        lows split it, and the odd chips go one each to the winners clockwise from the button
        (Robert's Rules: no player gets more than one odd chip). A pot that every player in it
        has folded from goes to the last of them to fold."""
        clockwise = self._order_from(self.button + 1)
        for k, (amount, eligible, payers) in enumerate(pots):
            if len(pots) > 1:
                self.events.append(Event("pot", None, amount, (), f"side pot {k}" if k else "main pot"))
            if not eligible:
                winners = [max(payers, key=self._fold_order.index)]
                text = "abandoned"
            elif len(eligible) == 1:
                winners, text = eligible, "uncontested" if self._values[eligible[0]] is None else ""
            else:
                best = max(v for p in eligible if (v := self._values[p]) is not None)
                winners = sorted((p for p in eligible if self._values[p] == best), key=clockwise.index)
                text = "split" if len(winners) > 1 else ""
            share, odd = divmod(amount, len(winners))
            pot = (f"side pot {k}" if k else "main pot") if len(pots) > 1 else "pot"
            for i, p in enumerate(winners):
                won = share + (1 if i < odd else 0)
                self._chips.pay(p, won, pot)
                self.events.append(Event("win", p, won, (), text))
        assert self._pot == 0
        self._pokerkit.paid(self, clockwise)
        self._finish()

    def _award_uncontested(self) -> None:
        self._pay(self._pots())

    def _can_win(self, seat: int) -> bool:
        value = self._values[seat]
        assert value is not None
        for _, eligible, _ in self._pots():
            if seat not in eligible:
                continue
            best = [v for p in eligible if self._shown[p] is not None and (v := self._values[p]) is not None]
            if not best or max(best) <= value:
                return True
        return False

    def _showdown(self) -> None:
        ev = self.game.evaluator()
        self.events.append(Event("showdown"))
        start = self._round.last_aggressor
        if start is None:
            start = (self.button + 1) % self.n
        for p in self._order_from(start):
            if not self._active(p):
                continue
            value = self._values[p] = ev(list(self._hands[p]))
            if self._can_win(p) or (self.show_losing is not None and self.show_losing(p)):
                self._shown[p] = tuple(self._hands[p])
                self.events.append(Event("show", p, 0, tuple(self._hands[p]), ev.describe(value)))
            else:
                self._mucked[p] = True
                self._muck.extend(self._hands[p])
                self._hands[p] = []
                self.events.append(Event("muck", p))
        self._pay(self._pots())

    def _finish(self) -> None:
        self.phase = Phase.COMPLETE
        self._queue = []
