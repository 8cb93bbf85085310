"""The solver's iteration: values of the states of legs, and thresholds at which staying in and
going out are worth the same.

Every player plays the same strategy (the game is the same from every seat, the deal moving
round). A strategy is a threshold per stage, round, state of legs and declaration context: a
strength (:class:`~wildeval.games.guts.solver.deals.Scale`) from which a hand stays in. For
every stage, round (the pot grows by an ante from every player each round) and state the solver
plays many deals with that state's legs placed round the table at random (the player's own seat
too), twice: once with the player in, once out, the others playing the strategy (in turn, the
players after see the choice). What each choice is worth (in antes) is the stage's payments
plus the pot if it ends the game, or else the value of the state of legs the next stage starts
in. From these:

- the state's value is the average of what the strategy's own choice gets;
- each threshold moves against the gain of staying in over going out, averaged over the deals
  whose strength lies just below it (:func:`indifference_step`), until the two are worth the
  same there (or the threshold reaches 0: always in; or 1: never in).

Each sweep plays every stage from the last to the first, on fresh deals; the result averages the
later half of the sweeps. :func:`best_response` plays the same sweeps for one player alone
against a fixed strategy, choosing for each threshold the one that gains most on the deals.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from wildeval.games.guts.rules import GutsRules
from wildeval.games.guts.solver.deals import Deals, Scale
from wildeval.games.guts.solver.games import play_games
from wildeval.games.guts.solver.model import States, Table, declare, settle

__all__ = ["MIN_ROWS", "Solution", "VISIT_GAMES", "allocate", "best_response", "hand_bars", "indifference_step",
           "iterate", "play_rows", "stage_rows"]

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.int64]


@dataclass(frozen=True)
class Solution:
    """``thresholds[stage, round, state, context]`` (strengths) and ``values[stage, round,
    state]`` (what a player in that state expects from the stage's start to the game's end, in
    antes; the round's ante paid)."""

    thresholds: Floats
    values: Floats


@dataclass(frozen=True)
class StageRows:
    """One stage played for one player per row: the player's state (round and legs, numbered
    ``round * len(States) + legs state``), context and strength, what going in and going out
    are worth (in antes) and the pot (antes)."""

    state: Ints
    context: Ints
    strength: Floats
    value: Ints
    worth_in: Floats
    worth_out: Floats
    pot: Floats


def _arrange(states: States, rounds: int, rows_per_state: int | Ints,
             rng: np.random.Generator) -> tuple[Ints, Ints, Ints, Ints]:
    """Rows for every round and state of legs, ``rows_per_state`` each (or ``rows_per_state[i]``
    for round and state ``i = round * len(states) + state``): the player's own count at a random
    seat, the others' counts at the other seats in random order. Returns (round from 0, state of
    legs, seat, legs as seats x rows)."""
    n = states.table.players
    both = np.repeat(np.arange(rounds * len(states)), rows_per_state)
    rnd, state = np.divmod(both, len(states))
    r = state.size
    seat = rng.integers(0, n, r)
    others = states.others[state]
    others = np.take_along_axis(others, np.argsort(rng.random(others.shape), axis=1), axis=1)
    legs = np.empty((r, n), dtype=np.int64)
    mask = np.ones((r, n), dtype=np.bool_)
    mask[np.arange(r), seat] = False
    legs[mask] = others.ravel()
    legs[~mask] = states.own[state]
    return rnd, state, seat, np.ascontiguousarray(legs.T)


def stage_rows(table: Table, states: States, deals: Deals, stage: int, bars: Ints, next_values: Floats,
               rows_per_state: int | Ints, rng: np.random.Generator) -> StageRows:
    """Stage ``stage`` played on fresh rows (:func:`_arrange`, each a random deal of ``deals``)
    for every round and state of legs (:func:`play_rows`)."""
    rnd, state, seat, legs = _arrange(states, bars.shape[0], rows_per_state, rng)
    pick = rng.integers(0, len(deals), state.size)
    values = np.ascontiguousarray(deals.values[pick, :, stage].T)
    strength = deals.strength[pick, seat, stage]
    return play_rows(table, states, values, strength, legs, seat, rnd, bars, next_values)


def play_rows(table: Table, states: States, values: Ints, strength: Floats, legs: Ints, seat: Ints, rnd: Ints,
              bars: Ints, next_values: Floats) -> StageRows:
    """One stage played in every row twice, the player at ``seat[r]`` in, then out, the others
    staying in from ``bars[round, state, context]`` (hand values). ``values`` and ``legs``:
    every seat's hand value and count (seats x rows); ``strength``: the player's strength;
    ``rnd``: the round from 0 (the pot is ``players * (round + 1)`` antes);
    ``next_values[round, state]``: what the state the next stage starts in is worth to the
    player (the ante of a next round included)."""
    rows = np.arange(seat.size)
    seat_states = states.index(legs)
    which = np.broadcast_to(rnd, legs.shape)
    pot = (table.players * (rnd + 1)).astype(np.float64)
    amount = pot if table.payment_cap is None else np.minimum(pot, table.payment_cap)
    worth = []
    context = np.zeros(seat.size, dtype=np.int64)
    for stay in (True, False):
        ins, ctx = declare(table, bars, values, seat_states, seat, stay, which=which)
        context = ctx[seat, rows]
        pay, after, winner = settle(table, ins, values, legs)
        going = winner < 0
        nxt = np.zeros(seat.size)
        nxt[going] = next_values[rnd[going], states.index_of(after[:, going], seat[going])]
        worth.append(pay[seat, rows] * amount + (winner == seat) * pot + nxt)
    state = rnd * len(states) + seat_states[seat, rows]
    return StageRows(state, context, strength, values[seat, rows], worth[0], worth[1], pot)


def indifference_step(thresholds: Floats, rows: StageRows, contexts: int, step: float, bandwidth: float) -> None:
    """Move each threshold (``thresholds[state, context]``, flattened in place) against the gain
    of staying in over going out (in pots) at the threshold: the gain averaged over the rows
    just below it, weighted by a triangular kernel of width ``bandwidth`` (from the rows just
    above where none lies below: at a threshold of 0, say). From below, because at the strategy's
    own threshold the gain bends (above it a hand also beats the others' hands that stay in with
    the same threshold) and is flat or smooth on the side below."""
    t = thresholds.reshape(-1)
    key = rows.state * contexts + rows.context
    gain = (rows.worth_in - rows.worth_out) / rows.pot
    gap = t[key] - rows.strength
    below = np.maximum(0.0, 1.0 - gap / bandwidth) * (gap >= 0)
    above = np.maximum(0.0, 1.0 + gap / bandwidth) * (gap < 0)
    moved = np.zeros(t.size, dtype=np.bool_)
    for w in (below, above):
        weight = np.bincount(key, w, minlength=t.size)
        total = np.bincount(key, w * gain, minlength=t.size)
        seen = (weight > 1.0) & ~moved
        t[seen] = np.clip(t[seen] - step * total[seen] / weight[seen], 0.0, 1.0)
        moved |= seen


def hand_bars(scales: list[Scale], thresholds: Floats) -> Ints:
    """Thresholds (strengths) as hand values: ``[stage, round, state, context]``."""
    return np.stack([np.asarray(scales[s].weakest(thresholds[s]), dtype=np.int64) for s in range(len(scales))])


def _next_values(values: Floats, s: int) -> Floats:
    """What the state the next stage starts in is worth, per (round, state of legs): the next
    stage's values, or after the last stage the next round's first less its ante (the last round
    kept stands for every later one, whose pot is held at its size and which takes no ante)."""
    if s + 1 < values.shape[0]:
        same: Floats = values[s + 1]
        return same
    nxt: Floats = np.empty_like(values[0])
    nxt[:-1] = values[0, 1:] - 1.0
    nxt[-1] = values[0, -1]
    return nxt


VISIT_GAMES = 2000
"""Whole games played every few sweeps to see which states play reaches, and how often."""

MIN_ROWS = 16
"""The fewest deals a sweep plays for any round and state (its value stays measured)."""


def allocate(visits: Ints, budget: int) -> Ints:
    """Deals per round and state for one stage, ``budget`` in all: :data:`MIN_ROWS` each, the rest
    shared in proportion to how often whole games reached each (``visits``, flattened)."""
    share = visits.reshape(-1).astype(np.float64)
    spare = max(0, budget - MIN_ROWS * share.size)
    rows: Ints = (np.full(share.size, MIN_ROWS + spare // share.size, dtype=np.int64) if share.sum() == 0 else
                  (MIN_ROWS + np.floor(spare * share / share.sum())).astype(np.int64))
    return rows


def iterate(table: Table, scales: list[Scale], deals: Deals, *, rounds: int, sweeps: int, rows_per_state: int,
            bandwidth: float, step: float, seed: int, progress: Callable[[int], object] | None = None,
            rules: GutsRules | None = None) -> Solution:
    """The symmetric strategy and its values after ``sweeps`` sweeps (the later half averaged);
    ``rounds`` rounds are told apart (the pot grows by an ante from each player every round; the
    last stands for every later one). Each sweep plays ``rows_per_state`` deals per round and
    state on average; with ``rules`` given, every fifth sweep plays :data:`VISIT_GAMES` whole
    games with the strategy so far, and the next sweeps share the deals out by how often those
    games reached each state (:func:`allocate`): the states play reaches most are measured
    best."""
    states = States(table)
    s_count, c_count, x_count = table.stages, len(states), table.contexts
    rng = np.random.default_rng(seed)
    thresholds = np.full((s_count, rounds, c_count, x_count), 1.0 - 1.0 / table.players)
    values = np.zeros((s_count, rounds, c_count))
    kept_t = np.zeros_like(thresholds)
    kept_v = np.zeros_like(values)
    kept = 0
    budget = rows_per_state * rounds * c_count
    rows = np.full((s_count, rounds * c_count), rows_per_state, dtype=np.int64)
    for sweep in range(sweeps):
        eta = step / (1.0 + sweep / 10.0)
        if rules is not None and sweep % 5 == 0 and sweep:
            visits = np.zeros((s_count, rounds, c_count), dtype=np.int64)
            play_games(rules, table.players, hand_bars(scales, thresholds)[None], [0] * table.players, VISIT_GAMES,
                       seed=seed * 7919 + sweep, visits=visits)
            rows = np.stack([allocate(visits[s], budget) for s in range(s_count)])
        for s in reversed(range(s_count)):
            bars = np.asarray(scales[s].weakest(thresholds[s]), dtype=np.int64)
            r = stage_rows(table, states, deals, s, bars, _next_values(values, s), rows[s], rng)
            flat_bars = bars.reshape(rounds * c_count, x_count)
            stays = r.value >= flat_bars[r.state, r.context]
            got = np.where(stays, r.worth_in, r.worth_out)
            values[s] = (np.bincount(r.state, got, minlength=rounds * c_count) / rows[s]).reshape(rounds, c_count)
            indifference_step(thresholds[s], r, x_count, eta, bandwidth)
        if sweep >= sweeps // 2:
            kept_t += thresholds
            kept_v += values
            kept += 1
        if progress is not None:
            progress(1)
    return Solution(kept_t / kept, kept_v / kept)


def best_response(table: Table, scales: list[Scale], deals: Deals, strategy: Solution, *, sweeps: int,
                  rows_per_state: int, seed: int) -> Solution:
    """One player's best thresholds against everyone else playing ``strategy``, and that
    player's values: each threshold is the strength from which staying in gains most over the
    deals of that stage, round, state and context (the gains are worth-in less worth-out, summed
    over the deals at least that strong), the values those of the player's own choices."""
    states = States(table)
    s_count, x_count = table.stages, table.contexts
    rounds, c_count = strategy.values.shape[1:]
    rng = np.random.default_rng(seed)
    others = hand_bars(scales, strategy.thresholds)
    thresholds = strategy.thresholds.copy()
    values = strategy.values.copy()
    for _ in range(sweeps):
        for s in reversed(range(s_count)):
            r = stage_rows(table, states, deals, s, others[s], _next_values(values, s), rows_per_state, rng)
            key = r.state * x_count + r.context
            gain = r.worth_in - r.worth_out
            order = np.lexsort((-r.strength, key))
            k, g, u = key[order], gain[order], r.strength[order]
            total = np.cumsum(g)
            starts = np.flatnonzero(np.r_[True, k[1:] != k[:-1]])
            sizes = np.diff(np.r_[starts, k.size])
            run = total - np.repeat(np.r_[0.0, total[starts[1:] - 1]], sizes)  # staying in from here up
            best = np.maximum.reduceat(run, starts)
            at = np.where(run == np.repeat(best, sizes), np.arange(k.size), k.size)
            first = np.minimum.reduceat(at, starts)
            t = thresholds[s].reshape(-1)
            t[k[starts]] = np.where(best > 0, u[first], 1.0)
            mine = np.asarray(scales[s].weakest(thresholds[s]), dtype=np.int64).reshape(rounds * c_count, x_count)
            stays = r.value >= mine[r.state, r.context]
            values[s] = (np.bincount(r.state, np.where(stays, r.worth_in, r.worth_out),
                                     minlength=rounds * c_count) / rows_per_state).reshape(rounds, c_count)
    return Solution(thresholds, values)
