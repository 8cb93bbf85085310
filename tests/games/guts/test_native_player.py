"""The native guts player (src/core/guts/) against the numpy player (solver/games.py), which is
itself held to the engine game for game: the same deals give the same chips, pots and rounds,
and every flipped decision the same gain as the numpy player's forks."""

from __future__ import annotations

import numpy as np
import pytest

from wildeval.games.guts.rules import preset
from wildeval.games.guts.solver import solve
from wildeval.games.guts.solver.deals import NEVER, Deals
from wildeval.games.guts.solver.games import play_games
from wildeval.games.guts.solver.native import ALWAYS, CELL, Policy, cell_keys, decode, flips, play
from wildeval.games.guts.solver.response import Responder, Response
from wildeval.seeds import child_seed

TABLES = [("three-five-seven", 3, "in_turn"), ("three-five-seven-onlinepoker", 4, "in_turn"),
          ("napalm", 2, "simultaneous"), ("crazy-three-five-seven", 5, "simultaneous")]


def _setup(name: str, players: int, declaration: str, games: int, rounds: int):  # type: ignore[no-untyped-def]
    from wildeval.games.guts.rules import table_rules
    rules = table_rules(name, {"declaration": declaration})
    strategy = solve(rules, players=players, sweeps=4, deals=10_000, rows=128, iterations=0)
    keys, where = cell_keys(strategy.table, strategy.thresholds.shape[1])
    policy = Policy(((CELL, keys, strategy.bars().reshape(-1)[where]),), (int(NEVER),) * strategy.table.stages)
    values = np.concatenate([Deals.dealt(rules, players, games, seed=child_seed(5, r)).values for r in range(rounds)])
    return rules, strategy, policy, values


@pytest.mark.parametrize(("name", "players", "declaration"), TABLES)
def test_the_same_games_as_the_numpy_player(name: str, players: int, declaration: str) -> None:
    games, rounds = 600, 12
    rules, strategy, policy, values = _setup(name, players, declaration, games, rounds)
    expected = play_games(rules, players, strategy.bars()[None], [0] * players, games, seed=5, max_rounds=rounds)
    for threads in (1, 3):
        got = play(rules, players, values, policy, policy, games=games, seed=0, sequential=True, max_rounds=rounds,
                   threads=threads)
        assert np.array_equal(got.chips, expected.chips)
        assert np.array_equal(got.pots, expected.pots)
        assert np.array_equal(got.rounds, expected.rounds)
        assert got.undecided == expected.undecided
        assert np.allclose(got.chips.sum(axis=1), 0.0)  # chips are never lost


@pytest.mark.parametrize(("name", "players", "declaration"), TABLES[:3])
def test_every_flip_gains_what_the_numpy_player_forks_gain(name: str, players: int, declaration: str) -> None:
    games, rounds, depth = 300, 12, 10
    rules, strategy, policy, values = _setup(name, players, declaration, games, rounds)
    got = flips(rules, players, values, policy, policy, games=games, seed=0, sequential=True, max_rounds=rounds,
                max_depth=depth, threads=2)
    expected = np.full((games, depth), np.nan)
    bars = np.stack([strategy.bars(), strategy.bars()])
    for d in range(depth):
        chips = []
        for forced in (True, False):
            responder = Responder(rules, players, games, Response(), fork=(d, forced))
            chips.append(play_games(rules, players, bars, [0] * players, games, seed=5, max_rounds=rounds,
                                    deviator=responder).chips[:, 0])
        reached = responder.fork_fine >= 0
        expected[reached, d] = (chips[0] - chips[1])[reached]
    assert np.array_equal(expected[~np.isnan(expected)], got.gain)
    assert got.keys.shape == (len(got), 3)
    assert {decode(int(k), players)["level"] for k in got.keys[0]} == {"fine", "seen", "cell"}


def test_a_large_table_finds_its_keys_among_many() -> None:
    """A policy's table looked up by its hashed index: the same games with 60,000 other keys (bars
    that would change every game, were one of them found in a key's stead) as without them."""
    games, rounds = 300, 8
    rules, _, policy, values = _setup("three-five-seven", 3, "in_turn", games, rounds)
    level, keys, bars = policy.tables[0]
    rng = np.random.default_rng(11)
    near = (keys[:, None] + np.arange(1, 4)).ravel()  # keys next to the real ones, as well as anywhere
    extra = np.setdiff1d(np.concatenate([rng.integers(0, int(keys.max()) + 1, 60_000), near]), keys)
    merged = np.concatenate([keys, extra])
    order = np.argsort(merged, kind="stable")
    crowded = Policy(((level, merged[order], np.concatenate([bars, np.full(len(extra), int(ALWAYS))])[order]),),
                     policy.defaults)
    plain = play(rules, 3, values, policy, policy, games=games, seed=0, sequential=True, max_rounds=rounds)
    got = play(rules, 3, values, crowded, crowded, games=games, seed=0, sequential=True, max_rounds=rounds)
    assert np.array_equal(got.chips, plain.chips) and np.array_equal(got.rounds, plain.rounds)
    # and where every key of the table is found, a bar changed changes what is played
    everyone = Policy(((level, keys, np.full(len(keys), int(ALWAYS))),), policy.defaults)
    assert not np.array_equal(play(rules, 3, values, everyone, everyone, games=games, seed=0, sequential=True,
                                   max_rounds=rounds).chips, plain.chips)


def test_a_policy_decides_by_its_first_table_that_holds_the_key() -> None:
    rules = preset("three-five-seven")
    values = Deals.dealt(rules, 2, 2000, seed=3).values
    everyone_in = Policy.constant(3, int(ALWAYS))
    nobody_in = Policy.constant(3, int(NEVER))
    undecided = play(rules, 2, values, nobody_in, nobody_in, games=200, seed=1, max_rounds=5)
    assert undecided.undecided == 200 and np.all(undecided.chips == 0)
    # seat 0 always in against players who never are: three legs, the pot, in the first round
    taken = play(rules, 2, values, everyone_in, nobody_in, games=200, seed=1)
    assert np.all(taken.rounds == 1) and np.all(taken.chips[:, 0] == 1.0)
    # the first decision's cell (stage 1, round 1, no legs) overridden to never: out at stage 1 of
    # round 1, in at stages 2 and 3 (two legs), then in at stage 1 of round 2 (another cell): the
    # third leg and a pot of 4 antes, less 2 antes paid
    first = np.unique(flips(rules, 2, values, everyone_in, nobody_in, games=50, seed=1).keys[0::3, CELL])
    assert first.size == 2  # seat 0 first or second to declare
    overridden = Policy(((CELL, first, np.full(2, int(NEVER))),), everyone_in.defaults)
    later = play(rules, 2, values, overridden, nobody_in, games=200, seed=1)
    assert np.all(later.rounds == 2) and np.all(later.chips[:, 0] == 2.0)


@pytest.mark.parametrize(("name", "players", "declaration"), [TABLES[1], ("three-five-seven-onlinepoker", 3,
                                                                           "simultaneous")])
def test_a_forfeit_cap_keeps_the_antes_of_undecided_games_and_nothing_else(name: str, players: int,
                                                                           declaration: str) -> None:
    """``cap="forfeit"``: a game still undecided at the cap costs every seat the antes it paid;
    decided games are the same chip for chip. The streak game's cells alone leave many games to
    a cap of 12 deals, so both kinds are here, and every flip gains the same, or a cap's antes
    more or less where the flip decides whether the game reaches the cap."""
    games, rounds = 600, 12
    rules, _, policy, values = _setup(name, players, declaration, games, rounds)
    kw = dict(games=games, seed=0, sequential=True, max_rounds=rounds)
    back = play(rules, players, values, policy, policy, **kw)  # type: ignore[arg-type]
    kept = play(rules, players, values, policy, policy, cap="forfeit", **kw)  # type: ignore[arg-type]
    assert 0 < back.undecided == kept.undecided < games and np.array_equal(back.rounds, kept.rounds)
    assert np.array_equal(back.pots, kept.pots)
    lost = back.chips - kept.chips
    capped = lost[:, 0] != 0  # the antes kept (a game may also be won at the cap's last deal)
    assert np.count_nonzero(capped) == back.undecided and np.all(back.rounds[capped] == rounds)
    assert np.all(lost[capped] == rounds * rules.ante) and np.all(lost[~capped] == 0)
    fb = flips(rules, players, values, policy, policy, max_depth=24, **kw)  # type: ignore[arg-type]
    fk = flips(rules, players, values, policy, policy, max_depth=24, cap="forfeit", **kw)  # type: ignore[arg-type]
    assert np.array_equal(fb.keys, fk.keys)
    moved = fk.gain - fb.gain
    assert set(np.unique(moved)) <= {-rounds * rules.ante, 0.0, rounds * rules.ante}
    assert np.count_nonzero(moved) > 0 and np.count_nonzero(moved == 0) > 0
    with pytest.raises(ValueError, match="cap: one of refund, forfeit, not 'burn'"):
        play(rules, players, values, policy, policy, cap="burn", **kw)  # type: ignore[arg-type]


def test_bad_arguments_are_refused_in_words() -> None:
    rules = preset("three-five-seven")
    values = Deals.dealt(rules, 2, 10, seed=3).values
    p = Policy.constant(3, int(ALWAYS))
    with pytest.raises(ValueError, match="deals must be an array"):
        play(rules, 3, values, Policy.constant(3, 0), Policy.constant(3, 0), games=1, seed=0)
    with pytest.raises(ValueError, match="one default bar per stage"):
        play(rules, 2, values, Policy.constant(2, 0), p, games=1, seed=0)
    bad = Policy(((CELL, np.array([5, 4]), np.array([0, 0])),), p.defaults)
    with pytest.raises(ValueError, match="keys must increase"):
        play(rules, 2, values, bad, p, games=1, seed=0)
    for past in (2**31 - 1, -(2**31) - 1):  # a table keeps its bars in 32 bits: the values must fit below
        wide = values.copy()
        wide[3, 1, 2] = past
        for run in (play, flips):
            with pytest.raises(ValueError, match=r"hand values must lie in \[-2\^31, 2\^31 - 2\]"):
                run(rules, 2, wide, p, p, games=1, seed=0)


def test_bars_past_32_bits_play_as_never_and_always() -> None:
    """A table's bars are kept in 32 bits: one above every hand value still never stays in, one
    below every value always does, mixed tables too, and a bar between two values splits them."""
    games, rounds = 300, 8
    rules, _, policy, values = _setup("three-five-seven", 3, "in_turn", games, rounds)
    level, keys, bars = policy.tables[0]

    def played(table_bars: np.ndarray) -> np.ndarray:  # type: ignore[type-arg]
        p = Policy(((level, keys, table_bars),), policy.defaults)
        return play(rules, 3, values, p, p, games=games, seed=0, sequential=True, max_rounds=rounds).chips

    top, bottom = int(values.max()), int(values.min())
    for far, near in ((int(NEVER), top + 1), (2**40, top + 1), (int(ALWAYS), bottom), (-(2**40), bottom)):
        assert np.array_equal(played(np.full(len(keys), far)), played(np.full(len(keys), near)))
        mixed = np.full((len(keys), 8), far)
        assert np.array_equal(played(mixed), played(np.full(len(keys), near)))
    # at the ends of the values allowed: seat 0's hands at the edge, the others' one step inside
    def at_edge(own: int, theirs: int, bar: int) -> tuple[np.ndarray, int]:  # type: ignore[type-arg]
        edge = np.full_like(values, theirs)
        edge[:, 0, :] = own
        p = Policy(((level, keys, np.full(len(keys), bar)),), policy.defaults)
        g = play(rules, 3, edge, p, p, games=games, seed=0, sequential=True, max_rounds=rounds)
        return g.chips, g.undecided

    high = 2**31 - 2  # a bar at it: seat 0 alone in, three legs and the pot (3 antes) in the first round
    alone, undecided = at_edge(high, high - 1, high)
    assert undecided == 0 and np.all(alone[:, 0] == 2.0)
    nobody, undecided = at_edge(high, high - 1, high + 1)  # one above: never in, every ante back
    assert undecided == games and np.all(nobody == 0) and np.array_equal(nobody, at_edge(high, high - 1, int(NEVER))[0])
    low = -(2**31)  # a bar at it: everyone in, seat 0 the lowest pays; as the int64 "always"
    everyone, _ = at_edge(low, low + 1, low)
    assert np.all(everyone[:, 0] < 0) and np.array_equal(everyone, at_edge(low, low + 1, int(ALWAYS))[0])
    # some bars far above, the rest as solved: the same as those bars at the top value plus one
    far_up = bars.copy()
    far_up[::3] = 2**40
    at_top = bars.copy()
    at_top[::3] = top + 1
    assert np.array_equal(played(far_up), played(at_top)) and not np.array_equal(played(far_up), played(bars))


@pytest.mark.parametrize("width", [1, 3, 5, 8, 64])
def test_a_mixed_table_picks_its_bar_as_the_python_pick_does(width: int) -> None:
    """The native player picks a mixed set's bar by a hash of key and hand, without a division
    where the width is a power of two: every decision equals the pure-Python
    :func:`mixture_pick` on the same key and hand, at widths that take either path and at the
    ends (one bar, 64)."""
    from wildeval.games.guts.solver.native import mixture_pick

    games, rounds = 200, 8
    rules, _, policy, values = _setup("three-five-seven", 3, "in_turn", games, rounds)
    level, keys, _ = policy.tables[0]
    bars = np.random.default_rng(width).choice(values.reshape(-1), size=(len(keys), width))
    mixed = Policy(((level, keys, bars),), policy.defaults)
    f = flips(rules, 3, values, mixed, mixed, games=games, seed=0, sequential=True, max_rounds=rounds, max_depth=12)
    row = np.searchsorted(keys, f.keys[:, level])
    assert np.array_equal(keys[row], f.keys[:, level])  # every decision's key is in the table
    expected = [int(v) >= int(bars[r, mixture_pick(int(k), int(v), width)])
                for k, v, r in zip(f.keys[:, level], f.value, row, strict=True)]
    assert len(f) > 1000 and np.array_equal(f.others, expected)
    assert 0 < np.count_nonzero(f.others) < len(f)


@pytest.mark.parametrize(("name", "players", "declaration"), TABLES)
def test_python_keys_are_the_native_keys(name: str, players: int, declaration: str) -> None:
    from wildeval.games.guts.solver.model import Table
    from wildeval.games.guts.solver.native import keys_of
    rules, strategy, policy, values = _setup(name, players, declaration, 200, 12)
    got = flips(rules, players, values, policy, policy, games=200, seed=0, sequential=True, max_rounds=12)
    table = Table.of(rules, players)
    for fine, seen, cell in got.keys[::7].tolist():
        d = decode(fine, players)
        ins = [p in d["ins"] for p in range(d["place"])]  # type: ignore[operator]
        history = [([i in h["in"] for i in range(players)], h["paid"]) for h in d["history"]]  # type: ignore[attr-defined]
        assert keys_of(table, d["stage"], d["round"], d["place"], ins, d["legs"], history) == (fine, seen, cell)  # type: ignore[arg-type]


@pytest.mark.parametrize(("name", "players", "declaration"), [TABLES[1], TABLES[3]])
def test_spread_flips_are_the_full_flips_at_their_places_weighted(name: str, players: int, declaration: str) -> None:
    # spread: a game of D > m decisions has its (i * D // m)-th decisions flipped, i < m, each gain
    # times D / m; a game of D <= m decisions is flipped whole, as without spread
    rules, _, policy, values = _setup(name, players, declaration, 60, 12)
    m, longer = 8, 0
    for g in range(60):
        def flipped(g: int = g, **kw: object):  # type: ignore[no-untyped-def]
            return flips(rules, players, values, policy, policy, games=1, first_game=g, seed=0, sequential=True,
                         max_rounds=12, **kw)  # type: ignore[arg-type]
        full = flipped(max_depth=10**6)
        spread = flipped(max_depth=m, spread=True)
        total = len(full)
        at = np.arange(min(m, total)) * total // m if total > m else np.arange(total)
        weight = total / m if total > m else 1.0
        longer += total > m
        assert np.array_equal(spread.keys, full.keys[at]) and np.array_equal(spread.value, full.value[at])
        assert np.array_equal(spread.others, full.others[at])
        assert np.allclose(spread.gain, full.gain[at] * weight, rtol=0, atol=1e-9)
        if total > m:  # the last flips lie in the game's second half, which the first m never reach
            assert at[-1] >= total // 2
            # at the edge: as many flips as decisions is every decision, unweighted
            whole = flipped(max_depth=total, spread=True)
            assert np.array_equal(whole.keys, full.keys) and np.array_equal(whole.gain, full.gain)
    assert longer >= 20  # the check reaches games longer than m
