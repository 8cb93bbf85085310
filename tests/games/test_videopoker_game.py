"""The whole video poker game in the native core (``_core.VideoPokerGame``) against the numpy
oracle (tests/helpers/videopoker_numpy.py), deal by deal: the classes of deals up to suit renaming,
the 32 holds of sampled deals, each deal's best hold under the tie-break (tables made to tie
often included), the same bytes on any number of threads, clear errors, progress, and many
tables at once (locally and on a Dask LocalCluster). The full games against the oracle are slow."""

from __future__ import annotations

import itertools
import json
from math import comb
from typing import Any

import numpy as np
import pytest
from interrupts import interrupted_within
from videopoker_numpy import best_holds, numpy_count_table, numpy_game, numpy_hold_counts

from wildeval import _core
from wildeval.cli import main
from wildeval.videopoker import GameAnalysis, PayTable, analyse_game, analyse_games, parse_paytable, preset
from wildeval.videopoker.counting import draw_counts, every_hand, hand_columns, hold_counts, subset_index
from wildeval.videopoker.game import DEALS, WEIGHTS
from wildeval.videopoker.holds import pay_vector

JACKS = preset("jacks-or-better-9-6")
DEUCES = preset("deuces-wild")
_FIRST_FIVE = sum(comb(52, k) for k in range(5))
# tables where holds of equal value are common: suit-renamed holds of one deal (two cards of each
# of two suits to a flush) and holds of different cards (any royal card alone)
TIES = [parse_paytable("flush=1", name="flushes only"), parse_paytable("royal=800", name="royals only"),
        parse_paytable("royal=800,four_deuces=200,three_of_a_kind=1", wild="2", name="deuces, sparse")]


def _same(a: GameAnalysis, b: GameAnalysis) -> None:
    assert (a.ret, a.variance, a.frequencies, a.total, a.holds_by_size) == \
           (b.ret, b.variance, b.frequencies, b.total, b.holds_by_size)
    assert a.strategy.dtype == b.strategy.dtype == np.uint8
    assert a.strategy.tobytes() == b.strategy.tobytes()


def _sample(every: int) -> np.ndarray:
    """Every ``every``-th deal (rows increasing) and their indices."""
    return every_hand()[::every]


def test_every_hand_is_every_combination_in_order() -> None:
    hands = every_hand()
    assert hands.dtype == np.uint8 and hands.tobytes() == bytes(itertools.chain.from_iterable(
        itertools.combinations(range(52), 5)))


def test_the_deals_up_to_suit_renaming() -> None:
    representative, deals = _core.videopoker_classes()
    assert len(representative) == len(deals) == 134_459 and int(deals.sum()) == DEALS
    # each class's representative is the lowest-numbered deal of its class: renaming its suits in
    # every one of the 24 ways gives no deal numbered lower, and the class holds as many deals as
    # renamings give distinct deals (24 over the renamings that keep it)
    cards = representative.astype(np.int64)
    index = subset_index(representative) - _FIRST_FIVE
    assert np.all(np.diff(index) > 0)
    seen = np.zeros((len(cards), 24), dtype=np.int64)
    for p, perm in enumerate(itertools.permutations(range(4))):
        renamed = np.sort(cards // 4 * 4 + np.array(perm)[cards % 4], axis=1).astype(np.uint8)
        seen[:, p] = subset_index(renamed) - _FIRST_FIVE
    assert np.all(seen.min(axis=1) == index)
    distinct = np.array([len(set(row)) for row in seen.tolist()])
    assert np.array_equal(distinct, deals)


@pytest.mark.parametrize("wild", [frozenset({0}), pytest.param(frozenset(), marks=pytest.mark.slow)], ids=str)
def test_the_count_table_is_the_numpy_table(wild: frozenset[int]) -> None:
    ours = draw_counts(wild).table
    assert ours.dtype == np.int32 and ours.tobytes() == numpy_count_table(wild).tobytes()
    _, columns, column = hand_columns(wild)
    for threads in (1, 3):
        assert _core.videopoker_count_table(every_hand(), column, len(columns), threads).tobytes() == ours.tobytes()


def test_the_count_table_checks_its_hands() -> None:
    hands = every_hand()[:10]
    for args, message in (((hands, np.zeros(9, np.uint8), 3), "one per hand"),
                          ((hands, np.full(10, 3, np.uint8), 3), "hand 0 has column 3 of 3"),
                          ((hands[:, ::-1], np.zeros(10, np.uint8), 3), "hand 0 is not five cards 0-51, increasing"),
                          ((hands, np.zeros(10, np.uint8), 0), "1 to 32 columns")):
        with pytest.raises(ValueError, match=message):
            _core.videopoker_count_table(*args, None)


@pytest.mark.parametrize("wild", [frozenset(), frozenset({0})], ids=str)
def test_the_holds_of_sampled_deals_are_the_numpy_counts(wild: frozenset[int]) -> None:
    counts = draw_counts(wild)
    dealt = _sample(101)
    ours = hold_counts(counts, dealt)
    assert ours.dtype == np.int32 and ours.tobytes() == numpy_hold_counts(counts, dealt).tobytes()


@pytest.mark.parametrize("table", [JACKS, DEUCES, *TIES], ids=lambda t: t.name)
def test_every_sampled_deal_takes_the_numpy_best_hold(table: PayTable) -> None:
    game = analyse_game(table, threads=2)
    dealt = _sample(97)
    best, _ = best_holds(table, dealt)
    assert np.array_equal(game.strategy[subset_index(dealt) - _FIRST_FIVE], best)
    assert sum(game.frequencies.values()) == game.total and sum(game.holds_by_size) == DEALS


def test_the_tie_tables_do_tie_across_suits() -> None:
    """The tie tables are worth testing: in 'flushes only', a deal of two cards in each of two
    suits holds the pair of its lower suit, the suit-renamed hold of equal value left."""
    game = analyse_game(TIES[0], threads=1)
    cards = [0, 1, 20, 21, 46]  # 2c 2d 7c 7d Kh: 2c 7c and 2d 7d are worth the same
    assert game.best_hold_mask(cards) == 0b00101


def test_the_published_returns_exactly() -> None:
    jacks, deuces = analyse_games([JACKS, DEUCES], threads=2)
    assert f"{float(jacks.ret):.6f}" == "0.995439" and jacks.frequencies["royal_flush"] == 493_512_264
    assert f"{float(deuces.ret):.6f}" == "1.007620" and deuces.frequencies["four_deuces"] == 4_060_462_824


def test_the_same_bytes_on_any_number_of_threads() -> None:
    one = analyse_game(DEUCES, threads=1)
    for threads in (2, 3):
        _same(one, analyse_game(DEUCES, threads=threads))


def test_progress_counts_every_deal_once() -> None:
    steps: list[int] = []
    analyse_game(JACKS, progress=steps.append, threads=1)
    assert sum(steps) == DEALS and len(steps) > 10


def test_a_progress_callback_that_raises_stops_the_game() -> None:
    def stop(n: int) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        analyse_game(JACKS, progress=stop)


def test_ctrl_c_stops_a_game_and_the_next_is_whole() -> None:
    """A simulated Ctrl-C during the native play stops it within a second; a game afterwards is
    the same as before."""
    before = analyse_game(JACKS, threads=2)
    def games() -> None:
        for _ in range(100):  # (never finished: the timer comes first)
            analyse_game(JACKS, threads=2)

    assert interrupted_within(games, after=0.2) < 1.0
    _same(before, analyse_game(JACKS, threads=2))


@pytest.mark.parametrize("threads, error, message", [
    (0, ValueError, "threads must be None or an int >= 1, got 0"),
    (-2, ValueError, "threads must be None or an int >= 1, got -2"),
    ("2", TypeError, "threads must be None or an int >= 1, not str"),
    (True, TypeError, "threads must be None or an int >= 1, not bool"),
    (1.5, TypeError, "threads must be None or an int >= 1, not float"),
])
def test_bad_threads_are_refused(threads: Any, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        analyse_game(JACKS, threads=threads)
    with pytest.raises(error, match=message):
        analyse_games([JACKS], threads=threads)


def test_a_table_that_is_not_a_pay_table_is_refused() -> None:
    with pytest.raises(TypeError, match="table must be a PayTable .* not str"):
        analyse_game("jacks-or-better-9-6")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="each table must be a PayTable, not dict"):
        analyse_games([JACKS, {"royal_flush": 800}])  # type: ignore[list-item]


def test_the_native_game_checks_its_arguments() -> None:
    counts = draw_counts(JACKS.wild)
    pays, _ = pay_vector(JACKS, counts)
    for args, message in (((counts.table[:5], pays, WEIGHTS), "one row per set of 0 to 5 cards"),
                          ((counts.table, pays[:-1], WEIGHTS), "one pay per column of the count table"),
                          ((counts.table, pays * 0 - 1, WEIGHTS), "a pay must be from 0 to 100000, not -1"),
                          ((counts.table, pays, WEIGHTS[:5]), "one weight per hold size 0 to 5"),
                          ((counts.table, pays, WEIGHTS * 0), "the weight of a hold of 0 cards is out of range"),
                          ((counts.table * 2, pays, WEIGHTS), "must count all 2,598,960 hands, not 5197920")):
        with pytest.raises(ValueError, match=message):
            _core.VideoPokerGame(*args)
    game = _core.VideoPokerGame(counts.table, pays, WEIGHTS)
    with pytest.raises(ValueError, match="classes 134000 to 135000 are not all among the 134459"):
        game.play(134_000, 1_000, 1)
    with pytest.raises(ValueError, match="threads must be None or an int >= 1, got 0"):
        game.play(0, 10, 0)
    with pytest.raises(ValueError, match="deal 1 is not five cards 0-51, increasing"):
        _core.videopoker_hold_counts(counts.table, np.array([[1, 2, 3, 4, 5], [5, 4, 3, 2, 1]], np.uint8))
    with pytest.raises(ValueError, match="one row per set of 0 to 5 cards"):
        _core.videopoker_hold_counts(counts.table[1:], np.array([[1, 2, 3, 4, 5]], np.uint8))


def test_many_tables_on_a_cluster_are_the_local_games(client: Any) -> None:
    tables = [JACKS, preset("bonus-poker-8-5"), TIES[2]]
    done: list[str] = []
    remote = analyse_games(tables, client=client, threads=1, progress=lambda t: done.append(t.name))
    local = analyse_games(tables, threads=2)
    assert sorted(done) == sorted(t.name for t in tables)
    for a, b in zip(remote, local, strict=True):
        assert a.table == b.table
        _same(a, b)


@pytest.mark.slow
@pytest.mark.parametrize("table", [JACKS, DEUCES, preset("double-double-bonus-9-6"), *TIES], ids=lambda t: t.name)
def test_the_whole_game_is_the_numpy_game(table: PayTable) -> None:
    _same(analyse_game(table), numpy_game(table))


def _analyse(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, Any, str]:
    try:
        code = main(["videopoker", "analyse", "--quiet", *argv])
    except SystemExit as stop:  # argparse's own errors
        code = int(str(stop.code))
    out, err = capsys.readouterr()
    return code, json.loads(out) if code == 0 and "--json" in argv else out, err


def test_the_command_analyses_many_games_here_and_on_a_scheduler(client: Any,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    games = ("--game", "jacks-or-better-9-6", "--game", "deuces-wild", "--json")
    code, here, _ = _analyse(capsys, *games, "--threads", "2")
    assert code == 0 and [g["game"] for g in here] == ["jacks-or-better-9-6", "deuces-wild"]
    assert [f"{g['return_float']:.6f}" for g in here] == ["0.995439", "1.007620"]
    code, there, _ = _analyse(capsys, *games, "--scheduler", client.scheduler.address)
    assert code == 0 and [{k: v for k, v in g.items() if k != "seconds"} for g in there] == \
           [{k: v for k, v in g.items() if k != "seconds"} for g in here]
    code, one, _ = _analyse(capsys, "--game", "deuces-wild", "--json")  # one game: one object, as before
    assert code == 0 and one["return"] == here[1]["return"]
    code, text, _ = _analyse(capsys, "--game", "jacks-or-better-9-6", "--game", "bonus-poker-8-5")
    assert code == 0 and text.count("under perfect play") == 2


@pytest.mark.parametrize("argv, message", [
    (("--game", "deuces-wild", "--game", "jacks-or-better-9-6", "--strategy", "s.npy"),
     "--strategy writes one game's strategy: give one --game"),
    (("--game", "deuces-wild", "--paytable", "royal=800"), "give --game or --paytable, not both"),
    (("--threads", "0"), "argument --threads: must be from 1 to 1,024, not 0"),
    (("--game", "deuces-wild", "--workers", "2", "--scheduler", "tcp://127.0.0.1:1"),
     "argument --scheduler: not allowed with argument --workers"),
])
def test_the_command_names_a_bad_argument(capsys: pytest.CaptureFixture[str], argv: tuple[str, ...],
                                          message: str) -> None:
    code, _, err = _analyse(capsys, *argv)
    assert code == 2 and message in err, err
