"""Badugi Triple Draw's histories: PHH (variant ``FB``) that pokerkit's ``FixedLimitBadugi``
replays to the same stacks, as Deuce to Seven Triple Draw's ``F2L3D`` (test_history.py).

pokerkit (>= 0.7.7) plays badugi with the betting, blinds, draws and payouts of its deuce-to-seven
triple draw, so our hands part from it where those do (docs/triple-draw.md, "Where we differ from
pokerkit"), and only there: every exported hand loads with ``HandHistory.load_all`` and replays
to the recorded ``finishing_stacks``, except the hands the engine marks (``_pokerkit_divergence``),
which pokerkit refuses or ends with other stacks.
"""

from __future__ import annotations

import io

import pytest

from wildeval.games.draw import Hand, arrange_deck, preset, simulate  # noqa: E402

from draw_helpers import check_or_call_down
from pokerkit_replay import (  # skips this module where pokerkit is not installed
    ROBERTS_RULES,
    HandHistory,
    check_simulated,
    count_marked,
    pokerkit_stacks,
    random_hands,
    small_blind_checks_first,
)

GAME = "badugi-triple-draw"
BADUGI = preset(GAME)


@pytest.mark.parametrize(("players", "count", "seed"), [(10, 150, 1), (4, 150, 2), (2, 150, 3)])
def test_simulated_hands_replay_in_pokerkit(players: int, count: int, seed: int) -> None:
    out = io.StringIO()
    simulate(GAME, players=players, count=count, seed=seed, out=out)
    check_simulated(out.getvalue(), variant="FB", players=players, count=count)


def test_pokerkit_plays_the_variant_as_fixed_limit_badugi() -> None:
    from pokerkit import FixedLimitBadugi

    assert HandHistory.game_types[BADUGI.phh_variant] is FixedLimitBadugi
    assert FixedLimitBadugi.hole_dealing_count == BADUGI.hand_size


@pytest.mark.parametrize("unlimited", [False, True])
def test_short_stack_hands_replay_or_are_marked(unlimited: bool) -> None:
    # the same model as deuce-to-seven (tests/games/draw/test_history.py replays more of it)
    hands = random_hands(300 if unlimited else 500, seed=6, unlimited=unlimited, game=BADUGI)
    marked = count_marked(hands)
    notes = [h.pokerkit_divergence or "" for h in hands]
    # at stacks this short: mostly a short big blind and completing a short all-in (Robert's Rules),
    # and the big blind acting first heads-up with equal blinds, where the small blind checked first
    assert 0 < sum(any(k in d for k in ROBERTS_RULES) for d in notes) < len(hands) // 10
    assert [h for h in hands if small_blind_checks_first(h)] == [
        h for h, d in zip(hands, notes) if "blinds are equal" in d]
    assert unlimited or any("blinds are equal" in d for d in notes)
    if unlimited:
        assert any("four bets" in d for d in notes)
    assert marked < len(hands) // 5
    # and these hands reach every part of the game, ten players included
    kinds = {e.kind for h in hands for e in h.events}
    assert {"reshuffle", "return", "show", "muck", "win"} <= kinds
    assert any(h.n == 10 for h in hands) and any(e.all_in for h in hands for e in h.events)


def test_equal_badugis_split_and_the_odd_chips_where_pokerkit_gives_them_to_one_player() -> None:
    """Badugis of the same ranks in other suits tie; split three ways, pokerkit's odd chips part
    from ours (marked), split two ways they do not."""
    tied = {1: "Ac 2d 3h 4s", 2: "Ad 2h 3s 4c", 3: "Ah 2s 3c 4d", 0: "Kc Kd Kh Ks"}
    hand = Hand([100] * 4, button=0, game=BADUGI, seed=1, deck=arrange_deck(4, 0, tied, hand_size=4))
    check_or_call_down(hand)  # 8 chips in the pot
    assert hand.winnings == [0, 3, 3, 2] and hand.pokerkit_divergence is not None
    assert "odd chip" in hand.pokerkit_divergence
    # PHH order p1..p4 = seats 1, 2, 3, 0: pokerkit pays 4, 2, 2 where we pay 3, 3, 2
    assert [hand.finishing_stacks[s] for s in (1, 2, 3, 0)] == [101, 101, 100, 98]
    assert pokerkit_stacks(hand) == [102, 100, 100, 98]
    # two ways, the chips divide: pokerkit pays the same
    tied = {1: "Ac 2d 3h 4s", 2: "Ad 2h 3s 4c", 0: "Kc Kd Kh Ks"}
    hand = Hand([100] * 3, button=0, game=BADUGI, seed=1, deck=arrange_deck(3, 0, tied, hand_size=4))
    check_or_call_down(hand)
    assert hand.winnings == [0, 3, 3] and hand.pokerkit_divergence is None
    assert pokerkit_stacks(hand) == [hand.finishing_stacks[s] for s in (1, 2, 0)] == [101, 101, 98]
