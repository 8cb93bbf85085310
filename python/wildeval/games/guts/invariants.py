"""The consistency checks of a guts game (:meth:`GutsGame.check_invariants`): the books balance,
the pot is what was anted, legs and streaks agree with the winner, the cards are as dealt.

>>> from wildeval.games.guts import GutsGame
>>> from wildeval.games.guts.rules import preset
>>> game = GutsGame(preset("three-five-seven"), ["A", "B"], seed=1).advance_to_decision()
>>> check_game(game)                      # a game as played: nothing to say
>>> game.legs["A"] = 99                   # a leg nobody won
>>> check_game(game)
Traceback (most recent call last):
...
wildeval.games.table.actions.InvariantError: GutsGame('three-five-seven', round 1, stage 1, phase declare, pot 2): ['A'] reached the goal but nobody won
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wildeval.games.guts.state import Phase
from wildeval.games.table import InvariantError

if TYPE_CHECKING:
    from wildeval.games.guts.engine import GutsGame

__all__ = ["check_game"]


def check_game(game: GutsGame) -> None:
    """Raise :class:`InvariantError`, naming the game, at the first inconsistency found."""
    def fail(message: str) -> None:
        raise InvariantError(f"{game!r}: {message}")

    try:
        game.books.check()
    except InvariantError as error:
        fail(str(error))
    if game.phase is not Phase.OVER and sum(game.anted.values()) != game.pot:
        fail(f"the pot holds {game.pot}, but {sum(game.anted.values())} was anted")
    goal = game.rules.win_count
    tally = game.legs if game.rules.win_by == "legs" else game.streaks
    reached = [p for p, n in tally.items() if n >= goal]
    if game.winner is None and reached:
        fail(f"{reached} reached the goal but nobody won")
    if game.winner is not None and reached != [game.winner]:
        fail(f"the winner is {game.winner} but {reached} reached the goal")
    if sum(1 for n in game.streaks.values() if n) > 1:
        fail(f"more than one streak is running: {game.streaks}")
    if any(n < 0 for n in list(game.legs.values()) + list(game.streaks.values())):
        fail("negative legs or streak")
    dealt = [c for p in game.players for c in game.hands[p]]
    if len(dealt) != len(set(dealt)):
        fail("a card was dealt twice")
    if game.phase in (Phase.DECLARE, Phase.SETTLE):
        n = game.rules.stages[game.stage].cards
        for p in game.seated:
            if len(game.hands[p]) != n:
                fail(f"{p} holds {len(game.hands[p])} cards at a {n}-card stage")
    if game.phase is Phase.OVER and game.pot != 0:
        fail("the game is over but the pot still holds chips")
