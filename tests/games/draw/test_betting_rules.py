"""Deuce to Seven Triple Draw: every rule of the text, and the decisions of docs/triple-draw.md,
up to the draws: positions, blinds and the deal, betting, all-ins (showdown to bots is
test_showdown_rules.py).

Hands are set up with a chosen deck: ``arrange_deck`` deals the hands we name one card at a time
from the small blind, then puts the cards we name for the draws on top of the stub.
"""

from __future__ import annotations

import pytest

from wildeval.games.draw import Hand, IllegalAction, Kind, Phase, Rules, arrange_deck

from draw_helpers import A, check_or_call_down, check_until_round, kinds, stand_pat_all

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
