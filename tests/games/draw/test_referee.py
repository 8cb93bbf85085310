"""The triple draw referee (tests/helpers/referee_draw.py, written from the rules text and
docs/triple-draw.md) judges seeded hands step by step, the odd chips of a three-way split, and
refuses records that break a rule while the chips still add up."""

from __future__ import annotations

import dataclasses
import random
from types import SimpleNamespace
from typing import Any

import pytest

from wildeval.games.draw import (
    Action,
    Event,
    Hand,
    LowballBot,
    RandomBot,
    Rules,
    Table,
    arrange_deck,
)

from referee_draw import RuleBroken, judge, split_pot


@pytest.mark.parametrize("stack,unlimited", [(200, False), (30, False), (12, True)])
def test_seeded_tables_follow_the_rules(stack: int, unlimited: bool) -> None:
    for seed in range(4):
        n = 2 + seed
        table = Table(n, seed=seed, starting_stack=stack, rules=Rules(heads_up_unlimited=unlimited))
        bots = [LowballBot(seed + i) if i % 2 else RandomBot(seed + i) for i in range(n)]
        for _ in range(25):
            if len(table.seated) < 2:
                break
            hand = table.start_hand()
            while not hand.is_over:
                judge(hand)  # after every step, not only at the end
                seat = hand.to_act
                assert seat is not None
                hand.act(bots[table.hand_seats[seat]].choose(hand.view(seat)), seat)
            judge(hand)
            table.end_hand()


def three_way_split() -> Hand:
    """Seats 0, 2 and 3 hold equal lows; seat 1 (the small blind) folds after 2 chips: 14 chips
    in the pot, split three ways."""
    deck = arrange_deck(4, 0, {0: "7s 5d 4c 3h 2s", 1: "Kc Qd Jh 9s 8c", 2: "7h 5c 4d 3s 2d", 3: "7d 5s 4h 3c 2h"})
    hand = Hand([50] * 4, button=0, deck=deck)
    for action in (Action.call(), Action.call(), Action.call(), Action.check()):  # seats 3, 0, 1, 2
        hand.act(action)
    for r in range(3):
        for _ in range(4 if r == 0 else 3):
            hand.act(Action.discard())
        if r == 0:  # seat 1 checks, 2 bets, 3 and 0 call, 1 folds
            for action in (Action.check(), Action.bet(), Action.call(), Action.call(), Action.fold()):
                hand.act(action)
        else:
            for _ in range(3):
                hand.act(Action.check())
    return hand


def test_fourteen_chips_three_ways_are_five_five_four_from_the_buttons_left() -> None:
    # docs/triple-draw.md: "14 chips split three ways are 5, 5 and 4, the 5s to the first two
    # winners clockwise from the button"; the showdown starts left of the button (no bet)
    hand = three_way_split()
    assert hand.is_over
    assert [(e.seat, e.amount) for e in hand.events if e.kind == "win"] == [(2, 5), (3, 5), (0, 4)]
    assert [e.seat for e in hand.events if e.kind == "show"] == [2, 3, 0]
    judge(hand)


@pytest.mark.parametrize("amount,winners,shares", [
    (14, [2, 3, 0], [5, 5, 4]),
    (7, [1, 0], [4, 3]),
    (10, [4, 5, 0, 1], [3, 3, 2, 2]),
    (9, [3, 1, 2], [3, 3, 3]),
])
def test_split_pot(amount: int, winners: list[int], shares: list[int]) -> None:
    assert split_pot(amount, winners) == shares


def _tampered(hand: Hand, events: list[Event]) -> Any:
    """The hand as the referee reads it, with other events."""
    fields = ["n", "button", "rules", "starting_stacks", "deck", "names", "is_over", "winnings", "show_losing",
              "stacks", "bets", "pot", "to_act"] + (["finishing_stacks"] if hand.is_over else [])
    return SimpleNamespace(**{f: getattr(hand, f) for f in fields}, events=events)


def _refused(hand: Hand, change: Any, match: str) -> None:
    events = list(hand.events)
    change(events)
    with pytest.raises(RuleBroken, match=match):
        judge(_tampered(hand, events))


def test_the_referee_refuses_records_that_break_a_rule() -> None:
    hand = three_way_split()
    wins = [i for i, e in enumerate(hand.events) if e.kind == "win"]
    shows = [i for i, e in enumerate(hand.events) if e.kind == "show"]
    bet = next(i for i, e in enumerate(hand.events) if e.kind == "bet")

    def odd_chips_to_one(events: list[Event]) -> None:  # 6, 4, 4: the balances still add up
        events[wins[0]] = dataclasses.replace(events[wins[0]], amount=6)
        events[wins[1]] = dataclasses.replace(events[wins[1]], amount=4)

    def odd_chip_from_the_button(events: list[Event]) -> None:
        a, c = wins[0], wins[2]
        events[a], events[c] = dataclasses.replace(events[c], amount=5), dataclasses.replace(events[a], amount=4)

    def showdown_from_the_button(events: list[Event]) -> None:
        first, last = shows[0], shows[-1]
        events[first], events[last] = events[last], events[first]

    def bet_too_much(events: list[Event]) -> None:
        events[bet] = dataclasses.replace(events[bet], amount=events[bet].amount + 2)

    def act_out_of_turn(events: list[Event]) -> None:
        events[bet], events[bet + 1] = events[bet + 1], events[bet]

    _refused(hand, odd_chips_to_one, "share")
    _refused(hand, odd_chip_from_the_button, "win")
    _refused(hand, showdown_from_the_button, "shows or mucks")
    _refused(hand, bet_too_much, "bet to")
    _refused(hand, act_out_of_turn, "turn")


def test_the_referee_refuses_a_fifth_bet_and_a_card_discarded_earlier() -> None:
    rng = random.Random(4)
    capped = None
    while capped is None:  # a hand whose first round is capped: a bet and three raises
        hand = Hand([100] * 3, button=0, seed=rng.getrandbits(32))
        for _ in range(3):
            hand.act(hand.legal_actions()[-1])
        if [e.kind for e in hand.events[-3:]] == ["raise"] * 3:
            capped = hand
    judge(capped)
    last = len(capped.events) - 1

    def one_raise_more(events: list[Event]) -> None:
        events.append(dataclasses.replace(events[last], seat=(events[last].seat + 1) % 3, amount=10))

    _refused(capped, one_raise_more, "capped")

    deck = arrange_deck(2, 0, {0: "Kc Qd Jh 9s 8c", 1: "7s 5d 4c 3h 2s"})
    drawn = Hand([50, 50], button=0, deck=deck)
    for action in (Action.call(), Action.check(), Action.discard(), Action.discard(drawn.hand_of(0)[:1])):
        drawn.act(action)
    judge(drawn)
    serve = next(i for i, e in enumerate(drawn.events) if e.kind == "serve")
    discarded = tuple(sorted(drawn.discards_of(0)))

    def serve_the_discard(events: list[Event]) -> None:
        events[serve] = dataclasses.replace(events[serve], cards=discarded)

    _refused(drawn, serve_the_discard, "served")
