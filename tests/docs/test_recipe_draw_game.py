"""The recipe "add a draw game" (docs/recipes/draw-game.md), done: Ace to Five Triple Draw is one
preset of wildeval.games.draw.rules, played, simulated and replayed by the same code as Deuce to
Seven Triple Draw; a game defined here in the test (one DrawRules) plays too.

Checked here: seeded hands of the new preset with bots, the chip ledger after every action (the
draw games' hypothesis state machine, tests/helpers/draw_machine.py, a few seconds), every pot's
winners against the pure-Python reference evaluator with ranking low_a5 (not the engine's
evaluator), the same seed giving the same bytes, and the history format where PHH has no variant
(JSON Lines, replayable; PHH refused by name).
"""

from __future__ import annotations

import io
import json
import random

import pytest
from hypothesis import strategies as st

from wildeval.cards import parse_cards
from wildeval.cli import main
from wildeval.games import GAMES, game_module, player_range, unit_of
from wildeval.games.draw import (
    ACE_TO_FIVE_TRIPLE_DRAW,
    Action,
    DrawRules,
    Hand,
    LowballBot,
    Phase,
    RandomBot,
    Rules,
    Table,
    phh_fields,
    play,
    play_hand,
    preset,
    replay,
    simulate,
    to_record,
)
from wildeval.reference import Evaluator as ReferenceEvaluator

from draw_machine import table_machine

GAME = "ace-to-five-triple-draw"
A5 = preset(GAME)
REFERENCE = ReferenceEvaluator("low_a5")


# ---------------------------------------------------------------------------------------------
# an independent judge of the payouts: the pots from the contributions, the hands from the events


def final_hands(hand: Hand) -> dict[int, list[int]]:
    """Every seat's cards at the end, read from the events (deal, discard, serve)."""
    held: dict[int, list[int]] = {}
    for e in hand.events:
        if e.seat is None:
            continue
        if e.kind == "deal":
            held[e.seat] = list(e.cards)
        elif e.kind == "discard":
            held[e.seat] = [c for c in held[e.seat] if c not in e.cards]
        elif e.kind == "serve":
            held[e.seat] += list(e.cards)
    return held


def expected_winnings(hand: Hand) -> list[int] | None:
    """What each seat should win: a pot per level of the contributions of the players who did not
    fold, each to its best low_a5 hands by the reference evaluator, odd chips one each clockwise
    from the button. None for a hand with chips that nobody still in could contest."""
    n, contrib = hand.n, hand.contributions
    folded = {e.seat for e in hand.events if e.kind == "fold"}
    live = [p for p in range(n) if p not in folded]
    held = final_hands(hand)
    value = {p: REFERENCE(held[p]) for p in live} if len(live) > 1 else {live[0]: 0}
    clockwise = [(hand.button + 1 + k) % n for k in range(n)]
    won = [0] * n
    previous = 0
    for level in sorted({contrib[p] for p in live}):
        amount = sum(min(c, level) - min(c, previous) for c in contrib)
        eligible = [p for p in live if contrib[p] >= level]
        best = max(value[p] for p in eligible)
        winners = sorted((p for p in eligible if value[p] == best), key=clockwise.index)
        share, odd = divmod(amount, len(winners))
        for i, p in enumerate(winners):
            won[p] += share + (1 if i < odd else 0)
        previous = level
    return won if sum(won) == sum(contrib) else None


def check_payouts(hand: Hand) -> bool:
    """The engine paid what the judge says; False if the judge could not say (abandoned chips)."""
    want = expected_winnings(hand)
    if want is None:
        return False
    assert list(hand.winnings) == want, (hand.winnings, want, to_record(hand)["events"])
    for e in hand.events:
        if e.kind == "show":
            assert e.text == REFERENCE.describe(REFERENCE(list(e.cards)))
    return True


# ---------------------------------------------------------------------------------------------
# the preset and its registration


def test_the_new_game_is_one_preset_registered_for_the_command_line() -> None:
    assert A5 is ACE_TO_FIVE_TRIPLE_DRAW
    assert (A5.ranking, A5.hand_size, A5.draws, A5.phh_variant) == ("low_a5", 5, 3, None)
    assert A5.stakes == Rules(heads_up_unlimited=True)  # Robert's Rules: unlimited heads-up
    assert GAMES[GAME] == "wildeval.games.draw" and game_module(GAME).simulate is simulate
    assert unit_of(GAME) == "hands" and player_range(GAME) == (2, 6)


def test_ace_to_five_values_hands_its_way() -> None:
    """Aces low, straights and flushes do not count: the wheel (a straight in deuce-to-seven)
    beats everything."""
    hand = Hand([100, 100], game=A5, deck=parse_cards("5c Kd 4d Kh 3h Qc 2s Qd Ac Js"), seed=1)
    while not hand.over:  # the dealer (seat 0) is dealt the wheel; both call, check and stand pat
        hand.apply(Action.discard() if hand.phase is Phase.DRAW else hand.legal_actions()[1])
    shown = {e.seat: e.text for e in hand.events if e.kind == "show"}
    assert shown == {1: "Two pair, kings and queens, kicker J", 0: "5-4-3-2-A"}
    assert hand.winnings == [4, 0] and check_payouts(hand)


@pytest.mark.parametrize("seed", range(8))
def test_seeded_bot_hands_pay_the_reference_winners(seed: int) -> None:
    n = 2 + seed % 5
    table = Table(n, game=A5, seed=seed, starting_stack=40)
    bots = [LowballBot(seed + i) if i % 2 else RandomBot(seed + i) for i in range(n)]
    judged = 0
    for _ in range(60):
        if len(table.seated) < 2:
            break
        hand = play_hand(table.start_hand(), lambda s: bots[table.hand_seats[s]], check=True)
        judged += check_payouts(hand)
        assert replay(json.loads(json.dumps(to_record(hand)))).snapshot() == hand.snapshot()
        table.end_hand()
        table.check_invariants()
    assert judged > 0 and sum(table.stacks) == 40 * n


# ---------------------------------------------------------------------------------------------
# any action, legal or not, at a table of the new game


def judge_payouts(hand: Hand) -> None:
    if hand.over:
        check_payouts(hand)


AceToFiveTable = table_machine(A5, stakes=st.just(A5.stakes), max_stack=60, judge=judge_payouts, max_examples=80)
test_ace_to_five_table_machine = AceToFiveTable.TestCase


# ---------------------------------------------------------------------------------------------
# histories: JSON Lines, the same bytes for the same seed


def run(seed: int, players: int = 4, count: int = 30) -> str:
    out = io.StringIO()
    assert simulate(GAME, players=players, count=count, seed=seed, out=out).played == count
    return out.getvalue()


def test_same_seed_same_bytes_and_every_line_replays() -> None:
    text = run(3)
    assert text == run(3) != run(4)
    lines = text.splitlines()
    assert len(lines) == 30 and text.endswith("\n")
    for line in lines:
        record = json.loads(line)
        assert record["game"] == GAME and record["pokerkit_divergence"] is None
        assert list(replay(record).finishing_stacks) == record["finishing_stacks"]


def test_phh_is_refused_by_name() -> None:
    hand = Hand([10, 10], game=A5, seed=1)
    hand.apply(Action.fold())
    with pytest.raises(ValueError, match="PHH has no variant for Ace to Five Triple Draw"):
        phh_fields(hand)


def test_command_line_and_terminal(tmp_path, capsys) -> None:
    out = tmp_path / "hands.jsonl"
    assert main(["simulate", GAME, "--players", "3", "--hands", "5", "--seed", "2", "--out", str(out)]) == 0
    assert out.read_text() == run(2, players=3, count=5)
    history, stdout = io.StringIO(), io.StringIO()
    assert play(GAME, players=3, seed=4, stdin=io.StringIO("c\np\nk\nk\nk\nq\n"), stdout=stdout,
                history=history, unicode=False) == 0
    assert stdout.getvalue().startswith("Ace to Five Triple Draw: the lowest hand wins")
    assert all(json.loads(line)["game"] == GAME for line in history.getvalue().splitlines())


# ---------------------------------------------------------------------------------------------
# the recipe itself: a draw game defined in one place, here, plays through the same code


def test_a_game_defined_here_plays() -> None:
    single = DrawRules("ace-to-five-single-draw", "Ace to Five Single Draw", "low_a5", draws=1, big_bet_from=1)
    table = Table(3, game=single, seed=9)
    bots = [LowballBot(i) for i in range(3)]
    rng = random.Random(9)
    for _ in range(20):
        hand = table.start_hand()
        play_hand(hand, lambda s: bots[table.hand_seats[s]] if rng.random() < 0.7 else RandomBot(1), check=True)
        assert [e.amount for e in hand.events if e.kind == "draw"] in ([], [1])
        assert [e.amount for e in hand.events if e.kind == "round"] in ([], [2])  # two betting rounds
        check_payouts(hand)
        table.end_hand()
    assert sum(table.stacks) == 600
    assert json.loads(json.dumps(to_record(hand)))["game"] == "ace-to-five-single-draw"


def test_single_draw_preset_bets_small_then_big() -> None:
    game = preset("deuce-to-seven-single-draw")
    assert [game.bet_size(r) for r in range(game.betting_rounds)] == [2, 4]
    first, again = io.StringIO(), io.StringIO()
    simulate(game.name, players=2, count=5, seed=1, out=first)
    simulate(game.name, players=2, count=5, seed=1, out=again)
    assert first.getvalue() == again.getvalue()
    assert {json.loads(line)["game"] for line in first.getvalue().splitlines()} == {game.name}
