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
    with pytest.raises(ValueError, match="too many to count"):
        equity(["As", "Kc"], board_size=6)
    with pytest.raises(ValueError, match="'low27' hand has 5 to 7 cards"):
        equity(["7c 5d 4h", "8c 6d 4s"], "3h 2s", ranking="low27")


def test_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "As Ad", "Kc Kd", "--board", "2h 7s 9c Qd", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [r["hand"] for r in rows] == ["As Ad", "Kc Kd"] and rows[0]["boards"] == 44
    assert main(["odds", "As Ad", "As Kd"]) == 2
    assert "dealt twice" in capsys.readouterr().err
