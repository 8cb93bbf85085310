"""Pinned output bytes: simulations and terminal sessions of every game, as sha256 digests.

The games' records (JSON Lines for guts, PHH for draw) and what a terminal session prints are a
promise: the same seed gives the same bytes, release after release. These digests were taken
before the games were reorganised (issue 13); any change to them is a change of behaviour and must
be a deliberate one, noted in CHANGELOG.md.
"""

from __future__ import annotations

import hashlib
import io
import json

import pytest

from wildeval.games import game_module

# (game, players, games or hands, seed, rule settings) -> digest of what simulate writes
SIMULATIONS = {
    ("three-five-seven", 2, 40, 1, None):
        "f48e49ec255dcf1ed0760cae13183b91194a57b18e43594c61cdf7985e994643",
    ("three-five-seven", 5, 30, 7, None):
        "31a54cc44259456fbc4640c7ab7048f0d643019c29cf552e6e60334dfa11a881",
    ("crazy-three-five-seven", 4, 30, 3, None):
        "acb86d6da4cb0edd7a402270e672f48998a98219b707e1abd9b2dfa34837f457",
    ("three-five-seven-onlinepoker", 3, 30, 11, None):
        "57fc0e73351b46ffd62ca21048fc5cff22135ac61329994c3683427c1c22ecff",
    ("napalm", 6, 20, 5, None):
        "a05b077da13b481b9eb7bf88ae2a0fecdcffed99a3277d09371a55105a553c85",
    ("three-five-seven", 4, 25, 2, (("declaration", "simultaneous"), ("payment_policy", "table_stakes"),
      ("stack", 30))):
        "d553b285ff9af104c99b7791a3a80f663635cc217bfd61fbb3d10d6ee5860aa1",
    ("napalm", 3, 25, 9, (("ante", 2), ("three_card_ranking", "three_card_poker"))):
        "febacefef944145e61e0bf99af4f78090307021a56ea735725ac6a76c55a879e",
    ("deuce-to-seven-triple-draw", 2, 120, 4, None):
        "663571f708e987b505b783ca11b861666007a1b9474a1a7895dce65d728adbbc",
    ("deuce-to-seven-triple-draw", 6, 80, 13, None):
        "c642da287d95c383f2627df6374450508e9bd16a0880396191380b8ef10b1373",
}

# (game, players, seed, answers typed at the terminal) -> (exit code, stdout digest, history
# digest, stdout length). The stdout digests change only with the terminal's words (last: the
# guts header saying the ante once); the history digests never.
ANSWERS = {
    "three-five-seven": "y\nn\ny\ny\nn\n" * 60,
    "napalm": "n\ny\n" * 150,
    "deuce-to-seven-triple-draw": "c\nd 1 2\nk\nr\nd\nc\nf\n" * 60,
}
SESSIONS = {
    ("three-five-seven", 3, 5): (0, "9ed819f003379ca7ef92fa2ec02587cac3d2638b6d94eb06dad1fc1417b2305a",
                                 "f921984236d29442486e94b7fb609f964629759fab92f3885797ab9416bdaebe", 4166),
    ("napalm", 4, 8): (0, "4dd77317eab4f50f31402be71f341656f81d5951dc1e4ffb60b2bfe95c8836a5",
                       "f51407f0b301204a62c18a511aaa56ff4faccc0fcb17d03bb9b27167b071a831", 8218),
    ("deuce-to-seven-triple-draw", 3, 6): (0, "87d49d3596ca45d1248b6b5bc325fbec8ff89e413f282968181b05fad19609f1",
                                           "e97c3c2438b601413c6f5adf2570f634d7ed089ff33a58d1bcaaf231f393c0eb", 25956),
}


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


@pytest.mark.parametrize("case", sorted(SIMULATIONS, key=repr), ids=repr)
def test_simulation_bytes(case):
    game, players, count, seed, rules = case
    out = io.StringIO()
    extra = {"rules": dict(rules)} if rules else {}
    game_module(game).simulate(game, players=players, count=count, seed=seed, out=out, **extra)
    assert _digest(out.getvalue()) == SIMULATIONS[case], json.dumps(case)


@pytest.mark.parametrize("case", sorted(SESSIONS), ids=repr)
def test_terminal_session_bytes(case):
    game, players, seed = case
    out, history = io.StringIO(), io.StringIO()
    rc = game_module(game).play(game, players=players, seed=seed, stdin=io.StringIO(ANSWERS[game]),
                                stdout=out, history=history, unicode=False)
    assert (rc, _digest(out.getvalue()), _digest(history.getvalue()), len(out.getvalue())) \
        == SESSIONS[case]
