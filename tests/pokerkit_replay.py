"""pokerkit as the judge of our PHH exports, shared by the tests of the games it reads
(test_triple_draw_history.py: Deuce to Seven Triple Draw, ``F2L3D``; test_badugi_triple_draw.py:
Badugi Triple Draw, ``FB``): replaying a history strictly, the warnings pokerkit may give, and
hands at short random stacks that reach every corner of the betting."""

from __future__ import annotations

import random
import warnings
from collections.abc import Iterator
from contextlib import contextmanager

from pokerkit import HandHistory
from pokerkit.notation import parse_action

from wildeval.games.draw import (
    DEUCE_TO_SEVEN_TRIPLE_DRAW,
    DrawRules,
    Hand,
    LowballBot,
    RandomBot,
    Rules,
    phh_fields,
    play_hand,
)
from wildeval.games.table.phh import dumps_all

# What pokerkit says when it replays our hands: its own stub is not ours after a reshuffle, and
# it frowns on folding when a check is possible. Nothing else is expected.
KNOWN_WARNINGS = ("is not recommended to be dealt", "Returning reserved", "no reason for this player to fold")
BURNED = "some chips will be burned"  # pokerkit on a side pot everyone folded from
# the marks of the places where Robert's Rules and pokerkit part
ROBERTS_RULES = ("big blind is short", "complete the wager", "odd chip", "as one pot")
STAKES = [(1, 2, 2, 4), (5, 10, 10, 20), (1, 3, 3, 6), (0, 2, 2, 4), (2, 2, 2, 4), (1, 2, 4, 8)]


@contextmanager
def pokerkit_warnings(*also: str) -> Iterator[None]:
    """Fail on any warning from pokerkit but the known ones (and ``also``)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        yield
    for w in caught:
        assert any(k in str(w.message) for k in KNOWN_WARNINGS + also), str(w.message)


def strict_replay(hh: HandHistory) -> list[int]:
    """Replay action by action; unlike iterating the HandHistory, never "repair" a hand by
    inserting checks or folds. Raises ValueError on the first action pokerkit refuses."""
    state = hh.create_state()
    for action in hh.actions:
        while state.can_burn_card("??"):
            state.burn_card("??")
        parse_action(state, action, hh.parse_value)
    assert not state.status, "the hand did not end"
    return list(state.stacks)


def loose_replay(hh: HandHistory) -> list[int]:
    """The ordinary way: iterate the HandHistory to its last state."""
    *_, last = iter(hh)
    return list(last.stacks)


def random_hands(count: int, seed: int, *, unlimited: bool = False,
                 game: DrawRules = DEUCE_TO_SEVEN_TRIPLE_DRAW) -> list[Hand]:
    """Hands of ``game`` at short random stacks (all-ins, side pots) between random and lowball
    bots, at assorted stakes, 2 to the game's most players."""
    rng = random.Random(seed)
    hands = []
    for _ in range(count):
        n = rng.randint(2, game.max_players)
        sb, bb, small, big = rng.choice(STAKES)
        rules = Rules(sb, bb, small, big, heads_up_unlimited=unlimited)
        stacks = [rng.randint(1, 60) for _ in range(n)]
        hand = Hand(stacks, rng.randrange(n), rules=rules, seed=rng.getrandbits(32), game=game)
        bots: list[RandomBot | LowballBot] = [
            RandomBot(rng.getrandbits(32)) if rng.random() < 0.5 else LowballBot(rng.getrandbits(32))
            for _ in range(n)
        ]
        play_hand(hand, lambda s: bots[s], check=True)
        hands.append(hand)
    return hands


def pokerkit_stacks(hand: Hand) -> list[int] | None:
    """pokerkit's stacks after replaying the hand's PHH, None if it refuses it."""
    (hh,) = HandHistory.loads_all(dumps_all([phh_fields(hand)]))
    try:
        with pokerkit_warnings():
            return strict_replay(hh)
    except ValueError:
        return None
