"""Bots for the legs guts games: a random bot, and a threshold bot that uses the evaluator.

A bot sees only a :class:`~wildeval.games.guts.state.PlayerView` (its own cards, what is
public, the rules, its legal actions), never the game itself. It speaks the words of every game's
bots (:class:`Bot`): ``choose(view)`` returns its player's action, ``Declare(view.player, True)``
to stay in or ``Declare(view.player, False)`` to go out. The old form, ``declare(view, rules)``
returning True or False (:class:`DeclaringBot`), is still accepted wherever a bot is.
:func:`play_bots` lets bots play a game to its end, asking each through :func:`ask_bot`, which
turns a failing bot into a :class:`~wildeval.games.BotError`.

>>> from wildeval.games.guts.engine import GutsGame
>>> from wildeval.games.guts.rules import preset
>>> class Bold:
...     label = "bold"
...     def choose(self, view: PlayerView) -> Declare:
...         return view.legal_actions[0]         # in, when the rules allow it
>>> class Shy:                                   # the old form
...     label = "shy"
...     def declare(self, view: PlayerView, rules: GutsRules) -> bool:
...         return False
>>> game = play_bots(GutsGame(preset("three-five-seven"), ["A", "B"], seed=3), {"A": Bold(), "B": Shy()})
>>> game.winner, game.legs
('A', {'A': 3, 'B': 0})

>>> table = StrengthTable(samples=2000, seed=1)
>>> rules = preset("three-five-seven")
>>> from wildeval.cards import parse_cards
>>> table.share(rules, 0, parse_cards("3h Kc Kd")) > 0.99     # three kings, threes wild
True
>>> table.share(rules, 0, parse_cards("2c 4d 6h")) < 0.05     # six high
True
"""

from __future__ import annotations

import bisect
import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Protocol

import numpy as np

import wildeval
from wildeval.games import BotError
from wildeval.games.guts.rules import GutsRules
from wildeval.games.guts.state import Declare, PlayerView, view_of
from wildeval.sampling import random_hands

if TYPE_CHECKING:
    from wildeval.games.guts.engine import GutsGame

__all__ = ["AnyBot", "BOT_KINDS", "Bot", "DeclaringBot", "RandomBot", "StrengthTable", "ThresholdBot", "ask_bot",
           "bot_kinds", "due", "play_bots", "seat_bots", "table_bots"]


class Bot(Protocol):
    """A bot in the words every game's bots speak: ``choose(view)`` returns the action of
    ``view.player``, one of ``view.legal_actions``: ``Declare(view.player, True)`` (in) or
    ``Declare(view.player, False)`` (out); plain True or False is taken as the same. ``label``
    names the bot's kind in records."""

    @property
    def label(self) -> str: ...

    def choose(self, view: PlayerView) -> Declare: ...


class DeclaringBot(Protocol):
    """The old form of a guts bot, still accepted wherever a bot is: ``declare(view, rules)``
    returns True (in) or False (out). A bot with a ``choose`` is asked that instead."""

    @property
    def label(self) -> str: ...

    def declare(self, view: PlayerView, rules: GutsRules) -> bool: ...


AnyBot = Bot | DeclaringBot
"""What :func:`play_bots`, :func:`ask_bot`, ``simulate`` and ``play`` accept as a bot."""


class StrengthTable:
    """The share of possible hands that a hand beats, per stage setting.

    For each setting (ranking, wild ranks, flush option, number of cards) it evaluates
    ``samples`` random hands once, from its own seed, keeps their values sorted and answers with
    two bisections: the share below the hand plus half the share equal to it. It holds only its
    own cache, so one table can serve every bot of a simulation.
    """

    def __init__(self, samples: int = 4000, seed: int = 20260928) -> None:
        if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
            raise ValueError(f"samples must be an int >= 1, not {samples!r}")
        self.samples = samples
        self.seed = seed
        self._sorted: dict[tuple[str, str | None, bool, int], list[int]] = {}
        # per rules object and stage: the rules (kept, so that their id stays theirs), the
        # stage's evaluator and card count, and the sorted values of its setting
        self._stages: dict[tuple[int, int], tuple[GutsRules, wildeval.Evaluator, int, list[int]]] = {}

    def _values(self, rules: GutsRules, stage: int) -> list[int]:
        ranking, wild = rules.evaluator_settings(stage)
        n = rules.stages[stage].cards
        key = (ranking, wild, rules.flush_duplicates, n)
        if key not in self._sorted:
            hands = random_hands(self.samples, n, seed=self.seed + n)
            self._sorted[key] = sorted(int(v) for v in rules.evaluator(stage).batch(hands))
        return self._sorted[key]

    def _stage(self, rules: GutsRules, stage: int) -> tuple[GutsRules, wildeval.Evaluator, int, list[int]]:
        found = self._stages.get((id(rules), stage))
        if found is None or found[0] is not rules:
            values = self._values(rules, stage)
            found = self._stages[id(rules), stage] = (
                rules, rules.evaluator(stage), rules.stages[stage].cards, values)
        return found

    def share(self, rules: GutsRules, stage: int, cards: Sequence[int]) -> float:
        """The share (0-1) of random hands of stage ``stage`` (0-based) that ``cards`` beat,
        ties counting half."""
        _, evaluate, n, values = self._stage(rules, stage)
        v = evaluate(list(cards[:n]))
        below = bisect.bisect_left(values, v)
        above = bisect.bisect_right(values, v)
        return (below + above) / (2 * len(values))


class RandomBot:
    """Declares in with probability ``p_in``, from its own random generator."""

    def __init__(self, rng: random.Random, p_in: float = 0.5) -> None:
        if not 0.0 <= p_in <= 1.0:
            raise ValueError(f"p_in must be between 0 and 1, not {p_in!r}")
        self.rng = rng
        self.p_in = p_in

    @property
    def label(self) -> str:
        return f"random({self.p_in:g})"

    def choose(self, view: PlayerView) -> Declare:
        return Declare(view.player, self.rng.random() < self.p_in)

    def declare(self, view: PlayerView, rules: GutsRules) -> bool:
        """The old form (:class:`DeclaringBot`): :meth:`choose`'s answer as True or False."""
        return self.rng.random() < self.p_in


class ThresholdBot:
    """Stays in when its hand beats at least ``share`` of the possible hands at this stage.

    With ``share=None`` the bar is ``1 - 1/k`` for ``k`` players dealt in (0.75 at four): about
    one player in ``k`` stays in, so often exactly one does and takes a leg, and games end.
    When the pot is won by a streak and this bot holds the running streak, its bar drops to
    ``streak_share`` (if lower): sitting out only lets someone else break the streak.
    """

    def __init__(self, table: StrengthTable, share: float | None = None, streak_share: float = 0.5) -> None:
        for name, value in (("share", share), ("streak_share", streak_share)):
            if value is not None and not 0.0 <= value <= 1.0:
                raise ValueError(f"{name} must be between 0 and 1, not {value!r}")
        self.table = table
        self.share = share
        self.streak_share = streak_share

    @property
    def label(self) -> str:
        return "threshold(1-1/players)" if self.share is None else f"threshold({self.share:g})"

    def bar(self, view: PlayerView, rules: GutsRules | None = None) -> float:
        """The share of hands this bot's hand must beat to stay in (under ``rules``; by default
        the view's)."""
        rules = view.rules if rules is None else rules
        bar = self.share if self.share is not None else 1.0 - 1.0 / max(2, len(view.seated))
        if rules.win_by == "streak" and view.streaks.get(view.player, 0) > 0:
            bar = min(bar, self.streak_share)
        return bar

    def choose(self, view: PlayerView) -> Declare:
        return Declare(view.player, self.declare(view, view.rules))

    def declare(self, view: PlayerView, rules: GutsRules) -> bool:
        """The old form (:class:`DeclaringBot`): :meth:`choose`'s answer as True or False."""
        strength = self.table.share(rules, view.stage - 1, view.cards)
        return strength >= self.bar(view, rules)


def table_bots(names: Sequence[str], seed: int, table: StrengthTable) -> dict[str, Bot]:
    """A simulation's bots: even seats play threshold bots, odd seats random bots, each with its
    own generator (seeded by ``seed`` and the player's name)."""
    bots: dict[str, Bot] = {}
    for i, name in enumerate(names):
        if i % 2 == 0:
            bots[name] = ThresholdBot(table)
        else:
            bots[name] = RandomBot(random.Random(f"{seed}/{name}"))
    return bots


BOT_KINDS = ("threshold", "random", "solver")
"""The bots a table can seat by name: :class:`ThresholdBot` (its default bar), :class:`RandomBot`
(in half the time) and :class:`~wildeval.games.guts.solver.SolverBot` (the solved strategy)."""


def bot_kinds(kinds: str | Sequence[str], seats: int) -> list[str]:
    """One bot kind per seat: ``kinds`` is one kind for every seat or one per seat, as a list or
    as text separated by commas (``"solver,threshold"``); ValueError naming what is wrong.

    >>> bot_kinds("solver", 3), bot_kinds("solver, random,threshold", 3)
    (['solver', 'solver', 'solver'], ['solver', 'random', 'threshold'])
    """
    given = [k.strip() for k in kinds.split(",")] if isinstance(kinds, str) else [str(k) for k in kinds]
    unknown = [k for k in given if k not in BOT_KINDS]
    if unknown:
        raise ValueError(f"unknown bot kind {unknown[0]!r}; the kinds are {', '.join(BOT_KINDS)}")
    if len(given) == 1:
        return given * seats
    if len(given) != seats:
        raise ValueError(f"{len(given)} bot kinds for {seats} bots: give one kind for all, or one for each")
    return given


def seat_bots(names: Sequence[str], kinds: Sequence[str], seed: int, table: StrengthTable,
              strategy: object = None) -> dict[str, Bot]:
    """Bots of ``kinds`` (:func:`bot_kinds`) for the players ``names``; a random bot's generator
    is seeded by ``seed`` and its player's name (as :func:`table_bots`' are), a solver bot plays
    ``strategy`` (a :class:`~wildeval.games.guts.solver.Strategy` for this table)."""
    bots: dict[str, Bot] = {}
    for name, kind in zip(names, kinds):
        if kind == "threshold":
            bots[name] = ThresholdBot(table)
        elif kind == "random":
            bots[name] = RandomBot(random.Random(f"{seed}/{name}"))
        else:
            from wildeval.games.guts.solver import SolverBot, Strategy  # the solver plays these games

            if not isinstance(strategy, Strategy):
                raise ValueError("a solver bot needs the table's solved strategy")
            bots[name] = SolverBot(strategy)
    return bots


def play_bots(game: GutsGame, bots: Mapping[str, AnyBot]) -> GutsGame:
    """Let ``bots`` (one per player) play ``game`` to its end; returns the game."""
    missing = [p for p in game.players if p not in bots]
    if missing:
        raise ValueError(f"no bot for {', '.join(missing)}")
    declare = {p: (Declare(p, False), Declare(p, True)) for p in game.players}  # made once, frozen
    apply = game.apply
    while not game.advance_to_decision().over:  # the table's steps, each always allowed
        for p in game.due():  # each may declare in unless at table stakes with no chips left
            apply(declare[p][game._can_stake(p) and _answer(game, p, bots[p])])
    return game


def due(game: GutsGame) -> list[str]:
    """The players whose declaration may be made now, in order (:meth:`GutsGame.due`)."""
    return game.due()


def ask_bot(game: GutsGame, player: str, bot: AnyBot) -> bool:
    """``bot``'s declaration for ``player``, True (in) or False (out): out without asking when out
    is all the rules allow (no chips left at table stakes); BotError if the bot raises or answers
    with anything but a declaration of ``player`` (or a bool). The game is not touched."""
    if not game.can(Declare(player, True)):
        return False
    return _answer(game, player, bot)


def _answer(game: GutsGame, player: str, bot: AnyBot) -> bool:
    """What ``bot`` declares for ``player``, who may declare either way now (:func:`ask_bot`):
    its ``choose(view)``, or in the old form its ``declare(view, rules)``."""
    try:
        choose = getattr(bot, "choose", None)
        answer: object = (choose(view_of(game, player)) if choose is not None
                          else bot.declare(view_of(game, player), game.rules))  # type: ignore[union-attr]
    except Exception as error:
        raise BotError(f"the bot of {player} ({_label(bot)}) failed: {type(error).__name__}: {error}") from error
    if isinstance(answer, Declare):
        if answer.player != player:
            raise BotError(f"the bot of {player} ({_label(bot)}) chose {answer!r}, a declaration of "
                           f"{answer.player!r}, not of {player}")
        answer = answer.stay_in
    if not isinstance(answer, (bool, np.bool_)):
        raise BotError(f"the bot of {player} ({_label(bot)}) declared {answer!r}, not True (in) or False (out)")
    return bool(answer)


def _label(bot: object) -> str:
    try:
        return str(bot.label)  # type: ignore[attr-defined]
    except Exception:
        return type(bot).__name__
