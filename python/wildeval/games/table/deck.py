"""The deck: seeded shuffles, given deck orders, and orders arranged to deal chosen hands.

A card is an int 0-51 (:mod:`wildeval.cards`). Every game shuffles the same way, so the same
seed gives the same cards in every family:

>>> import random
>>> shuffled_deck(random.Random(7))[:5] == shuffled_deck(random.Random(7))[:5]
True
>>> from wildeval.cards import format_cards
>>> deck = arrange_deck(["A", "B"], {"B": "As Ks Qs"}, sizes=[3])
>>> format_cards(deck[:6])
'2c As 2d Ks 2h Qs'
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import TypeVar

from wildeval.cards import parse_cards

__all__ = ["DECK_SIZE", "arrange_deck", "check_deck", "complete_deck", "seat_order", "shuffled_deck"]

DECK_SIZE = 52
P = TypeVar("P")


def shuffled_deck(rng: random.Random) -> list[int]:
    """The 52 cards in the order ``rng`` shuffles them (``rng.shuffle`` of cards 0-51): one
    shuffle, one draw on the generator's stream, the same in every game."""
    deck = list(range(DECK_SIZE))
    rng.shuffle(deck)
    return deck


def seat_order(players: Sequence[P], first: int) -> list[P]:
    """``players`` round the table starting with seat ``first``.

    >>> seat_order(["A", "B", "C"], 2)
    ['C', 'A', 'B']
    """
    n = len(players)
    return [players[(first + i) % n] for i in range(n)]


def arrange_deck(
    players: Sequence[P],
    hands: Mapping[P, str | Iterable[object]],
    *,
    sizes: Sequence[int],
    first: int = 0,
    then: str | Iterable[object] = (),
) -> list[int]:
    """A deck order that deals ``hands``, then ``then``, then every other card.

    Cards are dealt one at a time round the table from seat ``first`` of ``players`` (seat
    order), in deals that bring every hand up to ``sizes[0]``, then ``sizes[1]``, ... cards
    (guts stages: ``[3, 5, 7]``; a draw game: ``[5]``). A player given fewer cards than
    ``sizes[-1]`` (or none) is dealt the lowest cards named nowhere in the missing places.
    After the deals come the cards ``then`` (draws, in the order they are served), then every
    card not yet placed, lowest first: the result is always all 52 cards.

    >>> from wildeval.cards import format_cards
    >>> deck = arrange_deck([0, 1], {0: "7s 5d 4c 3h 2s", 1: "Kd Qd Jd Td 9d"}, sizes=[5], then="Ah")
    >>> format_cards(deck[0:10:2]), format_cards(deck[10:12]), len(deck)
    ('7s 5d 4c 3h 2s', 'Ah 2c', 52)
    >>> arrange_deck(["A", "B"], {"C": "As"}, sizes=[3])
    Traceback (most recent call last):
    ...
    ValueError: unknown player 'C' in hands; players are A, B
    """
    wanted = {p: parse_cards(h) for p, h in hands.items()}
    last = sizes[-1] if sizes else 0
    for p, cards in wanted.items():
        if p not in players:
            raise ValueError(f"unknown player {p!r} in hands; players are {', '.join(map(str, players))}")
        if len(cards) > last:
            raise ValueError(f"{p} is given {len(cards)} cards; a hand holds {last}")
    named = [c for cards in wanted.values() for c in cards]
    if len(named) != len(set(named)):
        raise ValueError("a card is named in two hands")
    after = parse_cards(then)
    placed = set(named)
    if len(after) != len(set(after)) or placed & set(after):
        raise ValueError("a card to come after the deal is named twice, or also in a hand")
    placed |= set(after)
    filler = iter([c for c in range(DECK_SIZE) if c not in placed])
    deck: list[int] = []
    held = 0
    order = seat_order(players, first)
    for size in sizes:
        for k in range(held, size):
            for p in order:
                mine = wanted.get(p, [])
                deck.append(mine[k] if k < len(mine) else next(filler))
        held = size
    deck.extend(after)
    deck.extend(c for c in range(DECK_SIZE) if c not in set(deck))
    return deck


def check_deck(deck: Iterable[object], needed: int) -> list[int]:
    """A given deck order as cards (ints or text, as :func:`~wildeval.cards.parse_cards` reads
    them), at least ``needed`` long; ValueError otherwise."""
    cards = parse_cards(deck if isinstance(deck, str) else list(deck))
    if len(cards) < needed:
        raise ValueError(f"a deck order of {len(cards)} cards is short: this table needs {needed}")
    return cards


def complete_deck(order: Iterable[object]) -> list[int]:
    """A partial deck order (ints 0-51, no repeats) completed with the missing cards, lowest
    first.

    >>> complete_deck([51, 0])[:4], len(complete_deck([51, 0]))
    ([51, 0, 1, 2], 52)
    """
    cards: list[int] = []
    for c in order:
        if isinstance(c, bool) or not isinstance(c, int) or not 0 <= c < DECK_SIZE:
            raise ValueError(f"{c!r} in the deck is not a card (an int 0-51)")
        cards.append(c)
    present = set(cards)
    if len(present) != len(cards):
        raise ValueError("the deck repeats a card")
    return cards + [c for c in range(DECK_SIZE) if c not in present]
