"""The legs guts games: rules data, settlement, presets, views, histories, bots, CLI."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from wildeval.cards import parse_cards
from wildeval.games import guts
from wildeval.games.guts import (
    Advance,
    Declare,
    GutsGame,
    GutsRules,
    IllegalActionError,
    Phase,
    RandomBot,
    Stage,
    StrengthTable,
    ThresholdBot,
    arrange_deck,
    play_bots,
    preset,
    replay,
    simulate,
)

PRESET_NAMES = ["three-five-seven", "crazy-three-five-seven", "three-five-seven-onlinepoker", "napalm"]


# -- helpers ------------------------------------------------------------------------------------


def table(
    rules: GutsRules,
    hands: Mapping[str, str] | Sequence[Mapping[str, str]] = (),
    *,
    players: Sequence[str] = ("A", "B"),
    dealer: int | None = None,
) -> GutsGame:
    """A game dealt from arranged decks (one mapping of hands per round), at its first decision.
    The default dealer is the last seat, so the first seat declares first."""
    dealer = len(players) - 1 if dealer is None else dealer
    rounds = [hands] if isinstance(hands, Mapping) else list(hands)
    decks = []
    for i, round_hands in enumerate(rounds):
        decks.append(arrange_deck(rules, players, dealer=(dealer + i) % len(players), hands=round_hands))
    return GutsGame(rules, players, seed=1, decks=decks, dealer=dealer).advance_to_decision()


def declare(game: GutsGame, choices: Mapping[str, bool] | Sequence[str]) -> GutsGame:
    """Every seated player declares (in turn order); ``choices`` names those who stay in (a
    sequence) or maps each name to in/out. Then the stage is settled."""
    assert game.phase is Phase.DECLARE, game.phase
    for p in game.declaration_order():
        stay = choices.get(p, False) if isinstance(choices, Mapping) else p in choices
        game.apply(Declare(p, stay))
        game.check_invariants()
    game.apply(Advance())
    game.check_invariants()
    return game


def next_stage(game: GutsGame) -> GutsGame:
    game.advance_to_decision()
    game.check_invariants()
    return game


def settle_event(game: GutsGame) -> dict[str, Any]:
    return [e for e in game.events if e["type"] == "settle"][-1]


def without_deck_source(snapshot: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in snapshot.items() if k not in ("_rng", "_decks")}


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


# -- illegal actions ----------------------------------------------------------------------------


def assert_rejected(game: GutsGame, action: object, match: str) -> None:
    before = game.snapshot()
    with pytest.raises(IllegalActionError, match=match):
        game.apply(action)  # type: ignore[arg-type]
    assert game.snapshot() == before


def test_illegal_actions_raise_and_change_nothing() -> None:
    game = GutsGame(preset("three-five-seven"), ["A", "B", "C"], seed=3, dealer=2)
    assert_rejected(game, Declare("A", True), "A cannot declare in: the game is in the ante phase")
    game.advance_to_decision()
    assert game.legal_actions() == [Declare("A", True), Declare("A", False)]
    assert_rejected(game, Declare("B", False), "B cannot declare out out of turn: it is A's turn")
    assert_rejected(game, Declare("Zed", True), "unknown player 'Zed'")
    assert_rejected(game, Advance(), "cannot advance: waiting for declarations from A, B, C")
    assert_rejected(game, Declare("A", "yes"), "A's declaration must be in")  # type: ignore[arg-type]
    assert_rejected(game, "in", "is not an action")
    game.apply(Declare("A", True))
    assert_rejected(game, Declare("A", False), "A cannot declare out: A has already declared at stage 1")
    game.apply(Declare("B", False))
    game.apply(Declare("C", False))
    assert_rejected(game, Declare("C", True), "C cannot declare in: the game is in the settle phase")


def test_simultaneous_declarations_any_order_but_only_once() -> None:
    game = GutsGame(preset("three-five-seven", declaration="simultaneous"), ["A", "B", "C"], seed=3)
    game.advance_to_decision()
    assert {a.player for a in game.legal_actions() if isinstance(a, Declare)} == {"A", "B", "C"}
    game.apply(Declare("C", True))
    assert_rejected(game, Declare("C", True), "C has already declared")
    assert Declare("C", False) not in game.legal_actions()
    assert game.view("A").declared == {} and game.view("C").declared == {"C": True}
    game.apply(Declare("A", False))
    game.apply(Declare("B", False))
    assert game.view("A").declared == {"A": False, "B": False, "C": True}


def test_no_action_after_the_game_is_over() -> None:
    game = table(preset("three-five-seven"))
    for _ in range(3):
        declare(game, ["A"])
        if not game.over:
            next_stage(game)
    assert game.over
    assert_rejected(game, Advance(), "the game is over")
    assert_rejected(game, Declare("B", True), "B cannot declare in: the game is in the over phase")


@pytest.mark.parametrize("n", [1, 8])
def test_two_to_seven_players(n: int) -> None:
    with pytest.raises(ValueError, match="takes 2 to 7 players"):
        GutsGame(preset("three-five-seven"), [f"P{i}" for i in range(n)])


def test_bad_settings_and_names() -> None:
    with pytest.raises(ValueError, match="player names must differ"):
        GutsGame(preset("napalm"), ["A", "A"])
    with pytest.raises(ValueError, match="dealer must be a seat"):
        GutsGame(preset("napalm"), ["A", "B"], dealer=2)
    with pytest.raises(ValueError, match="table stakes need a starting stack"):
        preset("napalm", payment_policy="table_stakes")
    with pytest.raises(ValueError, match="a low stage has no wild cards"):
        Stage(5, ranking="low", wild="2")
    with pytest.raises(ValueError, match="more than stage 1's"):
        GutsRules("x", (Stage(5), Stage(3)))
    with pytest.raises(ValueError, match="payment must be one of"):
        preset("napalm", payment="everyone")
    with pytest.raises(ValueError, match="unknown rules setting"):
        GutsRules.from_dict({**preset("napalm").to_dict(), "colour": "red"})
    with pytest.raises(ValueError, match="short"):
        GutsGame(preset("napalm"), ["A", "B"], decks=[[0, 1, 2]])


# -- views --------------------------------------------------------------------------------------


def test_views_show_own_cards_and_hide_stage_one_and_two_hands_from_players_who_were_out() -> None:
    hands = {"A": "Kc Kd 9c 8c 8d 2s 2h", "B": "Qs Qh 9d 4c 4d 6s 6h", "C": "2c 5d 7h Ac Ad As Ah"}
    game = table(preset("three-five-seven"), hands, players=["A", "B", "C"])
    view = game.view("C")
    assert view.cards == tuple(parse_cards("2c 5d 7h"))
    assert view.card_counts == {"A": 3, "B": 3, "C": 3}
    declare(game, ["A", "B"])
    for p in ("A", "B"):
        shown = game.view(p).shown
        assert len(shown) == 1 and shown[0]["hands"]["B"] == parse_cards("Qs Qh 9d")
        assert "hands" in game.view(p).settlements[-1]
    assert game.view("C").shown == ()
    public = game.view("C").settlements[-1]
    assert "hands" not in public and "values" not in public
    assert public["winners"] == ["A"] and public["payments"]  # who won and who paid is public
    next_stage(game)
    declare(game, ["A", "B"])  # stage two: still private
    assert game.view("C").shown == () and len(game.view("A").shown) == 2
    next_stage(game)
    declare(game, ["B", "C"])  # stage three: shown to everyone
    shown = game.view("A").shown
    assert [s["stage"] for s in shown] == [1, 2, 3] and set(shown[-1]["hands"]) == {"B", "C"}
    assert [s["stage"] for s in game.view("C").shown] == [3]


def test_a_lone_player_in_does_not_show() -> None:
    game = table(preset("three-five-seven"), players=["A", "B", "C"])
    declare(game, ["A"])
    assert game.view("B").shown == () and "hands" not in game.view("B").settlements[-1]


# -- determinism, decks, histories --------------------------------------------------------------


def bot_game(rules: GutsRules, seed: int, n: int = 4) -> GutsGame:
    import random

    names = [f"P{i}" for i in range(n)]
    table_ = StrengthTable(samples=500)
    bots: dict[str, guts.Bot] = {p: (ThresholdBot(table_) if i % 2 else RandomBot(random.Random(seed + i)))
                                 for i, p in enumerate(names)}
    return play_bots(GutsGame(rules, names, seed=seed), bots)


def test_same_seed_same_game() -> None:
    a, b = bot_game(preset("napalm"), 11), bot_game(preset("napalm"), 11)
    assert a.snapshot() == b.snapshot()
    assert bot_game(preset("napalm"), 12).events != a.events


def test_arranged_deck_deals_in_order_from_the_dealers_left() -> None:
    rules = preset("three-five-seven")
    deck = arrange_deck(rules, ["A", "B", "C"], dealer=0, hands={"A": "As Ks Qs Js Ts 9s 8s"})
    game = GutsGame(rules, ["A", "B", "C"], decks=[deck], dealer=0).advance_to_decision()
    assert game.hands["A"] == parse_cards("As Ks Qs")
    assert game.hands["B"] == deck[0:9:3]  # B sits at the dealer's left: the first card
    game.apply(Declare("B", False)); game.apply(Declare("C", False)); game.apply(Declare("A", False))
    next_stage(game)
    assert game.hands["A"] == parse_cards("As Ks Qs Js Ts")


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_history_is_json_and_replays_to_the_same_state(name: str) -> None:
    game = bot_game(preset(name, max_rounds=30), 21, n=3)
    text = json.dumps(game.history())
    again = replay(json.loads(text))
    assert without_deck_source(again.snapshot()) == without_deck_source(game.snapshot())
    again.check_invariants()


def test_replay_of_an_unfinished_game_and_of_a_tampered_one() -> None:
    game = GutsGame(preset("three-five-seven"), ["A", "B"], seed=4).advance_to_decision()
    game.apply(Declare("B", True))
    history = game.history()
    assert without_deck_source(replay(history).snapshot()) == without_deck_source(game.snapshot())
    bad = json.loads(json.dumps(history))
    bad["events"][0]["pot"] = 99
    with pytest.raises(ValueError, match="event 0 does not replay"):
        replay(bad)
    bad = json.loads(json.dumps(history))
    bad["events"][-1]["player"] = "A"
    with pytest.raises(ValueError, match="A cannot declare in out of turn"):
        replay(bad)


# -- bots ---------------------------------------------------------------------------------------


def test_strength_table_orders_hands_and_is_cached() -> None:
    table_ = StrengthTable(samples=1000, seed=3)
    rules = preset("three-five-seven")
    weak, strong = parse_cards("2c 4d 6h"), parse_cards("3h Kc Kd")
    assert table_.share(rules, 0, weak) < table_.share(rules, 0, parse_cards("Qs Qh 9c")) < table_.share(rules, 0, strong)
    assert len(table_._sorted) == 1
    table_.share(preset("three-five-seven-onlinepoker"), 0, weak)  # same stage setting
    assert len(table_._sorted) == 1


def test_threshold_bot_bar() -> None:
    game = GutsGame(preset("three-five-seven"), list("ABCD"), seed=1).advance_to_decision()
    bot = ThresholdBot(StrengthTable(samples=500))
    assert bot.bar(game.view("A"), game.rules) == 0.75
    assert ThresholdBot(StrengthTable(), share=0.4).bar(game.view("A"), game.rules) == 0.4
    with pytest.raises(ValueError):
        ThresholdBot(StrengthTable(), share=1.5)
    with pytest.raises(ValueError):
        RandomBot(__import__("random").Random(), p_in=-0.1)


# -- the command line ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_simulate_records(name: str) -> None:
    out = io.StringIO()
    simulate(name, players=5, count=3, seed=9, out=out)
    lines = out.getvalue().splitlines()
    assert len(lines) == 3
    for line in lines:
        record = json.loads(line)
        assert {"rules", "players", "events", "result"} <= set(record)
        result = record["result"]
        assert set(result["legs"]) == set(result["balances"]) == set(record["players"])
        assert sum(result["balances"].values()) == 0
        game = replay(record)
        assert game.over and game.result() == result
        if result["winner"] is not None:
            rules = game.rules
            tally = result["legs"] if rules.win_by == "legs" else game.streaks
            assert tally[result["winner"]] == rules.win_count


def test_simulate_same_seed_same_bytes_and_validation() -> None:
    a, b, c = io.StringIO(), io.StringIO(), io.StringIO()
    simulate("crazy-three-five-seven", players=4, count=4, seed=1, out=a)
    simulate("crazy-three-five-seven", players=4, count=4, seed=1, out=b)
    simulate("crazy-three-five-seven", players=4, count=4, seed=2, out=c)
    assert a.getvalue() == b.getvalue() != c.getvalue()
    for kwargs, match in (
        ({"players": 1}, "players must be 2 to 7"),
        ({"players": 8}, "players must be 2 to 7"),
        ({"players": True}, "players must be an int"),
        ({"count": -1}, "count"),
        ({"seed": 1.5}, "seed must be an int"),
    ):
        args: dict[str, Any] = {"players": 3, "count": 1, "seed": 0, "out": io.StringIO(), **kwargs}
        with pytest.raises(ValueError, match=match):
            simulate("napalm", **args)
    with pytest.raises(ValueError, match="unknown guts game"):
        simulate("go-fish", players=3, count=1, seed=0, out=io.StringIO())


def test_cli_simulate_byte_identical_across_processes(tmp_path: Any) -> None:
    outputs = []
    for hash_seed in ("1", "2"):
        path = tmp_path / f"out{hash_seed}.jsonl"
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        subprocess.run(
            [sys.executable, "-m", "wildeval", "simulate", "three-five-seven-onlinepoker",
             "--players", "3", "--games", "3", "--seed", "5", "--out", str(path)],
            check=True, env=env, timeout=120)
        outputs.append(path.read_bytes())
    assert outputs[0] == outputs[1] and outputs[0].count(b"\n") == 3


def test_cli_errors_are_clear(capsys: Any) -> None:
    from wildeval.cli import main

    assert main(["simulate", "napalm", "--players", "9", "--games", "1"]) == 2
    assert "--players must be from 2 to 7 for napalm, not 9" in capsys.readouterr().err


def test_play_from_a_pipe_ends_cleanly_on_eof() -> None:
    out = io.StringIO()
    assert guts.play("three-five-seven", players=3, seed=4, stdin=io.StringIO("i\nwhat\no\n"), stdout=out,
                     unicode=True) == 0
    text = out.getvalue()
    assert "Your cards:" in text and "Pot 3" in text and "Legs:" in text and "Balances:" in text
    assert any(s in text for s in "♣♦♥♠")
    assert "Please answer i (in), o (out) or q (quit)." in text
    assert "Leaving the table" in text


def test_play_a_whole_game() -> None:
    out = io.StringIO()
    answers = "i\n" * 2000
    assert guts.play("napalm", players=2, seed=1, stdin=io.StringIO(answers), stdout=out) == 0
    text = out.getvalue()
    assert re.search(r"\*\*\* (You win|Bot 1 wins) the pot of \d+", text) or "without a winner" in text
    assert "Another game?" in text


def test_play_quits_and_validates() -> None:
    out = io.StringIO()
    assert guts.play("three-five-seven-onlinepoker", players=7, seed=2, stdin=io.StringIO("q\n"), stdout=out) == 0
    with pytest.raises(ValueError, match="players must be 2 to 7"):
        guts.play("napalm", players=1, seed=0, stdin=io.StringIO(), stdout=io.StringIO())


# -- docs (the modules' doctests run in tests/test_doctests.py) -----------------------------------


def test_docs_example_runs() -> None:
    path = os.path.join(os.path.dirname(__file__), "..", "docs", "guts.md")
    with open(path, encoding="utf-8") as f:
        text = f.read()
    code = text.split("```python\n", 1)[1].split("```", 1)[0]
    namespace: dict[str, Any] = {}
    exec(compile(code, "docs/guts.md", "exec"), namespace)
    game = namespace["game"]
    assert (game.balances, game.pot) == ({"A": 20, "B": -60}, 40)
