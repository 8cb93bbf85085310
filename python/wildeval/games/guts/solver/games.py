"""Whole games played by strategies on fresh deals, many at once: how the solver's strategies
are measured.

:func:`play_games` plays complete games of a table's rules, every seat following its own
thresholds (hand values per stage, state of legs and context), with what the solver's model
leaves out put back: each round is one deal, so a player's stages hold the same cards; the deal
moves left each round; every player antes every round, so the pot grows; each payment is the
pot as it stands (or ``max_payment``); the pot goes to the player who reaches the goal. A game
still undecided after ``max_rounds`` rounds gives everyone their antes back, as the engine does
at its round cap. Chips are counted as the engine counts them (:class:`GamesPlayed`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import numpy as np
import numpy.typing as npt

from wildeval.games.guts.rules import GutsRules
from wildeval.games.guts.solver.deals import Deals
from wildeval.games.guts.solver.model import MODEL_ROUNDS, States, Table, declare, settle
from wildeval.seeds import child_seed

__all__ = ["Deviator", "GamesPlayed", "play_games"]

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]


@dataclass(frozen=True)
class GamesPlayed:
    """Per game: each seat's ``chips`` won less lost and anted, the ``pots`` (the sum of the pot
    over the game's deals, in chips) and the ``rounds`` dealt; ``undecided`` games hit the cap."""

    chips: Floats
    pots: Floats
    rounds: Ints
    undecided: int


class Deviator(Protocol):
    """Seat 0's own player, for a best response (:mod:`~wildeval.games.guts.solver.response`):
    it declares for seat 0 and is told how each stage ended."""

    def start_round(self, games: Ints) -> None: ...

    def choose(self, stage: int, games: Ints, rounds: Ints, legs: Ints, place: int, ins_before: Bools,
               own: Bools, values: Ints, live: Bools) -> Bools: ...

    def stage_done(self, stage: int, games: Ints, ins: Bools, place: Ints, pay: Floats) -> None: ...


def play_games(rules: GutsRules, players: int, bars: Ints, seats: list[int], games: int, seed: int,
               max_rounds: int = MODEL_ROUNDS, visits: Ints | None = None, deviator: Deviator | None = None,
               start_legs: Ints | None = None, start_round: int = 1) -> GamesPlayed:
    """``games`` games of ``rules`` at ``players`` seats; seat ``i`` stays in from
    ``bars[seats[i], stage, state, context]`` (hand values). Game ``g`` is first dealt by seat
    ``g % players``; round ``r`` of every game is dealt from the seed's child ``r``, row ``g``,
    so two runs of the same seed see the same cards in the same game and round whatever the
    players do (their differences are the strategies'). ``visits[stage, round, state]``, if
    given, counts every seat's declarations by the state it declared in (rounds from the
    strategies' last on counted as the last). ``deviator``, if given, declares for seat 0 instead
    of its thresholds, seeing what a player sees (:class:`Deviator`). ``start_legs`` (seats x
    games) and ``start_round``, if given, start every game at that round (its pot the antes of
    the rounds before) with those legs (or streaks): the games then measure what a state is
    worth; ``rounds`` counts the rounds before too."""
    table = Table.of(rules, players)
    states = States(table)
    n, ante = players, rules.ante
    legs = np.zeros((n, games), dtype=np.int64) if start_legs is None else np.array(start_legs, dtype=np.int64)
    chips = np.zeros((n, games))
    pot = np.full(games, float(n * ante * (start_round - 1)))
    pots = np.zeros(games)
    rounds = np.full(games, start_round - 1, dtype=np.int64)
    alive = np.ones(games, dtype=np.bool_)
    dealer = np.arange(games) % n
    strategy_of_seat = np.asarray(seats, dtype=np.int64)
    kept_rounds = bars.shape[2]  # rounds from the last one on play the last one's thresholds
    stage_bars = [bars[:, s].reshape(-1, *bars.shape[3:]) for s in range(table.stages)]
    for r in range(start_round - 1, max_rounds):
        act = np.flatnonzero(alive)
        if act.size == 0:
            break
        deals = Deals.dealt(rules, n, games, seed=child_seed(seed, r))
        chips[:, act] -= ante
        pot[act] += n * ante
        pots[act] += pot[act]
        rounds[act] += 1
        seat_at = (dealer[act] + 1 + np.arange(n)[:, None]) % n  # the seat at each place (places x games)
        cols = np.arange(act.size)
        mine = legs[seat_at, act]
        which = strategy_of_seat[seat_at] * kept_rounds + np.minimum(rounds[act] - 1, kept_rounds - 1)
        live = np.ones(act.size, dtype=np.bool_)
        focal = np.argmax(seat_at == 0, axis=0)  # seat 0's place in each game's declarations
        if deviator is not None:
            deviator.start_round(act)
        for s in range(table.stages):
            values = deals.values[act, :, s].T[seat_at, cols]
            seen = states.index(np.minimum(mine, table.goal - 1))
            choose = None
            if deviator is not None:
                def choose(place: int, rows: Bools, before: Bools, own: Bools, s: int = s, values: Ints = values,
                           mine: Ints = mine, live: Bools = live, act: Ints = act) -> Bools:
                    return deviator.choose(s, act[rows], rounds[act[rows]], mine[:, rows], place, before, own,
                                           values[place, rows], live[rows])
            ins, _ = declare(table, stage_bars[s], values, seen, which=which, focal=focal, choose=choose)
            if visits is not None:
                where = (np.minimum(rounds[act] - 1, visits.shape[1] - 1) * len(states) + seen)[:, live].ravel()
                visits[s] += np.bincount(where, minlength=visits[s].size).reshape(visits[s].shape)
            ins &= live
            pay, after, winner = settle(table, ins, values, mine)
            if deviator is not None:
                deviator.stage_done(s, act, ins, focal, pay)
            amount = pot[act] if rules.max_payment is None else np.minimum(pot[act], rules.max_payment)
            chips[seat_at, act] += pay * amount
            mine = after
            won = winner >= 0
            if won.any():
                who = seat_at[winner[won], cols[won]]
                chips[who, act[won]] += pot[act[won]]
                pot[act[won]] = 0.0
                alive[act[won]] = False
                live &= ~won
        legs[seat_at, act] = mine
        dealer[act] = (dealer[act] + 1) % n
    open_ = np.flatnonzero(alive)
    if open_.size:  # the round cap: everyone's antes back
        chips[:, open_] += (rounds[open_] - (start_round - 1)) * ante
    return GamesPlayed(chips.T.copy(), pots, rounds, int(open_.size))
