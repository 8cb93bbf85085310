"""How fast wildeval.isomorphism indexes hands (docs/abstraction.md quotes it).

Run alone (it times, so nothing else heavy at once): python benchmarks/isomorphism_speed.py
Prints hands a second for index_many and unindex_many on 1 and 2 threads: 4,000,000 random
7-card hold'em river hands ([2, 5] and [2, 3, 1, 1]), the best of 3 runs; on one thread also by
the calling thread's CPU time (time.thread_time: what one core does, whatever else the machine
runs at the time), and each indexing kernel this CPU runs, named (portable, bmi2, avx512)."""

from __future__ import annotations

import time

import numpy as np

from wildeval.isomorphism import Indexer

N = 4_000_000


def random_hands(n: int, cards: int, seed: int = 1) -> np.ndarray:
    rng = np.random.default_rng(seed)
    out = np.empty((n, cards), dtype=np.uint8)
    for at in range(0, n, 200_000):
        m = min(200_000, n - at)
        out[at:at + m] = np.argsort(rng.random((m, 52)), axis=1)[:, :cards]
    return out


def best(f: object, repeats: int = 3, clock: object = time.perf_counter) -> float:
    times = []
    for _ in range(repeats):
        start = clock()  # type: ignore[operator]
        f()  # type: ignore[operator]
        times.append(clock() - start)  # type: ignore[operator]
    return min(times)


def main() -> None:
    hands = random_hands(N, 7)
    for rounds in ([2, 5], [2, 3, 1, 1]):
        indexer = Indexer(rounds)
        last = len(rounds) - 1
        indices = indexer.index_many(hands, threads=1)
        for threads in (1, 2):
            t = best(lambda: indexer.index_many(hands, threads=threads))  # noqa: B023
            u = best(lambda: indexer.unindex_many(last, indices, threads=threads))  # noqa: B023
            print(f"{str(rounds):14} threads={threads}: index_many {N / t / 1e6:6.1f} M hands/s, "
                  f"unindex_many {N / u / 1e6:6.1f} M hands/s (wall clock)")
        t = best(lambda: indexer.index_many(hands, threads=1), clock=time.thread_time)  # noqa: B023
        u = best(lambda: indexer.unindex_many(last, indices, threads=1), clock=time.thread_time)  # noqa: B023
        print(f"{str(rounds):14} threads=1: index_many {N / t / 1e6:6.1f} M hands/s, "
              f"unindex_many {N / u / 1e6:6.1f} M hands/s (the thread's CPU time)")
        for kernel in indexer._native.kernels(last):
            k = best(lambda: indexer._native.index(hands, last, 1, kernel=kernel))  # noqa: B023
            print(f"{str(rounds):14} threads=1: kernel {kernel:8} {N / k / 1e6:6.1f} M hands/s")


if __name__ == "__main__":
    main()
