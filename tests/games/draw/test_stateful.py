"""Hypothesis state machines over random play at a Deuce to Seven Triple Draw table (the table's
machine is tests/helpers/draw_machine.py, shared with the other draw games).

Whatever is tried, legal or not: only the actions ``legal_actions()`` lists are accepted, an
illegal one raises IllegalAction and changes nothing, the chip ledger balances after every step,
nobody sees another player's cards, every hand ends, and after every step the independent
referee (tests/helpers/referee_draw.py, written from the rules text and docs/triple-draw.md) agrees with
every event: whose turn it is and what they may do, the draws, the showdown order, who wins
which pot and the odd chips.
"""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from wildeval.games.draw import DEUCE_TO_SEVEN_TRIPLE_DRAW, Hand, Phase, RandomBot, Rules, Table, play_hand

from draw_machine import step_bound, table_machine
from referee_draw import judge

STAKES = st.builds(
    lambda blinds, unlimited: Rules(*blinds, heads_up_unlimited=unlimited),
    st.sampled_from([(1, 2, 2, 4), (5, 10, 10, 20), (1, 3, 3, 6), (0, 2, 2, 4)]),
    st.booleans(),
)
TableMachine = table_machine(DEUCE_TO_SEVEN_TRIPLE_DRAW, stakes=STAKES, max_stack=80, judge=judge, max_examples=200)
test_table_machine = TableMachine.TestCase


@settings(max_examples=400)
@given(
    stacks=st.lists(st.integers(1, 300), min_size=2, max_size=6),
    seed=st.integers(0, 2**32),
    unlimited=st.booleans(),
)
def test_every_hand_ends_and_balances(stacks: list[int], seed: int, unlimited: bool) -> None:
    hand = Hand(stacks, seed % len(stacks), seed=seed, rules=Rules(heads_up_unlimited=unlimited))
    bot = RandomBot(seed)
    steps = 0
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        hand.act(bot.choose(hand.view(seat)), seat)
        hand.check_chips()
        steps += 1
        assert steps <= step_bound(hand)
    judge(hand)
    assert sum(hand.finishing_stacks) == sum(stacks)
    assert hand.phase is Phase.COMPLETE and hand.to_act is None
    # a player never wins more from an opponent than they put in themselves
    for p in range(hand.n):
        cap = sum(min(hand.contributions[p], c) for c in hand.contributions)
        assert hand.winnings[p] <= cap or any(e.text == "abandoned" for e in hand.events)


@settings(max_examples=40)
@given(seed=st.integers(0, 2**32), n=st.integers(2, 6))
def test_table_plays_until_one_player_is_left(seed: int, n: int) -> None:
    table = Table(n, seed=seed, starting_stack=12)
    bots = [RandomBot(seed + i) for i in range(n)]
    for _ in range(400):
        if len(table.seated) < 2:
            break
        judge(play_hand(table.start_hand(), lambda s: bots[table.hand_seats[s]], check=True))
        table.end_hand()
    assert sum(table.stacks) == 12 * n
