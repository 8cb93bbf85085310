"""Video poker against independent counts: every draw of every hold enumerated card by card for
sampled hands, the hand classes against the published category counts, the published returns of
9/6 Jacks or Better and full-pay Deuces Wild, and properties any exact analysis has."""

from __future__ import annotations

import itertools
import json
import random
import subprocess
import sys
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from wildeval.cards import format_cards, parse_cards
from wildeval.videopoker import PayTable, analyse_game, analyse_hand, parse_paytable, preset
from wildeval.videopoker.classify import CLASS_NAMES, classify
from wildeval.videopoker.counting import every_hand

JACKS = preset("jacks-or-better-9-6")
DEUCES = preset("deuces-wild")


def _brute_force(hand: list[int], held: tuple[int, ...], table: PayTable) -> Fraction:
    """The value of a hold, every draw dealt and valued one by one."""
    kept = [hand[i] for i in held]
    deck = [c for c in range(52) if c not in hand]
    finals = np.array([sorted(kept + list(draw)) for draw in itertools.combinations(deck, 5 - len(kept))],
                      dtype=np.uint8)
    classes = classify(finals, table.wild)
    pays = sum((table.payout(CLASS_NAMES[c]) if CLASS_NAMES[c] != "nothing" else Fraction(0)) * int(n)
               for c, n in enumerate(np.bincount(classes, minlength=len(CLASS_NAMES))) if n)
    return Fraction(pays) / len(finals)


@pytest.mark.parametrize("table", [JACKS, DEUCES, preset("double-double-bonus-9-6")], ids=lambda t: t.name)
def test_every_hold_of_sampled_hands_against_every_draw(table: PayTable) -> None:
    rng = random.Random(table.name)
    hands = [parse_cards("2h 7c 8c 9c Kd"), parse_cards("Ah Ad Ac As 3d"), rng.sample(range(52), 5)]
    for hand in hands:
        holds = analyse_hand(hand, table)
        assert sorted(h.held for h in holds) == sorted(c for k in range(6) for c in itertools.combinations(range(5), k))
        for h in holds:
            assert h.value == _brute_force(hand, h.held, table), (format_cards(hand), h.cards)
            assert sum(h.classes.values()) == h.draws
        assert holds[0].best and all(holds[0].value >= h.value for h in holds)


def test_the_classes_add_up_to_the_published_category_counts() -> None:
    hands = every_hand()
    for wild, wanted in ((frozenset(), {"straight_flush": 40, "four": 624, "full_house": 3744, "flush": 5108,
                                        "straight": 10200, "three_of_a_kind": 54912, "two_pair": 123552}),
                         (frozenset({0}), {"five": 672, "straight_flush": 2552, "four": 31552, "full_house": 12672,
                                           "flush": 14472, "straight": 62232, "three_of_a_kind": 355080,
                                           "two_pair": 95040})):
        counts = {CLASS_NAMES[c]: int(n) for c, n in enumerate(np.bincount(classify(hands, wild)))}
        got = {
            "five": counts.get("five_of_a_kind", 0) + counts.get("four_deuces", 0),
            "straight_flush": counts["royal_flush"] + counts.get("wild_royal", 0) + counts["straight_flush"],
            "four": sum(n for name, n in counts.items() if name.startswith("four_") and name != "four_deuces"),
        }
        for name in ("full_house", "flush", "straight", "three_of_a_kind", "two_pair"):
            got[name] = counts[name]
        assert {k: got[k] for k in wanted} == wanted
        assert sum(counts.values()) == 2_598_960
    # pairs of jacks or better: 4 ranks x 6 pairs x C(12, 3) kickers x 4^3 suits
    assert int(np.count_nonzero(classify(hands, frozenset()) == CLASS_NAMES.index("jacks_or_better"))) == 337_920


def test_nine_six_jacks_or_better_returns_what_is_published() -> None:
    game = analyse_game(JACKS)
    assert game.total == 19_933_230_517_200 == sum(game.frequencies.values())
    assert f"{float(game.ret):.6f}" == "0.995439"
    assert game.frequencies["royal_flush"] == 493_512_264
    assert sum(game.holds_by_size) == 2_598_960
    # the strategy agrees with the one-hand analysis, deal by deal
    rng = random.Random(5)
    for _ in range(50):
        cards = sorted(rng.sample(range(52), 5))
        mask = game.best_hold_mask(cards)
        assert tuple(i for i in range(5) if mask >> i & 1) == analyse_hand(cards, JACKS)[0].held


@settings(max_examples=25)
@given(st.lists(st.integers(0, 51), min_size=5, max_size=5, unique=True), st.integers(2, 7),
       st.sampled_from(["jacks-or-better-9-6", "deuces-wild", "bonus-poker-8-5"]))
def test_scaling_a_pay_table_scales_every_hold(hand: list[int], k: int, name: str) -> None:
    table = preset(name)
    scaled = PayTable.of("scaled", {c: p * k for c, p in table.pays.items()}, wild=sorted(table.wild) or None)
    ours = {h.held: h.value for h in analyse_hand(hand, table)}
    theirs = {h.held: h.value for h in analyse_hand(hand, scaled)}
    assert theirs == {held: value * k for held, value in ours.items()}


@pytest.mark.parametrize("hand, table", [("As Ks Qs Js Ts", JACKS), ("Ah Kh Qh Jh Th", DEUCES),
                                         ("2s 2h 2d 2c 9s", DEUCES)])
def test_a_hand_of_the_top_class_holds_all_five(hand: str, table: PayTable) -> None:
    assert analyse_hand(hand, table)[0].held == (0, 1, 2, 3, 4)


@pytest.mark.parametrize("text, message", [
    ("royal=800,quads=25", "'quads' is not a hand class"),
    ("royal=800,full_house=x", "pay table entry 'full_house=x': the payout must be a number"),
    ("royal=800,flush=-1", "the payout must be 0 to 10,000 coins"),
    ("royal=800,flush=0.05", "in tenths at the finest"),
    ("royal=800,wild_royal=25", "wild_royal needs wild cards"),
    ("royal=800,royal_flush=4000", "royal_flush is paid twice"),
    ("royal 800", "write CLASS=PAYOUT"),
    ("flush=0", "the pay table pays nothing"),
])
def test_a_bad_pay_table_names_the_entry(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_paytable(text)


def _wildeval(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "wildeval", "videopoker", *argv], capture_output=True, text=True,
                          timeout=600)


def test_the_hold_command() -> None:
    done = _wildeval("hold", "2h 7c 8c 9c Kd", "--game", "deuces-wild", "--json")
    holds = json.loads(done.stdout)
    assert len(holds) == 32 and holds[0]["hold"] == "2h 7c 8c 9c" and holds[0]["value"] == "106/47"
    assert holds[0]["best"] and sum(holds[0]["classes"].values()) == holds[0]["draws"] == 47
    text = _wildeval("hold", "2h 7c 8c 9c Kd", "--game", "deuces-wild").stdout.splitlines()
    assert text[1].split() == ["2h", "7c", "8c", "9c", "2.255319", "=", "106/47", "a", "coin", "best"]
    for argv, message in ((("hold", "As Ks Qs Js"), "a video poker hand has 5 cards, not 4"),
                          (("hold", "As Ks Qs Js 9s", "--wild", "2"), "--wild is for --paytable"),
                          (("hold", "As Ks Qs Js 9s", "--paytable", "royal=800,quads=3"),
                           "--paytable: pay table entry 'quads=3': 'quads' is not a hand class"),
                          (("analyse", "--strategy", "x.txt"), "--strategy x.txt: the name must end in .npy")):
        bad = _wildeval(*argv)
        assert bad.returncode == 2 and bad.stderr.startswith(f"wildeval videopoker: {message}"), bad.stderr


def test_full_pay_deuces_wild_returns_what_is_published_and_writes_its_strategy(tmp_path: object) -> None:
    import os

    path = os.path.join(str(tmp_path), "strategy.npy")
    done = _wildeval("analyse", "--game", "deuces-wild", "--json", "--quiet", "--strategy", path)
    report = json.loads(done.stdout)
    assert float(Fraction(report["return"])) == report["return_float"] and f"{report['return_float']:.6f}" == "1.007620"
    assert sum(report["frequencies"].values()) == report["total"] == 19_933_230_517_200
    strategy = np.load(path)
    assert strategy.shape == (2_598_960,) and strategy.dtype == np.uint8 and int(strategy.max()) <= 31


def test_the_trainer_pays_draws_and_names_a_mistake() -> None:
    import io

    from wildeval.videopoker.trainer import deal_hands, parse_hold, play, play_hand, simulate

    deck = next(deal_hands(3))
    dealt = deck[:5]
    assert parse_hold("all", dealt) == (0, 1, 2, 3, 4) and parse_hold("none", dealt) == ()
    assert parse_hold("1 3", dealt) == (0, 2) == parse_hold(format_cards([dealt[0], dealt[2]], unicode=False), dealt)
    for bad in ("6", "1 1", "Xx"):
        with pytest.raises(ValueError):
            parse_hold(bad, dealt)
    best = analyse_hand(dealt, DEUCES)
    hand = play_hand(DEUCES, deck, best[0].held, best)
    assert hand.lost == 0 and hand.final[:0] == ()
    kept = [deck[i] for i in best[0].held]
    assert all(c in hand.final for c in kept) and len(set(hand.final)) == 5
    assert set(hand.final) - set(kept) == set(deck[5:5 + 5 - len(kept)])  # drawn from the same deck, in order
    worse = next(h for h in best if h.value < best[0].value)
    assert play_hand(DEUCES, deck, worse.held, best).lost == best[0].value - worse.value
    out = io.StringIO()
    assert play(DEUCES, seed=3, stdin=io.StringIO("6\n" + " ".join(str(i + 1) for i in worse.held) + "\nq\n"),
                stdout=out, unicode=False) == 0
    text = out.getvalue()
    assert "positions are 1 to 5" in text and f"gave up {float(best[0].value - worse.value):.4f} expected coins" in text
    assert text.rstrip().splitlines()[-1].startswith("Session: 1 hand, 1 coin bet")
    # the bot: a sample of the exact return, the same for the same seed
    first, again = simulate(JACKS, hands=300, seed=4), simulate(JACKS, hands=300, seed=4)
    assert first == again and first.mistakes == 0 and sum(first.classes.values()) == 300
