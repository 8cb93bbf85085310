"""Deuce to Seven Triple Draw: every rule of the text, and the decisions of docs/triple-draw.md,
from the showdown on: showdown, draws, errors, seeds, the table, bots (positions to
all-ins are test_betting_rules.py).

Hands are set up with a chosen deck: ``arrange_deck`` deals the hands we name one card at a time
from the small blind, then puts the cards we name for the draws on top of the stub.
"""

from __future__ import annotations

import itertools
import random

import pytest

from wildeval.cards import format_cards, parse_cards
from wildeval.games.draw import Action, Hand, IllegalAction, Kind, Phase, Rules, Table, arrange_deck, play_hand
from wildeval.games.draw.bots import Bot, LowballBot, RandomBot, keep_for_low, made_low

from draw_helpers import A, check_or_call_down, check_until_round, kinds, stand_pat_all

# ---------------------------------------------------------------------------------------------
# Showdown


def showdown_hand(bet_in_last_round: int | None) -> Hand:
    hands = {0: "8c 6d 4h 3s 2c", 1: "9c 7d 5h 4s 3c", 2: "Tc 8d 6h 5s 4c"}
    hand = Hand([100] * 3, button=0, deck=arrange_deck(3, 0, hands), seed=21)
    check_until_round(hand, 3)
    if bet_in_last_round is not None:
        while hand.to_act != bet_in_last_round:
            hand.act(A.check())
        hand.act(A.bet())
    check_or_call_down(hand)
    return hand


def shown_order(hand: Hand) -> list[tuple[str, int | None]]:
    at = [e.kind for e in hand.events].index("showdown")
    return [(e.kind, e.seat) for e in hand.events[at + 1 :] if e.kind in ("show", "muck")]


def test_showdown_last_bettor_shows_first() -> None:
    hand = showdown_hand(bet_in_last_round=2)
    assert shown_order(hand) == [("show", 2), ("show", 0), ("muck", 1)]
    assert hand.winnings[0] == sum(hand.contributions)


def test_showdown_without_a_bet_starts_left_of_the_dealer() -> None:
    hand = showdown_hand(bet_in_last_round=None)
    assert shown_order(hand) == [("show", 1), ("muck", 2), ("show", 0)]
    assert hand.shown[0] is not None and hand.shown[2] is None
    assert hand.winnings[0] == sum(hand.contributions)


@pytest.mark.parametrize("button", range(4))
@pytest.mark.parametrize("third", [0, 2, 3])  # of the players after the small blind, who folds
def test_tied_lows_split_odd_chip_to_first_winner_clockwise_from_button(button: int, third: int) -> None:
    # the small blind folds (1 chip in the pot: an odd pot); two of the others tie
    clockwise = [(button + k) % 4 for k in (1, 2, 3, 4)]  # small blind, big blind, next, dealer
    folder = clockwise[third]
    tied = [s for s in clockwise[1:] if s != folder]
    hands = {tied[0]: "7c 5d 4h 3s 2c", tied[1]: "7d 5c 4s 3h 2d"}
    hand = Hand([100] * 4, button, deck=arrange_deck(4, button, hands), seed=22)
    while hand.phase is Phase.BETTING:
        seat = hand.to_act
        quit_now = seat in (clockwise[0], folder)
        hand.act(A.fold() if quit_now else (A.check() if "check" in kinds(hand) else A.call()))
    check_or_call_down(hand)
    pot = sum(hand.contributions)
    assert pot % 2 == 1
    assert hand.winnings[tied[0]] == pot // 2 + 1 and hand.winnings[tied[1]] == pot // 2
    assert [e.text for e in hand.events if e.kind == "win"] == ["split", "split"]


def test_straights_and_flushes_count_and_aces_are_high() -> None:
    hands = {0: "6c 5d 4h 3s 2c", 1: "Ac 2d 3h 4s 5c", 2: "Kc Qd Jh 9s 8d"}
    hand = Hand([100] * 3, button=0, deck=arrange_deck(3, 0, hands), seed=23)
    check_or_call_down(hand)
    # K-Q-J-9-8 beats A-5-4-3-2 (ace high) beats the six-high straight
    assert hand.winnings[2] == sum(hand.contributions)


def test_abandoned_side_pot_goes_to_its_last_contender() -> None:
    hand = Hand([3, 40, 32, 3, 2], button=4, seed=5)
    for seat, action in [
        (2, A.call()), (3, A.fold()), (4, A.call()), (0, A.raise_to(3)), (1, A.raise_to(5)),
        (2, A.raise_to(7)), (1, A.call()),
    ]:
        hand.act(action, seat)
    stand_pat_all(hand)
    hand.act(A.fold(), 1)  # free folds: the 8-chip side pot is left to seat 2 ...
    hand.act(A.fold(), 2)  # ... who folds too
    check_or_call_down(hand)
    hand.check_chips()
    assert [e.text for e in hand.events if e.kind == "win"].count("abandoned") == 1
    assert hand.winnings[2] == 8
    assert hand.pokerkit_divergence is not None


# ---------------------------------------------------------------------------------------------
# Draws


def test_everyone_declares_then_all_are_served_in_order() -> None:
    hands = {0: "Kc Kd 4h 3s 2c", 1: "Qc Qd 5h 4s 3c", 2: "Jc Jd 6h 5s 4c"}
    hand = Hand([100] * 3, button=0, deck=arrange_deck(3, 0, hands, draws="7c 8c 9c"), seed=24)
    check_until_round(hand, 0)
    hand.act(A.call())
    hand.act(A.call())
    hand.act(A.check())
    assert hand.to_act == 1
    hand.act(A.discard(parse_cards("Qc")))
    assert hand.view(2).draw_counts == ((), (1,), ())  # seen by the others: a count
    assert hand.hand_of(1) == tuple(parse_cards("Qd 5h 4s 3c"))  # nobody served yet
    hand.act(A.discard(parse_cards("Jc")))
    hand.act(A.discard(parse_cards("Kc")))
    assert hand.phase is Phase.BETTING
    assert hand.hand_of(1)[-1] == parse_cards("7c")[0]  # served from the left of the dealer
    assert hand.hand_of(2)[-1] == parse_cards("8c")[0]
    assert hand.hand_of(0)[-1] == parse_cards("9c")[0]
    serves = [e.seat for e in hand.events if e.kind == "serve"]
    assert serves == [1, 2, 0]


def test_views_hide_cards() -> None:
    hand = Hand([100] * 3, button=0, seed=25)
    hand.act(A.call())
    hand.act(A.call())
    hand.act(A.check())
    cards = hand.hand_of(1)
    hand.act(A.discard(cards[:2]))
    view = hand.view(0)
    assert view.hand == hand.hand_of(0) and view.legal_actions == ()
    for e in view.events:
        if e.seat != 0:
            assert e.cards == ()
    mine = hand.view(1)
    assert any(e.kind == "discard" and e.cards == tuple(sorted(cards[:2])) for e in mine.events)
    assert hand.view(2).to_act == 2 and len(hand.view(2).legal_actions) == 32


def play_all_draw_five(seed: int, n: int = 6) -> Hand:
    hand = Hand([1000] * n, button=0, seed=seed)
    dealt: dict[int, list[int]] = {p: list(hand.hand_of(p)) for p in range(n)}
    while not hand.is_over:
        if hand.phase is Phase.DRAW:
            seat = hand.to_act
            assert seat is not None
            before = set(hand.hand_of(seat))
            hand.act(A.discard(hand.hand_of(seat)))
            assert not before & set(hand.hand_of(seat))
        else:
            legal = {a.kind: a for a in hand.legal_actions()}
            hand.act(legal.get(Kind.CHECK) or legal[Kind.CALL])
        hand.check_chips()
    for e in hand.events:
        if e.kind == "serve":
            assert e.seat is not None
            dealt[e.seat].extend(e.cards)
    for p in range(n):
        received = dealt[p]
        assert len(received) == len(set(received)) == 20  # never a card twice, own discards included
    return hand


@pytest.mark.parametrize("seed", range(25))
def test_six_players_drawing_five_never_get_their_discards_back(seed: int) -> None:
    hand = play_all_draw_five(seed)
    assert sum(e.kind == "reshuffle" for e in hand.events) >= 3


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_fewer_players_drawing_five(n: int) -> None:
    for seed in range(5):
        play_all_draw_five(seed, n)


def test_reshuffle_makes_the_stub_from_others_discards_and_keeps_own_aside() -> None:
    hand = Hand([1000] * 6, button=0, seed=26)
    check_until_round(hand, 0)
    while hand.phase is Phase.BETTING:
        legal = {a.kind: a for a in hand.legal_actions()}
        hand.act(legal.get(Kind.CHECK) or legal[Kind.CALL])
    order = []
    discards = {}
    while hand.phase is Phase.DRAW:
        seat = hand.to_act
        assert seat is not None
        order.append(seat)
        discards[seat] = set(hand.hand_of(seat))
        hand.act(A.discard(hand.hand_of(seat)))
    events = hand.events
    first = next(i for i, e in enumerate(events) if e.kind == "reshuffle")
    for_seat = events[first].seat
    assert for_seat == order[4]  # 22 in the stub: four players served, the fifth is short
    assert events[first].amount == 2 + 30 - 5  # the stub's 2 left, every discard but their own
    # and a later player whose discards went into that stub gets a stub without them
    assert events[first + 2].kind == "reshuffle" and events[first + 2].seat == order[5]


# ---------------------------------------------------------------------------------------------
# Errors leave the hand unchanged


@pytest.mark.parametrize(
    ("action", "seat", "message"),
    [
        (A.check(), None, r"seat 3 \(Player 4\) cannot check: there is a bet of 2 to call"),
        (A.bet(), None, r"cannot bet: there is already a bet; raise instead"),
        (A.raise_to(5), None, r"cannot raise to 5: in fixed limit the amount is 4"),
        (A.call(1), None, r"cannot call 1: in fixed limit the amount is 2"),
        (A.call(), 1, r"seat 1 \(Player 2\) cannot call: it is seat 3 \(Player 4\)'s turn"),
        (A.discard(), None, r"cannot stand pat: it is a betting round"),
        (Action(Kind.FOLD, 3), None, r"cannot fold 3: a fold has no amount"),
    ],
)
def test_illegal_betting_actions(action: Action, seat: int | None, message: str) -> None:
    hand = Hand([100] * 4, button=0, seed=27)
    before = hand.snapshot()
    with pytest.raises(IllegalAction, match=message):
        hand.act(action, seat)
    assert hand.snapshot() == before
    assert not hand.can_act(action, seat)


def test_illegal_discards() -> None:
    hand = Hand([100] * 3, button=0, seed=28)
    check_until_round(hand, 0)
    hand.act(A.call())
    hand.act(A.call())
    hand.act(A.check())
    before = hand.snapshot()
    seat = hand.to_act
    assert seat is not None
    not_held = next(c for c in range(52) if c not in hand.hand_of(seat))
    with pytest.raises(IllegalAction, match=rf"cannot discard {format_cards([not_held])}: they do not hold"):
        hand.act(A.discard([not_held]))
    with pytest.raises(IllegalAction, match="during the draw"):
        hand.act(A.check())
    with pytest.raises(IllegalAction, match="named twice"):
        hand.act(A.discard([hand.hand_of(seat)[0]] * 2))
    assert hand.snapshot() == before


def test_no_action_after_the_hand() -> None:
    hand = Hand([100, 100], button=0, seed=29)
    hand.act(A.fold())
    assert hand.is_over and hand.legal_actions() == ()
    with pytest.raises(IllegalAction, match="the hand is over"):
        hand.act(A.check())


def test_bad_setups() -> None:
    with pytest.raises(ValueError, match="2-6 players"):
        Hand([100] * 7)
    with pytest.raises(ValueError, match="no chips"):
        Hand([100, 0])
    with pytest.raises(ValueError, match="repeats a card"):
        Hand([100, 100], deck=[1, 1])
    with pytest.raises(ValueError, match="2-6 players, not 1"):
        Table(1)
    with pytest.raises(ValueError):
        Rules(small_bet=4, big_bet=2)
    with pytest.raises(ValueError, match=r"not a card"):
        Action.discard([52])


def test_legal_actions_are_exactly_what_act_accepts() -> None:
    rng = random.Random(30)
    candidates = [A.fold(), A.check(), A.call(), A.bet(), A.raise_to()] + [
        A.call(k) for k in range(0, 12)
    ] + [A.bet(k) for k in range(0, 12)] + [A.raise_to(k) for k in range(0, 16)]
    for _ in range(30):
        hand = Hand([rng.randint(1, 30) for _ in range(rng.randint(2, 6))], seed=rng.getrandbits(32))
        while not hand.is_over:
            legal = hand.legal_actions()
            if hand.phase is Phase.BETTING:
                for c in candidates:
                    accepted = hand.can_act(c)
                    assert accepted == any(
                        a.kind is c.kind and (c.amount is None or c.amount == a.amount) for a in legal
                    ), (c, legal)
            else:
                seat = hand.to_act
                assert seat is not None
                held = hand.hand_of(seat)
                subsets = {tuple(sorted(s)) for k in range(6) for s in itertools.combinations(held, k)}
                assert {a.cards for a in legal} == subsets
            hand.act(rng.choice(legal))


# ---------------------------------------------------------------------------------------------
# Seeds


def test_same_seed_same_hand() -> None:
    a, b = Hand([100] * 6, seed=31), Hand([100] * 6, seed=31)
    assert a.deck == b.deck and Hand([100] * 6, seed=32).deck != a.deck
    bots = [RandomBot(1), RandomBot(1)]
    play_hand(a, lambda s: bots[0])
    play_hand(b, lambda s: bots[1])
    assert a.events == b.events


def test_partial_deck_is_completed_in_order() -> None:
    hand = Hand([100, 100], deck=parse_cards("As Ks"))
    assert hand.deck[:3] == (51, 47, 0) and sorted(hand.deck) == list(range(52))


# ---------------------------------------------------------------------------------------------
# The table


def test_table_button_moves_to_the_small_blind_and_stacks_carry_over() -> None:
    table = Table(4, seed=33, starting_stack=50)
    bots = [LowballBot(i) for i in range(4)]
    buttons = []
    for _ in range(6):
        hand = table.start_hand()
        buttons.append(table.hand_seats[hand.button])
        small = table.hand_seats[hand.small_blind_seat]
        table_seats_of_last_hand = list(table.hand_seats)
        start = list(table.stacks)
        play_hand(hand, lambda s: bots[table.hand_seats[s]], check=True)
        table.end_hand()
        assert sum(table.stacks) == 200
        seats = table_seats_of_last_hand
        for i, s in enumerate(seats):  # stacks carry over
            assert table.stacks[s] == start[s] - hand.contributions[i] + hand.winnings[i]
        for s in set(range(4)) - set(seats):
            assert table.stacks[s] == start[s] == 0
        if table.stacks[small] > 0:
            assert table.button == small
    assert buttons[:4] == [0, 1, 2, 3]


def test_heads_up_button_alternates() -> None:
    table = Table(2, seed=34)
    seen = []
    for _ in range(4):
        hand = table.start_hand()
        seen.append(table.hand_seats[hand.button])
        hand.act(A.fold())
        table.end_hand()
    assert seen == [0, 1, 0, 1]


def test_busted_players_leave_and_the_button_skips_them() -> None:
    # seat 1, the small blind of the first hand, has 2 chips and loses them to seat 3
    table = Table([100, 2, 100, 100], seed=35, button=0)
    deck = arrange_deck(4, 0, {1: "Kc Qd Jh 9s 8d", 3: "7c 5d 4h 3s 2c"})
    hand = table.start_hand(deck=deck)
    hand.act(A.raise_to(4))  # seat 3
    hand.act(A.fold())  # seat 0
    hand.act(A.call())  # seat 1: all-in
    hand.act(A.fold())  # seat 2
    check_or_call_down(hand)
    table.end_hand()
    assert table.stacks == [100, 0, 98, 104]
    assert table.seated == [0, 2, 3]
    assert table.button == 2  # the small blind would deal next; they left, so the next player
    hand = table.start_hand()
    assert table.hand_seats == [0, 2, 3] and table.hand_seats[hand.button] == 2
    assert table.hand_seats[hand.small_blind_seat] == 3


def test_table_ends_with_one_player() -> None:
    table = Table([3, 3], seed=36)
    bots = [LowballBot(1), LowballBot(2)]
    while len(table.seated) > 1:
        play_hand(table.start_hand(), lambda s: bots[table.hand_seats[s]], check=True)
        table.end_hand()
    assert sorted(table.stacks) == [0, 6]
    with pytest.raises(ValueError, match="the game is over"):
        table.start_hand()


# ---------------------------------------------------------------------------------------------
# Bots


def test_lowball_bot_draws_toward_a_low() -> None:
    assert made_low(parse_cards("7c 5d 4h 3s 2c")) == 5
    assert made_low(parse_cards("6c 5d 4h 3s 2c")) is None  # a straight
    assert made_low(parse_cards("Ac 5d 4h 3s 2c")) == 12  # ace high, not a straight
    assert format_cards(keep_for_low(parse_cards("8c 6d 4h 3s 2c"), 3)) == "8c 6d 4h 3s 2c"
    assert format_cards(keep_for_low(parse_cards("9c 6d 4h 3s 2c"), 3)) == "6d 4h 3s 2c"
    assert format_cards(keep_for_low(parse_cards("9c 6d 4h 3s 2c"), 1)) == "9c 6d 4h 3s 2c"
    assert format_cards(keep_for_low(parse_cards("Kc Kd Qh Js Tc"), 2)) == ""
    assert format_cards(keep_for_low(parse_cards("3c 3d 7h 7s Ac"), 2)) == "3c 7h"


def test_lowball_bot_bets_made_hands_and_beats_random_bots() -> None:
    table = Table(4, seed=37, starting_stack=100)
    bots: list[Bot] = [LowballBot(1), RandomBot(2), LowballBot(3), RandomBot(4)]
    bets_with_made = 0
    for _ in range(150):
        if len(table.seated) < 2:
            break
        hand = table.start_hand()
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            view = hand.view(seat)
            action = bots[table.hand_seats[seat]].choose(view)
            top = made_low(view.hand)
            if isinstance(bots[table.hand_seats[seat]], LowballBot) and hand.phase is Phase.BETTING:
                wagers = [a for a in view.legal_actions if a.kind in (Kind.BET, Kind.RAISE)]
                if top is not None and top <= 6 and wagers:
                    assert action.kind in (Kind.BET, Kind.RAISE)
                    bets_with_made += 1
            hand.act(action)
        table.end_hand()
    assert bets_with_made > 0
    assert table.stacks[0] + table.stacks[2] > table.stacks[1] + table.stacks[3]
