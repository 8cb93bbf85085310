"""Guts games with legs: Three Five Seven, Crazy 3-5-7, the onlinepoker.net version, and Napalm.

One engine driven by rules data (see docs/guts.md for the rule decisions):

- :mod:`wildeval.games.guts_rules`: :class:`GutsRules`, :class:`Stage`, the :data:`PRESETS`;
- :mod:`wildeval.games.guts_engine`: :class:`GutsGame`, the state machine, its actions,
  per-player views, the ledger, JSON histories and :func:`replay`;
- :mod:`wildeval.games.guts_bots`: :class:`RandomBot`, :class:`ThresholdBot`;
- here: :func:`simulate` and :func:`play`, which ``wildeval simulate`` and ``wildeval play`` call.

>>> import io, json
>>> out = io.StringIO()
>>> simulate("three-five-seven", players=3, count=2, seed=7, out=out)
>>> records = [json.loads(line) for line in out.getvalue().splitlines()]
>>> len(records), sorted(records[0]["result"]) == ["balances", "end", "legs", "pot", "rounds", "winner"]
(2, True)
>>> all(sum(r["result"]["balances"].values()) == 0 for r in records)
True
>>> replay(records[0]).result() == records[0]["result"]
True
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from typing import TextIO

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
    "play_bots",
    "preset",
    "replay",
    "simulate",
]


def _check_int(name: str, value: object, low: int, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{name} must be an int, not {value!r}")
    if value < low or (high is not None and value > high):
        span = f"{low} to {high}" if high is not None else f"at least {low}"
        raise ValueError(f"{name} must be {span}, not {value}")
    return value


def _rules_and_players(game: str, players: object) -> tuple[GutsRules, int]:
    rules = preset(game)
    n = _check_int(f"{game} players", players, MIN_PLAYERS, rules.max_players)
    return rules, n


def play_bots(game: GutsGame, bots: Mapping[str, Bot]) -> GutsGame:
    """Let ``bots`` (one per player) play ``game`` to its end; returns the game."""
    missing = [p for p in game.players if p not in bots]
    if missing:
        raise ValueError(f"no bot for {', '.join(missing)}")
    while not game.over:
        if game.phase is Phase.DECLARE:
            for p in [a.player for a in game.legal_actions() if isinstance(a, Declare) and a.stay_in]:
                game.apply(Declare(p, bool(bots[p].declare(game.view(p), game.rules))))
        else:
            game.apply(Advance())
    return game


def _table_bots(names: Sequence[str], seed: int, table: StrengthTable) -> dict[str, Bot]:
    """Even seats play threshold bots, odd seats random bots, each with its own generator."""
    bots: dict[str, Bot] = {}
    for i, name in enumerate(names):
        if i % 2 == 0:
            bots[name] = ThresholdBot(table)
        else:
            bots[name] = RandomBot(random.Random(f"{seed}/{name}"))
    return bots


def simulate(game: str, *, players: int, count: int, seed: int, out: TextIO) -> None:
    """Bots play ``count`` complete games of ``game``; one JSON line per game on ``out``.

    Each record is a replayable history (:func:`replay`) with ``rules``, ``players``,
    ``events``, the ``bots`` and ``result = {"winner", "legs", "balances", "end", "rounds",
    "pot"}``; ``winner`` is None when a game hits the round cap. The same seed writes the same
    bytes.
    """
    rules, n = _rules_and_players(game, players)
    count = _check_int("count (games)", count, 0)
    seed = _check_int("seed", seed, -(2**63))
    master = random.Random(seed)
    table = StrengthTable()
    names = [f"P{i + 1}" for i in range(n)]
    for g in range(count):
        game_seed = master.getrandbits(63)
        bots = _table_bots(names, game_seed, table)
        state = play_bots(GutsGame(rules, names, seed=game_seed, dealer=g % n), bots)
        record = state.history()
        record["game"] = g + 1
        record["bots"] = {p: bots[p].label for p in names}
        record["result"] = state.result()
        out.write(json.dumps(record, separators=(",", ":")) + "\n")


# -- the terminal game --------------------------------------------------------------------------


def _does(player: str, verb: str, you: str) -> str:
    """``"Bot1 pays"`` but ``"You pay"``."""
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


def _describe(game: GutsGame, stage: int, cards: Sequence[int]) -> str:
    ev = game.rules.evaluator(stage)
    return ev.describe(ev(list(cards)))


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


def _show_settlement(term: _Terminal, game: GutsGame, you: str) -> None:
    view = game.view(you)
    if not view.settlements:
        return
    e = view.settlements[-1]
    stage = int(e["stage"]) - 1
    ins = list(e["in"])
    if not ins:
        term.say("Nobody stayed in.")
    elif len(ins) == 1:
        term.say(f"{ins[0]} stayed in alone: {_does(ins[0], 'takes', you)} a leg ({view.legs[ins[0]]}).")
    else:
        term.say(f"In: {', '.join(ins)}.")
        hands = e.get("hands")
        if hands is None:
            term.say("(You were out: their hands are compared privately.)")
        else:
            for p in ins:
                term.say(f"  {p}: {format_hand(hands[p])} - {_describe(game, stage, hands[p])}")
        winners = list(e["winners"])
        term.say(("Winner: " if len(winners) == 1 else "Tied best: ") + ", ".join(winners) + ".")
        for pay in e["payments"]:
            term.say(f"  {_does(pay['from'], 'pays', you)} {pay['to']} {pay['amount']}.")
        if not e["payments"]:
            term.say("  Nobody pays.")
    if e.get("streaks") and game.rules.win_by == "streak":
        term.say(f"Streak: {_names_line(e['streaks'])}.")


def _ask_declaration(term: _Terminal, game: GutsGame, you: str) -> bool | None:
    view = game.view(you)
    stage = view.stage - 1
    others = {p: v for p, v in view.declared.items() if p != you}
    if others:
        term.say("Declared: " + ", ".join(f"{p} {'in' if v else 'out'}" for p, v in others.items()) + ".")
    elif game.rules.declaration == "simultaneous":
        term.say("Everyone declares at once; the others' choices are revealed together.")
    term.say(f"Your cards: {format_hand(view.cards)} - {_describe(game, stage, view.cards)}")
    while True:
        answer = term.ask("In or out? [i]n, [o]ut, [q]uit: ")
        if answer is None or answer in ("q", "quit"):
            return None
        if answer in ("i", "in", "y"):
            return True
        if answer in ("o", "out", "n"):
            return False
        term.say("Please answer i (in), o (out) or q (quit).")


def play(game: str, *, players: int, seed: int | None, stdin: TextIO, stdout: TextIO) -> int:
    """Play ``game`` in the terminal against ``players - 1`` bots; returns 0.

    Reads answers line by line, so it also runs from a pipe; the end of input, or ``q``, ends
    the session cleanly. Without a seed one is drawn (and shown, to replay the same deals).
    """
    try:
        return _play(game, players=players, seed=seed, stdin=stdin, stdout=stdout)
    except BrokenPipeError:  # the reader went away (``| head``): nothing more to say
        return 0
    except KeyboardInterrupt:
        stdout.write("\nInterrupted.\n")
        return 130


def _play(game: str, *, players: int, seed: int | None, stdin: TextIO, stdout: TextIO) -> int:
    rules, n = _rules_and_players(game, players)
    if seed is None:
        seed = random.Random().getrandbits(32)
    seed = _check_int("seed", seed, -(2**63))
    term = _Terminal(stdin, stdout)
    you = "You"
    names = [you] + [f"Bot{i}" for i in range(1, n)]
    table = StrengthTable()
    master = random.Random(seed)
    term.say(f"{rules.name}: {rules.goal_label()}; ante {rules.ante}; seed {seed}.")
    term.say("Stages: " + "; ".join(rules.stage_label(i) for i in range(len(rules.stages))) + ".")
    number = 0
    while True:
        number += 1
        game_seed = master.getrandbits(63)
        bots = {p: ThresholdBot(table) for p in names[1:]}
        state = GutsGame(rules, names, seed=game_seed, dealer=(number - 1) % n)
        quit_now = False
        while not state.over:
            if state.phase is Phase.DEAL and state.stage == 0:
                _show_table(term, state, you)
            if state.phase is not Phase.DECLARE:
                was_settle = state.phase is Phase.SETTLE
                state.apply(Advance())
                if was_settle:
                    _show_settlement(term, state, you)
                continue
            if state.stage > 0 and state.waiting_for() == state.declaration_order():
                term.say(f"--- Stage {state.stage + 1}: {rules.stage_label(state.stage)}; pot {state.pot} ---")
            due = [a.player for a in state.legal_actions() if isinstance(a, Declare) and a.stay_in]
            bot_due = [p for p in due if p != you]
            if bot_due:  # bots act first when they may (in turn: only the one due)
                p = bot_due[0]
                state.apply(Declare(p, bots[p].declare(state.view(p), rules)))
                continue
            choice = _ask_declaration(term, state, you)
            if choice is None:
                quit_now = True
                break
            state.apply(Declare(you, choice))
        if quit_now:
            term.say("Leaving the table. Balances: "
                     + _names_line(state.balances, "{:+d}") + f"; pot {state.pot}.")
            return 0
        if state.winner is not None:
            pot = state.events[-1]["pot"]
            term.say(f"*** {_does(state.winner, 'wins', you)} the pot of {pot} ({rules.goal_label()}). ***")
        else:
            term.say(f"*** The game ends without a winner: {state.end_reason}; the antes go back. ***")
        term.say("Legs: " + _names_line(state.legs) + ".")
        term.say("Balances: " + _names_line(state.balances, "{:+d}") + ".")
        answer = term.ask("Another game? [y/N]: ")
        if answer not in ("y", "yes"):
            return 0

