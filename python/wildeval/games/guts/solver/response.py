"""A best response that sees what a player sees, in numpy: the pieces the project's measure
(:mod:`~wildeval.games.guts.solver.measure`, on the native player) shares with it, and the numpy
reference that measure is tested against.

:func:`best_bars` (a set's best threshold, where it beats the strategy's choices), :func:`paired`
and :class:`Gain` (a gain on paired games with its standard error) serve the native measure.
:class:`Responder`, :func:`best_response_games` and :func:`paired_gain` play the same search on
:func:`~wildeval.games.guts.solver.games.play_games`: tests hold the native flips to them, flip
for flip. What follows describes that search.

One seat (seat 0 of :func:`~wildeval.games.guts.solver.games.play_games`, which sits at every
place in turn as the deal moves) plays against the others on the strategy and may decide
otherwise at every **information set**: everything that player has seen when they declare,

- the stage and the round (the pot; rounds from the fourth told apart no further);
- every player's legs (or streak), seat by seat from their own round the table;
- their place in the declarations and, declaring in turn, which of the players before them
  declared in (seat by seat, not only how many);
- at each earlier stage of this deal, which players were in (seat by seat) and whether they
  themselves were paid there (won a showdown; alone in is read from who was in);
- their own hand at this stage, by its exact value.

In each information set the response stays in from a hand value of its own (a threshold on the
hand: the better hand never does worse by staying in where a worse one gains). What it leaves
out: the hands shown at earlier showdowns (beyond who won), the player's own hands at earlier
stages (beyond what they hold now), and choices that are not a threshold on the hand.

The response is found by **flip and replay**: whole games are played with the response so far;
at the ``d``-th decision of seat 0 in every game (``d`` = 0, 1, ...), each game is played twice
more on the same cards, once with seat 0 in and once out at that decision (the response
elsewhere, the others on the strategy), and the difference of seat 0's chips is the worth of
staying in there. In each information set, the hand values of its visits sorted, the threshold
kept is the one that gains most over the visits (:func:`best_bars`), if it beats the strategy's
own choices by :data:`SURE` standard errors; sets seldom visited fall back to a coarser set (the
same without the earlier stages of the deal), then to the strategy. A few passes iterate to a
best response. It is measured on fresh games, each played twice on the same cards (seat 0 on the
strategy, then on the response; :func:`paired_gain`): the gain per chip of pot with its standard
error (the delta method over the paired games) is the **exploitability**. It is a lower bound: a
response the search does not find (finer sets, sets visited too seldom, the decisions after
``max_depth``) could gain more.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from wildeval.games.guts.rules import GutsRules
from wildeval.games.guts.solver.deals import NEVER
from wildeval.games.guts.solver.games import GamesPlayed, play_games
from wildeval.games.guts.solver.model import MODEL_ROUNDS
from wildeval.seeds import child_seed

__all__ = [
    "MIN_VISITS",
    "SURE",
    "Bars",
    "Responder",
    "Response",
    "best_bars",
    "best_response_games",
    "paired",
    "paired_gain",
]

ROUNDS = 4
"""Rounds told apart in an information set (the fourth stands for every later one)."""

MIN_VISITS = 30
"""The fewest visits of an information set before the response decides it."""

SURE = 2.0
"""How many standard errors a set's best threshold must gain over the strategy's choices."""

Ints = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]
Floats = npt.NDArray[np.float64]


@dataclass
class Bars:
    """For some information sets (``keys``, increasing): the weakest hand value that stays in
    (:data:`~wildeval.games.guts.solver.deals.NEVER`: none)."""

    keys: Ints = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    bars: Ints = field(default_factory=lambda: np.zeros(0, dtype=np.int64))

    def find(self, keys: Ints) -> tuple[Bools, Ints]:
        """Which keys hold a bar, and the bar (0 where none)."""
        if self.keys.size == 0:
            return np.zeros(keys.shape, dtype=np.bool_), np.zeros(keys.shape, dtype=np.int64)
        at = np.minimum(np.searchsorted(self.keys, keys), self.keys.size - 1)
        known = self.keys[at] == keys
        return known, np.where(known, self.bars[at], 0)

    @staticmethod
    def of(bars: dict[int, int]) -> Bars:
        keys = np.array(sorted(bars), dtype=np.int64)
        return Bars(keys, np.array([bars[k] for k in keys.tolist()], dtype=np.int64))

    def as_dict(self) -> dict[int, int]:
        return dict(zip(self.keys.tolist(), self.bars.tolist()))


@dataclass
class Response:
    """A response: the bar of the whole information set (``fine``) where one was found, else
    that of its coarse part (``coarse``: without the earlier stages of this deal), else the
    strategy's own choice."""

    fine: Bars = field(default_factory=Bars)
    coarse: Bars = field(default_factory=Bars)

    def decide(self, fine: Ints, coarse: Ints, values: Ints, default: Bools) -> Bools:
        has_fine, fine_bar = self.fine.find(fine)
        has_coarse, coarse_bar = self.coarse.find(coarse)
        stay = np.where(has_coarse, values >= coarse_bar, default)
        return np.asarray(np.where(has_fine, values >= fine_bar, stay), dtype=np.bool_)

    @property
    def sets(self) -> int:
        """How many information sets (whole or coarse) the response decides."""
        return int(self.fine.keys.size + self.coarse.keys.size)


class Responder:
    """Seat 0's player (a :class:`~wildeval.games.guts.solver.games.Deviator`): plays ``response``
    and, with ``fork=(d, stay)``, declares ``stay`` at its ``d``-th decision of every game and
    records that decision's information sets, hand value and the strategy's own choice."""

    def __init__(self, rules: GutsRules, players: int, games: int, response: Response,
                 fork: tuple[int, bool] | None = None) -> None:
        self.players, self.goal, self.stages = players, rules.win_count, len(rules.stages)
        self.in_turn = rules.declaration == "in_turn"  # declaring at once, nobody sees another's choice
        self.response, self.fork = response, fork
        self.depth = np.zeros(games, dtype=np.int64)
        self.history = np.zeros(games, dtype=np.int64)  # this deal's earlier stages, as seat 0 saw them
        self.fork_fine = np.full(games, -1, dtype=np.int64)
        self.fork_coarse = np.full(games, -1, dtype=np.int64)
        self.fork_value = np.zeros(games, dtype=np.int64)
        self.fork_own = np.zeros(games, dtype=np.bool_)

    def start_round(self, games: Ints) -> None:
        self.history[games] = 0

    def key(self, stage: int, games: Ints, rounds: Ints, legs: Ints, place: int,
            ins_before: Bools) -> tuple[Ints, Ints]:
        """The information set of seat 0 at ``place`` in each of ``games``, whole and coarse
        (the module's doc lists what it holds; the hand value is apart)."""
        n, goal = self.players, self.goal
        rotated = legs[(place + np.arange(n)) % n]  # legs seat by seat from seat 0 round the table
        legs_code = (np.minimum(rotated, goal - 1) * (goal ** np.arange(n))[:, None]).sum(axis=0)
        before = ((ins_before * (1 << np.arange(ins_before.shape[0]))[:, None]).sum(axis=0)
                  if self.in_turn and ins_before.size else 0)
        key = np.int64(stage) * ROUNDS + np.minimum(rounds - 1, ROUNDS - 1)
        key = (key * goal ** n + legs_code) * n + place
        coarse = np.asarray(key * (1 << n) + before, dtype=np.int64)
        fine = coarse * (1 << ((n + 1) * (self.stages - 1))) + self.history[games]
        return np.asarray(fine, dtype=np.int64), coarse

    def choose(self, stage: int, games: Ints, rounds: Ints, legs: Ints, place: int, ins_before: Bools,
               own: Bools, values: Ints, live: Bools) -> Bools:
        fine, coarse = self.key(stage, games, rounds, legs, place, ins_before)
        stay = self.response.decide(fine, coarse, values, own)
        if self.fork is not None:
            depth, forced = self.fork
            here = live & (self.depth[games] == depth)
            stay = np.where(here, forced, stay)
            at = games[here]
            self.fork_fine[at], self.fork_coarse[at] = fine[here], coarse[here]
            self.fork_value[at], self.fork_own[at] = values[here], own[here]
        self.depth[games[live]] += 1
        return np.asarray(stay, dtype=np.bool_)

    def stage_done(self, stage: int, games: Ints, ins: Bools, place: Ints, pay: Floats) -> None:
        n = self.players
        cols = np.arange(games.size)
        relative = ins[(place + np.arange(n)[:, None]) % n, cols]  # who was in, seat by seat from seat 0
        seen = (relative * (1 << np.arange(n))[:, None]).sum(axis=0) + (pay[place, cols] > 0) * (1 << n)
        self.history[games] = self.history[games] * (1 << (n + 1)) + seen


def best_bars(keys: Ints, values: Ints, own: Bools, gains: Floats, *, min_visits: int = MIN_VISITS,
              sure: float = SURE) -> dict[int, int]:
    """Per key, the bar (stay in from this hand value; :data:`NEVER`: never) whose visits' gains
    of staying in sum highest, where it beats the sum of the strategy's own choices (``own``) by
    ``sure`` standard errors (the root of the summed squared gains of the visits it decides
    otherwise) over ``min_visits`` visits or more."""
    if keys.size == 0:
        return {}
    order = np.lexsort((-values, keys))
    k, v, g, o = keys[order], values[order], gains[order], own[order]
    starts = np.flatnonzero(np.r_[True, k[1:] != k[:-1]])
    sizes = np.diff(np.r_[starts, k.size])
    total = np.cumsum(g)
    run = total - np.repeat(np.r_[0.0, total[starts[1:] - 1]], sizes)  # staying in from here up, per key
    last = np.r_[v[1:] != v[:-1], True] | np.r_[k[1:] != k[:-1], True]  # a cut between two hand values
    run = np.where(last, run, -np.inf)
    best = np.maximum.reduceat(run, starts)
    at = np.where(run == np.repeat(best, sizes), np.arange(k.size), k.size)
    first = np.minimum.reduceat(at, starts)
    never = best <= 0  # staying in gains nothing over the visits at any cut
    whole = first == starts + sizes - 1  # every visit stays in: so does every hand
    bar = np.where(never, NEVER, np.where(whole, np.iinfo(np.int64).min, v[np.minimum(first, k.size - 1)]))
    stays = v >= np.repeat(bar, sizes)
    theirs = np.add.reduceat(np.where(o, g, 0.0), starts)
    ours = np.where(never, 0.0, best)
    spread = np.sqrt(np.add.reduceat(np.where(stays != o, g * g, 0.0), starts))
    clear = (sizes >= min_visits) & (ours - theirs > sure * spread) & (spread > 0)
    return dict(zip(k[starts][clear].tolist(), bar[clear].tolist()))


def _games(rules: GutsRules, players: int, bars: Ints, games: int, seed: int, responder: Responder | None,
           max_rounds: int) -> GamesPlayed:
    return play_games(rules, players, np.stack([bars, bars]), [0] * players, games, seed=seed,
                      max_rounds=max_rounds, deviator=responder)


def best_response_games(rules: GutsRules, players: int, bars: Ints, *, games: int, passes: int, seed: int,
                        max_depth: int = 24, max_rounds: int = MODEL_ROUNDS, start: Response | None = None) -> Response:
    """Flip and replay (the module's doc) against everyone else staying in from ``bars``
    (``[stage, round, state, context]`` hand values): ``passes`` passes of ``games`` games
    each, every decision up to the ``max_depth``-th of each game flipped both ways."""
    response = start or Response()
    for p in range(passes):
        pass_seed = child_seed(seed, p)
        found: list[tuple[Ints, Ints, Ints, Bools, Floats]] = []
        for depth in range(max_depth):
            stay = Responder(rules, players, games, response, fork=(depth, True))
            leave = Responder(rules, players, games, response, fork=(depth, False))
            gained = _games(rules, players, bars, games, pass_seed, stay, max_rounds).chips[:, 0] - \
                _games(rules, players, bars, games, pass_seed, leave, max_rounds).chips[:, 0]
            reached = stay.fork_fine >= 0
            if not reached.any():
                break
            found.append((stay.fork_fine[reached], stay.fork_coarse[reached], stay.fork_value[reached],
                          stay.fork_own[reached], gained[reached] / rules.ante))
        fine, coarse, values, own, gains = (np.concatenate(column) for column in zip(*found))
        fine_bars, coarse_bars = response.fine.as_dict(), response.coarse.as_dict()
        fine_bars.update(best_bars(fine, values, own, gains))
        coarse_bars.update(best_bars(coarse, values, own, gains))
        response = Response(Bars.of(fine_bars), Bars.of(coarse_bars))
    return response


@dataclass(frozen=True)
class Gain:
    """Seat 0's gain by playing otherwise, on paired games: ``per_deal`` (pots a deal, per chip
    of pot dealt in the games on the strategy) and its ``stderr`` (the delta method over the
    games), ``per_game`` (antes a game) and its ``game_stderr``."""

    per_deal: float
    stderr: float
    per_game: float
    game_stderr: float


def paired(rules: GutsRules, base: GamesPlayed, other: GamesPlayed) -> Gain:
    """Seat 0's gain in ``other`` over ``base``, the same games on the same cards."""
    d = other.chips[:, 0] - base.chips[:, 0]
    q = base.pots
    games = d.size
    ratio = float(d.mean() / q.mean())
    var = (d.var() - 2 * ratio * np.cov(d, q, bias=True)[0, 1] + ratio ** 2 * q.var()) / (games * q.mean() ** 2)
    return Gain(ratio, float(np.sqrt(max(var, 0.0))), float(d.mean() / rules.ante),
                float(d.std() / np.sqrt(games) / rules.ante))


def paired_gain(rules: GutsRules, players: int, bars: Ints, response: Response, *, games: int, seed: int,
                max_rounds: int = MODEL_ROUNDS) -> tuple[Gain, GamesPlayed]:
    """Seat 0's gain playing ``response`` instead of the strategy (``bars``), on ``games`` games
    each played both ways on the same cards; and the games on the strategy."""
    base = _games(rules, players, bars, games, seed, None, max_rounds)
    dev = _games(rules, players, bars, games, seed, Responder(rules, players, games, response), max_rounds)
    return paired(rules, base, dev), base
