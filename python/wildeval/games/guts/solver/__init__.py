"""A solver for the legs guts games: when to stay in against players who think.

``versus_field`` answers how often a hand is the best against random hands; at a guts table the
hands that stay in are not random. :func:`solve` finds, for a preset (or any
:class:`~wildeval.games.guts.rules.GutsRules` on a running tab) and 2 to 7 players, a
strategy every player plays: per information set (what a player sees when they declare: the
stage, pot, every player's legs seat by seat, who declared in before, what the earlier stages
of the deal showed), the weakest hand to stay in with, refined on whole games until staying in
and going out are worth about the same at each threshold. It is not an exact equilibrium:
:func:`exploitability` measures on fresh games what a best response over what a player sees
gains against it. :class:`SolverBot` plays it in
``simulate`` and ``play``. docs/solver.md says what is modelled and what is not.

- :mod:`~wildeval.games.guts.solver.deals`: the deals (every seat from one deck) and the
  strength scales;
- :mod:`~wildeval.games.guts.solver.model`: a stage played on many deals at once;
- :mod:`~wildeval.games.guts.solver.iterate`: values and thresholds, the best response;
- :mod:`~wildeval.games.guts.solver.strategy`: :func:`solve` and :class:`Strategy`;
- :mod:`~wildeval.games.guts.solver.games`: whole games played by strategies;
- :mod:`~wildeval.games.guts.solver.response`: a best response that sees what a player sees;
- :mod:`~wildeval.games.guts.solver.measure`: :func:`exploitability`;
- :mod:`~wildeval.games.guts.solver.native`: whole games played natively, decisions flipped;
- :mod:`~wildeval.games.guts.solver.infosets`: the strategy refined over information sets;
- :mod:`~wildeval.games.guts.solver.toy`: the toy game with a closed form;
- :mod:`~wildeval.games.guts.solver.small`: a two-stage game solved exactly, the yardstick for
  the refinement's rule;
- :mod:`~wildeval.games.guts.solver.bot`: :class:`SolverBot`.
"""

from __future__ import annotations

from wildeval.games.guts.solver.bot import SolverBot
from wildeval.games.guts.solver.measure import Exploitability, exploitability
from wildeval.games.guts.solver.strategy import Settings, Strategy, Threshold, solve

__all__ = ["Exploitability", "Settings", "SolverBot", "Strategy", "Threshold", "exploitability", "solve"]
