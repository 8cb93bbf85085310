"""pokerkit as the judge of our PHH exports, shared by the tests of the games it reads
(games/draw/test_history.py: Deuce to Seven Triple Draw, ``F2L3D``; test_badugi_triple_draw_history.py:
Badugi Triple Draw, ``FB``; test_pokerkit_divergence.py: the marks against a corpus): replaying
a history as pokerkit does (iterating the HandHistory, which repairs a history by checking or
folding for a player it expects to act) and strictly (no repair), the warnings pokerkit may
give, hands at short random stacks that reach every corner of the betting, and the checks of a
simulated session and of the marked hands that both games' tests make."""

from __future__ import annotations

import io
import random
import warnings
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import NamedTuple

import pytest

# a test module importing this one is skipped where pokerkit is not installed (CI installs it)
pytest.importorskip("pokerkit")
from pokerkit import HandHistory  # noqa: E402
from pokerkit.notation import parse_action  # noqa: E402

from wildeval.games.draw import (
    BADUGI_TRIPLE_DRAW,
    DEUCE_TO_SEVEN_TRIPLE_DRAW,
    DrawRules,
    Hand,
    LowballBot,
    RandomBot,
    Rules,
    Table,
    phh_fields,
    play_hand,
)
from wildeval.games.draw.history import entry_body
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
    """The ordinary way: iterate the HandHistory to its last state. Where pokerkit cannot take
    the next action it checks for the player it expects to act (if they face no bet) or folds
    them, and tries again; ValueError ("Unable to repair the hand history") if that never
    works."""
    *_, last = iter(hh)
    return list(last.stacks)


def replay_outcome(hh: HandHistory) -> list[int] | str:
    """pokerkit's stacks after iterating the HandHistory (:func:`loose_replay`), or, if it
    refuses the history, the name and words of the exception it raises (a ValueError, or an
    AssertionError inside pokerkit)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return loose_replay(hh)
    except (ValueError, AssertionError) as error:
        return f"{type(error).__name__}: {error}"


def check_unmarked(hh: HandHistory) -> None:
    """A hand the engine does not mark: pokerkit replays it to its ``finishing_stacks``, and
    action by action too, unless pokerkit expected another player to act where the replay
    repairs the history by checking for them (heads-up with equal blinds pokerkit has the big
    blind act first; after a short big blind pokerkit may expect more betting)."""
    assert loose_replay(hh) == hh.finishing_stacks, hh.actions
    try:
        stacks = strict_replay(hh)
    except ValueError as error:
        assert "is not a valid player" in str(error), (str(error), hh.actions)
    else:
        assert stacks == hh.finishing_stacks, hh.actions


def check_simulated(text: str, *, variant: str, players: int, count: int) -> list[HandHistory]:
    """The PHH that ``simulate`` wrote for ``count`` hands of ``players``: pokerkit loads it as
    hands 1, 2, ... (no more than ``count``: the table may break up), every one of ``variant`` at
    ``players`` seats with its finishing stacks; the unmarked ones replay (:func:`check_unmarked`),
    the text is exactly what pokerkit writes back, and the stacks carry over from hand to hand
    (seats by table seat; a player who left had nothing). Returns the histories."""
    hhs = list(HandHistory.load_all(io.BytesIO(text.encode())))
    assert 0 < len(hhs) <= count and [hh.hand for hh in hhs] == list(range(1, len(hhs) + 1))
    assert len(hhs[0].starting_stacks) == players
    for hh in hhs:
        assert hh.variant == variant and hh.finishing_stacks is not None and hh.seat_count == players
        with pokerkit_warnings():
            if "_pokerkit_divergence" in hh.user_defined_fields:
                continue
            check_unmarked(hh)
    assert HandHistory.dumps_all(hhs) + "\n" == text
    for a, b in zip(hhs, hhs[1:]):
        assert a.seats and a.finishing_stacks and b.seats
        after, before = dict(zip(a.seats, a.finishing_stacks)), dict(zip(b.seats, b.starting_stacks))
        assert all(after[s] == before[s] for s in before)
        assert all(after[s] == 0 for s in after if s not in before)
    return hhs


def phh_histories(hands: Iterable[Hand]) -> list[HandHistory]:
    """The hands' PHH exports, as pokerkit loads them."""
    return list(HandHistory.loads_all(dumps_all(phh_fields(h) for h in hands)))


def count_marked(hands: Sequence[Hand]) -> int:
    """How many of the hands the engine marks (``pokerkit_divergence``), each checked against
    pokerkit: an unmarked hand replays (:func:`check_unmarked`); a marked one carries its mark in
    its PHH, and pokerkit ends it with other stacks than ours or refuses it, iterating the
    history and action by action."""
    marked = 0
    for hand, hh in zip(hands, phh_histories(hands), strict=True):
        assert hh.finishing_stacks is not None
        expected = list(hh.finishing_stacks)
        with pokerkit_warnings(*(() if hand.pokerkit_divergence is None else (BURNED,))):
            if hand.pokerkit_divergence is None:
                check_unmarked(hh)
                continue
            marked += 1
            assert hh.user_defined_fields["_pokerkit_divergence"] == hand.pokerkit_divergence
            assert replay_outcome(hh) != expected, hand.pokerkit_divergence
            try:
                stacks = strict_replay(hh)
            except (ValueError, AssertionError):
                continue
            assert stacks != expected, hand.pokerkit_divergence
    return marked


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
        play_hand(hand, lambda s, bots=bots: bots[s], check=True)
        hands.append(hand)
    return hands


def small_blind_checks_first(hand: Hand) -> bool | None:
    """Heads-up with equal blinds both posted in full, chips behind (where pokerkit lets the big
    blind, p1, act first): whether the small blind (p2) acts first with a check; None for other
    hands."""
    blind = hand.rules.big_blind
    if hand.n != 2 or hand.rules.small_blind != blind or min(hand.starting_stacks) <= blind:
        return None
    actions = phh_fields(hand)["actions"]
    assert isinstance(actions, list)
    first = next(a for a in actions if not a.startswith("d "))
    assert first.startswith("p2 "), first  # we let the small blind act first
    return first == "p2 cc"


def pokerkit_stacks(hand: Hand) -> list[int] | None:
    """pokerkit's stacks after replaying the hand's PHH (iterating the HandHistory), None if it
    refuses it."""
    (hh,) = phh_histories([hand])
    try:
        with pokerkit_warnings():
            return loose_replay(hh)
    except ValueError:
        return None


# The corpus of games/draw/test_pokerkit_divergence.py: both games pokerkit reads, the stakes an outside
# referee replayed (1/2, 5/10, 2/5 and equal blinds 2/2; bets of the big blind, then twice it)
CORPUS_GAMES = (DEUCE_TO_SEVEN_TRIPLE_DRAW, BADUGI_TRIPLE_DRAW)
CORPUS_STAKES = ((1, 2, 2, 4), (5, 10, 10, 20), (2, 5, 5, 10), (2, 2, 2, 4))
BOT_KINDS = ("random", "threshold", "mixed")  # RandomBot, LowballBot, some of each


class SessionHand(NamedTuple):
    """A hand of a corpus session: the hand, its PHH section as ``simulate`` writes it (without
    the ``[n]`` line), and the kind of bots that played it."""

    hand: Hand
    section: str
    bots: str


def session_hands(count: int, seed: int, *, hands_per_session: int = 12) -> Iterator[SessionHand]:
    """``count`` hands of Deuce to Seven and Badugi Triple Draw, played at tables hand after
    hand (stacks carried over, the button moving, players leaving when broke): 2 to the game's
    most players (badugi: 10), stakes from :data:`CORPUS_STAKES`, a tenth of the tables with
    unlimited raising heads-up, bots of one kind (:data:`BOT_KINDS`) per table, starting stacks
    of 1 to 60 chips, a quarter of them no more than the big blind (short blinds, 1-chip stacks)."""
    rng = random.Random(seed)
    made = 0
    while made < count:
        game = rng.choice(CORPUS_GAMES)
        players = rng.randint(2, game.max_players)
        small_blind, big_blind, small_bet, big_bet = rng.choice(CORPUS_STAKES)
        rules = Rules(small_blind, big_blind, small_bet, big_bet, heads_up_unlimited=rng.random() < 0.1)
        stacks = [rng.randint(1, big_blind) if rng.random() < 0.25 else rng.randint(1, 60) for _ in range(players)]
        kind = rng.choice(BOT_KINDS)
        bots = [
            RandomBot(rng.getrandbits(32)) if kind == "random" or (kind == "mixed" and rng.random() < 0.5)
            else LowballBot(rng.getrandbits(32), aggression=rng.choice((0.0, 0.15, 0.5)))
            for _ in range(players)
        ]
        table = Table(stacks, rules=rules, game=game, seed=rng.getrandbits(32), button=rng.randrange(players))
        for _ in range(hands_per_session):
            if len(table.seated) < 2 or made == count:
                break
            hand = table.start_hand()
            seats = list(table.hand_seats)
            play_hand(hand, lambda seat, bots=bots, seats=seats: bots[seats[seat]])
            yield SessionHand(hand, entry_body(hand, seats, players), kind)
            made += 1
            table.end_hand()
