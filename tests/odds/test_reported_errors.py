"""Standard errors and weights that the package reports, held to an independent computation: a
sample's standard error against the spread of its estimate over independent seeds, a spot with
no variance at all, and nested range weights against their product."""

from __future__ import annotations

import math
import statistics

import pytest
from hypothesis import given, settings, strategies as st

from wildeval.odds import equity
from wildeval.ranges import Range


def test_two_hands_that_split_every_board_have_no_error() -> None:
    for trials in (1, 2, 1000, 70_000):
        result = equity(["2c 3d", "2d 3c"], "As Ks Qs Js", trials=trials, seed=trials)
        assert [(r.equity, r.stderr, r.win, r.tie) for r in result] == [(0.5, 0.0, 0.0, 1.0)] * 2 or trials == 1
    result = equity(["2c 3d", "2d 3c"], "As Ks Qs Js", stderr=0.01, seed=5)
    assert [(r.equity, r.stderr) for r in result] == [(0.5, 0.0)] * 2


@pytest.mark.parametrize("hands, board", [
    (["2c 3d", "2d 4c", "3c 4d"], "Ah Kh Qh Jh"),  # three-way ties on most rivers, two-way on some
    (["Ac Kc", "QQ", "random"], "Ad 7c 2d"),         # ranges and a random hand: wins, ties, losses
])
def test_a_samples_standard_error_is_the_spread_of_its_estimate(hands: list[str], board: str) -> None:
    """Over 200 independent seeds the estimates' standard deviation and the mean reported
    standard error agree within the spread's own sampling error (about 5 % at 200 seeds; 20 %
    allowed); a k-way tie's share not squared, or ties left out, misses by several times."""
    estimates: list[list[float]] = [[] for _ in hands]
    reported: list[list[float]] = [[] for _ in hands]
    for seed in range(200):
        for i, r in enumerate(equity(hands, board, trials=1000, seed=1000 + seed)):
            estimates[i].append(r.equity)
            reported[i].append(r.stderr)
    exact = [r.equity for r in equity(hands, board)]
    for i in range(len(hands)):
        spread = statistics.stdev(estimates[i])
        mean_error = statistics.fmean(reported[i])
        assert spread > 0 and abs(mean_error / spread - 1) < 0.2, (hands[i], spread, mean_error)
        # and the estimates centre on the exact count, within their own error
        assert abs(statistics.fmean(estimates[i]) - exact[i]) < 4 * spread / math.sqrt(200)


def test_nested_weights_multiply() -> None:
    r = Range("50%(KK, 0.5(AA))")
    assert r.weight("As Ad") == 0.25 and r.weight("Ks Kd") == 0.5 and len(r) == 12
    assert Range("40%(KK, 50%(AA, 0.5(QQ)))").weight("Qs Qd") == pytest.approx(0.1)
    assert Range("0.5(AA:0.5)").weight("As Ad") == 0.25
    assert Range("0.5(AKs:50%, QQ)").weight("As Ks") == 0.25


def test_prefixed_weights_read_as_eval7_reads_them() -> None:
    eval7 = pytest.importorskip("eval7")
    from wildeval.cards import parse_cards

    for text in ("50%(KK,AA)", "0.5(KK), AA", "25%(AKs, QQ+), 0.75(JJ-99)", "0.1(A2s+)"):
        theirs = {tuple(sorted(parse_cards(f"{a} {b}"), reverse=True)): w for (a, b), w in eval7.HandRange(text).hands}
        assert dict(Range(text)) == pytest.approx(theirs), text


_TOKENS = ["AA", "KK", "QQ", "AKs", "T9s", "72o", "JJ-99", "A5s-A2s"]  # no two share a hand


@st.composite
def _nested(draw: st.DrawFn, depth: int = 0) -> tuple[str, dict[str, float]]:
    """A nested range text and the weight each of its tokens should get (the product of the
    weights around it); each token appears once in the whole text."""
    names = draw(st.lists(st.sampled_from(_TOKENS), min_size=1, max_size=3, unique=True))
    weight = draw(st.sampled_from([1.0, 0.5, 0.25, 0.8]))
    parts, expected = [], {}
    for name in names:
        inner = draw(st.sampled_from([1.0, 0.5, 0.2]))
        parts.append(name if inner == 1.0 else f"{name}:{inner}")
        expected[name] = weight * inner
    text = ", ".join(parts)
    if depth < 2 and draw(st.booleans()):
        deeper, more = draw(_nested(depth + 1))
        if not set(more) & set(expected):
            text += ", " + deeper
            expected.update({k: weight * v for k, v in more.items()})
    written = text if weight == 1.0 else draw(st.sampled_from([f"{weight}({text})", f"{weight:.0%}({text})"]))
    return written, expected


@settings(max_examples=200)
@given(_nested())
def test_any_nesting_multiplies_the_weights_around_a_token(case: tuple[str, dict[str, float]]) -> None:
    text, expected = case
    r = Range(text)
    for token, weight in expected.items():
        for hand in Range(token).hands:
            assert r.weight(hand) == pytest.approx(weight), (text, token)


def test_a_guts_fields_standard_error_is_the_spread_of_its_estimate() -> None:
    from wildeval.odds import versus_field

    wins, reported = [], []
    for seed in range(200):
        odds = versus_field("9s 9d 7c", 3, game="three-five-seven", stage=1, trials=1000, seed=seed)
        assert not odds.exact and odds.stderr is not None
        wins.append(odds.win)
        reported.append(odds.stderr)
    spread = statistics.stdev(wins)
    assert 0.1 < statistics.fmean(wins) < 0.9 and abs(statistics.fmean(reported) / spread - 1) < 0.2
