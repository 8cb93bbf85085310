from collections.abc import Iterable

import numpy as np
import numpy.typing as npt
from typing_extensions import disjoint_base

# the metaclass pybind11 gives the classes it binds (pybind11_builtins.pybind11_type at run time)
class _pybind11_type(type): ...

RANKINGS: tuple[str, ...]
RANKING_SPECS: tuple[tuple[str, int, int, bool, int, int, int], ...]
# (name, fewest cards, most cards, takes wild ranks, lowest card, fewest and most board cards)
RANK_CHARS: str
SUIT_CHARS: str
KEPT_RESULT_FROM: int  # batch results of this many values or more use kept memory
MAX_THREADS: int  # the most threads one call starts (a larger threads= runs with this many)

@disjoint_base
class Evaluator(metaclass=_pybind11_type):
    def __init__(self, ranking: str, wild_rank_mask: int, flush_duplicates: bool) -> None: ...
    def __call__(self, cards: str | Iterable[object], board: str | Iterable[object] = ...) -> int: ...
    def _batch_parts(
        self, holes: npt.NDArray[np.uint8], boards: npt.NDArray[np.uint8], threads: int | None,
        out: npt.NDArray[np.int32],
    ) -> bool: ...
    def _batch(
        self, hands: npt.NDArray[np.integer], threads: int | None, out: npt.NDArray[np.int32] | None
    ) -> npt.NDArray[np.int32]: ...
    def _census(self, n_cards: int, threads: int | None, lowest_from: int = 0, lowest_to: int = 52) -> list[int]: ...
    def _versus_field(
        self, cards: list[int], opponents: int, mode: int, trials: int, seed: int, threads: int | None,
        first_chunk: int = 0, chunks: int = 0,
    ) -> tuple[int, int, int]: ...

def table_bytes() -> int: ...
def table_sizes() -> dict[str, int]: ...
def hardware_threads() -> int: ...  # the machine's hardware threads
def default_threads() -> int: ...  # what threads=None uses (WILDEVAL_THREADS, affinity, CPU quota)
def _cpu_max_threads(text: str) -> int: ...
def rows_kernels() -> tuple[str, ...]: ...  # every row kernel's name, whether or not it runs here
def rows_kernel() -> str: ...
def rows_kernel_runs(name: str) -> bool: ...
def use_rows_kernel(name: str) -> None: ...
def keeps_result_memory() -> bool: ...
def _run_tasks_check(threads: int, tasks: int, failing: int) -> int: ...
def _busy_tasks(threads: int, tasks: int, task_seconds: float) -> int: ...  # for tests: a long native call to interrupt
def _pool_threads() -> int: ...  # helper threads of the core's worker pool now (0 before the first threaded call)
# TEST HOOK, for tests only: the task of the core's thread pool that starts after `after_tasks` more,
# in any later call, throws ("runtime_error", "bad_alloc", "invalid_argument"; "" clears it).
def _plant_worker_error(kind: str, after_tasks: int = 0) -> None: ...
def fast_calls(cls: type[Evaluator]) -> bool: ...
# for tests: what the per-call path relies on in pybind11's instance layout, seen on `ev`
# (each assumption's name -> True when it holds, "pybind11" -> its version; only "is_evaluator" for another object)
def _layout_checks(ev: object) -> dict[str, bool | str]: ...

EQUITY_CHUNK: int  # sampled deals per chunk of an equity run
MAX_PLAYERS: int

# (engine, hands, board, dead) for a spot of known hands as plain text, or None (read the general way)
def known_spot(
    players: object, board: object, dead: object, board_size: object, ranking: str, wild_rank_mask: int,
    flush_duplicates: bool,
) -> tuple[EquityEngine, tuple[tuple[int, ...], ...], list[int], list[int]] | None: ...

# each player's (win, tie, equity) from a run's summed row, as math.fsum would add its counts
def equity_answers(totals: npt.NDArray[np.float64], players: int) -> list[tuple[float, float, float]]: ...

# the core's correctly rounded sum (exact_sum.hpp): math.fsum's double, for its tests
def exact_sum(values: npt.NDArray[np.float64]) -> float: ...

class EquityEngine(metaclass=_pybind11_type):
    """The equity engine (src/core/equity/equity.hpp) for one deal: wildeval.odds plans and adds up."""
    def __init__(
        self, ranking: str, wild_rank_mask: int, flush_duplicates: bool,
        players: list[tuple[npt.NDArray[np.uint8] | bytes, npt.NDArray[np.float64]]], board: list[int], dead: list[int],
        board_size: int, low: str = "", free_only: bool = False,
    ) -> None: ...
    # each player's hands (free_only: a list's hands that meet the board, the dead cards or a
    # known hand are left out)
    def combos(self) -> list[int]: ...
    def plan(self) -> tuple[int, int, int, int]: ...  # hand sets, boards per set, tasks, first cards per set
    # rows: shares (players * (players + 1)), squares (players), weight, deals, hand sets
    def exact(self, first_task: int, n_tasks: int, threads: int) -> npt.NDArray[np.float64]: ...
    # the same tasks' rows added up: each column's math.fsum, one row
    def exact_total(self, first_task: int, n_tasks: int, threads: int) -> npt.NDArray[np.float64]: ...
    # the count board by board against a random player: (that player or -1, why not, completions of
    # the board, tasks, suit renamings that keep the deal, cards the board comes from, missing
    # cards); task t: k >= 2, the t-th pair of first two places (i < j <= free - k + 1, by i then
    # j); k == 1, the t-th card; its rows as exact()'s
    def random_plan(self) -> tuple[int, str, int, int, int, int, int]: ...
    def versus_random(self, first_task: int, n_tasks: int, threads: int) -> npt.NDArray[np.float64]: ...
    def versus_random_total(self, first_task: int, n_tasks: int, threads: int) -> npt.NDArray[np.float64]: ...
    def sampled(
        self, trials: int, seed: int, first_chunk: int, chunks: int, threads: int
    ) -> npt.NDArray[np.float64]: ...
    # each of the first `trials` sampled deals' hands: (trials, players), each player's place in
    # its list (a known hand 0, a player dealt from the deck -1); for tests of the sampler
    def dealt(self, trials: int, seed: int) -> npt.NDArray[np.int32]: ...

# the native guts player (register_guts.cpp): table = (players, stages, goal, streak, lowest_pays,
# in_turn, ante, payment_cap or None, max_rounds); a strategy = ([(level, keys, bars), ...], default
# bar per stage)
_GutsTable = tuple[int, int, int, bool, bool, bool, float, float | None, int, bool]
_GutsStrategy = tuple[list[tuple[int, npt.NDArray[np.int64], npt.NDArray[np.int64]]], list[int]]

def guts_play(
    table: _GutsTable, values: npt.NDArray[np.int64], sequential: bool, seed: int, first_game: int, games: int,
    focal: _GutsStrategy, others: _GutsStrategy, threads: int | None,
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64], npt.NDArray[np.int64], npt.NDArray[np.bool_]]: ...
def guts_flips(
    table: _GutsTable, values: npt.NDArray[np.int64], sequential: bool, seed: int, first_game: int, games: int,
    focal: _GutsStrategy, others: _GutsStrategy, max_depth: int, spread: bool, threads: int | None,
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.bool_], npt.NDArray[np.float64]]: ...

class VideoPokerGame(metaclass=_pybind11_type):
    """A whole video poker game (src/core/videopoker, register_videopoker.cpp): the count table of
    wildeval.videopoker.counting (a row per set of 0-5 cards, a column per final class), the pay of
    each column over a common denominator, the weight of a final hand per hold size 0-5."""
    def __init__(
        self, counts: npt.NDArray[np.int32], pays: npt.NDArray[np.int64], weights: npt.NDArray[np.int64]
    ) -> None: ...
    @property
    def classes(self) -> int: ...  # the classes of deals up to suit renaming (134,459)
    # plays classes first.. first + n - 1: (final counts by best hold size and column, deals by best
    # hold size); their deals' best holds go into strategy()
    def play(
        self, first: int, n: int, threads: int | None
    ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]: ...
    def strategy(self) -> npt.NDArray[np.uint8]: ...  # the best hold of every deal, by deal index

class HandIndexer(metaclass=_pybind11_type):
    """Canonical hand indexing (src/core/abstraction, register_abstraction.cpp): the hands of a
    sequence of rounds numbered up to suit renaming; wildeval.isomorphism checks what users give."""
    def __init__(self, rounds: list[int]) -> None: ...
    @property
    def rounds(self) -> int: ...
    def size(self, round: int) -> int: ...  # the classes of rounds 0..round
    def cards(self, round: int) -> int: ...  # the cards of a hand of rounds 0..round
    # the class index of every row of cards (rows of cards(round) cards, round by round)
    # (kernel: "auto", the fastest this CPU runs, or one of kernels(round) by name, for tests)
    def index(
        self, hands: npt.NDArray[np.uint8], round: int, threads: int | None, kernel: str = "auto"
    ) -> npt.NDArray[np.uint64]: ...
    # the kernels index() can run here for round's hands ("portable", "bmi2", "avx512")
    def kernels(self, round: int) -> list[str]: ...
    # the canonical hand of every index (an (n, cards(round)) array)
    def unindex(self, indices: npt.NDArray[np.uint64], round: int, threads: int | None) -> npt.NDArray[np.uint8]: ...

# hand strength and potential (src/core/abstraction/hand_strength.hpp): each spot's (ahead, tied,
# behind, HS, E[HS], E[HS^2], PPot1, NPot1, PPot2, NPot2) and its histogram of completions by bin;
# weights: a 52 x 52 matrix of opponent hand weights, or None for a uniform opponent
def spot_strength(
    holes: npt.NDArray[np.uint8], boards: npt.NDArray[np.uint8], weights: npt.NDArray[np.float64] | None,
    bins: int, threads: int | None, next_street: bool = False,
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]: ...
# every hole pair of each five-card board: its index under `river` ([2, 5]) and 2 * ahead + tied
def river_table_part(
    river: HandIndexer, boards: npt.NDArray[np.uint8], threads: int | None
) -> tuple[npt.NDArray[np.uint32], npt.NDArray[np.uint16]]: ...
# every hole pair of each 3- or 4-card board: its index, the sums over every completion of
# 2 * ahead + tied and of its square, and its histogram (rows, bins)
def street_table_part(
    rounds: HandIndexer, boards: npt.NDArray[np.uint8], bins: int, threads: int | None, next_street: bool = False
) -> tuple[npt.NDArray[np.uint32], npt.NDArray[np.uint64], npt.NDArray[np.uint64], npt.NDArray[np.uint16]]: ...
# the nearest centre of every point (rows of a width that is a multiple of 8) by the L1 distance
# (l1) or the squared Euclidean one, and its distance
def nearest_centres(
    points: npt.NDArray[np.float32], centres: npt.NDArray[np.float32], l1: bool, threads: int | None
) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.float64]]: ...

# the classes of deals up to suit renaming: (each representative's five cards, the deals it stands for)
def videopoker_classes() -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint32]]: ...
# the count table: for every set of 0-5 cards (by size, then colexicographic), the hands of each
# column that hold it; hands (n, 5) increasing, column[i] the column of hand i
def videopoker_count_table(
    hands: npt.NDArray[np.uint8], column: npt.NDArray[np.uint8], columns: int, threads: int | None
) -> npt.NDArray[np.int32]: ...
# the final counts of the 32 holds of each deal (rows of five cards increasing): (deals, 32, columns)
def videopoker_hold_counts(counts: npt.NDArray[np.int32], dealt: npt.NDArray[np.uint8]) -> npt.NDArray[np.int32]: ...
