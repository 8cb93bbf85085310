"""The per-call fast paths (text parsed natively, integer buffers such as numpy rows, lists of
small ints) give exactly the values and the errors of the general path through parse_cards."""

from __future__ import annotations

import array

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from wildeval import Evaluator, parse_cards
from wildeval.cards import RANKS

EVALUATORS = [Evaluator(), Evaluator(wild="357"), Evaluator("low27"), Evaluator("low_a5"),
              Evaluator("three_card_poker", wild="3")]
SIZES = {"high": (1, 7), "low27": (5, 7), "low_a5": (5, 7), "three_card_poker": (3, 3)}
SUIT_FORMS = ["cdhs", "CDHS", "♣♦♥♠", "♧♢♡♤"]
SEPARATORS = ["", " ", ", ", "\t", "\n", " ,\r\n"]


@st.composite
def written_hands(draw: st.DrawFn, ev: Evaluator) -> tuple[list[int], str]:
    low, high = SIZES[ev.ranking]
    cards = draw(st.lists(st.integers(0, 51), min_size=low, max_size=high, unique=True))
    tokens = []
    for c in cards:
        rank = RANKS[c >> 2]
        rank = draw(st.sampled_from(["T", "t", "10"])) if rank == "T" else draw(st.sampled_from([rank, rank.lower()]))
        tokens.append(rank + draw(st.sampled_from(SUIT_FORMS))[c & 3])
    text = draw(st.sampled_from(SEPARATORS)).join(tokens)
    return cards, draw(st.sampled_from(["", " "])) + text + draw(st.sampled_from(["", ", "]))


@settings(max_examples=300)
@given(st.data())
def test_text_gives_the_value_of_its_cards(data: st.DataObject) -> None:
    ev = data.draw(st.sampled_from(EVALUATORS))
    cards, text = data.draw(written_hands(ev))
    assert parse_cards(text) == cards
    assert ev(text) == ev(cards) == ev(tuple(cards))


@pytest.mark.parametrize("text", [
    "As Xd", "A", "As K", "1h", "10", "As As", "AsAs", "A♠ a♠", "As-Kd", "As\u2661x", "As \u2668",
    "2c 3c 4c 5c 6c 7c 8c 9c", "", "   ", "A\u00e9", "\u2660A", "As Kd 3h 4h 5h 6h 7h 8h",
])
def test_text_errors_are_the_general_paths(text: str) -> None:
    for ev in EVALUATORS:
        try:
            cards = parse_cards(text)
        except ValueError as error:
            with pytest.raises(ValueError) as caught:
                ev(text)
            assert str(caught.value) == str(error)
            continue
        low, high = SIZES[ev.ranking]
        if low <= len(cards) <= high:
            assert ev(text) == ev(cards)
        else:
            with pytest.raises(ValueError, match="cards, got"):
                ev(text)


DTYPES = ["u1", "i1", "u2", "i2", "u4", "i4", "u8", "i8", ">i2", ">u4", "<i8", ">i8"]


@pytest.mark.parametrize("dtype", DTYPES)
def test_numpy_rows_of_every_integer_dtype(dtype: str) -> None:
    rng = np.random.default_rng(5)
    hands = rng.random((200, 52)).argsort(axis=1)[:, :7].astype(dtype)
    for ev in EVALUATORS[:4]:
        expected = ev.batch(hands.astype(np.int64)).tolist()
        assert [ev(row) for row in hands] == expected
        assert [ev(row) for row in np.asfortranarray(hands)] == expected  # strided rows
        assert [ev(row[::-1]) for row in hands] == [ev(list(row[::-1])) for row in hands.tolist()]


def test_other_integer_buffers() -> None:
    ev = Evaluator()
    cards = parse_cards("As Ks Qs Js Ts 2c 3d")
    for code in "bBhHiIlLqQ":
        assert ev(array.array(code, cards)) == ev(cards)
    assert ev(memoryview(array.array("q", cards))) == ev(cards)


@pytest.mark.parametrize(("cards", "error", "message"), [
    (np.array([51, 52, 3, 4, 5]), ValueError, r"the 2nd item \(52\) is not a card"),
    (np.array([51, -1, 3, 4, 5]), ValueError, r"the 2nd item \(-1\) is not a card"),
    (np.array([51, 51, 3, 4, 5], dtype=np.uint8), ValueError, r"duplicate card As: the 1st and 2nd cards"),
    (np.array([1.0, 2.0, 3.0]), TypeError, r"the 1st item .*float"),
    (np.array([True, False, True]), TypeError, r"the 1st item is a bool"),
    (np.array([[1, 2, 3], [4, 5, 6]]), TypeError, r"the 1st item .*ndarray"),
    (np.array([2**40, 1, 2]), ValueError, r"the 1st item \(1099511627776\) is not a card"),
    (np.array([2**63 + 5, 1, 2], dtype=np.uint64), ValueError, r"the 1st item \(9223372036854775813\) is not"),
    (b"\x00\x01\x02", TypeError, "not bytes"),
    (bytearray(b"\x00\x01\x02"), TypeError, r"bytearray"),
    (array.array("d", [1.0, 2.0, 3.0]), TypeError, r"the 1st item .*float"),
    (np.array([0, 1], dtype=np.uint8), ValueError, "1 to 7 cards|got 2"),
])
def test_bad_buffers_get_the_general_errors(cards: object, error: type, message: str) -> None:
    ev = Evaluator("three_card_poker") if isinstance(cards, np.ndarray) and cards.size == 2 else Evaluator()
    with pytest.raises(error, match=message):
        ev(cards)


def test_small_int_lists_at_the_edges() -> None:
    ev = Evaluator()
    assert ev([0, 1, 2, 3, 4]) == ev("2c 2d 2h 2s 3c")
    assert ev([47, 48, 49, 50, 51]) == ev("Ks Ac Ad Ah As")
    for bad in ([0, 1, 2, 3, 52], [0, 1, 2, 3, -1], [0, 1, 2, 3, 2**30], [0, 1, 2, 3, 2**64], [0, 1, 2, 3, -2**40]):
        with pytest.raises(ValueError, match="is not a card"):
            ev(bad)
