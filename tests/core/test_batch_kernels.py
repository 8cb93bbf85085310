"""The batch kernels at their edges: every row count around the kernels' groups and chunks,
flushes and duplicates in every position, against the per-call path (a different code path).
Every test runs under each kernel of natural rows this machine runs (portable, SSSE3, AVX2,
AVX-512)."""

from __future__ import annotations

import numpy as np
import pytest

from wildeval import Evaluator
from wildeval.cards import format_cards

pytestmark = pytest.mark.usefixtures("rows_kernel")  # conftest.py: each kernel this machine runs

SIZES = [*range(1, 41), 63, 64, 65, 255, 256, 257, 1023, 1024, 1025, 4099]


def _hands(n: int, n_cards: int, seed: int, flush_share: float = 0.3) -> np.ndarray:
    """Random rows, about ``flush_share`` of them built to hold five or more cards of one suit."""
    rng = np.random.default_rng(seed)
    rows = rng.random((n, 52)).argsort(axis=1)[:, :n_cards]
    for i in np.flatnonzero(rng.random(n) < flush_share):
        suit = rng.integers(4)
        in_suit = rng.permutation(13)[: min(n_cards, 5 + rng.integers(0, 3))] * 4 + suit
        rest = [c for c in rng.permutation(52) if c not in set(in_suit)][: n_cards - len(in_suit)]
        rows[i] = rng.permutation(np.concatenate([in_suit, rest]))
    return rows.astype(np.uint8)


@pytest.mark.parametrize("ranking,wild,n_cards", [
    ("high", None, 7), ("high", None, 6), ("high", None, 5), ("high", "357", 7), ("high", "2", 5),
    ("low27", None, 7), ("low27", None, 6), ("low27", None, 5), ("low_a5", None, 7), ("low_a5", None, 5),
    ("three_card_poker", None, 3), ("three_card_poker", "3", 3), ("high", None, 3),
    # wild rows of 5-7 cards share the natural kernel; deuces and treys wild make the padding
    # rows of its last group (2c 2d 2h 2s 3c ...) wild too
    ("high", "2", 7), ("high", "23", 6), ("high", "357", 5), ("high", "23456789TJQKA", 7),
])
def test_every_row_count_gives_the_per_call_values(ranking: str, wild: str | None, n_cards: int) -> None:
    ev = Evaluator(ranking, wild)  # type: ignore[arg-type]
    big = _hands(max(SIZES), n_cards, seed=n_cards)
    expected = np.array([ev(row) for row in big.tolist()], dtype=np.int32)
    for n in SIZES:
        for start in (0, 1):  # an odd start: rows that are not aligned in memory
            hands = big[start:start + n]
            assert np.array_equal(ev.batch(hands, threads=1), expected[start:start + n]), (n, start)
            assert np.array_equal(ev.batch(hands.astype(np.int64), threads=1), expected[start:start + n])


@pytest.mark.parametrize("ranking,n_cards,wild", [("high", 7, None), ("high", 6, None), ("high", 5, None),
                                                  ("low27", 7, None), ("low_a5", 7, None),
                                                  ("three_card_poker", 3, None), ("high", 7, "23")])
@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 7, 8, 9, 33, 257])
def test_a_duplicate_in_any_row_and_column_is_found(ranking: str, n_cards: int, wild: str | None, n: int) -> None:
    ev = Evaluator(ranking, wild)  # type: ignore[arg-type]
    hands = _hands(n, n_cards, seed=n)
    rng = np.random.default_rng(n)
    for row in sorted({0, n // 2, n - 1}):
        a, b = rng.choice(n_cards, 2, replace=False)
        bad = hands.copy()
        bad[row, b] = bad[row, a]
        card = format_cards([int(bad[row, a])])
        with pytest.raises(ValueError, match=rf"^row {row}: duplicate card {card}$"):
            ev.batch(bad, threads=1)


@pytest.mark.parametrize("ranking,n_cards", [
    *[(ranking, n) for ranking in ("high", "low27", "low_a5") for n in (5, 6, 7)], ("three_card_poker", 3),
])
@pytest.mark.parametrize("dtype", [np.uint8, np.int16, np.int64])
def test_a_duplicate_in_any_pair_of_columns_in_any_lane_is_found(ranking: str, n_cards: int, dtype: type) -> None:
    """The AVX-512 kernels compare a row's bytes by rotations within 32-bit lanes, sixteen rows a
    block: every pair of columns, in every row of a block, and no false alarm from the filler;
    wide rows as the kernel narrows them."""
    ev = Evaluator(ranking)  # type: ignore[arg-type]
    hands = _hands(80, n_cards, seed=70 + n_cards).astype(dtype)
    assert np.array_equal(ev.batch(hands, threads=1), [ev(row) for row in hands.tolist()])
    for row in range(16, 32):
        for a in range(n_cards):
            for b in range(a + 1, n_cards):
                bad = hands.copy()
                bad[row, b] = bad[row, a]
                with pytest.raises(ValueError, match=rf"^row {row}: duplicate card "):
                    ev.batch(bad, threads=1)


@pytest.mark.parametrize("n_cards", [6, 7])
def test_low27_rows_with_a_suit_of_five_against_the_reference(n_cards: int) -> None:
    """Deuce-to-seven with five or more cards of a suit: the kernel takes the best five by ranks
    when it can be taken without a flush, and searches every five otherwise; the independent
    reference evaluator decides."""
    from wildeval import reference

    ev, ref = Evaluator("low27"), reference.Evaluator("low27")
    hands = _hands(3000, n_cards, seed=40 + n_cards, flush_share=1.0)
    suits = hands & 3
    assert all(np.bincount(row, minlength=4).max() >= 5 for row in suits)
    assert ev.batch(hands, threads=1).tolist() == [ref(row) for row in hands.tolist()]


@pytest.mark.parametrize("ranking,n_cards,wild", [("high", 7, None), ("high", 6, None), ("high", 5, None),
                                                  ("low27", 7, None), ("low_a5", 5, None), ("high", 7, "357")])
@pytest.mark.parametrize("bad", [52, 63, 64, 127, 128, 200, 255])
def test_bytes_that_are_not_cards_are_named_whatever_the_kernel(ranking: str, n_cards: int, wild: str | None,
                                                                bad: int) -> None:
    """These kernels read uint8 rows in place and check the bytes themselves: any byte past 51,
    in any row of a block (the AVX-512 kernel's blocks are 16 rows, its last ones read by a
    second load), is reported as the first bad card, before any duplicate."""
    ev = Evaluator(ranking, wild)  # type: ignore[arg-type]
    hands = _hands(5000, n_cards, seed=bad)
    for row in (0, 3, 15, 4096, 4109, 4999):
        wrong = hands.copy()
        wrong[row, row % n_cards] = bad
        with pytest.raises(ValueError, match=rf"^row {row}: card {bad} is not a card \(0-51\)$"):
            ev.batch(wrong, threads=1)
        other = row + 1 if row < 4999 else 4998  # a duplicate after it (or before): the bad card is named
        wrong[other, :2] = wrong[other, 0]
        with pytest.raises(ValueError, match=rf"^row {row}: card {bad} is not a card \(0-51\)$"):
            ev.batch(wrong, threads=1)
        as_int8 = wrong.view(np.int8)
        with pytest.raises(ValueError, match=rf"^row {row}: card {bad - 256 if bad > 127 else bad} is not a card"):
            ev.batch(as_int8, threads=1)


@pytest.mark.parametrize("ranking,wild,n_cards", [
    ("high", None, 7), ("high", None, 6), ("high", None, 5), ("high", "357", 7), ("high", "2", 5), ("high", "23", 6),
    ("low27", None, 7), ("low27", None, 6), ("low27", None, 5), ("low_a5", None, 7), ("low_a5", None, 5),
])
def test_wide_cards_over_many_blocks_give_the_byte_values(ranking: str, wild: str | None, n_cards: int) -> None:
    """Wide integer rows are read by the AVX-512 kernel itself (narrowed as it loads them; its
    flush fix-ups read the bytes it wrote), or narrowed a block at a time while the next block
    is fetched ahead (the portable kernel): over several blocks (4,096 rows each) and a ragged
    end, in every integer width and in Fortran order, on one thread and two, the values are
    those of the same rows as bytes. A third of the rows hold five cards of a suit."""
    ev = Evaluator(ranking, wild)  # type: ignore[arg-type]
    hands = _hands(3 * 4096 + 1234, n_cards, seed=40 + n_cards)
    expected = ev.batch(hands, threads=1)
    assert np.array_equal(expected[:300], [ev(row) for row in hands[:300].tolist()])
    for dtype in (np.int16, np.uint16, np.int32, np.uint32, np.int64, np.uint64):
        wide = hands.astype(dtype)
        for threads in (1, 2):
            assert np.array_equal(ev.batch(wide, threads=threads), expected), (dtype, threads)
        assert np.array_equal(ev.batch(np.asfortranarray(wide), threads=1), expected), dtype


@pytest.mark.parametrize("n_cards", [5, 6, 7])
@pytest.mark.parametrize("dtype", [np.int16, np.uint16, np.int32, np.uint32, np.int64, np.uint64])
def test_wide_values_past_the_cards_in_any_lane_are_named(n_cards: int, dtype: type) -> None:
    """The AVX-512 kernel evaluates wide rows by their values' low bytes: a value whose low byte
    is a card (256 + the card, the card - 256, 2**16 or 2**32 + the card) is still named as
    not a card, in every row of a 16-row block and in every column (a block's first 64 values
    and the rest are narrowed apart), and in the rows past the last whole block."""
    ev = Evaluator()
    hands = _hands(80, n_cards, seed=90 + n_cards).astype(dtype)
    assert np.array_equal(ev.batch(hands, threads=1), ev.batch(hands.astype(np.uint8), threads=1))
    itemsize, signed = np.dtype(dtype).itemsize, np.issubdtype(dtype, np.signedinteger)
    for row in [*range(16, 32), 79]:
        for col in range(n_cards):
            card = int(hands[row, col])
            values = ([card + 256] + [card - 256] * signed + [card + 2**16] * (itemsize >= 4)
                      + [card + 2**32] * (itemsize == 8))
            for value in values:
                wrong = hands.copy()
                wrong[row, col] = value
                with pytest.raises(ValueError, match=rf"^row {row}: card {value} is not a card \(0-51\)$"):
                    ev.batch(wrong, threads=1)
