"""Hypothesis state machines over random legal play, for every guts preset and the rule settings:
chips are conserved, legs only grow, games end, illegal actions are rejected without change,
each player's view shows only what that player may see, and after every step the independent
referee (tests/helpers/referee_guts.py, written from the rules texts) agrees with every event: who
antes, is dealt, declares, wins, pays whom and how much, takes a leg or the pot."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, settings, strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from wildeval.games.guts import (
    Advance,
    Bot,
    Declare,
    GutsGame,
    GutsRules,
    IllegalActionError,
    Phase,
    RandomBot,
    StrengthTable,
    ThresholdBot,
    play_bots,
    preset,
)

from referee_guts import GutsReferee, zero_chip_players_may_stay_in

NAMES = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus"]

CONFIGS: dict[str, GutsRules] = {
    "three-five-seven": preset("three-five-seven"),
    "crazy-three-five-seven": preset("crazy-three-five-seven"),
    "three-five-seven-onlinepoker": preset("three-five-seven-onlinepoker"),
    "napalm": preset("napalm"),
    "357-simultaneous-table-stakes": preset(
        "three-five-seven", declaration="simultaneous", payment_policy="table_stakes",
        ante=2, stack=15, max_payment=7, max_rounds=6),
    "onlinepoker-table-stakes-cap": preset(
        "three-five-seven-onlinepoker", payment_policy="table_stakes", ante=3, stack=20, max_rounds=3),
    "napalm-a5-simultaneous-cap": preset(
        "napalm", low_ranking="low_a5", declaration="simultaneous", ante=5, max_rounds=2),
}

STRICT_ZERO_CHIPS = not zero_chip_players_may_stay_in()

SETTINGS = settings(
    max_examples=25,
    stateful_step_count=30,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


def machine_for(rules: GutsRules, table: StrengthTable) -> type[RuleBasedStateMachine]:
    class GutsMachine(RuleBasedStateMachine):
        game: GutsGame

        @initialize(n=st.integers(2, rules.max_players), seed=st.integers(0, 2**32 - 1), dealer=st.integers(0, 6))
        def start(self, n: int, seed: int, dealer: int) -> None:
            self.game = GutsGame(rules, NAMES[:n], seed=seed, dealer=dealer % n)
            self.last_legs = dict(self.game.legs)
            self.referee = GutsReferee(rules, self.game.players, self.game.first_dealer,
                                       strict_zero_chips=STRICT_ZERO_CHIPS)

        @precondition(lambda self: not self.game.over)
        @rule(data=st.data())
        def legal_action(self, data: st.DataObject) -> None:
            legal = self.game.legal_actions()
            assert legal
            self.game.apply(data.draw(st.sampled_from(legal)))

        @precondition(lambda self: self.game.phase is Phase.DECLARE)
        @rule(data=st.data())
        def whole_stage(self, data: st.DataObject) -> None:
            """Every waiting player declares (in a legal order), then on to the next decision."""
            while self.game.phase is Phase.DECLARE:
                legal = self.game.legal_actions()
                self.game.apply(data.draw(st.sampled_from(legal)))
                self.check()
            self.game.advance_to_decision()

        @rule(data=st.data())
        def illegal_action(self, data: st.DataObject) -> None:
            candidate: Any = data.draw(st.one_of(
                st.builds(Declare, st.sampled_from(NAMES + ["Nobody", ""]), st.booleans()),
                st.builds(Declare, st.sampled_from(NAMES), st.sampled_from([None, 1, "in"])),
                st.just(Advance()),
                st.just("advance"),
            ))
            if candidate in self.game.legal_actions():
                return
            before = self.game.snapshot()
            with pytest.raises(IllegalActionError):
                self.game.apply(candidate)
            assert self.game.snapshot() == before

        @precondition(lambda self: not self.game.over)
        @rule(seed=st.integers(0, 2**16))
        def bots_finish(self, seed: int) -> None:
            """Games end: bots play on until somebody wins or the round cap stops the game."""
            rng = random.Random(seed)
            bots: dict[str, Bot] = {
                p: ThresholdBot(table) if rng.random() < 0.7 else RandomBot(random.Random(rng.random()))
                for p in self.game.players
            }
            play_bots(self.game, bots)
            assert self.game.over and self.game.round <= rules.max_rounds
            assert self.game.legal_actions() == []

        @invariant()
        def check(self) -> None:
            game = self.game
            game.check_invariants()
            self.referee.follow(game)  # the rules were followed, not only the books balanced
            assert sum(game.balances.values()) + game.pot == 0
            for p, n in game.legs.items():
                assert n >= self.last_legs[p], f"{p}'s legs went down"
            self.last_legs = dict(game.legs)
            if game.over:
                assert game.pot == 0
                if game.winner is not None:
                    tally = game.legs if rules.win_by == "legs" else game.streaks
                    assert tally[game.winner] == rules.win_count
            last_stage = len(rules.stages)
            for p in game.players:
                view = game.view(p)
                assert view.cards == tuple(game.hands[p])
                if rules.declaration == "simultaneous" and game.phase is Phase.DECLARE:
                    assert set(view.declared) <= {p}
                for shown in view.shown:
                    assert shown["stage"] == last_stage or p in shown["in"]
                for e in view.settlements:
                    if "hands" in e:
                        assert e["stage"] == last_stage or p in e["in"]

    return GutsMachine


@pytest.mark.parametrize("config", list(CONFIGS))
def test_random_legal_play(config: str) -> None:
    run_state_machine_as_test(machine_for(CONFIGS[config], StrengthTable(samples=1000)), settings=SETTINGS)
