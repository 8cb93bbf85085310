"""Bots for the draw games: they see only a :class:`PlayerView`.

- :class:`RandomBot` takes any legal action, uniformly at random.
- :class:`LowballBot` draws toward a seven- or eight-low and bets made hands, under the game's
  ranking (deuce-to-seven: aces high, straights and flushes count against the hand;
  ace-to-five: aces low, straights and flushes do not count).

Both are deterministic given their seed.

>>> from wildeval.cards import parse_cards, format_cards
>>> format_cards(keep_for_low(parse_cards("2c 5d 7h Ks Kd"), draws_left=3))
'2c 5d 7h'
>>> format_cards(keep_for_low(parse_cards("2c 3d 4h 5s 6d"), draws_left=3))  # a straight: break it
'2c 3d 4h 5s'
>>> made_low(parse_cards("8c 6d 4h 3s 2d")), made_low(parse_cards("8c 6c 4c 3c 2c"))
(6, None)
>>> made_low(parse_cards("8c 6c 4c 3c Ac"), "low_a5"), made_low(parse_cards("5c 4d 3h 2s Ad"), "low_a5")
(6, 3)
>>> format_cards(keep_for_low(parse_cards("Ac 5d 9h Ks Ad"), draws_left=3, ranking="low_a5"))
'Ac 5d'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from wildeval.games import BotError
from wildeval.games.draw.actions import Action, Kind, Phase, PlayerView
from wildeval.games.draw.hand import Hand
from wildeval.seeds import python_random

__all__ = ["Bot", "LowballBot", "RandomBot", "ask_bot", "keep_for_low", "low_rank", "made_low"]

EIGHT = 6  # rank index of the eight
NINE = 7
SEVEN = 5
ACE = 12
HAND_SIZE = 5  # the made lows these bots know are five-card hands


def low_rank(card: int, ranking: str = "low27") -> int:
    """The card's rank index (0 = deuce .. 12 = ace) as a low hand counts it: the ace is -1,
    below the deuce, in ace-to-five."""
    rank = card >> 2
    return -1 if rank == ACE and ranking == "low_a5" else rank


class Bot(Protocol):
    """Anything that picks an action from what a player sees."""

    def choose(self, view: PlayerView) -> Action: ...


class RandomBot:
    """A legal action chosen uniformly at random (every discard equally likely in a draw)."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = python_random(seed)

    def choose(self, view: PlayerView) -> Action:
        if not view.legal_actions:
            raise ValueError(f"seat {view.seat} has nothing to do")
        return self._rng.choice(view.legal_actions)


def made_low(cards: Sequence[int], ranking: str = "low27") -> int | None:
    """The top rank (0 = deuce .. 12 = ace; see :func:`low_rank`) of a five-card hand with no
    pair, and in deuce-to-seven no straight or flush (a "made" low), else None. In deuce-to-seven
    aces are high and A-2-3-4-5 is not a straight."""
    ranks = sorted(low_rank(c, ranking) for c in cards)
    if len(ranks) != HAND_SIZE or len(set(ranks)) != HAND_SIZE:
        return None
    if ranking == "low27" and (ranks[4] - ranks[0] == 4 or len({c & 3 for c in cards}) == 1):
        return None
    return ranks[4]


def keep_for_low(cards: Sequence[int], draws_left: int, ranking: str = "low27") -> list[int]:
    """The cards to keep for a low: a made eight or better stands pat (a nine too on the last
    draw); otherwise keep one card of each rank from the lowest (deuce, or ace in ace-to-five)
    to eight (at most four, never a straight or a flush), in the hand's order."""
    top = made_low(cards, ranking)
    if top is not None and (top <= EIGHT or (top <= NINE and draws_left <= 1)):
        return list(cards)
    if top is not None and top <= NINE + 1 and draws_left <= 1:
        return list(cards)  # a ten-low on the last draw: stand pat
    keep: list[int] = []
    seen: set[int] = set()
    for c in sorted(cards, key=lambda c: (low_rank(c, ranking), c)):  # lowest first, one card per rank
        rank = low_rank(c, ranking)
        if rank <= EIGHT and rank not in seen:
            keep.append(c)
            seen.add(rank)
    if len(keep) == HAND_SIZE:  # five low cards: a straight or a flush; drop the top card
        keep = keep[:4]
    order = {c: i for i, c in enumerate(cards)}
    return sorted(keep, key=order.__getitem__)


def _strength(cards: Sequence[int], draws_left: int, ranking: str) -> int:
    """0 (give up) .. 4 (raise every time)."""
    top = made_low(cards, ranking)
    if top is not None:
        if top <= SEVEN:
            return 4
        if top <= EIGHT:
            return 3
        if top <= NINE:
            return 2 if draws_left <= 1 else 1
        if top <= NINE + 1:
            return 1
    if draws_left == 0:
        return 0
    needed = HAND_SIZE - len(keep_for_low(cards, draws_left, ranking))
    if draws_left == 3:
        return {0: 3, 1: 3, 2: 2, 3: 1}.get(needed, 0)
    if draws_left == 2:
        return {0: 2, 1: 2, 2: 1}.get(needed, 0)
    return 1 if needed <= 1 else 0


class LowballBot:
    """Draws toward a seven- or eight-low (keeps distinct cards eight and under, stands pat on a
    made eight), bets and raises made hands and good draws, calls with fair draws, folds the
    rest when it has to pay; a little randomness so that it is not fully predictable. Where
    raising is unlimited (heads-up), it raises no more once a round holds twice the bets and
    raises of a capped one, so that two good hands do not raise each other all-in."""

    def __init__(self, seed: int | None = None, *, aggression: float = 0.15) -> None:
        self._rng = python_random(seed)
        self.aggression = aggression

    def choose(self, view: PlayerView) -> Action:
        legal = view.legal_actions
        if not legal:
            raise ValueError(f"seat {view.seat} has nothing to do")
        ranking = view.game.ranking
        if view.phase is Phase.DRAW:
            keep = set(keep_for_low(view.hand, view.draws_left, ranking))
            return Action.discard(c for c in view.hand if c not in keep)
        by_kind = {a.kind: a for a in legal}
        strength = _strength(view.hand, view.draws_left, ranking)
        wager = by_kind.get(Kind.BET) or by_kind.get(Kind.RAISE)
        if view.bets_and_raises >= 2 * (1 + view.game.stakes.max_raises):
            wager = None  # unlimited heads-up: no raising war past twice the cap's bets
        passive = by_kind.get(Kind.CHECK) or by_kind.get(Kind.CALL)
        assert passive is not None
        roll = self._rng.random()
        if strength >= 3 and wager is not None:
            return wager
        if strength == 2:
            if wager is not None and (Kind.BET in by_kind or roll < self.aggression):
                return wager
            return passive
        if strength == 1:
            if passive.kind is Kind.CHECK:
                return passive
            if view.to_call <= view.bet_size or roll < self.aggression:
                return passive
            return by_kind[Kind.FOLD]
        if strength >= 3:
            return passive
        if passive.kind is Kind.CHECK:
            if wager is not None and roll < self.aggression / 2:
                return wager  # an occasional bluff
            return passive
        return by_kind[Kind.FOLD]


def ask_bot(hand: Hand, seat: int, bot: Bot) -> Action:
    """``bot``'s action for ``seat``; BotError if the bot raises or answers with anything but an
    :class:`Action` (an Action the rules refuse is refused by :meth:`Hand.act`, naming the
    player). The hand is not touched."""
    try:
        action = bot.choose(hand.view(seat))
    except Exception as error:
        raise BotError(f"the bot of {hand.names[seat]} failed: {type(error).__name__}: {error}") from error
    if not isinstance(action, Action):
        raise BotError(f"the bot of {hand.names[seat]} answered {action!r}, not an Action")
    return action
