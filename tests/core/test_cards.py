"""Tests of ``wildeval.cards``: cards as ints 0-51 and the text people write them in.

The conventions (/work/shared/rules/README.md): a card is ``4 * rank + suit``, rank 0 = deuce ..
12 = ace, suit 0 = clubs, 1 = diamonds, 2 = hearts, 3 = spades. Text: ``As``, ``Td`` or ``10d``,
case-insensitive ranks and suits, and the suit symbols ♣ ♦ ♥ ♠.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from wildeval import format_cards, parse_cards
from wildeval.cards import RANKS, SUITS, card, rank_of, suit_of

AS, KD, H3 = 51, 45, 6  # A♠, K♦, 3♥


# ---------------------------------------------------------------------------------------------
# The encoding


def test_encoding() -> None:
    assert parse_cards("2c") == [0]
    assert parse_cards("2d 2h 2s 3c") == [1, 2, 3, 4]
    assert parse_cards("As") == [51]
    assert parse_cards("Ac Kd Qh Js Th 9s") == [48, 45, 42, 39, 34, 31]
    for c in range(52):
        assert card(rank_of(c), suit_of(c)) == c
        assert format_cards([c]) == RANKS[c >> 2] + SUITS[c & 3]
    assert card(12, 3) == 51 and rank_of(51) == 12 and suit_of(51) == 3
    for rank, suit in ((13, 0), (-1, 0), (0, 4), (0, -1)):
        with pytest.raises(ValueError, match=f"rank {rank} and suit {suit}"):
            card(rank, suit)


# ---------------------------------------------------------------------------------------------
# Every text form in the rules README


@pytest.mark.parametrize(
    "text",
    [
        "As Kd 3h",
        "AsKd3h",
        "As,Kd,3h",
        "As, Kd, 3h",
        " As\tKd\n3h ",
        "as kd 3h",
        "AS KD 3H",
        "aS kD 3H",
        "A♠ K♦ 3♥",
        "A♠K♦3♥",
        "a♠,k♦,3♥",
        "A♤ K♢ 3♡",  # the white suit symbols too
        "AsK♦ 3h",
    ],
)
def test_text_forms(text: str) -> None:
    assert parse_cards(text) == [AS, KD, H3]


def test_the_rules_text_example() -> None:
    assert parse_cards("3♥K♣K♦") == [6, 44, 45] == parse_cards("3h Kc Kd") == parse_cards("3hKcKd")
    assert parse_cards("Q♠Q♥9♣") == [43, 42, 28]


@pytest.mark.parametrize("text", ["10h", "Th", "th", "tH", "10H", "10♥", "T♥", "t♡"])
def test_tens(text: str) -> None:
    assert parse_cards(text) == [34]


def test_tens_in_a_run() -> None:
    assert parse_cards("10h10dTc") == [34, 33, 32]
    assert parse_cards("Jc10s9d") == [36, 35, 29]
    assert parse_cards("10♠ J♠ Q♠ K♠ A♠") == [35, 39, 43, 47, 51]


def test_empty_text() -> None:
    assert parse_cards("") == []
    assert parse_cards(" , \t\n") == []
    assert parse_cards([]) == []


# ---------------------------------------------------------------------------------------------
# Ints, numpy ints, mixed lists


def test_ints_and_iterables() -> None:
    assert parse_cards([51, 45, 6]) == [AS, KD, H3]
    assert parse_cards((51, 45, 6)) == [AS, KD, H3]
    assert parse_cards(iter([51, 45, 6])) == [AS, KD, H3]
    assert parse_cards(c for c in (51, 45, 6)) == [AS, KD, H3]
    assert parse_cards(range(3)) == [0, 1, 2]
    assert parse_cards([0, 51]) == [0, 51]


@pytest.mark.parametrize("dtype", [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64])
def test_numpy_ints(dtype: type) -> None:
    array = np.array([51, 45, 6], dtype=dtype)
    assert parse_cards(array) == [AS, KD, H3]
    assert parse_cards(list(array)) == [AS, KD, H3]
    assert all(type(c) is int for c in parse_cards(array))
    assert format_cards(array) == "As Kd 3h"


def test_mixed_lists() -> None:
    assert parse_cards([51, "Kd", 6]) == [AS, KD, H3]
    assert parse_cards(["As", np.int64(45), "3♥"]) == [AS, KD, H3]
    assert parse_cards(["10h", "Td", 0]) == [34, 33, 0]
    assert parse_cards([" As ", "kd,"]) == [AS, KD]
    assert all(type(c) is int for c in parse_cards(["As", np.uint8(45)]))


# ---------------------------------------------------------------------------------------------
# format_cards and round trips


def test_format_cards() -> None:
    assert format_cards([51, 45, 6]) == "As Kd 3h"
    assert format_cards([51, 45, 6], unicode=True) == "A♠ K♦ 3♥"
    assert format_cards([34]) == "Th"
    assert format_cards([34, 0], unicode=True) == "T♥ 2♣"  # the ten is T with symbols too
    assert all(parse_cards(format_cards([c], unicode=u)) == [c] for c in range(52) for u in (False, True))
    assert format_cards([]) == ""
    assert format_cards(iter([0])) == "2c"
    assert format_cards(["As", 45]) == "As Kd"


def test_round_trip_every_card() -> None:
    for c in range(52):
        for unicode in (False, True):
            text = format_cards([c], unicode=unicode)
            assert parse_cards(text) == [c]
            assert parse_cards(text.lower()) == [c]
            assert parse_cards(text.upper()) == [c]
    deck = list(range(52))
    for unicode in (False, True):
        text = format_cards(deck, unicode=unicode)
        assert parse_cards(text) == deck
        assert parse_cards(text.replace(" ", "")) == deck
        assert parse_cards(text.replace(" ", ",")) == deck
        assert parse_cards(text.split()) == deck
    assert len(set(format_cards(deck).split())) == 52
    assert len(set(format_cards(deck, unicode=True).split())) == 52


@settings(max_examples=200)
@given(st.lists(st.integers(0, 51), unique=True, max_size=52), st.booleans())
def test_round_trip_random_hands(cards: list[int], unicode: bool) -> None:
    text = format_cards(cards, unicode=unicode)
    assert parse_cards(text) == cards
    assert parse_cards(text.replace(" ", "")) == cards
    assert format_cards(parse_cards(text)) == format_cards(cards)


# ---------------------------------------------------------------------------------------------
# Errors


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Xs", r"^bad card at the 1st character of 'Xs': 'X' is not a rank"),
        ("As Xd", r"^bad card at the 4th character of 'As Xd': 'X' is not a rank"),
        ("1h", r"the 1st character .*'1' is not a rank"),
        ("0h", r"'0' is not a rank"),
        ("11h", r"'1' is not a rank"),
        ("♠A", r"'♠' is not a rank"),
        ("As-Kd", r"the 3rd character .*'-' is not a rank"),
    ],
)
def test_bad_rank(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_cards(text)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("A", r"^bad card at the 1st character of 'A': expected a suit .* got the end of the text$"),
        ("As K", r"the 4th character of 'As K': expected a suit .*got the end of the text"),
        ("Ax", r"the 1st character .*expected a suit .*got 'x'"),
        ("A s", r"the 1st character .*expected a suit .*got ' '"),
        ("AK", r"the 1st character .*expected a suit .*got 'K'"),
        ("10", r"the 1st character .*expected a suit .*got the end of the text"),
        ("As Kd 3", r"the 7th character .*got the end of the text"),
    ],
)
def test_missing_suit(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_cards(text)


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ("As As", r"^duplicate card As: the 1st and 2nd cards$"),
        ("AsAs", r"^duplicate card As: the 1st and 2nd cards$"),
        ("As Kd 3h Kd", r"^duplicate card Kd: the 2nd and 4th cards$"),
        ("A♠ K♦ a♠", r"^duplicate card As: the 1st and 3rd cards$"),
        ("10h Th", r"^duplicate card Th: the 1st and 2nd cards$"),
        ([6, 1, 6], r"^duplicate card 3h: the 1st and 3rd cards$"),
        ([51, "As"], r"^duplicate card As: the 1st and 2nd cards$"),
        (["2c", 5, np.int8(0)], r"^duplicate card 2c: the 1st and 3rd cards$"),
        (np.array([9, 9]), r"^duplicate card 4d: the 1st and 2nd cards$"),
    ],
)
def test_duplicates_name_the_card_and_both_positions(cards: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_cards(cards)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("cards", "error", "message"),
    [
        ([1.0], TypeError, r"^the 1st item \(1\.0, a float\) is not a card"),
        ([51, 2.5], TypeError, r"^the 2nd item \(2\.5, a float\) is not a card"),
        (np.array([1.0, 2.0]), TypeError, r"the 1st item .*float64"),
        ([True], TypeError, r"^the 1st item is a bool \(True\), not a card$"),
        ([3, False], TypeError, r"^the 2nd item is a bool \(False\), not a card$"),
        ([np.bool_(True)], TypeError, r"the 1st item .*bool"),
        ([None], TypeError, r"the 1st item \(None, a NoneType\)"),
        ([[1]], TypeError, r"the 1st item \(\[1\], a list\)"),
        ([b"As"], TypeError, r"the 1st item \(b'As', a bytes\)"),
        (b"As", TypeError, r"not bytes"),
        (bytearray(b"As"), TypeError, r"not bytearray"),
        (None, TypeError, r"not NoneType"),
        (51, TypeError, r"not int"),
        (5.0, TypeError, r"not float"),
        ([52], ValueError, r"^the 1st item \(52\) is not a card: cards are ints 0-51$"),
        ([0, -1], ValueError, r"^the 2nd item \(-1\) is not a card"),
        ([np.int64(60)], ValueError, r"^the 1st item \(60\) is not a card"),
        ([2**64], ValueError, r"the 1st item \(18446744073709551616\) is not a card"),
        (["AsKd"], ValueError, r"^the 1st item \('AsKd'\) is not exactly one card$"),
        ([51, ""], ValueError, r"^the 2nd item \(''\) is not exactly one card$"),
        (["Xs"], ValueError, r"'X' is not a rank"),
        (["A"], ValueError, r"expected a suit"),
    ],
)
def test_bad_items(cards: object, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        parse_cards(cards)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("cards", "error", "message"),
    [
        ([52], ValueError, r"the 1st item \(52\) is not a card"),
        ([0, -1], ValueError, r"the 2nd item \(-1\) is not a card"),
        ([1.0], TypeError, r"the 1st item \(1\.0, a float\)"),
        ([True], TypeError, r"the 1st item is a bool"),
    ],
)
def test_format_cards_errors(cards: list[object], error: type[Exception], message: str) -> None:
    for unicode in (False, True):
        with pytest.raises(error, match=message):
            format_cards(cards, unicode=unicode)  # type: ignore[arg-type]


def test_every_two_character_token() -> None:
    """Every rank char followed by every suit char parses; nothing else of two ASCII letters or
    digits does (except as the start of ``10``)."""
    rank_chars = {ch: i for i, ch in enumerate(RANKS)} | {ch.lower(): i for i, ch in enumerate(RANKS)}
    suit_chars = {ch: i for i, ch in enumerate(SUITS)} | {ch.upper(): i for i, ch in enumerate(SUITS)}
    suit_chars |= {ch: i for i, ch in enumerate("♣♦♥♠")}
    alphabet = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ♣♦♥♠"
    for a, b in itertools.product(alphabet, repeat=2):
        token = a + b
        if a in rank_chars and b in suit_chars:
            assert parse_cards(token) == [4 * rank_chars[a] + suit_chars[b]]
        else:
            with pytest.raises(ValueError, match="bad card at the 1st character"):
                parse_cards(token)
