"""The equity call's own paths, where a small spot's time goes: the answers made and summed in
the core (bit for bit as math.fsum sums them), known hands read in one native call and given to
the engine as bytes, the native evaluators and block tallies kept from one call to the next; each
held to the general path or to every board valued one by one."""

from __future__ import annotations

import dataclasses
import math
import operator

import numpy as np
import pytest
from equity_helpers import brute, outcomes
from hypothesis import given, settings, strategies as st

from wildeval import Evaluator, _core, parse_cards
from wildeval.cards import format_cards
from wildeval.equity_spot import _range_arrays, read_spot
from wildeval.odds import Equity, _equity, equity
from wildeval.ranges import Range


def test_answers_are_the_frozen_class_itself() -> None:
    """equity() makes its answers without the frozen class's guarded sets (odds._equity): the same
    objects, equal, hashed and printed alike, still frozen, and every field of the class set."""
    values = ((51, 50), 0.25, 0.125, 0.3125, 903, 1, 0.0)
    made, plain = _equity(*values), Equity(*values)
    assert type(made) is Equity and made == plain and hash(made) == hash(plain) and repr(made) == repr(plain)
    assert list(vars(made)) == [f.name for f in dataclasses.fields(Equity)]
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.win = 1.0  # type: ignore[misc]
    for got in equity(["As Ad", "Kc Kd"], "2h 7s 9c") + equity(["QQ+", "random"], trials=1000, seed=1):
        assert type(got) is Equity and got == Equity(**{f.name: getattr(got, f.name) for f in dataclasses.fields(got)})


def test_the_engine_takes_a_known_hand_as_bytes() -> None:
    """A known hand goes to the engine as the bytes of its cards (no array made at every call): the
    same counts as the one-row array, and no hand, or more cards than a hand holds, refused."""
    one = np.ones(1)
    as_arrays = [(np.array([[51, 50]], dtype=np.uint8), one), (np.array([[47, 46]], dtype=np.uint8), one)]
    as_bytes = [(bytes([51, 50]), one), (bytes([47, 46]), one)]
    for board in ([], [0, 9, 22]):
        want = _core.EquityEngine("high", 0, True, as_arrays, board, [], 5)
        got = _core.EquityEngine("high", 0, True, as_bytes, board, [], 5)
        assert want.plan() == got.plan()
        assert (want.exact(0, want.plan()[2], 1) == got.exact(0, got.plan()[2], 1)).all()
    for cards in (b"", bytes(range(8))):
        with pytest.raises(ValueError, match="a known hand holds 1 to 7 cards"):
            _core.EquityEngine("high", 0, True, [(cards, one), as_bytes[1]], [], [], 5)
    with pytest.raises(ValueError, match="one weight per hand"):
        _core.EquityEngine("high", 0, True, [(bytes([51, 50]), np.ones(2)), as_bytes[1]], [], [], 5)


def test_engines_share_evaluators_and_outlive_the_kept_ones() -> None:
    """Engines share one native evaluator per settings (each thread keeps up to 16, then lets them
    go): engines of 70 wild settings, made and kept first, each still value their river by their
    own wild ranks."""
    one = np.ones(1)
    # wins, losses and ties all come up across these wild settings (16, 26 and 28 of the 70)
    hands = [(bytes(parse_cards("As 2d")), one), (bytes(parse_cards("Ac 3h")), one)]
    board = parse_cards("Kh 7s 9c 4c 5d")
    masks = list(range(1, 71))
    engines = [_core.EquityEngine("high", mask, True, hands, board, [], 5) for mask in masks]
    for mask, engine in zip(masks, engines):
        ev = Evaluator("high", [r for r in range(13) if mask >> r & 1])
        first, second = (ev(parse_cards("As 2d") + board), ev(parse_cards("Ac 3h") + board))
        row = engine.exact(0, 1, 1)[0]
        # shares: player 0 alone, player 1 alone, or the two tied (row: by how many share the pot)
        assert (row[1], row[4], row[2]) == (float(first > second), float(second > first), float(first == second))


def test_tallies_kept_between_counts_leave_nothing_behind() -> None:
    """The core keeps its block tallies from one count to the next (their buffers made once):
    spots of every kind of tally (Hand sums, rows of cards, a pot split high and low, sampled
    deals), counted in one order and then again in the reverse order and on two threads, give
    the same numbers, and the sums' and rows' ones those of every board valued one by one."""
    spots: list[tuple[list[str], dict[str, object]]] = [
        (["As Ad", "Kc Kd", "7h 6h"], {"board": "2h 7s 9c"}),
        (["As 2s 3d Kd", "Ah Kh Qc Jc", "9c 9d 8s 7s"], {"board": "4c 5h 9s", "ranking": "omaha", "low": "omaha_low8"}),
        (["7c 5d", "8s 6h", "Ah Kd"], {"board": "2c 3d 4h", "ranking": "low27"}),
        (["QQ+, AKs", "JJ-99", "random"], {"trials": 70_000, "seed": 4}),
        (["Ah Kd", "Qh Jh", "9c 9d", "2s 2d"], {"board": "2h 7h 3h", "wild": "2"}),
        # values kept a hand: ranges on a flop; three cards to come in pieces; ranges preflop whose
        # kept values (72 hands x 6,175 multisets) are given back when the tally is kept
        (["As Ks", "QQ+, AKs:0.5", "JJ, TT"], {"board": "Qh 7h 2d"}),
        (["AhKh, AdKd:0.5", "QsQd, 9h8h:0.25"], {"board": "2h 7c"}),
        (["QQ+, AKs", "88+, AQs+"], {}),
    ]
    first = [equity(players, threads=1, **kwargs) for players, kwargs in spots]  # type: ignore[arg-type]
    again = [equity(players, threads=2, **kwargs) for players, kwargs in reversed(spots)]  # type: ignore[arg-type]
    assert list(reversed(again)) == first
    for (players, kwargs), got in zip(spots, first):
        if "trials" in kwargs or "low" in kwargs or "board" not in kwargs:
            continue
        want = brute(players, str(kwargs["board"]), ranking=str(kwargs.get("ranking", "high")),
                     wild=kwargs.get("wild"))  # type: ignore[arg-type]
        assert outcomes(got) == [pytest.approx(w, abs=1e-12) for w in want]


def _answers_in_python(totals: list[float], players: int) -> list[tuple[float, float, float]]:
    """What equity computes from a run's row, written out in Python: math.fsum of the counts."""
    weight, width = totals[players * (players + 1) + players], players + 1
    sharing = [1, *range(1, players + 1)]
    out = []
    for p in range(players):
        row = totals[p * width:(p + 1) * width]
        out.append((row[1] / weight, math.fsum(row[2:]) / weight,
                    math.fsum(map(operator.truediv, row, sharing)) / weight))
    return out


_counts = st.one_of(
    st.integers(0, 2**53).map(float),  # whole counts, up to the last exact integer
    st.floats(0, 1e18, allow_nan=False, allow_infinity=False),  # weighted ones
    st.sampled_from([0.0, 1e-16, 1.0, 1e16, 2.0**53 + 2, 0.1, 0.7, 1 / 3, 2.0**-1074]),  # rounding's edges
)


@settings(max_examples=300)
@given(st.integers(1, 10).flatmap(lambda n: st.tuples(
    st.just(n), st.lists(_counts, min_size=n * (n + 1) + n + 3, max_size=n * (n + 1) + n + 3))))
def test_answers_are_math_fsum_to_the_last_bit(case: tuple[int, list[float]]) -> None:
    """The core's answers (win, tie, equity of each player from a run's row) are the doubles
    math.fsum gives, bit for bit: whole counts, weighted ones, and sums that round half-way."""
    players, totals = case
    if totals[players * (players + 1) + players] == 0:
        totals[players * (players + 1) + players] = 3.0
    got = _core.equity_answers(np.array(totals), players)
    assert [tuple(map(float.hex, a)) for a in got] == [tuple(map(float.hex, a)) for a in
                                                        _answers_in_python(totals, players)]


def test_answers_round_half_way_sums_as_fsum_does() -> None:
    """Sums whose exact value lies half-way between two doubles, or just off it: the partials'
    rounding (1e16 + 1 + 1e-16 rounds up to 1e16 + 2) is kept, as math.fsum keeps it."""
    for a, b, c in ((1e16, 1.0, 1e-16), (1e16, 1.0, -1e-16), (1e16, 1.0, 0.0), (2.0**53, 1.0, 2.0**-60),
                    (2.0**53, -1.0, -(2.0**-60)), (0.1, 0.2, 0.3), (1e307, 1e292, -1e307), (1.0, 1e100, -1e100)):
        # two players: player 1's counts by how many share the pot, k = 0, 1, 2 (worth 1, 1, 1/2)
        totals = np.array([a, b, 2 * c, 0, 0, 0, 0, 0, 1.0, 1.0, 1.0])
        win, tie, share = _core.equity_answers(totals, 2)[0]
        assert (win, tie, share) == (b, 2 * c, math.fsum([a, b, c]))
        assert share.hex() == math.fsum([a, b, c]).hex()
    assert math.fsum([1e16, 1.0, 1e-16]) == 1e16 + 2  # the case the rounding step is for
    with pytest.raises(ValueError, match="one row of a run"):
        _core.equity_answers(np.zeros(7), 1)



def _spot_texts(draw: st.DrawFn) -> tuple[list[str], str, str, int, list[list[int]], list[int], list[int]]:
    """A spot of known hands as text, in the forms text takes ("AsAd", "As Ad", "10h", "A♠"), and
    the same cards as ints."""
    board_size = draw(st.sampled_from([0, 3, 4, 5]))
    hole = draw(st.integers(1, min(7 - board_size, 4)))  # a high hand holds 1 to 7 cards
    n_dead = draw(st.integers(0, 2))
    n_players = draw(st.integers(2, min(10, (52 - board_size - n_dead) // hole)))
    shown = draw(st.integers(max(0, board_size - 2), board_size))  # at most two cards to come
    cards = draw(st.permutations(range(52)))
    hands = [list(cards[i * hole:(i + 1) * hole]) for i in range(n_players)]
    at = n_players * hole
    board, dead = list(cards[at:at + shown]), list(cards[at + shown:at + shown + n_dead])
    style = draw(st.sampled_from(["spaced", "joined", "ten", "symbols", "lower"]))

    def text(cs: list[int]) -> str:
        written = format_cards(cs, unicode=style == "symbols").split()
        if style == "ten":
            written = [w.replace("T", "10") for w in written]
        if style == "lower":
            written = [w.lower() for w in written]
        return ("" if style == "joined" else " ").join(written)

    return [text(h) for h in hands], text(board), text(dead), board_size, hands, board, dead


@settings(max_examples=120, deadline=None)
@given(st.composite(_spot_texts)())
def test_known_hands_read_in_one_call_as_the_general_way_reads_them(
        spot: tuple[list[str], str, str, int, list[list[int]], list[int], list[int]]) -> None:
    """A spot of known hands as text is read in one native call (_core.known_spot); the deal it
    makes is the one the general way makes of the same cards given as ints (which it does not
    take): the engine's arguments, each player's hand, the plan and every task's counts."""
    texts, board_text, dead_text, board_size, hands, board, dead = spot
    assert _core.known_spot(texts, board_text, dead_text, board_size, "high", 0, True) is not None
    fast = read_spot(texts, board_text, dead_text, board_size, "high", None, True, None)
    general = read_spot(hands, board, dead, board_size, "high", None, True, None)
    assert fast.args[:3] == general.args[:3] and fast.args[4:] == general.args[4:]
    assert [bytes(h) for h, _ in fast.args[3]] == [bytes(h) for h in hands]
    assert [p[0] for p in fast.parsed] == [tuple(h) for h in hands] == [p[0] for p in general.parsed]
    assert (fast.combos, fast.missing, fast.unit_weights, fast.known_hands) == \
        (general.combos, general.missing, general.unit_weights, general.known_hands)
    plan = fast.engine.plan()
    assert plan == general.engine.plan()
    assert (fast.engine.exact(0, plan[2], 1) == general.engine.exact(0, plan[2], 1)).all()


@pytest.mark.parametrize(("players", "board", "dead", "board_size", "ranking"), [
    (["As Ad", "QQ+, AKs"], "2h 7s 9c", "", 5, "high"),  # a range
    (["As Ad", "random"], "", "", 5, "high"),
    (["As, Ad", "Kc Kd"], "", "", 5, "high"),  # a comma: a range first
    (["As As", "Kc Kd"], "", "", 5, "high"),  # a card twice
    (["As Ad", "As Kd"], "", "", 5, "high"),
    (["As Ad", "Kc Kd"], "Ad 2c 3c", "", 5, "high"),
    (["As Ad", "Kc Kd"], "2c 3c", "2c", 5, "high"),
    (["As Ad", "Kc Kd"], "2c 3c 4c 5c", "", 3, "high"),  # more board than board_size
    (["As Ad Kd", "Qs Qd Qh"], "", "", 5, "high"),  # eight cards a hand
    (["As Ad", "Kc Kd"], "", "", True, "high"),  # a bool for board_size
    (["As Ad", "Kc Kd"], "", "", 8, "high"),
    (["As Ad", "Kc Kd"], ["2c"], "", 5, "high"),  # board as a list: the general way
    (["As Ad", "Kc Kd"], "", "", 5, "short_deck"),  # a short deck: its cards checked the general way
    (["As Ad", "Kc Kd"], "", "", 5, "nope"),
    (["As Ad"], "", "", 5, "high"),
    (["As Ad"] * 11, "", "", 5, "high"),
    ("As Ad Kc Kd", "", "", 5, "high"),
    ([("As", "Ad"), "Kc Kd"], "", "", 5, "high"),
    ([format_cards(range(5 * i, 5 * i + 5)) for i in range(10)], "", "As", 2, "high"),  # 50 held, 2 to deal, 1 dead
])
def test_a_spot_that_is_not_plain_known_hands_is_read_the_general_way(
        players: object, board: object, dead: object, board_size: object, ranking: str) -> None:
    """The one-call reading takes only plain known hands; anything else it leaves to the general
    way (None), which reads it or says what is wrong in its own words and order."""
    assert _core.known_spot(players, board, dead, board_size, ranking, 0, True) is None


def test_errors_come_in_the_general_order_whatever_the_one_call_reading_sees() -> None:
    """Bad settings with bad players: the players' error first, as before the one-call reading."""
    with pytest.raises(ValueError, match="at least two hands"):
        equity(["As Ad"], ranking="nope")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="card As is dealt twice"):
        equity(["As Ad", "As Kd"], wild="2")
    with pytest.raises(ValueError, match="unknown ranking"):
        equity(["As Ad", "Kc Kd"], ranking="nope")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="player 1 holds 3 cards"):
        equity(["As Ad Kd", "Qs Qd Qh"])
    # a pot split high and low is read the general way; wild ranks through the one call
    assert _core.known_spot(["As 2s 3d Kd", "Ah Kh Qc Jc"], "4c 5h 9s", (), 5, "omaha", 0, True) is not None
    got = equity(["As Kd", "Qh Jh"], "2h 7h 3c", wild="2")
    assert outcomes(got) == [pytest.approx(b, abs=1e-12) for b in brute(["As Kd", "Qh Jh"], "2h 7h 3c", wild="2")]


def test_a_flop_with_ranges_is_a_task_a_set_of_hands() -> None:
    """A unit is cut into pieces for threads only where its own boards are many (preflop): a hand
    against a range on a flop is one task a set of hands (twelve of 990 boards each here, which
    pieces would only slow), and its counts are every board valued one by one."""
    players, board = ["As Ks", "QQ+, AKs"], "Qh 7c 2d"
    spot = read_spot(players, board, "", 5, "high", None, True, None)
    assert spot.engine.plan() == (12, 990, 12, 0)
    preflop = read_spot(["As Ks", "QQ+, AKs"], "", "", 5, "high", None, True, None)
    assert preflop.engine.plan()[2] > 12  # preflop: pieces
    got = equity(players, board, threads=1)
    assert outcomes(got) == [pytest.approx(b, abs=1e-12) for b in brute(players, board)]
    assert equity(players, board, threads=2) == got


@settings(max_examples=30, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=10, max_size=10, unique=True), st.integers(2, 3), st.integers(3, 4),
       st.sampled_from(["high", "low27", "low_a5"]))
def test_a_flop_or_a_turn_counted_through_ranks_equals_every_board(cards: list[int], n_players: int, shown: int,
                                                                   ranking: str) -> None:
    """One or two cards to come: the multisets of ranks of the turn and river walked without the
    general walk's calls (count_by_ranks), the boards that could make a flush one by one; every
    player's share as every board valued one by one gives it."""
    hands = [format_cards(cards[2 * i:2 * i + 2]) for i in range(n_players)]
    board = format_cards(cards[2 * n_players:2 * n_players + shown])
    got = equity(hands, board, ranking=ranking, threads=1)  # type: ignore[arg-type]
    assert outcomes(got) == [pytest.approx(b, abs=1e-12) for b in brute(hands, board, ranking=ranking)]


def _weighted_range(cards: list[int], weights: list[float]) -> str:
    """A range of the hands of consecutive cards (0-1, 1-2, ...), so that ranges share cards."""
    return ", ".join(f"{format_cards(cards[i:i + 2]).replace(' ', '')}:{w}" for i, w in enumerate(weights))


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=13, max_size=13, unique=True), st.integers(2, 3), st.integers(3, 4),
       st.lists(st.sampled_from([0.25, 0.5, 1.0]), min_size=3, max_size=3))
def test_ranges_on_a_flop_or_a_turn_are_tallied_from_each_hands_kept_values(cards: list[int], n_players: int,
                                                                            shown: int, weights: list[float]) -> None:
    """From a flop or a turn, each hand's values on every multiset of the ranks to come are made
    the first time the hand is held and kept for every set of hands it is in; the boards that
    could make a flush are counted as they are and taken away from their multisets' ways. Weighted
    ranges that share cards (three hands each, overlapping), against every board one by one."""
    players = [_weighted_range(cards[3 * i:3 * i + 4], weights) for i in range(n_players)]
    board = format_cards(cards[9:9 + shown])
    got = equity(players, board, threads=1)
    assert outcomes(got) == [pytest.approx(b, abs=1e-12) for b in brute(players, board)]


@pytest.mark.parametrize("board", ["Qh 7h 2d", "Qh 7h 2d 5h", "Qh Qc 7h", "7h 7c 7d 2h"])
def test_suited_ranges_on_two_tone_and_paired_boards_count_every_board(board: str) -> None:
    """Suited hands of three players on boards that can flush (a turn's or a river's cards make
    the flush alone or with a pair) and on paired boards (the ranks to come pair the board), held
    to every board valued one by one; two threads give the same answers."""
    players = ["AhKh, AdKd:0.5, 9h8h", "JhTh, QsQd, 6h5h:0.25", "7s6s, AcAs, KhJd"]
    got = equity(players, board, threads=1)
    assert outcomes(got) == [pytest.approx(b, abs=1e-12) for b in brute(players, board)]
    assert equity(players, board, threads=2) == got


@pytest.mark.parametrize(("players", "board"), [
    (["AhKh, AdKd:0.5", "QsQd, 9h8h:0.25"], "2h 7c"),  # three cards to come, in pieces (few sets)
    (["AhKh, AdKd:0.5, 9h8h", "QsQd, 6h5h:0.25", "7s6s, AcAs"], "2h"),  # four to come
    (["As Ad", "Kh Qh"], "Jh Th"),  # known hands: one set, cut in pieces
])
def test_three_or_four_cards_to_come_are_tallied_from_kept_values(players: list[str], board: str) -> None:
    """With three to five cards to come, each hand's values on the multisets of those ranks are
    kept too, their ways kept by the counts of each rank left, and a unit cut into pieces tallies
    a slice of the multisets a piece; every board valued one by one gives the same shares."""
    spot = read_spot(players, board, "", 5, "high", None, True, None)
    got = equity(players, board, threads=1)
    assert outcomes(got) == [pytest.approx(b, abs=1e-12) for b in brute(players, board)]
    assert equity(players, board, threads=2) == got
    units, _, tasks, _ = spot.engine.plan()
    assert tasks == 8 * units  # every unit in pieces: each tallies its slice of the multisets


def test_a_ranges_arrays_are_made_once_and_filtered_each_call() -> None:
    """A range's hands go to the engine as arrays made once for each Range object (read-only, so
    that no call changes them), and the engine keeps the hands that share no card with what is
    seen (and, for a short deck, hold no card below the sixes): the answers are those of the
    range's hands filtered one by one."""
    wide = Range("QQ+, AKs, 54s:0.5")
    hands, weights, ones = _range_arrays(wide)
    assert _range_arrays(wide)[0] is hands and not ones
    assert not hands.flags.writeable and not weights.flags.writeable
    assert [tuple(h) for h in hands] == wide.hands and list(weights) == wide.weights
    spot = read_spot(["As Ks", wide], "Qh 7c 5s", "", 5, "high", None, True, None)
    assert spot.args[3][1][0] is hands and spot.args[-1] is True  # as they are: the engine filters (free_only)

    def free(seen: str, lowest: int = 0) -> int:
        gone = set(parse_cards(seen))
        return sum(1 for h in wide.hands if not gone & set(h) and min(h) >= lowest)

    for board in ("Qh 7c 5s", "2c 3d 4h"):
        assert read_spot(["As Ks", wide], board, "", 5, "high", None, True, None).combos == [1, free("As Ks " + board)]
    got = equity(["As Ks", wide], "Qh 7c 5s", threads=1)
    assert outcomes(got) == [pytest.approx(b, abs=1e-12) for b in brute(["As Ks", wide], "Qh 7c 5s")]
    short = read_spot(["As Ks", wide], "", "", 5, "short_deck", None, True, None)
    assert short.combos == [1, free("As Ks", lowest=16)] and _range_arrays(wide)[0] is hands


@settings(max_examples=200)
@given(st.lists(_counts, max_size=300))
def test_the_cores_sum_of_any_length_is_math_fsum(values: list[float]) -> None:
    """The core's correctly rounded sum takes any number of values (a column of a count's rows),
    its partials past 64 kept in a vector: the double math.fsum gives, bit for bit."""
    assert _core.exact_sum(np.array(values, dtype=np.float64)) == math.fsum(values)


def test_the_cores_sum_keeps_its_partials_when_they_outgrow_the_stack() -> None:
    """134 values 2^15 apart, each with a full mantissa, from 2^-1000 up, leave 133 partials (past
    the 64 the sum keeps on the stack, so they move to a vector twice); the large ones are then
    taken away again, so the sum is that of the small ones, which a partial lost in a move would
    change."""
    spread = [(1 + (k * 0.6180339887) % 1) * 2.0**e for k, e in enumerate(range(-1000, 1000, 15))]
    values = spread + [-x for x in spread if x > 2.0**-200]
    small = math.fsum(x for x in spread if x <= 2.0**-200)
    assert math.fsum(values) == small != 0
    assert _core.exact_sum(np.array(values)) == small


def test_a_counts_rows_are_added_up_in_the_core_as_math_fsum_adds_them() -> None:
    """Where nothing asks for its parts, a count's rows are added up in the core (one row back,
    exact_total and versus_random_total): each column the double math.fsum gives for it, bit for
    bit. Weights 2^-12k make every set's counts a partial of their own (80 of them, past the 64
    the sum keeps on the stack); the answers are those of the rows added up in Python."""
    free = [h for h, _ in Range("random") if not {parse_cards("As")[0], parse_cards("Ks")[0]} & set(h)
            and not set(parse_cards("Qh 7c 2d")) & set(h)][:80]
    tiny = Range({h: 2.0 ** (-12 * k) for k, h in enumerate(free)})
    spot = read_spot(["As Ks", tiny], "Qh 7c 2d", "", 5, "high", None, True, None)
    tasks = spot.engine.plan()[2]
    assert tasks == 80
    rows, total = spot.engine.exact(0, tasks, 1), spot.engine.exact_total(0, tasks, 1)
    assert total.shape == (rows.shape[1],)
    assert [float(x) for x in total] == [math.fsum(column) for column in rows.T]
    assert len(set(rows[:, -3])) == 80 and not all(float(x).is_integer() for x in total)
    got = equity(["As Ks", tiny], "Qh 7c 2d", threads=1)
    assert got == equity(["As Ks", tiny], "Qh 7c 2d", threads=1, progress=lambda n: None)  # the rows' way
    # against a random player, board by board
    versus = read_spot(["As Ks", "random"], "Qh 7c 2d 5s", "", 5, "high", None, True, None)
    random_tasks = versus.engine.random_plan()[3]
    rows = versus.engine.versus_random(0, random_tasks, 1)
    assert [float(x) for x in versus.engine.versus_random_total(0, random_tasks, 2)] == \
        [math.fsum(column) for column in rows.T]
