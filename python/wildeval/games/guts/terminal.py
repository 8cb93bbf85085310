"""Guts at the terminal: a person (``You``) against threshold bots, game after game.

:func:`play` runs the session that ``wildeval play GAME`` starts, on the table layer's
:class:`~wildeval.games.table.Terminal` (line by line, so it also runs from a pipe). The person
reads the agreed settings, what staying in risks at each declaration, every payment with both
balances, every balance after each stage, and the session's total after each game.

>>> import io
>>> out = io.StringIO()
>>> play("napalm", players=2, seed=3, stdin=io.StringIO("o\\nq\\n"), stdout=out, unicode=False)
0
>>> print(out.getvalue().splitlines()[0])
napalm: first to 5 legs; seed 3.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, TextIO

from wildeval.games.guts.bots import Bot, StrengthTable, ask_bot, bot_kinds, due, seat_bots
from wildeval.games.guts.engine import GutsGame
from wildeval.games.guts.history import game_record
from wildeval.games.guts.replaying import replay
from wildeval.games.guts.rules import GutsRules
from wildeval.games.guts.simulation import check_int, rules_and_players
from wildeval.games.guts.state import Advance, Declare, Phase
from wildeval.games.table import Terminal, does, guarded, write_record
from wildeval.seeds import python_random

__all__ = ["play"]


def _names_line(values: Mapping[str, int], fmt: str = "{}") -> str:
    return ", ".join(f"{p} {fmt.format(v)}" for p, v in values.items())


def _describe(game: GutsGame, stage: int, cards: Sequence[int]) -> str:
    ev = game.rules.evaluator(stage)
    return ev.describe(ev(list(cards)))


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
    """What staying in risks now: the payment a losing hand makes at this stage, given the
    declarations ``you`` can see (in turn: everyone else out means no risk; anyone in means
    no leg for staying in alone)."""
    rules = game.rules
    view = game.view(you)
    others = [p for p in view.seated if p != you]
    ins = [p for p in others if view.declared.get(p) is True]
    undecided = [p for p in others if p not in view.declared]
    alone = "you take a leg" if rules.payment == "pot_to_each_winner" else "you win the stage"
    if not ins and not undecided:
        return f"Everyone else is out: staying in risks nothing, and alone in, {alone}."
    amount = game.pot if rules.max_payment is None else min(game.pot, rules.max_payment)
    chips = None if rules.stack is None else rules.stack + game.balances[you]
    if chips is not None and chips < amount:
        capped = f" (you have {chips} chips: at most {chips} in all)"
    elif chips is not None:
        capped = f" (at most your {chips} chips in all)"
    else:
        capped = ""
    tail = f"; alone in, {alone}." if not ins else f"; {_are(ins)} already in, so you cannot be alone in."
    if rules.payment == "pot_to_each_winner":
        tie = f" ({amount} if one wins, {2 * amount} if two tie for best)" if len(ins) + len(undecided) > 1 else ""
        return f"Staying in risks {amount} to each hand that beats yours and is best{tie}{capped}{tail}"
    return f"Staying in risks {amount}: only the lowest hand of those in pays, {amount} to the best{capped}{tail}"


def _are(players: Sequence[str]) -> str:
    """Players as the subject of "are".

    >>> _are(["Bot 1"]), _are(["Bot 1", "Bot 2", "Bot 3"])
    ('Bot 1 is', 'Bot 1, Bot 2 and Bot 3 are')
    """
    if len(players) == 1:
        return f"{players[0]} is"
    return ", ".join(players[:-1]) + f" and {players[-1]} are"


def _show_table(term: Terminal, game: GutsGame, you: str) -> None:
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
                 rules: GutsRules | Mapping[str, Any] | None = None,
                 bots: str | Sequence[str] | None = None, strategy: object = None) -> None:
        self.rules, n = rules_and_players(game, players, rules)
        self.kinds = ["threshold"] * (n - 1) if bots is None else bot_kinds(bots, n - 1)
        self.strategy = strategy
        if "solver" in self.kinds and strategy is None:
            from wildeval.games.guts.solver.shipped import strategy_for  # the solver plays these games

            self.strategy = strategy_for(self.rules, n)
        if seed is None:
            seed = random.Random().getrandbits(32)
        self.seed = check_int("seed", seed, -(2**63))
        self.term = Terminal(stdin, stdout, unicode=unicode, transcript=True)
        self.unicode = self.term.unicode
        self.history = history
        self.you = "You"
        self.names = [self.you] + [f"Bot {i}" for i in range(1, n)]
        self.totals = dict.fromkeys(self.names, 0)  # net chips over the finished games
        self.finished = 0
        self.state: GutsGame | None = None  # the game being played
        self.bots: dict[str, Bot] = {}

    def hand(self, cards: Sequence[int]) -> str:
        return self.term.cards(cards)

    def write_history(self, state: GutsGame) -> None:
        if self.history is not None:
            write_record(self.history, game_record(state, self.finished + 1, self.bots), flush=True)

    def run(self) -> int:
        rules, term, you = self.rules, self.term, self.you
        table = StrengthTable()
        master = python_random(self.seed)
        term.say(f"{rules.name}: {rules.goal_label()}; seed {self.seed}.")  # the ante: in the settings line
        term.say("Stages: " + "; ".join(rules.stage_label(i) for i in range(len(rules.stages))) + ".")
        term.say(_settings_line(rules))
        while True:
            game_seed = master.getrandbits(63)
            self.bots = seat_bots(self.names[1:], self.kinds, game_seed, table, self.strategy)
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
                term.say(f"*** {does(state.winner, 'wins', you=you)} the pot of {pot} ({rules.goal_label()}). ***")
            else:
                term.say(f"*** The game ends without a winner: {state.end_reason}; the antes go back. ***")
            term.say("Legs: " + _names_line(state.legs) + ".")
            term.say("Balances: " + _names_line(state.balances, "{:+d}") + ".")
            plural = "" if self.finished == 1 else "s"
            term.say(f"Session total after {self.finished} game{plural}: {_names_line(self.totals, '{:+d}')}.")
            if not self.another_game():
                self.leave()
                return 0

    def another_game(self) -> bool:
        """Ask for another game until the answer is yes or no (Enter or the end of input: no)."""
        while True:
            answer = self.term.ask("Another game? [y/N]: ")
            if answer is None or answer.strip().lower() in ("", "n", "no", "q", "quit"):
                return False
            if answer.strip().lower() in ("y", "yes"):
                return True
            if self.term.wants_help(answer):
                self.term.say("Answer y for another game; n or Enter to leave the table with your balances.")
                continue
            self.term.say("Please answer y (another game) or n (leave the table).")

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
            bot_due = [p for p in due(state) if p != you]
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
            for p, b in state.balances.items():
                net[p] += b
            if state.over:
                games += 1
            else:
                note = f", in the middle of one (its pot of {state.pot} stays on the table)"
        self.state = None
        plural = "" if games == 1 else "s"
        self.term.say(f"Leaving the table after {games} finished game{plural}{note}.")
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
                term.say(f"{ins[0]} stayed in alone: {does(ins[0], 'takes', you=you)} a leg ({view.legs[ins[0]]}).")
            else:  # the onlinepoker version counts stage wins in a row
                term.say(f"{ins[0]} stayed in alone: {does(ins[0], 'wins', you=you)} the stage "
                         f"(a streak of {view.streaks[ins[0]]}).")
        else:
            term.say(f"In: {', '.join(ins)}.")
            hands = e.get("hands")
            if hands is None:
                term.say("(You were out: their hands are compared privately.)")
            else:
                for p in ins:
                    term.say(f"  {p}: {self.hand(hands[p])} - {_describe(game, stage, hands[p])}")
            winners = list(e["winners"])
            term.say(("Winner: " if len(winners) == 1 else "Tied best: ") + ", ".join(winners) + ".")
            for pay in e["payments"]:
                payer, payee, amount = pay["from"], pay["to"], int(pay["amount"])
                running[payer] -= amount
                running[payee] += amount
                term.say(f"  {does(payer, 'pays', you=you)} {payee} {amount}: balances {payer} {running[payer]:+d}, "
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
        term.say(f"Your cards: {self.hand(view.cards)} - {_describe(game, stage, view.cards)}")
        term.say(_risk_line(game, you))
        while True:
            answer = term.ask("In or out? [i]n, [o]ut, [q]uit: ")
            if answer is None:
                return None
            answer = answer.lower()
            if answer in ("i", "in", "y"):
                return True
            if answer in ("o", "out", "n"):
                return False
            if term.wants_help(answer):
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
         rules: GutsRules | Mapping[str, Any] | None = None, bots: str | Sequence[str] | None = None,
         strategy: object = None) -> int:
    """Play ``game`` in the terminal, as ``You``, against ``players - 1`` bots (``Bot 1``, ...);
    returns 0 (130 after Ctrl-C).

    Reads answers line by line, so it also runs from a pipe; the end of input, ``q``, or no to
    another game ends the session cleanly and shows each player's net chips over the session.
    Without a seed one is drawn (and shown, to replay the same deals). ``history`` (a text
    stream) receives each game as it ends, as one JSON line in the format :func:`simulate`
    writes (flushed), and also the unfinished game if the person leaves in the middle of one
    (its ``result`` then has ``"end": null``; :func:`replay` accepts it). ``unicode`` shows the
    cards with suit symbols (``3♥ K♣``) or as ``3h Kc``; None: symbols only if ``stdout`` can
    encode them; the ten is ``T`` either way, in cards and descriptions. ``rules``: the
    table's settings, as for :func:`simulate`. ``bots``: the bots' kinds, one for all or one per
    bot (:func:`~wildeval.games.guts.bots.bot_kinds`; default threshold bots); a solver bot
    plays the strategy shipped for the table (a preset's own rules), else one solved before the
    first deal (or ``strategy``, one solved for this table).

    After every payment the payer's and the receiver's balances are shown, and every balance
    after each stage; at each declaration, what staying in risks; after each game, the session's
    total so far.
    """
    session = _Session(game, players, seed, stdin, stdout, history, unicode, rules, bots, strategy)
    return guarded(session.run, stdout, session.leave)
