"""The draw games without a rules text of their own (Ace to Five Triple Draw, Deuce to Seven
Single Draw) follow Robert's Rules of Poker where docs/triple-draw.md ("Other draw games") is
silent; Deuce to Seven Triple Draw keeps its own decisions. Here: unlimited raising heads-up
("Betting and raising" 4), a bet and four raises in a game of two betting rounds ("Betting and
raising" 3), and the dead button ("Button and blind use", rules for using blinds 2(b) and 3),
each also checked on the run of ``simulate`` where it first showed.
"""

from __future__ import annotations

import io
import json

import pytest

from wildeval.games.draw import (
    Hand,
    Kind,
    LowballBot,
    Phase,
    RandomBot,
    Rules,
    play_hand,
    preset,
    replay,
    simulate,
    to_record,
)

from draw_helpers import A, check_until_round, kinds

A5 = preset("ace-to-five-triple-draw")
SINGLE = preset("deuce-to-seven-single-draw")
D27 = preset("deuce-to-seven-triple-draw")
ROBERTS = [A5, SINGLE]


def simulated(game: str, players: int, count: int, seed: int) -> list[dict]:
    out = io.StringIO()
    simulate(game, players=players, count=count, seed=seed, out=out)
    return [json.loads(line) for line in out.getvalue().splitlines()]


def raises_per_round(record: dict) -> list[int]:
    """The raises (not counting the round's bet) of each betting round of a record."""
    rounds = [0]
    for e in record["events"]:
        if e["kind"] == "round":
            rounds.append(0)
        elif e["kind"] == "raise":
            rounds[-1] += 1
    return rounds


def replay_until(record: dict, actions: int) -> Hand:
    """The hand of a record, replayed up to (not including) its action number ``actions``."""
    hand = Hand(record["starting_stacks"], record["button"], rules=Rules(**record["rules"]),
                game=preset(record["game"]), names=record["players"], seed=record["seed"],
                number=record["hand"])
    for a in record["actions"][:actions]:
        hand.apply(A(Kind(a["kind"]), a.get("amount")), a["seat"])
    return hand


# ---------------------------------------------------------------------------------------------
# Betting and raising 4: unlimited raising heads-up


@pytest.mark.parametrize("game", ROBERTS, ids=lambda g: g.name)
def test_heads_up_raising_is_unlimited(game) -> None:
    assert game.stakes.heads_up_unlimited
    hand = Hand([500, 500], button=0, seed=10, game=game)
    for to in range(4, 16, 2):  # the big blind is the bet, then six raises
        hand.act(A.raise_to(to))
    assert "raise to 16" in kinds(hand)
    check_until_round(hand, 1)  # and after the draw
    hand.act(A.bet())
    for to in range(2 * game.bet_size(1), 9 * game.bet_size(1), game.bet_size(1)):  # seven raises
        hand.act(A.raise_to(to))
    assert kinds(hand)[-1] == f"raise to {9 * game.bet_size(1)}"


@pytest.mark.parametrize("game", ROBERTS, ids=lambda g: g.name)
def test_multiway_the_cap_holds_and_a_fold_to_heads_up_does_not_lift_it(game) -> None:
    cap = game.stakes.max_raises
    hand = Hand([500] * 3, button=0, seed=11, game=game)
    for k in range(cap):  # the big blind and `cap` raises: capped with three players in
        hand.act(A.raise_to(4 + 2 * k))
    top = 2 + 2 * cap
    assert all(not a.startswith("raise") for a in kinds(hand))
    with pytest.raises(ValueError, match=f"the betting is capped \\(a bet and {cap} raises\\)"):
        hand.verify(A.raise_to(top + 2))
    hand.act(A.fold())  # now heads-up: still capped
    assert kinds(hand) == ["fold", f"call {top - hand.bets[hand.to_act]}"]


@pytest.mark.parametrize("game", ROBERTS, ids=lambda g: g.name)
def test_heads_up_once_the_others_are_all_in(game) -> None:
    """Robert's "three or more players who are not all-in": a player all-in leaves two."""
    hand = Hand([500, 500, 3], button=2, seed=12, game=game)
    hand.act(A.raise_to(3))  # the button, all-in for 3
    for to in range(5, 5 + 2 * (game.stakes.max_raises + 1), 2):
        hand.act(A.raise_to(to))
    assert any(a.startswith("raise") for a in kinds(hand))


def test_deuce_to_seven_triple_draw_stays_capped_heads_up() -> None:
    assert not D27.stakes.heads_up_unlimited
    hand = Hand([500, 500], button=0, seed=10)
    for to in (4, 6, 8):
        hand.act(A.raise_to(to))
    assert kinds(hand) == ["fold", "call 2"]


def test_an_unlimited_heads_up_hand_is_recorded_and_replays() -> None:
    hand = Hand([500, 500], button=1, seed=13, game=A5)
    for to in range(4, 18, 2):
        hand.act(A.raise_to(to))
    play_hand(hand, lambda seat: LowballBot(seat))
    record = json.loads(json.dumps(to_record(hand)))
    assert record["rules"]["heads_up_unlimited"] is True and raises_per_round(record)[0] >= 7
    assert replay(record).snapshot() == hand.snapshot()


def test_the_bots_raise_past_the_cap_heads_up_but_not_each_other_all_in() -> None:
    records = simulated("ace-to-five-triple-draw", 2, 120, 11)
    most = max(max(raises_per_round(r)) for r in records)
    assert 3 < most <= 7  # a bet and seven raises: twice the bets of a capped round


def test_reproduction_heads_up_hand_4_raises_past_three() -> None:
    """``simulate ace-to-five-triple-draw --players 2 --hands 500 --seed 11``: hand 4 stopped at
    a bet and three raises in its last round."""
    record = simulated("ace-to-five-triple-draw", 2, 4, 11)[3]
    assert raises_per_round(record)[3] > 3
    for r in simulated("ace-to-five-triple-draw", 2, 40, 11):
        assert replay(r).finishing_stacks == tuple(r["finishing_stacks"])


# ---------------------------------------------------------------------------------------------
# Betting and raising 3: a bet and three raises with three or more betting rounds, a bet and four
# raises with two


def test_single_draw_allows_a_bet_and_four_raises() -> None:
    assert SINGLE.betting_rounds == 2 and SINGLE.stakes.max_raises == 4
    hand = Hand([500] * 4, button=0, seed=20, game=SINGLE)
    for to in (4, 6, 8, 10):  # the big blind is the bet, then four raises
        hand.act(A.raise_to(to))
    assert kinds(hand) == ["fold", "call 6"]  # no fifth raise
    with pytest.raises(ValueError, match="the betting is capped \\(a bet and 4 raises\\)"):
        hand.verify(A.raise_to(12))
    check_until_round(hand, 1)  # after the draw, at the big bet
    hand.act(A.bet(4))
    for to in (8, 12, 16, 20):
        hand.act(A.raise_to(to))
    assert kinds(hand) == ["fold", "call 12"]


@pytest.mark.parametrize("game", [A5, D27], ids=lambda g: g.name)
def test_three_or_more_betting_rounds_allow_a_bet_and_three_raises(game) -> None:
    assert game.betting_rounds == 4 and game.stakes.max_raises == 3
    hand = Hand([500] * 4, button=0, seed=21, game=game)
    for to in (4, 6, 8):
        hand.act(A.raise_to(to))
    assert kinds(hand) == ["fold", "call 6"]
    check_until_round(hand, 2)
    hand.act(A.bet(4))
    for to in (8, 12, 16):
        hand.act(A.raise_to(to))
    assert kinds(hand) == ["fold", "call 12"]


def test_reproduction_single_draw_hand_58_may_raise_a_fourth_time() -> None:
    """``simulate deuce-to-seven-single-draw --players 5 --hands 150 --seed 506``: in hand 58 the
    big blind, facing the third raise (to 8), could only fold or call."""
    record = simulated("deuce-to-seven-single-draw", 5, 58, 506)[57]
    third = [i for i, a in enumerate(record["actions"]) if a["kind"] == "raise"][2]
    assert record["actions"][third]["amount"] == 8
    hand = replay_until(record, third + 1)
    assert hand.to_act == hand.big_blind_seat and kinds(hand) == ["fold", "call 2", "raise to 10"]
    hand.act(A.raise_to(10))
    assert "raise to 12" not in kinds(hand)
