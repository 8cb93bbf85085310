"""Video poker, exactly: pay tables as data (:mod:`~wildeval.videopoker.paytables`), the exact
value of every hold of a dealt hand (:func:`analyse_hand`), and the return of a whole game under
perfect play (:func:`analyse_game`; many tables at once, on Dask too: :func:`analyse_games`), wild
ranks included (Deuces Wild).

Everything is counted, nothing sampled: a hold's value is a fraction over every draw, and a
game's return a fraction over every deal and draw (2,598,960 deals, each weighted by the draws
of its best hold: 19,933,230,517,200 equally likely deal-and-draw outcomes in all).
"""

from __future__ import annotations

from wildeval.videopoker.game import GameAnalysis, analyse_game, analyse_games
from wildeval.videopoker.holds import Hold, analyse_hand, best_hold
from wildeval.videopoker.paytables import CLASSES, PRESETS, PayTable, parse_paytable, preset

__all__ = ["CLASSES", "PRESETS", "GameAnalysis", "Hold", "PayTable", "analyse_game", "analyse_games", "analyse_hand",
           "best_hold", "parse_paytable", "preset"]
