"""Games set up and played along by the guts tests (games/guts/test_settlement.py, test_play.py): an
arranged table, everyone's declarations, the next stage, the last settlement."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from wildeval.games.guts import Advance, Declare, GutsGame, GutsRules, Phase, arrange_deck

PRESET_NAMES = ["three-five-seven", "crazy-three-five-seven", "three-five-seven-onlinepoker", "napalm"]



def table(
    rules: GutsRules,
    hands: Mapping[str, str] | Sequence[Mapping[str, str]] = (),
    *,
    players: Sequence[str] = ("A", "B"),
    dealer: int | None = None,
) -> GutsGame:
    """A game dealt from arranged decks (one mapping of hands per round), at its first decision.
    The default dealer is the last seat, so the first seat declares first."""
    dealer = len(players) - 1 if dealer is None else dealer
    rounds = [hands] if isinstance(hands, Mapping) else list(hands)
    decks = []
    for i, round_hands in enumerate(rounds):
        decks.append(arrange_deck(rules, players, dealer=(dealer + i) % len(players), hands=round_hands))
    return GutsGame(rules, players, seed=1, decks=decks, dealer=dealer).advance_to_decision()


def declare(game: GutsGame, choices: Mapping[str, bool] | Sequence[str]) -> GutsGame:
    """Every seated player declares (in turn order); ``choices`` names those who stay in (a
    sequence) or maps each name to in/out. Then the stage is settled."""
    assert game.phase is Phase.DECLARE, game.phase
    for p in game.declaration_order():
        stay = choices.get(p, False) if isinstance(choices, Mapping) else p in choices
        game.apply(Declare(p, stay))
        game.check_invariants()
    game.apply(Advance())
    game.check_invariants()
    return game


def next_stage(game: GutsGame) -> GutsGame:
    game.advance_to_decision()
    game.check_invariants()
    return game


def settle_event(game: GutsGame) -> dict[str, Any]:
    return [e for e in game.events if e["type"] == "settle"][-1]


def without_deck_source(snapshot: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in snapshot.items() if k not in ("_rng", "_decks")}
