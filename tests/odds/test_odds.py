"""Showdown odds: exact counts by hand, sampling close to them, and clear errors."""

from __future__ import annotations

import itertools
import json

import pytest

from wildeval import Evaluator, parse_cards
from wildeval.cli import main
from wildeval.odds import equity


def brute_force(hands: list[str], board: str, ranking: str = "high", wild: str | None = None) -> list[float]:
    """Equity by looping over every completion in Python, one hand at a time."""
    ev = Evaluator(ranking, wild)
    players, shown = [parse_cards(h) for h in hands], parse_cards(board)
    deck = [c for c in range(52) if c not in set(shown).union(*players)]
    shares = [0.0] * len(players)
    boards = 0
    for rest in itertools.combinations(deck, 5 - len(shown)):
        values = [ev(p + shown + list(rest)) for p in players]
        best = max(values)
        winners = [i for i, v in enumerate(values) if v == best]
        for i in winners:
            shares[i] += 1 / len(winners)
        boards += 1
    return [s / boards for s in shares]


@pytest.mark.parametrize("hands,board,wild", [
    (["As Ad", "Kc Kd"], "2h 7s 9c", None),
    (["Ah Kh", "2c 2d", "Qs Js"], "Th 9h 3h", None),
    (["Ac 5d", "Kc Kd"], "3s 3h 9c Qd", "3"),
    (["7c 2d", "7d 2c"], "Ks Qs Js", None),  # a split pot every time
])
def test_exact_equity_equals_brute_force(hands: list[str], board: str, wild: str | None) -> None:
    result = equity(hands, board, wild=wild)
    assert [r.equity for r in result] == pytest.approx(brute_force(hands, board, wild=wild), abs=1e-12)
    assert sum(r.equity for r in result) == pytest.approx(1.0)
    for r in result:
        assert r.win + r.tie <= 1 + 1e-12


def brute_outcomes(
    hands: list[str], board: str, board_size: int = 5, ranking: str = "high", wild: str | None = None,
) -> list[tuple[float, float, float, float]]:
    """Each hand's (win, tie, lose, equity) over every completion, one hand at a time: a win is a
    board the hand wins alone, a tie one it shares (whatever the number sharing), a loss one it
    does not win; equity counts a tie among k as 1/k."""
    ev = Evaluator(ranking, wild)
    players, shown = [parse_cards(h) for h in hands], parse_cards(board)
    deck = [c for c in range(52) if c not in set(shown).union(*players)]
    counts = [[0, 0, 0, 0.0] for _ in players]
    boards = 0
    for rest in itertools.combinations(deck, board_size - len(shown)):
        values = [ev(p + shown + list(rest)) for p in players]
        winners = [i for i, v in enumerate(values) if v == max(values)]
        for i in range(len(players)):
            if i not in winners:
                counts[i][2] += 1
            elif len(winners) == 1:
                counts[i][0] += 1
            else:
                counts[i][1] += 1
            if i in winners:
                counts[i][3] += 1 / len(winners)
        boards += 1
    return [(w / boards, t / boards, lo / boards, s / boards) for w, t, lo, s in counts]


@pytest.mark.parametrize("hands,board,board_size,ranking,wild", [
    (["7c 2d", "7d 2c"], "Ks Qs Js", 5, "high", None),  # the board plays: every board a tie
    (["As Ad", "Kc Kd", "7h 2c"], "2h 7s 9c", 5, "high", None),  # three-way, with some ties
    (["Ah 5d", "Ac 5h", "Kd Qd"], "Jh 4s 3c", 5, "high", None),  # two hands often tie, a third wins
    (["3c 9d", "Kc Kd"], "3s 8h 9c Qd", 5, "high", "3"),
    (["7c 5d", "7d 5c", "8s 6s"], "4h 3s 2c", 5, "low27", None),  # lowball, ties among two
    (["Ac 2d", "As 2c", "Kd Qd"], "3h 4s Td", 5, "low_a5", None),
    (["Ac", "Ad", "Kc"], "Ah", 2, "three_card_poker", None),  # three-card poker: ties of two
    (["Qs Qd", "Qh Qc"], "", 2, "high", None),  # four-card hands: split whenever no pair beats
])
def test_win_tie_and_lose_equal_brute_force(
    hands: list[str], board: str, board_size: int, ranking: str, wild: str | None,
) -> None:
    result = equity(hands, board, board_size=board_size, ranking=ranking, wild=wild)  # type: ignore[arg-type]
    want = brute_outcomes(hands, board, board_size, ranking, wild)
    for r, (win, tie, lose, share) in zip(result, want):
        assert (r.win, r.tie, r.equity) == pytest.approx((win, tie, share), abs=1e-12)
        assert 1 - r.win - r.tie == pytest.approx(lose, abs=1e-12)
    assert sum(r.equity for r in result) == pytest.approx(1.0)


def test_the_issues_example_every_board_a_split() -> None:
    # issue 14: counting a tie as tie equity (1/k) instead of a tied board survived mutation
    for r in equity(["7c 2d", "7d 2c"], "Ks Qs Js"):
        assert (r.win, r.tie, r.equity) == (0.0, 1.0, 0.5)
    three = equity(["2c 3d", "2d 3c", "2h 3s"], "As Ks Qs Js Ts")  # a complete board: one deal
    assert [(r.win, r.tie, r.boards) for r in three] == [(0.0, 1.0, 1)] * 3
    assert [r.equity for r in three] == pytest.approx([1 / 3] * 3)


def test_no_deal_left_is_one_board() -> None:
    aces, kings = equity(["As Ad", "Kc Kd"], "2h 7s 9c Qd 3c")
    assert (aces.win, aces.tie, aces.equity, aces.boards) == (1.0, 0.0, 1.0, 1)
    assert (kings.win, kings.tie, kings.equity) == (0.0, 0.0, 0.0)
    low = equity(["7s 5d 4c 3h 2s", "7h 5c 4d 3s 2d", "8h 5s 4s 3d 2h"], board_size=0, ranking="low27")
    assert [(r.win, r.tie) for r in low] == [(0.0, 1.0), (0.0, 1.0), (0.0, 0.0)]
    assert [r.equity for r in low] == [0.5, 0.5, 0.0]
    tcp = equity(["Ah Kh Qh", "Ac Kc Qc", "2c 3d 5h"], board_size=0, ranking="three_card_poker")
    assert [(r.win, r.tie, r.equity) for r in tcp] == [(0.0, 1.0, 0.5), (0.0, 1.0, 0.5), (0.0, 0.0, 0.0)]


def test_sampled_win_and_tie_count_whole_boards() -> None:
    trials = 4000
    result = equity(["Ah 5d", "Ac 5h", "Kd Qd"], "Jh 4s", trials=trials, seed=3)
    exact = brute_outcomes(["Ah 5d", "Ac 5h", "Kd Qd"], "Jh 4s")
    for r, (win, tie, _, share) in zip(result, exact):
        assert r.boards == trials
        assert (r.win * trials).is_integer() and (r.tie * trials).is_integer()
        assert abs(r.win - win) < 0.03 and abs(r.tie - tie) < 0.03 and abs(r.equity - share) < 0.03
    # the first two hands tie on every board where neither loses alone to the third's flush
    assert result[0].tie == result[1].tie > 0


def test_preflop_aces_against_kings() -> None:
    aces, kings = equity(["As Ad", "Kc Kd"])
    assert aces.boards == kings.boards == 1_712_304  # C(48, 5)
    assert round(aces.equity, 4) == 0.8195 and round(kings.equity, 4) == 0.1805
    sampled = equity(["As Ad", "Kc Kd"], trials=100_000, seed=7)
    assert sampled[0].boards == 100_000
    assert abs(sampled[0].equity - aces.equity) < 0.01
    assert equity(["As Ad", "Kc Kd"], trials=1000, seed=7) == equity(["As Ad", "Kc Kd"], trials=1000, seed=7)


def test_errors() -> None:
    with pytest.raises(ValueError, match="dealt twice"):
        equity(["As Ad", "As Kd"])
    with pytest.raises(ValueError, match="at least two hands"):
        equity(["As Ad"])
    with pytest.raises(ValueError, match="trials"):
        equity(["As Ad", "Kc Kd"], trials=0)
    with pytest.raises(ValueError, match="'low27' hand has 5 to 7 cards"):
        equity(["7c 5d 4h", "8c 6d 4s"], "3h 2s", ranking="low27")


def test_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "As Ad", "Kc Kd", "--board", "2h 7s 9c Qd", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [r["hand"] for r in rows] == ["As Ad", "Kc Kd"] and rows[0]["boards"] == 44
    assert main(["odds", "7c 2d", "7d 2c", "--board", "Ks Qs Js", "--json"]) == 0
    assert [(r["win"], r["tie"], r["equity"]) for r in json.loads(capsys.readouterr().out)] == [(0.0, 1.0, 0.5)] * 2
    assert main(["odds", "As Ad", "As Kd"]) == 2
    assert "dealt twice" in capsys.readouterr().err
