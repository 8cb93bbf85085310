"""Badugi Triple Draw (docs/triple-draw.md, "Badugi Triple Draw"): one preset of
wildeval.games.draw.rules, played as Deuce to Seven Triple Draw is, with four cards each and the
badugi ranking.

Checked here: the preset and its registration (its seats from the deck rule); hands valued and
paid as badugi, judged after every step by the referee (tests/helpers/referee_draw.py) with the values of
every shown hand held to the pure-Python reference evaluator; a hypothesis state machine over any
action, legal or not, with the chip ledger and the referee after every step
(tests/helpers/draw_machine.py); the bots' draws on
hand-picked hands and their betting by badugi strength; the terminal's badugi words; the same seed
giving the same bytes. Its PHH export against pokerkit: test_badugi_triple_draw_history.py.
"""

from __future__ import annotations

import dataclasses
import io
import json
import re

import pytest
from hypothesis import given, settings, strategies as st

from wildeval import Evaluator
from wildeval.cards import format_cards, parse_cards
from wildeval.cli import main
from wildeval.games import GAMES, game_module, player_range, unit_of
from wildeval.games.draw import (
    BADUGI_TRIPLE_DRAW,
    DEUCE_TO_SEVEN_TRIPLE_DRAW,
    Action,
    Event,
    Hand,
    IllegalAction,
    Kind,
    Phase,
    Rules,
    Table,
    arrange_deck,
    describe_event,
    play,
    preset,
    replay,
    simulate,
    to_record,
)
from wildeval.games.draw.bots import LowballBot, RandomBot, ask_bot, badugi_cards, keep_for_badugi, keep_for_low
from wildeval.reference import Evaluator as ReferenceEvaluator

from draw_helpers import check_or_call_down, check_until_round
from draw_machine import table_machine
from referee_draw import judge

GAME = "badugi-triple-draw"
BADUGI = preset(GAME)
REFERENCE = ReferenceEvaluator("badugi")
NATIVE = Evaluator("badugi")


def deal(hands: dict[int, str], n: int = 2, button: int = 0, stacks: int = 100) -> Hand:
    """A hand of the game with these seats' cards (the others get the highest cards left)."""
    return Hand([stacks] * n, button=button, game=BADUGI, seed=1,
                deck=arrange_deck(n, button, hands, hand_size=BADUGI.hand_size))


def shown_words(hand: Hand) -> dict[int, str]:
    return {e.seat: e.text for e in hand.events if e.kind == "show" and e.seat is not None}


# ---------------------------------------------------------------------------------------------
# the preset and its registration


def test_the_preset_is_deuce_to_seven_triple_draw_played_with_four_badugi_cards() -> None:
    assert BADUGI is BADUGI_TRIPLE_DRAW
    assert (BADUGI.ranking, BADUGI.hand_size, BADUGI.draws, BADUGI.big_bet_from) == ("badugi", 4, 3, 2)
    assert (BADUGI.phh_variant, BADUGI.button, BADUGI.starting_stack) == ("FB", "moving", 200)
    assert BADUGI.stakes == DEUCE_TO_SEVEN_TRIPLE_DRAW.stakes == Rules()  # no unlimited raising heads-up
    assert [BADUGI.bet_size(r) for r in range(BADUGI.betting_rounds)] == [2, 2, 4, 4]
    assert GAMES[GAME] == "wildeval.games.draw" and game_module(GAME).simulate is simulate
    assert unit_of(GAME) == "hands" and player_range(GAME) == (2, 10)
    # ten players are the most that 52 cards serve through every reshuffle
    with pytest.raises(ValueError, match="11 players with 4 cards and 3 draws may need more than 52 cards: "
                                         "at most 10 players"):
        dataclasses.replace(BADUGI, max_players=11)
    with pytest.raises(ValueError, match="a hand needs 2-10 players, not 11"):
        Hand([10] * 11, game=BADUGI)


def test_four_cards_dealt_and_a_discard_of_zero_to_four() -> None:
    hand = Hand([100] * 10, button=3, game=BADUGI, seed=2)
    assert all(len(hand.hand_of(s)) == 4 for s in range(10))
    while hand.phase is not Phase.DRAW:
        hand.apply(Action.call() if hand.can(Action.call()) else Action.check())
    seat = hand.to_act
    assert seat is not None
    assert len(hand.legal_actions()) == 2 ** 4  # every set of the four cards, standing pat first
    with pytest.raises(IllegalAction, match="during the draw: discard 0-4 cards"):
        hand.apply(Action.check())


def test_a_badugi_beats_every_three_card_hand() -> None:
    hand = deal({0: "Kc Qd Jh Ts", 1: "3c 2c 2d As"})
    check_or_call_down(hand)
    assert shown_words(hand) == {1: "Three-card 3-2-A", 0: "Badugi K-Q-J-T"}
    assert hand.winnings == [4, 0]
    judge(hand)


def test_equal_badugis_in_other_suits_split_the_pot_odd_chips_one_each() -> None:
    tied = {1: "Ac 2d 3h 4s", 2: "Ad 2h 3s 4c", 3: "Ah 2s 3c 4d"}
    hand = deal({**tied, 0: "Kc Kd Kh Ks"}, n=4)
    check_or_call_down(hand)  # 8 chips: 3 and 3 to the first two winners left of the button, 2
    assert hand.winnings == [0, 3, 3, 2]
    assert set(shown_words(hand).values()) == {"Badugi 4-3-2-A"}
    assert [e.kind for e in hand.events if e.seat == 0][-1] == "muck"  # One-card K cannot win
    judge(hand)


@pytest.mark.parametrize("seed", range(6))
def test_seeded_tables_follow_the_rules_and_value_hands_as_the_reference(seed: int) -> None:
    n = 2 + seed * 8 // 5  # 2, 3, 5, 6, 8 and 10 players
    table = Table(n, game=BADUGI, seed=seed, starting_stack=40)
    bots = [LowballBot(seed + i) if i % 2 else RandomBot(seed + i) for i in range(n)]
    shown = 0
    for _ in range(40):
        if len(table.seated) < 2:
            break
        hand = table.start_hand()
        while not hand.over:
            judge(hand)  # after every step, not only at the end
            seat = hand.to_act
            assert seat is not None
            hand.apply(ask_bot(hand, seat, bots[table.hand_seats[seat]]), seat)
            hand.check_invariants()
        judge(hand)
        for e in hand.events:
            if e.kind == "show":
                cards = list(e.cards)
                assert NATIVE(cards) == REFERENCE(cards) and e.text == REFERENCE.describe(REFERENCE(cards))
                shown += 1
        assert replay(json.loads(json.dumps(to_record(hand)))).snapshot() == hand.snapshot()
        table.end_hand()
        table.check_invariants()
    assert shown > 0 and sum(table.stacks) == 40 * n


# ---------------------------------------------------------------------------------------------
# any action, legal or not, at a table of the game


BADUGI_STAKES = st.sampled_from([(1, 2, 2, 4), (5, 10, 10, 20), (0, 2, 2, 4)]).map(lambda blinds: Rules(*blinds))
BadugiTable = table_machine(BADUGI, stakes=BADUGI_STAKES, max_stack=60, judge=judge, max_examples=60)
test_badugi_table_machine = BadugiTable.TestCase


# ---------------------------------------------------------------------------------------------
# the bots: they keep the cards that play, and bet by badugi strength


@pytest.mark.parametrize(("cards", "draws_left", "discard"), [
    ("9c 6d 3h As", 3, ""),        # a nine-high badugi stands pat
    ("Kc 6d 3h As", 3, "Kc"),      # a king-high badugi over 6-3-A breaks while two draws are left
    ("Kc 6d 3h As", 2, "Kc"),
    ("Kc 6d 3h As", 1, ""),        # ... not on the last draw
    ("Qc Jd Th 9s", 3, ""),        # a rough badugi with nothing low to keep still beats any three
    ("7s 4h 2h Ac", 3, "4h"),      # 7-2-A plays; the 4h shares the deuce's suit
    ("Kc 5d 2h Ah", 3, "Kc 2h"),   # K-5-A plays: keep the 5 and the ace, draw two
    ("Kc 5d 2h Ah", 1, "2h"),      # the last draw: every card that plays stays
    ("Kc Kd Kh Ks", 2, "Kc Kd Kh Ks"),
    ("5c 4c 3c 2c", 3, "5c 4c 3c"),  # one suit: only the deuce plays
])
def test_the_bot_throws_what_does_not_play(cards: str, draws_left: int, discard: str) -> None:
    hand = parse_cards(cards)
    kept = keep_for_badugi(hand, draws_left)
    assert keep_for_low(hand, draws_left, "badugi") == kept
    assert format_cards(c for c in hand if c not in kept) == format_cards(parse_cards(discard))


@settings(max_examples=300)
@given(cards=st.lists(st.integers(0, 51), min_size=4, max_size=4, unique=True), draws_left=st.integers(1, 3))
def test_the_bot_keeps_only_cards_that_play(cards: list[int], draws_left: int) -> None:
    playing = badugi_cards(cards)
    assert sorted(playing) == sorted(c for c, _ in NATIVE.best_five(cards))
    kept = keep_for_badugi(cards, draws_left)
    assert set(kept) <= set(playing) and kept == [c for c in cards if c in kept]
    if draws_left == 1:
        assert kept == playing


def test_the_bot_draws_at_the_table_as_it_says() -> None:
    hand = deal({0: "Qc Jd Th 9s", 1: "Kc 6d 3h As"})
    hand.apply(Action.call())
    hand.apply(Action.check())
    assert hand.phase is Phase.DRAW and hand.to_act == 1  # left of the dealer first
    assert LowballBot(3).choose(hand.view(1)) == Action.discard(parse_cards("Kc"))
    hand.apply(Action.discard(parse_cards("Kc")))
    assert LowballBot(3).choose(hand.view(0)) == Action.discard()


def test_the_bot_bets_by_badugi_strength() -> None:
    # an eight-high badugi raises at once, whatever the bot's seed; five-card lowball would not
    # call four cards made
    for seed in range(20):
        hand = deal({0: "8c 5d 3h As"})
        assert LowballBot(seed).choose(hand.view(0)).kind is Kind.RAISE
    # after the last draw a hand of one card folds to a bet, and a badugi raises it
    for seed in range(20):
        hand = deal({0: "Kc Qc Jc Tc", 1: "Kd 9s 5h 2c"})
        check_until_round(hand, 3)
        hand.apply(Action.bet(), 1)
        assert LowballBot(seed).choose(hand.view(0)).kind is Kind.FOLD
        hand = deal({0: "Qd 9s 5h 2c", 1: "Kc Qc Jc Tc"})
        check_until_round(hand, 3)
        hand.apply(Action.bet(), 1)
        assert LowballBot(seed).choose(hand.view(0)).kind in (Kind.CALL, Kind.RAISE)


# ---------------------------------------------------------------------------------------------
# the terminal, the command line, the same bytes


def test_the_terminal_speaks_badugi() -> None:
    show = Event("show", 1, 0, tuple(parse_cards("As 2d 3h 4c")), "Badugi 4-3-2-A")
    assert describe_event(show, ["You", "Bot 1"], game=BADUGI) == "Bot 1 shows 4c 3h 2d As: Badugi 4-3-2-A"
    out = io.StringIO()
    assert play(GAME, players=3, seed=6, stdin=io.StringIO("c\nd 1 2\nk\nr\nd\nc\nf\n" * 40), stdout=out,
                unicode=False) == 0
    text = out.getvalue()
    assert text.startswith("Badugi Triple Draw: four cards; the most cards of different ranks and suits play")
    words = re.findall(r"shows [2-9TJQKA][cdhs](?: [2-9TJQKA][cdhs]){3}: (.*)", text)
    assert words and all(re.fullmatch(r"(Badugi|Three-card|Two-card|One-card) [2-9TJQKA](-[2-9TJQKA])*", w)
                         for w in words)
    assert "You are dealt" in text and re.search(r"Your hand: (\S\S ){3}\S\S \|", text)


def simulated(seed: int, players: int = 6, count: int = 40) -> str:
    out = io.StringIO()
    simulate(GAME, players=players, count=count, seed=seed, out=out)
    return out.getvalue()


def test_same_seed_same_bytes() -> None:
    text = simulated(3)
    assert text == simulated(3) != simulated(4)
    assert text.startswith("[1]\nvariant = 'FB'\n") and text.endswith("\n")
    sessions = []
    for _ in range(2):
        out, history = io.StringIO(), io.StringIO()
        play(GAME, players=4, seed=8, stdin=io.StringIO("c\np\nk\nr\n1 2\nc\nf\n" * 30), stdout=out,
             history=history, unicode=False)
        sessions.append((out.getvalue(), history.getvalue()))
    assert sessions[0] == sessions[1] and "variant = 'FB'" in sessions[0][1]


def test_command_line(tmp_path, capsys) -> None:
    path = tmp_path / "hands.phhs"
    assert main(["simulate", GAME, "--players", "10", "--hands", "12", "--seed", "2", "--out", str(path)]) == 0
    assert path.read_text() == simulated(2, players=10, count=12)
    capsys.readouterr()
    assert main(["simulate", GAME, "--players", "11", "--hands", "1"]) != 0
    assert "--players must be from 2 to 10 for badugi-triple-draw, not 11" in capsys.readouterr().err
