"""An independent referee for Deuce to Seven Triple Draw, written from the rules text
(/work/shared/rules/deuce-to-seven-triple-draw.en.md) and the project's decisions
(docs/triple-draw.md, docs/conventions.md: Robert's Rules where the text is silent), not from
the engine.

:func:`judge` reads a hand's record: its settings (stacks, button, stakes, the deck order) and
its events, in order, and keeps its own books. At every event it says what the rules require:
who posts which blind, which cards each player is dealt, whose turn it is and what they may do
(fixed-limit sizes, the raise cap, all-ins for less), what goes back uncalled, who draws in
which order and that nobody is dealt a card they discarded, who shows first at the showdown
and who may muck, and how every pot (main and side pots, each on its own) is split, with the
odd chips one each clockwise from the button. An event that differs raises :class:`RuleBroken`,
even when the chips still add up. Hand values come from ``wildeval.Evaluator("low27")``; no
engine code is called.

A game played the same way with other cards is judged the same way: Badugi Triple Draw (four
cards each, valued by ``wildeval.Evaluator("badugi")``, docs/triple-draw.md), read from the
hand's ``game`` (its ranking and hand size); any other game is refused.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from wildeval import Evaluator

__all__ = ["RuleBroken", "judge", "split_pot"]

ROUNDS = 4
# the games played as Deuce to Seven Triple Draw is: ranking -> cards a hand holds
HAND_SIZES = {"low27": 5, "badugi": 4}


class RuleBroken(AssertionError):
    """An event that the rules do not allow."""


def split_pot(amount: int, winners_clockwise: Sequence[int]) -> list[int]:
    """A pot split among tied winners (listed clockwise from the button): equal shares, and the
    chips that do not divide one each to the first winners (Robert's Rules, "Ties": no player
    receives more than one odd chip)."""
    share, odd = divmod(amount, len(winners_clockwise))
    return [share + (1 if i < odd else 0) for i in range(len(winners_clockwise))]


@dataclass
class _State:
    n: int
    button: int
    rules: Any
    stacks: list[int]
    hand_size: int
    value: Any  # the game's Evaluator
    bets: list[int] = field(default_factory=list)
    contrib: list[int] = field(default_factory=list)
    folded: list[bool] = field(default_factory=list)
    mucked: list[bool] = field(default_factory=list)
    fold_order: list[int] = field(default_factory=list)
    hands: list[list[int]] = field(default_factory=list)
    own_discards: list[set[int]] = field(default_factory=list)
    pot: int = 0
    won: list[int] = field(default_factory=list)
    # the betting round
    round: int = 0
    bet_size: int = 0
    full: int = 0  # the last full wager
    full_count: int = 0  # full bets and raises (the big blind is the first round's bet)
    tick: int = 0  # counts the wagers that reopen the betting
    acted_tick: list[int | None] = field(default_factory=list)
    capped_multiway: bool = False
    last_aggressor: int | None = None
    queue: list[int] = field(default_factory=list)
    # the cards
    stub: list[int] = field(default_factory=list)
    stub_ordered: bool = True
    discard_pile: set[int] = field(default_factory=set)
    muck: set[int] = field(default_factory=set)
    values: list[int | None] = field(default_factory=list)
    shown: list[bool] = field(default_factory=list)

    def clockwise(self, start: int) -> list[int]:
        return [(start + i) % self.n for i in range(self.n)]

    def active(self, p: int) -> bool:
        return not self.folded[p] and not self.mucked[p]

    def actives(self) -> list[int]:
        return [p for p in range(self.n) if self.active(p)]


class _Events:
    def __init__(self, events: Sequence[Any]) -> None:
        self.events = list(events)
        self.i = 0

    def peek(self) -> Any | None:
        return self.events[self.i] if self.i < len(self.events) else None

    def take(self, kind: str, seat: int | None = None) -> Any | None:
        """The next event, which must be of ``kind`` (and ``seat``); None at the end of the record
        (a hand still in play)."""
        e = self.peek()
        if e is None:
            return None
        if e.kind != kind or (seat is not None and e.seat != seat):
            raise RuleBroken(f"event {self.i}: {e.kind} by seat {e.seat}, the rules expect {kind}"
                             + (f" by seat {seat}" if seat is not None else ""))
        self.i += 1
        return e


class _Pending(Exception):
    """The record ends here: the hand is still in play."""


def _need(e: Any | None) -> Any:
    if e is None:
        raise _Pending
    return e


def _check(what: str, got: object, want: object) -> None:
    if got != want:
        raise RuleBroken(f"{what}: {got!r}, the rules say {want!r}")


def judge(hand: Any, *, show_losing_allowed: bool | None = None) -> None:
    """Judge a :class:`~wildeval.games.draw.Hand` (in play or over) from its record:
    raise :class:`RuleBroken` at the first event the rules do not allow, or if the hand's
    chips differ from the referee's books. ``show_losing_allowed`` (default: whether the hand
    has a ``show_losing`` question) says whether a hand that cannot win may be shown."""
    if show_losing_allowed is None:
        show_losing_allowed = getattr(hand, "show_losing", None) is not None
    n = hand.n
    game = getattr(hand, "game", None)  # None: Deuce to Seven Triple Draw
    ranking, hand_size = ("low27", 5) if game is None else (game.ranking, game.hand_size)
    played_so = game is None or (game.draws == 3 and game.big_bet_from == 2 and game.button == "moving")
    if HAND_SIZES.get(ranking) != hand_size or not played_so:
        raise ValueError(f"the referee judges Deuce to Seven and Badugi Triple Draw, not {game.name}")
    s = _State(n, hand.button, hand.rules, list(hand.starting_stacks), hand_size, _evaluator(ranking))
    s.bets, s.contrib, s.won = [0] * n, [0] * n, [0] * n
    s.folded, s.mucked, s.shown = [False] * n, [False] * n, [False] * n
    s.hands = [[] for _ in range(n)]
    s.own_discards = [set() for _ in range(n)]
    s.values = [None] * n
    s.acted_tick = [None] * n
    ev = _Events(hand.events)
    try:
        try:
            _play(s, ev, list(hand.deck), show_losing_allowed)
        except _Pending:
            if hand.is_over:
                raise RuleBroken("the hand is over, but the rules say it goes on") from None
            _check("stacks", tuple(hand.stacks), tuple(s.stacks))
            _check("bets", tuple(hand.bets), tuple(s.bets))
            _check("pot", hand.pot, s.pot)
            _check("player to act", hand.to_act, s.queue[0] if s.queue else None)
            return
    except RuleBroken as error:
        raise RuleBroken(f"{hand.names if hasattr(hand, 'names') else ''} button {hand.button}: {error}") from None
    if ev.peek() is not None:
        raise RuleBroken(f"event {ev.i} ({ev.peek().kind}) comes after the end of the hand")
    if not hand.is_over:
        raise RuleBroken("the rules end the hand here, but it goes on")
    _check("finishing stacks", tuple(hand.finishing_stacks), tuple(s.stacks))
    _check("winnings", list(hand.winnings), s.won)


@cache
def _evaluator(ranking: str) -> Any:
    return Evaluator(ranking)


def _play(s: _State, ev: _Events, deck: list[int], show_losing_allowed: bool) -> None:
    n, rules = s.n, s.rules
    # §1: the small blind left of the dealer, the big blind left of it; heads-up the dealer is
    # the small blind. §2: they post the blinds (a short stack posts what it has).
    sb = s.button if n == 2 else (s.button + 1) % n
    bb = (sb + 1) % n
    for seat, amount, what in ((sb, rules.small_blind, "small blind"), (bb, rules.big_blind, "big blind")):
        e = _need(ev.take("post", seat))
        _check(f"{what} posted", (e.amount, e.text), (min(amount, s.stacks[seat]), what))
        _put(s, seat, e.amount)
    # §3: five cards each (badugi: four), one at a time, starting with the small blind
    order = s.clockwise(sb)
    for k in range(s.hand_size * n):
        s.hands[order[k % n]].append(deck[k])
    s.stub = deck[s.hand_size * n:]
    for p in order:
        e = _need(ev.take("deal", p))
        _check(f"seat {p}'s cards", list(e.cards), s.hands[p])
    for r in range(ROUNDS):
        if r:
            _check("betting round", _need(ev.take("round")).amount, r + 1)
        _betting(s, ev, r)
        if len(s.actives()) == 1:
            _award(s, ev, uncontested=True)
            return
        if r == ROUNDS - 1:
            _showdown(s, ev, show_losing_allowed)
            return
        _draw(s, ev, r + 1)


def _put(s: _State, p: int, amount: int) -> None:
    if not 0 <= amount <= s.stacks[p]:
        raise RuleBroken(f"seat {p} puts in {amount} with {s.stacks[p]} behind")
    s.stacks[p] -= amount
    s.bets[p] += amount
    s.contrib[p] += amount


# -- betting (§4, §6, §8, fixed limit as docs/triple-draw.md says) ----------------------------


def _high(s: _State, seat: int) -> int:
    """The wager ``seat`` must match: the highest bet, or the full big blind over a short one,
    but never more than another player still in could put in."""
    high = max(s.bets)
    if s.full > high:
        reach = [s.bets[q] + s.stacks[q] for q in s.actives() if q != seat]
        high = max(high, min(s.full, max(reach, default=0)))
    return high


def _multiway(s: _State) -> bool:
    return sum(1 for p in s.actives() if s.stacks[p] > 0) > 2


def _cap(s: _State) -> int | None:
    if s.rules.heads_up_unlimited and not s.capped_multiway and not _multiway(s):
        return None
    return 1 + s.rules.max_raises


def _may_raise(s: _State, seat: int) -> str | None:
    high = _high(s, seat)
    to_call = high - s.bets[seat]
    if s.stacks[seat] <= to_call:
        return "the call takes all of their chips"
    cap = _cap(s)
    if cap is not None and s.full_count >= cap:
        return "the betting is capped"
    if not any(s.stacks[q] + s.bets[q] > high for q in s.actives() if q != seat):
        return "nobody could call a raise"
    if s.acted_tick[seat] == s.tick and to_call < s.bet_size:
        return "an all-in for less than half a bet does not reopen the betting"
    return None


def _betting(s: _State, ev: _Events, r: int) -> None:
    s.round = r
    s.bet_size = s.rules.small_bet if r < 2 else s.rules.big_bet
    s.full_count, s.full = (1, s.rules.big_blind) if r == 0 else (0, 0)
    s.tick, s.acted_tick, s.capped_multiway, s.last_aggressor = 0, [None] * s.n, False, None
    # §4: first to act is the player after the big blind; §6: later, the first player still in
    # left of the dealer. Only players with chips that someone else could match act.
    sb = s.button if s.n == 2 else (s.button + 1) % s.n
    start = (sb + 2) % s.n if r == 0 else (s.button + 1) % s.n
    actors = []
    for p in s.clockwise(start):
        others = [s.bets[q] + s.stacks[q] for q in s.actives() if q != p]
        if s.active(p) and s.stacks[p] > 0 and max(others, default=0) > s.bets[p]:
            actors.append(p)
    if len(actors) == 1 and s.bets[actors[0]] >= _high(s, actors[0]):
        actors = []
    s.queue = actors
    while s.queue and len(s.actives()) > 1:
        seat = s.queue[0]
        e = _need(ev.peek())
        if e.kind not in ("fold", "check", "call", "bet", "raise"):
            raise RuleBroken(f"event {ev.i}: {e.kind}, but seat {seat} is to act in betting round {r + 1}")
        if e.seat != seat:
            raise RuleBroken(f"event {ev.i}: seat {e.seat} acts ({e.kind}), it is seat {seat}'s turn")
        ev.i += 1
        s.queue.pop(0)
        high = _high(s, seat)
        if e.kind == "fold":  # §4, §6: folding is always an option
            s.folded[seat] = True
            s.fold_order.append(seat)
            s.muck.update(s.hands[seat])
            s.hands[seat] = []
        elif e.kind == "check":
            if s.bets[seat] < high:
                raise RuleBroken(f"seat {seat} checks facing a bet of {high}")
        elif e.kind == "call":
            if s.bets[seat] >= high:
                raise RuleBroken(f"seat {seat} calls with no bet to call")
            _check(f"seat {seat}'s call", e.amount, min(high - s.bets[seat], s.stacks[seat]))
            _put(s, seat, e.amount)
            _check(f"seat {seat}'s call all-in", e.all_in, s.stacks[seat] == 0)
        else:
            _check(f"seat {seat}'s {e.kind}", e.kind, "bet" if high == 0 else "raise")
            why = _may_raise(s, seat)
            if why is not None:
                raise RuleBroken(f"seat {seat} may not {e.kind}: {why}")
            # fixed limit: one bet over the last full wager (completing an all-in for less), or
            # all-in for less
            _check(f"seat {seat}'s {e.kind} to", e.amount,
                   min(s.full + s.bet_size, s.bets[seat] + s.stacks[seat]))
            _put(s, seat, e.amount - s.bets[seat])
            all_in = s.stacks[seat] == 0
            _check(f"seat {seat}'s {e.kind} all-in", e.all_in, all_in)
            if not all_in or e.amount == s.full + s.bet_size or 2 * (e.amount - high) >= s.bet_size:
                s.full, s.full_count, s.tick = e.amount, s.full_count + 1, s.tick + 1
            if s.full_count >= 1 + s.rules.max_raises and _multiway(s):
                s.capped_multiway = True
            s.last_aggressor = seat
            s.queue = [p for p in s.clockwise(seat)[1:] if s.active(p) and s.stacks[p] > 0]
        s.acted_tick[seat] = s.tick
    # the uncalled part of a bet goes back to the bettor
    cutoff = sorted(s.bets)[-2]
    for p in range(s.n):
        if s.bets[p] > cutoff:
            e = _need(ev.take("return", p))
            _check(f"seat {p}'s uncalled bet returned", e.amount, s.bets[p] - cutoff)
            s.stacks[p] += e.amount
            s.bets[p] -= e.amount
            s.contrib[p] -= e.amount
    s.pot += sum(s.bets)
    s.bets = [0] * s.n


# -- the draws (§5, §7, §9; docs/conventions.md) ------------------------------------------------


def _draw(s: _State, ev: _Events, k: int) -> None:
    _check("draw", _need(ev.take("draw")).amount, k)
    # every player still in declares a discard, from the first at the dealer's left
    order = [p for p in s.clockwise(s.button + 1) if s.active(p)]
    for i, p in enumerate(order):
        s.queue = order[i:]
        e = _need(ev.take("discard", p))
        cards = list(e.cards)
        if len(set(cards)) != len(cards) or not set(cards) <= set(s.hands[p]) or len(cards) > s.hand_size:
            raise RuleBroken(f"seat {p} discards {cards}, holding {s.hands[p]}")
        _check(f"seat {p}'s discard count", e.amount, len(cards))
        s.hands[p] = [c for c in s.hands[p] if c not in cards]
        s.own_discards[p].update(cards)
        s.discard_pile.update(cards)
    s.queue = []
    # then all are served in the same order; nobody is dealt a card they discarded earlier:
    # when the stub cannot serve a player, the cards they did not discard make a new stub
    for p in order:
        wanted = s.hand_size - len(s.hands[p])
        if not wanted:
            continue
        own = s.own_discards[p]
        if len(s.stub) < wanted or own & set(s.stub):
            e = _need(ev.take("reshuffle", p))
            pool = (set(s.stub) | s.discard_pile | s.muck) - own
            _check(f"the new stub for seat {p}", e.amount, len(pool))
            s.discard_pile = (set(s.stub) | s.discard_pile) & own
            s.muck &= own
            s.stub, s.stub_ordered = sorted(pool), False
        e = _need(ev.take("serve", p))
        cards = list(e.cards)
        _check(f"seat {p}'s draw", e.amount, wanted)
        if s.stub_ordered:
            _check(f"cards served to seat {p}", cards, s.stub[:wanted])
        if len(cards) != wanted or not set(cards) <= set(s.stub) or own & set(cards):
            raise RuleBroken(f"seat {p} is served {cards}, not {wanted} cards of the stub, or one of their discards")
        s.stub = [c for c in s.stub if c not in cards] if not s.stub_ordered else s.stub[wanted:]
        s.hands[p] += cards


# -- the showdown and the pots (§10; docs/triple-draw.md) ---------------------------------------


def _pots(s: _State) -> list[tuple[int, list[int], list[int]]]:
    """(amount, who can win it, who put chips in it), main pot first: every player still in the
    hand who put in less than others closes a pot; folded players' chips are dead money."""
    levels = sorted({s.contrib[p] for p in range(s.n) if not s.folded[p]} | {max(s.contrib)})
    pots, previous = [], 0
    for level in levels:
        amount = sum(min(c, level) - min(c, previous) for c in s.contrib)
        if amount:
            payers = [p for p in range(s.n) if s.contrib[p] > previous]
            pots.append((amount, [p for p in payers if s.active(p) and s.contrib[p] >= level], payers))
        previous = level
    return pots


def _showdown(s: _State, ev: _Events, show_losing_allowed: bool) -> None:
    _need(ev.take("showdown"))
    # §10: the last to bet or raise in the last round shows first; with no bet, the first player
    # still in left of the dealer; then clockwise. A player shows when their hand can still win
    # or tie part of a pot they are in, given the hands shown before; otherwise they may muck.
    start = s.last_aggressor if s.last_aggressor is not None else (s.button + 1) % s.n
    for p in s.clockwise(start):
        if not s.active(p):
            continue
        value = s.value(s.hands[p])
        can_win = False
        for _, eligible, _ in _pots(s):
            if p in eligible:
                shown = [s.values[q] for q in eligible if s.shown[q]]
                if not shown or max(v for v in shown if v is not None) <= value:
                    can_win = True
        e = _need(ev.peek())
        if e.kind not in ("show", "muck") or e.seat != p:
            raise RuleBroken(f"event {ev.i}: {e.kind} by seat {e.seat}; seat {p} shows or mucks now")
        ev.i += 1
        if e.kind == "show":
            if not can_win and not show_losing_allowed:
                raise RuleBroken(f"seat {p} shows a hand that cannot win")
            _check(f"seat {p}'s shown cards", sorted(e.cards), sorted(s.hands[p]))
            s.values[p], s.shown[p] = value, True
        else:
            if can_win:
                raise RuleBroken(f"seat {p} mucks a hand that can still win")
            s.mucked[p] = True
    _award(s, ev, uncontested=False)


def _award(s: _State, ev: _Events, *, uncontested: bool) -> None:
    pots = _pots(s)
    clockwise = s.clockwise(s.button + 1)
    for k, (amount, eligible, payers) in enumerate(pots):
        if len(pots) > 1:  # each pot is named before it is paid
            e = _need(ev.take("pot"))
            _check("pot", (e.amount, e.text), (amount, f"side pot {k}" if k else "main pot"))
        if not eligible:  # everyone in it folded: the last of them to fold was its only contender
            winners = [max(payers, key=s.fold_order.index)]
        elif len(eligible) == 1:
            winners = eligible
        else:  # the lowest hand wins; tied lows split (each pot on its own)
            best = max(s.values[p] or 0 for p in eligible)
            winners = sorted((p for p in eligible if s.values[p] == best), key=clockwise.index)
        for p, share in zip(winners, split_pot(amount, winners)):
            e = _need(ev.take("win", p))
            _check(f"seat {p}'s share of {amount}", e.amount, share)
            s.stacks[p] += share
            s.won[p] += share
            s.pot -= share
    _check("chips left in the pot", s.pot, 0)
