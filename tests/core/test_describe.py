"""``category`` and ``describe`` on an evaluator: only values its hands can have, one at a time
or a whole numpy array at once."""

from __future__ import annotations

import itertools
from typing import get_args

import numpy as np
import pytest

from wildeval import Evaluator, _core
from wildeval.evaluator import RANKINGS, Ranking
from wildeval.sampling import random_hands
from wildeval.values import RANKINGS as VALUE_RANKINGS, Category, pack


def test_the_ranking_names_agree_everywhere() -> None:
    assert get_args(Ranking) == RANKINGS == tuple(_core.RANKINGS) == VALUE_RANKINGS


@pytest.mark.parametrize(("settings", "value", "message"), [
    ({}, 123, "123 is not a hand value"),
    ({}, 2**40, "is not a hand value"),
    ({}, -1, "is not a hand value"),
    ({}, pack(Category.FIVE_OF_A_KIND, [12]), "needs a wild card"),
    ({}, pack(Category.FLUSH, [12, 12, 7, 3, 0]), "needs a wild card"),
    ({"wild": "2", "flush_duplicates": False}, pack(Category.FLUSH, [12, 12, 7, 3, 0]), "repeats a rank"),
    ({}, pack(Category.HIGH_CARD, [12, 11, 10, 9, 8]), "not a hand value"),  # a straight
    ({}, pack(Category.HIGH_CARD, [3, 5, 2, 1, 0]), "not a hand value"),  # out of order
    ({}, pack(Category.PAIR, [5, 5, 2, 1]), "not a hand value"),  # kicker = pair
    ({}, pack(Category.TWO_PAIR, [3, 5, 2]), "not a hand value"),  # low pair first
    ({}, pack(Category.STRAIGHT, [2]), "not a hand value"),  # four high
    ({}, pack(Category.FULL_HOUSE, [4, 4]), "not a hand value"),
    ({"ranking": "low27"}, pack(Category.PAIR, [12]), "not a low27 hand value"),
])
def test_numbers_no_hand_has_are_refused(settings: dict[str, object], value: int, message: str) -> None:
    ev = Evaluator(**settings)  # type: ignore[arg-type]
    for fn in (ev.describe, ev.category):
        with pytest.raises(ValueError, match=message):
            fn(value)
        with pytest.raises(ValueError, match=message):
            fn(np.array([ev("As Ks Qs Js 9d"), value]))


@pytest.mark.parametrize("settings", [
    {}, {"wild": "2"}, {"wild": "357", "flush_duplicates": False}, {"ranking": "low27"},
    {"ranking": "low_a5"},
])
def test_every_value_of_small_hands_is_accepted(settings: dict[str, object]) -> None:
    ev = Evaluator(**settings)  # type: ignore[arg-type]
    sizes = (5,) if ev.ranking != "high" else (1, 2, 3, 4, 5)
    for n in sizes:
        hands = np.array(list(itertools.combinations(range(52), n)), dtype=np.uint8)
        values = np.unique(ev.batch(hands))
        assert len(ev.describe(values)) == len(values)  # raises on a value refused wrongly


def test_three_card_values_are_accepted() -> None:
    for wild in (None, "3", "2A"):
        ev = Evaluator("three_card_poker", wild)
        values = np.unique(ev.batch(np.array(list(itertools.combinations(range(52), 3)), dtype=np.uint8)))
        ev.describe(values)


@pytest.mark.parametrize(("ranking", "wild", "n_cards"), [
    ("high", None, 7), ("high", "357", 6), ("low27", None, 7), ("low_a5", None, 6),
    ("three_card_poker", "3", 3),
])
def test_arrays_give_what_each_value_gives(ranking: str, wild: str | None, n_cards: int) -> None:
    ev = Evaluator(ranking, wild)  # type: ignore[arg-type]
    values = ev.batch(random_hands(3000, n_cards, seed=5)).reshape(100, 30)
    described, categories = ev.describe(values), ev.category(values)
    assert described.shape == categories.shape == (100, 30)
    assert categories.dtype == np.int8
    for v, d, c in zip(values.ravel().tolist(), described.ravel().tolist(), categories.ravel().tolist()):
        assert d == ev.describe(v) and c == ev.category(v)


def test_arrays_of_other_kinds() -> None:
    ev = Evaluator()
    assert ev.describe(np.array([], dtype=np.int64)).shape == (0,)
    assert ev.category(np.array(ev("As Ad Ah 2c 2d"), dtype=np.int64)) == Category.FULL_HOUSE
    with pytest.raises(TypeError, match="integers"):
        ev.describe(np.array([1.5]))
    with pytest.raises(TypeError, match="a hand value is an int"):
        ev.describe(1.5)  # type: ignore[arg-type]
