"""The native equity engine: hands and ranges against each other, held to a brute-force count of
the definition (every set of hands sharing no card, weighted by the product of the weights, every
completion of the board), to published figures and eval7, and to the properties equity has."""

from __future__ import annotations

import doctest
import itertools
import math
import re
from pathlib import Path

import numpy as np
import pytest
from equity_helpers import brute, outcomes
from hypothesis import given, settings, strategies as st

from wildeval import Evaluator, _core, format_cards, parse_cards
from wildeval.odds import equity
from wildeval.ranges import Range


@pytest.mark.parametrize(("players", "board", "dead"), [
    (["As Ad", "KK, QQ"], "2h 7s 9c Qd", ""),
    (["QQ+:0.5, AKs", "JJ, 0.25(AQs), 7c6c"], "Ah 7c 2d 9s", "Ks"),
    (["AKs, 22", "random"], "Ah Kh 2h 2d 9s", ""),
    (["Js Jd", "0.5(KK), QQ, 0.3(AKs), 22"], "2h 7s 9c Qd 3c", ""),
    (["Ah Kh", "QQ", "T9s:0.5"], "Qh Th 3c 4d", "9d"),
    # boards that some renaming of the suits keeps: sets of hands counted once per class
    (["AKs, QQ:0.5", "JJ, T9s"], "2h 7h 9h 3h", "Kc Kd"),
    (["AA, KQs", "KK:0.25, 76s", "QQ"], "2c 2d 5s 8h", ""),
])
def test_equity_is_the_weighted_count_of_every_deal(players: list[str], board: str, dead: str) -> None:
    got = equity(players, board, dead=dead)
    assert outcomes(got) == [pytest.approx(b, abs=1e-12) for b in brute(players, board, dead)]
    assert math.fsum(r.equity for r in got) == pytest.approx(1.0, abs=1e-12)


def test_other_rankings_wild_cards_and_no_board() -> None:
    for players, kwargs in (
        (["7s 5d 4c 3h 2s", "random"], {"board_size": 0, "ranking": "low27"}),
        (["Ah Kh Qh", "2c 3d 5h", "random"], {"board_size": 0, "ranking": "three_card_poker"}),
        (["Ac 5d", "Kc Kd"], {"board": "3s 3h 9c Qd", "wild": "3"}),
        (["8h 5s", "7d 2c"], {"board": "Ah 3c 4d 9s", "ranking": "low_a5"}),
    ):
        if "random" in players:  # every hand of the known hands' size
            got = equity(players, **kwargs)  # type: ignore[arg-type]
            assert got[-1].hand == "random" and math.fsum(r.equity for r in got) == pytest.approx(1.0)
            continue
        assert outcomes(equity(players, **kwargs)) == [  # type: ignore[arg-type]
            pytest.approx(b, abs=1e-12) for b in brute(players, **kwargs)]  # type: ignore[arg-type]


@pytest.mark.parametrize(("ranking", "wild"), [("low27", None), ("low_a5", None), ("high", "3")])
def test_a_range_against_random_hands_sampled_close_to_exact(ranking: str, wild: str | None) -> None:
    # the sampler's dealing of random hands beside a drawn one, for rankings valued as rows
    # (lowball) and as sums (high, wild threes)
    players, board = ["QQ+, AKs, 72o", "random"], "Ah 7c 2d"
    exact = equity(players, board, ranking=ranking, wild=wild)  # type: ignore[arg-type]
    sampled = equity(players, board, ranking=ranking, wild=wild, trials=200_000, seed=5)  # type: ignore[arg-type]
    for e, r in zip(exact, sampled):
        assert abs(e.equity - r.equity) < 5 * r.stderr and abs(e.win - r.win) < 0.01, (ranking, e, r)


def test_a_range_against_every_hand_preflop() -> None:
    # A range against the whole list of 1,326 hands with nothing dealt: the sampler deals those
    # hands from the deck (no other spot reaches that path: a known card or a board shortens the
    # list). AA against a random hand is 0.852037 (the exact count of As Ad against each of the
    # 1,225 hands it leaves, averaged); every random hand's flushes count.
    aa, rest = equity(["AA", "random"], trials=400_000, seed=7)
    assert abs(aa.equity - 0.852037) < 5 * aa.stderr and aa.stderr < 0.001
    assert math.isclose(aa.equity + rest.equity, 1.0)


@pytest.mark.parametrize("low", [None, "omaha_low8"])
def test_omaha_against_random_hands_exact_and_sampled(low: str | None) -> None:
    # Omaha values each board with each player's hole: a hole that changes between boards of one
    # block must not value the earlier boards (it did, for a list of holes, exact or sampled).
    players, board = ["As Ad Ks Kd", "random"], "2h 7h 9c Qd"
    exact = equity(players, board, ranking="omaha", low=low)  # type: ignore[arg-type]
    sampled = equity(players, board, ranking="omaha", low=low, trials=300_000, seed=3)  # type: ignore[arg-type]
    for e, r in zip(exact, sampled):
        assert abs(e.equity - r.equity) < 5 * r.stderr, (e, r)
    # the exact count split over tasks of several sets of hands each, against halves of a list
    # (one task a set): the same counts
    hero = np.array([parse_cards("As Ad Ks Kd")], dtype=np.uint8)
    rest = [c for c in range(52) if c not in parse_cards("As Ad Ks Kd 2h 7h 9c")]
    rng = np.random.default_rng(3)
    holes = np.array([np.sort(rng.choice(rest, 4, replace=False)) for _ in range(6000)], dtype=np.uint8)

    def counts(listed: np.ndarray) -> np.ndarray:
        engine = _core.EquityEngine("omaha", 0, True, [(hero, np.ones(1)), (listed, np.ones(len(listed)))],
                                  parse_cards("2h 7h 9c"), [], 5)
        tasks = engine.plan()[2]
        return engine.exact(0, tasks, 2).sum(axis=0)  # type: ignore[no-any-return]

    assert (counts(holes) == counts(holes[:3000]) + counts(holes[3000:])).all()


def test_range_against_range_sampled_close_to_exact() -> None:
    # several players drawn from lists, weighted, drawn again until they share no card
    players = ["QQ+:0.5, AKs, 72o:25%", "JJ, TT, 99, AQs"]
    exact = equity(players)
    sampled = equity(players, trials=400_000, seed=8)
    for e, r in zip(exact, sampled):
        assert abs(e.equity - r.equity) < 5 * r.stderr, (e, r)


def test_random_three_card_hands_against_a_brute_count() -> None:
    # 3 known cards against every other 3-card hand: C(49, 3) = 18,424 deals, no board
    got = equity(["Qs Qd 7h", "random"], board_size=0, ranking="high")
    ev = Evaluator()
    mine = ev("Qs Qd 7h")
    rest = [c for c in range(52) if c not in parse_cards("Qs Qd 7h")]
    values = [ev(list(h)) for h in itertools.combinations(rest, 3)]
    assert got[0].boards == len(values) == 18_424 and got[1].combos == 18_424
    assert got[0].win == sum(v < mine for v in values) / len(values)
    assert got[0].tie == sum(v == mine for v in values) / len(values)


def test_published_figures() -> None:
    aces, kings = equity(["As Ad", "Kc Kd"], threads=1)
    assert (aces.boards, round(aces.equity, 4), round(kings.equity, 4)) == (1_712_304, 0.8195, 0.1805)
    # AA against KK over all 36 sets of hands (PokerStove: 81.946 %)
    aa, kk = equity(["AA", "KK"])
    assert aa.boards == 36 * 1_712_304 and aa.combos == kk.combos == 6
    assert round(aa.equity, 5) == 0.81946
    # a range is the weighted mean of its hands: AKs against QcQd, one suit at a time
    aks, qq = equity(["AKs", "Qc Qd"])
    each = [equity([f"A{s} K{s}", "Qc Qd"], threads=1)[0].equity for s in "cdhs"]
    assert aks.boards == 4 * 1_712_304 and aks.combos == 4
    assert aks.equity == pytest.approx(sum(each) / 4, abs=1e-12) and each[0] == each[1] < each[2] == each[3]


def test_dead_cards_are_cards_nobody_holds() -> None:
    # a dead card is the same as taking it out of the deck: against brute force
    assert outcomes(equity(["AA", "KQs"], "2c 7d 9h", dead="Ah Qs")) == [
        pytest.approx(b, abs=1e-12) for b in brute(["AA", "KQs"], "2c 7d 9h", "Ah Qs")]
    aa = equity(["AA", "KK"], dead="Ac")[0]
    assert aa.combos == 3 and aa.boards == 3 * 6 * math.comb(47, 5)


def test_weights_scale_nothing_when_equal_and_symmetry() -> None:
    a = equity(["QQ+, AKs", "JJ-99, AQs"], "Ah 7c 2d 5s")
    b = equity(["QQ+:0.3, AKs:0.3", "0.7(JJ-99, AQs)"], "Ah 7c 2d 5s")
    assert outcomes(a) == [pytest.approx(x, abs=1e-12) for x in outcomes(b)]
    swapped = equity(["JJ-99, AQs", "QQ+, AKs"], "Ah 7c 2d 5s")
    assert outcomes(swapped)[::-1] == [pytest.approx(x, abs=1e-12) for x in outcomes(a)]


def test_eval7_agrees_on_the_river() -> None:
    eval7 = pytest.importorskip("eval7")
    cards = lambda text: [eval7.Card(c) for c in text.split()]  # noqa: E731
    for hero, villain, board in (("Js Jd", "KK, QQ, AKs, 22", "2h 7s 9c Qd 3c"),
                                 ("As Kd", "QQ+, AQs+, 98s", "Ah 8s 9s 2d Tc"),
                                 ("7h 6h", "22+, A2s+, KTo+, 76s", "8h 9h 2c Kd 5s")):
        theirs = eval7.py_hand_vs_range_exact(cards(hero), eval7.HandRange(villain).hands, cards(board))
        assert equity([hero, villain], board)[0].equity == pytest.approx(theirs, abs=1e-9)


def test_multiway_known_hands_and_sampling_close_to_exact() -> None:
    players = ["As Ad", "Kc Kd", "7h 6h", "Qs Js"]
    exact = equity(players, "2h 9c")
    assert exact[0].boards == math.comb(42, 3)
    assert outcomes(exact) == [pytest.approx(b, abs=1e-12) for b in brute(players, "2h 9c")]
    sampled = equity(players, "2h 9c", trials=300_000, seed=4)
    for s, e in zip(sampled, exact):
        assert s.boards == 300_000 and 0 < s.stderr < 0.002
        assert abs(s.equity - e.equity) < 5 * s.stderr
        assert (s.win * s.boards).is_integer() and (s.tie * s.boards).is_integer()


def test_sampled_ranges_close_to_exact_and_stderr_stops_early() -> None:
    players, board = ["QQ+, AKs", "random"], "Ah 7c 2d"
    exact = equity(players, board)
    sampled = equity(players, board, trials=400_000, seed=1)
    assert abs(sampled[0].equity - exact[0].equity) < 5 * sampled[0].stderr
    stopped = equity(players, board, stderr=0.001, seed=2)
    assert stopped[0].boards % (16 * _core.EQUITY_CHUNK) == 0 and max(r.stderr for r in stopped) <= 0.001
    assert stopped[0].boards == 16 * _core.EQUITY_CHUNK  # one round was enough
    assert abs(stopped[0].equity - exact[0].equity) < 5 * 0.001


def test_same_numbers_on_any_threads_and_any_split() -> None:
    players = ["QQ+, AKs:0.5", "JJ-99", "random"]
    for kwargs in ({"board": "Ah 7c 2d"}, {"board": "2h", "trials": 200_001, "seed": 9}):
        one = equity(players, threads=1, **kwargs)  # type: ignore[arg-type]
        assert equity(players, threads=2, **kwargs) == one  # type: ignore[arg-type]
        assert equity(players, threads=7, progress=lambda n: None, **kwargs) == one  # type: ignore[arg-type]
    # the core's own parts: tasks and chunks add up to the whole run, however they are split
    hands = [(np.array([[51, 50]], dtype=np.uint8), np.ones(1)), (np.array([[47, 46], [45, 44]], dtype=np.uint8),
                                                                   np.array([1.0, 0.5]))]
    for ranking in ("high", "low27"):  # counted through ranks, and by rows split by first card
        engine = _core.EquityEngine(ranking, 0, True, hands, [0, 9], [], 5)
        _, _, tasks, _ = engine.plan()
        whole = engine.exact(0, tasks, 2)
        half = tasks // 2
        assert tasks >= 2 and (np.concatenate([engine.exact(0, half, 1), engine.exact(half, tasks - half, 2)])
                               == whole).all()
    engine = _core.EquityEngine("high", 0, True, hands, [0, 9], [], 5)
    run = engine.sampled(300_000, 5, 0, 0, 2)
    parts = engine.sampled(300_000, 5, 0, 2, 1) + engine.sampled(300_000, 5, 2, 0, 2)
    assert (run == parts).all() and run[-2] == 300_000


def test_progress_counts_every_deal() -> None:
    seen: list[int] = []
    got = equity(["AA", "KK, QQ"], "2h 7s 9c", progress=seen.append)
    assert sum(seen) == got[0].boards == 6 * 12 * 990
    sampled: list[int] = []
    equity(["AA", "KK"], trials=450_000, seed=2, progress=sampled.append)
    assert sum(sampled) == 450_000


@pytest.mark.parametrize(("players", "kwargs", "message"), [
    (["As Ad"], {}, "at least two hands"),
    (["As Ad"] * 11, {}, "at most 10"),
    (["As Ad", "As Kd"], {}, "card As is dealt twice"),
    (["As Ad", "KK"], {"dead": "Kc Kd Kh"}, "player 2: no hand of 'KK' can be dealt"),
    # the engine leaves out a range's hands that meet a card seen; what is wrong is said in the
    # order it is read: a player's size before the next player's hands, these before the deck
    (["As Ad", "KK", "Qs Qd Qh"], {"dead": "Kc Kd Kh"}, "player 2: no hand of 'KK' can be dealt"),
    (["As Ad", "KK"], {"dead": "Kc Kd Kh", "board_size": 6}, "player 1 holds 2 cards, with a board of 6"),
    (["KK", "QQ"], {"board": "Kc Kd Kh", "dead": "Ks 2c 2d 2h 2s 3c 3d 3h 3s 4c 4d 4h 4s 5c 5d 5h 5s 6c 6d 6h 6s 7c "
                    "7d 7h 7s 8c 8d 8h 8s 9c 9d 9h 9s Tc Td Th Ts Jc Jd Jh Js Ac Ad Ah As"},
     "player 1: no hand of 'KK' can be dealt"),
    (["KK", "QQ", "JJ"], {"board": "Kc Kd Kh", "dead": "Ks Qc 2c 2d 2h 2s 3c 3d 3h 3s 4c 4d 4h 4s 5c 5d 5h 5s "
                          "6c 6d 6h 6s 7c 7d 7h 7s 8c 8d 8h 8s 9c 9d 9h 9s Tc Td Th Ts Jc Ac Ad Ah As"},
     "player 1: no hand of 'KK' can be dealt"),
    (["AA", "AA", "AA"], {}, "no deal"),
    (["AA", "AA", "AA"], {"trials": 100}, "no deal gives every player a hand"),
    (["QQ+", "AKx"], {}, "player 2: range 'AKx': 'AKx' (at character 1) is not a hand"),
    (["AA", "KK"], {"trials": 10, "seed": 1.5}, "seed must be an int, not 1.5"),
    (["AA", "KK"], {"stderr": 0}, "stderr must be None or a number between 0 and 1"),
    (["AA", "KK"], {"seed": 3}, "seed is for trials= or stderr="),
    (["As Ad Kd", "Qs Qd Qh"], {"board_size": 5}, "player 1 holds 3 cards"),
    (["Qs Qd 7h", "AK"], {"board_size": 0}, "a range holds two-card hands"),
])
def test_errors_say_what_is_wrong(players: list[str], kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=None) as error:
        equity(players, **kwargs)  # type: ignore[arg-type]
    assert message in str(error.value)


hands2 = st.lists(st.sampled_from(sorted(Range("random").hands)), min_size=1, max_size=6, unique=True)


@settings(max_examples=40)
@given(hands2, hands2, st.lists(st.integers(0, 51), min_size=3, max_size=4, unique=True),
       st.sampled_from([0.25, 0.5, 1.0, 3.0]))
def test_any_small_ranges_against_brute_force(a: list, b: list, board: list, weight: float) -> None:  # type: ignore[type-arg]
    first, second = Range({h: weight for h in a}), Range(b)
    text = " ".join(f"{'23456789TJQKA'[c >> 2]}{'cdhs'[c & 3]}" for c in board)
    try:
        want = brute([first, second], text)
    except ZeroDivisionError:  # no deal: every pair of hands shares a card with the other or the board
        with pytest.raises(ValueError):
            equity([first, second], text)
        return
    got = equity([first, second], text)
    assert outcomes(got) == [pytest.approx(w, abs=1e-12) for w in want]


def test_the_equity_page_shows_what_runs() -> None:
    page = (Path(__file__).resolve().parents[2] / "docs" / "equity.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", page, flags=re.S)
    assert blocks
    runner = doctest.DocTestRunner()
    for i, block in enumerate(blocks):
        runner.run(doctest.DocTestParser().get_doctest(block, {}, f"docs/equity.md block {i}", "equity.md", 0))
    assert runner.failures == 0


def test_the_starting_hand_grid(tmp_path: Path) -> None:
    from wildeval.cli import main
    from wildeval.grid import class_names, versus_grid

    names = class_names()
    assert names[0][0] == "AA" and names[0][1] == "AKs" and names[1][0] == "AKo" and names[12][12] == "22"
    flat = [n for row in names for n in row]
    assert len(set(flat)) == 169 and sum(len(Range(n)) for n in flat) == 1326
    grid = versus_grid("QQ+, AKs", trials=5_000, seed=3)
    aa = grid.cell("AA")
    exact = equity(["AA", "QQ+, AKs"], trials=5_000, seed=3 + 0)[0]  # the grid's first class, seed + 0
    assert (aa.equity, aa.hands) == (exact.equity, 6)
    assert grid.cell("72o").hands == 12 and grid.cell("72o").equity < aa.equity
    on_board = versus_grid("KK", "Ks Kd 2c", trials=2_000)
    assert math.isnan(on_board.cell("KK").equity) and on_board.cell("KK").hands == 0
    out, table = tmp_path / "grid.png", tmp_path / "grid.csv"
    assert main(["chart", "--versus", "QQ+,AKs", "--deals", "2000", "--out", str(out), "--csv", str(table)]) == 0
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    rows = table.read_text().splitlines()
    assert rows[0] == "class,row,column,hands,equity,win,tie,stderr" and len(rows) == 170
    assert rows[1].startswith("AA,1,1,6,") and rows[2].startswith("AKs,1,2,4,")
    assert main(["chart", "--versus", "QQ+", "--game", "napalm", "--stage", "1"]) == 2


@settings(max_examples=25)
@given(st.lists(st.integers(0, 51), min_size=6, max_size=8, unique=True), st.integers(2, 3))
def test_boards_counted_through_ranks_equal_brute_force(cards: list[int], n_players: int) -> None:
    # three cards to come: most boards are valued once per multiset of ranks, the ones that could
    # make a flush one by one (count_by_ranks in equity.cpp)
    cards = cards[: 2 * n_players + 2]
    if len(cards) < 2 * n_players + 2:
        return
    text = [" ".join(f"{'23456789TJQKA'[c >> 2]}{'cdhs'[c & 3]}" for c in cards[i:i + 2])
            for i in range(0, len(cards), 2)]
    players, board = text[:-1], text[-1]
    assert outcomes(equity(players, board)) == [pytest.approx(b, abs=1e-12) for b in brute(players, board)]


def test_flush_heavy_preflop_spots_against_a_sample() -> None:
    # five cards to come where flushes decide much: the exact count within 5 standard errors of
    # an independent sample (drawn card by card, every board valued as it is)
    for players in (["Ah Kh", "Qh Jh"], ["7h 6h", "5h 4h"], ["As Ks", "2s 2c", "Ts 9s"]):
        exact = equity(players)
        sampled = equity(players, trials=300_000, seed=8)
        for e, r in zip(exact, sampled):
            assert abs(e.equity - r.equity) < 5 * r.stderr and abs(e.win - r.win) < 0.006


def _every_board_counted(players: list[str], dead: str = "") -> list[tuple[float, float, float]]:
    """Known hands preflop, every five-card board valued as seven cards by the batch evaluator
    (numpy, not the equity engine): (win, tie, equity) per player."""
    hands = [parse_cards(p) for p in players]
    gone = {c for h in hands for c in h} | set(parse_cards(dead))
    deck = np.array([c for c in range(52) if c not in gone], dtype=np.uint8)
    boards = deck[np.array(list(itertools.combinations(range(deck.size), 5)), dtype=np.intp)]
    ev = Evaluator()
    values = np.stack([ev.batch(np.hstack([np.broadcast_to(np.array(h, dtype=np.uint8), (len(boards), 2)), boards]))
                       for h in hands])
    best = values.max(axis=0)
    top = values == best
    winners = top.sum(axis=0)
    n = len(boards)
    return [(float((top[i] & (winners == 1)).sum() / n), float((top[i] & (winners > 1)).sum() / n),
             float((top[i] / winners).sum() / n)) for i in range(len(hands))]


@pytest.mark.parametrize(("players", "dead"), [
    (["As Ad", "Kc Kd", "7h 6h"], ""),                                   # one suited hand: its flushes grouped
    (["Ah Kh", "Qh Jh", "Th 9h"], ""),                                   # three players of one suit
    (["As Ks", "Qh Jh", "2c 2d", "9d 8d"], "3s 4h"),                       # flushes in three suits, dead cards
    (["As Ad", "Kc Kd", "7h 6h", "Qs Js", "2c 2d", "Tc 9c"], ""),        # six known hands
])
def test_known_hands_preflop_equal_every_board_counted(players: list[str], dead: str) -> None:
    """Flush boards are counted by their suited cards and the other cards' ranks, each multiset of
    ranks once (count_by_ranks in equity_exact.cpp): the same as every board valued one by one."""
    got = outcomes(equity(players, dead=dead) if dead else equity(players))
    want = _every_board_counted(players, dead)
    assert got == [pytest.approx(w, abs=1e-12) for w in want]


def test_a_small_count_is_one_task_and_whole_weights_add_as_whole_numbers() -> None:
    from wildeval.equity_spot import Spot, read_spot

    def deal(players: list[str], board: str) -> Spot:
        return read_spot(players, board, "", 5, "high", None, True, None)

    # a flop's 903 boards are one task (pieces would only slow them); preflop a unit is cut in 8
    flop = deal(["As Ad", "Kc Kd", "7h 6h"], "2h 7s 9c")
    assert flop.engine.plan() == (1, 903, 1, 0)
    preflop = deal(["As Ad", "Kc Kd", "7h 6h"], "")
    assert preflop.engine.plan()[:3] == (1, 1_370_754, 8)
    # whole counts are summed as they are only where every hand weighs 1
    assert flop.unit_weights and deal(["QQ+, AKs", "JJ"], "").unit_weights
    assert not deal(["QQ+:0.5, AKs", "JJ"], "").unit_weights
    weighted = ["QQ+:0.3, AKs:0.7", "JJ:0.1, TT"]
    one = equity(weighted, board="2h 7s 9c", threads=1)
    assert equity(weighted, board="2h 7s 9c", threads=2, progress=lambda n: None) == one
    # the one task's count against every board valued one by one: flushes from the board's suit,
    # three players tied on the board, the turn
    for players, board in ((["As Ad", "Kc Kd", "7h 6h"], "2h 7s 9c"), (["Ah Kd", "Qh Jh", "9c 9d"], "2h 7h 3h"),
                           (["As 2d", "Ac 2h", "Ad 2s"], "Kc Qd Jh"), (["As Ad", "Kh Qh"], "2h 7h 9c 3s")):
        counted = equity(players, board, threads=1)
        assert deal(players, board).engine.plan()[2] == 1
        assert outcomes(counted) == [pytest.approx(b, abs=1e-12) for b in brute(players, board)]


GAMES = [("high", None), ("high", "2"), ("high", "357"), ("low27", None), ("low_a5", None)]


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=26, max_size=26, unique=True), st.integers(2, 10), st.integers(3, 4),
       st.integers(0, 2), st.sampled_from(GAMES))
def test_two_to_ten_known_hands_equal_every_board(cards: list[int], n_players: int, shown: int, n_dead: int,
                                                  game: tuple[str, str | None]) -> None:
    """2 to 10 known hands on a flop or a turn, with dead cards, under each ranking of hold'em's
    hands and with wild ranks: every player's win, tie and equity are the definition's, every
    board valued one by one."""
    ranking, wild = game
    hands = [format_cards(cards[2 * i:2 * i + 2]) for i in range(n_players)]
    board = format_cards(cards[2 * n_players:2 * n_players + shown])
    dead = format_cards(cards[2 * n_players + shown:2 * n_players + shown + n_dead])
    got = equity(hands, board, dead=dead, ranking=ranking, wild=wild, threads=1)  # type: ignore[arg-type]
    want = brute(hands, board, dead, ranking=ranking, wild=wild)
    assert outcomes(got) == [pytest.approx(w, abs=1e-12) for w in want]
