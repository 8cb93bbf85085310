"""Exhaustive five-card censuses with the pure-Python reference (a few minutes).

    python tools/reference_census.py

Checks the reference alone against the published tables in ../shared/reference-numbers.md; the
test suite checks the same tables faster (the native census, and the reference by classes).
"""

import itertools

from wildeval.reference import Evaluator, census
from wildeval.values import Category as C

FIVE = {C.HIGH_CARD: 1_302_540, C.PAIR: 1_098_240, C.TWO_PAIR: 123_552, C.THREE_OF_A_KIND: 54_912,
        C.STRAIGHT: 10_200, C.FLUSH: 5_108, C.FULL_HOUSE: 3_744, C.FOUR_OF_A_KIND: 624,
        C.STRAIGHT_FLUSH: 40, C.FIVE_OF_A_KIND: 0}
DEUCES = {C.HIGH_CARD: 799_680, C.PAIR: 1_225_008, C.TWO_PAIR: 95_040, C.THREE_OF_A_KIND: 355_080,
          C.STRAIGHT: 62_232, C.FLUSH: 14_472, C.FULL_HOUSE: 12_672, C.FOUR_OF_A_KIND: 31_552,
          C.STRAIGHT_FLUSH: 2_552, C.FIVE_OF_A_KIND: 672}

if __name__ == "__main__":
    assert census(5) == FIVE
    assert census(5, wild="2") == DEUCES
    assert census(5, wild="2", flush_duplicates=False) == DEUCES
    ev = Evaluator()
    assert len({ev(h) for h in itertools.combinations(range(52), 5)}) == 7462
    print("reference five-card censuses match the published tables")
