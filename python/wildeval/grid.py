"""The hold'em starting-hand grid: every one of the 169 starting-hand classes (pairs on the
diagonal, suited hands above it, offsuit below) with its equity against a range, preflop or on a
board, from seeded samples (``wildeval chart --versus``).

>>> grid = versus_grid("QQ+, AKs", trials=20_000, seed=1)
>>> grid.cell("AA").name, grid.cell("AA").hands, grid.cell("72o").hands
('AA', 6, 12)
>>> grid.cell("AA").equity > 0.5 > grid.cell("72o").equity
True
"""

from __future__ import annotations

import csv
from collections.abc import Callable
from dataclasses import dataclass
from typing import IO, Any

from wildeval.cards import RANKS, format_cards, parse_cards
from wildeval.odds import equity
from wildeval.ranges import Range

__all__ = ["DEFAULT_TRIALS", "Cell", "Grid", "class_names", "plot", "text_table", "versus_grid", "write_csv"]

DEFAULT_TRIALS = 100_000  # sampled deals per class
BOARD_SIZE = 5  # a hold'em board


def class_names() -> list[list[str]]:
    """The 13 x 13 grid of class names, aces first: row i, column j is a pair where i == j,
    suited above the diagonal (``AKs`` at row 0, column 1), offsuit below (``AKo`` at 1, 0)."""
    order = RANKS[::-1]
    return [[order[min(i, j)] + order[max(i, j)] + ("" if i == j else "s" if i < j else "o") for j in range(13)]
            for i in range(13)]


@dataclass(frozen=True)
class Cell:
    """One class: its name, its hands that can be dealt, and its equity (win, tie) against the range."""

    name: str
    row: int
    column: int
    hands: int
    win: float
    tie: float
    equity: float
    stderr: float


@dataclass(frozen=True)
class Grid:
    versus: Range
    board: tuple[int, ...]
    trials: int  # sampled deals a class; 0 where every deal is counted (a complete board)
    seed: int
    cells: tuple[Cell, ...]  # row by row, aces first

    @property
    def exact(self) -> bool:
        """Whether every deal was counted (the board is complete) rather than sampled."""
        return self.trials == 0

    def cell(self, name: str) -> Cell:
        for c in self.cells:
            if c.name == name:
                return c
        raise KeyError(name)


def versus_grid(versus: str | Range, board: str = "", *, trials: int = DEFAULT_TRIALS, seed: int = 0,
                threads: int | None = None, progress: Callable[[int], object] | None = None,
                client: Any = None) -> Grid:
    """Each class's equity against ``versus`` (a range), ``trials`` seeded deals per class (class
    i of the grid, counted row by row, samples with seed ``seed + i``); on a complete board (five
    cards) every set of hands is counted instead, and ``trials`` of the grid is 0. A class none of
    whose hands can be dealt (the board holds its cards) has 0 hands and equity NaN."""
    rng = versus if isinstance(versus, Range) else Range(versus)
    if not len(rng):
        raise ValueError("the range to chart against is empty")
    shown = tuple(parse_cards(board))
    if len(shown) > BOARD_SIZE:
        raise ValueError(f"the board has {len(shown)} cards; a hold'em board has at most {BOARD_SIZE}")
    exact = len(shown) == BOARD_SIZE  # nothing left to deal: every set of hands counted, no sample
    cells = []
    for i, row in enumerate(class_names()):
        for j, name in enumerate(row):
            index = 13 * i + j
            try:
                r = equity([name, rng], shown, trials=None if exact else trials, seed=None if exact else seed + index,
                           threads=threads, client=client)[0]
            except ValueError as error:
                if "can be dealt" not in str(error) and "no deal" not in str(error):
                    raise
                cells.append(Cell(name, i, j, 0, float("nan"), float("nan"), float("nan"), float("nan")))
            else:
                cells.append(Cell(name, i, j, r.combos, r.win, r.tie, r.equity, r.stderr))
            if progress is not None:
                progress(trials)
    return Grid(rng, shown, 0 if exact else trials, seed, tuple(cells))


def write_csv(grid: Grid, stream: IO[str]) -> None:
    """One row per class, row by row as the grid is drawn (aces first)."""
    writer = csv.writer(stream, lineterminator="\n")
    writer.writerow(["class", "row", "column", "hands", "equity", "win", "tie", "stderr"])
    for c in grid.cells:
        writer.writerow([c.name, c.row + 1, c.column + 1, c.hands, f"{c.equity:.6f}", f"{c.win:.6f}",
                         f"{c.tie:.6f}", f"{c.stderr:.6f}"])


def _title(grid: Grid) -> str:
    where = f"on {format_cards(grid.board)}" if grid.board else "preflop"
    if grid.exact:
        return f"equity against {grid.versus} {where}; every deal counted"
    return f"equity against {grid.versus} {where}; {grid.trials:,} deal{'s' if grid.trials != 1 else ''} a class, " \
        f"seed {grid.seed}"


def text_table(grid: Grid) -> str:
    """The grid as 13 rows of percentages for a terminal."""
    lines = [_title(grid), "", "      " + "".join(f"{r:>6}" for r in RANKS[::-1])]
    for i in range(13):
        row = grid.cells[13 * i: 13 * i + 13]
        lines.append(f"{RANKS[::-1][i]:>6}" + "".join("     -" if c.hands == 0 else f"{100 * c.equity:6.1f}"
                                                     for c in row))
    return "\n".join(lines)


def plot(grid: Grid, path_or_stream: Any, *, size: tuple[int, int] = (1200, 1200), format: str = "png") -> None:
    """Draw the grid (each cell its class and equity, coloured by equity) into a file or binary
    stream. Needs matplotlib (``pip install matplotlib (the plot extra)``)."""
    from wildeval.chart import pyplot

    plt = pyplot()
    width, height = size
    fig, ax = plt.subplots(figsize=(width / 100, height / 100), dpi=100, layout="constrained")
    try:
        values = [[grid.cells[13 * i + j].equity for j in range(13)] for i in range(13)]
        image = ax.imshow(values, cmap="RdYlGn", vmin=0, vmax=1)
        for c in grid.cells:
            text = c.name if c.hands == 0 else f"{c.name}\n{100 * c.equity:.1f}"
            ax.text(c.column, c.row, text, ha="center", va="center", fontsize=max(5.0, min(10.0, width / 130)))
        ax.set_xticks(range(13), list(RANKS[::-1]))
        ax.set_yticks(range(13), list(RANKS[::-1]))
        ax.set_title(_title(grid) + "\npairs on the diagonal, suited above it, offsuit below", fontsize=11)
        fig.colorbar(image, ax=ax, fraction=0.04, label="equity")
        fig.savefig(path_or_stream, format=format, dpi=100)
    finally:
        plt.close(fig)
