"""The class of every five-card hand for video poker: the native evaluator's value of each hand
(with the game's wild ranks), read into the classes of :mod:`wildeval.videopoker.paytables`.

A royal flush is natural when it holds no wild card (a wild card in it, even in its own place,
makes it a wild royal); four or more wild cards are ``four_deuces`` whatever the fifth card;
quads are told apart by their rank and, for the kicker classes, the best kicker the hand plays.

>>> import numpy as np
>>> from wildeval.cards import parse_cards
>>> hands = np.array([parse_cards(h) for h in ("As Ks Qs Js Ts", "2s Ks Qs Js Ts", "2s 2d 2c 2h 9d",
...                                             "Ac Ad Ah As 3d", "Jc Jd 4h 7s 9c", "Tc Td 4h 7s 9c")], np.uint8)
>>> [CLASS_NAMES[c] for c in classify(hands, frozenset())]
['royal_flush', 'flush', 'four_2_4', 'four_aces_with_2_4_kicker', 'jacks_or_better', 'tens_or_better']
>>> [CLASS_NAMES[c] for c in classify(hands[:4], frozenset({0}))]  # deuces wild
['royal_flush', 'wild_royal', 'four_deuces', 'four_aces_with_2_4_kicker']
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from wildeval.evaluator import Evaluator
from wildeval.values import Category
from wildeval.videopoker.paytables import CLASSES

__all__ = ["CLASS_NAMES", "NOTHING", "classify"]

NOTHING = len(CLASSES)  # the class index of a hand that no table pays (a low pair, no pair)
CLASS_NAMES: tuple[str, ...] = (*CLASSES, "nothing")
_INDEX = {name: i for i, name in enumerate(CLASS_NAMES)}
_ACE, _TEN, _JACK = 12, 8, 9


def classify(hands: npt.NDArray[np.uint8], wild: frozenset[int]) -> npt.NDArray[np.int8]:
    """The class index (into :data:`CLASS_NAMES`) of each row of ``hands`` (n x 5 cards)."""
    values = Evaluator("high", sorted(wild) if wild else None).batch(hands).astype(np.int64)
    category = values >> 20
    top = ((values >> 16) & 15) - 1  # the deciding rank indices: the quads', the pair's ...
    kicker = ((values >> 12) & 15) - 1
    if wild:
        wild_cards = np.isin(hands >> 2, np.array(sorted(wild), dtype=np.uint8)).sum(axis=1)
    else:
        wild_cards = np.zeros(len(hands), dtype=np.int64)
    out = np.full(len(hands), NOTHING, dtype=np.int8)

    def mark(where: npt.NDArray[np.bool_], name: str) -> None:
        out[where & (out == NOTHING)] = _INDEX[name]

    royal = (category == Category.STRAIGHT_FLUSH) & (top == _ACE)
    mark(royal & (wild_cards == 0), "royal_flush")
    if wild:
        mark(wild_cards >= 4, "four_deuces")
        mark(royal, "wild_royal")
        mark(category == Category.FIVE_OF_A_KIND, "five_of_a_kind")
    mark(category == Category.STRAIGHT_FLUSH, "straight_flush")
    quads = category == Category.FOUR_OF_A_KIND
    low_kicker = (kicker >= 0) & (kicker <= 2)
    mark(quads & (top == _ACE) & low_kicker, "four_aces_with_2_4_kicker")
    mark(quads & (top == _ACE), "four_aces")
    mark(quads & (top <= 2) & (low_kicker | (kicker == _ACE)), "four_2_4_with_a_4_kicker")
    mark(quads & (top <= 2), "four_2_4")
    mark(quads, "four_5_k")
    for name, cat in (("full_house", Category.FULL_HOUSE), ("flush", Category.FLUSH),
                      ("straight", Category.STRAIGHT), ("three_of_a_kind", Category.THREE_OF_A_KIND),
                      ("two_pair", Category.TWO_PAIR)):
        mark(category == cat, name)
    pair = category == Category.PAIR
    mark(pair & (top >= _JACK), "jacks_or_better")
    mark(pair & (top >= _TEN), "tens_or_better")
    return out
