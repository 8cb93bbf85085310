"""How the core's worker pool scales on the machine it runs on, against that machine's own ceiling.

For batches of 65,536 / 250,000 / 1,000,000 / 4,000,000 seven-card hands it prints the million
hands a second at threads=1, 2, 4, ... N (N: the CPUs this process may use), and the rate of N
single-thread processes evaluating the same batch together (the ceiling a thread pool can reach:
started once, released together behind a barrier). Every cell is the best of --repeat windows
of --seconds each, the thread counts and the processes taking turns window by window, so that a
busy spell of the machine does not fall on one of them. With --equity it also times exact and
sampled equity (range against range) at one thread and at N.

    python benchmarks/threads/scaling.py [--repeat 3] [--seconds 0.5] [--sizes 65536,250000]
                                         [--threads 1,2,4] [--equity]
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import time
from typing import Any

import numpy as np

from wildeval import Evaluator, _core
from wildeval.cli.bench import cpu_name

SIZES = (65_536, 250_000, 1_000_000, 4_000_000)


def _hands(n: int, seed: int = 7) -> np.ndarray:
    """n rows of 7 distinct cards (uint8)."""
    rng = np.random.default_rng(seed)
    pool = rng.random((min(n, 1 << 16), 52)).argsort(axis=1)[:, :7].astype(np.uint8)
    return np.ascontiguousarray(np.tile(pool, (-(-n // len(pool)), 1))[:n])


def _window(ev: Evaluator, hands: np.ndarray, threads: int, seconds: float) -> float:
    """Hands a second over a window of back-to-back batches."""
    done, start = 0, time.perf_counter()
    while True:
        ev.batch(hands, threads=threads)
        done += len(hands)
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return done / elapsed


def _process(conn: Any, barriers: dict[int, Any]) -> None:
    """A single-thread worker: for each (size, seconds, k) it is sent, one window behind barrier k."""
    ev, hands = Evaluator(), None
    while (command := conn.recv()) is not None:
        size, seconds, k = command
        if hands is None or len(hands) != size:
            hands = _hands(size)
            ev.batch(hands, threads=1)
        barriers[k].wait()
        conn.send(_window(ev, hands, 1, seconds))


class Processes:
    """Up to n single-thread worker processes, started once."""

    def __init__(self, n: int, counts: list[int]) -> None:
        ctx = mp.get_context("spawn")
        self.barriers = {k: ctx.Barrier(k) for k in counts}
        self.pipes, self.workers = [], []
        for _ in range(n):
            here, there = ctx.Pipe()
            worker = ctx.Process(target=_process, args=(there, self.barriers), daemon=True)
            worker.start()
            self.pipes.append(here)
            self.workers.append(worker)

    def rate(self, k: int, size: int, seconds: float) -> float:
        """Hands a second summed over k processes running together."""
        for pipe in self.pipes[:k]:
            pipe.send((size, seconds, k))
        return float(sum(pipe.recv() for pipe in self.pipes[:k]))

    def close(self) -> None:
        for pipe in self.pipes:
            pipe.send(None)
        for worker in self.workers:
            worker.join()


def _cpus() -> int:
    return _core.default_threads()


def batches(sizes: list[int], counts: list[int], repeat: int, seconds: float) -> None:
    n = max(counts)
    ev = Evaluator()
    processes = Processes(n, sorted({1, n}))
    try:
        print(f"{'hands':>10} " + " ".join(f"{'threads=' + str(t):>17}" for t in counts)
              + f" {str(n) + ' processes':>17} {'threads/processes':>18}")
        for size in sizes:
            hands = _hands(size)
            ev.batch(hands, threads=1)  # warm the tables and the result memory
            best = dict.fromkeys(counts, 0.0)
            together = 0.0
            for _ in range(repeat):
                for t in counts:  # taking turns
                    best[t] = max(best[t], _window(ev, hands, t, seconds))
                together = max(together, processes.rate(n, size, seconds))
            one = best[counts[0]] if counts[0] == 1 else None
            rates = [best[t] for t in counts] + [together]
            cells = [f"{r / 1e6:7.1f} ({r / one:5.2f}x)" if one else f"{r / 1e6:7.1f}" for r in rates]
            print(f"{size:>10,} " + " ".join(f"{c:>17}" for c in cells) + f" {best[n] / together:18.2f}", flush=True)
    finally:
        processes.close()


def equity(n: int, repeat: int) -> None:
    from wildeval.odds import equity as run

    spots = {
        "exact QQ+,AKs vs 88+,AQs+": dict(players=["QQ+,AKs", "88+,AQs+"]),
        "exact AKs vs QQ vs JJ": dict(players=["AKs", "QQ", "JJ"]),
        "sampled QQ+,AKs vs JJ-99,AQs, 100M deals": dict(players=["QQ+,AKs", "JJ-99,AQs"], trials=100_000_000, seed=1),
    }
    print(f"\nequity, seconds (best of {repeat}, taking turns)")
    for name, spot in spots.items():
        best = {1: float("inf"), n: float("inf")}
        for _ in range(repeat):
            for t in best:
                start = time.perf_counter()
                run(**spot, threads=t)  # type: ignore[arg-type]
                best[t] = min(best[t], time.perf_counter() - start)
        print(f"  {name:<42} threads=1 {best[1]:7.3f}   threads={n} {best[n]:7.3f}   {best[1] / best[n]:5.2f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="windows per cell, the best kept (default 3)")
    parser.add_argument("--seconds", type=float, default=0.5, help="length of a window (default 0.5)")
    parser.add_argument("--sizes", default=",".join(map(str, SIZES)), help="batch sizes, comma separated")
    parser.add_argument("--threads", default=None,
                        help="thread counts, comma separated (default 1,2,4,8,16,... up to the CPUs usable)")
    parser.add_argument("--equity", action="store_true", help="also time equity at one thread and at the most")
    args = parser.parse_args()
    cpus = _cpus()
    if args.threads:
        counts = [int(t) for t in args.threads.split(",")]
    else:
        counts = [t for t in (1, 2, 4, 8, 16, 32, 64) if t <= cpus]
        if cpus not in counts:
            counts.append(cpus)
    flags = [f for f in ("avx2", "avx512f", "avx512bw", "avx512vbmi") if f in _cpu_flags()]
    print(f"CPU: {cpu_name()}; {cpus} CPUs usable of {_core.hardware_threads()}; flags {' '.join(flags) or '-'}; "
          f"kernel {_core.rows_kernel()}")
    print(f"M hands/s, best of {args.repeat} windows of {args.seconds} s (ratio to one thread)")
    batches([int(s) for s in args.sizes.split(",")], counts, args.repeat, args.seconds)
    if args.equity:
        equity(max(counts), args.repeat)


def _cpu_flags() -> set[str]:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("flags"):
                    return set(line.split(":", 1)[1].split())
    except OSError:
        pass
    return set()


if __name__ == "__main__":
    main()
