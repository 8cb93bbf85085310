"""Hold'em ranges as players write them: ``QQ+``, ``A2s+``, ``KTo+``, ``T9s-65s``, ``22-55``,
``AK``, ``AsKs``, ``random``, comma lists, and weights as solvers write them (``AA:0.5``,
``AKs:25%``) or as eval7 does (``0.5(AA)``, ``40%(ATs+, KQs)``).

>>> r = Range("QQ+, AKs, 0.5(JJ)")
>>> len(r), r.weight("Js Jh"), "As Ks" in r, "Ah Kd" in r
(28, 0.5, True, False)
>>> str(r)
'QQ+, AKs, JJ:0.5'
>>> Range(str(r)) == r
True
>>> len(Range("random")), len(Range("T9s-65s")), len(Range("A2s+")), len(Range("KTo+"))
(1326, 20, 48, 36)

A range is a set of two-card hands (each a pair of card ints, the higher card first) with a
weight each; a hand listed twice takes its last weight, and a weight of 0 takes it out.
Every hand counts as a whole: ``AK`` is 16 hands, ``AKs`` 4, ``AKo`` 12, a pair 6.
"""

from __future__ import annotations

import functools
import itertools
import math
import re
from collections.abc import Iterable, Iterator

from wildeval.cards import RANKS, format_cards, parse_cards

__all__ = ["Range", "RangeError", "every_hand"]

_RANK = {ch: i for i, ch in enumerate(RANKS)} | {ch.lower(): i for i, ch in enumerate(RANKS)}
Hand2 = tuple[int, int]


class RangeError(ValueError):
    """A range text that does not parse; the message names the token and where it starts."""


def every_hand(n_cards: int = 2) -> list[tuple[int, ...]]:
    """Every hand of ``n_cards`` cards, each in decreasing card order, in increasing order of
    its cards read from the lowest: what ``random`` means for hands of that size."""
    return [tuple(reversed(h)) for h in itertools.combinations(range(52), n_cards)]


def _pair_hands(rank: int) -> list[Hand2]:
    cards = [4 * rank + s for s in range(4)]
    return [(b, a) for i, a in enumerate(cards) for b in cards[i + 1:]]


def _two_rank_hands(high: int, low: int, kind: str) -> list[Hand2]:
    """``kind``: 's' suited, 'o' offsuit, '' both."""
    out = []
    for s1 in range(4):
        for s2 in range(4):
            if (kind == "s" and s1 != s2) or (kind == "o" and s1 == s2):
                continue
            out.append((4 * high + s1, 4 * low + s2))
    return out


def _class_hands(high: int, low: int, kind: str) -> list[Hand2]:
    return _pair_hands(high) if high == low else _two_rank_hands(high, low, kind)


_CLASS = re.compile(r"^([2-9TJQKAtjqka])([2-9TJQKAtjqka])([so]?)$")


def _parse_class(token: str) -> tuple[int, int, str] | None:
    m = _CLASS.match(token)
    if m is None:
        return None
    a, b = _RANK[m.group(1)], _RANK[m.group(2)]
    kind = m.group(3)
    if a == b and kind:
        return None  # a pair is neither suited nor offsuit
    return (max(a, b), min(a, b), kind)


def _item_hands(token: str) -> list[Hand2] | None:
    """The hands of one item (no weight), or None if it is not one."""
    if token.lower() in ("random", "any"):
        return [(h[0], h[1]) for h in every_hand(2)]
    if token.endswith("+"):
        base = _parse_class(token[:-1])
        if base is None:
            return None
        high, low, kind = base
        if high == low:  # QQ+: QQ, KK, AA
            return [h for r in range(low, 13) for h in _pair_hands(r)]
        # A2s+: the kicker up to one below the top card
        return [h for k in range(low, high) for h in _two_rank_hands(high, k, kind)]
    if "-" in token:
        left, _, right = token.partition("-")
        a, b = _parse_class(left), _parse_class(right)
        if a is None or b is None or a[2] != b[2]:
            return None
        if a[0] == a[1] and b[0] == b[1]:  # 22-55
            lo, hi = sorted((a[0], b[0]))
            return [h for r in range(lo, hi + 1) for h in _pair_hands(r)]
        if a[0] == a[1] or b[0] == b[1]:
            return None
        if a[0] == b[0]:  # A2s-A5s: one top card, a run of kickers
            lo, hi = sorted((a[1], b[1]))
            return [h for k in range(lo, hi + 1) for h in _two_rank_hands(a[0], k, a[2])]
        if a[0] - a[1] == b[0] - b[1]:  # T9s-65s: one gap, a run of both cards
            lo, hi = sorted((a[1], b[1]))
            gap = a[0] - a[1]
            return [h for k in range(lo, hi + 1) for h in _two_rank_hands(k + gap, k, a[2])]
        return None
    base = _parse_class(token)
    if base is not None:
        return _class_hands(*base)
    if len(token) == 4:  # AsKs: one hand
        try:
            cards = parse_cards(token)
        except ValueError:
            return None
        if len(cards) == 2 and cards[0] != cards[1]:
            return [(max(cards), min(cards))]
    return None


def _weight(text: str, token: str, at: int, whole: str) -> float:
    try:
        w = float(text[:-1]) / 100 if text.endswith("%") else float(text)
    except ValueError:
        raise RangeError(f"range {whole!r}: weight {text!r} of {token!r} (at character {at + 1}) is not a number "
                         "(write 0.5 or 50%)") from None
    if not math.isfinite(w) or w < 0:
        raise RangeError(f"range {whole!r}: weight {text!r} of {token!r} (at character {at + 1}) must be a "
                         "finite number >= 0")
    return w


def _split(text: str, start: int = 0) -> Iterator[tuple[str, int]]:
    """The comma-separated items of ``text`` (parentheses nest) with where each starts."""
    depth, item_at = 0, 0
    for i, ch in enumerate(text + ","):
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif ch == "," and depth == 0:
            item = text[item_at:i]
            lead = len(item) - len(item.lstrip())
            yield item.strip(), start + item_at + lead
            item_at = i + 1


_PREFIX = re.compile(r"^\s*([0-9.]+%?)\s*\((.*)\)\s*$", re.S)


def _parse(text: str, whole: str, start: int, weight: float, into: dict[Hand2, float]) -> None:
    if text.count("(") != text.count(")"):
        raise RangeError(f"range {whole!r}: unbalanced parentheses")
    for item, at in _split(text, start):
        if not item:
            raise RangeError(f"range {whole!r}: an empty item at character {at + 1}")
        m = _PREFIX.match(item)
        if m is not None:  # eval7's 0.5(AA) and 40%(ATs+, KQs)
            inner_at = at + item.index("(") + 1
            _parse(m.group(2), whole, inner_at, weight * _weight(m.group(1), item, at, whole), into)
            continue
        token, w = item, weight
        if ":" in item:
            token, _, wtext = item.partition(":")
            token = token.strip()
            w = weight * _weight(wtext.strip(), item, at, whole)
        token = "".join(token.split())
        hands = _item_hands(token)
        if hands is None:
            raise RangeError(
                f"range {whole!r}: {token!r} (at character {at + 1}) is not a hand (AsKs), a class (AKs, AKo, "
                "AK, QQ), a run (QQ+, A2s+, 22-55, T9s-65s, A2s-A5s) or random")
        for h in hands:
            if w == 0:
                into.pop(h, None)
            else:
                into[h] = w


def _number(w: float) -> str:
    return repr(w) if w != int(w) else str(int(w))


@functools.lru_cache(maxsize=1024)
def _parsed_text(text: str) -> tuple[tuple[Hand2, float], ...]:
    """The hands and weights of a range's text, in a range's order (the highest hand first): kept
    for text read again (equity reads its players' ranges at every call, and parsing a wide range
    takes a hundred microseconds); an error is not kept, so it is raised again each time."""
    weights: dict[Hand2, float] = {}
    _parse(text, text, 0, 1.0, weights)
    return tuple(sorted(weights.items(), reverse=True))


class Range:
    """A hold'em range: two-card hands with weights (see the module for the syntax).

    ``Range(text)``, or ``Range({hand: weight})`` with hands as texts or card pairs. ``len`` is
    the number of hands, iteration gives ``(hand, weight)`` with hands as card pairs (the higher
    card first), ``in`` takes a hand as text or cards, and ``str()`` gives a text that parses
    back to the same range.
    """

    __slots__ = ("_weights",)
    _weights: dict[Hand2, float]

    def __init__(self, source: str | Range | dict[object, float] | Iterable[object] = "") -> None:
        weights: dict[Hand2, float] = {}
        if isinstance(source, Range):
            weights = dict(source._weights)
        elif isinstance(source, str):
            if source.strip():  # "" is the empty range
                self._weights = dict(_parsed_text(source))
                return
        elif isinstance(source, dict):
            for hand, w in source.items():
                value = float(w)
                if not (math.isfinite(value) and value >= 0):
                    raise RangeError(f"the weight of {hand!r} must be a finite number >= 0, not {w!r}")
                weights[_hand(hand)] = value
            weights = {h: w for h, w in weights.items() if w > 0}
        else:
            for hand in source:
                weights[_hand(hand)] = 1.0
        self._weights = dict(sorted(weights.items(), reverse=True))

    def __len__(self) -> int:
        return len(self._weights)

    def __iter__(self) -> Iterator[tuple[Hand2, float]]:
        return iter(self._weights.items())

    def __contains__(self, hand: object) -> bool:
        try:
            return _hand(hand) in self._weights
        except (ValueError, TypeError):
            return False

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Range) and self._weights == other._weights

    def __hash__(self) -> int:
        return hash(tuple(self._weights.items()))

    def __repr__(self) -> str:
        return f"Range({str(self)!r})"

    def weight(self, hand: object) -> float:
        """The weight of ``hand`` (text or cards): 0 where the range does not hold it."""
        return self._weights.get(_hand(hand), 0.0)

    @property
    def hands(self) -> list[Hand2]:
        return list(self._weights)

    @property
    def weights(self) -> list[float]:
        return list(self._weights.values())

    def __str__(self) -> str:
        if not self._weights:
            return ""
        if len(self._weights) == 1326 and len(set(self._weights.values())) == 1:
            w = next(iter(self._weights.values()))
            return "random" if w == 1 else f"random:{_number(w)}"
        by_weight: dict[float, set[Hand2]] = {}
        for h, w in self._weights.items():
            by_weight.setdefault(w, set()).add(h)
        parts = []
        for w in sorted(by_weight, key=lambda w: (w != 1, -w)):
            suffix = "" if w == 1 else f":{_number(w)}"
            parts += [t + suffix for t in _written(by_weight[w])]
        return ", ".join(parts)


def _hand(hand: object) -> Hand2:
    if not isinstance(hand, (str, Iterable)):
        raise TypeError(f"a hand is text or cards, not {type(hand).__name__}")
    cards = parse_cards(hand)
    if len(cards) != 2 or cards[0] == cards[1]:
        raise ValueError(f"a range holds two-card hands, not {hand!r}")
    return (max(cards), min(cards))


def _written(hands: set[Hand2]) -> list[str]:
    """The fewest tokens (runs, classes, then single hands) that write exactly ``hands``."""
    left = set(hands)
    tokens: list[str] = []

    def full(of: list[Hand2]) -> bool:
        return all(h in left for h in of)

    pairs = [r for r in range(12, -1, -1) if full(_pair_hands(r))]
    for run in _runs(pairs):
        hi, lo = run[0], run[-1]
        tokens.append(f"{RANKS[lo]}{RANKS[lo]}+" if hi == 12 and lo < 12 else
                      f"{RANKS[hi]}{RANKS[hi]}" if hi == lo else f"{RANKS[hi]}{RANKS[hi]}-{RANKS[lo]}{RANKS[lo]}")
        for r in run:
            left -= set(_pair_hands(r))
    for high in range(12, 0, -1):
        for kind in ("s", "o"):
            kickers = [k for k in range(high - 1, -1, -1) if full(_two_rank_hands(high, k, kind))]
            for run in _runs(kickers):
                top, bottom = run[0], run[-1]
                t = RANKS[high]
                if top == high - 1 and bottom < top:
                    tokens.append(f"{t}{RANKS[bottom]}{kind}+")
                elif top == bottom:
                    tokens.append(f"{t}{RANKS[top]}{kind}")
                else:
                    tokens.append(f"{t}{RANKS[top]}{kind}-{t}{RANKS[bottom]}{kind}")
                for k in run:
                    left -= set(_two_rank_hands(high, k, kind))
    for h in sorted(left, reverse=True):
        tokens.append(format_cards(list(h)).replace(" ", ""))
    return tokens


def _runs(ranks: list[int]) -> list[list[int]]:
    """``ranks`` (decreasing) cut into runs of consecutive ranks."""
    runs: list[list[int]] = []
    for r in ranks:
        if runs and runs[-1][-1] == r + 1:
            runs[-1].append(r)
        else:
            runs.append([r])
    return runs

