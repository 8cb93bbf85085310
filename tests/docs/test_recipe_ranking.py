"""The Python half of docs/recipes/ranking.md, done for real: a toy ranking, "high_card_only"
(the five highest cards compared by their ranks alone: pairs, straights and flushes count for
nothing; under five cards, every card), added as one registry row, one codec and one reference
module, all defined here. The values module and the reference evaluator then know it, with
nothing else changed; removing the row puts the registry back as it was.

The native evaluator refuses it until the C++ half (a file in src/core/rankings/ and a row of
the core's registry, see tests/docs/test_recipe_ranking_core.py) is done too.
"""

from __future__ import annotations

import contextlib
import itertools
import random
import sys
import types
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import pytest

from wildeval import Evaluator, rankings, reference, values
from wildeval.cards import parse_cards
from wildeval.rankings.layout import CATEGORY_SHIFT, Category, Codec, nibbles, pack
from wildeval.rankings.words import sequence
from wildeval.reference.hands import Solution

NAME = "high_card_only"


# Step 2: the codec. A value is pack(HIGH_CARD, the ranks high to low); a rank may repeat (at
# most four times: there are four suits).
@dataclass(frozen=True)
class HighCardOnlyCodec(Codec):
    def categories_best_first(self) -> list[Category]:
        return [Category.HIGH_CARD]

    def encode(self, category: Category, ranks: Sequence[int]) -> int:
        assert category is Category.HIGH_CARD
        return pack(category, ranks)

    def decode(self, value: int) -> tuple[Category, list[int]] | None:
        if value >> CATEGORY_SHIFT != 0:
            return None
        ks = nibbles(value)
        n = next((i for i, k in enumerate(ks) if k == 0), 5)
        ranks = [k - 1 for k in ks[:n]]
        if n == 0 or any(ks[n:]) or any(k > 13 for k in ks[:n]) or ranks != sorted(ranks, reverse=True):
            return None
        if any(ranks.count(r) > 4 for r in ranks):
            return None
        return Category.HIGH_CARD, ranks

    def describe(self, category: Category, ranks: list[int]) -> str:
        return f"High cards, {sequence(ranks)}"


CODEC = HighCardOnlyCodec()


# Step 3: the reference module (here built in the test; in the package it is a file of
# wildeval/reference/ with these two functions).
def _solve_hand(cards: list[int], wild: frozenset[int], flush_duplicates: bool) -> Solution:
    ranks = sorted((c >> 2 for c in cards), reverse=True)[:5]
    return Solution(CODEC.encode(Category.HIGH_CARD, ranks), Category.HIGH_CARD, tuple(ranks), None, None)


def _cards_of(cards: list[int], wild: frozenset[int], solution: Solution) -> list[tuple[int, int]]:
    return [(c, c) for c in sorted(cards, reverse=True)[:5]]


# Step 1: the registry row.
ROW = rankings.RankingSpec(NAME, 1, 7, False, CODEC, "toy_reference_high_card_only")


@contextlib.contextmanager
def toy_ranking() -> Iterator[rankings.RankingSpec]:
    """The toy ranking registered (with its reference module importable) for the block."""
    module = types.ModuleType(ROW.reference)
    module.solve_hand = _solve_hand  # type: ignore[attr-defined]
    module.cards_of = _cards_of  # type: ignore[attr-defined]
    sys.modules[ROW.reference] = module
    rankings.register(ROW)
    try:
        yield ROW
    finally:
        assert rankings.unregister(NAME) is ROW
        del sys.modules[ROW.reference]


@pytest.fixture
def registered() -> Iterator[rankings.RankingSpec]:
    with toy_ranking() as row:
        yield row


def test_the_registry_knows_it(registered: rankings.RankingSpec) -> None:
    assert rankings.names() == (*rankings.RANKINGS, NAME)
    assert rankings.spec(NAME) is registered
    assert rankings.CARD_COUNTS[NAME] == (1, 7) and rankings.hand_sizes(NAME) == "1 to 7"


def test_values_read_it(registered: rankings.RankingSpec) -> None:
    value = pack(Category.HIGH_CARD, [12, 11, 11, 7, 0])
    assert values.describe(value, NAME) == "High cards, A-K-K-9-2"
    assert values.category_of(value, NAME) is Category.HIGH_CARD
    assert values.tie_ranks(value, NAME) == [12, 11, 11, 7, 0]
    assert values.categories_best_first(NAME) == [Category.HIGH_CARD]
    for bad in (pack(Category.PAIR, [3]), pack(Category.HIGH_CARD, [3, 5]), pack(Category.HIGH_CARD, [4] * 5)):
        with pytest.raises(ValueError, match=f"is not a {NAME} hand value"):
            values.describe(bad, NAME)


def test_the_reference_evaluates_it(registered: rankings.RankingSpec) -> None:
    ev = reference.Evaluator(NAME)
    assert repr(ev) == f"Evaluator(ranking='{NAME}', wild=None, flush_duplicates=True)"
    hand = "As Ks Kd 9c 2h 3c 4d"
    assert ev.describe(ev(hand)) == "High cards, A-K-K-9-4"
    assert ev.category(ev(hand)) is Category.HIGH_CARD
    assert [c for c, _ in ev.best_five(hand)] == parse_cards("As Ks Kd 9c 4d")
    assert ev("As Ad Ah Ac Ks") > ev("Qs Js Ts 9s 8s")  # four aces are just high cards, but high ones
    assert ev("Ks Kd") > ev("Ks Qd")
    rng = random.Random(13)
    hands = [rng.sample(range(52), 7) for _ in range(300)]
    assert ev.batch(hands).tolist() == [ev(h) for h in hands]
    for h in hands[:50]:  # the best five by brute force
        assert ev(h) == max(pack(Category.HIGH_CARD, sorted((c >> 2 for c in five), reverse=True))
                            for five in itertools.combinations(h, 5))
    assert reference.census(2, NAME) == {**dict.fromkeys(Category, 0), Category.HIGH_CARD: 1326}


def test_its_settings_and_sizes_are_checked(registered: rankings.RankingSpec) -> None:
    with pytest.raises(ValueError, match=f"wild cards are not supported for ranking '{NAME}'"):
        reference.Evaluator(NAME, wild="2")
    with pytest.raises(ValueError, match=f"the {NAME} ranking takes 1 to 7 cards, 8 were given"):
        reference.Evaluator(NAME)(list(range(8)))
    with pytest.raises(ValueError, match="unknown ranking 'high_card_only'"):
        Evaluator(NAME)  # type: ignore[arg-type]  # the C++ half is not done here


def test_removing_it_restores_the_registry() -> None:
    before = (rankings.names(), dict(rankings.CARD_COUNTS))
    with toy_ranking():
        assert NAME in rankings.names() and NAME in rankings.CARD_COUNTS
    assert (rankings.names(), dict(rankings.CARD_COUNTS)) == before
    assert rankings.names() == rankings.RANKINGS
    for ask in (lambda: rankings.spec(NAME), lambda: values.describe(0x10000, NAME), lambda: reference.Evaluator(NAME)):
        with pytest.raises(ValueError, match="unknown ranking 'high_card_only'; choose one of high, low27"):
            ask()
