"""wildeval.isomorphism: the sizes, round trips over every index of small rounds and samples of
big ones, the same index under every suit renaming and order within a round, different indices
for hands no renaming relates, the native numbering equal to the plain-Python reference, and
errors that name the problem."""

from __future__ import annotations

import itertools
import random
from math import comb

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from wildeval.cards import parse_cards
from wildeval.isomorphism import Indexer

from isomorphism_reference import ReferenceIndexer

ROUND_SETS = [[2, 3, 1, 1], [2, 5], [2, 4], [4, 3, 1, 1], [5], [3], [1, 1, 1], [7], [2, 3]]


@pytest.mark.parametrize("rounds, sizes", [
    ([2, 3, 1, 1], [169, 1_286_792, 55_190_538, 2_428_287_420]),
    ([2, 4], [169, 13_960_050]),
    ([2, 5], [169, 123_156_254]),
    ([5], [134_459]),  # the five-card deals up to suit renaming
    ([7], [6_009_159]),
    ([4, 3, 1, 1], [16_432, 204_461_673, 8_964_883_057, 389_802_959_832]),
])
def test_sizes(rounds: list[int], sizes: list[int]) -> None:
    indexer = Indexer(rounds)
    assert [indexer.size(r) for r in range(len(rounds))] == sizes
    reference = ReferenceIndexer(rounds)
    assert [reference.size(r) for r in range(len(rounds))] == sizes


def _orbit_count(rounds: list[int]) -> int:
    """The classes of every hand of these rounds, counted by brute force: each hand's smallest
    renaming (every round a set)."""
    renamings = list(itertools.permutations(range(4)))
    seen = set()
    for hand in itertools.permutations(range(52), sum(rounds)):
        parts, at = [], 0
        for r in rounds:
            parts.append(hand[at:at + r])
            at += r
        if any(list(p) != sorted(p) for p in parts):
            continue
        seen.add(min(tuple(tuple(sorted(4 * (c // 4) + perm[c % 4] for c in p)) for p in parts) for perm in renamings))
    return len(seen)


@pytest.mark.parametrize("rounds", [[2], [1, 1], [3], [1, 2]])
def test_sizes_equal_a_brute_force_count(rounds: list[int]) -> None:
    assert Indexer(rounds).size(len(rounds) - 1) == _orbit_count(rounds)


@pytest.mark.parametrize("rounds, round", [([2, 3, 1, 1], 0), ([2, 3], 1), ([5], 0), ([3], 0), ([1, 1, 1], 2),
                                           ([4, 3, 1, 1], 0), ([2, 1], 1)])
def test_every_index_round_trips(rounds: list[int], round: int) -> None:
    indexer = Indexer(rounds)
    n = indexer.size(round)
    every = np.arange(n, dtype=np.uint64)
    hands = indexer.unindex_many(round, every, threads=2)
    assert hands.shape == (n, indexer.cards(round))
    assert np.array_equal(indexer.index_many(hands, threads=2), every)
    # every canonical hand is a hand: distinct cards, each round from its highest card
    assert all(len(set(h)) == len(h) for h in hands[:: max(1, n // 5000)].tolist())


@pytest.mark.parametrize("rounds", ROUND_SETS)
def test_random_indices_round_trip_and_equal_the_reference(rounds: list[int]) -> None:
    indexer, reference = Indexer(rounds), ReferenceIndexer(rounds)
    rng = random.Random(sum(rounds) * 31 + len(rounds))
    for r in range(len(rounds)):
        picks = [rng.randrange(indexer.size(r)) for _ in range(300)] + [0, indexer.size(r) - 1]
        hands = indexer.unindex_many(r, np.array(picks, dtype=np.uint64))
        assert indexer.index_many(hands).tolist() == picks
        for i in picks[:60]:
            assert reference.unindex(r, i) == indexer.unindex(r, i)
            assert reference.index(indexer.unindex(r, i)) == i


def _deal(rng: random.Random, rounds: list[int], r: int) -> list[int]:
    return rng.sample(range(52), sum(rounds[: r + 1]))


def _renamed(hand: list[int], perm: tuple[int, ...]) -> list[int]:
    return [4 * (c // 4) + perm[c % 4] for c in hand]


def _shuffled_within_rounds(rng: random.Random, hand: list[int], rounds: list[int]) -> list[int]:
    out, at = [], 0
    for n in rounds:
        part = hand[at:at + n]
        rng.shuffle(part)
        out += part
        at += n
    return out


@pytest.mark.parametrize("rounds", ROUND_SETS)
def test_renamings_and_orders_keep_the_index(rounds: list[int]) -> None:
    indexer, reference = Indexer(rounds), ReferenceIndexer(rounds)
    rng = random.Random(7)
    for r in range(len(rounds)):
        hands = [_deal(rng, rounds, r) for _ in range(100)]
        base = indexer.index_many(np.array(hands, dtype=np.uint8)).tolist()
        assert base == [reference.index(h) for h in hands]
        for perm in itertools.permutations(range(4)):
            moved = [_shuffled_within_rounds(rng, _renamed(h, perm), rounds[: r + 1]) for h in hands]
            assert indexer.index_many(np.array(moved)).tolist() == base
        # the canonical hand is a renaming of the hand, up to the order within rounds
        for h, i in zip(hands[:20], base[:20]):
            canon = indexer.unindex(r, i)
            assert any(_by_rounds(_renamed(h, p), rounds[: r + 1]) == _by_rounds(canon, rounds[: r + 1])
                       for p in itertools.permutations(range(4)))


def _by_rounds(hand: list[int], rounds: list[int]) -> list[list[int]]:
    out, at = [], 0
    for n in rounds:
        out.append(sorted(hand[at:at + n]))
        at += n
    return out


def test_moving_a_card_between_rounds_changes_the_index() -> None:
    indexer = Indexer([2, 3])
    assert indexer.index("As Ks Qs Jd Td") != indexer.index("As Qs Ks Jd Td")
    assert indexer.index("As Ks Qs Jd Td") != indexer.index("As Kd Qs Js Td")


@settings(max_examples=300)
@given(st.permutations(range(52)), st.sampled_from([[2, 3, 1, 1], [2, 5], [4, 3, 1, 1], [3, 3, 3], [6, 6]]))
def test_two_hands_share_an_index_only_when_a_renaming_relates_them(deck: list[int], rounds: list[int]) -> None:
    indexer = Indexer(rounds)
    r = len(rounds) - 1
    n = indexer.cards(r)
    a = deck[:n]
    b = indexer.unindex(r, indexer.index(a))
    c = deck[n:2 * n] if 2 * n <= 52 else deck[52 - n:]
    related = any(_by_rounds(_renamed(a, p), rounds) == _by_rounds(c, rounds) for p in itertools.permutations(range(4)))
    assert (indexer.index(a) == indexer.index(c)) == related
    assert indexer.index(b) == indexer.index(a)


def test_thirteen_of_a_suit() -> None:
    indexer = Indexer([13])
    assert indexer.size(0) == ReferenceIndexer([13]).size(0)
    every_club = [4 * rank for rank in range(13)]
    assert indexer.index(every_club) == indexer.index([c + 3 for c in every_club])


def test_scalar_and_batch_agree_and_threads_change_nothing() -> None:
    indexer = Indexer([2, 5])
    rng = np.random.default_rng(5)
    hands = np.array([rng.permutation(52)[:7] for _ in range(100_000)], dtype=np.uint8)
    one = indexer.index_many(hands, threads=1)
    assert np.array_equal(one, indexer.index_many(hands, threads=2))
    assert np.array_equal(one, indexer.index_many(hands.astype(np.int64)))
    assert [indexer.index(h) for h in hands[:200].tolist()] == one[:200].tolist()
    assert one.dtype == np.uint64 and int(one.max()) < indexer.size(1)


def test_bad_input_is_named() -> None:
    holdem = Indexer([2, 3, 1, 1])
    with pytest.raises(ValueError, match="duplicate card Ah"):
        holdem.index("Ah Kd Ah 2c 3c")
    with pytest.raises(ValueError, match=r"holds 2 or 5 or 6 or 7 cards, not 4"):
        holdem.index("Ah Kd 2c 3c")
    with pytest.raises(ValueError, match=r"hand 1: duplicate card Ah"):
        holdem.index_many(np.array([parse_cards("As Kd"), [50, 50]], dtype=np.uint8))
    with pytest.raises(ValueError, match=r"hand 0: card 60 is not a card"):
        holdem.index_many(np.array([[60, 1]], dtype=np.uint8))
    with pytest.raises(ValueError, match="card ints 0-51"):
        holdem.index_many(np.array([[-1, 1]]))
    with pytest.raises(ValueError, match="holds 2 or 5 or 6 or 7 cards, not 3"):
        holdem.index_many(np.zeros((4, 3), dtype=np.uint8))
    with pytest.raises(ValueError, match="2-d array"):
        holdem.index_many(np.zeros(4, dtype=np.uint8))
    with pytest.raises(ValueError, match="index must be 0 to 168 for round 0, not 169"):
        holdem.unindex(0, 169)
    with pytest.raises(ValueError, match="indices must be 0 to 168"):
        holdem.unindex_many(0, [3, 169])
    with pytest.raises(ValueError, match="round must be 0 to 3"):
        holdem.size(4)
    for bad in ([], [0, 2], [30, 30], [1] * 9):
        with pytest.raises(ValueError, match="rounds must be 1 to 8 counts"):
            Indexer(bad)
    with pytest.raises(TypeError):
        Indexer("2,3")  # type: ignore[arg-type]


@pytest.mark.parametrize("rounds", [[2, 5], [2, 3, 1, 1]])
@pytest.mark.parametrize("card", [52, 63, 64, 200, "duplicate"])
def test_the_first_bad_row_of_a_batch_is_named(rounds: list[int], card: int | str) -> None:
    """Rows are checked a block at a time by the fast kernel: the first bad row is the one named,
    wherever it falls in its block, and by both kernels alike."""
    indexer = Indexer(rounds)
    rng = np.random.default_rng(7)
    hands = np.argsort(rng.random((40, 52)), axis=1)[:, :7].astype(np.uint8)
    for first in (0, 5, 13, 31, 39):
        bad = hands.copy()
        for row in (first, min(first + 3, 39)):
            if card == "duplicate":
                bad[row, 6] = bad[row, 2]
            else:
                bad[row, row % 7] = card
        words = "duplicate card" if card == "duplicate" else f"card {card} is not a card"
        for kernel in indexer._native.kernels(len(rounds) - 1):
            with pytest.raises(ValueError, match=rf"hand {first}: {words}"):
                indexer._native.index(bad, len(rounds) - 1, 1, kernel=kernel)


def test_empty_batches() -> None:
    indexer = Indexer([2, 5])
    assert indexer.index_many(np.zeros((0, 7), dtype=np.uint8)).shape == (0,)
    assert indexer.unindex_many(1, np.zeros(0, dtype=np.uint64)).shape == (0, 7)


def test_colex_basics() -> None:
    # the first and last hole-card classes: the lowest and highest canonical hands
    holdem = Indexer([2])
    assert comb(13, 2) * 2 + 13 == holdem.size(0)


@pytest.mark.parametrize("rounds", ROUND_SETS + [[4, 5], [1, 1, 1, 1, 1, 1, 1, 1]])
def test_every_native_kernel_agrees(rounds: list[int]) -> None:
    """Every kernel this CPU runs (BMI2's extract, AVX-512's 16 rows at once, where it has them)
    gives the portable kernel's indices; batches of odd sizes, so that a block's tail is met."""
    indexer = Indexer(rounds)
    rng = np.random.default_rng(len(rounds))
    for r in range(len(rounds)):
        n = indexer.cards(r)
        hands = np.argsort(rng.random((20_003, 52)), axis=1)[:, :n].astype(np.uint8)
        portable = indexer._native.index(hands, r, 1, kernel="portable")
        for kernel in indexer._native.kernels(r):
            assert np.array_equal(indexer._native.index(hands, r, 2, kernel=kernel), portable), kernel
            assert np.array_equal(indexer._native.index(hands[:37], r, 1, kernel=kernel), portable[:37]), kernel
        if r == len(rounds) - 1 and indexer.size(r) < 10**7:
            reference = ReferenceIndexer(rounds)
            assert [reference.index(h) for h in hands[:50].tolist()] == portable[:50].tolist()


def test_the_kernels_this_cpu_runs() -> None:
    """On x86-64 with BMI2 (every CPU this project's tests run on but aarch64) the bmi2 kernel, and
    avx512 for a hold'em river where the CPU has AVX-512 (the row kernels' own list says)."""
    from wildeval import _core

    native = Indexer([2, 5])._native
    names = native.kernels(1)
    assert names[0] == "portable"
    assert ("avx512" in names) == _core.rows_kernel_runs("avx512")
    with pytest.raises(ValueError, match="kernel must be auto, portable, bmi2 or avx512, not sse"):
        native.index(np.zeros((1, 7), dtype=np.uint8), 1, 1, kernel="sse")
    if "avx512" not in names:
        with pytest.raises(ValueError, match="kernel avx512 cannot run here"):
            native.index(np.zeros((1, 7), dtype=np.uint8), 1, 1, kernel="avx512")
