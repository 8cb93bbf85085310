"""Triple draw as a person meets it at the terminal, and its histories as people and programs
read them: stacks, pots, shown hands, show or muck, messages, balances, the history stream,
the ASCII fallback; PHH text byte for byte as pokerkit writes it; pokerkit divergence notes;
JSON records with shown hands' values."""

from __future__ import annotations

import doctest
import io
import json
import random
import re
import warnings
from types import ModuleType

import pytest

from wildeval.games import Summary
from wildeval.games.draw import (
    Action,
    Event,
    Hand,
    LowballBot,
    Phase,
    RandomBot,
    Rules,
    arrange_deck,
    describe_event,
    low27,
    phh_fields,
    play,
    play_hand,
    replay,
    simulate,
    terminal,
    to_json,
    to_record,
)
from wildeval.games.table.phh import dumps_all, toml_value

GAME = "deuce-to-seven-triple-draw"
SUITS = "♣♦♥♠"


class Person:
    """A stdin that answers each prompt it sees on stdout: stand pat in draws, call or check in
    betting, ``show`` (s or m) when asked to show a losing hand; end of input after ``lines``."""

    def __init__(self, stdout: io.StringIO, lines: int, show: str = "s", quit_with: str = "") -> None:
        self.stdout, self.left, self.show, self.quit_with = stdout, lines, show, quit_with
        self.asked_to_show = 0

    def readline(self) -> str:
        self.left -= 1
        if self.left < 0:
            return self.quit_with
        prompt = self.stdout.getvalue().rsplit("\n", 1)[-1]
        if "cannot win" in prompt:
            self.asked_to_show += 1
            return self.show + "\n"
        return "p\n" if "discard which" in prompt else "c\n"


def session(lines: int = 300, *, players: int = 4, seed: int = 1, show: str = "s",
            quit_with: str = "", history: io.StringIO | None = None) -> tuple[str, Person]:
    stdout = io.StringIO()
    person = Person(stdout, lines, show, quit_with)
    assert play(GAME, players=players, seed=seed, stdin=person, stdout=stdout,  # type: ignore[arg-type]
                history=history) == 0
    return stdout.getvalue(), person


def test_terminal_doctests() -> None:
    assert doctest.testmod(terminal).failed == 0


# ---------------------------------------------------------------------------------------------
# what the person sees


def test_stacks_are_shown_with_all_ins() -> None:
    out = io.StringIO()
    person = Person(out, 400)
    terminal.play_session(players=3, seed=3, stdin=person, stdout=out, starting_stack=12)  # type: ignore[arg-type]
    text = out.getvalue()
    assert re.search(r"^Pot \d+ \| You \d+", text, re.M)
    assert "(all-in" in text and "(folded" in text


def test_pots_are_labelled_when_paid() -> None:
    hands = {0: "7c 5d 4h 3s 2c", 2: "8d 5c 4s 3h 2d", 3: "6c 5h 4c 3d 2h"}
    hand = Hand([100, 100, 100, 5, 100], button=0, deck=arrange_deck(5, 0, hands), seed=1)
    for seat, action in [(3, Action.call()), (4, Action.call()), (0, Action.call()), (1, Action.fold())]:
        hand.act(action, seat)
    hand.act(Action.check(), 2)
    while not hand.is_over:
        legal = hand.legal_actions()
        hand.act(Action.discard() if hand.phase is Phase.DRAW else legal[-1] if hand.betting_round else legal[1])
    labels = [e.text for e in hand.events if e.kind == "pot"]
    assert labels[:2] == ["main pot", "side pot 1"]
    lines, pot = [], None
    for e in hand.events:
        if e.kind == "pot":
            pot = e.text
        elif e.kind == "win":
            lines.append(describe_event(e, ["You"] + hand.names[1:], me=0, pot=pot))
    # seat 3 (all-in for 5) holds a straight: seat 0 ("You", 7-5-4-3-2) wins both pots
    assert lines == ["You win 21 from the main pot", f"You win {hand.winnings[0] - 21} from side pot 1"]
    # a single pot has no label
    single = Hand([50, 50], button=0, seed=2)
    single.act(Action.fold())
    assert [e.kind for e in single.events][-1] == "win" and "pot" not in [e.kind for e in single.events]


def test_shown_hands_are_sorted_highest_first() -> None:
    event = Event("show", 1, 0, (0, 20, 51, 8, 12), "A-7-5-4-2")
    assert describe_event(event, ["You", "Bot 1"]) == "Bot 1 shows As 7c 5c 4c 2c: A-7-5-4-2"
    out, _ = session(400, seed=2)
    for cards in re.findall(r"shows? ((?:\w\w ){4}\w\w):", out):
        ranks = ["23456789TJQKA".index(c[0]) for c in cards.split()]
        assert ranks == sorted(ranks, reverse=True), cards


@pytest.mark.parametrize("answer", ["s", "m"])
def test_the_person_may_show_or_muck_a_hand_that_cannot_win(answer: str, pokerkit: ModuleType) -> None:
    history = io.StringIO()
    out, person = session(1500, seed=4, show=answer, history=history)
    assert person.asked_to_show > 0
    prompts = re.findall(r"cannot win: s = show it, anything else mucks it > (You \w+)", out)
    assert prompts and set(prompts) == {"You show" if answer == "s" else "You muck"}
    # a shown losing hand is recorded as shown: "p2 sm 9s8h6c4d2c"; it changes no payout
    from pokerkit import HandHistory

    hhs = list(HandHistory.loads_all(history.getvalue()))
    assert hhs
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for hh in hhs:
            if "_pokerkit_divergence" not in hh.user_defined_fields:
                assert list(list(hh)[-1].stacks) == hh.finishing_stacks


def test_show_losing_changes_no_payout() -> None:
    for seed in range(40):
        hands = []
        for show in (False, True):
            hand = Hand([60, 60, 60, 60], button=seed % 4, seed=seed)
            hand.show_losing = lambda seat, show=show: show
            bots = [LowballBot(seed * 10 + s) for s in range(4)]
            play_hand(hand, lambda s, bots=bots: bots[s], check=True)
            hands.append(hand)
        mucking, showing = hands
        assert mucking.winnings == showing.winnings
        assert mucking.finishing_stacks == showing.finishing_stacks
        assert sum(s is not None for s in showing.shown) >= sum(s is not None for s in mucking.shown)
        assert replay(to_record(showing)).events == showing.events  # the record says who showed


def test_commands_in_the_wrong_phase_are_answered_with_what_is_expected() -> None:
    stdout = io.StringIO()
    # call, then a betting command in the draw and a discard in the next betting round
    lines = iter(["c\n", "c\n", "c\n", "k\n", "p\n", "As\n", "1 2\n", "p\n", "f\n", "q\n"] + [""] * 50)

    class Stdin:
        def readline(self) -> str:
            return next(lines)

    play(GAME, players=2, seed=3, stdin=Stdin(), stdout=stdout)  # type: ignore[arg-type]
    out = stdout.getvalue()
    assert "It is the draw: say which cards to discard, or p to stand pat." in out
    assert re.search(r"It is a betting round, not the draw: fold, (check|call \d+)", out)


def test_messages_say_you_in_the_second_person() -> None:
    out, _ = session(3000, players=3, seed=6)
    verbs = r"posts|calls|checks|folds|bets|raises|shows|mucks|wins|draws|stands|discards|is|does|has"
    assert not re.search(rf"\b[Yy]ou ({verbs})\b", out)
    assert "You post the" in out and "returned to You" not in out
    stdout = io.StringIO()
    # seed 3 heads-up: the person discards a card they do not hold, then one they do
    lines = iter(["c\n", "k\n", "Ah\n", "p\n", "q\n"] + [""] * 20)

    class Stdin:
        def readline(self) -> str:
            return next(lines)

    play(GAME, players=2, seed=3, stdin=Stdin(), stdout=stdout, unicode=False)  # type: ignore[arg-type]
    text = stdout.getvalue()
    if "you do not hold Ah" not in text:  # the person holds Ah: then the discard goes through
        assert "You discard Ah" in text
    assert "You does" not in text and "they do not hold" not in text


@pytest.mark.parametrize("quit_with", ["", "q\n"])
def test_balances_when_the_person_leaves(quit_with: str) -> None:
    out, _ = session(60, players=3, seed=7, quit_with=quit_with)
    match = re.search(r"Balances \(the unfinished hand not counted\): (.*)\n", out)
    assert match, out[-400:]
    parts = re.findall(r"(You|Bot \d) (\d+) \(([+-]\d+)\)", match.group(1))
    assert [p[0] for p in parts] == ["You", "Bot 1", "Bot 2"]
    assert all(int(chips) - 200 == int(net) for _, chips, net in parts)
    assert sum(int(net) for *_, net in parts) == 0
    assert out.rstrip().endswith("End of input: goodbye." if not quit_with else "Goodbye.")


# ---------------------------------------------------------------------------------------------
# the history stream and the ASCII fallback


class Flushes(io.StringIO):
    def __init__(self) -> None:
        super().__init__()
        self.at_flush: list[str] = []

    def flush(self) -> None:
        self.at_flush.append(self.getvalue())


def test_history_gets_whole_hands_as_simulate_writes_them(pokerkit: ModuleType) -> None:
    history = Flushes()
    session(600, players=3, seed=8, history=history)
    text = history.getvalue()
    assert history.at_flush and history.at_flush[-1] == text
    for n, flushed in enumerate(history.at_flush, 1):  # every flush leaves whole hands
        assert flushed.endswith("\n") and flushed.count("variant = 'F2L3D'") == n
    hhs = list(pokerkit.HandHistory.loads_all(text))
    assert [hh.hand for hh in hhs] == list(range(1, len(hhs) + 1))
    assert text == pokerkit.HandHistory.dumps_all(hhs) + "\n"
    assert all(hh.players and hh.players[-1 if hh.hand % 3 == 1 else 0] for hh in hhs)
    assert any("You" in (hh.players or []) for hh in hhs)


def test_ascii_when_the_terminal_cannot_show_suits() -> None:
    for unicode, encoding in [(None, "cp1252"), (False, "utf-8"), (None, "ascii")]:
        raw = io.BytesIO()
        stdout = io.TextIOWrapper(raw, encoding=encoding)
        person = Person(stdout, 300)  # type: ignore[arg-type]
        person.stdout = _Reader(stdout, raw)  # type: ignore[assignment]
        play(GAME, players=3, seed=9, stdin=person, stdout=stdout, unicode=unicode)  # type: ignore[arg-type]
        stdout.flush()
        text = raw.getvalue().decode(encoding)
        assert "You are dealt" in text and not any(s in text for s in SUITS), (unicode, encoding)
    raw = io.BytesIO()
    stdout = io.TextIOWrapper(raw, encoding="utf-8")
    play(GAME, players=2, seed=9, stdin=io.StringIO("q\n"), stdout=stdout)
    stdout.flush()
    assert any(s in raw.getvalue().decode() for s in SUITS)


class _Reader:
    """What a :class:`Person` reads of a byte stream: the text written so far."""

    def __init__(self, stream: io.TextIOWrapper, raw: io.BytesIO) -> None:
        self.stream, self.raw = stream, raw

    def getvalue(self) -> str:
        self.stream.flush()
        return self.raw.getvalue().decode(self.stream.encoding)


# ---------------------------------------------------------------------------------------------
# simulate's summary; PHH text as pokerkit writes it


def test_simulate_returns_a_summary() -> None:
    out = io.StringIO()
    summary = simulate(GAME, players=3, count=30, seed=1, out=out)
    assert isinstance(summary, Summary) and summary.unit == "hands" and summary.played == 30
    assert list(summary.wins) == ["Bot 1", "Bot 2", "Bot 3"]
    assert sum(summary.wins.values()) >= 30
    assert summary.line().startswith("30 hands; wins: Bot 1 ")
    assert simulate(GAME, players=2, count=0, seed=1, out=io.StringIO()).played == 0
    short = simulate(GAME, players=2, count=5000, seed=3, out=io.StringIO())
    assert 0 < short.played < 5000


def random_hands(count: int, seed: int, names: list[str] | None = None) -> list[Hand]:
    rng = random.Random(seed)
    hands = []
    for _ in range(count):
        n = rng.randint(2, 6)
        sb, bb, small, big = rng.choice([(1, 2, 2, 4), (5, 10, 10, 20), (2, 2, 2, 4), (1, 3, 3, 6)])
        stacks = [rng.randint(1, 60) for _ in range(n)]
        hand = Hand(stacks, rng.randrange(n), rules=Rules(sb, bb, small, big), seed=rng.getrandbits(32),
                    names=(names or [f"Player {i + 1}" for i in range(6)])[:n])
        bots = [RandomBot(rng.getrandbits(32)) if rng.random() < 0.5 else LowballBot(rng.getrandbits(32))
                for _ in range(n)]
        play_hand(hand, lambda s, bots=bots: bots[s])
        hands.append(hand)
    return hands


def test_phh_text_is_byte_identical_to_pokerkits_dumps_all(pokerkit: ModuleType) -> None:
    out = io.StringIO()
    simulate(GAME, players=6, count=300, seed=11, out=out)
    hhs = list(pokerkit.HandHistory.loads_all(out.getvalue()))
    assert len(hhs) == 300 and out.getvalue() == pokerkit.HandHistory.dumps_all(hhs) + "\n"
    # strings with apostrophes (divergence notes, names), at short stacks
    names = ["O'Brien", "Bot 2", "D'Arcy ''x", "Ann", "it's", "Zed"]
    hands = random_hands(300, seed=12, names=names)
    assert sum(h.pokerkit_divergence is not None for h in hands) > 5
    text = dumps_all(phh_fields(h) for h in hands)
    assert "'''O'Brien'''" in text
    assert pokerkit.HandHistory.dumps_all(pokerkit.HandHistory.loads_all(text)) == text


def test_strings_pokerkit_cannot_write_as_toml_are_escaped() -> None:
    import tomllib

    for text in ["a'''b", "line\nbreak", "it's\ttab", "'", "''"]:
        assert tomllib.loads(f"k = {toml_value(text)}")["k"] == text


# ---------------------------------------------------------------------------------------------
# pokerkit divergence notes: PHH seats, and what pokerkit really does


def pokerkit_outcome(hand: Hand, pokerkit: ModuleType) -> tuple[str, list[str]]:
    """What pokerkit 0.7.7 does with the hand's PHH, action by action: "same", "different",
    "ValueError: ..." or "AssertionError"; and its warnings."""
    from pokerkit.notation import parse_action

    (hh,) = pokerkit.HandHistory.loads_all(dumps_all([phh_fields(hand)]))
    state = hh.create_state()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            for action in hh.actions:
                while state.can_burn_card("??"):
                    state.burn_card("??")
                parse_action(state, action, hh.parse_value)
            outcome = "same" if list(state.stacks) == hh.finishing_stacks else "different"
        except AssertionError:
            outcome = "AssertionError"
        except ValueError as error:
            outcome = f"ValueError: {error}"
    return outcome, [str(w.message) for w in caught]


PHH_ACTION = {"raise to": "cbr", "bet": "cbr", "call": "cc", "check": "cc", "fold": "f"}


def test_divergence_notes_name_phh_seats_and_say_what_pokerkit_does(pokerkit: ModuleType) -> None:
    from pokerkit_replay import replay_outcome

    hands = [h for h in random_hands(2500, seed=13) if h.pokerkit_divergence is not None]
    assert len(hands) > 50
    seen = set()
    for hand in hands:
        note = hand.pokerkit_divergence
        assert note is not None and "seat " not in note and "Player" not in note
        actions = phh_fields(hand)["actions"]
        assert isinstance(actions, list)
        for label, what, amount in re.findall(r"\b(p\d) (raise to|bet|call|check|fold) ?(\d*)", note):
            phh = f"{label} {PHH_ACTION[what]}" + (f" {amount}" if what in ("raise to", "bet") else "")
            assert phh in actions, (note, phh)
        outcome, warned = pokerkit_outcome(hand, pokerkit)
        assert outcome != "same", note
        # iterating the HandHistory (which checks or folds for a player pokerkit expects to act)
        (hh,) = pokerkit.HandHistory.loads_all(dumps_all([phh_fields(hand)]))
        replayed = replay_outcome(hh)
        unrepaired = "ValueError: Unable to repair the hand history"
        if "internal assertion" in note:
            seen.add("assertion")
            assert outcome == "AssertionError" and replayed.startswith("AssertionError"), note
        elif "burns" in note:
            seen.add("burned")
            assert outcome == "different" and any("burned" in w for w in warned), note
            assert isinstance(replayed, list) and replayed != hh.finishing_stacks, note
        elif ", after " in note:  # a later action, after a short big blind called in full
            seen.add("after a short big blind")
            assert replayed == unrepaired, (note, replayed)
        elif "complete the wager" in note:
            assert "below the minimum" in outcome and replayed == unrepaired, (note, outcome, replayed)
        elif "at most four bets" in note:
            assert "No more completion, betting, or raising" in outcome, (note, outcome)
            assert replayed == unrepaired, (note, replayed)
        elif "faces less than a full raise" in note:
            assert "Short all-in cannot be raised" in outcome and replayed == unrepaired, (note, outcome, replayed)
        elif "blinds are equal" in note:
            seen.add("equal blinds")
            assert "is not a valid player" in outcome and replayed == unrepaired, (note, outcome, replayed)
        elif "big blind is short" in note:
            seen.add("short big blind")
            if re.match(r"p\d raise", note):
                assert "above the maximum" in outcome and replayed == unrepaired, (note, outcome, replayed)
            else:  # a call: pokerkit takes a smaller one
                assert isinstance(replayed, list) and replayed != hh.finishing_stacks, (note, replayed)
    assert {"assertion", "after a short big blind", "equal blinds", "short big blind"} <= seen


def stand_pat(hand: Hand) -> None:
    while hand.phase is Phase.DRAW:
        hand.act(Action.discard())


def test_a_side_pot_everyone_folded_from(pokerkit: ModuleType) -> None:
    hand = Hand([3, 40, 32, 3, 2], button=4, seed=5)
    for seat, action in [
        (2, Action.call()), (3, Action.fold()), (4, Action.call()), (0, Action.raise_to(3)),
        (1, Action.raise_to(5)), (2, Action.raise_to(7)), (1, Action.call()),
    ]:
        hand.act(action, seat)
    stand_pat(hand)
    hand.act(Action.fold(), 1)
    hand.act(Action.fold(), 2)
    while not hand.is_over:
        legal = hand.legal_actions()
        hand.act(Action.discard() if hand.phase is Phase.DRAW else legal[1])
    assert hand.pokerkit_divergence is not None
    outcome, warned = pokerkit_outcome(hand, pokerkit)
    if "internal assertion" in hand.pokerkit_divergence:
        assert outcome == "AssertionError"
    else:
        assert "burns" in hand.pokerkit_divergence and any("burned" in w for w in warned)


# ---------------------------------------------------------------------------------------------
# JSON records


def test_json_records_show_hands_with_values_and_descriptions() -> None:
    hands = random_hands(200, seed=14)
    shown = 0
    for hand in hands:
        text = to_json(hand)
        assert text == to_json(replay(json.loads(text)))  # same hand, same bytes
        record = json.loads(text)
        assert isinstance(record["deck"], str)
        for seat, entry in enumerate(record["shown"]):
            if entry is None:
                assert hand.shown[seat] is None
                continue
            shown += 1
            assert set(entry) == {"cards", "value", "description"}
            assert re.fullmatch(r"(\w\w ){4}\w\w", entry["cards"]) and isinstance(entry["value"], int)
            assert entry["description"] == low27().describe(entry["value"])
            assert entry["value"] == low27()(list(hand.shown[seat] or ()))
    assert shown > 50


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda r: r.pop("seed"), "has no 'seed'"),
        (lambda r: r.update(button="x"), "'button'"),
        (lambda r: r.update(deck="2c 2c", deck_given=True), "duplicate card"),
        (lambda r: r["actions"][0].update(kind="shove"), "action 0"),
        (lambda r: r["actions"][0].pop("seat"), "action 0 has no 'seat'"),
        (lambda r: r["actions"][1].update(amount="two"), "action 1"),
        (lambda r: r.update(rules={"antes": 1}), "malformed"),
        (lambda r: r["shown"].__setitem__(0, {"cards": "As", "value": 1, "description": "x"}), "'shown'"),
        (lambda r: r.update(actions="none"), "'actions'"),
    ],
)
def test_replay_names_what_is_wrong_with_a_malformed_record(change: object, message: str) -> None:
    hand = Hand([50, 50, 50], button=0, seed=15)
    play_hand(hand, lambda s: LowballBot(s))
    record = json.loads(to_json(hand))
    if not any(record["shown"]):
        record["shown"][0] = None
    change(record)  # type: ignore[operator]
    with pytest.raises(ValueError, match=re.escape(message)):
        replay(record)
