"""Odds against a field (wildeval.odds.versus_field): exact counts against brute force over every
deal (the reference evaluator or the batch path, written out here), samples against exact counts,
the same answer for any thread count, and every bad argument refused."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from wildeval import Evaluator, parse_cards, reference
from wildeval.odds import versus_field


def _brute_one(ev_values: np.ndarray, mine: int) -> tuple[int, int, int]:
    return int((mine > ev_values).sum()), int((mine == ev_values).sum()), int((mine < ev_values).sum())


def _rest(hand: list[int], n: int) -> np.ndarray:
    deck = [c for c in range(52) if c not in hand]
    return np.array(list(itertools.combinations(deck, n)), dtype=np.uint8)


@pytest.mark.parametrize(("text", "game", "stage"), [
    ("3h Kc", "napalm", 1), ("Ah 2d", "napalm", 1), ("3h Kc Kd", "three-five-seven", 1),
    ("2c 7d 9h", "crazy-three-five-seven", 1),
])
def test_heads_up_small_stages_against_the_reference(text: str, game: str, stage: int) -> None:
    from wildeval.games.guts.rules import PRESETS

    ranking, wild = PRESETS[game].evaluator_settings(stage - 1)
    hand = parse_cards(text)
    ref = reference.Evaluator(ranking, wild)
    mine = ref(hand)
    counts = [0, 0, 0]
    for other in _rest(hand, len(hand)).tolist():
        v = ref(other)
        counts[0 if mine > v else 1 if mine == v else 2] += 1
    odds = versus_field(text, 1, game=game, stage=stage)
    assert odds.exact and odds.stderr is None and odds.deals == sum(counts)
    assert (odds.win, odds.tie, odds.lose) == tuple(c / sum(counts) for c in counts)


@pytest.mark.parametrize(("text", "settings"), [
    ("7s 5d 4c 3h 2s", {"game": "napalm", "stage": 2}),  # deuce-to-seven low stage
    ("Ks Kd 5h 5c 9d", {"game": "three-five-seven", "stage": 2}),
    ("As Ad 5h 5c 9d", {"ranking": "low_a5"}),
])
def test_heads_up_five_cards_against_every_hand_by_batch(text: str, settings: dict[str, object]) -> None:
    from wildeval.games.guts.rules import PRESETS

    if "game" in settings:
        ranking, wild = PRESETS[settings["game"]].evaluator_settings(int(settings["stage"]) - 1)  # type: ignore[index]
    else:
        ranking, wild = settings["ranking"], None
    ev = Evaluator(ranking, wild)  # type: ignore[arg-type]
    hand = parse_cards(text)
    win, tie, lose = _brute_one(ev.batch(_rest(hand, 5)), ev(hand))
    odds = versus_field(text, 1, **settings)  # type: ignore[arg-type]
    assert odds.deals == win + tie + lose == 1_533_939
    assert (odds.win, odds.tie, odds.lose) == (win / odds.deals, tie / odds.deals, lose / odds.deals)


@pytest.mark.parametrize(("text", "game"), [("3h Kc", "napalm"), ("Qs Qd", "napalm"), ("3h 3c 9d", "three-five-seven")])
def test_two_opponents_exact_against_every_ordered_deal(text: str, game: str) -> None:
    from wildeval.games.guts.rules import PRESETS

    ranking, wild = PRESETS[game].evaluator_settings(0)
    ev = Evaluator(ranking, wild)
    hand = parse_cards(text)
    others = _rest(hand, len(hand))
    values = ev.batch(others).astype(np.int64)
    masks = np.zeros(len(others), dtype=np.uint64)
    for j in range(others.shape[1]):
        masks |= np.left_shift(np.uint64(1), others[:, j].astype(np.uint64))
    mine = ev(hand)
    win = tie = lose = 0
    for a in range(len(others)):
        apart = (masks & masks[a]) == 0
        best = np.maximum(values[apart], values[a])
        win += int((best < mine).sum())
        tie += int((best == mine).sum())
        lose += int((best > mine).sum())
    odds = versus_field(text, 2, game=game, stage=1)
    assert odds.exact and odds.deals == win + tie + lose
    assert (odds.win, odds.tie, odds.lose) == (win / odds.deals, tie / odds.deals, lose / odds.deals)


def test_all_tie_and_certain_cases() -> None:
    wheel = versus_field("As 2d 3c 4h 5s", 1, ranking="low_a5")  # the best ace-to-five hand
    assert wheel.lose == 0 and wheel.win + wheel.tie == 1 and wheel.tie > 0
    five_aces = versus_field("As Ad Ac Ah 2s", 1, wild="2")  # every ace held: nobody equals it
    assert (five_aces.win, five_aces.tie, five_aces.lose) == (1.0, 0.0, 0.0)


def test_samples_agree_with_exact_counts_and_with_each_other() -> None:
    exact = versus_field("Ks Kd 5h 5c 9d", 1, game="three-five-seven", stage=2)
    sampled = versus_field("Ks Kd 5h 5c 9d", 1, game="three-five-seven", stage=2, trials=400_000, seed=3)
    assert not sampled.exact and sampled.deals == 400_000 and sampled.stderr is not None
    assert abs(sampled.win - exact.win) < 5 * sampled.stderr
    one = versus_field("Ks Kd 5h 5c 9d 2c Jh", 4, game="three-five-seven", stage=3, trials=300_000, seed=11, threads=1)
    two = versus_field("Ks Kd 5h 5c 9d 2c Jh", 4, game="three-five-seven", stage=3, trials=300_000, seed=11, threads=2)
    assert one == two
    other = versus_field("Ks Kd 5h 5c 9d 2c Jh", 4, game="three-five-seven", stage=3, trials=300_000, seed=12)
    assert other != one and abs(other.win - one.win) < 6 * one.stderr  # type: ignore[operator]
    assert one.win + one.tie + one.lose == pytest.approx(1)


def test_more_opponents_lower_the_chance() -> None:
    chances = [versus_field("Qs Qd 7h", k, game="three-five-seven", stage=1, trials=200_000, seed=k).win
               for k in (2, 4, 6)]
    assert chances[0] > chances[1] > chances[2] > 0


@pytest.mark.parametrize(("args", "kwargs", "message"), [
    (("As Ad", 0), {"ranking": "high"}, "opponents must be an int >= 1"),
    (("As Ad", 1), {"game": "napalm", "stage": 2}, "stage 2 of napalm deals 5 cards, but the hand has 2"),
    (("As Ad", 1), {"game": "napalm", "stage": 4}, "stage must be 1 to 3"),
    (("As Ad", 1), {"game": "poker", "stage": 1}, "unknown game"),
    (("As Ad", 1), {"game": "napalm"}, "game= needs stage="),
    (("As Ad", 1), {"stage": 1}, "stage= needs game="),
    (("As Ad", 1), {"game": "napalm", "stage": 1, "wild": "2"}, "not both"),
    (("As Ad Kd Kh Qs", 3), {"exact": True}, "need sampling"),
    (("As Ad", 1), {"exact": True, "seed": 3}, "an exact count takes neither"),
    (("As Ad", 3), {"trials": 0}, "trials must be an int from 1"),
    (("As Ad Kd Kh Qs Qd Jc", 7), {}, "one deck holds no 7 more hands of 7 cards"),
    (("As Ad", 1), {"ranking": "low27"}, "5 to 7 cards, not 2"),
    (("As Ad", 1), {"threads": 0}, "threads"),
])
def test_bad_arguments(args: tuple[object, ...], kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        versus_field(*args, **kwargs)  # type: ignore[arg-type]


def test_progress_reports_every_deal_and_changes_nothing() -> None:
    seen: list[int] = []
    kwargs = {"game": "three-five-seven", "stage": 3, "trials": 9_000_000, "seed": 8}
    with_progress = versus_field("Ks Kd 5h 5c 9d 2c Jh", 3, progress=seen.append, **kwargs)  # type: ignore[arg-type]
    assert sum(seen) == 9_000_000 and len(seen) == 3  # 138 chunks of 65,536 deals, 64 a call
    assert with_progress == versus_field("Ks Kd 5h 5c 9d 2c Jh", 3, **kwargs)  # type: ignore[arg-type]


def test_equity_progress_counts_every_board() -> None:
    from wildeval.odds import equity

    seen: list[int] = []
    exact = equity(["As Ad", "Kc Kd"], "2h 7s 9c", progress=seen.append)
    assert sum(seen) == exact[0].boards == 990
    sampled: list[int] = []
    equity(["As Ad", "Kc Kd"], trials=450_000, seed=2, progress=sampled.append)
    assert sum(sampled) == 450_000
