"""The draw hand on the table layer: the operations every engine offers, chips in a Ledger.

A draw :class:`Hand` is an :class:`~wildeval.games.table.Operations` like ``GutsGame`` (the old
names stay as the same methods), every chip it moves is a line of its ledger, and a broken book
is an :class:`~wildeval.games.table.InvariantError` (still an ``AssertionError``, as
``check_chips`` raised before). The table keeps its chips in a ledger too.
"""

from __future__ import annotations

import pytest

from wildeval.games.draw import Action, Hand, LowballBot, Phase, Table, ask_bot, play_hand, preset
from wildeval.games.draw.chips import DrawInvariantError
from wildeval.games.table import IllegalAction, InvariantError, Operations, apply_recorded


def test_a_hand_offers_the_operations_of_every_engine() -> None:
    hand = Hand([100, 100, 100], button=0, seed=7)
    assert isinstance(hand, Operations)
    assert hand.act == hand.apply and hand.can_act == hand.can
    assert hand.check_chips == hand.check_invariants and hand.is_over is hand.over is False
    before = hand.snapshot()
    assert not hand.can(Action.check()) and hand.snapshot() == before
    with pytest.raises(IllegalAction, match="there is a bet of 2 to call"):
        hand.verify(Action.check())
    with pytest.raises(ValueError, match="cannot be replayed: seat 0 \\(Player 1\\) cannot check"):
        apply_recorded(hand, Action.check(), "the record's action 0 cannot be replayed")
    assert hand.snapshot() == before
    apply_recorded(hand, Action.call(), "action 0")  # the table layer's replay drives a hand
    assert hand.actions == [(0, Action.call(2))]


def test_every_chip_a_hand_moves_is_a_ledger_line() -> None:
    for game in ("deuce-to-seven-triple-draw", "ace-to-five-triple-draw", "deuce-to-seven-single-draw"):
        for seed in range(20):
            hand = play_hand(Hand([30, 60, 9, 45][: 2 + seed % 3], button=seed % 2, seed=seed, game=preset(game)),
                             lambda seat: LowballBot(seat), check=True)
            books = hand.books
            assert books.total == sum(hand.starting_stacks) and books.balances["pot"] == 0
            assert [books.balances[f"stack {p}"] for p in range(hand.n)] == list(hand.finishing_stacks)
            won = [sum(t.amount for t in books.lines if t.payer == "pot" and t.payee == f"stack {p}")
                   for p in range(hand.n)]
            assert won == hand.winnings
            wins = [e.amount for e in hand.events if e.kind == "win"]
            assert wins == [t.amount for t in books.lines if t.payer == "pot"]
            posts = [(e.text, e.amount) for e in hand.events if e.kind == "post"]
            assert posts == [(t.reason, t.amount) for t in books.lines[: len(posts)]]


def test_a_broken_book_is_an_invariant_error_and_still_an_assertion_error() -> None:
    hand = Hand([50, 50], button=0, seed=3)
    hand._stacks[0] += 1  # a chip out of nowhere, behind the ledger's back (seat 0 posted 1)
    with pytest.raises(DrawInvariantError, match="seat 0 holds 49 by the ledger, 50 by the hand"):
        hand.check_invariants()
    assert issubclass(DrawInvariantError, InvariantError) and issubclass(DrawInvariantError, AssertionError)
    hand = Hand([50, 50], button=0, seed=3)
    hand.books.move("pot", "stack 1", 1)  # a line the ledger cannot pay: the pot goes below zero
    with pytest.raises(AssertionError, match="pot holds -1, below its floor of 0"):
        hand.check_chips()


def test_the_table_books_each_hand_and_keeps_no_more_than_the_last() -> None:
    table = Table(4, starting_stack=30, seed=2)
    bots = [LowballBot(s) for s in range(4)]
    for _ in range(12):
        if len(table.seated) < 2:
            break
        hand = table.start_hand()
        seats = list(table.hand_seats)
        while not hand.over:
            seat = hand.to_act
            assert seat is not None
            hand.apply(ask_bot(hand, seat, bots[seats[seat]]), seat)
            table.check_invariants()
        before = table.stacks
        table.end_hand()
        lines = table.books.lines
        assert all(t.round == hand.number for t in lines) and len(lines) <= len(seats)
        lost = {t.payer: t.amount for t in lines if t.payee is None}
        won = {t.payee: t.amount for t in lines if t.payer is None}
        for i, s in enumerate(seats):
            assert table.stacks[s] == before[s] - lost.get(s, 0) + won.get(s, 0) == hand.finishing_stacks[i]
        assert sum(table.stacks) == 120 and table.books.balances[None] == 0
    table.books.move(0, 1, 1)  # chips moved outside a hand: still balanced, so allowed...
    table.check_chips()
    table.books.balances[2] += 1  # ...but not a chip out of nowhere
    with pytest.raises(DrawInvariantError, match="differ from the ledger's"):
        table.check_invariants()


def test_a_hand_in_play_must_hold_the_chips_its_players_brought() -> None:
    table = Table(3, starting_stack=20, seed=1)
    hand = table.start_hand()
    while hand.phase is Phase.BETTING:
        hand.apply(hand.legal_actions()[1])
    table.check_invariants()
    table.books.move(table.hand_seats[0], table.hand_seats[1], 1)
    with pytest.raises(DrawInvariantError, match="the hand started with"):
        table.check_invariants()
