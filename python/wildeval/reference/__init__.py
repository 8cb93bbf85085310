"""A pure-Python reference evaluator: the "high" ranking, natural or with wild ranks, and the
"low27", "low_a5" and "three_card_poker" rankings.

This package is the oracle that the C++ evaluator is tested against. It is written to be read
and checked by a person, not to be fast, and it shares no code or tables with the C++ (nor
with :mod:`wildeval.evaluator`): only the registry's facts (each ranking's name and hand
sizes, :mod:`wildeval.rankings`) and the codecs that write and read values.

One module per ranking finds the best hand, each explaining how:

* :mod:`wildeval.reference.high` (1 to 7 cards, wild ranks, five of a kind),
* :mod:`wildeval.reference.low27` and :mod:`wildeval.reference.low_a5` (5 to 7 natural cards),
* :mod:`wildeval.reference.three_card_poker` (exactly 3 cards, wild ranks),

on the shared pieces: :mod:`wildeval.reference.hands` (the natural cards of a hand, the group
searches, which cards make a hand), :mod:`wildeval.reference.parsing` (the checks of what is
given) and :mod:`wildeval.reference.evaluator` (:class:`Evaluator` and :func:`census`). A wild
card stands for any card its holder chooses (any rank and suit, even one already held).

The value is encoded as described in :mod:`wildeval.values`.

>>> ev = Evaluator(wild="3")
>>> ev.describe(ev("3h Kc Kd"))
'Three of a kind, kings'
>>> ev("3h Kc Kd") > ev("Qs Qh 9c")
True
>>> Evaluator()("As Ks Qs Js Ts") < Evaluator(wild="2")("As Ac Ad Ah 2c")
True
>>> ev.best_five("3h Kc Kd")
[(45, 45), (44, 44), (6, 47)]
>>> ev.describe(Evaluator(wild="2")("As 2c 9s 5s 7s"))
'Flush, A-A-9-7-5'
>>> ev.describe(Evaluator(wild="2", flush_duplicates=False)("As 2c 9s 5s 7s"))
'Flush, A-K-9-7-5'
>>> low = Evaluator("low27")
>>> low.describe(low("7c 5d 4h 3s 2c Kd Ks"))
'7-5-4-3-2'
>>> low("6c 5d 4h 3s 2c") < low("Ac 5d 4h 3s 2c") < low("Kd 7c 5c 4c 3c 2c")  # straight, A high, K high
True
>>> Evaluator("low_a5").describe(Evaluator("low_a5")("Ac 2d 3h 4s 5c"))
'5-4-3-2-A'
>>> Evaluator("three_card_poker", wild="2").describe(Evaluator("three_card_poker", wild="2")("2c 2d 2h"))
'Straight flush, ace high'
"""

from __future__ import annotations

from wildeval.rankings import BUILT_IN, RANKINGS
from wildeval.reference.evaluator import Evaluator, census
from wildeval.reference.hands import ACE, SUIT_PREFERENCE, Solution
from wildeval.reference.high import (
    FIVE,
    FIVE_CARD_PLAN,
    SHORT_PLANS,
    STRAIGHT_TOPS,
    STRAIGHTS,
    solve,
    straight_ranks,
)
from wildeval.reference.low27 import LOW27_PLAN, LOW27_STRAIGHT_TOPS, SIX, solve_low27
from wildeval.reference.low_a5 import LOW_A5_PLAN, ace_low, solve_low_a5
from wildeval.reference.three_card_poker import (
    THREE,
    THREE_CARD_CODES,
    THREE_CARD_STRAIGHT_TOPS,
    solve_three_card,
    three_card_straight_ranks,
)

# Evaluator and census, and the names this package held when it was one module (the registry,
# wildeval.rankings, is where the hand sizes and the rankings without wild cards live).
__all__ = ["ACE", "CARD_COUNTS", "FIVE", "FIVE_CARD_PLAN", "LOW27_PLAN", "LOW27_STRAIGHT_TOPS", "LOW_A5_PLAN",
           "MAX_CARDS", "MIN_CARDS", "NATURAL_ONLY", "RANKINGS", "SHORT_PLANS", "SIX", "STRAIGHTS", "STRAIGHT_TOPS",
           "SUIT_PREFERENCE", "THREE", "THREE_CARD_CODES", "THREE_CARD_STRAIGHT_TOPS", "Evaluator", "Solution",
           "ace_low", "census", "solve", "solve_low27", "solve_low_a5", "solve_three_card", "straight_ranks",
           "three_card_straight_ranks"]

CARD_COUNTS: dict[str, range] = {row.name: row.card_counts for row in BUILT_IN}
MIN_CARDS, MAX_CARDS = CARD_COUNTS["high"][0], CARD_COUNTS["high"][-1]
NATURAL_ONLY = tuple(row.name for row in BUILT_IN if not row.takes_wild)
