"""Deuce to Seven Triple Draw: every rule of the text, and the decisions of docs/triple-draw.md.

Hands are set up with a chosen deck: ``deck_for`` deals the hands we name one card at a time
from the small blind, then puts the cards we name for the draws on top of the stub.
"""

from __future__ import annotations

import itertools
import random

import pytest

from wildeval.cards import format_cards, parse_cards
from wildeval.games.draw import arrange_deck
from wildeval.games.draw import (
    Action,
    Bot,
    Hand,
    IllegalAction,
    Kind,
    LowballBot,
    Phase,
    RandomBot,
    Rules,
    Table,
    keep_for_low,
    made_low,
    play_hand,
)

A = Action




def kinds(hand: Hand) -> list[str]:
    return [str(a) for a in hand.legal_actions()]


def stand_pat_all(hand: Hand) -> None:
    while hand.phase is Phase.DRAW:
        hand.act(A.discard())


def check_or_call_down(hand: Hand) -> None:
    """Everybody checks or calls and stands pat to the end."""
    while not hand.is_over:
        if hand.phase is Phase.DRAW:
            hand.act(A.discard())
        else:
            legal = {a.kind: a for a in hand.legal_actions()}
            hand.act(legal.get(Kind.CHECK) or legal[Kind.CALL])


# ---------------------------------------------------------------------------------------------
# Positions, blinds, the deal


@pytest.mark.parametrize("n", range(3, 7))
def test_blinds_left_of_the_dealer(n: int) -> None:
    for button in range(n):
        hand = Hand([100] * n, button, seed=1)
        sb, bb = (button + 1) % n, (button + 2) % n
        assert (hand.small_blind_seat, hand.big_blind_seat) == (sb, bb)
        expected = [0] * n
        expected[sb], expected[bb] = 1, 2
        assert list(hand.bets) == expected
        assert hand.to_act == (button + 3) % n  # the player after the big blind


def test_heads_up_the_dealer_is_the_small_blind_and_acts_first() -> None:
    for button in (0, 1):
        hand = Hand([100, 100], button, seed=2)
        assert hand.small_blind_seat == button and hand.big_blind_seat == 1 - button
        assert hand.bets[button] == 1 and hand.bets[1 - button] == 2
        assert hand.to_act == button
        hand.act(A.call())
        assert hand.to_act == 1 - button and kinds(hand) == ["fold", "check", "raise to 4"]
        hand.act(A.check())
        assert hand.phase is Phase.DRAW and hand.to_act == 1 - button  # the big blind draws first
        stand_pat_all(hand)
        assert hand.to_act == 1 - button  # and bets first after the draw


@pytest.mark.parametrize("n", range(2, 7))
def test_deal_one_card_at_a_time_from_the_small_blind(n: int) -> None:
    button = n - 1
    hand = Hand([100] * n, button, deck=range(52))
    sb = button if n == 2 else 0
    for i in range(n):
        seat = (sb + i) % n
        assert hand.hand_of(seat) == tuple(range(i, 5 * n, n))
    assert hand.stub == tuple(range(5 * n, 52))


def test_short_blinds_post_what_they_have() -> None:
    hand = Hand([1, 1, 50], button=2, seed=3)  # both blinds all-in posting
    assert hand.bets == (1, 1, 0)
    assert hand.to_act == 2 and kinds(hand) == ["fold", "call 1"]  # nobody left to raise
    hand.act(A.call())
    assert hand.phase is Phase.DRAW  # no more betting: nobody else has chips


def test_short_big_blind_keeps_the_full_bet_to_call_and_raise() -> None:
    # Robert's Rules: "The minimum bring-in and allowable raise sizes ... remain the same even
    # when the player in the blind does not have enough chips to post the full amount."
    rules = Rules(small_blind=5, big_blind=10, small_bet=10, big_bet=20)
    hand = Hand([100, 100, 4, 100], button=0, rules=rules, seed=4)  # big blind posts 4
    assert hand.bets == (0, 5, 4, 0)
    assert kinds(hand) == ["fold", "call 10", "raise to 20"]  # the full big blind
    hand.act(A.raise_to(20))
    hand.act(A.raise_to(30))
    hand.act(A.raise_to(40))  # the blind was the bet: three raises and the round is capped
    assert hand.to_act == 3 and kinds(hand) == ["fold", "call 20"]
    # pokerkit calls and raises from the biggest blind posted (5): it would raise to 15
    assert hand.pokerkit_divergence is not None and "big blind is short" in hand.pokerkit_divergence


def test_short_big_blind_nobody_calls_more_than_others_could_match() -> None:
    rules = Rules(small_blind=5, big_blind=10, small_bet=10, big_bet=20)
    hand = Hand([7, 100, 4, 100], button=0, rules=rules, seed=4)  # big blind posts 4
    hand.act(A.fold())  # seat 3
    assert kinds(hand) == ["fold", "call 7"]  # the dealer has 7: all-in, short of the blind
    hand.act(A.call())
    # the small blind has 5 in: nobody else still in could put in more than 7
    assert hand.to_act == 1 and kinds(hand) == ["fold", "call 2"]


# ---------------------------------------------------------------------------------------------
# Betting


def test_big_blind_option() -> None:
    hand = Hand([100] * 4, button=0, seed=5)
    for _ in range(3):
        hand.act(A.call())
    assert hand.to_act == 2 and kinds(hand) == ["fold", "check", "raise to 4"]
    hand.act(A.raise_to())
    assert hand.to_act == 3 and kinds(hand) == ["fold", "call 2", "raise to 6"]  # reopened


def test_big_blind_checks_and_the_draw_starts() -> None:
    hand = Hand([100] * 3, button=0, seed=6)
    hand.act(A.call())
    hand.act(A.call())
    hand.act(A.check())
    assert hand.phase is Phase.DRAW and hand.pot == 6 and hand.to_act == 1


def test_bet_sizes_small_then_big() -> None:
    hand = Hand([200] * 3, button=0, seed=7)
    sizes = []
    while not hand.is_over:
        if hand.phase is Phase.DRAW:
            hand.act(A.discard())
            continue
        legal = {a.kind: a for a in hand.legal_actions()}
        if Kind.BET in legal:
            size = legal[Kind.BET].amount
            assert size is not None
            sizes.append(size)
            hand.act(legal[Kind.BET])
            assert kinds(hand)[-1] == f"raise to {2 * size}"
        else:
            hand.act(legal.get(Kind.CHECK) or legal[Kind.CALL])
    assert sizes == [2, 4, 4]
    assert hand.view(0).events[-1].kind == "win"


def test_cap_a_bet_and_three_raises_first_round() -> None:
    hand = Hand([200] * 4, button=0, seed=8)
    for to in (4, 6, 8):  # seats 3, 0 and 1 (the small blind) raise
        hand.act(A.raise_to(to))
    assert hand.to_act == 2 and kinds(hand) == ["fold", "call 6"]  # capped: blind + 3 raises
    with pytest.raises(IllegalAction, match=r"seat 2 \(Player 3\) cannot raise: the betting is capped"):
        hand.act(A.raise_to())


def test_cap_a_bet_and_three_raises_after_the_draw() -> None:
    hand = Hand([200] * 3, button=0, seed=9)
    check_until_round(hand, 1)
    hand.act(A.bet(2))
    hand.act(A.raise_to(4))
    hand.act(A.raise_to(6))
    hand.act(A.raise_to(8))
    assert kinds(hand) == ["fold", "call 4"]


def check_until_round(hand: Hand, betting_round: int) -> None:
    while hand.betting_round < betting_round or hand.phase is Phase.DRAW:
        if hand.phase is Phase.DRAW:
            hand.act(A.discard())
        else:
            legal = {a.kind: a for a in hand.legal_actions()}
            hand.act(legal.get(Kind.CHECK) or legal[Kind.CALL])


def test_heads_up_capped_by_default() -> None:
    hand = Hand([500, 500], button=0, seed=10)
    for to in (4, 6, 8):
        hand.act(A.raise_to(to))
    assert kinds(hand) == ["fold", "call 2"]


def test_heads_up_unlimited_is_an_option() -> None:
    hand = Hand([500, 500], button=0, seed=10, rules=Rules(heads_up_unlimited=True))
    for to in range(4, 40, 2):
        hand.act(A.raise_to(to))
    assert "raise to 40" in kinds(hand)
    assert hand.pokerkit_divergence is not None and "four bets" in hand.pokerkit_divergence


def test_heads_up_unlimited_not_after_a_multiway_cap() -> None:
    hand = Hand([500] * 3, button=0, seed=11, rules=Rules(heads_up_unlimited=True))
    for to in (4, 6, 8):  # capped with three players in
        hand.act(A.raise_to(to))
    hand.act(A.fold())  # now heads-up, still capped
    assert hand.to_act == 1 and kinds(hand) == ["fold", "call 2"]


def test_heads_up_unlimited_when_the_third_player_is_all_in() -> None:
    hand = Hand([500, 500, 3], button=2, seed=12, rules=Rules(heads_up_unlimited=True))
    hand.act(A.raise_to(3))  # the button (3 chips) all-in
    for to in (5, 7, 9, 11):
        hand.act(A.raise_to(to))
    assert "raise to 13" in kinds(hand)


def test_uncalled_bet_returned() -> None:
    hand = Hand([100, 100, 100], button=0, seed=13)
    hand.act(A.raise_to(4))
    hand.act(A.fold())
    hand.act(A.fold())
    assert hand.is_over and hand.finishing_stacks == (103, 99, 98)
    assert [e.kind for e in hand.events][-2:] == ["return", "win"]
    hand.check_chips()


def test_fold_when_check_is_possible_is_allowed() -> None:
    hand = Hand([100] * 3, button=0, seed=14)
    check_until_round(hand, 1)
    assert kinds(hand)[:2] == ["fold", "check"]
    hand.act(A.fold())
    assert hand.folded == (False, True, False)


# ---------------------------------------------------------------------------------------------
# All-ins


RULES_10 = Rules(small_blind=5, big_blind=10, small_bet=10, big_bet=20)


def test_all_in_under_half_a_bet_does_not_reopen() -> None:
    # seat 0 deals and acts first; seat 1 (small blind) has 24 chips
    hand = Hand([500, 24, 500], button=0, rules=RULES_10, seed=15)
    hand.act(A.raise_to(20))
    assert kinds(hand) == ["fold", "call 15", "raise to 24"]
    hand.act(A.raise_to(24))  # all-in: 4 more, under half a bet
    # not acted yet: may complete the wager to a full raise (Robert's Rules)
    assert hand.to_act == 2 and kinds(hand) == ["fold", "call 14", "raise to 30"]
    hand.act(A.call())
    assert hand.to_act == 0 and kinds(hand) == ["fold", "call 4"]  # acted: may not raise
    with pytest.raises(IllegalAction, match="less than half a bet does not reopen"):
        hand.act(A.raise_to(34))
    hand.act(A.call())
    assert hand.phase is Phase.DRAW
    assert hand.pokerkit_divergence is None


def test_all_in_of_half_a_bet_or_more_reopens() -> None:
    hand = Hand([500, 26, 500], button=0, rules=RULES_10, seed=16)
    hand.act(A.raise_to(20))
    hand.act(A.raise_to(26))  # all-in: 6 more, at least half a bet: a full raise
    hand.act(A.call())
    assert kinds(hand) == ["fold", "call 6", "raise to 36"]
    hand.act(A.raise_to(36))
    assert hand.pokerkit_divergence is not None  # pokerkit does not reopen here
    assert hand.pokerkit_divergence.startswith("p3 raise to 36: ")  # seat 0 deals: PHH p3


def test_short_all_ins_that_add_up_to_a_bet_reopen() -> None:
    hand = Hand([500, 500, 24, 28, 500], button=4, rules=RULES_10, seed=17)
    check_until_round(hand, 1)  # everyone in for 10; seat 2 has 14 left, seat 3 18
    hand.act(A.bet(10))  # seat 0
    hand.act(A.call())  # seat 1
    hand.act(A.raise_to(14))  # seat 2 all-in: +4
    hand.act(A.raise_to(18))  # seat 3 all-in: +4, 8 in all: still under a bet
    hand.act(A.call())  # seat 4 (not acted yet could raise; calls)
    assert hand.to_act == 0 and kinds(hand) == ["fold", "call 8"]


def test_players_yet_to_act_may_complete_a_short_all_in() -> None:
    # Robert's Rules: facing an all-in wager of less than half a bet, a player who has not acted
    # "may fold, call, or complete the wager"
    hand = Hand([500, 500, 500, 13], button=0, rules=RULES_10, seed=18)
    hand.act(A.raise_to(13))  # seat 3 all-in: 3 over the big blind, under half a bet
    assert hand.to_act == 0 and kinds(hand) == ["fold", "call 13", "raise to 20"]
    hand.act(A.call())
    assert hand.to_act == 1 and kinds(hand) == ["fold", "call 8", "raise to 20"]  # the blinds too
    hand.act(A.call())
    assert hand.to_act == 2 and kinds(hand) == ["fold", "call 3", "raise to 20"]
    hand.act(A.raise_to(20))  # completing is a full raise: it reopens the betting for everyone
    assert hand.to_act == 0 and kinds(hand) == ["fold", "call 7", "raise to 30"]
    # pokerkit raises a full bet over the all-in (to 23)
    assert hand.pokerkit_divergence is not None and "complete the wager" in hand.pokerkit_divergence
    # the completion is the first raise, the short all-in was none: two more and it is capped
    hand.act(A.raise_to(30))
    hand.act(A.raise_to(40))
    assert hand.to_act == 2 and kinds(hand) == ["fold", "call 20"]


def test_all_in_bet_of_exactly_half_a_bet_is_a_full_bet() -> None:
    # Robert's Rules: "An all-in wager of a half a bet or more is treated as a full bet, and a
    # player may fold, call, or make a full raise"
    hand = Hand([100, 3, 100], button=0, seed=1)
    check_until_round(hand, 1)
    hand.act(A.bet(), 1)  # all-in: 1 chip, half the 2-chip bet
    assert hand.to_act == 2 and kinds(hand) == ["fold", "call 1", "raise to 3"]
    hand.act(A.call())
    hand.act(A.call())
    assert hand.phase is Phase.DRAW


def test_short_all_ins_never_add_up_past_the_completion() -> None:
    hand = Hand([500, 500, 24, 28, 32, 500], button=5, rules=RULES_10, seed=17)
    check_until_round(hand, 1)  # everyone in for 10; seats 2, 3, 4 have 14, 18 and 22 left
    hand.act(A.bet(10))  # seat 0
    hand.act(A.call())  # seat 1
    hand.act(A.raise_to(14))  # seat 2 all-in: +4
    hand.act(A.raise_to(18))  # seat 3 all-in: +4, 8 in all
    # seat 4 could go all-in for 22, but a raise is the completion of the bet: to 20
    assert hand.to_act == 4 and kinds(hand) == ["fold", "call 18", "raise to 20"]
    hand.act(A.raise_to(20))  # a full raise: the betting is open again for everyone
    assert hand.to_act == 5 and kinds(hand) == ["fold", "call 20", "raise to 30"]
    hand.act(A.call())
    assert hand.to_act == 0 and kinds(hand) == ["fold", "call 10", "raise to 30"]
    hand.act(A.raise_to(30))
    hand.act(A.raise_to(40))  # the bet, 20, 30, 40: capped
    assert hand.to_act == 4 and kinds(hand) == ["fold", "call 2"]
    hand.act(A.call())
    assert hand.to_act == 5 and kinds(hand) == ["fold", "call 20"]


def test_side_pots() -> None:
    # seat 2 (10 chips) has the best low, seat 0 the second best, seat 1 the worst
    hands = {0: "8c 6d 4h 3s 2c", 1: "Kc Qd Jh 9s 8d", 2: "7c 5d 4c 3d 2d"}
    hand = Hand([100, 100, 10], button=2, deck=arrange_deck(3, 2, hands), seed=19)
    hand.act(A.raise_to(4))  # seat 2 (the dealer acts first)
    hand.act(A.call())
    hand.act(A.call())
    stand_pat_all(hand)
    hand.act(A.bet(2))  # seat 0
    hand.act(A.call())
    hand.act(A.raise_to(4))
    hand.act(A.call())
    hand.act(A.call())  # seat 2 is all-in for 10 after calling 4... (4 + 4 = 8 < 10)
    check_or_call_down(hand)
    hand.check_chips()
    # seat 2 wins the main pot, seat 0 the side pot
    main = 3 * hand.contributions[2]
    assert hand.winnings[2] == main
    assert hand.winnings[0] == sum(hand.contributions) - main
    assert hand.winnings[1] == 0


def test_all_in_player_keeps_drawing() -> None:
    hand = Hand([100, 100, 2], button=2, seed=20)
    hand.act(A.call())  # seat 2 all-in for 2
    hand.act(A.call())
    hand.act(A.check())
    assert hand.phase is Phase.DRAW and 2 in hand._draw_order


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
