"""The legs guts games: settlement, legs, presets and variants, table stakes (actions,
views, histories, bots, CLI are test_play.py)."""

from __future__ import annotations

import pytest

from wildeval.cards import parse_cards
from wildeval.games import guts
from wildeval.games.guts import Declare, GutsGame, GutsRules, IllegalActionError, RandomBot, Stage, play_bots, preset

from guts_helpers import PRESET_NAMES, declare, next_stage, settle_event, table

# -- the worked example and Article 3 -----------------------------------------------------------


def test_worked_example_pot_40_b_pays_a_40() -> None:
    rules = preset("three-five-seven", ante=20)
    game = table(rules, {"A": "3♥K♣K♦", "B": "Q♠Q♥9♣"})
    assert game.pot == 40
    assert game.view("A").cards == tuple(parse_cards("3♥K♣K♦"))
    declare(game, ["A", "B"])
    event = settle_event(game)
    assert event["winners"] == ["A"]
    assert event["payments"] == [{"from": "B", "to": "A", "amount": 40}]
    assert game.pot == 40
    assert game.legs == {"A": 0, "B": 0}
    assert game.balances == {"A": -20 + 40, "B": -20 - 40}
    assert game.rules.evaluator(0).describe(event["values"]["A"]) == "Three of a kind, kings"


def test_worked_example_among_four_players() -> None:
    rules = preset("three-five-seven", ante=10)
    game = table(rules, {"A": "3♥K♣K♦", "B": "Q♠Q♥9♣"}, players=["A", "B", "C", "D"])
    assert game.pot == 40
    declare(game, ["A", "B"])
    assert game.balances == {"A": 30, "B": -50, "C": -10, "D": -10}
    assert game.pot == 40 and game.legs == dict.fromkeys("ABCD", 0)


def test_nobody_in_changes_nothing_and_stage_three_brings_a_new_ante_and_deal() -> None:
    game = table(preset("three-five-seven"), players=["A", "B", "C"], dealer=0)
    assert game.declaration_order() == ["B", "C", "A"]
    books = (dict(game.balances), game.pot, dict(game.legs))
    for stage in range(3):
        assert game.stage == stage
        declare(game, [])
        assert settle_event(game)["outcome"] == "nobody in"
        assert (game.balances, game.pot, game.legs) == books
        next_stage(game)
    assert game.round == 2 and game.dealer_name == "B"  # the deal moved left
    assert game.declaration_order() == ["C", "A", "B"]
    assert game.pot == 6 and game.balances == {"A": -2, "B": -2, "C": -2}  # antes again
    assert all(len(game.hands[p]) == 3 for p in "ABC")
    assert [e["type"] for e in game.events].count("ante") == 2


def test_one_in_takes_a_leg_and_pays_nothing() -> None:
    game = table(preset("three-five-seven"), players=["A", "B", "C"])
    declare(game, ["B"])
    assert game.legs == {"A": 0, "B": 1, "C": 0}
    assert game.balances == {"A": -1, "B": -1, "C": -1} and game.pot == 3
    assert settle_event(game)["leg"] == "B"


def test_several_in_every_loser_pays_the_winner_the_pot() -> None:
    rules = preset("three-five-seven", ante=5)
    game = table(rules, {"A": "Kc Kd 4h", "B": "Qs Qh 9c", "C": "2c 4d 6h"}, players=["A", "B", "C"])
    declare(game, ["A", "B", "C"])
    assert settle_event(game)["payments"] == [
        {"from": "B", "to": "A", "amount": 15}, {"from": "C", "to": "A", "amount": 15}]
    assert game.balances == {"A": 25, "B": -20, "C": -20} and game.pot == 15
    assert game.legs == dict.fromkeys("ABC", 0)


def test_ties_each_loser_pays_every_winner() -> None:
    rules = preset("three-five-seven", ante=5)
    hands = {"A": "Kc Kd 9c", "B": "Kh Ks 9d", "C": "Qs Qh 4c", "D": "2c 5d 7h"}
    game = table(rules, hands, players=list("ABCD"))
    declare(game, list("ABCD"))
    event = settle_event(game)
    assert event["winners"] == ["A", "B"]
    assert event["payments"] == [
        {"from": "C", "to": "A", "amount": 20}, {"from": "C", "to": "B", "amount": 20},
        {"from": "D", "to": "A", "amount": 20}, {"from": "D", "to": "B", "amount": 20}]
    assert game.balances == {"A": 35, "B": 35, "C": -45, "D": -45} and game.pot == 20


def test_all_in_players_tie_nobody_pays() -> None:
    game = table(preset("three-five-seven"), {"A": "Kc Kd 9c", "B": "Kh Ks 9d"})
    declare(game, ["A", "B"])
    assert settle_event(game)["payments"] == [] and game.balances == {"A": -1, "B": -1}


def test_three_legs_take_the_pot_at_any_stage_and_legs_carry_over() -> None:
    game = table(preset("three-five-seven", ante=2), players=["A", "B", "C"])
    declare(game, ["A"])
    next_stage(game)
    declare(game, ["A"])
    next_stage(game)
    declare(game, [])
    next_stage(game)  # round 2: legs are kept
    assert game.round == 2 and game.legs["A"] == 2
    declare(game, ["A"])
    assert game.over and game.winner == "A" and game.end_reason == "legs"
    assert game.pot == 0
    assert game.balances == {"A": -4 + 12, "B": -4, "C": -4}
    assert game.events[-1] == {"type": "win", "player": "A", "pot": 12, "by": "legs"}
    assert game.legal_actions() == []
    game.check_invariants()


def test_the_pot_changes_only_by_antes_and_the_final_take() -> None:
    rules = preset("three-five-seven", ante=3)
    game = GutsGame(rules, ["A", "B", "C", "D"], seed=5)
    bots = {p: RandomBot(__import__("random").Random(i)) for i, p in enumerate(game.players)}
    play_bots(game, bots)
    reasons = {(t.reason, t.payer is None, t.payee is None) for t in game.ledger if None in (t.payer, t.payee)}
    assert reasons <= {("ante", False, True), ("pot", True, False), ("refund", True, False)}
    game.check_invariants()


# -- presets ------------------------------------------------------------------------------------


def test_presets_follow_the_rules_texts() -> None:
    r = preset("three-five-seven")
    assert [(s.cards, s.ranking, s.wild) for s in r.stages] == [(3, "high", "3"), (5, "high", "5"), (7, "high", "7")]
    assert (r.win_by, r.win_count, r.payment, r.declaration) == ("legs", 3, "pot_to_each_winner", "in_turn")
    c = preset("crazy-three-five-seven")
    assert [s.wild for s in c.stages] == ["3", "35", "357"] and c.win_count == 4
    o = preset("three-five-seven-onlinepoker")
    assert (o.win_by, o.win_count, o.payment) == ("streak", 5, "lowest_pays_highest")
    assert o.stages == r.stages
    n = preset("napalm")
    assert [(s.cards, s.ranking, s.wild) for s in n.stages] == [(2, "high", ""), (5, "low", ""), (7, "high", "")]
    assert n.win_count == 5 and n.low_ranking == "low27"
    assert [n.evaluator_settings(i) for i in range(3)] == [("high", None), ("low27", None), ("high", None)]
    assert preset("napalm", low_ranking="low_a5").evaluator_settings(1) == ("low_a5", None)
    assert sorted(guts.PRESETS) == sorted(PRESET_NAMES)


def test_only_the_current_stage_rank_is_wild() -> None:
    # stage two of 3-5-7: fives are wild, threes no longer
    game = table(preset("three-five-seven"), {"A": "3c Kd 8h 3d Ks", "B": "Ac Ad 9c 5h 2s"})
    declare(game, [])
    next_stage(game)
    declare(game, ["A", "B"])
    event = settle_event(game)
    assert event["winners"] == ["B"]  # A: two pair, kings and threes; B: three aces (5 wild)


def test_crazy_357_stage_two_has_threes_and_fives_wild_and_four_legs_win() -> None:
    hands = {"A": "3c 5d Ks Kh 9c", "B": "As Ah Ad Qs Qh"}
    crazy = table(preset("crazy-three-five-seven"), hands)
    declare(crazy, [])
    next_stage(crazy)
    declare(crazy, ["A", "B"])
    assert settle_event(crazy)["winners"] == ["A"]  # four kings beat aces full
    plain = table(preset("three-five-seven"), hands)
    declare(plain, [])
    next_stage(plain)
    declare(plain, ["A", "B"])
    assert settle_event(plain)["winners"] == ["B"]  # only fives wild: three kings lose

    game = table(preset("crazy-three-five-seven"))
    for _ in range(3):
        declare(game, ["B"])
        next_stage(game)
    assert not game.over and game.legs["B"] == 3
    declare(game, ["B"])
    assert game.over and game.winner == "B"


def test_napalm_two_cards_high_then_deuce_to_seven_low_then_seven_cards_high() -> None:
    hands = {"A": "7c 5d 4h 3s 2c Ah Ad", "B": "8c 6d 4d 3h 2h Kc Kd"}
    game = table(preset("napalm"), hands)
    assert len(game.hands["A"]) == 2
    declare(game, ["A", "B"])
    assert settle_event(game)["winners"] == ["B"]  # 8-6 beats 7-5
    next_stage(game)
    declare(game, ["A", "B"])
    assert settle_event(game)["winners"] == ["A"]  # 7-5-4-3-2 is the best low
    next_stage(game)
    declare(game, ["A", "B"])
    assert settle_event(game)["winners"] == ["A"]  # aces up beat kings up; nothing wild


@pytest.mark.parametrize(("low", "winner"), [("low27", "B"), ("low_a5", "A")])
def test_napalm_low_setting(low: str, winner: str) -> None:
    hands = {"A": "Ac 2d 3h 4s 5c", "B": "8c 6d 4d 3s 2h"}
    game = table(preset("napalm", low_ranking=low), hands)
    declare(game, [])
    next_stage(game)
    declare(game, ["A", "B"])
    # deuce-to-seven: A-5-4-3-2 is ace high, worse than 8-6; ace-to-five: it is the best low
    assert settle_event(game)["winners"] == [winner]


def test_napalm_first_to_five_legs() -> None:
    game = table(preset("napalm"))
    for _ in range(4):
        declare(game, ["A"])
        next_stage(game)
    assert game.legs["A"] == 4 and not game.over
    declare(game, ["A"])
    assert game.winner == "A"


def test_three_card_poker_ranking_option() -> None:
    hands = {"A": "4s 6s 8s", "B": "Kc Kd 9c"}  # a flush vs a pair; no wild card held
    for ranking, winner in (("groups", "B"), ("three_card_poker", "A")):
        custom = GutsRules("custom", (Stage(3), Stage(5), Stage(7)), three_card_ranking=ranking)  # type: ignore[arg-type]
        game = table(custom, hands)
        declare(game, ["A", "B"])
        assert settle_event(game)["winners"] == [winner], ranking
    game = table(preset("three-five-seven", three_card_ranking="three_card_poker"), hands)
    declare(game, ["A", "B"])
    assert settle_event(game)["winners"] == ["A"]


@pytest.mark.parametrize(("flush_duplicates", "winner"), [(True, "A"), (False, "B")])
def test_flush_duplicates_option(flush_duplicates: bool, winner: str) -> None:
    # stage two, fives wild: A holds A-9-7-2 of spades and a wild five
    hands = {"A": "As 9s 7s 2s 5c", "B": "Ah Kh Qh 9h 4h"}
    game = table(preset("three-five-seven", flush_duplicates=flush_duplicates), hands)
    declare(game, [])
    next_stage(game)
    declare(game, ["A", "B"])
    assert settle_event(game)["winners"] == [winner]


# -- the onlinepoker.net version ----------------------------------------------------------------


def test_onlinepoker_only_the_lowest_pays_the_highest() -> None:
    rules = preset("three-five-seven-onlinepoker", ante=5)
    hands = {"A": "Kc Kd Kh", "B": "Qs Qh 9c", "C": "Jc Jd 4h", "D": "2c 5d 7h"}
    game = table(rules, hands, players=list("ABCD"))
    declare(game, list("ABCD"))
    assert settle_event(game)["payments"] == [{"from": "D", "to": "A", "amount": 20}]
    assert game.balances == {"A": 15, "B": -5, "C": -5, "D": -25}


def test_onlinepoker_ties_at_either_end() -> None:
    rules = preset("three-five-seven-onlinepoker")
    hands = {"A": "Kc Kd 9h", "B": "Ks Kh 9c", "C": "Jc Jd 4h", "D": "2c 5d 7h", "E": "2d 5c 7s"}
    game = table(rules, hands, players=list("ABCDE"))
    declare(game, list("ABCDE"))
    assert settle_event(game)["payments"] == [
        {"from": "D", "to": "A", "amount": 5}, {"from": "D", "to": "B", "amount": 5},
        {"from": "E", "to": "A", "amount": 5}, {"from": "E", "to": "B", "amount": 5}]
    assert game.streaks == dict.fromkeys("ABCDE", 0)  # a tie is no stage win


def test_onlinepoker_streaks() -> None:
    rules = preset("three-five-seven-onlinepoker")
    rounds = [{}, {"A": "Kc Kd 9h", "B": "Ks Kh 9c"}, {}, {}]
    game = table(rules, rounds, players=["A", "B", "C"])
    declare(game, ["A"])  # alone in: a stage win
    next_stage(game)
    declare(game, [])  # nobody in: not a hand, the streak stands
    next_stage(game)
    declare(game, ["A"])
    assert game.streaks == {"A": 2, "B": 0, "C": 0}
    next_stage(game)
    declare(game, ["A", "B"])  # round 2, stage one: a tie breaks every streak
    assert game.streaks == {"A": 0, "B": 0, "C": 0}
    next_stage(game)
    declare(game, ["C"])
    next_stage(game)
    declare(game, ["B"])  # another player's stage win breaks C's streak
    assert game.streaks == {"A": 0, "B": 1, "C": 0}
    assert game.legs == {"A": 2, "B": 1, "C": 1}  # legs are still counted, but win nothing
    for _ in range(4):
        next_stage(game)
        assert not game.over
        declare(game, ["B"])
    assert game.over and game.winner == "B" and game.end_reason == "streak"
    assert game.streaks["B"] == 5 and game.pot == 0


def test_onlinepoker_a_showdown_win_counts_and_losing_while_in_breaks() -> None:
    rules = preset("three-five-seven-onlinepoker")
    game = table(rules, {"A": "Ac Ad 9h", "B": "Ks Kh 9c"}, players=["A", "B"])
    declare(game, ["B"])
    next_stage(game)
    assert game.streaks["B"] == 1
    declare(game, ["A", "B"])  # stage two: A's aces up over B's kings up
    event = settle_event(game)
    assert event["winners"] == ["A"] and game.streaks == {"A": 1, "B": 0}


# -- payment policies ---------------------------------------------------------------------------


def test_table_stakes_maximum_per_payment() -> None:
    rules = preset("three-five-seven", ante=10, payment_policy="table_stakes", stack=1000, max_payment=15)
    game = table(rules, {"A": "Kc Kd 4h", "B": "Qs Qh 9c"})
    declare(game, ["A", "B"])
    assert settle_event(game)["payments"] == [{"from": "B", "to": "A", "amount": 15}]
    assert game.chips("A") == 1005 and game.chips("B") == 975


def test_table_stakes_a_short_player_pays_what_they_have_split_evenly() -> None:
    rules = preset("three-five-seven", ante=10, payment_policy="table_stakes", stack=25)
    hands = {"A": "Kc Kd 9c", "B": "Kh Ks 9d", "C": "2c 5d 7h"}
    game = table(rules, hands, players=["A", "B", "C"])
    declare(game, ["A", "B", "C"])  # C owes 30 to each of two winners and holds 15
    assert settle_event(game)["payments"] == [
        {"from": "C", "to": "A", "amount": 8}, {"from": "C", "to": "B", "amount": 7}]
    assert [game.chips(p) for p in "ABC"] == [23, 22, 0]
    for _ in range(2):
        next_stage(game)
        declare(game, [])
    next_stage(game)  # round 2: C has no chips and sits out
    assert game.seated == ("B", "A") and game.hands["C"] == []  # A deals now
    with pytest.raises(IllegalActionError, match="C cannot declare in: C sits out"):
        game.apply(Declare("C", True))
    assert game.pot == 50  # 30 + 10 + 10


def test_table_stakes_nobody_collects_more_than_they_risked() -> None:
    rules = preset("three-five-seven", ante=10, payment_policy="table_stakes", stack=30)
    hands = {"A": "As Ah Ad 8c 9d Jc Qd", "B": "2c 5d 7h 7c 7d 7s 3c", "C": "Kc Kd 9c 4s 6s"}
    game = table(rules, hands, players=["A", "B", "C"])  # pot 30; everyone holds 20
    declare(game, ["B", "C"])
    assert settle_event(game)["payments"] == [{"from": "B", "to": "C", "amount": 20}]  # all B has
    next_stage(game)
    declare(game, ["A", "C"])  # C owes the pot, 30, but A risked only 20
    assert settle_event(game)["payments"] == [{"from": "C", "to": "A", "amount": 20}]
    next_stage(game)
    # B (five fives) has no chips left: risking nothing, B may not stay in to block A's leg
    game.declare("A", True)
    assert game.to_act() == "B" and game.legal_actions() == [Declare("B", False)]
    before = game.snapshot()
    with pytest.raises(IllegalActionError, match="B cannot declare in: B has no chips left to stake"):
        game.declare("B", True)
    assert game.snapshot() == before
    game.declare("B", False)
    game.declare("C", False)  # A is in alone
    game.advance()
    assert "payments" not in settle_event(game) and game.legs["A"] == 1
    assert [game.chips(p) for p in "ABC"] == [40, 0, 20] and game.pot == 30


def test_table_stakes_short_loser_fills_the_smaller_debts_first() -> None:
    rules = preset("three-five-seven", payment_policy="table_stakes", stack=100)
    game = GutsGame(rules, ["A", "B", "C", "D"])
    # C holds 10 and owes A 3 (A risked 3) and B and D 30 each: A gets 3, the rest is split 4/3
    assert game._split("C", 30, ["A", "B", "D"], {"A": 3, "B": 50, "C": 10, "D": 80}) == [3, 4, 3]
    assert game._split("C", 30, ["A", "B"], {"A": 3, "B": 50, "C": 40}) == [3, 30]
    assert GutsGame(preset("napalm"), ["A", "B"])._split("A", 7, ["B"], {}) == [7]


def test_table_stakes_partial_ante_and_too_few_players_with_chips() -> None:
    rules = preset("three-five-seven", ante=10, payment_policy="table_stakes", stack=15, max_rounds=50)
    game = table(rules, {"A": "Kc Kd 9c", "B": "2c 5d 7h"})
    declare(game, ["A", "B"])  # B owes the pot (20) and has 5
    assert game.chips("B") == 0 and game.chips("A") == 10
    for _ in range(2):
        next_stage(game)
        declare(game, [])
    next_stage(game)  # round 2: only A can ante: the game ends, the antes go back
    assert game.over and game.winner is None
    assert game.end_reason == "fewer than two players have chips"
    assert game.pot == 0 and game.balances == {"A": 5, "B": -5}
    assert game.events[-1]["refunds"] == {"A": 10, "B": 10}


def test_running_tab_goes_negative() -> None:
    rules = preset("three-five-seven", ante=50)
    game = table(rules, {"A": "Kc Kd 9c", "B": "2c 5d 7h"})
    declare(game, ["A", "B"])
    assert game.balances == {"A": 50, "B": -150} and game.chips("A") is None


def test_round_cap_ends_without_a_winner_and_returns_the_antes() -> None:
    game = table(preset("three-five-seven", max_rounds=2), players=["A", "B", "C"])
    for _ in range(6):
        declare(game, [])
        next_stage(game)
    assert game.over and game.winner is None and "round cap" in str(game.end_reason)
    assert game.pot == 0 and game.balances == dict.fromkeys("ABC", 0)
    assert game.result()["winner"] is None


def test_a_short_losers_odd_chips_go_by_seat_not_by_claim() -> None:
    # claims that differ: the even share's odd chips go to the winners nearest the dealer's left
    # (declaration order), whatever each one is owed
    from wildeval.games.guts.payments import share_out

    assert share_out([30, 20], 11) == [6, 5]
    assert share_out([20, 30], 11) == [6, 5]
    assert share_out([30, 10, 20], 8) == [3, 3, 2]
    assert share_out([5, 40, 30], 26) == [5, 11, 10]  # the smallest claim paid in full first
    assert share_out([40, 5, 30], 26) == [11, 5, 10]
