"""The machine's own scaling, the ceiling a thread pool can reach: K single-thread Python
processes evaluating the same batch at once (started together behind a barrier, each for
--seconds), their summed rate against one process alone.

    python benchmarks/threads/processes.py [--size 1000000] [--seconds 2] [--counts 1,2,4,8,16]
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import time

import numpy as np


def _worker(size: int, seconds: float, barrier: object, out: object) -> None:
    from wildeval import Evaluator

    rng = np.random.default_rng(7)
    pool = rng.random((min(size, 1 << 16), 52)).argsort(axis=1)[:, :7].astype(np.uint8)
    hands = np.ascontiguousarray(np.tile(pool, (-(-size // len(pool)), 1))[:size])
    ev = Evaluator()
    ev.batch(hands, threads=1)
    barrier.wait()  # type: ignore[attr-defined]
    done, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        ev.batch(hands, threads=1)
        done += size
    out.put(done / (time.perf_counter() - start))  # type: ignore[attr-defined]


def rate(processes: int, size: int, seconds: float) -> float:
    """Hands a second summed over ``processes`` single-thread processes running together."""
    ctx = mp.get_context("spawn")
    barrier, out = ctx.Barrier(processes), ctx.Queue()
    workers = [ctx.Process(target=_worker, args=(size, seconds, barrier, out)) for _ in range(processes)]
    for w in workers:
        w.start()
    total = sum(out.get() for _ in workers)
    for w in workers:
        w.join()
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=1_000_000)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--counts", default=None, help="process counts (default 1,2,4,8,16 up to the CPUs)")
    args = parser.parse_args()
    cpus = os.cpu_count() or 1
    counts = [int(c) for c in args.counts.split(",")] if args.counts else [c for c in (1, 2, 4, 8, 16) if c <= cpus]
    one = rate(1, args.size, args.seconds)
    print(f"{args.size:,} hands a batch, single-thread processes together, {cpus} CPUs")
    for k in counts:
        r = one if k == 1 else rate(k, args.size, args.seconds)
        print(f"  {k:>2} processes  {r / 1e6:9.1f} M hands/s  {r / one:5.2f}x one")


if __name__ == "__main__":
    main()
