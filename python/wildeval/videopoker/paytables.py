"""Video poker games as data: a pay table maps hand classes to what one coin pays at the
maximum bet, with the wild ranks the game plays.

A hand's *class* is the most specific one its game pays: four aces with a 2, 3 or 4 kicker pays
as ``four_aces_with_2_4_kicker`` where the table has that class, else as ``four_aces``, else as
``four_of_a_kind`` (:data:`FALLBACKS` is that chain for every class). A class the table does
not list pays nothing.

>>> table = preset("jacks-or-better-9-6")
>>> table.pays["full_house"], table.pays["jacks_or_better"], table.wild
(Fraction(9, 1), Fraction(1, 1), frozenset())
>>> parse_paytable("royal=800,straight_flush=50,four_of_a_kind=25,full_house=9").pays["royal_flush"]
Fraction(800, 1)
>>> parse_paytable("royal=800,quads=25")
Traceback (most recent call last):
...
ValueError: pay table entry 'quads=25': 'quads' is not a hand class (royal_flush, four_deuces, wild_royal, five_of_a_kind, straight_flush, four_aces_with_2_4_kicker, four_aces, four_2_4_with_a_4_kicker, four_2_4, four_5_k, four_of_a_kind, full_house, flush, straight, three_of_a_kind, two_pair, jacks_or_better, tens_or_better)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from wildeval.wild import parse_wild, wild_text

__all__ = ["CLASSES", "FALLBACKS", "MAX_PAYOUT", "PRESETS", "PayTable", "parse_paytable", "preset"]

# Every class a pay table can pay, best first (the order a table is printed in).
CLASSES: tuple[str, ...] = (
    "royal_flush",                 # a royal flush of natural cards (no wild card in it)
    "four_deuces",                 # four wild cards (deuces in Deuces Wild)
    "wild_royal",                  # a royal flush made with a wild card
    "five_of_a_kind",
    "straight_flush",
    "four_aces_with_2_4_kicker",
    "four_aces",
    "four_2_4_with_a_4_kicker",    # four twos, threes or fours with an ace, two, three or four
    "four_2_4",                    # four twos, threes or fours
    "four_5_k",                    # four fives to four kings
    "four_of_a_kind",
    "full_house",
    "flush",
    "straight",
    "three_of_a_kind",
    "two_pair",
    "jacks_or_better",             # a pair of jacks, queens, kings or aces
    "tens_or_better",              # a pair of tens or better
)

# What a hand of a class pays as where its table does not list the class: the first listed.
FALLBACKS: dict[str, tuple[str, ...]] = {
    "royal_flush": ("royal_flush", "straight_flush"),
    "wild_royal": ("wild_royal", "straight_flush"),
    "four_deuces": ("four_deuces", "four_of_a_kind"),
    "five_of_a_kind": ("five_of_a_kind", "four_of_a_kind"),
    "straight_flush": ("straight_flush",),
    "four_aces_with_2_4_kicker": ("four_aces_with_2_4_kicker", "four_aces", "four_of_a_kind"),
    "four_aces": ("four_aces", "four_of_a_kind"),
    "four_2_4_with_a_4_kicker": ("four_2_4_with_a_4_kicker", "four_2_4", "four_of_a_kind"),
    "four_2_4": ("four_2_4", "four_of_a_kind"),
    "four_5_k": ("four_5_k", "four_of_a_kind"),
    "four_of_a_kind": ("four_of_a_kind",),
    "full_house": ("full_house",),
    "flush": ("flush",),
    "straight": ("straight",),
    "three_of_a_kind": ("three_of_a_kind",),
    "two_pair": ("two_pair",),
    "jacks_or_better": ("jacks_or_better", "tens_or_better"),
    "tens_or_better": ("tens_or_better",),
}

_ALIASES = {"royal": "royal_flush", "natural_royal": "royal_flush", "four_wilds": "four_deuces",
            "five_kind": "five_of_a_kind", "sf": "straight_flush", "fh": "full_house", "trips": "three_of_a_kind",
            "jacks": "jacks_or_better", "tens": "tens_or_better"}
_WILD_ONLY = ("wild_royal", "four_deuces", "five_of_a_kind")

MAX_PAYOUT = 10_000  # coins a coin, in tenths at the finest: a whole game's exact counts fit 64-bit integers


@dataclass(frozen=True)
class PayTable:
    """A game: ``pays`` maps classes to what a coin pays at the maximum bet (a Fraction, > 0);
    ``wild`` the wild ranks (0 = deuce .. 12 = ace). Built by :func:`preset`,
    :func:`parse_paytable` or ``PayTable.of(name, {class: payout}, wild=...)``, which check it."""

    name: str
    pays: Mapping[str, Fraction]
    wild: frozenset[int] = field(default_factory=frozenset)

    @classmethod
    def of(cls, name: str, pays: Mapping[str, object], wild: None | str | Iterable[int] = None) -> PayTable:
        """A checked table: every key a class of :data:`CLASSES` (or an alias such as
        ``royal``), every payout a number from 0 to :data:`MAX_PAYOUT` with a denominator of at
        most 10; classes made only with wild cards need wild ranks. ValueError names the entry."""
        ranks = parse_wild(wild)
        checked: dict[str, Fraction] = {}
        for key, amount in pays.items():
            entry = f"{key}={amount}"
            name_ = _class_name(str(key), entry)
            payout = _payout(amount, entry)
            if name_ in checked:
                raise ValueError(f"pay table entry {entry!r}: {name_} is paid twice")
            if name_ in _WILD_ONLY and not ranks:
                raise ValueError(f"pay table entry {entry!r}: {name_} needs wild cards (give wild ranks)")
            if payout:
                checked[name_] = payout
        if not checked:
            raise ValueError("the pay table pays nothing")
        ordered = {c: checked[c] for c in CLASSES if c in checked}
        return cls(name, ordered, frozenset(ranks))

    def payout(self, hand_class: str) -> Fraction:
        """What a coin pays for a hand of ``hand_class`` (any class of :data:`CLASSES`)."""
        for name in FALLBACKS[hand_class]:
            if name in self.pays:
                return self.pays[name]
        return Fraction(0)

    def paid_as(self, hand_class: str) -> str:
        """The class of this table that a hand of ``hand_class`` is paid as, or ``"nothing"``."""
        return next((name for name in FALLBACKS.get(hand_class, ()) if name in self.pays), "nothing")

    def text(self) -> str:
        """The table as ``--paytable`` reads it back."""
        return ",".join(f"{c}={_number(p)}" for c, p in self.pays.items())

    def describe(self) -> str:
        wild = f", {wild_text(self.wild)} wild" if self.wild else ""
        return f"{self.name}{wild}: " + ", ".join(f"{c.replace('_', ' ')} {_number(p)}" for c, p in self.pays.items())


def _class_name(key: str, entry: str) -> str:
    name = key.strip().lower().replace("-", "_").replace(" ", "_")
    name = _ALIASES.get(name, name)
    if name not in CLASSES:
        raise ValueError(f"pay table entry {entry!r}: {key.strip()!r} is not a hand class ({', '.join(CLASSES)})")
    return name


def _payout(amount: object, entry: str) -> Fraction:
    if isinstance(amount, bool):
        raise ValueError(f"pay table entry {entry!r}: the payout must be a number, not {amount!r}")
    if not isinstance(amount, (int, float, str, Fraction)):
        raise ValueError(f"pay table entry {entry!r}: the payout must be a number, not {amount!r}")
    try:
        value = Fraction(amount.strip() if isinstance(amount, str) else amount)
    except (TypeError, ValueError, ZeroDivisionError, OverflowError):
        raise ValueError(f"pay table entry {entry!r}: the payout must be a number") from None
    if not 0 <= value <= MAX_PAYOUT or value.denominator > 10:
        raise ValueError(f"pay table entry {entry!r}: the payout must be 0 to {MAX_PAYOUT:,} coins, in "
                         "tenths at the finest")
    return value


def _number(p: Fraction) -> str:
    return str(p.numerator) if p.denominator == 1 else str(float(p))


def parse_paytable(text: str, wild: None | str | Iterable[int] = None, name: str = "custom") -> PayTable:
    """A pay table from ``"royal=800,straight_flush=50,..."`` (what ``--paytable`` takes)."""
    pays: dict[str, str] = {}
    for item in text.split(","):
        if not item.strip():
            continue
        key, sep, amount = item.partition("=")
        if not sep:
            raise ValueError(f"pay table entry {item.strip()!r}: write CLASS=PAYOUT, e.g. full_house=9")
        name_ = _class_name(key, item.strip())
        if name_ in pays:
            raise ValueError(f"pay table entry {item.strip()!r}: {name_} is paid twice")
        pays[name_] = amount
    return PayTable.of(name, pays, wild)


_JACKS = {"royal_flush": 800, "straight_flush": 50, "four_of_a_kind": 25, "three_of_a_kind": 3, "two_pair": 2,
          "jacks_or_better": 1}
_DEUCES = {"royal_flush": 800, "four_deuces": 200, "wild_royal": 25, "three_of_a_kind": 1}

PRESETS: dict[str, PayTable] = {table.name: table for table in (
    PayTable.of("jacks-or-better-9-6", {**_JACKS, "full_house": 9, "flush": 6, "straight": 4}),
    PayTable.of("jacks-or-better-8-5", {**_JACKS, "full_house": 8, "flush": 5, "straight": 4}),
    PayTable.of("bonus-poker-8-5", {**_JACKS, "four_aces": 80, "four_2_4": 40, "full_house": 8, "flush": 5,
                                    "straight": 4}),
    PayTable.of("double-bonus-10-7", {**_JACKS, "four_aces": 160, "four_2_4": 80, "four_of_a_kind": 50,
                                      "full_house": 10, "flush": 7, "straight": 5, "two_pair": 1}),
    PayTable.of("double-double-bonus-9-6", {**_JACKS, "four_aces_with_2_4_kicker": 400, "four_aces": 160,
                                            "four_2_4_with_a_4_kicker": 160, "four_2_4": 80, "four_of_a_kind": 50,
                                            "full_house": 9, "flush": 6, "straight": 4, "two_pair": 1}),
    PayTable.of("deuces-wild", {**_DEUCES, "five_of_a_kind": 15, "straight_flush": 9, "four_of_a_kind": 5,
                                "full_house": 3, "flush": 2, "straight": 2}, wild="2"),
    PayTable.of("not-so-ugly-deuces", {**_DEUCES, "five_of_a_kind": 16, "straight_flush": 10, "four_of_a_kind": 4,
                                       "full_house": 4, "flush": 3, "straight": 2}, wild="2"),
)}


def preset(name: str) -> PayTable:
    """A preset game by name (:data:`PRESETS`); ValueError names the choices."""
    if name not in PRESETS:
        raise ValueError(f"unknown video poker game {name!r}; choose one of {', '.join(PRESETS)}")
    return PRESETS[name]
