"""The guts games' front-end contract: simulate's Summary, play's names, history stream, ASCII
fallback and the balances shown when the person leaves."""

from __future__ import annotations

import io
import json
import re
from typing import Any

import pytest

from wildeval.games import Summary, guts
from wildeval.games.guts import replay


def cp1252_stream() -> io.TextIOWrapper:
    return io.TextIOWrapper(io.BytesIO(), encoding="cp1252", newline="\n")


def text_of(stream: io.TextIOWrapper) -> str:
    stream.flush()
    buffer = stream.buffer
    assert isinstance(buffer, io.BytesIO)
    return buffer.getvalue().decode("cp1252")


# -- simulate ----------------------------------------------------------------------------------


def test_simulate_returns_a_summary_of_games_won_by_bot_names() -> None:
    out = io.StringIO()
    summary = guts.simulate("three-five-seven", players=3, count=5, seed=3, out=out)
    assert isinstance(summary, Summary)
    assert summary.played == 5 and summary.unit == "games"
    assert list(summary.wins) == ["Bot 1", "Bot 2", "Bot 3"]  # seat order, no "no winner"
    records = [json.loads(line) for line in out.getvalue().splitlines()]
    assert all(r["players"] == ["Bot 1", "Bot 2", "Bot 3"] for r in records)
    assert records[0]["bots"] == {
        "Bot 1": "threshold(1-1/players)", "Bot 2": "random(0.5)", "Bot 3": "threshold(1-1/players)"}
    for name in ("Bot 1", "Bot 2", "Bot 3"):
        assert summary.wins[name] == sum(r["result"]["winner"] == name for r in records)
    assert summary.line().startswith("5 games; wins: Bot 1 ")


def test_simulate_counts_games_without_a_winner(monkeypatch: pytest.MonkeyPatch) -> None:
    real = guts.preset
    monkeypatch.setattr(guts.rules, "preset", lambda name, **changes: real(name, **{**changes, "max_rounds": 1}))
    out = io.StringIO()
    summary = guts.simulate("three-five-seven", players=4, count=6, seed=1, out=out)
    records = [json.loads(line) for line in out.getvalue().splitlines()]
    assert summary.wins["no winner"] == sum(r["result"]["winner"] is None for r in records) >= 1
    assert sum(summary.wins.values()) == 6
    assert list(summary.wins)[-1] == "no winner"


def test_simulate_zero_games() -> None:
    summary = guts.simulate("napalm", players=2, count=0, seed=0, out=io.StringIO())
    assert summary == Summary(0, "games", {"Bot 1": 0, "Bot 2": 0})


# -- play ---------------------------------------------------------------------------------------


def run_play(answers: str, **kwargs: Any) -> tuple[int, str, str]:
    out, history = io.StringIO(), io.StringIO()
    args: dict[str, Any] = {"players": 3, "seed": 4, **kwargs}
    code = guts.play(args.pop("game", "three-five-seven"), stdin=io.StringIO(answers), stdout=out,
                     history=history, **args)
    return code, out.getvalue(), history.getvalue()


def test_play_names_you_and_numbered_bots() -> None:
    _, text, _ = run_play("o\n" * 3)
    assert "Legs: You 0, Bot 1 0, Bot 2 0" in text
    assert "Bot1" not in text


def test_play_on_a_cp1252_terminal_writes_no_suit_symbols() -> None:
    for answers in ("i\n" * 2000, "i\no\nq\n", ""):
        out = cp1252_stream()
        assert guts.play("three-five-seven", players=4, seed=2, stdin=io.StringIO(answers), stdout=out) == 0
        text = text_of(out)
        assert "Balances:" in text
        assert not any(s in text for s in "♣♦♥♠")
        assert re.search(r"Your cards: ([2-9TJQKA][cdhs] ){2}[2-9TJQKA][cdhs] - ", text)


def test_play_unicode_forced_either_way() -> None:
    _, text, _ = run_play("i\ni\ni\n", unicode=True)
    assert any(s in text for s in "♣♦♥♠")
    out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    guts.play("three-five-seven", players=3, seed=4, stdin=io.StringIO("i\ni\ni\n"), stdout=out, unicode=False)
    out.flush()
    assert not any(s in out.buffer.getvalue().decode() for s in "♣♦♥♠")
    utf8 = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    guts.play("three-five-seven", players=3, seed=4, stdin=io.StringIO("i\ni\ni\n"), stdout=utf8)
    utf8.flush()
    assert any(s in utf8.buffer.getvalue().decode() for s in "♣♦♥♠")


def test_quitting_mid_game_shows_balances_and_writes_the_unfinished_game() -> None:
    code, text, history = run_play("i\nq\n")
    assert code == 0
    tail = text[text.index("Leaving the table"):]
    assert "after 0 finished games, in the middle of one (its pot of 3 stays on the table)" in tail
    assert re.search(r"Balances: You [+-]\d+, Bot 1 [+-]\d+, Bot 2 [+-]\d+\.", tail)
    lines = history.splitlines()
    assert len(lines) == 1
    record = json.loads(lines[0])
    assert record["players"] == ["You", "Bot 1", "Bot 2"]
    assert list(record["bots"]) == ["Bot 1", "Bot 2"]
    assert record["result"]["end"] is None and record["result"]["winner"] is None
    game = replay(record)
    assert not game.over and game.result() == record["result"]


def test_end_of_input_shows_balances_too() -> None:
    _, text, history = run_play("")
    assert "Leaving the table after 0 finished games, in the middle of one" in text
    assert "Balances: You -1, Bot 1 -1, Bot 2 -1." in text
    assert len(history.splitlines()) == 1


def test_a_finished_game_goes_to_the_history_and_declining_another_shows_balances() -> None:
    code, text, history = run_play("i\n" * 400, game="napalm", players=2, seed=1)
    assert code == 0
    records = [json.loads(line) for line in history.splitlines()]
    assert len(records) == 1 and records[0]["game"] == 1  # "i" asks again; the end of input is no
    game = replay(records[0])
    assert game.over and game.result() == records[0]["result"] and game.result()["end"] is not None
    tail = text[text.index("Another game?"):]
    net = records[0]["result"]["balances"]
    assert "Please answer y (another game) or n (leave the table)." in tail
    assert "Leaving the table after 1 finished game." in tail
    assert f"Balances: You {net['You']:+d}, Bot 1 {net['Bot 1']:+d}." in tail


class Answers:
    """A stdin that says yes to another game once, then declares in twice more and quits."""

    def __init__(self, stdout: io.StringIO) -> None:
        self.stdout = stdout
        self.second_game = 0

    def isatty(self) -> bool:
        return False

    def readline(self) -> str:
        if self.stdout.getvalue().endswith("Another game? [y/N]: "):
            return "y\n"
        if "Another game?" in self.stdout.getvalue():
            self.second_game += 1
            return "i\n" if self.second_game <= 2 else "q\n"
        return "i\n"


def test_two_games_in_the_history_and_balances_over_the_session() -> None:
    out, history = io.StringIO(), io.StringIO()
    guts.play("napalm", players=2, seed=1, stdin=Answers(out), stdout=out, history=history)  # type: ignore[arg-type]
    records = [json.loads(line) for line in history.getvalue().splitlines()]
    assert [r["game"] for r in records] == [1, 2]
    assert records[0]["result"]["end"] is not None and records[1]["result"]["end"] is None
    games = [replay(r) for r in records]
    assert games[1].players == ("You", "Bot 1") and games[1].first_dealer == 1  # the deal moved
    net = {p: games[0].balances[p] + games[1].balances[p] for p in ("You", "Bot 1")}
    text = out.getvalue()
    assert "Leaving the table after 1 finished game, in the middle of one" in text
    assert f"Balances: You {net['You']:+d}, Bot 1 {net['Bot 1']:+d}." in text


def test_history_stream_is_flushed_after_each_game() -> None:
    flushed: list[int] = []

    class Recorder(io.StringIO):
        def flush(self) -> None:
            flushed.append(self.getvalue().count("\n"))
            super().flush()

    history = Recorder()
    guts.play("napalm", players=2, seed=1, stdin=io.StringIO("i\n" * 400), stdout=io.StringIO(), history=history)
    assert flushed and flushed[0] == 1


def test_ctrl_c_shows_balances_and_returns_130() -> None:
    class Interrupting(io.StringIO):
        def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
            raise KeyboardInterrupt

    out, history = io.StringIO(), io.StringIO()
    assert guts.play("three-five-seven", players=3, seed=4, stdin=Interrupting(), stdout=out, history=history) == 130
    assert "Interrupted." in out.getvalue() and "Balances: You -1, Bot 1 -1, Bot 2 -1." in out.getvalue()
    assert replay(json.loads(history.getvalue())).phase.value == "declare"


def test_play_without_history_still_works() -> None:
    out = io.StringIO()
    assert guts.play("napalm", players=2, seed=3, stdin=io.StringIO("q\n"), stdout=out) == 0
    assert "Leaving the table" in out.getvalue()


@pytest.mark.parametrize("game", ["crazy-three-five-seven", "three-five-seven-onlinepoker", "napalm"])
def test_every_game_plays_on_a_cp1252_terminal(game: str) -> None:
    out = cp1252_stream()
    assert guts.play(game, players=5, seed=8, stdin=io.StringIO("i\n" * 30), stdout=out) == 0
    assert "Balances:" in text_of(out)


def test_help_at_the_prompt() -> None:
    _, text, _ = run_play("help\nq\n", game="three-five-seven-onlinepoker")
    assert "three-five-seven-onlinepoker: 5 stage wins in a row. This stage: 3 cards" in text
    assert "the lowest hand pays the highest" in text and "Answer i to stay in" in text
    assert "Please answer" not in text
