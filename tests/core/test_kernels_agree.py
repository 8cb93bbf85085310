"""Every row kernel this machine runs (portable, SSSE3, AVX2, AVX-512, NEON) gives the same values and
the same errors on the same rows: every hand size, wild settings, rankings (three-card poker too)
and dtypes, bytes that are not cards and duplicates in every lane of a block. The values are also
held to the per-call path, which no row kernel serves."""

from __future__ import annotations

import platform

import numpy as np
import pytest

from wildeval import Evaluator, _core
from wildeval.rankings import spec

KERNELS = [name for name in _core.rows_kernels() if _core.rows_kernel_runs(name)]


pytestmark = pytest.mark.usefixtures("keeps_rows_kernel")


def _under_each_kernel(ev: Evaluator, hands: np.ndarray) -> dict[str, object]:
    """Each kernel's answer: the values as a list, or the error's text."""
    answers: dict[str, object] = {}
    for kernel in KERNELS:
        _core.use_rows_kernel(kernel)
        try:
            answers[kernel] = ev.batch(hands, threads=1).tolist()
        except ValueError as error:
            answers[kernel] = f"ValueError: {error}"
    return answers


def _rows(n: int, n_cards: int, seed: int, lowest_card: int = 0) -> np.ndarray:
    """Rows of distinct cards from ``lowest_card`` up (the ranking's deck)."""
    rng = np.random.default_rng(seed)
    deck = np.arange(lowest_card, 52)
    rows = deck[rng.random((n, len(deck))).argsort(axis=1)[:, :n_cards]]
    low_rank = lowest_card >> 2
    for i in np.flatnonzero(rng.random(n) < 0.3):  # about a third made to hold a suit of five or more
        suit = int(rng.integers(4))
        in_suit = (rng.permutation(13 - low_rank)[: min(n_cards, 5)] + low_rank) * 4 + suit
        rest = [c for c in rng.permutation(deck) if c not in set(in_suit)][: n_cards - len(in_suit)]
        rows[i] = rng.permutation(np.concatenate([in_suit, rest]))
    return rows.astype(np.uint8)


CASES = [(ranking, wild, n) for ranking in ("high", "low27", "low_a5", "short_deck", "short_deck_straight_beats_trips")
         for n in (5, 6, 7) for wild in ((None, "2", "357", "23456789TJQKA") if ranking == "high" else (None,))]
# three-card poker has kernels of its own under AVX-512, AVX2 and NEON (16, 8 and 16 rows a block)
CASES += [("three_card_poker", wild, 3) for wild in (None, "2", "3", "23456789TJQKA")]


def test_more_than_one_kernel_runs_here() -> None:
    """The portable kernel runs everywhere; on x86-64 the SSSE3 one too (the package's default
    build), on aarch64 the NEON one, so the comparisons below always compare something."""
    assert "portable" in KERNELS
    assert _core.rows_kernel() in KERNELS
    assert len(KERNELS) >= 2 or not (_core.rows_kernel_runs("ssse3") or platform.machine() in ("aarch64", "arm64"))


def _cpu_vendor() -> str:
    """The vendor_id of /proc/cpuinfo ('' where there is none)."""
    try:
        with open("/proc/cpuinfo", encoding="ascii", errors="replace") as info:
            for line in info:
                if line.startswith("vendor_id"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return ""


def test_an_avx512_cpu_runs_the_kernel_its_vendor_runs_faster() -> None:
    """Both ways of the AVX-512 kernel run wherever one does; AMD's CPUs default to lookups read
    a row at a time (their gathers measured slower, docs/experiments.md), Intel's to gathers."""
    assert _core.rows_kernel_runs("avx512") == _core.rows_kernel_runs("avx512-scalar")
    if not _core.rows_kernel_runs("avx512"):
        assert _core.rows_kernel() not in ("avx512", "avx512-scalar")
        return
    vendor = _cpu_vendor()
    if vendor == "AuthenticAMD":
        assert _core.rows_kernel() == "avx512-scalar"
    elif vendor == "GenuineIntel":
        assert _core.rows_kernel() == "avx512"
    else:
        assert _core.rows_kernel() in ("avx512", "avx512-scalar")


@pytest.mark.parametrize("ranking,wild,n_cards", CASES)
@pytest.mark.parametrize("dtype", [np.uint8, np.int16, np.int32, np.uint64])
def test_every_kernel_gives_the_same_values(ranking: str, wild: str | None, n_cards: int, dtype: type) -> None:
    ev = Evaluator(ranking, wild)  # type: ignore[arg-type]
    hands = _rows(2053, n_cards, seed=n_cards * 31 + len(wild or ""),
                  lowest_card=spec(ranking).lowest_card)  # whole blocks and a ragged end
    answers = _under_each_kernel(ev, hands.astype(dtype))
    expected = [ev(row) for row in hands[:200].tolist()]
    for kernel, values in answers.items():
        assert isinstance(values, list), (kernel, values)
        assert values[:200] == expected, kernel
        assert values == answers["portable"], kernel


@pytest.mark.parametrize("wild", [None, "357"])
@pytest.mark.parametrize("dtype", [np.uint8, np.int16, np.uint32, np.int64])
def test_every_kernel_agrees_on_short_batches_and_shifted_arrays(wild: str | None, dtype: type) -> None:
    """Batches of 1-33 rows and just past a block, a whole array or one row into it (its start no
    longer aligned), for every hand size: where each kernel hands the last rows on must change no
    value, and no read may pass the array's end (each ends where its allocation does, so that
    the sanitizer build sees such a read)."""
    ev = Evaluator("high", wild)  # type: ignore[arg-type]
    for n_cards in (5, 6, 7):
        hands = _rows(130, n_cards, seed=7 * n_cards).astype(dtype)
        for n in [*range(1, 34), 63, 65, 129]:
            for view in (hands[:n].copy(), hands[:n + 1].copy()[1:]):
                answers = _under_each_kernel(ev, view)
                assert all(values == answers["portable"] for values in answers.values()), (n_cards, n, answers)


@pytest.mark.parametrize("ranking,wild,n_cards", [c for c in CASES if c[1] in (None, "357")])
def test_every_kernel_names_the_same_bad_card(ranking: str, wild: str | None, n_cards: int) -> None:
    ev = Evaluator(ranking, wild)  # type: ignore[arg-type]
    hands = _rows(64, n_cards, seed=n_cards, lowest_card=spec(ranking).lowest_card)
    rng = np.random.default_rng(n_cards)
    for row in range(0, 64, 3):  # every lane of an 8- and a 16-row block, and the last rows
        for bad in (52, 63, 64, 200, 255):
            wrong = hands.copy()
            wrong[row, int(rng.integers(n_cards))] = bad
            answers = _under_each_kernel(ev, wrong)
            assert set(answers.values()) == {f"ValueError: row {row}: card {bad} is not a card (0-51)"}, answers


@pytest.mark.parametrize("ranking,wild,n_cards", [c for c in CASES if c[1] in (None, "2")])
def test_every_kernel_names_the_same_duplicate(ranking: str, wild: str | None, n_cards: int) -> None:
    ev = Evaluator(ranking, wild)  # type: ignore[arg-type]
    hands = _rows(48, n_cards, seed=100 + n_cards, lowest_card=spec(ranking).lowest_card)
    for row in range(48):
        a, b = row % n_cards, (row // n_cards + row + 1) % n_cards
        if a == b:
            b = (a + 1) % n_cards
        wrong = hands.copy()
        wrong[row, b] = wrong[row, a]
        answers = _under_each_kernel(ev, wrong)
        assert len(set(answers.values())) == 1, answers
        assert str(answers["portable"]).startswith(f"ValueError: row {row}: duplicate card "), answers


@pytest.mark.parametrize("ranking", ["short_deck", "short_deck_straight_beats_trips"])
@pytest.mark.parametrize("n_cards", [5, 7])
def test_every_kernel_names_the_same_card_outside_the_deck(ranking: str, n_cards: int) -> None:
    ev = Evaluator(ranking)  # type: ignore[arg-type]
    hands = _rows(64, n_cards, seed=n_cards, lowest_card=16)
    for row in range(0, 64, 3):
        for outside in (0, 15):
            wrong = hands.copy()
            wrong[row, row % n_cards] = outside
            wrong[min(row + 1, 63), 0] = outside  # and in the next row: the first is named
            answers = _under_each_kernel(ev, wrong)
            assert set(answers.values()) == {f"ValueError: row {row}: {spec(ranking).not_in_deck(outside)}"}, answers


def test_sampled_equity_deals_the_same_cards_under_every_kernel() -> None:
    """The sampler reads its cards' digits with AVX-512 IFMA where the AVX-512 kernel runs (and the
    CPU has IFMA), finds a deal's r-th card left by BMI2's deposit where the AVX2 or AVX-512 kernel
    runs, and by a broadword search elsewhere: the same deals, so the same counts, to the bit."""
    from wildeval.odds import equity

    spots = [(["QQ+:0.5, AKs, 72o:25%", "random"], "", ""), (["As Ad", "Kc Kd", "random", "random"], "2h 7h", "Qs"),
             (["AA, KK", "random"], "Ah 7c 2d", ""),
             # several unweighted lists whose hands often meet (attempts thrown away), one board
             (["AK, AQ, KQ", "QQ, KK", "JJ+, AKs"], "", ""), (["AA, AK", "KK, AK", "random"], "Qs 7h 2c", ""),
             # and weighted: each attempt reads a coin a weighted list before its digits
             (["AK:0.3, AQ, KQ:60%", "QQ:0.5, KK", "JJ+, AKs"], "", "")]
    answers: dict[str, object] = {}
    for kernel in KERNELS:
        _core.use_rows_kernel(kernel)
        answers[kernel] = [equity(players, board, dead=dead, trials=100_003, seed=17, threads=1)
                           for players, board, dead in spots]
        # a list of Omaha holes (over 4,096 of them: a list's digit past the cards' 64-bit product)
        answers[kernel].append(equity(["As Ad Ks Kd", "random"], "2h 7h 9c", ranking="omaha", trials=20_011,
                                      seed=5, threads=1))
    assert len(set(map(repr, answers.values()))) == 1, answers
