"""Bots for the draw games: they see only a :class:`PlayerView`.

- :class:`RandomBot` takes any legal action, uniformly at random.
- :class:`LowballBot` draws toward a seven- or eight-low and bets made hands, under the game's
  ranking (deuce-to-seven: aces high, straights and flushes count against the hand;
  ace-to-five: aces low, straights and flushes do not count; badugi: it keeps the cards that
  play, draws toward a four-card badugi and bets by the badugi's top card).

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
>>> format_cards(keep_for_low(parse_cards("7s 4h 2h Ac"), draws_left=3, ranking="badugi"))  # 7-2-A plays
'7s 2h Ac'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from wildeval.games import BotError
from wildeval.games.draw.actions import Action, Kind, Phase, PlayerView
from wildeval.games.draw.hand import Hand
from wildeval.games.draw.rules import evaluator
from wildeval.seeds import python_random

__all__ = ["Bot", "LowballBot", "RandomBot", "ask_bot", "badugi_cards", "keep_for_badugi", "keep_for_low",
           "low_rank", "made_low"]

EIGHT = 6  # rank index of the eight
NINE = 7
SEVEN = 5
TEN = 8
ACE = 12
HAND_SIZE = 5  # the made lows these bots know are five-card hands
BADUGI = 4  # the cards of a badugi
ACE_LOW = ("low_a5", "badugi")  # the rankings that count the ace below the deuce


def low_rank(card: int, ranking: str = "low27") -> int:
    """The card's rank index (0 = deuce .. 12 = ace) as a low hand counts it: the ace is -1,
    below the deuce, in ace-to-five and badugi."""
    rank = card >> 2
    return -1 if rank == ACE and ranking in ACE_LOW else rank


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
    to eight (at most four, never a straight or a flush), in the hand's order. In badugi:
    :func:`keep_for_badugi`."""
    if ranking == "badugi":
        return keep_for_badugi(cards, draws_left)
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


def badugi_cards(cards: Sequence[int]) -> list[int]:
    """The cards that play in badugi (``Evaluator("badugi").best_five``): the largest set with
    no two of a rank or a suit, the lowest such, in the hand's order.

    >>> from wildeval.cards import parse_cards, format_cards
    >>> format_cards(badugi_cards(parse_cards("Kc 8c 5d 2h")))
    '8c 5d 2h'
    """
    playing = {c for c, _ in evaluator("badugi").best_five(list(cards))}
    return [c for c in cards if c in playing]


def keep_for_badugi(cards: Sequence[int], draws_left: int) -> list[int]:
    """The cards to keep for a badugi, in the hand's order: the cards that play
    (:func:`badugi_cards`), the rest discarded. A badugi stands pat, unless with two draws or
    more left it is jack-high or rougher and the three cards under its top card are seven or
    lower: then it breaks, throwing its top card to draw at a better one. Fewer than four cards
    that play keep those of eight or under (aces low), or all of them on the last draw.

    >>> from wildeval.cards import parse_cards, format_cards
    >>> format_cards(keep_for_badugi(parse_cards("Kc 6d 3h As"), draws_left=2))  # a rough badugi: break
    '6d 3h As'
    >>> format_cards(keep_for_badugi(parse_cards("Kc 6d 3h As"), draws_left=1))  # the last draw: pat
    'Kc 6d 3h As'
    >>> format_cards(keep_for_badugi(parse_cards("Qc 9c 5d 2h"), draws_left=3))
    '5d 2h'
    """
    playing = badugi_cards(cards)
    ranks = sorted(low_rank(c, "badugi") for c in playing)
    if len(playing) == BADUGI:
        if draws_left >= 2 and ranks[-1] > TEN and ranks[-2] <= SEVEN:
            return [c for c in playing if low_rank(c, "badugi") != ranks[-1]]
        return playing
    if draws_left <= 1:
        return playing
    return [c for c in playing if low_rank(c, "badugi") <= EIGHT]


def _drawing(needed: int, draws_left: int) -> int:
    """The strength of a draw to ``needed`` more cards with ``draws_left`` draws to come."""
    if draws_left == 3:
        return {0: 3, 1: 3, 2: 2, 3: 1}.get(needed, 0)
    if draws_left == 2:
        return {0: 2, 1: 2, 2: 1}.get(needed, 0)
    return 1 if needed <= 1 else 0


def _badugi_strength(cards: Sequence[int], draws_left: int) -> int:
    """0 (give up) .. 4 (raise every time), in badugi: an eight-high badugi or better 4, a
    ten-high 3, any badugi 2 (it beats every hand of three cards); after the last draw a
    three-card seven or better 1, less nothing; before it, the draw's strength."""
    playing = badugi_cards(cards)
    top = max(low_rank(c, "badugi") for c in playing)
    if len(playing) == BADUGI:
        return 4 if top <= EIGHT else 3 if top <= TEN else 2
    if draws_left == 0:
        return 1 if len(playing) == BADUGI - 1 and top <= SEVEN else 0
    return _drawing(BADUGI - len(keep_for_badugi(cards, draws_left)), draws_left)


def _strength(cards: Sequence[int], draws_left: int, ranking: str) -> int:
    """0 (give up) .. 4 (raise every time)."""
    if ranking == "badugi":
        return _badugi_strength(cards, draws_left)
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
    return _drawing(HAND_SIZE - len(keep_for_low(cards, draws_left, ranking)), draws_left)


class LowballBot:
    """Draws toward a seven- or eight-low (keeps distinct cards eight and under, stands pat on a
    made eight; in badugi, :func:`keep_for_badugi`), bets and raises made hands and good draws,
    calls with fair draws, folds the rest when it has to pay; a little randomness so that it is
    not fully predictable. Where raising is unlimited (heads-up), it raises no more once a round
    holds twice the bets and raises of a capped one, so that two good hands do not raise each
    other all-in."""

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
