"""A hypothesis state machine over random play at a table of a draw game, shared by the draw
games' tests (games/draw/test_stateful.py: Deuce to Seven Triple Draw;
games/draw/test_badugi_triple_draw.py; docs/test_recipe_draw_game.py: Ace to Five Triple Draw),
which differ only in the game, its stakes, the stacks, the number of examples and what judges a
hand (:func:`table_machine`'s arguments).

Whatever is tried, legal or not: only the actions ``legal_actions()`` lists are accepted, an
illegal one raises IllegalAction naming the player and changes nothing, the chip ledger balances
after every step, nobody sees another player's cards, every hand ends (:func:`step_bound`), and
the game's judge agrees with the hand after every step.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from hypothesis import HealthCheck, settings, strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from wildeval.games.draw import Action, DrawRules, Hand, IllegalAction, Kind, Rules, Table


def step_bound(hand: Hand) -> int:
    """More actions than any hand can take: three draws, and per betting round every player
    acting once per wager (capped, or until the chips run out heads-up unlimited)."""
    wagers = 1 + hand.rules.max_raises
    if hand.rules.heads_up_unlimited:
        wagers += sum(hand.starting_stacks) // hand.rules.small_bet
    return 3 * hand.n + 4 * hand.n * (wagers + 2)


def accepted(action: Action, legal: tuple[Action, ...]) -> bool:
    """Whether ``apply`` must take the action: one listed, or a listed kind "at the legal amount"."""
    if action in legal:
        return True
    return (
        action.kind is not Kind.DISCARD
        and action.amount is None
        and not action.cards
        and any(a.kind is action.kind for a in legal)
    )


def table_machine(
    game: DrawRules,
    *,
    stakes: st.SearchStrategy[Rules],
    max_stack: int,
    judge: Callable[[Hand], object],
    max_examples: int,
) -> type[RuleBasedStateMachine]:
    """The machine for tables of ``game`` with 2 to its most players, stakes drawn from
    ``stakes`` and stacks of 1 to ``max_stack`` chips; ``judge`` (raising on a hand that broke a
    rule) is called after every step, the hand's ``check_invariants`` before it. Its ``TestCase``
    runs ``max_examples`` examples of up to 50 steps."""
    most = game.max_players

    class TableMachine(RuleBasedStateMachine):
        def __init__(self) -> None:
            super().__init__()
            self.table: Table | None = None
            self.hand: Hand | None = None
            self.steps = 0

        @initialize(
            stacks=st.lists(st.integers(1, max_stack), min_size=2, max_size=most),
            seed=st.integers(0, 2**32),
            rules=stakes,
        )
        def start(self, stacks: list[int], seed: int, rules: Rules) -> None:
            self.table = Table(stacks, rules=rules, game=game, seed=seed, button=seed % len(stacks))
            self.hand = self.table.start_hand()
            self.steps = 0

        def _check(self, hand: Hand) -> None:
            hand.check_invariants()
            judge(hand)  # the rules were followed, not only the chips balanced
            assert self.steps <= step_bound(hand), "the hand does not end"

        def _advance(self) -> None:
            assert self.table is not None and self.hand is not None
            self._check(self.hand)
            if self.hand.over:
                self.table.end_hand()
                self.hand = self.table.start_hand() if len(self.table.seated) >= 2 else None
                self.steps = 0

        def playing(self) -> bool:
            return self.hand is not None

        @precondition(lambda self: self.hand is None)
        @rule(seed=st.integers(0, 2**32), n=st.integers(2, most))
        def new_table(self, seed: int, n: int) -> None:
            """The last table ended (one player has every chip): sit down at a new one."""
            self.table = Table(n, game=game, seed=seed, starting_stack=1 + seed % max_stack)
            self.hand = self.table.start_hand()
            self.steps = 0

        @precondition(playing)
        @rule(data=st.data())
        def legal_action(self, data: st.DataObject) -> None:
            assert self.hand is not None
            legal = self.hand.legal_actions()
            assert legal, "a hand in play always has something to do"
            action = data.draw(st.sampled_from(legal))
            assert self.hand.can(action) and self.hand.apply(action) == action
            self.steps += 1
            self._advance()

        @precondition(playing)
        @rule(
            kind=st.sampled_from(list(Kind)),
            amount=st.none() | st.integers(-1, 2 * max_stack),
            cards=st.lists(st.integers(0, 51), max_size=6),
            use_held=st.booleans(),
            seat=st.none() | st.integers(0, most - 1),
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
                assert hand.can(action, seat)
                done = hand.apply(action, seat)
                assert done in legal
                self.steps += 1
                self._advance()
                return
            assert not hand.can(action, seat)
            try:
                hand.apply(action, seat)
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
            while not hand.over:
                hand.apply(rng.choice(hand.legal_actions()))
                self.steps += 1
                self._check(hand)
            self._advance()

        @invariant()
        def chips_balance(self) -> None:
            if self.table is not None:
                self.table.check_invariants()

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
        max_examples=max_examples, stateful_step_count=50, suppress_health_check=[HealthCheck.too_slow]
    )
    return TableMachine
