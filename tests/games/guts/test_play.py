"""The legs guts games in play: illegal actions, views, seeds and histories, bots, simulation,
the CLI (settlement to table stakes is test_settlement.py)."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
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

from guts_helpers import PRESET_NAMES, declare, next_stage, table, without_deck_source

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
    game.apply(Declare("B", False))
    game.apply(Declare("C", False))
    game.apply(Declare("A", False))
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
    middle = parse_cards("Qs Qh 9c")
    assert table_.share(rules, 0, weak) < table_.share(rules, 0, middle) < table_.share(rules, 0, strong)
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


def _risk(game: GutsGame) -> str:
    from wildeval.games.guts.terminal import _risk_line
    return _risk_line(game, "You")


def test_play_risk_line_follows_the_declarations_made_before() -> None:
    def at_you(name: str, *before: bool) -> GutsGame:  # You declare last, after A and B
        game = GutsGame(preset(name), ["A", "B", "You"], seed=5, dealer=2)
        game.advance_to_decision()
        for p, choice in zip("AB", before):
            game.apply(Declare(p, choice))
        return game

    first = GutsGame(preset("three-five-seven"), ["You", "A", "B"], seed=5, dealer=2).advance_to_decision()
    assert _risk(first) == ("Staying in risks 3 to each hand that beats yours and is best "
                            "(3 if one wins, 6 if two tie for best); alone in, you take a leg.")
    assert _risk(at_you("three-five-seven", False, False)) == (
        "Everyone else is out: staying in risks nothing, and alone in, you take a leg.")
    assert _risk(at_you("three-five-seven", True, False)) == (
        "Staying in risks 3 to each hand that beats yours and is best; A is already in, so you cannot be alone in.")
    assert _risk(at_you("three-five-seven", True, True)) == (
        "Staying in risks 3 to each hand that beats yours and is best (3 if one wins, 6 if two tie for best); "
        "A and B are already in, so you cannot be alone in.")
    assert _risk(at_you("three-five-seven-onlinepoker", False, False)) == (
        "Everyone else is out: staying in risks nothing, and alone in, you win the stage.")
    assert _risk(at_you("three-five-seven-onlinepoker", False, True)).endswith(
        "; B is already in, so you cannot be alone in.")
    hidden = GutsGame(preset("napalm"), ["A", "B", "You"], seed=5, dealer=2).advance_to_decision()
    hidden.apply(Declare("A", False))  # declared all at once: You cannot see it yet
    assert _risk(hidden).endswith("; alone in, you take a leg.")


def test_play_leaving_counts_finished_games_only() -> None:
    out = io.StringIO()
    assert guts.play("three-five-seven", players=3, seed=4, stdin=io.StringIO("q\n"), stdout=out) == 0
    assert "Leaving the table after 0 finished games, in the middle of one (its pot of 3 stays on the table)." \
        in out.getvalue()


def test_play_another_game_asks_again_on_a_stray_answer() -> None:
    def session(after_game: str) -> str:
        out = io.StringIO()
        answers = io.StringIO("i\n" * 200 + after_game)  # napalm heads-up ends well within 200 answers
        assert guts.play("napalm", players=2, seed=1, stdin=answers, stdout=out, rules={"declaration": "in_turn"}) == 0
        return out.getvalue()

    text = session("")
    assert "Please answer y (another game) or n (leave the table)." in text  # the "i"s left over
    assert "Leaving the table after 1 finished game." in text
    text = session("x\ny\nq\n")
    assert "Leaving the table after 1 finished game, in the middle of one" in text


def test_play_reads_any_bytes_and_keeps_the_history(tmp_path: Any) -> None:
    raw = io.TextIOWrapper(io.BytesIO("\u00e9\nq\n".encode()), encoding="ascii")
    out = io.StringIO()
    assert guts.play("three-five-seven", players=3, seed=4, stdin=raw, stdout=out) == 0
    assert "Please answer i (in), o (out) or q (quit)." in out.getvalue()
    path = tmp_path / "h.jsonl"
    env = dict(os.environ, PYTHONIOENCODING="ascii")
    run = subprocess.run([sys.executable, "-m", "wildeval", "play", "three-five-seven", "--players", "3",
                          "--seed", "4", "--out", str(path)], input="\u00e9\ni\n".encode(),
                         capture_output=True, env=env, timeout=120)
    assert run.returncode == 0, run.stderr
    assert b"Please answer i (in)" in run.stdout and b"History saved to" in run.stdout
    assert len(path.read_text().splitlines()) == 1


# -- docs (the modules' doctests run in tests/docs/test_doctests.py) -----------------------------------


def test_docs_example_runs() -> None:
    path = os.path.join(os.path.dirname(__file__), "..", "..", "..", "docs", "guts.md")
    with open(path, encoding="utf-8") as f:
        text = f.read()
    code = text.split("```python\n", 1)[1].split("```", 1)[0]
    namespace: dict[str, Any] = {}
    exec(compile(code, "docs/guts.md", "exec"), namespace)
    game = namespace["game"]
    assert (game.balances, game.pot) == ({"A": 20, "B": -60}, 40)
