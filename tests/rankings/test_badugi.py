"""The badugi ranking: the native evaluator against the reference, a brute-force oracle written
from the definition, pokerkit's BadugiHand, and the counts of every hand."""

from __future__ import annotations

import itertools
import random
from types import ModuleType

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from wildeval import Evaluator, census, format_cards, reference
from wildeval.rankings.badugi import BADUGI
from wildeval.values import BadugiCategory, categories_best_first, category_of, describe

B = BadugiCategory
ALL_HANDS = np.array(list(itertools.combinations(range(52), 4)), dtype=np.uint8)


def oracle_key(cards: list[int]) -> tuple[int, list[int]]:
    """From the definition alone, without the reference: the most cards with distinct ranks and
    suits, then the lowest ranks read from the highest down (aces low); a larger key is better."""
    low = [(c >> 2) + 1 if c >> 2 < 12 else 0 for c in cards]  # ace 0, deuce 1 .. king 12
    best: tuple[int, list[int]] = (0, [])
    for mask in range(1, 16):
        chosen = [i for i in range(4) if mask >> i & 1]
        if len({low[i] for i in chosen}) == len({cards[i] & 3 for i in chosen}) == len(chosen):
            key = (len(chosen), [-r for r in sorted((low[i] for i in chosen), reverse=True)])
            best = max(best, key)
    return best


@st.composite
def hands(draw: st.DrawFn) -> list[int]:
    # often few ranks or suits, so that cards clash
    deck = draw(st.sampled_from([list(range(52)), list(range(16)), [c for c in range(52) if c & 3 < 2],
                                 [c for c in range(52) if c >> 2 in (0, 5, 12)]]))
    return draw(st.lists(st.sampled_from(deck), min_size=4, max_size=4, unique=True))


@settings(max_examples=200)
@given(a=hands(), b=hands())
def test_order_equals_the_definition(a: list[int], b: list[int]) -> None:
    ev = Evaluator("badugi")
    assert ev(a) == reference.Evaluator("badugi")(a)
    assert (ev(a) > ev(b)) == (oracle_key(a) > oracle_key(b))
    assert (ev(a) == ev(b)) == (oracle_key(a) == oracle_key(b))


def test_every_hand_equals_the_reference_and_the_codec() -> None:
    values = Evaluator("badugi").batch(ALL_HANDS)
    sample = random.Random(4).sample(range(len(ALL_HANDS)), 3000)
    ref = reference.Evaluator("badugi")
    assert [int(values[i]) for i in sample] == [ref(ALL_HANDS[i].tolist()) for i in sample]
    for v in np.unique(values).tolist():  # every value decodes and encodes back
        category, ranks = BADUGI.decode(v) or (None, [])
        assert category is not None and BADUGI.encode(category, ranks) == v


@pytest.mark.slow
def test_every_hand_equals_the_reference() -> None:
    values = Evaluator("badugi").batch(ALL_HANDS).tolist()
    ref = reference.Evaluator("badugi")
    assert values == [ref(h) for h in ALL_HANDS.tolist()]


def test_order_equals_pokerkit(pokerkit: ModuleType) -> None:
    ev = Evaluator("badugi")
    rng = random.Random(7)
    drawn = [rng.sample(range(52), 4) for _ in range(3000)] + [rng.sample(range(20), 4) for _ in range(1000)]
    ours = [ev(h) for h in drawn]
    theirs = [pokerkit.BadugiHand.from_game(format_cards(h).replace(" ", "")) for h in drawn]
    order = sorted(range(len(drawn)), key=lambda i: ours[i])
    for a, b in zip(order, order[1:]):
        assert (ours[a] < ours[b]) == (theirs[a] < theirs[b])
        assert (ours[a] == ours[b]) == (theirs[a] == theirs[b])


def test_census_counts_every_hand() -> None:
    # a one-card hand: four of a rank (13) or four of a suit (4 x C(13, 4) = 2,860); a badugi:
    # four ranks (C(13, 4) = 715) dealt to the four suits (4! = 24)
    expected = {B.ONE_CARD: 2_873, B.TWO_CARDS: 96_252, B.THREE_CARDS: 154_440, B.BADUGI: 17_160}
    for threads in (1, 2):
        counts = census(4, "badugi", threads=threads)
        assert counts == expected and list(counts) == list(B)
    assert sum(expected.values()) == len(ALL_HANDS)
    values = Evaluator("badugi").batch(ALL_HANDS)
    assert dict(zip(*np.unique(values >> 20, return_counts=True))) == {int(k): n for k, n in expected.items()}


@pytest.mark.slow
def test_reference_census() -> None:
    assert reference.census(4, "badugi") == census(4, "badugi")


@pytest.mark.parametrize(("hand", "words", "category", "plays"), [
    ("Ac 2d 3h 4s", "Badugi 4-3-2-A", B.BADUGI, "4s 3h 2d Ac"),
    ("7c 4d 3h As", "Badugi 7-4-3-A", B.BADUGI, "7c 4d 3h As"),
    ("Kc Qd Jh Ts", "Badugi K-Q-J-T", B.BADUGI, "Kc Qd Jh Ts"),
    ("Ac 3c 3d 4d", "Two-card 3-A", B.TWO_CARDS, "3d Ac"),
    ("2c 2d 5h 9h", "Two-card 5-2", B.TWO_CARDS, "5h 2c"),
    ("8s 5h 2c Kc", "Three-card 8-5-2", B.THREE_CARDS, "8s 5h 2c"),
    ("As Ah Ad Ac", "One-card A", B.ONE_CARD, "Ac"),
    ("Ks Qs 5s 9s", "One-card 5", B.ONE_CARD, "5s"),
])
def test_words_and_the_cards_that_play(hand: str, words: str, category: B, plays: str) -> None:
    ev = Evaluator("badugi")
    v = ev(hand)
    assert ev.describe(v) == describe(v, "badugi") == words
    assert ev.category(v) is category_of(v, "badugi") is category
    assert format_cards(c for c, _ in ev.best_five(hand)) == plays
    assert [c >> 2 for c, _ in reference.Evaluator("badugi").best_five(hand)] == [c >> 2 for c, _ in ev.best_five(hand)]


def test_order_of_examples() -> None:
    ev = Evaluator("badugi")
    best_first = ["Ac 2d 3h 4s", "Ac 2d 3h 5s", "Ac 2d 4h 5s", "7c 4d 3h As", "7c 5d 2h As", "Kc Qd Jh Ts",
                  "Ac 2d 3h 3s", "Qc Jd Th Ts", "Ac Ad 2h 2s", "As Ks Qs Js"]
    values = [ev(h) for h in best_first]
    assert values == sorted(values, reverse=True) and len(set(values)) == len(values)
    assert ev("Ac 2d 3h 4s") == ev("Ad 2c 3s 4h")  # suits never break ties
    assert categories_best_first("badugi") == [B.BADUGI, B.THREE_CARDS, B.TWO_CARDS, B.ONE_CARD]


def test_errors() -> None:
    with pytest.raises(ValueError, match="wild cards are not supported for ranking 'badugi'"):
        Evaluator("badugi", wild="2")
    with pytest.raises(ValueError, match="'badugi' hand has 4 cards, got 5"):
        Evaluator("badugi")("Ac 2d 3h 4s 5c")
    with pytest.raises(ValueError, match="duplicate"):
        Evaluator("badugi").batch([[0, 1, 2, 2]])
    with pytest.raises(ValueError, match="not a badugi hand value"):
        describe(4 << 20, "badugi")
    with pytest.raises(ValueError, match="not a badugi hand value"):  # the same rank twice
        describe(BADUGI.encode(B.TWO_CARDS, [3, 3]), "badugi")
    with pytest.raises(ValueError, match="counts hands of exactly 4 cards"):
        census(5, "badugi")
