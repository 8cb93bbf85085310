"""Hold'em ranges: what each token means (counted by hand and against eval7's parser), weights,
errors that name the token and its place, and str() that parses back to the same range."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from wildeval.cards import format_cards, parse_cards
from wildeval.ranges import Range, RangeError

EVERY = sorted(Range("random").hands)


def test_every_hand_once_and_each_class_its_size() -> None:
    assert len(EVERY) == 1326 == len(set(EVERY))
    assert all(a > b for a, b in EVERY)
    sizes = {"AA": 6, "AKs": 4, "AKo": 12, "AK": 16, "QQ+": 18, "A2s+": 48, "KTo+": 36, "22-55": 24,
             "T9s-65s": 20, "A2s-A5s": 16, "AsKs": 1, "random": 1326, "any": 1326, "72o, 72s": 16}
    for text, n in sizes.items():
        assert len(Range(text)) == n, text


def test_runs_hold_what_players_mean() -> None:
    assert Range("QQ+") == Range("QQ, KK, AA")
    assert Range("A2s+") == Range("A2s, A3s, A4s, A5s, A6s, A7s, A8s, A9s, ATs, AJs, AQs, AKs")
    assert Range("KTo+") == Range("KTo, KJo, KQo")
    assert Range("T9s-65s") == Range("T9s, 98s, 87s, 76s, 65s") == Range("65s-T9s")
    assert Range("22-55") == Range("55-22") == Range("22, 33, 44, 55")
    assert Range("AK") == Range("AKs, AKo") and Range("ak") == Range("AK")
    assert "As Ks" in Range("AKs") and "Ah Kd" not in Range("AKs") and "Ah Kd" in Range("AKo")
    assert "Kd Ah" in Range("AKo") and [51, 47] in Range("AKs") and "junk" not in Range("AKs")


def test_weights_as_solvers_and_eval7_write_them() -> None:
    r = Range("AA:0.5, AKs:25%, 0.3(KK), 40%(QQ, JJ), TT")
    assert r.weight("As Ad") == 0.5 and r.weight("As Ks") == 0.25 and r.weight("Ks Kd") == 0.3
    assert r.weight("Qs Qd") == pytest.approx(0.4) and r.weight("Js Jd") == pytest.approx(0.4)
    assert r.weight("Ts Td") == 1 and r.weight("9s 9d") == 0
    assert len(Range("AA, KK, AA:0")) == 6 and Range("AA:0.5, AA").weight("As Ad") == 1  # the last one counts
    assert Range("0.5(AA:0.5)").weight("As Ad") == 0.25  # weights around a list multiply


def test_eval7_reads_the_same_hands_and_weights() -> None:
    eval7 = pytest.importorskip("eval7")
    for text in ("QQ+, AKs, 0.5(JJ), 40%(ATs+)", "A2s+, KTo+", "22-55", "AK, KQo, 0.25(76s)", "AsKs, Td9d",
                 "A5s-A2s", "88+, A9o+, KJs+"):
        theirs = {tuple(sorted(parse_cards(f"{a} {b}"), reverse=True)): w
                  for (a, b), w in eval7.HandRange(text).hands}
        assert dict(Range(text)) == pytest.approx(theirs), text


@pytest.mark.parametrize(("text", "message"), [
    ("AKx", "'AKx' (at character 1) is not a hand"),
    ("QQ+, AKx", "'AKx' (at character 6)"),
    ("QQ+,,AKs", "an empty item at character 5"),
    ("AA:x", "weight 'x' of 'AA:x' (at character 1) is not a number"),
    ("AA:-1", "must be a finite number >= 0"),
    ("0.5(AA", "unbalanced parentheses"),
    ("AAs", "'AAs' (at character 1)"),
    ("A2s-K5o", "'A2s-K5o'"),
    ("AsAs", "'AsAs'"),
])
def test_errors_name_the_token_and_where(text: str, message: str) -> None:
    with pytest.raises(RangeError) as error:
        Range(text)
    assert message in str(error.value) and repr(text) in str(error.value)
    assert isinstance(error.value, ValueError)


@settings(max_examples=200)
@given(st.dictionaries(st.sampled_from(EVERY), st.sampled_from([1.0, 0.5, 0.25, 0.1, 2.0, 1 / 3]), max_size=60))
def test_str_parses_back_to_the_same_range(weights: dict[tuple[int, int], float]) -> None:
    r = Range(weights)
    assert Range(str(r)) == r and len(r) == len(weights)
    assert all(r.weight(format_cards(list(h))) == w for h, w in weights.items())


def test_str_writes_runs() -> None:
    assert str(Range("QQ+, AKs, JJ:0.5")) == "QQ+, AKs, JJ:0.5"
    assert str(Range("A2s+, 22-55, KQo")) == "55-22, A2s+, KQo"
    assert str(Range("random")) == "random" and str(Range("")) == ""


def test_text_read_again_is_the_same_range_and_errors_come_again() -> None:
    """A range's text is parsed once and kept (equity reads its players' ranges at every call):
    each Range made from it is its own object with the same hands and weights, in the same order,
    and a text that does not parse raises every time."""
    text = "QQ+:0.5, AKs, 0.25(T9s)"
    first, second = Range(text), Range(text)
    assert first == second and first is not second and first._weights is not second._weights
    assert list(first) == list(second) == sorted(first, reverse=True)
    assert first.weight("As Ks") == 1.0 and first.weight("Qs Qh") == 0.5 and first.weight("Ts 9s") == 0.25
    for _ in range(2):
        with pytest.raises(RangeError, match="AKx"):
            Range("QQ+, AKx")
