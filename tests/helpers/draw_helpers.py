"""Moves shared by the triple-draw rule tests (games/draw/test_betting_rules.py,
test_showdown_rules.py): what a hand offers, and playing it along passively."""

from __future__ import annotations

from wildeval.games.draw import Action, Hand, Kind, Phase

A = Action


def kinds(hand: Hand) -> list[str]:
    return [str(a) for a in hand.legal_actions()]


def stand_pat_all(hand: Hand) -> None:
    while hand.phase is Phase.DRAW:
        hand.act(A.discard())


def check_call_or_stand_pat(hand: Hand) -> None:
    """One passive move: stand pat in a draw, else check, else call."""
    if hand.phase is Phase.DRAW:
        hand.act(A.discard())
    else:
        legal = {a.kind: a for a in hand.legal_actions()}
        hand.act(legal.get(Kind.CHECK) or legal[Kind.CALL])


def check_or_call_down(hand: Hand) -> None:
    """Everybody checks or calls and stands pat to the end."""
    while not hand.is_over:
        check_call_or_stand_pat(hand)


def check_until_round(hand: Hand, betting_round: int) -> None:
    """Everybody checks or calls and stands pat until `betting_round` begins."""
    while hand.betting_round < betting_round or hand.phase is Phase.DRAW:
        check_call_or_stand_pat(hand)
