"""wildeval: a fast poker hand evaluator with wild ranks, five of a kind, guts and lowball rankings.

>>> from wildeval import Evaluator, parse_cards
>>> ev = Evaluator(wild="3")
>>> ev("3h Kc Kd") > ev("Qs Qh 9c")
True
>>> ev.describe(ev("3h Kc Kd"))
'Three of a kind, kings'
"""

from wildeval.cards import format_cards, parse_cards
from wildeval.evaluator import Evaluator, census
from wildeval.values import Category

__all__ = ["Category", "Evaluator", "census", "format_cards", "parse_cards"]
__version__ = "0.2.0.dev0"
