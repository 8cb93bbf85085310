"""Exact equity against a random player, counted board by board (src/core/equity/versus_random.hpp):
the same counts as the set-by-set engine on every spot both can count, the published preflop
figures, and exact_cost's estimate."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st
from interrupts import interrupted_within

from wildeval.cards import format_cards
from wildeval.equity_spot import read_spot
from wildeval.odds import equity, exact_cost
from wildeval.ranges import Range


def _both(players: list[str], **kwargs: object) -> tuple[np.ndarray, np.ndarray, int]:  # type: ignore[type-arg]
    """The summed rows of the set-by-set count and of the board-by-board count, and the suit
    renamings the latter counted boards up to."""
    deal = read_spot(players, kwargs.get("board", ()), kwargs.get("dead", ()), kwargs.get("board_size", 5),  # type: ignore[arg-type]
                 kwargs.get("ranking", "high"), kwargs.get("wild"), True, None)  # type: ignore[arg-type]
    engine = deal.engine
    random_player, why, _, tasks, renamings, _, _ = engine.random_plan()
    assert random_player >= 0, why
    _, _, old_tasks, _ = engine.plan()
    return engine.exact(0, old_tasks, 2).sum(axis=0), engine.versus_random(0, tasks, 2).sum(axis=0), renamings


SPOTS = [
    (["AA", "random"], {"board": "Ah 7c 2d"}),
    (["As Ad", "random"], {"board": "Kh 7c 2d"}),
    (["AKs", "QQ", "random"], {"board": "Jh 7c 2d 3s"}),
    (["random", "random"], {"board": "Jh 7c 2d 3s"}),
    (["QQ+,AKs", "random"], {"board": "2h 3h 4h"}),
    (["Ks Kd", "7h 8h", "random"], {"board": "9h Th 2c", "dead": "Ac"}),
    (["random", "AA", "random"], {"board": "9h Th 2c 3c"}),
    (["77", "random"], {"board": "9h Th 6c", "ranking": "short_deck"}),
    (["KK", "random"], {"board": "9h Th 2c", "wild": "2"}),
    (["KhQh", "random"], {"board": "9h Th", "board_size": 4}),
    (["AA", "KK", "QQ", "random"], {"board": "9h Th 2c 3d"}),
    (["AA", "random"], {"board": "2h 5h 9h Jh"}),  # four of a suit: one suited card makes a flush
    (["Ah Kd", "random"], {"board": "2h 5h 9h Jh Kh"}),  # five of a suit on the board
    (["random", "random"], {"board": "2h 5h 9h"}),
    (["AKs:0.5, QQ", "random"], {"board": "2h 5h 9c"}),  # weights
    (["AA", "random"], {"board": "2h 5h 9c", "ranking": "low27", "board_size": 5}),
]


@pytest.mark.parametrize(("players", "kwargs"), SPOTS)
def test_board_by_board_counts_every_deal_as_set_by_set(players: list[str], kwargs: dict[str, object]) -> None:
    old, new, _ = _both(players, **kwargs)
    assert np.array_equal(old[:-1], new[:-1])  # shares, weight and deals; the last column is the sets counted


cards = st.lists(st.integers(0, 51), min_size=6, max_size=9, unique=True)


@settings(max_examples=25, deadline=None)
@given(cards, st.integers(2, 3), st.integers(3, 4), st.sampled_from(["high", "short_deck", "low_a5"]),
       st.sampled_from([None, "2", "3 K"]), st.sampled_from([0.5, 1.0, 2.0]))
def test_random_spots_agree(dealt: list[int], players: int, shown: int, ranking: str, wild: str | None,
                            weight: float) -> None:
    """A known hand, a small weighted range, a random player (and on a turn board sometimes a
    second), a board of 3 or 4 cards and a dead card, drawn at random: both counts agree to the
    last deal."""
    deck = [c for c in dealt if ranking != "short_deck" or c >= 16]
    if len(deck) < shown + 2:
        return
    board, rest = deck[:shown], deck[shown:]
    known = [format_cards(rest[:2])] if len(rest) >= 2 else []
    spot: list[object] = [*known, Range(f"AKs:{weight}, QQ, T9s:{weight}"), "random"]
    if players == 3 and shown == 4:  # a second random player (a range of every hand): a turn board keeps it small
        spot.append("random")
    dead = format_cards(rest[2:3])
    wild_ok = wild if ranking == "high" else None
    try:
        old, new, _ = _both(spot, board=format_cards(board), dead=dead, ranking=ranking, wild=wild_ok)  # type: ignore[arg-type]
    except ValueError as error:  # the range cannot be dealt beside these cards
        assert "can be dealt" in str(error) or "no deal" in str(error)
        return
    assert np.array_equal(old[:-1], new[:-1])


def test_boards_are_counted_up_to_the_suits_the_deal_leaves_free() -> None:
    assert _both(["AA", "random"], board="Ah 7c 2d")[2] == 1
    assert _both(["QQ+,AKs", "random"], board="2h 3h 4h")[2] == 6
    assert _both(["KhQh", "random"], board="9h Th", board_size=4)[2] == 6


def test_aces_against_a_random_hand_as_published() -> None:
    """AA against a random hand preflop: 0.852037 (ties split), over 12,585,434,400 deals, as
    OMPEval's exact EquityCalculator counts them; any single pair of aces the same."""
    aces, other = equity(["AA", "random"])
    assert aces.boards == 6 * 1225 * 1_712_304 == 12_585_434_400
    assert round(aces.equity, 6) == 0.852037 and round(other.equity, 6) == 0.147963
    assert aces.equity + other.equity == pytest.approx(1, abs=1e-12)
    assert round(equity(["Ah Ac", "random"], threads=1)[0].equity, 6) == 0.852037


@pytest.mark.slow
def test_preflop_spots_other_tools_count() -> None:
    """Figures OMPEval's exact EquityCalculator gives for the same spots (its deals counted the same)."""
    tens = equity(["TT+,AK", "random"])
    assert tens[0].boards == 96_488_330_400 and round(tens[0].equity, 6) == 0.750447
    three = equity(["AKs", "QQ", "random"])
    assert three[0].boards == 37_109_052_288
    assert [round(r.equity, 6) for r in three] == [0.401570, 0.461249, 0.137181]
    both = equity(["random", "random"])  # about 2.8 trillion deals, in seconds; integers below 2**53 in doubles
    assert both[0].boards == 1326 * 1225 * 1_712_304 == 2_781_381_002_400
    assert both[0].equity == both[1].equity == 0.5 and both[0].win == both[1].win


def test_exact_cost_estimates_before_counting() -> None:
    quick = exact_cost(["AA", "random"], probe=0.05)
    assert quick.by_board and 0 < quick.probed <= quick.tasks and quick.seconds < 60
    assert 0.5 < quick.deals / 12_585_434_400 < 2  # from the tasks timed: an estimate
    slow = exact_cost(["random"] * 4)  # a task would take too long to time: the model alone
    assert slow.probed == 0 and slow.seconds > 1000
    known = exact_cost(["As Ad", "Kc Kd", "7h 6h"])
    assert not known.by_board and known.deals == 1_370_754 * 1
    with pytest.raises(ValueError, match="probe must be a number of seconds"):
        exact_cost(["AA", "random"], probe=-1)


def test_where_board_by_board_does_not_apply_the_set_by_set_count_does() -> None:
    deal = read_spot(["As Ad Kd Kh", "random"], (), (), 5, "omaha", None, True, None)
    assert deal.engine.random_plan()[:2] == (-1, "hole cards and a board apart (Omaha)")
    deal = read_spot(["AA", "KK"], (), (), 5, "high", None, True, None)
    assert deal.engine.random_plan()[:2] == (-1, "no player holds any hand of the deck")
    hi_lo = read_spot(["As Ad Kd Kh", "random"], (), (), 5, "omaha", None, True, "omaha_low8")
    assert hi_lo.engine.random_plan()[:2] == (-1, "a pot split high and low")
    crowd = read_spot(["AA"] + ["random"] * 9, (), (), 5, "high", None, True, None)  # 6 x 1,326^8 sets: past 2^64
    assert crowd.engine.random_plan()[:2] == (-1, "more sets of the others' hands than a board can walk")


def test_ctrl_c_stops_a_count_of_trillions_within_a_second() -> None:
    """random against random (2.8 trillion deals, seconds of work) stops at a simulated Ctrl-C,
    and the engine counts again afterwards."""
    assert interrupted_within(lambda: equity(["random", "random"])) < 1.0
    assert round(equity(["AA", "random"], board="2h 7c 9d")[0].equity, 4) == round(
        equity(["AA", "random"], board="2h 7c 9d", threads=1)[0].equity, 4)


@pytest.mark.parametrize(("hero", "board", "ranking"), [
    ("As Ad", "2h 7s 9c Kd", "high"),
    ("Th 9h", "2h 7h Jc", "high"),        # a flop: two cards to come, flush draws
    ("Ah Kh", "6h 9h Tc Jd", "short_deck"),  # the 36-card deck
])
def test_against_a_brute_force_by_the_evaluator_alone(hero: str, board: str, ranking: str) -> None:
    """Every random hand and every completion of the board valued by Evaluator.batch and tallied
    here, without the equity engine: the same wins and ties, to the deal."""
    import itertools

    from wildeval.cards import parse_cards
    from wildeval.evaluator import Evaluator
    from wildeval.rankings import spec

    held, shown = parse_cards(hero), parse_cards(board)
    deck = [c for c in spec(ranking).deck if c not in held and c not in shown]
    rows_hero, rows_random = [], []
    for completion in itertools.combinations(deck, 5 - len(shown)):
        rest = [c for c in deck if c not in completion]
        full = [*shown, *completion]
        for pair in itertools.combinations(rest, 2):
            rows_hero.append([*held, *full])
            rows_random.append([*pair, *full])
    ev = Evaluator(ranking)
    ours = ev.batch(np.array(rows_hero, dtype=np.uint8))
    theirs = ev.batch(np.array(rows_random, dtype=np.uint8))
    deals = len(rows_hero)
    win, tie = int((ours > theirs).sum()) / deals, int((ours == theirs).sum()) / deals
    counted = equity([hero, "random"], board, ranking=ranking)[0]
    assert counted.boards == deals
    assert counted.win == pytest.approx(win, abs=1e-15) and counted.tie == pytest.approx(tie, abs=1e-15)
