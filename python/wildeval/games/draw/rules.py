"""The rules of the draw games as data: a :class:`DrawRules` per game, and the table stakes.

A draw game is one preset: which ranking wins (``low27``: deuce-to-seven, ``low_a5``:
ace-to-five, ``badugi``), how many cards a hand holds, how many draws, the fixed-limit stakes,
the seats, the starting stack, and the PHH variant code if the Poker Hand History format has
one. The engine (:mod:`wildeval.games.draw.hand`), the bots, the histories and the terminal
read nothing else, so a new draw game is a new entry in :data:`PRESETS` (``docs/recipes/draw-game.md``).

>>> sorted(PRESETS)
['ace-to-five-triple-draw', 'badugi-triple-draw', 'deuce-to-seven-single-draw', 'deuce-to-seven-triple-draw']
>>> game = preset("deuce-to-seven-triple-draw")
>>> game.ranking, game.hand_size, game.draws, game.betting_rounds, game.phh_variant
('low27', 5, 3, 4, 'F2L3D')
>>> [game.bet_size(r) for r in range(game.betting_rounds)]
[2, 2, 4, 4]
>>> preset("ace-to-five-triple-draw").phh_variant is None
True
>>> badugi = preset("badugi-triple-draw")
>>> badugi.ranking, badugi.hand_size, badugi.max_players, badugi.phh_variant, badugi.stakes == game.stakes
('badugi', 4, 10, 'FB', True)
>>> preset("razz")
Traceback (most recent call last):
...
ValueError: unknown draw game 'razz'; choose one of deuce-to-seven-triple-draw, ace-to-five-triple-draw, deuce-to-seven-single-draw, badugi-triple-draw
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from functools import cache
from types import MappingProxyType
from typing import Any, Protocol

from wildeval.evaluator import CARD_COUNTS

__all__ = [
    "ACE_TO_FIVE_TRIPLE_DRAW",
    "BADUGI_TRIPLE_DRAW",
    "DECK_SIZE",
    "DEUCE_TO_SEVEN_SINGLE_DRAW",
    "DEUCE_TO_SEVEN_TRIPLE_DRAW",
    "DrawRules",
    "Evaluator",
    "PRESETS",
    "Rules",
    "evaluator",
    "low27",
    "preset",
    "roberts_rules",
]

DECK_SIZE = 52
LOW_RANKINGS = ("low27", "low_a5", "badugi")  # DrawRules.ranking: the lows a draw game is played for
BUTTONS = ("moving", "dead")  # DrawRules.button


def _int(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    return value


@dataclass(frozen=True)
class Rules:
    """Stakes and rule settings of a table (fixed limit).

    Defaults: blinds 1 and 2, small bet 2 (the first betting rounds), big bet 4 (the later
    ones; :meth:`DrawRules.bet_size` says which), a bet and three raises per round, no
    unlimited raising heads-up.

    >>> Rules().bet_size(0), Rules().bet_size(3)
    (2, 4)
    >>> Rules(small_blind=3, big_blind=2)
    Traceback (most recent call last):
    ...
    ValueError: the small blind (3) must be at most the big blind (2)
    """

    small_blind: int = 1
    big_blind: int = 2
    small_bet: int = 2
    big_bet: int = 4
    max_raises: int = 3
    heads_up_unlimited: bool = False

    def __post_init__(self) -> None:
        for name in ("small_blind", "big_blind", "small_bet", "big_bet", "max_raises"):
            _int(name, getattr(self, name))
        if not isinstance(self.heads_up_unlimited, bool):
            raise TypeError("heads_up_unlimited must be a bool")
        if self.small_blind < 0 or self.big_blind <= 0:
            raise ValueError("the big blind must be positive and the small blind not negative")
        if self.small_blind > self.big_blind:
            raise ValueError(
                f"the small blind ({self.small_blind}) must be at most the big blind ({self.big_blind})"
            )
        if not 0 < self.small_bet <= self.big_bet:
            raise ValueError(
                f"need 0 < small bet <= big bet, not {self.small_bet} and {self.big_bet}"
            )
        if self.max_raises < 0:
            raise ValueError("max_raises must not be negative")

    def bet_size(self, betting_round: int, big_bet_from: int = 2) -> int:
        """The fixed bet of a betting round (0, 1, ...): the small bet, then from round
        ``big_bet_from`` on (triple draw: the third of four) the big bet."""
        return self.small_bet if betting_round < big_bet_from else self.big_bet


@dataclass(frozen=True)
class DrawRules:
    """One draw game: everything a table of it agrees before play.

    ``ranking`` is a ``wildeval.Evaluator`` ranking for low (higher value = better low);
    ``draws`` the number of draws, each followed by a betting round after the first one
    (``betting_rounds`` = draws + 1); from betting round ``big_bet_from`` on the bet is the big
    bet. ``phh_variant`` is the PHH variant code (None: PHH has none, histories are JSON Lines).
    ``blurb`` is what the terminal says the game is. ``button`` is how the blinds move from
    hand to hand at a :class:`~wildeval.games.draw.session.Table` when a player leaves:
    ``"moving"`` (the button moves to the next player with chips and the blinds follow it) or
    ``"dead"`` (the big blind moves to the next player with chips, the small blind and the
    button follow it even onto empty seats: Robert's Rules' dead button); ``docs/triple-draw.md``
    says which game plays which.

    >>> DrawRules("x", "X", ranking="high")
    Traceback (most recent call last):
    ...
    ValueError: ranking must be one of low27, low_a5, badugi (a lowball draw game), not 'high'
    >>> DrawRules("x", "X", max_players=8)
    Traceback (most recent call last):
    ...
    ValueError: 8 players with 5 cards and 3 draws may need more than 52 cards: at most 7 players
    >>> DrawRules("x", "X", phh_variant="F2L3D", button="dead")
    Traceback (most recent call last):
    ...
    ValueError: a dead button needs phh_variant=None: PHH (as pokerkit reads it) places the blinds after the dealer
    """

    name: str
    title: str
    ranking: str = "low27"
    hand_size: int = 5
    draws: int = 3
    big_bet_from: int = 2
    stakes: Rules = field(default_factory=Rules)
    starting_stack: int = 200
    min_players: int = 2
    max_players: int = 6
    phh_variant: str | None = None
    blurb: str = ""
    button: str = "moving"

    def __post_init__(self) -> None:
        for name in ("hand_size", "draws", "big_bet_from", "starting_stack", "min_players", "max_players"):
            _int(name, getattr(self, name))
        if self.ranking not in LOW_RANKINGS:
            raise ValueError(f"ranking must be one of {', '.join(LOW_RANKINGS)} (a lowball draw game), "
                             f"not {self.ranking!r}")
        fewest, most = CARD_COUNTS[self.ranking]
        if not fewest <= self.hand_size <= most:
            raise ValueError(f"{self.ranking} ranks {fewest} to {most} cards, not {self.hand_size}")
        if self.draws < 1 or not 0 <= self.big_bet_from <= self.draws + 1:
            raise ValueError("a draw game has one draw or more, and big_bet_from is a betting round")
        if not isinstance(self.stakes, Rules):
            raise TypeError(f"stakes must be a Rules, not {type(self.stakes).__name__}")
        if self.starting_stack <= 0 or not 2 <= self.min_players <= self.max_players:
            raise ValueError("need a positive starting stack and 2 <= min_players <= max_players")
        if self.button not in BUTTONS:
            raise ValueError(f"button must be one of {', '.join(BUTTONS)}, not {self.button!r}")
        if self.button == "dead" and self.phh_variant is not None:
            raise ValueError("a dead button needs phh_variant=None: PHH (as pokerkit reads it) places the "
                             "blinds after the dealer")
        # a reshuffle for a player leaves out the others' hands (at most hand_size cards each) and
        # the player's own cards, held or discarded in the hand (at most hand_size per draw): what
        # is left must serve a whole new hand
        most = DECK_SIZE // self.hand_size - self.draws
        if self.max_players > most:
            raise ValueError(f"{self.max_players} players with {self.hand_size} cards and {self.draws} draws "
                             f"may need more than {DECK_SIZE} cards: at most {most} players")

    @property
    def betting_rounds(self) -> int:
        """One betting round before the first draw and one after each draw."""
        return self.draws + 1

    def bet_size(self, betting_round: int) -> int:
        """The fixed bet of ``betting_round`` (0 = before the first draw) at this game's stakes."""
        return self.stakes.bet_size(betting_round, self.big_bet_from)

    def players_text(self) -> str:
        """``"Deuce to Seven Triple Draw is for 2-6 players"``."""
        return f"{self.title} is for {self.min_players}-{self.max_players} players"

    def evaluator(self) -> Evaluator:
        """The game's ``wildeval.Evaluator`` (made on first use, then shared)."""
        return evaluator(self.ranking)

    def with_stakes(self, stakes: Rules | None) -> DrawRules:
        """The same game at other stakes (None: unchanged)."""
        return self if stakes is None or stakes == self.stakes else dataclasses.replace(self, stakes=stakes)


class Evaluator(Protocol):
    """What a game needs of ``wildeval.Evaluator(ranking)``."""

    def __call__(self, cards: list[int]) -> int: ...

    def describe(self, value: int) -> str: ...

    def best_five(self, cards: list[int]) -> list[tuple[int, int]]: ...


@cache
def evaluator(ranking: str) -> Evaluator:
    """The evaluator of a ranking (higher value = better low), made on first use."""
    import wildeval

    ev: Evaluator = wildeval.Evaluator(ranking)  # type: ignore[arg-type]
    return ev


def low27() -> Evaluator:
    """The deuce-to-seven evaluator (higher value = better low), made on first use."""
    return evaluator("low27")


def roberts_rules(game: DrawRules) -> DrawRules:
    """``game`` played by Robert's Rules of Poker where the project's docs are silent: the
    rules of a draw game that has no rules text of its own (``docs/triple-draw.md``, "Other
    draw games"). "Betting and raising" 3: a bet and three raises per round in a game of
    three or more betting rounds, a bet and four raises in one of two
    (:attr:`Rules.max_raises`, from :attr:`DrawRules.betting_rounds`); 4: unlimited raising
    heads-up (:attr:`Rules.heads_up_unlimited`), in a round not capped while more players had
    chips. "Button and blind use", rules for using blinds 2(b): the dead button
    (``button="dead"``; heads-up, 3: the small blind is on the button).

    >>> game = roberts_rules(DrawRules("x", "X", draws=1))
    >>> game.stakes.max_raises, game.stakes.heads_up_unlimited, game.button
    (4, True, 'dead')
    >>> roberts_rules(DrawRules("x", "X", draws=2)).stakes.max_raises
    3
    """
    max_raises = 3 if game.betting_rounds >= 3 else 4
    stakes = dataclasses.replace(game.stakes, max_raises=max_raises, heads_up_unlimited=True)
    return dataclasses.replace(game, stakes=stakes, button="dead")


DEUCE_TO_SEVEN_TRIPLE_DRAW = DrawRules(
    "deuce-to-seven-triple-draw", "Deuce to Seven Triple Draw", "low27", phh_variant="F2L3D",
    blurb="the lowest hand wins (7-5-4-3-2 is the best; aces are high, straights and flushes count "
          "against you).",
)
# the two games without a rules text of their own follow Robert's Rules of Poker
ACE_TO_FIVE_TRIPLE_DRAW = roberts_rules(DrawRules(
    "ace-to-five-triple-draw", "Ace to Five Triple Draw", "low_a5",
    blurb="the lowest hand wins (5-4-3-2-A is the best; aces are low, straights and flushes do "
          "not count).",
))
# played as Deuce to Seven Triple Draw is (its stakes, raise cap and moving button), four cards
# each; 52 cards serve ten players through every reshuffle
BADUGI_TRIPLE_DRAW = DrawRules(
    "badugi-triple-draw", "Badugi Triple Draw", "badugi", hand_size=4, max_players=10, phh_variant="FB",
    blurb="four cards; the most cards of different ranks and suits play (four, a badugi, beat any "
          "three), the lowest of those wins (4-3-2-A of four suits is the best; aces are low).",
)
DEUCE_TO_SEVEN_SINGLE_DRAW = roberts_rules(DrawRules(
    "deuce-to-seven-single-draw", "Deuce to Seven Single Draw", "low27", draws=1, big_bet_from=1,
    blurb="one draw, the lowest hand wins (7-5-4-3-2 is the best; aces are high, straights and "
          "flushes count against you).",
))

PRESETS: MappingProxyType[str, DrawRules] = MappingProxyType(
    {g.name: g for g in (DEUCE_TO_SEVEN_TRIPLE_DRAW, ACE_TO_FIVE_TRIPLE_DRAW, DEUCE_TO_SEVEN_SINGLE_DRAW,
                         BADUGI_TRIPLE_DRAW)}
)


def preset(name: str, **changes: Any) -> DrawRules:
    """The preset called ``name``, with ``changes`` (fields of :class:`DrawRules`) made."""
    if name not in PRESETS:
        raise ValueError(f"unknown draw game {name!r}; choose one of {', '.join(PRESETS)}")
    return dataclasses.replace(PRESETS[name], **changes) if changes else PRESETS[name]
