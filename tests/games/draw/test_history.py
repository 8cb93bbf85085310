"""Hand histories: JSON records replay; PHH exports replay in pokerkit to the same stacks.

pokerkit (>= 0.7.7) is the anchor: every exported hand must load with
``HandHistory.load_all`` and replay to the recorded ``finishing_stacks``, except the hands the
engine marks (``_pokerkit_divergence``) because our rule book allows what pokerkit does not;
pokerkit must refuse exactly those or end them with other stacks (test_pokerkit_divergence.py
checks both ways over a corpus).
"""

from __future__ import annotations

import io
import json
import random
import warnings

import pytest

from wildeval.cards import parse_cards  # noqa: E402
from wildeval.games.draw import (  # noqa: E402
    Action,
    Hand,
    Kind,
    LowballBot,
    Phase,
    RandomBot,
    Rules,
    Table,
    arrange_deck,  # noqa: E402
    low27,
    phh_fields,
    play_hand,
    replay,
    simulate,
    to_json,
    to_record,
)
from wildeval.games.table.phh import dumps_all  # noqa: E402

from pokerkit_replay import (  # skips this module where pokerkit is not installed
    BURNED,
    ROBERTS_RULES,
    HandHistory,
    check_simulated,
    check_unmarked,
    count_marked,
    phh_histories,
    pokerkit_stacks,
    pokerkit_warnings,
    random_hands,
    replay_outcome,
    small_blind_checks_first,
    strict_replay,
)

GAME = "deuce-to-seven-triple-draw"
# ---------------------------------------------------------------------------------------------
# PHH and pokerkit


@pytest.mark.parametrize(("players", "count", "seed"), [(6, 250, 1), (3, 150, 2), (2, 150, 3)])
def test_simulated_hands_replay_in_pokerkit(players: int, count: int, seed: int) -> None:
    out = io.StringIO()
    simulate(GAME, players=players, count=count, seed=seed, out=out)
    check_simulated(out.getvalue(), variant="F2L3D", players=players, count=count)


def test_short_stack_hands_replay_or_are_marked() -> None:
    hands = random_hands(1500, seed=4)
    marked = count_marked(hands)
    # heads-up with equal blinds pokerkit has the big blind act first (unless a blind is all-in):
    # its replay checks for it, then refuses the big blind's action if the small blind checked
    equal_blinds = [h for h in hands if "blinds are equal" in (h.pokerkit_divergence or "")]
    assert [h for h in hands if small_blind_checks_first(h)] == equal_blinds
    assert len(equal_blinds) > 10
    assert sum(small_blind_checks_first(h) is False for h in hands) > 10  # folds or raises: replayed
    # where we follow Robert's Rules and pokerkit does not (a short big blind, completing a short
    # all-in, odd chips, separate pots): common only at stacks this short
    roberts = [h for h in hands if any(k in (h.pokerkit_divergence or "") for k in ROBERTS_RULES)]
    assert 0 < len(roberts) < len(hands) // 20
    assert marked - len(equal_blinds) - len(roberts) < len(hands) // 50  # otherwise rare
    # and these hands reach every part of the game
    kinds = {e.kind for h in hands for e in h.events}
    assert {"reshuffle", "return", "show", "muck", "win"} <= kinds
    assert any(e.all_in for h in hands for e in h.events)
    assert any(len({w.text for w in h.events if w.kind == "win"} & {"split"}) for h in hands)


def test_heads_up_unlimited_hands_are_marked_when_pokerkit_cannot_follow() -> None:
    hands = random_hands(300, seed=5, unlimited=True)
    hhs = phh_histories(hands)
    assert any(h.pokerkit_divergence and "four bets" in h.pokerkit_divergence for h in hands)
    for hand, hh in zip(hands, hhs):
        with pokerkit_warnings(*(() if hand.pokerkit_divergence is None else (BURNED,))):
            if hand.pokerkit_divergence is None:
                check_unmarked(hh)
            else:
                assert replay_outcome(hh) != hh.finishing_stacks
                with pytest.raises((ValueError, AssertionError)):
                    assert strict_replay(hh) == hh.finishing_stacks


def test_half_bet_all_in_reopens_where_pokerkit_refuses() -> None:
    rules = Rules(small_blind=5, big_blind=10, small_bet=10, big_bet=20)
    hand = Hand([500, 26, 500], button=0, rules=rules, seed=16)
    for action in (Action.raise_to(20), Action.raise_to(26), Action.call(), Action.raise_to(36)):
        hand.act(action)
    assert hand.pokerkit_divergence is not None
    play_hand(hand, lambda s: LowballBot(s))
    (hh,) = phh_histories([hand])
    with pokerkit_warnings(), pytest.raises(ValueError, match="already acted|Short all-in|cannot raise"):
        strict_replay(hh)




def check_down(hand: Hand) -> None:
    """Everybody stands pat and checks or calls to the end."""
    while not hand.is_over:
        legal = {a.kind: a for a in hand.legal_actions()}
        hand.act(Action.discard() if Kind.DISCARD in legal else legal.get(Kind.CHECK) or legal[Kind.CALL])


def test_odd_chips_one_each_where_pokerkit_gives_them_to_one_player() -> None:
    tied = {1: "7c 5d 4h 3s 2c", 3: "7d 5c 4s 3h 2d", 0: "7h 5s 4c 3d 2h"}
    hand = Hand([100] * 4, button=0, deck=arrange_deck(4, 0, tied), seed=1)
    for action in (Action.raise_to(4), Action.call(), Action.call(), Action.fold()):
        hand.act(action)
    check_down(hand)
    assert hand.winnings == [4, 5, 0, 5]  # 14 split three ways: 5, 5, 4
    assert hand.pokerkit_divergence is not None and "odd chip" in hand.pokerkit_divergence
    # PHH order p1..p4 = seats 1, 2, 3, 0; pokerkit pays 6, 4, 4 where we pay 5, 5, 4
    assert [hand.finishing_stacks[s] for s in (1, 2, 3, 0)] == [101, 98, 101, 100]
    assert pokerkit_stacks(hand) == [102, 98, 100, 100]


def test_separate_pots_where_pokerkit_pays_them_as_one() -> None:
    hands = {0: "7c 5d 4h 3s 2c", 2: "7d 5c 4s 3h 2d", 3: "8c 6d 4c 3d 2h"}
    hand = Hand([100, 100, 100, 5, 100], button=0, deck=arrange_deck(5, 0, hands), seed=1)
    for seat, action in [(3, Action.call()), (4, Action.call()), (0, Action.call()), (1, Action.fold())]:
        hand.act(action, seat)
    hand.act(Action.check(), 2)
    for _ in range(3):  # seat 3 calls 2, then is all-in for its last chip; seat 4 folds at the end
        while hand.phase is Phase.DRAW:
            hand.act(Action.discard())
        hand.act(Action.bet(), 2)
        for seat in (3, 4, 0):
            if hand.to_act == seat:
                hand.act(Action.fold() if seat == 4 and hand.betting_round == 3 else Action.call())
    assert hand.is_over and hand.contributions == (12, 1, 12, 5, 8)
    # the main pot 21 and the side pot 17 each split: 11 + 9 to seat 2, 10 + 8 to seat 0
    assert (hand.winnings[2], hand.winnings[0]) == (20, 18)
    assert hand.pokerkit_divergence is not None and "as one pot" in hand.pokerkit_divergence
    stacks = pokerkit_stacks(hand)  # pokerkit: one pot of 38, 19 each (p2 = seat 2, p5 = seat 0)
    assert stacks is not None and (stacks[1], stacks[4]) == (100 - 12 + 19, 100 - 12 + 19)


def test_completing_a_short_all_in_where_pokerkit_raises_a_full_bet() -> None:
    rules = Rules(small_blind=5, big_blind=10, small_bet=10, big_bet=20)
    hand = Hand([500, 500, 500, 13], button=0, rules=rules, seed=18)
    for action in (Action.raise_to(13), Action.call(), Action.call(), Action.raise_to(20)):
        hand.act(action)
    assert hand.pokerkit_divergence is not None and "complete the wager" in hand.pokerkit_divergence
    play_hand(hand, lambda s: LowballBot(s))
    assert pokerkit_stacks(hand) is None  # pokerkit: "The amount 20 is below the minimum allowed 23"


def test_short_big_blind_where_pokerkit_calls_the_biggest_blind_posted() -> None:
    rules = Rules(small_blind=5, big_blind=10, small_bet=10, big_bet=20)
    hand = Hand([100, 100, 4, 100], button=0, rules=rules, seed=4)
    hand.act(Action.call())  # 10, not 5
    hand.act(Action.call())
    hand.act(Action.fold())  # the small blind
    check_down(hand)
    assert hand.pokerkit_divergence is not None and "big blind is short" in hand.pokerkit_divergence
    assert pokerkit_stacks(hand) != list(hand.finishing_stacks[1:] + hand.finishing_stacks[:1])
    # where the part nobody called goes back anyway, pokerkit ends the same: no mark
    hand = Hand([100, 100, 4, 100], button=0, rules=rules, seed=4)
    hand.act(Action.call())  # 10, where pokerkit calls 5; 5 comes back: the small blind folds
    hand.act(Action.fold())
    hand.act(Action.fold())
    check_down(hand)
    assert hand.contributions == (0, 5, 4, 5) and hand.pokerkit_divergence is None
    assert pokerkit_stacks(hand) == list(hand.finishing_stacks[1:] + hand.finishing_stacks[:1])


def test_phh_seat_order_blinds_and_fields() -> None:
    hand = Hand([10, 20, 30, 40], button=1, seed=6)
    play_hand(hand, lambda s: LowballBot(s))
    fields = phh_fields(hand, seats=[3, 5, 6, 8], seat_count=9, table="main")
    # p1 is left of the dealer (seat 2), p4 the dealer (seat 1)
    assert fields["starting_stacks"] == [30, 40, 10, 20]
    assert fields["seats"] == [6, 8, 3, 5] and fields["seat_count"] == 9
    assert fields["players"] == ["Player 3", "Player 4", "Player 1", "Player 2"]
    assert fields["blinds_or_straddles"] == [1, 2, 0, 0]
    (hh,) = HandHistory.loads_all(dumps_all([fields]))
    assert hh.table == "main"
    state = hh.create_state()
    assert state.blinds_or_straddles == (1, 2, 0, 0)


def test_heads_up_phh_blinds() -> None:
    hand = Hand([50, 70], button=1, seed=7)
    play_hand(hand, lambda s: LowballBot(s))
    fields = phh_fields(hand)
    assert fields["starting_stacks"] == [50, 70]  # p1: the big blind, p2: the dealer
    (hh,) = HandHistory.loads_all(dumps_all([fields]))
    with pokerkit_warnings():
        assert strict_replay(hh) == hh.finishing_stacks


def test_pokerkit_deals_players_their_own_discards_and_we_do_not() -> None:
    """The shortfall we beat: with its own dealing, pokerkit refills the stub with every discard."""
    from pokerkit import (
        Automation,
        FixedLimitDeuceToSevenLowballTripleDraw,
        HoleDealing,
        StandingPatOrDiscarding,
    )

    automations = (
        Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.BLIND_OR_STRADDLE_POSTING,
        Automation.CARD_BURNING, Automation.HOLE_DEALING, Automation.HAND_KILLING,
        Automation.CHIPS_PUSHING, Automation.CHIPS_PULLING, Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    )
    own_back = 0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for _ in range(5):
            state = FixedLimitDeuceToSevenLowballTripleDraw.create_state(
                automations, True, 0, (1, 2), 2, 4, 200, 6
            )
            while state.status:
                if state.stand_patter_or_discarder_index is not None:
                    state.stand_pat_or_discard(list(state.hole_cards[state.stand_patter_or_discarder_index]))
                elif state.actor_index is not None:
                    state.check_or_call()
                else:
                    break
            discarded: list[set[object]] = [set() for _ in range(6)]
            for op in state.operations:
                if isinstance(op, StandingPatOrDiscarding):
                    discarded[op.player_index].update(op.cards)
                elif isinstance(op, HoleDealing):
                    own_back += len(set(op.cards) & discarded[op.player_index])
    assert own_back > 0


def test_low27_agrees_with_pokerkit() -> None:
    from pokerkit import StandardLowHand

    rng = random.Random(8)
    ev = low27()
    specials = ["7s5d4c3h2s", "6s5d4c3h2s", "As5d4c3h2s", "7s5s4s3s2s", "8s6d4c3h2s", "7c6d4h3s2c"]
    hands = [parse_cards(h) for h in specials] + [rng.sample(range(52), 5) for _ in range(1500)]
    values = [ev(h) for h in hands]
    keys = [StandardLowHand("".join(f"{'23456789TJQKA'[c >> 2]}{'cdhs'[c & 3]}" for c in h)) for h in hands]
    for i in range(len(hands) - 1):
        j = i + 1
        assert (values[i] > values[j]) == (keys[i] > keys[j])
        assert (values[i] == values[j]) == (keys[i] == keys[j])
    assert ev.describe(values[0]) == "7-5-4-3-2"


# ---------------------------------------------------------------------------------------------
# JSON records


def test_json_records_replay() -> None:
    for hand in random_hands(150, seed=9):
        text = to_json(hand)
        record = json.loads(text)
        again = replay(record)
        assert again.finishing_stacks == hand.finishing_stacks
        assert again.events == hand.events
        assert record["finishing_stacks"] == list(hand.finishing_stacks)


def test_json_record_of_a_set_deck_and_table_seats() -> None:
    hand = Hand([30, 30, 30], button=0, deck=range(52), seed=10)
    play_hand(hand, lambda s: LowballBot(s))
    record = to_record(hand, table_seats=[2, 4, 5])
    assert record["deck_given"] and record["deck"].startswith("2c 2d 2h")
    assert record["table_seats"] == [2, 4, 5]
    assert replay(record).events == hand.events
    record["actions"][0]["kind"] = "check"
    with pytest.raises(ValueError):
        replay(record)


def test_table_hands_record_their_seeds() -> None:
    table = Table(3, seed=11)
    hand = table.start_hand()
    play_hand(hand, lambda s: RandomBot(s))
    assert replay(to_record(hand)).finishing_stacks == hand.finishing_stacks
