"""The examples in the installed package's docstrings run and give what they show."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "wildeval",
    "wildeval.cards",
    "wildeval.values",
    "wildeval.wild",
    "wildeval.evaluator",
    "wildeval.field",
    "wildeval.stages",
    "wildeval.rankings",
    "wildeval.rankings.layout",
    "wildeval.rankings.words",
    "wildeval.rankings.high",
    "wildeval.rankings.lowball",
    "wildeval.rankings.three_card_poker",
    "wildeval.rankings.badugi",
    "wildeval.rankings.short_deck",
    "wildeval.reference",
    "wildeval.reference.hands",
    "wildeval.reference.parsing",
    "wildeval.reference.evaluator",
    "wildeval.reference.high",
    "wildeval.reference.low27",
    "wildeval.reference.low_a5",
    "wildeval.reference.three_card_poker",
    "wildeval.reference.badugi",
    "wildeval.reference.short_deck",
    "wildeval.reference.short_deck_straight_beats_trips",
    "wildeval.reference.omaha",
    "wildeval.two_parts",
    "wildeval.preflop",
    "wildeval.three_way",
    "wildeval.isomorphism",
    "wildeval.strength",
    "wildeval.strength_tables",
    "wildeval.buckets",
    "wildeval.sampling",
    "wildeval.seeds",
    "wildeval.odds",
    "wildeval.ranges",
    "wildeval.classes",
    "wildeval.games",
    "wildeval.games.table",
    "wildeval.games.table.actions",
    "wildeval.games.table.deck",
    "wildeval.games.table.ledger",
    "wildeval.games.table.history",
    "wildeval.games.table.terminal",
    "wildeval.games.guts",
    "wildeval.games.guts.rules",
    "wildeval.games.guts.state",
    "wildeval.games.guts.events",
    "wildeval.games.guts.invariants",
    "wildeval.games.guts.engine",
    "wildeval.games.guts.payments",
    "wildeval.games.guts.history",
    "wildeval.games.guts.replaying",
    "wildeval.games.guts.bots",
    "wildeval.games.guts.simulation",
    "wildeval.games.guts.terminal",
    "wildeval.games.guts.solver.deals",
    "wildeval.games.guts.solver.model",
    "wildeval.games.guts.solver.strategy",
    "wildeval.games.guts.solver.toy",
    "wildeval.games.guts.solver.bot",
    "wildeval.games.guts.solver.sweep",
    "wildeval.games.guts.solver.explain",
    "wildeval.games.triple_draw",
    "wildeval.games.draw",
    "wildeval.games.draw.rules",
    "wildeval.games.draw.actions",
    "wildeval.games.draw.pokerkit_model",
    "wildeval.games.draw.hand",
    "wildeval.games.draw.chips",
    "wildeval.games.draw.draws",
    "wildeval.games.draw.session",
    "wildeval.games.draw.bots",
    "wildeval.games.draw.history",
    "wildeval.games.draw.terminal",
    "wildeval.games.draw.simulation",
    "wildeval.games.table.phh",
]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, verbose=False, report=True)
    assert result.attempted >= 1, f"{name} has no doctests"
    assert result.failed == 0, f"{result.failed} of {result.attempted} doctests of {name} failed"
