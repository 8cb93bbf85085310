"""The guts solver's figures held to computations of their own: a state's value against whole
games played from it, the best response over information sets against a brute force, against
tables where the best choice is known, and its standard error against the spread over seeds."""

from __future__ import annotations

import statistics

import numpy as np
import pytest

from wildeval.games.guts import preset
from wildeval.games.guts.solver import Strategy, exploitability, solve
from wildeval.games.guts.solver.deals import NEVER, Deals
from wildeval.games.guts.solver.games import play_games
from wildeval.games.guts.solver.model import States, Table
from wildeval.games.guts.solver.response import (
    Response,
    best_bars,
    best_response_games,
    paired,
    paired_gain,
)

ALWAYS = np.iinfo(np.int64).min


def _brute_bars(keys: np.ndarray, values: np.ndarray, own: np.ndarray,
                gains: np.ndarray) -> dict[int, tuple[int, float, float, float]]:
    """Per key, by trying every cut: the best bar, its summed gain, the strategy's, the spread."""
    out = {}
    for k in np.unique(keys).tolist():
        v, o, g = values[keys == k], own[keys == k], gains[keys == k]
        cuts = [(0.0, NEVER)] + [(float(g[v >= c].sum()), int(c)) for c in sorted(set(v.tolist()), reverse=True)]
        best = max(c[0] for c in cuts)
        bar = next(c[1] for c in cuts if c[0] == best)  # the highest bar among the best
        if best <= 0:
            bar, best = NEVER, 0.0
        elif bar == v.min():
            bar = int(ALWAYS)
        stays = v >= bar
        out[k] = (bar, best, float(g[o].sum()), float(np.sqrt((g[stays != o] ** 2).sum())))
    return out


def test_best_bars_is_the_best_cut_of_every_set() -> None:
    rng = np.random.default_rng(3)
    keys = rng.integers(0, 40, 6000)
    values = rng.integers(0, 25, 6000)  # few values: many ties at a cut
    own = values >= rng.integers(0, 25, 40)[keys]
    gains = (values - rng.integers(5, 20, 40)[keys]) * 0.1 + rng.normal(0, 1.0, 6000)
    found = best_bars(keys, values, own, gains, min_visits=1, sure=0.0)
    brute = _brute_bars(keys, values, own, gains)
    for k, (bar, best, theirs, spread) in brute.items():
        clear = best - theirs > 0 and spread > 0
        assert (k in found) == clear, k
        if clear:
            assert found[k] == bar, k
    strict = best_bars(keys, values, own, gains, min_visits=1, sure=2.0)
    assert set(strict) == {k for k, (bar, best, theirs, spread) in brute.items() if best - theirs > 2 * spread > 0}


def test_best_bars_never_stays_in_where_staying_in_never_gains() -> None:
    rng = np.random.default_rng(5)
    keys = rng.integers(0, 20, 4000)
    values = rng.integers(0, 1000, 4000)
    gains = -rng.random(4000)  # staying in loses in every visit
    found = best_bars(keys, values, np.ones(4000, dtype=np.bool_), gains)
    assert set(found) == set(range(20)) and set(found.values()) == {NEVER}
    assert best_bars(keys, values, np.zeros(4000, dtype=np.bool_), gains) == {}  # the strategy is out already
    found = best_bars(keys, values, np.zeros(4000, dtype=np.bool_), -gains)  # staying in always gains
    assert set(found.values()) == {int(ALWAYS)}


def test_the_response_is_worth_at_least_the_strategy() -> None:
    strategy = solve("three-five-seven", 2, sweeps=10, deals=20_000, rows=256, iterations=0)
    measured = exploitability(strategy, games=3000, passes=2)
    assert measured.per_deal > -2 * measured.stderr
    assert set(measured.baselines) == {"every threshold -0.05", "every threshold +0.05", "always in", "always out"}
    assert measured.baselines["always out"].per_deal < 0 < measured.stderr
    assert "exploitability" in measured.line()


def _payoff_in(values: np.ndarray) -> np.ndarray:
    """Seat 0's payments in pots at a stage where all three seats are in (deals x 3 values):
    every loser pays each best hand one pot."""
    best = values.max(axis=1)
    winners = (values == best[:, None]).sum(axis=1)
    return np.where(values[:, 0] == best, 3 - winners, -winners).astype(np.float64)


def _ideal_gains(rules_name: str, count: int, buckets: int = 40) -> tuple[float, float]:
    """Pots a deal gained over staying in always, at three players against two who always stay
    in (so nobody ever takes a leg and only payments count), by going out stage by stage where
    staying in loses on average: (1) knowing only the hand's strength (in ``buckets``), (2) also
    knowing, at each earlier stage of the deal, whether one was out, in and paid, or in and not
    (the others' hands grow from the cards they held). Counted directly on dealt hands."""
    rules = preset(rules_name)
    deals = Deals.dealt(rules, 3, count, seed=77)
    plain = aware = 0.0
    history = np.zeros(count, dtype=np.int64)
    for s in range(len(rules.stages)):
        pay = _payoff_in(deals.values[:, :, s])
        cell = np.minimum((deals.strength[:, 0, s] * buckets).astype(np.int64), buckets - 1)
        for key, add in ((cell, "plain"), (history * buckets + cell, "aware")):
            sums = np.bincount(key, pay)
            out = sums[key] < 0  # staying in loses on average in this cell
            gained = float(-(pay * out).mean())
            if add == "plain":
                plain += gained
            else:
                aware += gained
                history = history * 3 + np.where(out, 0, np.where(pay > 0, 1, 2))
    return plain, aware


def test_the_response_to_players_always_in_gains_what_the_hand_odds_say() -> None:
    rules = preset("three-five-seven", payment="pot_to_each_winner")
    table = Table.of(rules, 3)
    bars = np.full((table.stages, 1, len(States(table)), table.contexts), ALWAYS, dtype=np.int64)
    response = best_response_games(rules, 3, bars, games=6000, passes=1, seed=3, max_depth=12, max_rounds=4)
    gain, base = paired_gain(rules, 3, bars, response, games=20_000, seed=4, max_rounds=4)
    plain, aware = _ideal_gains("three-five-seven", 300_000)
    assert base.undecided == 20_000  # nobody ever takes a leg
    # the response sees what the aware count sees (and the exact hand, not a bucket of 1/40);
    # here what the earlier stages showed is worth little (measured: 1.213 and 1.215)
    assert plain <= aware + 0.005
    assert aware - 0.03 < gain.per_deal < aware + 0.02 + 3 * gain.stderr, (gain, plain, aware)


def test_always_in_is_measured_where_a_single_flip_cannot_see_it() -> None:
    # the others never stay in: one leg alone gains nothing (the game still ends at the round
    # cap, antes back) but staying in at every stage takes three legs and the pot of 3 antes,
    # +2 antes a game. Flipping one decision cannot see it; the "always in" baseline does.
    strategy = solve("three-five-seven", 3, sweeps=2, deals=2_000, rows=16, iterations=0)
    never = Strategy(strategy.rules, 3, np.ones_like(strategy.thresholds), strategy.values, strategy.settings)
    assert np.all(never.bars() == NEVER)
    measured = exploitability(never, games=400, passes=1, max_depth=6)
    assert measured.baselines["always in"].per_game == 2.0 and measured.baselines["always in"].game_stderr == 0.0
    assert measured.per_deal == 0.0 and "always in" in measured.missed() and "missed" in measured.line()


def test_the_opening_state_is_worth_its_fair_share() -> None:
    # every player antes one; by symmetry each expects the pot back in share: 1 ante after paying it
    strategy = solve("three-five-seven", 3, sweeps=20, deals=50_000, rows=256, iterations=0)
    assert abs(strategy.values[0, 0, strategy.state_of([0, 0, 0])] - 1.0) < 0.1


def _from_state(strategy: Strategy, own: int, others: tuple[int, ...], round_: int, games: int) -> tuple[float, float]:
    """Seat 0's result in whole games from the start of ``round_`` holding ``own`` legs, the
    others' counts at random seats: its mean in antes (the round's ante paid) and standard error."""
    n = strategy.players
    rng = np.random.default_rng(own * 100 + round_)
    legs = np.zeros((n, games), dtype=np.int64)
    legs[0] = own
    legs[1:] = np.array(others)[np.argsort(rng.random((games, n - 1)), axis=1)].T
    played = play_games(strategy.rules, n, strategy.bars()[None], [0] * n, games, seed=11, start_legs=legs,
                        start_round=round_)
    got = (played.chips[:, 0] + strategy.rules.ante) / strategy.rules.ante
    return float(got.mean()), float(got.std() / np.sqrt(games))


@pytest.mark.slow
def test_a_states_value_is_what_whole_games_from_it_pay() -> None:
    """The solver's value of a state (its stage model's) against whole games from that state.
    The model values a stage's outcome by the average of the next stage's states, not by the
    cards the player still holds, and places the legs at random: measured, its values at the
    first rounds stand within 0.2 antes of the games' (0.5 at round 3, holding two legs);
    leaving out the next round's ante lifts them by more than 1."""
    strategy = solve("three-five-seven", 3, iterations=0)
    for own, others, round_ in [(0, (0, 0), 1), (1, (0, 0), 1), (0, (1, 0), 1), (0, (0, 0), 2), (1, (2, 0), 2)]:
        mean, error = _from_state(strategy, own, others, round_, 30_000)
        value = strategy.values[0, round_ - 1, strategy.state_of([own, *others])]
        assert abs(value - mean) < 0.2 + 3 * error, (own, others, round_, value, mean, error)


@pytest.mark.slow
def test_the_exploitabilitys_standard_error_is_its_spread_over_seeds() -> None:
    """Over 40 independent seeds, one response measured on 1,500 paired games a seed: the
    reported standard errors' mean agrees with the spread of the estimates (the spread's own
    sampling error at 40 seeds is about 11 %; 30 % allowed)."""
    strategy = solve("three-five-seven", 2, sweeps=10, deals=20_000, rows=256, iterations=0)
    bars = strategy.bars()
    response = best_response_games(strategy.rules, 2, bars, games=3000, passes=1, seed=1)
    estimates, errors = [], []
    for seed in range(40):
        gain, _ = paired_gain(strategy.rules, 2, bars, response, games=1500, seed=500 + seed)
        estimates.append(gain.per_deal)
        errors.append(gain.stderr)
    spread = statistics.stdev(estimates)
    assert spread > 0 and abs(statistics.fmean(errors) / spread - 1) < 0.3, (spread, statistics.fmean(errors))


def test_paired_gain_of_the_strategy_itself_is_exactly_nothing() -> None:
    strategy = solve("napalm", 2, sweeps=4, deals=5_000, rows=64, iterations=0)
    gain, base = paired_gain(strategy.rules, 2, strategy.bars(), Response(), games=500, seed=2)
    assert (gain.per_deal, gain.stderr, gain.per_game) == (0.0, 0.0, 0.0)
    assert paired(strategy.rules, base, base).per_deal == 0.0


def test_spread_flips_find_a_weakness_past_the_first_decisions() -> None:
    # the strategy never stays in from the second round on: nobody takes a leg there, and a seat
    # that stays in alone would. Flipping each game's first 3 decisions (the first round) cannot
    # see it; the same 3 flips spread over the game do, and bad arguments are refused in words.
    strategy = solve("three-five-seven", 3, sweeps=4, deals=10_000, rows=128, iterations=0)
    thresholds = strategy.thresholds.copy()
    thresholds[:, 1:] = 1.0
    late = Strategy(strategy.rules, 3, thresholds, strategy.values, strategy.settings)
    first = exploitability(late, games=3000, passes=1, max_depth=3, max_rounds=20)
    spread = exploitability(late, games=3000, passes=1, max_depth=3, max_rounds=20, spread=True)
    assert first.deals_per_game > 10 and first.max_rounds == 20 and spread.spread and not first.spread
    # antes a game (a deal's gain is diluted by these long games): the first round's flips find
    # a little (measured +0.27), the spread ones what staying in late takes (+1.11)
    assert spread.per_game > first.per_game + 0.5 and spread.per_game > 10 * spread.game_stderr, spread.line()
    assert "spread over it" in spread.line() and "spread over it" not in first.line()
    with pytest.raises(ValueError, match="spread must be True or False"):
        exploitability(late, games=100, passes=1, spread="yes")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="max_rounds must be an int >= 1"):
        exploitability(late, games=100, passes=1, max_rounds=0)
    with pytest.raises(ValueError, match="max_rounds must be at most 1,000,000, not 4,294,967,296"):
        exploitability(late, games=100, passes=1, max_rounds=2**32)
