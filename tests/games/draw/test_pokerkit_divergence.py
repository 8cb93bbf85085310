"""The hands the engine marks (``_pokerkit_divergence``) are exactly the hands pokerkit 0.7.7
replays differently, hand by hand, over a corpus of sessions (tests/helpers/pokerkit_replay.py,
:func:`session_hands`): Deuce to Seven and Badugi Triple Draw, 2 to 10 players, stakes 1/2,
5/10, 2/5 and equal blinds 2/2, random, threshold and mixed bots, stacks down to one chip.

Each hand's PHH section is replayed the way anyone replays one: ``HandHistory.loads(section)``,
then ``for state in hand_history`` (which repairs a history by checking or folding for a player
pokerkit expects to act); a hand "differs" if pokerkit refuses it (raises) or ends with stacks
other than the section's ``finishing_stacks``. Marked if and only if it differs.
"""

from __future__ import annotations

import io
import re
from collections import Counter

import pytest

from wildeval.games.draw import BADUGI_TRIPLE_DRAW, Hand, simulate  # noqa: E402

from pokerkit_replay import (  # skips this module where pokerkit is not installed
    BOT_KINDS,
    CORPUS_STAKES,
    ROBERTS_RULES,
    HandHistory,
    SessionHand,
    replay_outcome,
    session_hands,
    small_blind_checks_first,
)


def short_big_blind(hand: Hand) -> bool:
    """The big blind posted less than the big blind (all-in)."""
    return any(e.kind == "post" and e.text == "big blind" and e.amount < hand.rules.big_blind for e in hand.events)


def check_corpus(sections: list[str]) -> Counter[tuple[bool, bool]]:
    """Replay every PHH section in pokerkit; fail naming the hands where the mark and pokerkit
    disagree. Returns the count of (marked, pokerkit differs)."""
    tally: Counter[tuple[bool, bool]] = Counter()
    wrong = []
    for section in sections:
        hh = HandHistory.loads(section)
        note = hh.user_defined_fields.get("_pokerkit_divergence")
        outcome = replay_outcome(hh)
        differs = outcome != hh.finishing_stacks
        tally[note is not None, differs] += 1
        if (note is not None) != differs:
            wrong.append(f"{note or 'unmarked'}; pokerkit: {outcome}; section:\n{section}")
    assert not wrong, f"{len(wrong)} of {len(sections)} hands:\n\n" + "\n\n".join(wrong[:3])
    return tally


def check_coverage(hands: list[SessionHand]) -> None:
    """The corpus holds what the marks are about, marked and not."""
    plays = [h.hand for h in hands]
    marked = [h.pokerkit_divergence is not None for h in plays]
    # heads-up with equal blinds (pokerkit lets the big blind act first): the small blind checks
    # first (always marked) and folds or raises first (pokerkit's replay checks for the big blind
    # and goes on as we do: unmarked, unless something else parts later)
    checks = [small_blind_checks_first(h) for h in plays]
    assert {(c, m) for c, m in zip(checks, marked) if c is not None} >= {(True, True), (False, False)}
    assert all(m for c, m in zip(checks, marked) if c)
    # a short big blind, in hands marked and in hands pokerkit replays to the same stacks
    assert {m for h, m in zip(plays, marked) if short_big_blind(h)} == {True, False}
    notes = [h.pokerkit_divergence or "" for h in plays]
    assert any(any(k in note for k in ROBERTS_RULES) for note in notes)
    assert any(1 in h.starting_stacks for h in plays)
    assert any(h.n == 10 and h.game.name == BADUGI_TRIPLE_DRAW.name for h in plays)
    assert {h.n for h in plays} == set(range(2, 11))
    assert {h.bots for h in hands} == set(BOT_KINDS)
    stakes = {(h.rules.small_blind, h.rules.big_blind, h.rules.small_bet, h.rules.big_bet) for h in plays}
    assert stakes == set(CORPUS_STAKES)


def test_marked_hands_are_exactly_those_pokerkit_replays_differently() -> None:
    hands = list(session_hands(4000, seed=49))
    tally = check_corpus([h.section for h in hands])
    check_coverage(hands)
    # the figures docs/triple-draw.md gives for this corpus
    assert tally == {(True, True): 430, (False, False): 3570}
    games = Counter((h.hand.game.name, h.hand.pokerkit_divergence is not None) for h in hands)
    assert games == {("deuce-to-seven-triple-draw", True): 208, ("deuce-to-seven-triple-draw", False): 1711,
                     ("badugi-triple-draw", True): 222, ("badugi-triple-draw", False): 1859}
    notes = [h.hand.pokerkit_divergence or "" for h in hands]
    checks = Counter((small_blind_checks_first(h.hand), "blinds are equal" in note) for h, note in zip(hands, notes))
    assert (checks[True, True], checks[False, False], checks[False, True]) == (230, 163, 0)
    assert sum("big blind is short" in note and "blinds are equal" not in note for note in notes) == 115


@pytest.mark.slow
def test_marked_hands_are_exactly_those_pokerkit_replays_differently_in_a_larger_corpus() -> None:
    for seed in (1, 2):  # 20,000 hands: CI's slow run is bounded
        hands = list(session_hands(10_000, seed=seed))
        check_corpus([h.section for h in hands])
        check_coverage(hands)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("game", "players", "count", "played", "marked"),
    [
        ("deuce-to-seven-triple-draw", (2, 3, 4, 5, 6), 3500, 17_353, 13),
        ("badugi-triple-draw", (2, 4, 6, 10), 1500, 5_813, 7),
    ],
)
def test_simulate_marks_few_hands_at_its_stakes(game: str, players: tuple[int, ...], count: int, played: int,
                                                marked: int) -> None:
    """The figures docs/triple-draw.md gives for ``simulate``'s bots with 200-chip stacks: each
    count of players plays ``count`` hands in tables of 100 (fewer where one player wins every
    chip), seed 1; the marked hands are again exactly those pokerkit replays differently."""
    sections: list[str] = []
    for n in players:
        out = io.StringIO()
        simulate(game, players=n, count=count, seed=1, out=out, tables=count // 100)
        sections += re.split(r"\n*\[\d+\]\n", out.getvalue())[1:]
    assert len(sections) == played
    assert check_corpus(sections) == {(True, True): marked, (False, False): played - marked}
