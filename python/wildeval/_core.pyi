from collections.abc import Iterable

import numpy as np
import numpy.typing as npt

RANKINGS: tuple[str, ...]
RANKING_SPECS: tuple[tuple[str, int, int, bool], ...]  # (name, fewest cards, most cards, takes wild ranks)
RANK_CHARS: str
SUIT_CHARS: str

class Evaluator:
    def __init__(self, ranking: str, wild_rank_mask: int, flush_duplicates: bool) -> None: ...
    def __call__(self, cards: str | Iterable[object]) -> int: ...
    def _batch(
        self, hands: npt.NDArray[np.integer], threads: int | None, out: npt.NDArray[np.int32] | None
    ) -> npt.NDArray[np.int32]: ...
    def _census(self, n_cards: int, threads: int | None, lowest_from: int = 0, lowest_to: int = 52) -> list[int]: ...
    def _versus_field(
        self, cards: list[int], opponents: int, mode: int, trials: int, seed: int, threads: int | None,
        first_chunk: int = 0, chunks: int = 0,
    ) -> tuple[int, int, int]: ...

def table_bytes() -> int: ...
def hardware_threads() -> int: ...
