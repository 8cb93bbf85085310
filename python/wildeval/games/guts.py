"""Guts games with legs: Three Five Seven, Crazy 3-5-7, the onlinepoker.net version, and Napalm.

One engine driven by rules data (see docs/guts.md for the rule decisions):

- :mod:`wildeval.games.guts_rules`: :class:`GutsRules`, :class:`Stage`, the :data:`PRESETS`;
- :mod:`wildeval.games.guts_engine`: :class:`GutsGame`, the state machine, its actions,
  per-player views, the ledger, JSON histories and :func:`replay`;
- :mod:`wildeval.games.guts_bots`: :class:`RandomBot`, :class:`ThresholdBot`;
- here: :func:`simulate` and :func:`play`, which ``wildeval simulate`` and ``wildeval play`` call.

>>> import io, json
>>> out = io.StringIO()
>>> simulate("three-five-seven", players=3, count=2, seed=7, out=out).line()
'2 games; wins: Bot 1 0, Bot 2 2, Bot 3 0'
>>> records = [json.loads(line) for line in out.getvalue().splitlines()]
>>> len(records), sorted(records[0]["result"]) == ["balances", "end", "legs", "pot", "rounds", "winner"]
(2, True)
>>> all(sum(r["result"]["balances"].values()) == 0 for r in records)
True
>>> replay(records[0]).result() == records[0]["result"]
True
"""

from __future__ import annotations

import dataclasses
import json
import random
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, TextIO

import numpy as np

from wildeval.cards import stream_shows_suits
from wildeval.games import BotError, Summary

from wildeval.games.guts_bots import Bot, RandomBot, StrengthTable, ThresholdBot
from wildeval.games.guts_engine import (
    Action,
    Advance,
    Declare,
    GutsGame,
    IllegalActionError,
    InvariantError,
    Phase,
    PlayerView,
    Transfer,
    arrange_deck,
    format_hand,
    replay,
)
from wildeval.games.guts_rules import MIN_PLAYERS, PRESETS, GutsRules, Stage, preset

__all__ = [
    "Action",
    "Advance",
    "Bot",
    "Declare",
    "GutsGame",
    "GutsRules",
    "IllegalActionError",
    "InvariantError",
    "PRESETS",
    "Phase",
    "PlayerView",
    "RandomBot",
    "Stage",
    "StrengthTable",
    "ThresholdBot",
    "Transfer",
    "arrange_deck",
    "play",
    "ask_bot",
    "play_bots",
    "preset",
    "replay",
    "simulate",
    "table_rules",
]


def _check_int(name: str, value: object, low: int, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{name} must be an int, not {value!r}")
    if value < low or (high is not None and value > high):
        span = f"{low} to {high}" if high is not None else f"at least {low}"
        raise ValueError(f"{name} must be {span}, not {value}")
    return value


def table_rules(game: str, rules: GutsRules | Mapping[str, Any] | None = None) -> GutsRules:
    """The rules a table plays ``game`` by: the preset, the preset with the settings in a mapping
    changed (``{"declaration": "simultaneous", "ante": 2}``: what a group agrees before play), or
    a :class:`GutsRules` as given.

    >>> table_rules("three-five-seven", {"payment_policy": "table_stakes", "stack": 50}).stack
    50
    >>> table_rules("napalm", {"antes": 2})
    Traceback (most recent call last):
    ...
    ValueError: unknown rules setting(s): antes
    """
    if rules is None:
        return preset(game)
    if isinstance(rules, GutsRules):
        return rules
    if isinstance(rules, Mapping):
        known = {f.name for f in dataclasses.fields(GutsRules) if f.init} - {"name", "stages"}
        unknown = sorted(set(rules) - known)
        if unknown:
            raise ValueError(f"unknown rules setting(s): {', '.join(map(str, unknown))}")
        return preset(game, **rules)
    raise ValueError(f"rules must be a GutsRules, a mapping of settings or None, not {rules!r}")


def _rules_and_players(game: str, players: object,
                       rules: GutsRules | Mapping[str, Any] | None = None) -> tuple[GutsRules, int]:
    table = table_rules(game, rules)
    n = _check_int(f"{game} players", players, MIN_PLAYERS, table.max_players)
    return table, n


def play_bots(game: GutsGame, bots: Mapping[str, Bot]) -> GutsGame:
    """Let ``bots`` (one per player) play ``game`` to its end; returns the game."""
    missing = [p for p in game.players if p not in bots]
    if missing:
        raise ValueError(f"no bot for {', '.join(missing)}")
    while not game.over:
        if game.phase is Phase.DECLARE:
            for p in _due(game):
                game.apply(Declare(p, ask_bot(game, p, bots[p])))
        else:
            game.apply(Advance())
    return game


def _due(game: GutsGame) -> list[str]:
    """The players whose declaration may be made now, in order."""
    return list(dict.fromkeys(a.player for a in game.legal_actions() if isinstance(a, Declare)))


def ask_bot(game: GutsGame, player: str, bot: Bot) -> bool:
    """``bot``'s declaration for ``player``: out without asking when out is all the rules allow
    (no chips left at table stakes); BotError if the bot raises or answers with anything but a
    bool. The game is not touched."""
    if Declare(player, True) not in game.legal_actions():
        return False
    try:
        answer = bot.declare(game.view(player), game.rules)
    except Exception as error:
        raise BotError(f"the bot of {player} ({_label(bot)}) failed: {type(error).__name__}: {error}") from error
    if not isinstance(answer, (bool, np.bool_)):
        raise BotError(f"the bot of {player} ({_label(bot)}) declared {answer!r}, not True (in) or False (out)")
    return bool(answer)


def _label(bot: object) -> str:
    try:
        return str(bot.label)  # type: ignore[attr-defined]
    except Exception:
        return type(bot).__name__


def _table_bots(names: Sequence[str], seed: int, table: StrengthTable) -> dict[str, Bot]:
    """Even seats play threshold bots, odd seats random bots, each with its own generator."""
    bots: dict[str, Bot] = {}
    for i, name in enumerate(names):
        if i % 2 == 0:
            bots[name] = ThresholdBot(table)
        else:
            bots[name] = RandomBot(random.Random(f"{seed}/{name}"))
    return bots


def _record(state: GutsGame, number: int, bots: Mapping[str, Bot]) -> dict[str, Any]:
    """A game's record: its history, its number, the bots' kinds and the result so far."""
    record = state.history()
    record["game"] = number
    record["bots"] = {p: bots[p].label for p in state.players if p in bots}
    record["result"] = state.result()
    return record


def _write(out: TextIO, record: Mapping[str, Any]) -> None:
    out.write(json.dumps(record, separators=(",", ":")) + "\n")


_GAMES_PER_TASK = 200  # games per task of a distributed run (about half a second of play)


def game_seed(seed: int, number: int) -> int:
    """The seed of game ``number`` (0-based) of a simulation seeded ``seed``: 63 bits of the
    ``number``-th child of ``numpy.random.SeedSequence(seed)`` (as ``.spawn(...)[number]``
    would give; a negative seed ``-s`` uses the entropy ``[0, s]``). Each game's seed depends on
    its number alone, so any range of games can be played anywhere.

    >>> import numpy as np
    >>> game_seed(7, 3) == int(np.random.SeedSequence(7).spawn(4)[3].generate_state(1, np.uint64)[0] >> 1)
    True
    """
    entropy = seed if seed >= 0 else [0, -seed]
    return int(np.random.SeedSequence(entropy, spawn_key=(number,)).generate_state(1, np.uint64)[0] >> 1)


def _play_games(rules: GutsRules, names: Sequence[str], seed: int, first: int,
                stop: int) -> Iterator[tuple[str, str | None]]:
    """Games ``first`` to ``stop`` (0-based) of a simulation: each one's JSON line and winner."""
    table = StrengthTable()
    for g in range(first, stop):
        number_seed = game_seed(seed, g)
        bots = _table_bots(names, number_seed, table)
        state = play_bots(GutsGame(rules, list(names), seed=number_seed, dealer=g % len(names)), bots)
        yield json.dumps(_record(state, g + 1, bots), separators=(",", ":")) + "\n", state.winner


def _games_task(task: tuple[dict[str, Any], tuple[str, ...], int, int, int]) -> list[tuple[str, str | None]]:
    """One task of a distributed simulation: a range of games, each one's line and winner (the
    rules travel as their dict: a GutsRules holds evaluators, which do not pickle)."""
    rules, names, seed, first, stop = task
    return list(_play_games(GutsRules.from_dict(rules), names, seed, first, stop))


def simulate(game: str, *, players: int, count: int, seed: int, out: TextIO,
             rules: GutsRules | Mapping[str, Any] | None = None,
             progress: Callable[[int], object] | None = None, client: Any = None) -> Summary:
    """Bots play ``count`` complete games of ``game``; one JSON line per game on ``out``.

    Each record is a replayable history (:func:`replay`; cards as text such as ``"3h Kc Kd"``,
    hand values with their descriptions) with ``rules``, ``players`` (``Bot 1``, ``Bot 2``,
    ...), ``events``, the ``bots`` and ``result = {"winner", "legs", "balances", "end",
    "rounds", "pot"}``; ``winner`` is None when a game hits the round cap. The same seed writes
    the same bytes. Returns the :class:`~wildeval.games.Summary`: games written, and each
    player's games won (with ``"no winner"`` if some games had none).

    ``rules``: the table's settings (see :func:`table_rules`; default the preset's); every record
    holds the rules it was played by. ``progress``, if given, is called with 1 after each game.

    Game ``g`` (from 0) is seeded by :func:`game_seed` ``(seed, g)`` and dealt by seat
    ``g % players``, so games are independent of each other. ``client`` (a
    ``distributed.Client``) plays ranges of 200 games as tasks on a Dask cluster and writes each
    game's line here, in game order, as soon as it and all before it are in (at most a few
    ranges per worker are held at once): the same bytes as without ``client``. ``progress`` is
    then called with each range's games as it ends. Each record is written with one
    ``out.write`` call, so an interruption leaves whole records behind.
    """
    rules, n = _rules_and_players(game, players, rules)
    count = _check_int("count (games)", count, 0)
    seed = _check_int("seed", seed, -(2**63))
    names = tuple(f"Bot {i + 1}" for i in range(n))
    wins = dict.fromkeys(names, 0)
    no_winner = 0
    if client is None:
        played: Iterator[tuple[str, str | None]] = _play_games(rules, names, seed, 0, count)
        step: Callable[[int], object] | None = progress
    else:
        from wildeval.dask import map_ordered

        settings = rules.to_dict()
        tasks = [(settings, names, seed, first, min(first + _GAMES_PER_TASK, count))
                 for first in range(0, count, _GAMES_PER_TASK)]
        done = None if progress is None else (lambda task: progress(task[4] - task[3]))
        played = (game for part in map_ordered(client, _games_task, tasks, progress=done) for game in part)
        step = None
    for line, winner in played:
        out.write(line)
        if step is not None:
            step(1)
        if winner is None:
            no_winner += 1
        else:
            wins[winner] += 1
    result: dict[str, int] = dict(wins)
    if no_winner:
        result["no winner"] = no_winner
    return Summary(played=count, unit="games", wins=result)


# -- the terminal game --------------------------------------------------------------------------


def _does(player: str, verb: str, you: str) -> str:
    """``"Bot 1 pays"`` but ``"You pay"``."""
    if player != you:
        return f"{player} {verb}"
    return f"{player} " + {"pays": "pay", "takes": "take", "wins": "win", "stays": "stay"}.get(verb, verb)


def _names_line(values: Mapping[str, int], fmt: str = "{}") -> str:
    return ", ".join(f"{p} {fmt.format(v)}" for p, v in values.items())


class _Terminal:
    def __init__(self, stdin: TextIO, stdout: TextIO) -> None:
        self.stdin = stdin
        self.stdout = stdout

    def say(self, text: str = "") -> None:
        self.stdout.write(text + "\n")
        self.stdout.flush()

    def ask(self, prompt: str) -> str | None:
        """A line of input, or None at the end of input."""
        self.stdout.write(prompt)
        self.stdout.flush()
        line = self.stdin.readline()
        if not line:
            self.say()
            return None
        if not self.stdin.isatty():  # from a pipe: show the answer, so the transcript reads well
            self.say(line.strip())
        return line.strip().lower()


def _tens(text: str, unicode: bool) -> str:
    """A description with the ten written as the cards show it: ``T`` beside ``Th``, ``10``
    beside ``10♥``.

    >>> _tens("Flush, A-T-9-5-2", True), _tens("Three tens", True), _tens("T-8-7", False)
    ('Flush, A-10-9-5-2', 'Three tens', 'T-8-7')
    """
    return re.sub(r"(?<![A-Za-z0-9])T(?![A-Za-z0-9])", "10", text) if unicode else text


def _describe(game: GutsGame, stage: int, cards: Sequence[int], unicode: bool = False) -> str:
    ev = game.rules.evaluator(stage)
    return _tens(ev.describe(ev(list(cards))), unicode)


def _settings_line(rules: GutsRules) -> str:
    """The settings a group agrees before play, as one line."""
    declare = "in turn from the dealer's left" if rules.declaration == "in_turn" else "all at once"
    if rules.payment == "pot_to_each_winner":
        pay = "each loser pays every best hand the pot"
    else:
        pay = "the lowest hand pays the highest the pot"
    money = "a running tab" if rules.stack is None else f"table stakes, {rules.stack} chips each"
    cap = "" if rules.max_payment is None else f", no payment over {rules.max_payment}"
    three = "; three cards ranked as in three-card poker" if rules.three_card_ranking == "three_card_poker" and any(
        st.cards == 3 and st.ranking == "high" for st in rules.stages) else ""
    return f"Ante {rules.ante}; declare {declare}; {pay}; {money}{cap}{three}."


def _risk_line(game: GutsGame, you: str) -> str:
    """What staying in risks now: the payment a losing hand makes at this stage."""
    rules = game.rules
    amount = game.pot if rules.max_payment is None else min(game.pot, rules.max_payment)
    chips = None if rules.stack is None else rules.stack + game.balances[you]
    if chips is not None and chips < amount:
        capped = f" (you have {chips} chips: at most {chips} in all)"
    elif chips is not None:
        capped = f" (at most your {chips} chips in all)"
    else:
        capped = ""
    if rules.payment == "pot_to_each_winner":
        return (f"Staying in risks {amount} to each hand that beats yours and is best "
                f"({amount} if one wins, {2 * amount} if two tie for best){capped}; alone in, you take a leg.")
    return (f"Staying in risks {amount}: only the lowest hand of those in pays, {amount} to the best{capped}; "
            f"alone in, you win the stage.")


def _show_table(term: _Terminal, game: GutsGame, you: str) -> None:
    view = game.view(you)
    rules = game.rules
    term.say(f"--- Round {view.round}, stage {view.stage} of {len(rules.stages)}: {view.stage_label} "
             f"(dealer {view.dealer}) ---")
    if rules.win_by == "legs":
        term.say(f"Pot {view.pot}. Legs: {_names_line(view.legs)} ({rules.goal_label()}).")
    else:
        term.say(f"Pot {view.pot}. Streaks: {_names_line(view.streaks)} ({rules.goal_label()}).")
    term.say(f"Balances: {_names_line(view.balances, '{:+d}')}.")
    if view.chips is not None:
        term.say(f"Chips: {_names_line(view.chips)}.")



class _Session:
    """A person at the table: the games played so far, the one being played, the history."""

    def __init__(self, game: str, players: int, seed: int | None, stdin: TextIO, stdout: TextIO,
                 history: TextIO | None, unicode: bool | None,
                 rules: GutsRules | Mapping[str, Any] | None = None) -> None:
        self.rules, n = _rules_and_players(game, players, rules)
        if seed is None:
            seed = random.Random().getrandbits(32)
        self.seed = _check_int("seed", seed, -(2**63))
        self.term = _Terminal(stdin, stdout)
        self.unicode = stream_shows_suits(stdout) if unicode is None else bool(unicode)
        self.history = history
        self.you = "You"
        self.names = [self.you] + [f"Bot {i}" for i in range(1, n)]
        self.totals = dict.fromkeys(self.names, 0)  # net chips over the finished games
        self.finished = 0
        self.state: GutsGame | None = None  # the game being played
        self.bots: dict[str, Bot] = {}

    def hand(self, cards: Sequence[int]) -> str:
        return format_hand(cards, unicode=self.unicode)

    def write_history(self, state: GutsGame) -> None:
        if self.history is not None:
            _write(self.history, _record(state, self.finished + 1, self.bots))
            self.history.flush()

    def run(self) -> int:
        rules, term, you = self.rules, self.term, self.you
        table = StrengthTable()
        master = random.Random(self.seed)
        term.say(f"{rules.name}: {rules.goal_label()}; ante {rules.ante}; seed {self.seed}.")
        term.say("Stages: " + "; ".join(rules.stage_label(i) for i in range(len(rules.stages))) + ".")
        term.say(_settings_line(rules))
        while True:
            game_seed = master.getrandbits(63)
            self.bots = {p: ThresholdBot(table) for p in self.names[1:]}
            state = GutsGame(rules, self.names, seed=game_seed, dealer=self.finished % len(self.names))
            self.state = state
            if not self.play_game(state):
                self.leave()
                return 0
            self.write_history(state)
            self.finished += 1
            self.state = None
            for p, b in state.balances.items():
                self.totals[p] += b
            if state.winner is not None:
                pot = state.events[-1]["pot"]
                term.say(f"*** {_does(state.winner, 'wins', you)} the pot of {pot} ({rules.goal_label()}). ***")
            else:
                term.say(f"*** The game ends without a winner: {state.end_reason}; the antes go back. ***")
            term.say("Legs: " + _names_line(state.legs) + ".")
            term.say("Balances: " + _names_line(state.balances, "{:+d}") + ".")
            plural = "" if self.finished == 1 else "s"
            term.say(f"Session total after {self.finished} game{plural}: {_names_line(self.totals, '{:+d}')}.")
            answer = term.ask("Another game? [y/N]: ")
            if answer not in ("y", "yes"):
                self.leave()
                return 0

    def play_game(self, state: GutsGame) -> bool:
        """Play ``state`` to its end: True, or False if the person quits (or input ends)."""
        rules, term, you = self.rules, self.term, self.you
        while not state.over:
            if state.phase is Phase.DEAL and state.stage == 0:
                _show_table(term, state, you)
            if state.phase is not Phase.DECLARE:
                was_settle = state.phase is Phase.SETTLE
                before = dict(state.balances)
                state.apply(Advance())
                if was_settle:
                    self.show_settlement(state, before)
                continue
            if state.stage > 0 and state.waiting_for() == state.declaration_order():
                term.say(f"--- Stage {state.stage + 1}: {rules.stage_label(state.stage)}; pot {state.pot} ---")
            due = _due(state)
            bot_due = [p for p in due if p != you]
            if bot_due:  # bots act first when they may (in turn: only the one due)
                p = bot_due[0]
                state.apply(Declare(p, ask_bot(state, p, self.bots[p])))
                continue
            if Declare(you, True) not in state.legal_actions():
                term.say("You have no chips left to stake: you are out at this stage.")
                state.apply(Declare(you, False))
                continue
            choice = self.ask_declaration(state)
            if choice is None:
                return False
            state.apply(Declare(you, choice))
        return True

    def leave(self) -> None:
        """The person leaves: the session's balances (and the unfinished game into the history)."""
        state = self.state
        if state is not None and state.events and not state.over:
            try:  # only a history that replays (an interrupt may have stopped a step halfway)
                replay(state.history())
            except ValueError:
                pass
            else:
                self.write_history(state)
        net = dict(self.totals)
        games = self.finished
        note = ""
        if state is not None and state.events:
            games += 1
            for p, b in state.balances.items():
                net[p] += b
            if not state.over:
                note = f" (the last unfinished: its pot of {state.pot} stays on the table)"
        self.state = None
        plural = "" if games == 1 else "s"
        self.term.say(f"Leaving the table after {games} game{plural}{note}.")
        self.term.say(f"Balances: {_names_line(net, '{:+d}')}.")
        if state is not None and self.rules.stack is not None:
            self.term.say(f"Chips left: {_names_line({p: self.rules.stack + b for p, b in state.balances.items()})}.")

    def show_settlement(self, game: GutsGame, before: Mapping[str, int] | None = None) -> None:
        """The stage's outcome: who was in, the hands shown, each payment with the balances of
        the two players after it (``before``: every balance as the settlement began), and then
        every balance."""
        term, you = self.term, self.you
        running = dict(before if before is not None else game.balances)
        view = game.view(you)
        if not view.settlements:
            return
        e = view.settlements[-1]
        stage = int(e["stage"]) - 1
        ins = list(e["in"])
        if not ins:
            term.say("Nobody stayed in.")
        elif len(ins) == 1:
            if game.rules.win_by == "legs":
                term.say(f"{ins[0]} stayed in alone: {_does(ins[0], 'takes', you)} a leg ({view.legs[ins[0]]}).")
            else:  # the onlinepoker version counts stage wins in a row
                term.say(f"{ins[0]} stayed in alone: {_does(ins[0], 'wins', you)} the stage "
                         f"(a streak of {view.streaks[ins[0]]}).")
        else:
            term.say(f"In: {', '.join(ins)}.")
            hands = e.get("hands")
            if hands is None:
                term.say("(You were out: their hands are compared privately.)")
            else:
                for p in ins:
                    term.say(f"  {p}: {self.hand(hands[p])} - {_describe(game, stage, hands[p], self.unicode)}")
            winners = list(e["winners"])
            term.say(("Winner: " if len(winners) == 1 else "Tied best: ") + ", ".join(winners) + ".")
            for pay in e["payments"]:
                payer, payee, amount = pay["from"], pay["to"], int(pay["amount"])
                running[payer] -= amount
                running[payee] += amount
                term.say(f"  {_does(payer, 'pays', you)} {payee} {amount}: balances {payer} {running[payer]:+d}, "
                         f"{payee} {running[payee]:+d}.")
            if not e["payments"]:
                term.say("  Nobody pays.")
            term.say(f"Balances: {_names_line(running, '{:+d}')}.")
            if game.rules.stack is not None:
                term.say(f"Chips: {_names_line({p: game.rules.stack + b for p, b in running.items()})}.")
        if e.get("streaks") and game.rules.win_by == "streak":
            term.say(f"Streak: {_names_line(e['streaks'])}.")

    def ask_declaration(self, game: GutsGame) -> bool | None:
        term, you = self.term, self.you
        view = game.view(you)
        stage = view.stage - 1
        others = {p: v for p, v in view.declared.items() if p != you}
        if others:
            term.say("Declared: " + ", ".join(f"{p} {'in' if v else 'out'}" for p, v in others.items()) + ".")
        elif game.rules.declaration == "simultaneous":
            term.say("Everyone declares at once; the others' choices are revealed together.")
        term.say(f"Your cards: {self.hand(view.cards)} - {_describe(game, stage, view.cards, self.unicode)}")
        term.say(_risk_line(game, you))
        while True:
            answer = term.ask("In or out? [i]n, [o]ut, [q]uit: ")
            if answer is None or answer in ("q", "quit"):
                return None
            if answer in ("i", "in", "y"):
                return True
            if answer in ("o", "out", "n"):
                return False
            if answer in ("h", "help", "?"):
                self.help(game)
                continue
            term.say("Please answer i (in), o (out) or q (quit). (h: help)")


    def help(self, game: GutsGame) -> None:
        rules, say = game.rules, self.term.say
        say(f"{rules.name}: {rules.goal_label()}. This stage: {rules.stage_label(game.stage)}.")
        if rules.payment == "pot_to_each_winner":
            say("Alone in: you take a leg. Several in: each who loses pays every best hand the pot.")
        else:
            say("Alone in: a stage win. Several in: the lowest hand pays the highest the pot.")
        say("Answer i to stay in, o to drop out, q to leave the table (your balances are shown).")

def play(game: str, *, players: int, seed: int | None, stdin: TextIO, stdout: TextIO,
         history: TextIO | None = None, unicode: bool | None = None,
         rules: GutsRules | Mapping[str, Any] | None = None) -> int:
    """Play ``game`` in the terminal, as ``You``, against ``players - 1`` bots (``Bot 1``, ...);
    returns 0 (130 after Ctrl-C).

    Reads answers line by line, so it also runs from a pipe; the end of input, ``q``, or no to
    another game ends the session cleanly and shows each player's net chips over the session.
    Without a seed one is drawn (and shown, to replay the same deals). ``history`` (a text
    stream) receives each game as it ends, as one JSON line in the format :func:`simulate`
    writes (flushed), and also the unfinished game if the person leaves in the middle of one
    (its ``result`` then has ``"end": null``; :func:`replay` accepts it). ``unicode`` shows the
    cards with suit symbols (``3♥ K♣``) or as ``3h Kc``; None: symbols only if ``stdout`` can
    encode them; a description writes the ten as the cards do (``10`` or ``T``). ``rules``: the
    table's settings, as for :func:`simulate`.

    After every payment the payer's and the receiver's balances are shown, and every balance
    after each stage; at each declaration, what staying in risks; after each game, the session's
    total so far.
    """
    session = _Session(game, players, seed, stdin, stdout, history, unicode, rules)
    try:
        return session.run()
    except BrokenPipeError:  # the reader went away (``| head``): nothing more to say
        return 0
    except KeyboardInterrupt:
        try:
            stdout.write("\nInterrupted.\n")
            session.leave()
        except (BrokenPipeError, KeyboardInterrupt):
            pass
        return 130
