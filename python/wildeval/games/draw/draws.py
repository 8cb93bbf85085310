"""The deal and the draws of a draw hand.

The cards are dealt one at a time from the small blind (or, when a dead button's table has
none, the big blind), as many as the game's hand holds.
In a draw every player still in the hand (all-in players included) declares a discard, in
order from the first player left of the dealer; then all are served in the same order. A
player is never dealt a card they discarded earlier in the hand: when the stub cannot serve
them, every other card not in play is shuffled into a new stub (``docs/triple-draw.md``, "The
draws"). The discard has a check (:meth:`Draws._verify_discard`) and a move
(:meth:`Draws._apply_discard`).
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping

from wildeval.cards import format_cards, parse_cards
from wildeval.games.draw.actions import Action, Event, IllegalAction, Kind, Phase
from wildeval.games.draw.rules import DECK_SIZE
from wildeval.games.draw.state import HandState

__all__ = ["Draws", "arrange_deck"]


def arrange_deck(n_players: int, button: int, hands: Mapping[int, str], draws: str = "", *,
                 hand_size: int = 5) -> list[int]:
    """A deck order (for ``Hand(..., deck=...)``) that deals ``hands`` (seat -> ``hand_size``
    cards as text; other seats get the highest cards left) one card at a time from the small
    blind, then serves ``draws`` in order. (With no small blind, the deal starts with the big
    blind, who is the player after the button too: the same order.)

    >>> deck = arrange_deck(2, 0, {0: "7s 5d 4c 3h 2s"})
    >>> format_cards(deck[0:10:2])  # heads-up the button is the small blind and is dealt first
    '7s 5d 4c 3h 2s'
    """
    named = {s: parse_cards(h) for s, h in hands.items()}
    drawn = parse_cards(draws)
    used = {c for cs in named.values() for c in cs} | set(drawn)
    rest = [c for c in range(DECK_SIZE - 1, -1, -1) if c not in used]
    for s in range(n_players):
        if s not in named:
            named[s] = [rest.pop(0) for _ in range(hand_size)]
    small_blind = button if n_players == 2 else (button + 1) % n_players
    order = [(small_blind + i) % n_players for i in range(n_players)]
    return [named[s][k] for k in range(hand_size) for s in order] + drawn


class Draws(HandState):
    """The deal and the draws of a hand."""

    def _deal(self) -> None:
        # the small blind (heads-up the dealer), or the big blind when there is no small blind
        first = self.small_blind_seat if self.small_blind_seat is not None else self.big_blind_seat
        order = self._order_from(first)
        for _ in range(self.game.hand_size):
            for p in order:
                self._hands[p].append(self._stub.pop(0))
        for p in order:
            self.events.append(Event("deal", p, 0, tuple(self._hands[p])))

    def _start_draw(self) -> None:
        self.phase = Phase.DRAW
        self.events.append(Event("draw", None, self.draws_done + 1))
        self._draw_order = [p for p in self._order_from(self.button + 1) if self._active(p)]
        self._queue = list(self._draw_order)

    def _discard_actions(self, seat: int) -> list[Action]:
        held = sorted(self._hands[seat])
        return [
            Action.discard(combo)
            for k in range(len(held) + 1)
            for combo in itertools.combinations(held, k)
        ]

    def _apply_discard(self, seat: int, action: Action) -> None:
        self._queue.pop(0)
        for c in action.cards:
            self._hands[seat].remove(c)
        self._discarded[seat].update(action.cards)
        self._discard_pile.extend(action.cards)
        self._draw_counts[seat].append(len(action.cards))
        self.events.append(Event("discard", seat, len(action.cards), action.cards))
        if not self._queue:
            self._serve()

    def _serve(self) -> None:
        for p in self._draw_order:
            wanted = self.game.hand_size - len(self._hands[p])
            if not wanted:
                continue
            own = self._discarded[p]
            if len(self._stub) < wanted or any(c in own for c in self._stub):
                self._reshuffle(p)
            cards = self._stub[:wanted]
            del self._stub[:wanted]
            self._hands[p].extend(cards)
            self.events.append(Event("serve", p, wanted, tuple(cards)))
        self.draws_done += 1
        self._after_draw()

    def _reshuffle(self, seat: int) -> None:
        """A new stub for ``seat``: what is left of the stub, the discards and the folded hands,
        but none of the cards this player has discarded (those stay set aside)."""
        own = self._discarded[seat]
        pool = sorted(c for c in self._stub + self._discard_pile + self._muck if c not in own)
        self._discard_pile = [c for c in self._stub + self._discard_pile if c in own]
        self._muck = [c for c in self._muck if c in own]
        self._rng.shuffle(pool)
        self._stub = pool
        assert len(pool) >= self.game.hand_size - len(self._hands[seat])
        self.events.append(Event("reshuffle", seat, len(pool)))

    def _verify_discard(self, actor: int, action: Action, who: str) -> Action:
        """The discard, if ``actor`` holds every card it names; else IllegalAction."""
        if action.kind is not Kind.DISCARD:
            raise IllegalAction(f"{who} cannot {action} during the draw: discard 0-{self.game.hand_size} cards")
        if action.amount is not None:
            raise IllegalAction(f"{who} cannot discard an amount ({action.amount}): name cards")
        held = set(self._hands[actor])
        if len(set(action.cards)) != len(action.cards):
            raise IllegalAction(f"{who} cannot {action}: a card is named twice")
        missing = [c for c in action.cards if c not in held]
        if missing:
            raise IllegalAction(f"{who} cannot {action}: they do not hold {format_cards(missing)}")
        return action
