"""The guts referee (tests/helpers/referee_guts.py, written from the rules texts) judges seeded games of
every preset and rule setting, the settlements at the edges (splits, odd chips at table stakes),
and refuses records that break a rule while the books still balance."""

from __future__ import annotations

import random

import pytest

from wildeval.games.guts import (
    Advance,
    Declare,
    GutsGame,
    GutsRules,
    RandomBot,
    StrengthTable,
    ThresholdBot,
    arrange_deck,
    play_bots,
    preset,
)

from referee_guts import GutsReferee, RuleBroken, referee_game, share_out, zero_chip_players_may_stay_in


def referee(game: GutsGame) -> GutsReferee:
    return GutsReferee(game.rules, game.players, game.first_dealer,
                       strict_zero_chips=not zero_chip_players_may_stay_in())


SIMULATED: dict[str, GutsRules] = {
    "three-five-seven": preset("three-five-seven"),
    "crazy": preset("crazy-three-five-seven", three_card_ranking="three_card_poker"),
    "onlinepoker": preset("three-five-seven-onlinepoker", max_rounds=40),
    "napalm": preset("napalm", flush_duplicates=False),
    "357-table-stakes-cap": preset("three-five-seven", payment_policy="table_stakes", stack=9, ante=2,
                                   max_payment=5, declaration="simultaneous"),
    "onlinepoker-table-stakes": preset("three-five-seven-onlinepoker", payment_policy="table_stakes",
                                       stack=12, ante=1, max_rounds=30),
    "napalm-a5-table-stakes": preset("napalm", low_ranking="low_a5", payment_policy="table_stakes",
                                     stack=6, max_rounds=30),
    "crazy-tab-cap": preset("crazy-three-five-seven", max_payment=3, max_rounds=4),
}
TABLE = StrengthTable(samples=1000)


@pytest.mark.parametrize("config", list(SIMULATED))
def test_seeded_games_follow_the_rules(config: str) -> None:
    rules = SIMULATED[config]
    for seed in range(25):
        rng = random.Random(f"{config}/{seed}")
        n = rng.randint(2, rules.max_players)
        game = GutsGame(rules, [f"P{i}" for i in range(n)], seed=seed, dealer=seed % n)
        bots = {p: ThresholdBot(TABLE) if rng.random() < 0.5 else RandomBot(random.Random(rng.random()))
                for p in game.players}
        ref = referee(game)
        while not game.over:  # judged after every step, not only at the end
            if game.legal_actions() == [Advance()]:
                game.apply(Advance())
            else:
                legal = game.legal_actions()
                p = legal[0].player  # type: ignore[union-attr]
                stay_in = bool(bots[p].declare(game.view(p), rules)) and Declare(p, True) in legal
                game.apply(Declare(p, stay_in))
            ref.follow(game)


def _game(rules: GutsRules, hands: list[dict[str, str]], players: list[str], dealer: int) -> GutsGame:
    decks = [arrange_deck(rules, players, dealer=(dealer + r) % len(players), hands=h) for r, h in enumerate(hands)]
    return GutsGame(rules, players, decks=decks, dealer=dealer)


def _stage(game: GutsGame, ins: set[str]) -> dict[str, object]:
    """Play one stage: those in ``ins`` declare in, the rest out; returns the settle event."""
    game.advance_to_decision()
    for p in game.declaration_order():
        game.declare(p, p in ins)
    game.advance()
    return next(e for e in reversed(game.events) if e["type"] == "settle")


TIE3 = {"A": "Ac Kd 9c", "B": "Ad Kc 9d", "C": "Ah Ks 9h", "D": "2c 4d 6h"}  # A, B, C tie; D loses


def test_a_loser_pays_the_pot_to_each_of_two_tied_winners() -> None:
    # Article 3.4: "If several hands tie for best, each loser pays that amount to every winner."
    rules = preset("three-five-seven", ante=5)
    game = _game(rules, [{"A": "Ac Kd 9c", "B": "Ad Kc 9d", "C": "2c 4d 6h"}], ["A", "B", "C"], dealer=2)
    settle = _stage(game, {"A", "B", "C"})
    assert settle["winners"] == ["A", "B"]
    assert sorted((p["from"], p["to"], p["amount"]) for p in settle["payments"]) == [("C", "A", 15), ("C", "B", 15)]
    assert game.balances == {"A": 10, "B": 10, "C": -35} and game.pot == 15 and game.legs == {"A": 0, "B": 0, "C": 0}
    referee(game).follow(game)


def test_a_short_loser_shares_out_with_several_odd_chips_from_the_dealers_left() -> None:
    # docs/guts.md, table stakes: a loser who can't cover everything shares all their chips out
    # evenly among the winners, an odd chip first to the winner nearest the dealer's left.
    # Stack 14, ante 3: 11 chips each, the pot 12; D owes each of three winners 11 and has 11:
    # 4, 4, 3 (two odd chips, one each), never 5, 3, 3.
    rules = preset("three-five-seven", payment_policy="table_stakes", stack=14, ante=3)
    game = _game(rules, [TIE3], ["A", "B", "C", "D"], dealer=3)
    settle = _stage(game, {"A", "B", "C", "D"})
    assert [(p["from"], p["to"], p["amount"]) for p in settle["payments"]] == [
        ("D", "A", 4), ("D", "B", 4), ("D", "C", 3)]
    assert game.chips("D") == 0
    referee(game).follow(game)


def test_even_shares_when_one_winner_is_owed_less_than_a_share() -> None:
    # A bug the referee found: with winners owed 8, 1 and 5 (a winner collects at most their own
    # chips) and a loser holding 5, the engine paid 3, 1, 1; an even share is 2, 1, 2.
    rules = preset("three-five-seven", payment_policy="table_stakes", stack=7)
    round1 = {"A": "Kh Kc 9s", "B": "Qs Jd 8c"}
    game = _game(rules, [round1, TIE3], ["A", "B", "C", "D"], dealer=2)
    _stage(game, {"A", "B"})  # A beats B: B pays the pot, 4
    _stage(game, set())
    _stage(game, set())
    settle = _stage(game, {"A", "B", "C", "D"})  # round 2: A 9, B 1, C 5, D 5 chips; pot 8
    assert settle["winners"] == ["A", "B", "C"]
    assert [(p["from"], p["to"], p["amount"]) for p in settle["payments"]] == [
        ("D", "A", 2), ("D", "B", 1), ("D", "C", 2)]
    referee(game).follow(game)


@pytest.mark.parametrize("have,owed,paid", [
    (11, [11, 11, 11], [4, 4, 3]),
    (5, [8, 1, 5], [2, 1, 2]),
    (7, [5, 1, 5], [3, 1, 3]),
    (9, [3, 3, 3], [3, 3, 3]),
    (3, [0, 5, 5], [0, 2, 1]),
    (10, [4, 4, 4, 4], [3, 3, 2, 2]),
])
def test_share_out(have: int, owed: list[int], paid: list[int]) -> None:
    assert share_out(have, owed) == paid


def _played(rules: GutsRules, n: int = 4, seed: int = 3) -> GutsGame:
    game = GutsGame(rules, [f"P{i}" for i in range(n)], seed=seed)
    rng = random.Random(seed)
    return play_bots(game, {p: RandomBot(random.Random(rng.random())) for p in game.players})


def _first(game: GutsGame, kind: str, outcome: str | None = None) -> int:
    return next(i for i, e in enumerate(game.events)
                if e["type"] == kind and (outcome is None or e.get("outcome") == outcome))


def _tampered_refused(game: GutsGame, tamper: object, match: str) -> None:
    events = [e.to_dict() for e in game.events]  # plain dicts to tamper with
    tamper(events)  # type: ignore[operator]
    with pytest.raises(RuleBroken, match=match):
        GutsReferee(game.rules, game.players, game.first_dealer, strict_zero_chips=False).judge(events)


def test_the_referee_refuses_records_that_break_a_rule() -> None:
    game = _played(preset("three-five-seven", max_rounds=50), seed=11)
    referee_game(game)
    showdown = _first(game, "settle", "showdown")
    leg = _first(game, "settle", "leg")

    def pay_the_wrong_winner(events: list[dict[str, object]]) -> None:
        payment = events[showdown]["payments"][0]  # type: ignore[index]
        payment["to"] = next(p for p in game.players if p not in (payment["from"], payment["to"]))

    def pay_less(events: list[dict[str, object]]) -> None:
        events[showdown]["payments"][0]["amount"] -= 1  # type: ignore[index]

    def leg_to_another(events: list[dict[str, object]]) -> None:
        events[leg]["leg"] = next(p for p in game.players if p != events[leg]["leg"])

    def dealer_stays(events: list[dict[str, object]]) -> None:
        i = _first(game, "next_round")
        events[i]["dealer"] = events[0]["dealer"]

    def declare_out_of_turn(events: list[dict[str, object]]) -> None:
        i = _first(game, "declare")
        events[i], events[i + 1] = events[i + 1], events[i]

    _tampered_refused(game, pay_the_wrong_winner, "payments")
    _tampered_refused(game, pay_less, "payments")
    _tampered_refused(game, leg_to_another, "leg")
    _tampered_refused(game, dealer_stays, "dealer")
    _tampered_refused(game, declare_out_of_turn, "who declares")


def test_the_referee_refuses_a_win_short_of_the_goal_and_a_wrong_refund() -> None:
    won = _played(preset("crazy-three-five-seven"), seed=5)
    assert won.winner is not None
    referee_game(won)

    def win_early(events: list[dict[str, object]]) -> None:
        events[_first(won, "win")]["pot"] = 1  # type: ignore[index]

    _tampered_refused(won, win_early, "pot taken")
    capped = _played(preset("three-five-seven", max_rounds=1), seed=2)
    assert capped.winner is None and capped.events[-1]["type"] == "end"
    referee_game(capped)

    def refund_more(events: list[dict[str, object]]) -> None:
        refunds = events[-1]["refunds"]
        refunds[next(iter(refunds))] += 1  # type: ignore[index]

    _tampered_refused(capped, refund_more, "refunds")
