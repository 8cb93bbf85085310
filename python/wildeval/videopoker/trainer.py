"""Video poker played: a trainer at the terminal and the perfect-play bot, on one engine.

Each hand is dealt from a seeded shuffle: five cards, the hold, then the draw from the same deck.
The trainer asks which cards to hold and, after a hold that is worth less than the best, says
the best hold and the expected coins the choice gave up (exactly, from
:func:`~wildeval.videopoker.holds.analyse_hand`); :func:`simulate` lets the best hold play every
hand, which checks the exact return from the other side (a sample of it).

>>> import io
>>> from wildeval.videopoker import preset
>>> out = io.StringIO()
>>> play(preset("jacks-or-better-9-6"), seed=7, hands=1, stdin=io.StringIO("all\\n"), stdout=out)
0
>>> print(out.getvalue().splitlines()[0])
jacks-or-better-9-6, one coin a hand, seed 7
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TextIO

import numpy as np

from wildeval.cards import format_cards, parse_cards
from wildeval.seeds import python_random
from wildeval.videopoker.classify import CLASS_NAMES, classify
from wildeval.videopoker.holds import Hold, analyse_hand
from wildeval.videopoker.paytables import PayTable

__all__ = ["HandPlayed", "SessionSummary", "deal_hands", "parse_hold", "play", "simulate"]


@dataclass(frozen=True)
class HandPlayed:
    """One hand: the ``dealt`` cards, the positions ``held``, the ``final`` cards, what it
    ``paid`` (coins a coin), its class as paid, and what the hold ``lost`` against the best
    (expected coins, exact; 0 for a best hold)."""

    dealt: tuple[int, ...]
    held: tuple[int, ...]
    final: tuple[int, ...]
    paid: Fraction
    paid_as: str
    lost: Fraction


@dataclass
class SessionSummary:
    """Hands played, coins bet and paid, mistakes and the expected coins they gave up, and the
    count of each class paid."""

    hands: int = 0
    paid: Fraction = Fraction(0)
    mistakes: int = 0
    lost: Fraction = Fraction(0)
    classes: dict[str, int] = field(default_factory=dict)

    def add(self, hand: HandPlayed) -> None:
        self.hands += 1
        self.paid += hand.paid
        self.mistakes += hand.lost > 0
        self.lost += hand.lost
        self.classes[hand.paid_as] = self.classes.get(hand.paid_as, 0) + 1

    def line(self) -> str:
        ret = float(self.paid / self.hands) if self.hands else 0.0
        def plural(n: int, word: str) -> str:
            return f"{n:,} {word}{'' if n == 1 else 's'}"

        return (f"{plural(self.hands, 'hand')}, {plural(self.hands, 'coin')} bet, {float(self.paid):,.1f} paid (return "
                f"{ret:.4f}); {plural(self.mistakes, 'hold')} below the best, {float(self.lost):.2f} expected coins "
                "given up")


def deal_hands(seed: int | None) -> Iterator[list[int]]:
    """Decks from a seeded shuffle, one a hand: the first five cards are dealt, the rest drawn
    from in order."""
    rng: random.Random = python_random(seed)
    while True:
        deck = list(range(52))
        rng.shuffle(deck)
        yield deck


def _final(deck: list[int], held: tuple[int, ...]) -> tuple[int, ...]:
    replacements = iter(deck[5:])
    return tuple(deck[i] if i in held else next(replacements) for i in range(5))


def _paid(table: PayTable, cards: tuple[int, ...]) -> tuple[Fraction, str]:
    cls = CLASS_NAMES[int(classify(np.array([sorted(cards)], dtype=np.uint8), table.wild)[0])]
    paid_as = table.paid_as(cls) if cls != "nothing" else "nothing"
    return (table.pays[paid_as] if paid_as != "nothing" else Fraction(0)), paid_as


def play_hand(table: PayTable, deck: list[int], held: tuple[int, ...], holds: list[Hold] | None = None) -> HandPlayed:
    """The hand of ``deck`` played with ``held`` (positions 0-4)."""
    holds = holds if holds is not None else analyse_hand(deck[:5], table)
    value = next(h.value for h in holds if h.held == held)
    final = _final(deck, held)
    paid, paid_as = _paid(table, final)
    return HandPlayed(tuple(deck[:5]), held, final, paid, paid_as, holds[0].value - value)


def parse_hold(text: str, dealt: list[int]) -> tuple[int, ...]:
    """A hold as typed: positions (``1 3 4``, ``134``), the cards themselves (``Ah Kh``),
    ``all`` or ``none``. ValueError says what is wrong."""
    words = text.strip().lower()
    if words in ("all", "a", "12345"):
        return (0, 1, 2, 3, 4)
    if words in ("none", "n", "-", "0", "draw"):
        return ()
    digits = words.replace(" ", "").replace(",", "")
    if digits.isdigit():
        positions = sorted({int(ch) - 1 for ch in digits})
        if not all(0 <= p < 5 for p in positions) or len(positions) != len(digits):
            raise ValueError(f"{text.strip()!r}: positions are 1 to 5, each once")
        return tuple(positions)
    try:
        cards = parse_cards(text)
    except ValueError:
        raise ValueError(f"{text.strip()!r}: hold positions (1 3 4), the cards (Ah Kh), all or none") from None
    missing = [c for c in cards if c not in dealt]
    if missing:
        raise ValueError(f"{format_cards(missing, unicode=False)} is not in this hand")
    return tuple(sorted(dealt.index(c) for c in cards))


def play(table: PayTable, *, seed: int | None, stdin: TextIO, stdout: TextIO, hands: int | None = None,
         unicode: bool = False) -> int:
    """The trainer: deal, ask for the hold, draw, pay; after a hold worth less than the best, the
    best and what the choice gave up. Ends on ``q``, at the end of the input or after ``hands``
    hands, with the session's summary; returns 0."""
    print(f"{table.name}, one coin a hand, seed {seed}", file=stdout)
    print(f"Pays: {table.describe().split(': ', 1)[1]}", file=stdout)
    summary = SessionSummary()
    for deck in deal_hands(seed):
        if hands is not None and summary.hands >= hands:
            break
        dealt = deck[:5]
        print(f"\nDealt: {format_cards(dealt, unicode=unicode)}   (hold: positions 1-5, cards, all or none; q quits)",
              file=stdout)
        held = None
        while held is None:
            line = stdin.readline()
            if not line or line.strip().lower() in ("q", "quit"):
                print(f"\nSession: {summary.line()}", file=stdout)
                return 0
            try:
                held = parse_hold(line, dealt)
            except ValueError as error:
                print(f"  {error}", file=stdout)
        holds = analyse_hand(dealt, table)
        hand = play_hand(table, deck, held, holds)
        summary.add(hand)
        result = "nothing" if hand.paid == 0 else f"{hand.paid_as.replace('_', ' ')}: {float(hand.paid):g} coins"
        print(f"Drew:  {format_cards(hand.final, unicode=unicode)}   {result}", file=stdout)
        if hand.lost > 0:
            best = holds[0]
            cards = format_cards([dealt[i] for i in best.held], unicode=unicode) or "nothing (draw five)"
            print(f"  The best hold was {cards} ({float(best.value):.4f} a coin); "
                  f"yours gave up {float(hand.lost):.4f} expected coins.", file=stdout)
    print(f"\nSession: {summary.line()}", file=stdout)
    return 0


def simulate(table: PayTable, *, hands: int, seed: int | None) -> SessionSummary:
    """The best hold played on ``hands`` seeded hands (the trainer's engine as a bot)."""
    if isinstance(hands, bool) or not isinstance(hands, int) or hands < 1:
        raise ValueError(f"hands must be an int >= 1, not {hands!r}")
    summary = SessionSummary()
    for deck, _ in zip(deal_hands(seed), range(hands)):
        holds = analyse_hand(deck[:5], table)
        summary.add(play_hand(table, deck, holds[0].held, holds))
    return summary

