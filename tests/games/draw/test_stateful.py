"""Hypothesis state machines over random play at a Deuce to Seven Triple Draw table.

Whatever is tried, legal or not: only the actions ``legal_actions()`` lists are accepted, an
illegal one raises IllegalAction and changes nothing, the chip ledger balances after every step,
nobody sees another player's cards, every hand ends, and after every step the independent
referee (tests/helpers/referee_draw.py, written from the rules text and docs/triple-draw.md) agrees with
every event: whose turn it is and what they may do, the draws, the showdown order, who wins
which pot and the odd chips.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings, strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from wildeval.games.draw import (
    Action,
    Hand,
    IllegalAction,
    Kind,
    Phase,
    RandomBot,
    Rules,
    Table,
    play_hand,
)

from referee_draw import judge

MAX_STACK = 80


def step_bound(hand: Hand) -> int:
    """More actions than any hand can take: three draws, and per betting round every player
    acting once per wager (capped, or until the chips run out heads-up unlimited)."""
    wagers = 1 + hand.rules.max_raises
    if hand.rules.heads_up_unlimited:
        wagers += sum(hand.starting_stacks) // hand.rules.small_bet
    return 3 * hand.n + 4 * hand.n * (wagers + 2)


def accepted(action: Action, legal: tuple[Action, ...]) -> bool:
    """Whether ``act`` must take the action: one listed, or a listed kind "at the legal amount"."""
    if action in legal:
        return True
    return (
        action.kind is not Kind.DISCARD
        and action.amount is None
        and not action.cards
        and any(a.kind is action.kind for a in legal)
    )


class TableMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.table: Table | None = None
        self.hand: Hand | None = None
        self.steps = 0

    @initialize(
        stacks=st.lists(st.integers(1, MAX_STACK), min_size=2, max_size=6),
        seed=st.integers(0, 2**32),
        unlimited=st.booleans(),
        blinds=st.sampled_from([(1, 2, 2, 4), (5, 10, 10, 20), (1, 3, 3, 6), (0, 2, 2, 4)]),
    )
    def start(self, stacks: list[int], seed: int, unlimited: bool, blinds: tuple[int, int, int, int]) -> None:
        sb, bb, small, big = blinds
        rules = Rules(sb, bb, small, big, heads_up_unlimited=unlimited)
        self.table = Table(stacks, rules=rules, seed=seed, button=seed % len(stacks))
        self.hand = self.table.start_hand()
        self.steps = 0

    def _advance(self) -> None:
        assert self.table is not None and self.hand is not None
        judge(self.hand)  # the rules were followed, not only the chips balanced
        assert self.steps <= step_bound(self.hand), "the hand does not end"
        if self.hand.is_over:
            self.table.end_hand()
            self.hand = self.table.start_hand() if len(self.table.seated) >= 2 else None
            self.steps = 0

    def playing(self) -> bool:
        return self.hand is not None

    @precondition(lambda self: self.hand is None)
    @rule(seed=st.integers(0, 2**32), n=st.integers(2, 6))
    def new_table(self, seed: int, n: int) -> None:
        """The last table ended (one player has every chip): sit down at a new one."""
        self.table = Table(n, seed=seed, starting_stack=1 + seed % MAX_STACK)
        self.hand = self.table.start_hand()
        self.steps = 0

    @precondition(playing)
    @rule(data=st.data())
    def legal_action(self, data: st.DataObject) -> None:
        assert self.hand is not None
        legal = self.hand.legal_actions()
        assert legal, "a hand in play always has something to do"
        action = data.draw(st.sampled_from(legal))
        assert self.hand.act(action) == action
        self.steps += 1
        self._advance()

    @precondition(playing)
    @rule(
        kind=st.sampled_from(list(Kind)),
        amount=st.none() | st.integers(-1, 2 * MAX_STACK),
        cards=st.lists(st.integers(0, 51), max_size=6),
        use_held=st.booleans(),
        seat=st.none() | st.integers(0, 5),
    )
    def any_action(
        self, kind: Kind, amount: int | None, cards: list[int], use_held: bool, seat: int | None
    ) -> None:
        hand = self.hand
        assert hand is not None
        actor = hand.to_act
        assert actor is not None
        if use_held:  # mostly cards the player holds, so that discards are often legal
            held = hand.hand_of(actor)
            cards = [held[c % len(held)] for c in cards] if held else cards
        if seat is not None and seat >= hand.n:
            seat = None
        action = Action(kind, amount, tuple(cards))
        legal = hand.legal_actions()
        before = hand.snapshot()
        if accepted(action, legal) and seat in (None, actor):
            done = hand.act(action, seat)
            assert done in legal
            self.steps += 1
            self._advance()
        else:
            try:
                hand.act(action, seat)
            except IllegalAction as error:
                message = str(error)
                assert hand.names[actor if seat is None else seat] in message
                assert "cannot" in message
            else:
                raise AssertionError(f"{action} was accepted; legal: {legal}")
            assert hand.snapshot() == before

    @precondition(playing)
    @rule(seed=st.integers(0, 2**16))
    def finish_hand(self, seed: int) -> None:
        hand = self.hand
        assert hand is not None
        rng = random.Random(seed)
        while not hand.is_over:
            hand.act(rng.choice(hand.legal_actions()))
            hand.check_chips()
            judge(hand)
            self.steps += 1
            assert self.steps <= step_bound(hand), "the hand does not end"
        self._advance()

    @invariant()
    def chips_balance(self) -> None:
        if self.table is not None:
            self.table.check_chips()

    @invariant()
    def views_hide_other_players_cards(self) -> None:
        hand = self.hand
        if hand is None:
            return
        for seat in range(hand.n):
            view = hand.view(seat)
            assert view.hand == hand.hand_of(seat)
            assert (view.legal_actions != ()) == (hand.to_act == seat)
            for e in view.events:
                if e.seat != seat and e.kind != "show":
                    assert e.cards == ()


TableMachine.TestCase.settings = settings(
    max_examples=200,
    stateful_step_count=50,
    suppress_health_check=[HealthCheck.too_slow],
)
test_table_machine = TableMachine.TestCase


@settings(max_examples=400)
@given(
    stacks=st.lists(st.integers(1, 300), min_size=2, max_size=6),
    seed=st.integers(0, 2**32),
    unlimited=st.booleans(),
)
def test_every_hand_ends_and_balances(stacks: list[int], seed: int, unlimited: bool) -> None:
    hand = Hand(stacks, seed % len(stacks), seed=seed, rules=Rules(heads_up_unlimited=unlimited))
    bot = RandomBot(seed)
    steps = 0
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        hand.act(bot.choose(hand.view(seat)), seat)
        hand.check_chips()
        steps += 1
        assert steps <= step_bound(hand)
    judge(hand)
    assert sum(hand.finishing_stacks) == sum(stacks)
    assert hand.phase is Phase.COMPLETE and hand.to_act is None
    # a player never wins more from an opponent than they put in themselves
    for p in range(hand.n):
        cap = sum(min(hand.contributions[p], c) for c in hand.contributions)
        assert hand.winnings[p] <= cap or any(e.text == "abandoned" for e in hand.events)


@settings(max_examples=40)
@given(seed=st.integers(0, 2**32), n=st.integers(2, 6))
def test_table_plays_until_one_player_is_left(seed: int, n: int) -> None:
    table = Table(n, seed=seed, starting_stack=12)
    bots = [RandomBot(seed + i) for i in range(n)]
    for _ in range(400):
        if len(table.seated) < 2:
            break
        judge(play_hand(table.start_hand(), lambda s: bots[table.hand_seats[s]], check=True))
        table.end_hand()
    assert sum(table.stacks) == 12 * n
