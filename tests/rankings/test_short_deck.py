"""The short deck rankings: the native evaluator against the reference, pokerkit's
ShortDeckHoldemHand, the counts of every five-card hand worked out by hand, and equity counted
by brute force."""

from __future__ import annotations

import itertools
import math
import random
from types import ModuleType

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from wildeval import Category, Evaluator, census, format_cards, parse_cards, reference
from wildeval.odds import equity
from wildeval.rankings import spec
from wildeval.values import categories_best_first

C = Category
RANKINGS = ["short_deck", "short_deck_straight_beats_trips"]
DECK = list(range(16, 52))


@st.composite
def hands(draw: st.DrawFn) -> list[int]:
    n = draw(st.integers(5, 7))
    # often a narrow deck, so that straights (A-6-7-8-9 too), flushes and groups come up
    deck = draw(st.sampled_from([DECK, [c for c in DECK if c & 3 in (0, 3)],
                                 [c for c in DECK if c >> 2 in (4, 5, 6, 7, 12)], list(range(16, 40))]))
    return draw(st.lists(st.sampled_from(deck), min_size=n, max_size=n, unique=True))


@pytest.mark.parametrize("ranking", RANKINGS)
@settings(max_examples=300)
@given(hand=hands())
def test_equals_the_reference(ranking: str, hand: list[int]) -> None:
    native, ref = Evaluator(ranking), reference.Evaluator(ranking)  # type: ignore[arg-type]
    assert native(hand) == ref(hand)
    assert native.best_five(hand) == ref.best_five(hand)
    assert native.batch([hand]).tolist() == [ref(hand)]


@pytest.mark.parametrize("n", [5, 6, 7])
def test_order_equals_pokerkit(n: int, pokerkit: ModuleType) -> None:
    ev = Evaluator("short_deck_straight_beats_trips")
    rng = random.Random(n)
    drawn = [rng.sample(DECK, n) for _ in range(1500)] + [rng.sample(DECK[:20] + [48, 49, 50, 51], n)
                                                          for _ in range(500)]
    ours = ev.batch(np.array(drawn, dtype=np.uint8)).tolist()
    theirs = [pokerkit.ShortDeckHoldemHand.from_game(format_cards(h).replace(" ", "")) for h in drawn]
    order = sorted(range(len(drawn)), key=lambda i: ours[i])
    for a, b in zip(order, order[1:]):
        assert (ours[a] < ours[b]) == (theirs[a] < theirs[b])
        assert (ours[a] == ours[b]) == (theirs[a] == theirs[b])


def test_the_two_orders_differ_only_between_trips_and_straights() -> None:
    rng = random.Random(3)
    drawn = np.array([rng.sample(DECK, 7) for _ in range(20000)], dtype=np.uint8)
    triton, other = Evaluator("short_deck"), Evaluator("short_deck_straight_beats_trips")
    a, b = triton.batch(drawn), other.batch(drawn)
    cats_a, cats_b = triton.category(a), other.category(b)
    differ = cats_a != cats_b
    # a hand with both: trips under Triton's rules, the straight under the other order
    assert differ.any()
    assert set(cats_a[differ].tolist()) == {C.THREE_OF_A_KIND} and set(cats_b[differ].tolist()) == {C.STRAIGHT}
    assert triton.describe(triton("6c 7d 8h 9s Td Th Ts")) == "Three of a kind, tens, kickers 9-8"
    assert other.describe(other("6c 7d 8h 9s Td Th Ts")) == "Straight, ten high"


def test_five_card_census_matches_the_counts_by_hand() -> None:
    straights = 6 * (4 ** 5 - 4)  # six straights, A-6-7-8-9 to T-J-Q-K-A, not all one suit
    expected = {
        C.STRAIGHT_FLUSH: 6 * 4, C.FOUR_OF_A_KIND: 9 * 8 * 4, C.FLUSH: (math.comb(9, 5) - 6) * 4,
        C.FULL_HOUSE: 9 * 8 * 4 * 6, C.STRAIGHT: straights, C.THREE_OF_A_KIND: 9 * 4 * math.comb(8, 2) * 16,
        C.TWO_PAIR: math.comb(9, 2) * 36 * 7 * 4, C.PAIR: 9 * 6 * math.comb(8, 3) * 64,
        C.HIGH_CARD: (math.comb(9, 5) - 6) * (4 ** 5 - 4), C.FIVE_OF_A_KIND: 0,
    }
    assert sum(expected.values()) == math.comb(36, 5)
    for ranking in RANKINGS:
        for threads in (1, 2):
            assert census(5, ranking, threads=threads) == expected  # type: ignore[arg-type]


@pytest.mark.parametrize("ranking", RANKINGS)
def test_six_card_census_equals_the_batch(ranking: str) -> None:
    every = np.array(list(itertools.combinations(DECK, 6)), dtype=np.uint8)
    ev = Evaluator(ranking)  # type: ignore[arg-type]
    by_category = np.bincount(ev.category(ev.batch(every)), minlength=len(Category))
    assert census(6, ranking) == {c: int(by_category[c]) for c in Category}  # type: ignore[arg-type]
    assert sum(census(7, ranking).values()) == math.comb(36, 7)  # type: ignore[arg-type]


def test_categories_and_words() -> None:
    assert categories_best_first("short_deck")[:6] == [C.STRAIGHT_FLUSH, C.FOUR_OF_A_KIND, C.FLUSH, C.FULL_HOUSE,
                                                      C.THREE_OF_A_KIND, C.STRAIGHT]
    assert categories_best_first("short_deck_straight_beats_trips")[4:6] == [C.STRAIGHT, C.THREE_OF_A_KIND]
    ev = Evaluator("short_deck")
    assert ev.describe(ev("Ac 6d 7h 8s 9c")) == "Straight, nine high (A-6-7-8-9)"
    assert ev.describe(ev("Ts Js Qs Ks As")) == "Royal flush"
    assert ev("Ks Qs Js 9s 6s") > ev("Ac Ad Ah Kc Kd")  # a flush beats a full house
    assert ev("6c 6d 6h 6s 7c") > ev("Ks Qs Js 9s 6s")  # four of a kind beats a flush
    assert ev("Ac 6d 7h 8s 9c") > ev("Ac Ad Kh Ks Qc")  # the lowest straight beats two pair
    assert ev("Ac 6d 7h 8s 9c") < ev("6c 7d 8h 9s Tc")
    picks = ev.best_five("Ac 6d 7h 8s 9c Ks Kd")
    assert format_cards(c for c, _ in picks) == "9c 8s 7h 6d Ac"
    for value in np.unique(ev.batch(np.array(random.Random(1).sample(list(itertools.combinations(DECK, 5)), 3000),
                                             dtype=np.uint8))).tolist():
        assert spec("short_deck").codec.encode(*spec("short_deck").codec.decode(value)) == value


def test_cards_outside_the_deck_are_refused() -> None:
    message = "card 5c is not in the deck of 'short_deck' (the 36 cards from 6c up)"
    ev, ref = Evaluator("short_deck"), reference.Evaluator("short_deck")
    for hand in ("5c 6c 7c 8c 9c", [12, 16, 20, 24, 28], np.array([12, 16, 20, 24, 28])):
        with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
            ev(hand)
        with pytest.raises(ValueError, match="card 5c is not in the deck"):
            ref(hand)
    rows = np.array([[16, 20, 24, 28, 32], [16, 20, 24, 28, 12]], dtype=np.int64)
    with pytest.raises(ValueError, match=r"row 1: card 5c is not in the deck of 'short_deck'"):
        ev.batch(rows)
    with pytest.raises(ValueError, match=r"row 1: card 5c is not in the deck of 'short_deck'"):
        ref.batch(rows)
    with pytest.raises(ValueError, match="wild cards are not supported for ranking 'short_deck'"):
        Evaluator("short_deck", wild="6")
    with pytest.raises(ValueError, match="player 2: card 2c is not in the deck"):
        equity(["As Ks", "2c 2d"], ranking="short_deck")
    with pytest.raises(ValueError, match="the board: card 5h is not in the deck"):
        equity(["As Ks", "Qc Qd"], "5h 9c Tc", ranking="short_deck")


def test_equity_counts_every_board_of_the_short_deck() -> None:
    hero, villain = parse_cards("As Ks"), parse_cards("Qh Qd")
    rest = [c for c in DECK if c not in hero + villain]
    boards = np.array(list(itertools.combinations(rest, 5)), dtype=np.uint8)
    for ranking in RANKINGS:
        ev = Evaluator(ranking)  # type: ignore[arg-type]
        mine = ev.batch(np.hstack([np.tile(hero, (len(boards), 1)), boards]).astype(np.uint8))
        theirs = ev.batch(np.hstack([np.tile(villain, (len(boards), 1)), boards]).astype(np.uint8))
        win, tie = float(np.mean(mine > theirs)), float(np.mean(mine == theirs))
        odds = equity(["As Ks", "Qh Qd"], ranking=ranking)  # type: ignore[arg-type]
        assert odds[0].boards == len(boards) == math.comb(32, 5)
        assert odds[0].win == pytest.approx(win, abs=1e-12) and odds[0].tie == pytest.approx(tie, abs=1e-12)
    ranged = equity(["As Ks", "random"], ranking="short_deck", trials=20000, seed=2)
    assert ranged[1].combos == math.comb(34, 2)  # the hands of the 34 cards left
