"""wildeval.strength.hand_strength: HS against every opponent hand, held to a count from the
definition by the pure-Python reference evaluator, one opponent hand at a time."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from wildeval.cards import parse_cards
from wildeval.reference import Evaluator as Reference
from wildeval.strength import hand_strength

REFERENCE = Reference()


def _brute_force(hole: list[int], board: list[int]) -> tuple[int, int, int]:
    ours = REFERENCE(hole + board)
    ahead = tied = behind = 0
    for opponent in combinations([c for c in range(52) if c not in hole + board], 2):
        theirs = REFERENCE(list(opponent) + board)
        ahead += ours > theirs
        tied += ours == theirs
        behind += ours < theirs
    return ahead, tied, behind


@pytest.mark.parametrize("board_size", [3, 4, 5])
def test_random_spots_equal_the_definition(board_size: int) -> None:
    rng = random.Random(board_size)
    for _ in range(4):
        cards = rng.sample(range(52), 2 + board_size)
        s = hand_strength(cards[:2], cards[2:])
        assert (s.ahead, s.tied, s.behind) == _brute_force(cards[:2], cards[2:])
        assert s.hs == (s.ahead + s.tied / 2) / (s.ahead + s.tied + s.behind)


def test_known_spots() -> None:
    nuts = hand_strength("As Ad", "Ac Ah Kd Kc 2s")
    assert (nuts.ahead, nuts.tied, nuts.behind, nuts.hs) == (990, 0, 0, 1.0)
    # a straight on the board that no hole card improves: every opponent ties
    board = hand_strength("2c 3d", "Ts Js Qh Kd Ac")
    assert board.tied == 990 and board.hs == 0.5
    # the suit of the hole cards and the board renamed: the same counts
    a = hand_strength("Ah Kh", "Qh 7h 2c")
    b = hand_strength("As Ks", "Qs 7s 2d")
    assert a == b


def test_bad_input() -> None:
    with pytest.raises(ValueError, match="hole cards must be 2 cards, not 3"):
        hand_strength("Ah Kh Qh", "2c 3c 4c")
    with pytest.raises(ValueError, match="board must be 3, 4 or 5 cards"):
        hand_strength("Ah Kh", "2c 3c")
    with pytest.raises(ValueError, match="duplicate card Ah"):
        hand_strength(parse_cards("Ah Kh"), parse_cards("Ah 2c 3c"))
