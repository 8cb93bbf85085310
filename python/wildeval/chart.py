"""The chance to be best, hand class by hand class, at a stage of a guts game: the picture a home
player wants at the table ("I hold a pair of kings at the five-card stage and three others are in:
how often is it the best hand?").

Hand classes
------------
A hand's class is its category and its top rank, as players name hands: at three cards
"Three kings", "Pair of kings", "King high"; at five and seven cards also "Two pair, aces up",
"Straight, nine high", "Flush, ace high", "Full house, kings full", "Four queens",
"Straight flush, nine high", "Royal flush", "Five aces"; at a low stage "Seven low",
"Eight low", ... then "Pair of deuces" and worse. Wild cards are resolved first (a wild three
with two kings is "Three kings"). In terms of values (:mod:`wildeval.values`) a class is the
category and the first deciding rank of the hand's "high"-style value (for a low ranking,
``LOW_BASE - value``), so a class is a contiguous run of values and classes order by strength.

What is measured
----------------
For each class and each opponent count K, the chance that a hand of that class, dealt at random
(so the class's own hands in the proportions they are dealt, wild cards and all), is strictly
the best of K + 1 hands: the average over the class, not one representative hand. ``tie`` is
the chance to share the best value with at least one opponent.

How: ``deals`` random deals (default 1,000,000) of S = max(K) + 1 hands each, seeded by
``seed`` (0 by default, so a chart is reproducible). Every seat
of a deal counts as the hand, against the K seats after it (cyclically); every K uses the same
deals. A class's numbers are ratios (wins over the class's hands); the standard error treats
the deals in 50 equal groups, independent of each other (seats of one deal are not), as
clusters: ``stderr = sqrt(G / (G - 1) * sum_g (w_g - p n_g)**2) / n``. Classes that no seat
held are left out; ``share`` is the fraction of seats that held the class. Group ``g`` is drawn
from its own generator, ``numpy.random.SeedSequence(seed).spawn(50)[g]``, so the groups can be
drawn anywhere: ``client=`` (a ``distributed.Client``) runs them as tasks on a Dask cluster and
gives the same chart.

Run times on this project's 2-core machine at the default 1,000,000 deals and 6 opponents
(7 seats): about 1 s at any stage, three, five or seven cards (0.8 to 0.9 s measured).

>>> data = field_chart("three-five-seven", 1, range(1, 3), deals=20_000, seed=1)
>>> [c.name for c in data.classes[-3:]]
['Three queens', 'Three kings', 'Three aces']
>>> data.classes[-1].win[0] > data.classes[0].win[0]
True
"""

from __future__ import annotations

import csv
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import IO, Any, NamedTuple

import numpy as np
import numpy.typing as npt

from wildeval.evaluator import Evaluator, Ranking
from wildeval.rankings.three_card_poker import CODES as THREE_CARD_CODES
from wildeval.rankings.words import PLURALS as _PLURALS, RANK_NAMES as _NAMES
from wildeval.seeds import check_seed, entropy
from wildeval.stages import stage_settings, table_game
from wildeval.values import LOW_BASE, Category

__all__ = ["DEFAULT_DEALS", "MAX_DEALS", "Chart", "HandClass", "class_at", "class_name", "field_chart",
           "parse_opponents", "plot", "pyplot", "write_csv"]

DEFAULT_DEALS = 1_000_000
MAX_DEALS = 100_000_000
GROUPS = 50  # independent groups of deals for the standard error
_BLOCK = 100_000  # deals drawn and evaluated at once (bounds the memory)

# three-card poker's value codes (see wildeval.values): the category of each
_THREE_CARD = tuple(sorted(THREE_CARD_CODES, key=THREE_CARD_CODES.__getitem__))


@dataclass(frozen=True)
class HandClass:
    """One class: ``key`` (category code << 4 | first deciding rank as written in the value),
    its ``name`` and ``category``, its ``share`` of the hands dealt, the ``samples`` (seats that
    held it) and, for each opponent count of the chart in order, ``win``, ``tie`` and the
    standard error of ``win``."""

    key: int
    name: str
    category: Category
    share: float
    samples: int
    win: tuple[float, ...]
    tie: tuple[float, ...]
    stderr: tuple[float, ...]


@dataclass(frozen=True)
class Chart:
    """A chart's numbers: the stage (``game``, ``stage`` from 1, ``label`` as players say it,
    ``cards``, ``ranking``, ``wild``), the ``opponents`` counts, ``deals`` and ``seed``, and the
    ``classes`` from the weakest to the strongest."""

    game: str
    stage: int
    label: str
    cards: int
    ranking: Ranking
    wild: str | None
    opponents: tuple[int, ...]
    deals: int
    seed: int
    classes: tuple[HandClass, ...]

    def to_dict(self) -> dict[str, Any]:
        """The chart as plain JSON data."""
        return {
            "game": self.game, "stage": self.stage, "label": self.label, "cards": self.cards,
            "ranking": self.ranking, "wild": self.wild, "opponents": list(self.opponents),
            "deals": self.deals, "seed": self.seed,
            "classes": [{"name": c.name, "category": c.category.name, "share": c.share,
                         "samples": c.samples,
                         "win": dict(zip(map(str, self.opponents), c.win)),
                         "tie": dict(zip(map(str, self.opponents), c.tie)),
                         "stderr": dict(zip(map(str, self.opponents), c.stderr))}
                        for c in self.classes],
        }


def parse_opponents(text: str, most: int) -> tuple[int, ...]:
    """``"1-6"`` -> (1, ..., 6), ``"3"`` -> (3,); each count from 1 to ``most``.

    >>> parse_opponents("2-4", 6), parse_opponents(" 5 ", 6)
    ((2, 3, 4), (5,))
    >>> parse_opponents("4-2", 6)
    Traceback (most recent call last):
    ...
    ValueError: opponents 4-2: the range runs from low to high, e.g. 1-6
    """
    parts = text.strip().split("-")
    if len(parts) > 2 or not all(p.strip().isdigit() for p in parts):
        raise ValueError(f"opponents {text!r}: write a count (3) or a range (1-6)")
    low, high = int(parts[0]), int(parts[-1])
    if low > high:
        raise ValueError(f"opponents {text.strip()}: the range runs from low to high, e.g. 1-{most}")
    if low < 1 or high > most:
        raise ValueError(f"opponents {text.strip()}: each count must be 1 to {most} here")
    return tuple(range(low, high + 1))


def class_name(key: int, ranking: str) -> tuple[Category, str]:
    """The category and the name of class ``key`` of ``ranking``.

    >>> class_name(Category.TWO_PAIR << 4 | 13, "high")
    (<Category.TWO_PAIR: 2>, 'Two pair, aces up')
    """
    code, k = key >> 4, key & 0xF
    category = _THREE_CARD[code] if ranking == "three_card_poker" else Category(code)
    top = (k - 2) % 13 if ranking == "low_a5" else k - 1
    name, plural = _NAMES[top], _PLURALS[top]
    low = ranking in ("low27", "low_a5")
    text = {
        # deuce-to-seven's worst hands without a pair are "ace high" (A-5-4-3-2 is no straight)
        Category.HIGH_CARD: f"{name} low" if low and not (ranking == "low27" and top == 12) else f"{name} high",
        Category.PAIR: f"pair of {plural}",
        Category.TWO_PAIR: f"two pair, {plural} up",
        Category.THREE_OF_A_KIND: f"three {plural}",
        Category.STRAIGHT: f"straight, {name} high",
        Category.FLUSH: f"flush, {name} high",
        Category.FULL_HOUSE: f"full house, {plural} full",
        Category.FOUR_OF_A_KIND: f"four {plural}",
        Category.STRAIGHT_FLUSH: "royal flush" if top == 12 and ranking == "high" else f"straight flush, {name} high",
        Category.FIVE_OF_A_KIND: f"five {plural}",
    }[category]
    return category, text[0].upper() + text[1:]


def _stage(game: str, stage: int) -> tuple[str, int, Ranking, str | None, bool]:
    settings = stage_settings(game, stage)  # the registry of wildeval.stages: the games register there
    return settings.label, settings.cards, settings.ranking, settings.wild, table_game(game).flush_duplicates


def max_opponents(game: str) -> int:
    """The most opponents at a table of ``game`` (its most players, less one)."""
    return table_game(game).max_players - 1


def _keys(values: npt.NDArray[np.int32], ranking: str) -> npt.NDArray[np.intp]:
    hv = (LOW_BASE - values) if ranking in ("low27", "low_a5") else values
    return (hv >> 16).astype(np.intp)


def field_chart(
    game: str,
    stage: int,
    opponents: Iterable[int],
    *,
    deals: int = DEFAULT_DEALS,
    seed: int = 0,
    threads: int | None = None,
    progress: Callable[[int], object] | None = None,
    client: Any = None,
) -> Chart:
    """The chart's numbers for stage ``stage`` (1 = the first) of the guts preset ``game``
    against each count in ``opponents`` (see the module's documentation for the classes and the
    method). ``progress``, if given, is called with the number of deals done after each block
    (each group with ``client``). ``client`` (a ``distributed.Client``): the 50 groups run as
    tasks on a Dask cluster (each on ``threads`` threads, default 1 there); the same chart.
    """
    label, n_cards, ranking, wild, flush_duplicates = _stage(game, stage)
    counts = tuple(sorted(set(opponents)))
    most = max_opponents(game)
    if not counts or any(isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= most for k in counts):
        raise ValueError(f"opponents must be counts from 1 to {most} for {game}, not {list(opponents)!r}")
    if isinstance(deals, bool) or not isinstance(deals, int) or not 1 <= deals <= MAX_DEALS:
        raise ValueError(f"deals must be an int from 1 to {MAX_DEALS:,}, not {deals!r}")
    seed = check_seed(seed)
    Evaluator(ranking, wild, flush_duplicates=flush_duplicates)  # the settings checked here
    seats = counts[-1] + 1
    seeded = entropy(seed)
    width = 256  # keys are below 10 << 4
    n_k = len(counts)
    totals = np.zeros((2 * n_k + 1, width))  # wins per K, ties per K, hands
    squares = np.zeros((3, n_k, width))  # per group: sum w^2, sum w n, sum n^2
    groups = min(GROUPS, deals)
    bounds = [deals * g // groups for g in range(groups + 1)]
    tasks = [_GroupTask(ranking, wild, flush_duplicates, n_cards, counts, seeded, g, bounds[g], bounds[g + 1],
                        threads if client is None else threads or 1) for g in range(groups)]
    if client is None:
        results: Iterable[npt.NDArray[np.float64]] = (_group(task, progress) for task in tasks)
    else:
        from wildeval.dask import map_ordered

        step = None if progress is None else (lambda task: progress(task.stop - task.start))
        results = map_ordered(client, _group, tasks, progress=step)
    for group in results:  # in group order, wherever they were computed
        totals += group
        n = group[-1]
        squares[0] += group[:n_k] ** 2
        squares[1] += group[:n_k] * n
        squares[2] += n * n
    hands = totals[-1]
    classes = []
    order = np.flatnonzero(hands)
    if ranking in ("low27", "low_a5"):
        order = order[::-1]  # a lower "high"-style value is the better low
    for key in order.tolist():
        n = hands[key]
        win = totals[:n_k, key] / n
        tie = totals[n_k: 2 * n_k, key] / n
        if groups > 1:
            spread = squares[0, :, key] - 2 * win * squares[1, :, key] + win * win * squares[2, :, key]
            stderr = np.sqrt(np.maximum(spread, 0.0) * groups / (groups - 1)) / n
        else:
            stderr = np.sqrt(win * (1 - win) / n)
        category, name = class_name(key, ranking)
        classes.append(HandClass(key=key, name=name, category=category, share=float(n / (deals * seats)),
                                 samples=int(n), win=tuple(win.tolist()), tie=tuple(tie.tolist()),
                                 stderr=tuple(stderr.tolist())))
    return Chart(game=game, stage=stage, label=label, cards=n_cards, ranking=ranking, wild=wild,
                 opponents=counts, deals=deals, seed=seed, classes=tuple(classes))


class _GroupTask(NamedTuple):
    """One group of a chart's deals: the stage's settings, the opponent ``counts``, the run's
    ``seeded`` entropy, the group ``g`` and its deals ``start`` to ``stop``, and ``threads``."""

    ranking: Ranking
    wild: str | None
    flush_duplicates: bool
    n_cards: int
    counts: tuple[int, ...]
    seeded: int | list[int]
    g: int
    start: int
    stop: int
    threads: int | None


def _group(task: _GroupTask, progress: Callable[[int], object] | None = None) -> npt.NDArray[np.float64]:
    """One group of deals (deals ``start`` to ``stop``), drawn from the ``g``-th seed spawned by
    ``SeedSequence(seed)``: wins and ties per opponent count and hands, per class (whole
    numbers, held as floats)."""
    ranking, wild, flush_duplicates, n_cards, counts, seeded, g, start, stop, threads = task
    ev = Evaluator(ranking, wild, flush_duplicates=flush_duplicates)
    rng = np.random.default_rng(np.random.SeedSequence(seeded, spawn_key=(g,)))
    seats = counts[-1] + 1
    width = 256
    n_k = len(counts)
    deck = np.broadcast_to(np.arange(52, dtype=np.uint8), (min(_BLOCK, stop - start), 52))
    group = np.zeros((2 * n_k + 1, width))
    while start < stop:
        m = min(_BLOCK, stop - start)
        cards = rng.permuted(deck[:m], axis=1)[:, : seats * n_cards]
        values = ev.batch(cards.reshape(m * seats, n_cards), threads=threads).reshape(m, seats)
        keys = _keys(values, ranking).ravel()
        group[-1] += np.bincount(keys, minlength=width)
        best = np.full_like(values, -1)
        k = 0
        for i, count in enumerate(counts):
            while k < count:
                k += 1
                best = np.maximum(best, np.roll(values, -k, axis=1))
            group[i] += np.bincount(keys, weights=(values > best).ravel(), minlength=width)
            group[n_k + i] += np.bincount(keys, weights=(values == best).ravel(), minlength=width)
        start += m
        if progress is not None:
            progress(m)
    return group


def write_csv(chart: Chart, stream: IO[str]) -> None:
    """The chart's numbers as CSV: one row per class, weakest first (``strength`` counts from 1),
    with ``win_K``, ``tie_K`` and ``stderr_K`` for each opponent count K."""
    writer = csv.writer(stream, lineterminator="\n")
    header = ["strength", "class", "category", "share", "samples"]
    for k in chart.opponents:
        header += [f"win_{k}", f"tie_{k}", f"stderr_{k}"]
    writer.writerow(header)
    for i, c in enumerate(chart.classes, 1):
        row: list[object] = [i, c.name, c.category.name, f"{c.share:.6g}", c.samples]
        for w, t, s in zip(c.win, c.tie, c.stderr):
            row += [f"{w:.6f}", f"{t:.6f}", f"{s:.6f}"]
        writer.writerow(row)


def pyplot() -> Any:
    """matplotlib's pyplot on the file-only Agg backend, or ImportError naming the extra."""
    try:
        import matplotlib  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        raise ImportError("plots need matplotlib: pip install matplotlib (the plot extra)") from None
    matplotlib.use("Agg", force=True)
    import matplotlib.pyplot as plt  # type: ignore[import-not-found,unused-ignore]

    return plt


def class_at(chart: Chart, value: int) -> int:
    """The place on the chart's x axis (0 = its weakest class) of the class that a hand of
    ``value`` belongs to: that class, or the weakest one above it if the deals never held it.

    >>> data = field_chart("three-five-seven", 1, [1], deals=20_000, seed=1)
    >>> from wildeval import Evaluator
    >>> data.classes[class_at(data, Evaluator("high", "3")([0, 5, 9]))].name   # 2c 3d 4d: 3 wild, a pair of fours
    'Pair of fours'
    """
    key = int(_keys(np.asarray([value], dtype=np.int32), chart.ranking)[0])
    keys = [c.key for c in chart.classes]
    for i, k in enumerate(keys):
        if k >= key:
            return i
    return len(keys) - 1


_TAG_STEP = 14  # points between rows of threshold tags above the plot


def _mark_thresholds(fig: Any, ax: Any, chart: Chart, marks: list[tuple[int, str]]) -> None:
    """The solver's thresholds on ``ax``, none of their words over the curves: a dashed line at
    each one's class, a numbered tag above the plot at the top of each line (a tag that would
    touch the one before it goes up a row) and the numbered labels in a list right of the plot.
    Called once the rest of the figure is drawn up: it lays the figure out to measure the tags."""
    if not marks:
        return
    numbers: dict[int, list[int]] = {}
    for n, (value, _) in enumerate(marks, 1):
        numbers.setdefault(class_at(chart, value), []).append(n)
    key = "\n".join(["the solver's thresholds", "(dashed lines):"]
                    + [f"{n}  {label}" for n, (_, label) in enumerate(marks, 1)])
    ax.annotate(key, xy=(1, 1), xycoords="axes fraction", xytext=(10, 0), textcoords="offset points",
                ha="left", va="top", fontsize=8, color="0.2", annotation_clip=False, gid="threshold-key")
    top = ax.get_xaxis_transform()  # x in classes, y in the plot's height (1 = its top)
    tags = []
    for at in sorted(numbers):
        ax.axvline(at, color="0.3", linestyle="--", linewidth=1.0, zorder=1)
        tags.append(ax.annotate(
            ",".join(map(str, numbers[at])), xy=(at, 1), xycoords=top, xytext=(0, 4), textcoords="offset points",
            ha="center", va="bottom", fontsize=8, color="0.2", annotation_clip=False, gid="threshold-tag",
            bbox={"boxstyle": "round,pad=0.2", "facecolor": "white", "edgecolor": "0.3", "linewidth": 0.6}))
    # where the tags fall across: raising one a row moves it up only, and the plot's width
    # does not depend on the rows above it
    fig.draw_without_rendering()
    renderer = fig.canvas.get_renderer()
    ends: list[float] = []  # per row of tags: the right edge of its last tag, in pixels
    for tag in tags:
        extent = tag.get_bbox_patch().get_window_extent(renderer)
        row = next((i for i, end in enumerate(ends) if extent.x0 > end + 3), len(ends))
        ends[row:row + 1] = [extent.x1]
        tag.xyann = (0, 4 + _TAG_STEP * row)


def plot(chart: Chart, path_or_stream: Any, *, size: tuple[int, int] = (1600, 900), format: str = "png",
         marks: Iterable[tuple[int, str]] = ()) -> None:
    """Draw the chart (one line per opponent count, the classes along the x axis from the weakest
    to the strongest) into a file or binary stream, ``size`` pixels wide and high; ``marks``:
    hand values to mark with a dashed line at their class (the solver's thresholds), numbered
    above the plot and labelled in a list right of it, clear of the curves.
    Needs matplotlib (``pip install matplotlib (the plot extra)``)."""
    plt = pyplot()
    width, height = size
    fig, ax = plt.subplots(figsize=(width / 100, height / 100), dpi=100, layout="constrained")
    try:
        x = np.arange(len(chart.classes))
        for i, k in enumerate(chart.opponents):
            y = [100 * c.win[i] for c in chart.classes]
            ax.plot(x, y, marker="o", markersize=3, linewidth=1.4,
                    label=f"{k} opponent{'s' if k > 1 else ''}")
        boundaries = [i for i in range(1, len(chart.classes))
                      if chart.classes[i].category != chart.classes[i - 1].category]
        for b in boundaries:
            ax.axvline(b - 0.5, color="0.85", linewidth=0.8, zorder=0)
        ax.set_xticks(x)
        ax.set_xticklabels([c.name for c in chart.classes], rotation=90,
                           fontsize=max(4.0, min(9.0, 900 / max(1, len(chart.classes)))))
        ax.set_xlim(-0.5, len(chart.classes) - 0.5)
        ax.set_ylim(0, 100)
        ax.set_ylabel("chance to hold the best hand (%)")
        ax.yaxis.grid(True, color="0.9")
        # over the whole figure, not the plot: the layout keeps it clear of the thresholds' tags
        # and key, which a plot's own title is not
        fig.suptitle(f"{chart.game}, stage {chart.stage}: {chart.label}\n"
                     f"chance to be strictly best, by hand class (weakest left); "
                     f"{chart.deals:,} random deal{'s' if chart.deals != 1 else ''}, seed {chart.seed}", fontsize=11)
        ax.legend(loc="upper left", fontsize=9)
        _mark_thresholds(fig, ax, chart, list(marks))
        fig.savefig(path_or_stream, format=format, dpi=100)
    finally:
        plt.close(fig)


def text_table(chart: Chart) -> str:
    """The chart's numbers as a table for a terminal, strongest first."""
    head = f"{'class':<28} {'share':>8}" + "".join(f" {f'vs {k}':>7}" for k in chart.opponents)
    lines = [f"{chart.game}, stage {chart.stage}: {chart.label}",
             f"chance to be strictly best; {chart.deals:,} random deal{'s' if chart.deals != 1 else ''}, "
             f"seed {chart.seed}", "", head]
    for c in reversed(chart.classes):
        lines.append(f"{c.name:<28} {c.share:>8.3%}" + "".join(f" {w:>7.1%}" for w in c.win))
    return "\n".join(lines)

