"""How a batch scales over the core's worker pool (src/core/parallel.hpp), on the machine it runs on.

For batches of 65,536 / 250,000 / 1,000,000 / 4,000,000 seven-card hands and threads=1, 2, 4, 8, 16
(up to os.cpu_count()), prints the million hands a second (best of --repeat runs, thread counts
alternating so that a busy spell does not fall on one of them) and the ratio to one thread.

    python benchmarks/threads/scaling.py [--repeat 5] [--sizes 65536,250000] [--threads 1,2,4]
"""

from __future__ import annotations

import argparse
import os
import time

import numpy as np

from wildeval import Evaluator
from wildeval.cli.bench import cpu_name

SIZES = (65_536, 250_000, 1_000_000, 4_000_000)


def _hands(n: int, seed: int = 7) -> np.ndarray:
    """n rows of 7 distinct cards (uint8)."""
    rng = np.random.default_rng(seed)
    pool = rng.random((min(n, 1 << 16), 52)).argsort(axis=1)[:, :7].astype(np.uint8)
    return np.ascontiguousarray(np.tile(pool, (-(-n // len(pool)), 1))[:n])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="runs per cell, the best kept (default 5)")
    parser.add_argument("--sizes", default=",".join(map(str, SIZES)), help="batch sizes, comma separated")
    parser.add_argument("--threads", default=None,
                        help="thread counts, comma separated (default 1,2,4,8,16 up to the CPUs)")
    args = parser.parse_args()
    cpus = os.cpu_count() or 1
    if args.threads:
        counts = [int(t) for t in args.threads.split(",")]
    else:
        counts = [t for t in (1, 2, 4, 8, 16) if t <= cpus]
        if cpus not in counts and cpus > 1:
            counts.append(cpus)
    sizes = [int(s) for s in args.sizes.split(",")]
    ev = Evaluator()
    print(f"CPU: {cpu_name()} ({cpus} CPUs); best of {args.repeat}; M hands/s (ratio to one thread)")
    print(f"{'hands':>10} " + " ".join(f"{'threads=' + str(t):>18}" for t in counts))
    for n in sizes:
        hands = _hands(n)
        out = ev.batch(hands, threads=1)  # warm the tables and the result memory
        best = dict.fromkeys(counts, float("inf"))
        for _ in range(args.repeat):
            for t in counts:  # alternating
                start = time.perf_counter()
                ev.batch(hands, threads=t)
                best[t] = min(best[t], time.perf_counter() - start)
        del out
        one = n / best[counts[0]] / 1e6 if counts[0] == 1 else None
        cells = []
        for t in counts:
            rate = n / best[t] / 1e6
            cells.append(f"{rate:8.1f} ({rate / one:5.2f}x)" if one else f"{rate:8.1f}")
        print(f"{n:>10,} " + " ".join(f"{c:>18}" for c in cells), flush=True)


if __name__ == "__main__":
    main()
