"""Rebuild the exact heads-up preflop table shipped as python/wildeval/data/preflop_heads_up.npy.gz.

Usage: python tools/preflop_table.py [--out FILE] [--threads N]

For every ordered pair of the 169 starting-hand classes (a, b) the table holds three whole
numbers over every compatible pair of hands (one hand of a, one of b, no card shared) and every
board of five of the 48 cards left: the deals a wins, the deals it ties, and the pairs of hands.
Every pair of hands has C(48, 5) = 1,712,304 boards, so equity(a, b) is
(wins + ties / 2) / (pairs * 1,712,304): the average over compatible pairs of each pair's exact
equity.

How it counts: the suit renamings move any hand of a class onto any other, so the sum over every
pair is |a| times the sum over the pairs with one fixed hand A0 of a. The hands of b that miss A0
fall into orbits under the renamings that keep A0; one hand of each orbit is counted exactly by
wildeval.odds.equity (the package's engine, every board) and weighted by the orbit's size. Only
a <= b (in the table's order) is counted; (b, a) is read from the same deals (b wins what a
loses). The same bytes every run: the counts are whole numbers, written as a .npy by numpy and
gzip'd without a time stamp.
"""

from __future__ import annotations

import argparse
import gzip
import io
import itertools
import math
import sys
import time
from pathlib import Path

import numpy as np

from wildeval.odds import equity
from wildeval.preflop import BOARDS, CLASSES, DATA_FILE, class_hands

SUIT_RENAMINGS = list(itertools.permutations(range(4)))


def _rename(hand: tuple[int, ...], perm: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(sorted((c & ~3) | perm[c & 3] for c in hand))


def orbits(a: str, b: str) -> tuple[tuple[int, ...], list[tuple[tuple[int, ...], int]]]:
    """A fixed hand A0 of class a, and the hands of class b that miss it grouped by the suit
    renamings that keep A0: (a representative, the orbit's size), in a fixed order."""
    a0 = tuple(sorted(class_hands(a)[0]))
    keep = [p for p in SUIT_RENAMINGS if _rename(a0, p) == a0]
    groups: dict[tuple[int, ...], int] = {}
    for hand in class_hands(b):
        h = tuple(sorted(hand))
        if set(h) & set(a0):
            continue
        key = min(_rename(h, p) for p in keep)
        groups[key] = groups.get(key, 0) + 1
    return a0, sorted(groups.items())


def count_pair(a: str, b: str, threads: int) -> tuple[int, int, int, int]:
    """(wins of a, ties, wins of b, pairs of hands) over every compatible pair and every board."""
    size_a = len(class_hands(a))
    a0, groups = orbits(a, b)
    wins = ties = losses = 0
    for hand, weight in groups:
        first, second = equity([list(a0), list(hand)], threads=threads)
        if first.boards != BOARDS:
            raise RuntimeError(f"{a} v {b}: {first.boards} boards, not {BOARDS}")
        w, t, lo = (round(x * BOARDS) for x in (first.win, first.tie, second.win))
        if w + t + lo != BOARDS or not math.isclose(first.win * BOARDS, w, abs_tol=1e-6):
            raise RuntimeError(f"{a} v {b}: the counts are not whole numbers")
        wins, ties, losses = wins + weight * w, ties + weight * t, losses + weight * lo
    pairs = size_a * sum(weight for _, weight in groups)
    return size_a * wins, size_a * ties, size_a * losses, pairs


def build(threads: int, progress: bool = False) -> np.ndarray:
    """The table: uint32 of shape (3, 169, 169): wins, ties, pairs of hands, a's row, b's column."""
    n = len(CLASSES)
    table = np.zeros((3, n, n), dtype=np.uint32)
    start = time.monotonic()
    for i in range(n):
        for j in range(i, n):
            w, t, lo, pairs = count_pair(CLASSES[i], CLASSES[j], threads)
            table[:, i, j] = (w, t, pairs)
            table[:, j, i] = (lo, t, pairs)
        if progress:
            print(f"{CLASSES[i]} done, {time.monotonic() - start:.0f} s", file=sys.stderr, flush=True)
    return table


def encode(table: np.ndarray) -> bytes:
    raw = io.BytesIO()
    np.save(raw, table, allow_pickle=False)
    return gzip.compress(raw.getvalue(), compresslevel=9, mtime=0)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Rebuild the exact heads-up preflop table.")
    parser.add_argument("--out", default=str(DATA_FILE), help="where to write it (default: the package's file)")
    parser.add_argument("--threads", type=int, default=2, help="threads of each count (default 2)")
    parser.add_argument("--quiet", action="store_true", help="no progress lines")
    args = parser.parse_args(argv)
    start = time.monotonic()
    data = encode(build(args.threads, progress=not args.quiet))
    Path(args.out).write_bytes(data)
    print(f"{args.out}: {len(data):,} bytes, {time.monotonic() - start:.0f} s on {args.threads} threads",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
