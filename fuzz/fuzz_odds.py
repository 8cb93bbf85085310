"""Fuzz target: ``wildeval.odds.equity`` on random and hostile hands, ranges, boards, dead cards
and options.

Properties: only ValueError or TypeError comes out of a bad call (a range text too: RangeError);
a range parses back from its str(); shares are probabilities
(win + tie <= 1, equities sum to 1); every completion is counted (C(left, missing)) or exactly
``trials`` are sampled; the same seed gives the same result; and where the boards are few the
result equals a count made with the pure-Python reference evaluator.
"""

from __future__ import annotations

import itertools
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from _harness import Data, main, settings  # noqa: E402

from wildeval import reference  # noqa: E402
from wildeval.odds import equity  # noqa: E402
from wildeval.ranges import Range  # noqa: E402

# pieces of range texts, good and hostile, joined at random
_PIECES = ["AA", "KK+", "A2s+", "KTo+", "T9s-65s", "22-55", "AK", "AsKs", "random", "QQ:0.5", "AKs:25%",
           "0.5(JJ)", "40%(ATs+, KQs)", "A5s-A2s", "AKx", "", "(", ")", ":", "1e400", "-1", "AA:nan", "7c2d",
           "JJ-", "A", "2c2c", "0(AA)", ",", "  ", "Q9o+"]


def _range_text(data: Data) -> str:
    return ",".join(data.pick(_PIECES) for _ in range(data.int(1, 4)))


def _reference_equity(players: list[list[int]], board: list[int], board_size: int, ranking: str,
                      wild: str | None, flush: bool) -> list[tuple[float, float, float]]:
    ev = reference.Evaluator(ranking, wild, flush_duplicates=flush)
    used = {c for p in players for c in p} | set(board)
    deck = [c for c in range(52) if c not in used]
    wins = [0] * len(players)
    ties = [0] * len(players)
    shares = [0.0] * len(players)
    n = 0
    for rest in itertools.combinations(deck, board_size - len(board)):
        values = [ev(p + board + list(rest)) for p in players]
        best = max(values)
        winners = [i for i, v in enumerate(values) if v == best]
        for i in winners:
            if len(winners) == 1:
                wins[i] += 1
            else:
                ties[i] += 1
            shares[i] += 1 / len(winners)
        n += 1
    return [(w / n, t / n, s / n) for w, t, s in zip(wins, ties, shares)]


def test_one_input(raw: bytes) -> None:
    data = Data(raw)
    ranking, wild, flush = settings(data)
    deck = list(range(52))
    take = lambda k: [deck.pop(data.int(0, len(deck) - 1)) for _ in range(k) if deck]  # noqa: E731
    board_size = data.int(0, 5) if not data.chance(16) else data.pick([-1, 6, 60])
    n_players = data.int(2, 5) if not data.chance(16) else data.int(0, 30)
    players = [take(data.int(0, 7)) for _ in range(n_players)]
    board = take(data.int(0, 5))
    if data.chance(10) and len(players) > 1 and players[0]:
        players[1].append(players[0][0])  # a card dealt twice
    ranged = False
    if data.chance(4) and players:  # a range instead of a known hand
        text = _range_text(data)
        try:
            parsed = Range(text)
        except ValueError:
            parsed = None
        if parsed is not None:
            assert Range(str(parsed)) == parsed, text
        players[data.int(0, len(players) - 1)] = text  # type: ignore[call-overload]
        ranged = True
    dead = take(data.int(0, 3)) if data.chance(4) else []
    trials = data.pick([None, None, 1, 7, 100, 0, -5, 10**12, True, 2.5])
    seed = data.pick([None, 1, 2**70]) if trials is not None else data.pick([None, None, None, 3])
    threads = data.pick([None, 1, 2, 10**9])
    call = lambda: equity(players, board, dead=dead, board_size=board_size, ranking=ranking,  # type: ignore[arg-type]  # noqa: E731
                          wild=wild, flush_duplicates=flush, trials=trials, seed=seed, threads=threads)
    try:
        result = call()
    except (ValueError, TypeError):
        return
    assert len(result) == len(players)
    missing = board_size - len(board)
    if not ranged:
        left = 52 - sum(map(len, players)) - len(board) - len(dead)
        assert all(r.boards == (trials if trials is not None else math.comb(left, missing)) for r in result), result
    assert all(0 <= r.win and 0 <= r.tie and r.win + r.tie <= 1 + 1e-12 for r in result), result
    assert abs(sum(r.equity for r in result) - 1) < 1e-9, result
    if seed is not None or trials is None:
        assert call() == result, "the same seed gave another result"
    if trials is None and result[0].boards <= 50 and not ranged and not dead:
        expected = _reference_equity(players, board, board_size, ranking, wild, flush)
        for r, (w, t, s) in zip(result, expected):
            assert abs(r.win - w) < 1e-12 and abs(r.tie - t) < 1e-12 and abs(r.equity - s) < 1e-9, (result, expected)


if __name__ == "__main__":
    main(test_one_input)
