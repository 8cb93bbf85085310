"""The definition of equity, counted one hand at a time, shared by the equity engine's test
files (odds/test_equity.py, odds/test_equity_call.py)."""

from __future__ import annotations

import itertools
import math

from wildeval import Evaluator, parse_cards
from wildeval.ranges import Range


def brute(players: list[str | Range], board: str = "", dead: str = "", board_size: int = 5,
          ranking: str = "high", wild: str | None = None) -> list[tuple[float, float, float]]:
    """(win, tie, equity) per player straight from the definition, one hand at a time."""
    ev = Evaluator(ranking, wild)  # type: ignore[arg-type]
    shown, gone = parse_cards(board), parse_cards(dead)
    lists = []
    for p in players:
        if isinstance(p, Range) or "," in p:
            lists.append([(h, w) for h, w in Range(p)])
            continue
        try:
            lists.append([(tuple(parse_cards(p)), 1.0)])
        except ValueError:
            lists.append([(h, w) for h, w in Range(p)])
    win = [0.0] * len(players)
    tie = [0.0] * len(players)
    share = [0.0] * len(players)
    total = 0.0
    for combo in itertools.product(*lists):
        cards = [c for h, _ in combo for c in h] + shown + gone
        if len(set(cards)) != len(cards):
            continue
        weight = math.prod(w for _, w in combo)
        deck = [c for c in range(52) if c not in cards]
        for rest in itertools.combinations(deck, board_size - len(shown)):
            values = [ev(list(h) + shown + list(rest)) for h, _ in combo]
            best = max(values)
            winners = [i for i, v in enumerate(values) if v == best]
            for i in winners:
                (win if len(winners) == 1 else tie)[i] += weight
                share[i] += weight / len(winners)
            total += weight
    return [(w / total, t / total, s / total) for w, t, s in zip(win, tie, share)]


def outcomes(result: list) -> list[tuple[float, float, float]]:  # type: ignore[type-arg]
    return [(r.win, r.tie, r.equity) for r in result]
