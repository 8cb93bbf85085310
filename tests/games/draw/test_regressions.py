"""Audit of the Deuce to Seven Triple Draw engine: tests for rule violations the engine had
when it was audited; each failed then and now guards the fix.

The Hungarian text is silent on all of these, so ``shared/rules/README.md`` makes Robert's Rules
of Poker the authority. Test 1 broke a rule that docs/triple-draw.md did not overrule. Tests 2-4
broke a Robert's Rules text that docs/triple-draw.md had chosen not to follow (it did what pokerkit
does). The project decided for Robert's Rules (docs/conventions.md), and docs/triple-draw.md and
the engine follow them now.
"""

from __future__ import annotations

from wildeval.games.draw import Action, Hand, Phase, Rules, arrange_deck

A = Action




def stand_pat_all(hand: Hand) -> None:
    while hand.phase is Phase.DRAW:
        hand.act(A.discard())


def legal(hand: Hand) -> list[str]:
    return [str(a) for a in hand.legal_actions()]


# ---------------------------------------------------------------------------------------------
# 1. Robert's Rules, "Ties": "No player may receive more than one odd chip"; in a button game the
#    first hand clockwise from the button gets the odd chip (README: "an odd chip goes to the
#    first winner clockwise from the button"). A three-way tie over a pot of 14 leaves two odd
#    chips: they go one each to the first two winners clockwise (5, 5, 4), not both to the
#    first (6, 4, 4).


def test_three_way_split_gives_no_player_more_than_one_odd_chip() -> None:
    tied = {1: "7c 5d 4h 3s 2c", 3: "7d 5c 4s 3h 2d", 0: "7h 5s 4c 3d 2h"}
    hand = Hand([100] * 4, button=0, deck=arrange_deck(4, 0, tied), seed=1)
    hand.act(A.raise_to(4), 3)
    hand.act(A.call(), 0)
    hand.act(A.call(), 1)  # the small blind
    hand.act(A.fold(), 2)  # the big blind's 2 chips stay in the pot: 14 in all
    while not hand.is_over:
        stand_pat_all(hand)
        if not hand.is_over:
            hand.act(A.check())
    assert sum(hand.contributions) == 14
    # clockwise from the button (seat 0): seats 1, 3, then 0
    assert hand.winnings == [4, 5, 0, 5]


# ---------------------------------------------------------------------------------------------
# 2. Robert's Rules, "Ties": "All side pots and the main pot will be split as separate pots, not
#    mixed together." (docs/triple-draw.md instead merges pots that have the same remaining
#    contenders.) Seat 3 is all-in for 5 and loses; seats 0 and 2 tie. Main pot 21 -> 11 to seat
#    2 (first clockwise from the button) and 10 to seat 0; side pot 17 -> 9 and 8. The engine
#    pays 38 as one pot: 19 and 19.


def test_main_and_side_pot_are_split_separately() -> None:
    hands = {0: "7c 5d 4h 3s 2c", 2: "7d 5c 4s 3h 2d", 3: "8c 6d 4c 3d 2h"}
    hand = Hand([100, 100, 100, 5, 100], button=0, deck=arrange_deck(5, 0, hands), seed=1)
    hand.act(A.call(), 3)
    hand.act(A.call(), 4)
    hand.act(A.call(), 0)
    hand.act(A.fold(), 1)  # the small blind's 1 chip: the main pot is odd
    hand.act(A.check(), 2)
    stand_pat_all(hand)
    for _ in range(2):  # seat 3 calls 2, then is all-in for its last chip
        hand.act(A.bet(), 2)
        hand.act(A.call(), 3)
        hand.act(A.call(), 4)
        hand.act(A.call(), 0)
        stand_pat_all(hand)
    hand.act(A.bet(), 2)
    hand.act(A.fold(), 4)  # 8 chips of seat 4 stay in the side pot: the side pot is odd
    hand.act(A.call(), 0)
    assert hand.is_over
    assert hand.contributions == (12, 1, 12, 5, 8)
    assert hand.winnings[3] == 0
    assert (hand.winnings[2], hand.winnings[0]) == (11 + 9, 10 + 8)


# ---------------------------------------------------------------------------------------------
# 3. Robert's Rules, "Betting and raising" 6: "A player who has not yet acted ..., facing an
#    all-in wager of less than half a bet, may fold, call, or complete the wager." Seat 1 bets
#    all-in 1 chip into a 4-chip round: seat 2 may complete the bet to 4. The engine offers only
#    "raise to 5" (docs/triple-draw.md: "a raise is always to the highest wager plus one bet").
#    (Fixed after the audit: the audit had a 1-chip bet in a 2-chip round, but that is exactly
#    half a bet, which the same rule treats as a full bet: "An all-in wager of a half a bet or
#    more is treated as a full bet, and a player may fold, call, or make a full raise".)


def test_short_all_in_bet_may_be_completed_to_a_full_bet() -> None:
    hand = Hand([100, 5, 100], button=0, seed=1)
    hand.act(A.call(), 0)
    hand.act(A.call(), 1)
    hand.act(A.check(), 2)
    stand_pat_all(hand)
    hand.act(A.bet(), 1)  # 1 chip left
    hand.act(A.call(), 2)
    hand.act(A.call(), 0)
    stand_pat_all(hand)
    hand.act(A.bet(), 1)  # all-in: 1 chip, less than half the 4-chip bet
    assert hand.to_act == 2
    assert legal(hand) == ["fold", "call 1", "raise to 4"]


# ---------------------------------------------------------------------------------------------
# 4. Robert's Rules, "Button and blind use" 1: "The minimum bring-in and allowable raise sizes
#    for the opener ... remain the same even when the player in the blind does not have enough
#    chips to post the full amount." The big blind (10) posts only 4: the opener must still
#    call 10 or raise to 20. The engine lets them in for 5 (the small blind's post) with a
#    raise to 15 (docs/triple-draw.md copies pokerkit here).


def test_short_big_blind_keeps_the_full_bring_in() -> None:
    rules = Rules(small_blind=5, big_blind=10, small_bet=10, big_bet=20)
    hand = Hand([100, 100, 4, 100], button=0, rules=rules, seed=4)
    assert hand.bets == (0, 5, 4, 0) and hand.to_act == 3
    assert legal(hand) == ["fold", "call 10", "raise to 20"]
