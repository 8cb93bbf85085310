"""``wildeval bench``: hands per second on the same random 7-card hands, native and peers.

Every contender evaluates the same seeded hands, converted beforehand to its own card type, so
the times measure evaluation only. Ratios are taken within one run: this machine is noisy.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import json
import platform
import sys
import textwrap
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np

from wildeval import _core
from wildeval.cards import format_cards
from wildeval.chart import pyplot
from wildeval.cli.bench_report import load_report
from wildeval.cli.chart import _image_format, _size
from wildeval.cli.common import check_writable, output_bytes
from wildeval.cli.progress import Progress, add_quiet, bar
from wildeval.evaluator import Evaluator
from wildeval.rankings import spec
from wildeval.reference import Evaluator as ReferenceEvaluator
from wildeval.sampling import random_hands

SEED = 20261129


@dataclass(frozen=True)
class Result:
    name: str
    hands: int
    seconds: float  # the best of the repeats
    spread: float  # (slowest - best) / best over the repeats; 0 for a single timing

    @property
    def rate(self) -> float:
        return self.hands / self.seconds


@dataclass(frozen=True)
class Sizes:
    batch: int
    per_call: int
    reference: int
    peer: int
    slow_peer: int
    repeat: int


# The reference's sizes keep its rate, the denominator of every ratio, steady between runs
# (see docs/experiments.md).
QUICK = Sizes(batch=2_000_000, per_call=200_000, reference=10_000, peer=100_000, slow_peer=2_000, repeat=3)
FULL = Sizes(batch=2_000_000, per_call=1_000_000, reference=20_000, peer=500_000, slow_peer=10_000, repeat=10)
PEERS = ("holdem-hand-evaluator", "eval7", "phevaluator", "treys", "pokerkit")  # the test extra installs them


def register(commands: Any) -> None:
    p = commands.add_parser(
        "bench", help="benchmark native, reference and installed peers",
        description="Hands per second on the same random 7-card hands: wildeval's batch and per-call "
                    "paths, its pure-Python reference and every installed peer "
                    f"({', '.join(PEERS)}: the test extra, pip install '.[test]' in a checkout, installs them), "
                    "side by side in "
                    "one run, best of several repeats. Each row is compared with the reference (x reference) "
                    "and with the fastest peer installed (x fastest peer, named under the table).")
    p.add_argument("--quick", action="store_true", help="fewer hands (about 15 s)")
    p.add_argument("--json", action="store_true", help="print JSON instead of a table")
    p.add_argument("--plot", default=None, metavar="FILE.png",
                   help="also draw hands/s per evaluator and ranking on a log scale into this image (.png, "
                        ".svg or .pdf; needs pip install matplotlib (the plot extra))")
    p.add_argument("--size", default=None, metavar="WxH",
                   help="the --plot image's size in pixels (default 1600x900)")
    p.add_argument("--load", default=None, metavar="FILE.json",
                   help="measure nothing: read a report that --json wrote (to draw or print it again)")
    add_quiet(p)
    p.set_defaults(run=run)


def _time(fn: Callable[[], object], repeat: int = 1) -> tuple[float, float]:
    """The best time of ``repeat`` runs, and the spread: (slowest - best) / best."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times), (max(times) - min(times)) / min(times)


def _check(what: str, got: Any, expected: Any) -> None:
    """A benchmark that gives a wrong answer is not a result."""
    if list(np.asarray(got).tolist()) != list(np.asarray(expected[: len(got)]).tolist()):
        raise RuntimeError(f"bench: {what} gave other values than the batch")


def _peers(hands: np.ndarray, sizes: Sizes) -> list[tuple[str, int, Callable[[], object]]]:
    """(name, hands, loop) for every peer that is installed, cards converted up front."""
    found: list[tuple[str, int, Callable[[], object]]] = []
    texts = [format_cards(row).split() for row in hands[: sizes.peer].tolist()]
    try:
        from holdem_hand_evaluator import evaluate_hand

        joined = ["".join(row) for row in texts]
        found.append(("holdem-hand-evaluator (evaluate_hand(str))", len(joined),
                      lambda: [evaluate_hand(t) for t in joined]))
    except ImportError:
        pass
    try:
        import eval7

        cards7 = [[eval7.Card(t) for t in row] for row in texts]
        found.append(("eval7 (evaluate)", len(cards7), lambda: [eval7.evaluate(h) for h in cards7]))
    except ImportError:
        pass
    try:
        from phevaluator import evaluate_cards

        ints = hands[: sizes.peer].tolist()  # phevaluator numbers cards as wildeval does
        found.append(("phevaluator (evaluate_cards)", len(ints), lambda: [evaluate_cards(*h) for h in ints]))
    except ImportError:
        pass
    try:
        import treys

        tev = treys.Evaluator()
        tcards = [[treys.Card.new(t) for t in row] for row in texts[: sizes.slow_peer * 5]]
        found.append(("treys (Evaluator.evaluate)", len(tcards),
                      lambda: [tev.evaluate(h[:2], h[2:]) for h in tcards]))
    except ImportError:
        pass
    try:
        from pokerkit import StandardHighHand

        strs = ["".join(row) for row in texts[: sizes.slow_peer]]
        found.append(("pokerkit (StandardHighHand.from_game)", len(strs),
                      lambda: [StandardHighHand.from_game(s) for s in strs]))
    except ImportError:
        pass
    return found


# the batch rows of other rankings and sizes: label, ranking, wild ranks, cards a row
_RANKING_ROWS: tuple[tuple[str, str, str | None, int], ...] = (
    ('wild "357"', "high", "357", 7), ("6 cards", "high", None, 6), ("5 cards", "high", None, 5),
    ("low27", "low27", None, 7), ("low27, 6 cards", "low27", None, 6), ("low27, 5 cards", "low27", None, 5),
    ("low_a5", "low_a5", None, 7), ("low_a5, 6 cards", "low_a5", None, 6), ("low_a5, 5 cards", "low_a5", None, 5),
    ('three_card_poker, wild "3"', "three_card_poker", "3", 3), ("badugi", "badugi", None, 4),
    ("short_deck", "short_deck", None, 7), ("short_deck, 5 cards", "short_deck", None, 5),
    ("omaha PLO4, board of 5", "omaha", None, 4), ("omaha PLO5, board of 5", "omaha", None, 5),
    ("omaha PLO6, board of 5", "omaha", None, 6), ("omaha_low8 PLO4, board of 5", "omaha_low8", None, 4),
)
# timings: the natural batch (3), wide rows (3) and their read floor, the rankings, the per-call
# rows (4), the reference, import time; then the peers
STEPS = 3 + 3 + 1 + len(_RANKING_ROWS) + 4 + 1 + 1


def measure(sizes: Sizes, progress: Progress | None = None) -> dict[str, Any]:
    """Run the benchmark; ``progress`` (a bar) advances by one after each timing."""
    progress = progress or Progress()
    threads = _core.default_threads()
    progress.note(f"drawing {sizes.batch:,} random 7-card hands")
    hands = random_hands(sizes.batch, 7, seed=SEED)
    natural = Evaluator()
    natural.batch(hands[:1000])  # touch the tables once before timing
    results: list[Result] = []

    def record(name: str, n: int, fn: Callable[[], object], repeat: int = 1) -> None:
        progress.note(name)
        results.append(Result(name, n, *_time(fn, repeat)))
        progress.advance(1)

    out = np.empty(len(hands), dtype=np.int32)
    record("wildeval batch, 1 thread", len(hands), lambda: natural.batch(hands, threads=1), sizes.repeat)
    expected = natural.batch(hands, threads=1)
    record("wildeval batch into out=, 1 thread", len(hands), lambda: natural.batch(hands, threads=1, out=out),
           sizes.repeat)
    _check("batch into out=", out, expected)
    record(f"wildeval batch into out=, {threads} threads", len(hands),
           lambda: natural.batch(hands, threads=threads, out=out), sizes.repeat)
    _check(f"batch into out=, {threads} threads", out, expected)
    for dtype in (np.int16, np.int32, np.int64):
        wide = hands.astype(dtype)
        record(f"wildeval batch, {np.dtype(dtype).name} rows, 1 thread", len(hands),
               functools.partial(natural.batch, wide, threads=1, out=out), sizes.repeat)
        _check(f"{np.dtype(dtype).name} rows", out, expected)
    # the least a pass over int64 rows costs here: numpy's own reduction reads the same bytes
    record("numpy max over the same int64 rows (the read floor)", len(hands), lambda: wide.max(), sizes.repeat)
    _check("int64 read floor", [int(wide.max())], [int(hands.max())])
    omaha_deals: np.ndarray | None = None
    own_decks: dict[int, np.ndarray] = {}
    for label, ranking, wild_ranks, n_cards in _RANKING_ROWS:
        ev = Evaluator(ranking, wild_ranks)  # type: ignore[arg-type]
        row = spec(ranking)
        if row.board_cards is not None:  # hole cards and a board of five, as two arrays
            if omaha_deals is None:  # one deal of eleven cards serves every hole size
                omaha_deals = random_hands(len(hands), 11, seed=SEED)
            holes = np.ascontiguousarray(omaha_deals[:, :n_cards])
            boards = np.ascontiguousarray(omaha_deals[:, 6:])
            record(f"wildeval batch, {label}, 1 thread", len(holes),
                   functools.partial(ev.batch, holes, boards, threads=1, out=out), sizes.repeat)
            _check(label, out[:200], [ev(h, b) for h, b in zip(holes[:200].tolist(), boards[:200].tolist())])
            continue
        # a deck of its own (short deck): hands drawn from it, once
        if row.lowest_card and row.lowest_card not in own_decks:
            own_decks[row.lowest_card] = random_hands(len(hands), 7, seed=SEED, lowest_card=row.lowest_card)
        rows = np.ascontiguousarray(own_decks[row.lowest_card][:, :n_cards] if row.lowest_card else hands[:, :n_cards])
        record(f"wildeval batch, {label}, 1 thread", len(rows),
               functools.partial(ev.batch, rows, threads=1, out=out), sizes.repeat)
        _check(label, out[:200], [ev(r) for r in rows[:200].tolist()])
    lists = hands[: sizes.per_call].tolist()
    record("builtin sum over the same lists (the per-call floor)", len(lists), lambda: [sum(h) for h in lists],
           sizes.repeat)
    record("wildeval per call, ev(list of 7 ints)", len(lists), lambda: [natural(h) for h in lists], sizes.repeat)
    texts = [format_cards(h) for h in lists]
    record('wildeval per call, ev("As Ks Qs Js Ts 2c 3d")', len(texts), lambda: [natural(t) for t in texts],
           sizes.repeat)
    _check("text per call", [natural(t) for t in texts[:200]], expected[:200])
    numpy_rows = list(hands[: sizes.per_call])
    record("wildeval per call, ev(numpy row)", len(numpy_rows), lambda: [natural(r) for r in numpy_rows],
           sizes.repeat)
    ref = ReferenceEvaluator()
    ref_lists = lists[: sizes.reference]
    record("wildeval.reference (pure Python)", len(ref_lists), lambda: [ref(h) for h in ref_lists],
           max(3, sizes.repeat // 2))
    _check("reference", [ref(h) for h in ref_lists[:50]], expected[:50])
    found = _peers(hands, sizes)
    progress.grow(len(found))
    for name, n, fn in found:
        record(name, n, fn, 3)
    reference_rate = next(r.rate for r in results if r.name.startswith("wildeval.reference"))
    report_rows = [asdict(r) | {"hands_per_second": r.rate, "vs_reference": r.rate / reference_rate} for r in results]
    peer = fastest_peer(report_rows)
    for report_row in report_rows:
        report_row["vs_fastest_peer"] = (None if peer is None
                                         else report_row["hands_per_second"] / peer["hands_per_second"])
    progress.note("import time, in fresh interpreters")
    start_up = import_seconds()
    progress.advance(1)
    return {
        "import_seconds": start_up,
        "table_bytes": _core.table_bytes(),
        "machine": {
            "platform": platform.platform(),
            "processor": cpu_name(),
            "cores": threads,
            "python": platform.python_version(),
            "row_kernel": _core.rows_kernel(),
        },
        "seed": SEED,
        "missing_peers": [p for p in PEERS if not any(name.startswith(p) for name, _, _ in found)],
        "results": report_rows,
        "fastest_peer": None if peer is None else peer["name"],
    }


# Run in a fresh interpreter: prints the seconds from `import wildeval` to a first value.
IMPORT_PROBE = (
    "import time; t = time.perf_counter(); import wildeval; wildeval.Evaluator()([0, 5, 10, 15, 20]); "
    "print(time.perf_counter() - t)"
)


def probe_import() -> float:
    """One fresh interpreter's seconds from `import wildeval` to a first value, tables built."""
    import subprocess

    run = subprocess.run([sys.executable, "-c", IMPORT_PROBE], check=True, capture_output=True, text=True)
    return float(run.stdout)


def import_seconds(rounds: int = 5) -> float:
    """The best of a few :func:`probe_import` runs."""
    return min(probe_import() for _ in range(rounds))


def cpu_name() -> str:
    """The CPU's model name, as /proc/cpuinfo gives it (else the platform's word for it)."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def _peer_name(name: str) -> str | None:
    """The peer (one of :data:`PEERS`) a row measures, or None for wildeval's own rows."""
    return next((peer for peer in PEERS if name.startswith(peer)), None)


def fastest_peer(results: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The row of the fastest installed peer among ``results``, or None where no peer ran."""
    peers = [r for r in results if _peer_name(r["name"]) is not None]
    return max(peers, key=lambda r: r["hands_per_second"]) if peers else None


# a row whose slowest repeat took this much longer than its best is called noisy under the table
NOISY = 0.5


def format_table(report: dict[str, Any]) -> str:
    m = report["machine"]
    results = report["results"]
    peer = fastest_peer(results)
    name_width = max([len("evaluator")] + [len(r["name"]) for r in results])
    lines = [
        (f"{m['processor']}, {m['cores']} cores, Python {m['python']}, row kernel {m.get('row_kernel', '?')}; "
         f"random 7-card hands, seed {report['seed']}"),
        "",
        (f"{'evaluator':<{name_width}} {'hands':>11} {'M hands/s':>10} {'spread':>7} {'x reference':>12} "
         f"{'x fastest peer':>14}"),
    ]
    for r in results:
        ratio = r["hands_per_second"] / peer["hands_per_second"] if peer else None
        versus_peer = f"{'-' if ratio is None else f'{ratio:,.2f}' if ratio >= 0.1 else f'{ratio:.2g}':>14}"
        lines.append(
            f"{r['name']:<{name_width}} {r['hands']:>11,} {r['hands_per_second'] / 1e6:>10.3f} {r['spread']:>7.1%} "
            f"{r['vs_reference']:>12,.1f} {versus_peer}"
        )
    lines.append("")
    lines.append("Best of the repeats; spread = (slowest - best) / best over them.")
    if peer is not None:
        lines.append(textwrap.fill(
            f"x fastest peer: against {_peer_name(peer['name'])}, the fastest peer installed here "
            f"({peer['hands_per_second'] / 1e6:.3f} M hands/s on random 7-card hands).", width=100))
    else:
        lines.append("x fastest peer: no peer is installed, so there is none to compare with.")
    noisy = [r for r in results if r["spread"] >= NOISY]
    if noisy:
        lines.append(textwrap.fill(
            f"Noisy: {len(noisy)} row{'s' if len(noisy) != 1 else ''} had a spread of {NOISY:.0%} or more ("
            + "; ".join(f"{r['name']} {r['spread']:.0%}" for r in noisy)
            + "): this run was noisy (other work on the machine, or the CPU changing speed). For steady "
              "figures run again on a quieter machine (nothing else running), or with more repeats "
              f"(wildeval bench without --quick repeats wildeval's timings {FULL.repeat} times, --quick "
              f"{QUICK.repeat}).", width=100))
    if report["missing_peers"]:
        lines.append(f"Not installed, so not measured: {', '.join(report['missing_peers'])} "
                     "(the test extra, pip install '.[test]' in a checkout, installs them).")
    lines.append(
        f"import wildeval + tables + first value: {report['import_seconds'] * 1000:.0f} ms; "
        f"tables: {report['table_bytes'] / 2**20:.2f} MiB"
    )
    return "\n".join(lines)


def _group(name: str) -> str:
    if name.startswith("wildeval batch"):
        return "wildeval batch"
    if name.startswith("wildeval per call"):
        return "wildeval per call"
    if name.startswith("wildeval.reference"):
        return "wildeval.reference (pure Python)"
    if name.startswith("builtin"):
        return "builtin sum (per-call floor)"
    if name.startswith("numpy"):
        return "numpy max (int64 read floor)"
    return "other evaluators"


_COLORS = {"wildeval batch": "tab:blue", "wildeval per call": "tab:green", "builtin sum (per-call floor)": "0.6",
           "numpy max (int64 read floor)": "0.8",
           "wildeval.reference (pure Python)": "tab:orange", "other evaluators": "tab:purple"}


def _short(x: float) -> str:
    """3 significant digits without exponents: 7,981, 253, 2.53, 0.137."""
    return f"{x:,.0f}" if x >= 100 else f"{x:.3g}" if x >= 0.001 else f"{x:.1e}"


def plot_report(report: dict[str, Any], stream: Any, *, size: tuple[int, int] = (1600, 900),
                format: str = "png") -> None:
    """Hands/s of every row of ``report`` (from :func:`measure` or ``--json``) as horizontal bars
    on a log scale, each labelled with its rate and its ratio to the pure-Python reference."""
    plt = pyplot()
    rows = report["results"]
    if not rows:
        raise ValueError("the report has no results to draw")
    width, height = size
    fig, ax = plt.subplots(figsize=(width / 100, height / 100), dpi=100, layout="constrained")
    try:
        y = list(range(len(rows)))[::-1]
        rates = [float(r["hands_per_second"]) for r in rows]
        groups = [_group(r["name"]) for r in rows]
        ax.barh(y, rates, color=[_COLORS[g] for g in groups], height=0.7)
        ax.set_xscale("log")
        ax.set_yticks(y)
        ax.set_yticklabels([r["name"] for r in rows], fontsize=max(5.0, min(9.0, height / len(rows) / 3.2)))
        low, high = min(rates), max(rates)
        ax.set_xlim(low / 3, high * 15)  # room for the labels right of the longest bars
        for yi, r, rate in zip(y, rows, rates):
            ax.text(rate * 1.15, yi, f"{_short(rate / 1e6)} M/s   {_short(r['vs_reference'])}x reference",
                    va="center", fontsize=8)
        ax.xaxis.grid(True, which="major", color="0.85")
        ax.set_xlabel("hands per second (log scale: each grid line is 10 times the last)")
        machine = report["machine"]
        ax.set_title(f"wildeval bench: random 7-card hands unless the row says otherwise (seed {report['seed']}); "
                     f"best of the repeats\n{machine['processor']}, {machine['cores']} cores, "
                     f"Python {machine['python']}", fontsize=10)
        handles = [plt.Rectangle((0, 0), 1, 1, color=_COLORS[g]) for g in _COLORS if g in groups]
        ax.legend(handles, [g for g in _COLORS if g in groups], loc="lower right", fontsize=8)
        fig.savefig(stream, format=format, dpi=100)
    finally:
        plt.close(fig)


def run(args: argparse.Namespace) -> int:
    if args.size is not None and args.plot is None:
        raise ValueError("--size sizes the --plot image: give --plot FILE.png too, or leave --size out")
    size = _size(args.size or "1600x900")
    if args.plot == "-":
        raise ValueError("--plot writes a file: give its name")
    image_format = _image_format(args.plot, "--plot") if args.plot is not None else None
    if args.plot is not None:
        check_writable(args.plot)  # a path that cannot be written says so, with or without the extra
        try:
            import matplotlib  # type: ignore[import-not-found,unused-ignore]  # noqa: F401 (checked first)
        except ImportError:
            raise ValueError("--plot needs matplotlib: pip install matplotlib (the plot extra)") from None
    if args.load is not None and args.quick:
        raise ValueError("--load measures nothing: it takes no --quick")
    with contextlib.ExitStack() as files:
        # the image's file is opened before the minutes of measuring, so that a path the checks
        # above pass but the system refuses (/proc as root) is said at once; a run that fails or
        # is stopped leaves the old file as it was
        image = None if args.plot is None else files.enter_context(output_bytes(args.plot))
        if args.load is not None:
            report = load_report(args.load)
        else:
            with bar(STEPS, "bench", quiet=args.quiet, unit=" timings") as progress:
                report = measure(QUICK if args.quick else FULL, progress)
        if image is not None and image_format is not None:
            plot_report(report, image, size=size, format=image_format)
    print(json.dumps(report, indent=2) if args.json else format_table(report))
    return 0
