"""The toy guts game with a closed form, solved by the solver's own steps to check them.

Two players declare at once. Each hand's strength is uniform on [0, 1] (the share of hands it
beats). If both stay in, the weaker hand pays the stronger one pot; if one alone stays in, they
take a leg, worth ``gain`` pots to them and costing the other ``loss`` pots; if neither does,
nothing happens. Both play a threshold: in from strength ``t``.

Against a threshold ``t``, a hand of strength ``u`` gains, by staying in rather than going out,

- ``gain * t - (1 - t) + loss * (1 - t)`` when ``u < t`` (it takes the leg when the other goes
  out and loses to every hand that stays in), and
- that plus ``2 * (u - t)`` when ``u >= t`` (it also beats the hands that stay in below it).

The gain grows with ``u``, so the best response is a threshold: the strength where the gain is
zero. Both playing ``t`` is an equilibrium when the hand at ``t`` is indifferent, that is when
the first line is zero:

    t* = (1 - loss) / (1 + gain - loss)

(clipped to [0, 1]: a leg worth a pot or more to take and nothing to lose means always in). With
``gain = loss = v``, a leg that moves a pot's worth ``v`` from one player to the other, ``t* = 1 -
v``. Against a ``t`` below ``t*`` the best response is a threshold above ``t``, against one above
``t*`` it is 0 (always in): the equilibrium is unique.

>>> equilibrium(0.25, 0.25), equilibrium(1.0, 0.0), round(equilibrium(0.5, 0.0), 4)
(0.75, 0.5, 0.6667)
>>> abs(solve(0.25, 0.25, grid=400) - 0.75) < 2e-3         # a coarse grid: 1 / (2 * 400) off at most
True
"""

from __future__ import annotations

import numpy as np

from wildeval.games.guts.solver.deals import Scale
from wildeval.games.guts.solver.iterate import indifference_step, play_rows
from wildeval.games.guts.solver.model import States, Table

__all__ = ["equilibrium", "solve"]


def equilibrium(gain: float, loss: float) -> float:
    """The toy's equilibrium threshold, ``(1 - loss) / (1 + gain - loss)`` clipped to [0, 1]."""
    if gain < 0 or loss < 0 or 1 + gain - loss <= 0:
        raise ValueError(f"a leg's gain and loss must be >= 0 with loss < 1 + gain, not {gain!r}, {loss!r}")
    return min(1.0, max(0.0, (1.0 - loss) / (1.0 + gain - loss)))


def solve(gain: float, loss: float, *, grid: int = 1200, sweeps: int = 10, step: float = 0.8) -> float:
    """The toy solved by the solver's own steps (:func:`~wildeval.games.guts.solver.iterate.play_rows`
    and :func:`~wildeval.games.guts.solver.iterate.indifference_step`), on every pair of
    strengths of a grid of ``grid`` (``(i + 0.5) / grid``): a two-player legs table with one stage
    that declares at once, whose next states are worth ``gain`` and ``-loss`` pots. Each sweep
    plays every pair once; the threshold after the last is the answer (the steps are exact on
    the grid, so nothing needs averaging; the grid's error is about ``1 / (2 * grid)`` in the
    gain, that divided by ``1 + gain - loss`` in the threshold)."""
    equilibrium(gain, loss)  # the same checks
    table = Table(players=2, stages=1, goal=2, streak=False, lowest_pays=False, in_turn=False)
    states = States(table)
    pot = 2.0  # the first round's pot, in antes
    scale = Scale(np.arange(grid, dtype=np.int64), np.arange(grid, dtype=np.int64),
                  np.ones(grid, dtype=np.int64), grid)
    mine, theirs = np.divmod(np.arange(grid * grid, dtype=np.int64), grid)
    values = np.stack([mine, theirs])
    strength = (mine + 0.5) / grid
    legs = np.zeros((2, mine.size), dtype=np.int64)
    seat = np.zeros(mine.size, dtype=np.int64)
    rnd = np.zeros(mine.size, dtype=np.int64)
    worth_next = np.zeros((1, len(states)))
    worth_next[0, states.find(1, (0,))] = gain * pot
    worth_next[0, states.find(0, (1,))] = -loss * pot
    thresholds = np.full((len(states), 1), 0.5)
    for _ in range(sweeps):
        bars = np.asarray(scale.weakest(thresholds), dtype=np.int64)[None]
        rows = play_rows(table, states, values, strength, legs, seat, rnd, bars, worth_next)
        indifference_step(thresholds, rows, 1, step, 4.0 / grid)
    return float(thresholds[states.find(0, (0,)), 0])
