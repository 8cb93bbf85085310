"""The rules of the "legs" guts games as data: stages, how the pot is won, who pays whom.

A :class:`GutsRules` says everything a table agrees before play; the engine
(:mod:`wildeval.games.guts.engine`) reads nothing else. A new variant is one more entry of
:data:`PRESETS` (docs/recipes/guts-variant.md). Four presets follow the rules texts:

>>> sorted(PRESETS)
['crazy-three-five-seven', 'napalm', 'three-five-seven', 'three-five-seven-onlinepoker']
>>> rules = preset("three-five-seven")
>>> [(s.cards, s.wild) for s in rules.stages]
[(3, '3'), (5, '5'), (7, '7')]
>>> rules.win_by, rules.win_count, rules.payment
('legs', 3, 'pot_to_each_winner')
>>> preset("napalm", low_ranking="low_a5").stage_label(1)
'5 cards, low (ace-to-five), no wild cards'
>>> GutsRules.from_dict(rules.to_dict()) == rules
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Literal, get_args

import wildeval
from wildeval.cards import RANKS
from wildeval.evaluator import Ranking
from wildeval.games.table.deck import DECK_SIZE, arrange_deck as _arrange
from wildeval.stages import StageSettings, TableGame, register

__all__ = [
    "Declaration",
    "GutsRules",
    "LowRanking",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "PRESETS",
    "Payment",
    "PaymentPolicy",
    "Stage",
    "StageRanking",
    "ThreeCardRanking",
    "WinBy",
    "arrange_deck",
    "preset",
    "table_rules",
]

MIN_PLAYERS = 2
MAX_PLAYERS = 7

StageRanking = Literal["high", "low"]
WinBy = Literal["legs", "streak"]
Payment = Literal["pot_to_each_winner", "lowest_pays_highest"]
Declaration = Literal["in_turn", "simultaneous"]
ThreeCardRanking = Literal["groups", "three_card_poker"]
LowRanking = Literal["low27", "low_a5"]
PaymentPolicy = Literal["tab", "table_stakes"]

_PLURALS = ("deuces", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens",
            "jacks", "queens", "kings", "aces")
_LOW_NAMES = {"low27": "deuce-to-seven", "low_a5": "ace-to-five"}


def _choice(name: str, value: object, allowed: Any) -> None:
    options = get_args(allowed)
    if value not in options:
        raise ValueError(f"{name} must be one of {', '.join(map(repr, options))}, not {value!r}")


def _positive_int(name: str, value: object, *, minimum: int = 1) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise ValueError(f"{name} must be an int >= {minimum}, not {value!r}")


def _canonical_wild(wild: str) -> str:
    if not isinstance(wild, str):
        raise ValueError(f"a stage's wild ranks are a string of rank characters such as '357', not {wild!r}")
    text = wild.replace("10", "T").upper().replace(" ", "").replace(",", "")
    for ch in text:
        if ch not in RANKS:
            raise ValueError(f"wild={wild!r}: {ch!r} is not a rank (2-9, T, J, Q, K, A)")
    return "".join(sorted(set(text), key=RANKS.index))


def wild_label(wild: str) -> str:
    """Wild ranks as players say them.

    >>> wild_label("357"), wild_label("3"), wild_label("")
    ('threes, fives and sevens wild', 'threes wild', 'no wild cards')
    """
    names = [_PLURALS[RANKS.index(ch)] for ch in wild]
    if not names:
        return "no wild cards"
    if len(names) == 1:
        return f"{names[0]} wild"
    return f"{', '.join(names[:-1])} and {names[-1]} wild"


@dataclass(frozen=True)
class Stage:
    """One stage of a round: every player holds ``cards`` cards (the new ones are dealt on top of
    the last stage's), ranked ``"high"`` or ``"low"``, with the ranks in ``wild`` wild (rank
    characters, ``"35"``; ``""`` for none). Which low, and whether a three-card high stage uses
    three-card poker ranking, are table-wide settings of :class:`GutsRules`.

    >>> Stage(5, wild="53")
    Stage(cards=5, ranking='high', wild='35')
    """

    cards: int
    ranking: StageRanking = "high"
    wild: str = ""

    def __post_init__(self) -> None:
        _positive_int("a stage's cards", self.cards)
        if self.cards > 7:
            raise ValueError(f"a stage holds 1 to 7 cards, not {self.cards}")
        _choice("a stage's ranking", self.ranking, StageRanking)
        object.__setattr__(self, "wild", _canonical_wild(self.wild))
        if self.ranking == "low":
            if self.wild:
                raise ValueError("a low stage has no wild cards")
            if not 5 <= self.cards <= 7:
                raise ValueError(f"a low stage holds 5 to 7 cards, not {self.cards}")


@dataclass(frozen=True)
class GutsRules:
    """Everything a table agrees before a legs guts game.

    - ``stages``: the stages of a round, in order, each holding more cards than the last.
    - ``win_by``/``win_count``: ``"legs"``: the first player to ``win_count`` legs takes the pot
      (a leg = being the only player in at a stage); ``"streak"``: the first player to win
      ``win_count`` stages in a row (see docs/guts.md for what counts and what breaks a streak).
    - ``payment``: who pays whom when several are in: ``"pot_to_each_winner"`` (Article 3.4: every
      other player who was in pays each best hand the pot amount) or ``"lowest_pays_highest"``
      (Article 5: only the lowest hand pays the highest, the pot amount).
    - ``declaration``: ``"in_turn"`` (from the dealer's left, the dealer last) or ``"simultaneous"``.
    - ``three_card_ranking``: ``"groups"`` (pagat: trips > pair > high card) or
      ``"three_card_poker"`` for every three-card high stage.
    - ``low_ranking``: ``"low27"`` (deuce-to-seven) or ``"low_a5"`` (ace-to-five) for low stages.
    - ``flush_duplicates``: whether a wild card may duplicate a held card inside a flush.
    - ``ante``: chips each player puts in the pot at the start of every round.
    - ``payment_policy``: ``"tab"`` (a running tab; balances may go negative, payments are never
      cut) or ``"table_stakes"`` (each player starts with ``stack`` chips and never pays more
      than they have; ``max_payment``, if set, caps every single payment).
    - ``max_rounds``: a safety cap: a game still undecided after this many rounds ends without a
      winner and the pot goes back to the players, each getting exactly what they anted.
    """

    name: str
    stages: tuple[Stage, ...]
    win_by: WinBy = "legs"
    win_count: int = 3
    payment: Payment = "pot_to_each_winner"
    declaration: Declaration = "in_turn"
    three_card_ranking: ThreeCardRanking = "groups"
    low_ranking: LowRanking = "low27"
    flush_duplicates: bool = True
    ante: int = 1
    payment_policy: PaymentPolicy = "tab"
    stack: int | None = None
    max_payment: int | None = None
    max_rounds: int = 500
    _evaluators: dict[int, wildeval.Evaluator] = field(
        default_factory=dict, init=False, repr=False, compare=False)
    _labels: dict[int, str] = field(default_factory=dict, init=False, repr=False, compare=False)
    _descriptions: dict[tuple[int, int], str] = field(
        default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name:
            raise ValueError(f"rules need a name, not {self.name!r}")
        stages = tuple(self.stages)
        object.__setattr__(self, "stages", stages)
        if not stages:
            raise ValueError("rules need at least one stage")
        for i, stage in enumerate(stages):
            if not isinstance(stage, Stage):
                raise ValueError(f"stage {i + 1} must be a Stage, not {stage!r}")
            if i and stage.cards <= stages[i - 1].cards:
                raise ValueError(
                    f"stage {i + 1} holds {stage.cards} cards, not more than stage {i}'s {stages[i - 1].cards}"
                )
        _choice("win_by", self.win_by, WinBy)
        _positive_int("win_count", self.win_count)
        _choice("payment", self.payment, Payment)
        _choice("declaration", self.declaration, Declaration)
        _choice("three_card_ranking", self.three_card_ranking, ThreeCardRanking)
        _choice("low_ranking", self.low_ranking, LowRanking)
        if not isinstance(self.flush_duplicates, bool):
            raise ValueError(f"flush_duplicates must be a bool, not {self.flush_duplicates!r}")
        _positive_int("ante", self.ante)
        _choice("payment_policy", self.payment_policy, PaymentPolicy)
        if self.payment_policy == "table_stakes":
            if self.stack is None:
                raise ValueError("table stakes need a starting stack (stack=...)")
            _positive_int("stack", self.stack)
        elif self.stack is not None:
            raise ValueError("a stack is a table-stakes setting; a running tab has none (stack=None)")
        if self.max_payment is not None:
            _positive_int("max_payment", self.max_payment)
        _positive_int("max_rounds", self.max_rounds)

    @property
    def max_players(self) -> int:
        """The most players one deck serves (at most 7)."""
        return min(MAX_PLAYERS, DECK_SIZE // self.stages[-1].cards)

    def evaluator_settings(self, stage: int) -> tuple[Ranking, str | None]:
        """The evaluator ranking and wild ranks of stage ``stage`` (0-based).

        >>> preset("napalm").evaluator_settings(1)
        ('low27', None)
        >>> preset("three-five-seven", three_card_ranking="three_card_poker").evaluator_settings(0)
        ('three_card_poker', '3')
        """
        s = self.stages[stage]
        ranking: Ranking
        if s.ranking == "low":
            ranking = self.low_ranking
        elif s.cards == 3 and self.three_card_ranking == "three_card_poker":
            ranking = "three_card_poker"
        else:
            ranking = "high"
        return ranking, s.wild or None

    def evaluator(self, stage: int) -> wildeval.Evaluator:
        """The evaluator of stage ``stage`` (0-based), built at first use and kept with the rules."""
        if stage not in self._evaluators:
            ranking, wild = self.evaluator_settings(stage)
            self._evaluators[stage] = wildeval.Evaluator(
                ranking, wild, flush_duplicates=self.flush_duplicates)
        return self._evaluators[stage]

    def describe(self, stage: int, value: int) -> str:
        """The description of a hand value at stage ``stage`` (0-based), as the stage's evaluator
        gives it; each value's is kept with the rules once made.

        >>> rules = preset("three-five-seven")
        >>> rules.describe(0, rules.evaluator(0)([6, 44, 45]))    # 3h Kc Kd, threes wild
        'Three of a kind, kings'
        """
        key = (stage, value)
        text = self._descriptions.get(key)
        if text is None:
            text = self._descriptions[key] = self.evaluator(stage).describe(value)
        return text

    def stage_label(self, stage: int) -> str:
        """A stage as players say it: ``'3 cards, high, threes wild'``."""
        if stage in self._labels:
            return self._labels[stage]
        s = self.stages[stage]
        ranking, _ = self.evaluator_settings(stage)
        kind = {"high": "high", "three_card_poker": "high (three-card poker ranking)"}.get(
            ranking, f"low ({_LOW_NAMES.get(ranking, ranking)})")
        label = self._labels[stage] = f"{s.cards} cards, {kind}, {wild_label(s.wild)}"
        return label

    def table_game(self) -> TableGame:
        """The rules' stages as the package's odds and charts read them (:mod:`wildeval.stages`)."""
        stages = tuple(StageSettings(self.stage_label(i), s.cards, *self.evaluator_settings(i))
                       for i, s in enumerate(self.stages))
        return TableGame(self.name, stages, self.max_players, self.flush_duplicates)

    def goal_label(self) -> str:
        """How the pot is won, as players say it."""
        if self.win_by == "legs":
            return f"first to {self.win_count} leg{'' if self.win_count == 1 else 's'}"
        return f"{self.win_count} stage wins in a row"

    def __reduce__(self) -> tuple[Any, tuple[dict[str, Any]]]:
        """Rules pickle and copy as their settings (the evaluators they keep are made again).

        >>> import copy, pickle
        >>> rules = preset("napalm")
        >>> pickle.loads(pickle.dumps(rules)) == copy.deepcopy(rules) == rules
        True
        """
        return type(self).from_dict, (self.to_dict(),)

    def replace(self, **changes: Any) -> GutsRules:
        """A copy with some settings changed (and checked again)."""
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """The rules as plain JSON data."""
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            if not f.init:
                continue
            value = getattr(self, f.name)
            if f.name == "stages":
                value = [{"cards": s.cards, "ranking": s.ranking, "wild": s.wild} for s in value]
            out[f.name] = value
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GutsRules:
        """Rules from :meth:`to_dict`'s data; unknown keys are an error."""
        known = {f.name for f in dataclasses.fields(cls) if f.init}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ValueError(f"unknown rules setting(s): {', '.join(unknown)}")
        values = dict(data)
        stages = values.get("stages", ())
        if not isinstance(stages, (list, tuple)):
            raise ValueError(f"stages must be a list, not {stages!r}")
        values["stages"] = tuple(s if isinstance(s, Stage) else Stage(**s) for s in stages)
        return cls(**values)


_357 = (Stage(3, wild="3"), Stage(5, wild="5"), Stage(7, wild="7"))

PRESETS: Mapping[str, GutsRules] = MappingProxyType({
    "three-five-seven": GutsRules("three-five-seven", _357),
    "crazy-three-five-seven": GutsRules(
        "crazy-three-five-seven",
        (Stage(3, wild="3"), Stage(5, wild="35"), Stage(7, wild="357")),
        win_count=4,
    ),
    "three-five-seven-onlinepoker": GutsRules(
        "three-five-seven-onlinepoker", _357,
        win_by="streak", win_count=5, payment="lowest_pays_highest",
    ),
    "napalm": GutsRules(
        "napalm", (Stage(2), Stage(5, ranking="low"), Stage(7)), win_count=5,
    ),
})


def _table_games() -> dict[str, TableGame]:
    """The presets as :mod:`wildeval.stages` knows games (read at each look-up: PRESETS as it is)."""
    return {name: rules.table_game() for name, rules in PRESETS.items()}


register(_table_games)  # versus_field(game=...) and field_chart(game, ...) name the presets


def preset(name: str, **changes: Any) -> GutsRules:
    """The rules of a preset game, with optional changed settings.

    >>> preset("crazy-three-five-seven").win_count
    4
    >>> preset("chess")
    Traceback (most recent call last):
    ...
    ValueError: unknown guts game 'chess'; choose one of three-five-seven, crazy-three-five-seven, three-five-seven-onlinepoker, napalm
    """
    if name not in PRESETS:
        raise ValueError(f"unknown guts game {name!r}; choose one of {', '.join(PRESETS)}")
    rules = PRESETS[name]
    return rules.replace(**changes) if changes else rules


def arrange_deck(
    rules: GutsRules,
    players: Sequence[str],
    *,
    dealer: int = 0,
    hands: Mapping[str, str | Iterable[object]],
) -> list[int]:
    """A deck order that deals ``hands`` (each player's cards in the order they are dealt; fewer
    than a full hand is fine) when ``players`` play ``rules`` with seat ``dealer`` dealing. Every
    card not named fills the rest in ascending order. Cards are dealt one at a time, from the
    dealer's left round to the dealer, until each player holds the stage's count
    (:func:`wildeval.games.table.arrange_deck` with the stages' sizes).

    >>> deck = arrange_deck(preset("three-five-seven"), ["A", "B"], hands={"B": "As Ks Qs"})
    >>> from wildeval.cards import format_cards
    >>> format_cards(deck[:6])
    'As 2c Ks 2d Qs 2h'
    """
    return _arrange(players, hands, sizes=[s.cards for s in rules.stages], first=(dealer + 1) % len(players))


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

