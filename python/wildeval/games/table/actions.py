"""The operations every game engine offers: ``verify``, ``can``, ``apply``, ``over``, ``check_invariants``.

An engine is a state machine driven by actions. For any action it can say why it is refused
(:meth:`Engine.verify` raises :class:`IllegalAction` in the words of the game, naming the
player and the action), whether it would be accepted (:meth:`Engine.can`), and do it
(:meth:`Engine.apply`: verify, then do; a refused action changes nothing). ``over`` says when
no action is left, and ``check_invariants()`` proves the books balance (:class:`InvariantError`
otherwise: a bug in the engine, never a player's fault).

A toy engine shows the shape: a counter that may be raised by 1 or 2 until it reaches 3.

>>> class Counter(Engine[int]):
...     def __init__(self) -> None:
...         self.count = 0
...     @property
...     def over(self) -> bool:
...         return self.count >= 3
...     def verify(self, action: int) -> int:
...         if self.over:
...             raise IllegalAction(f"cannot add {action}: the count is over")
...         if action not in (1, 2):
...             raise IllegalAction(f"cannot add {action!r}: add 1 or 2")
...         return action
...     def _do(self, action: int) -> None:
...         self.count += action
...     def check_invariants(self) -> None:
...         if not 0 <= self.count <= 4:
...             raise InvariantError(f"the count is {self.count}")
>>> game = Counter()
>>> game.can(2), game.can(5)
(True, False)
>>> game.apply(2); game.apply(5)
Traceback (most recent call last):
...
wildeval.games.table.actions.IllegalAction: cannot add 5: add 1 or 2
>>> game.count, game.over
(2, False)
>>> game.apply(1); game.over, isinstance(game, Operations)
(True, True)
"""

from __future__ import annotations

from typing import Any, Generic, Protocol, TypeVar, runtime_checkable

__all__ = ["Engine", "IllegalAction", "InvariantError", "Operations"]

A = TypeVar("A")


class IllegalAction(ValueError):
    """An action that the rules do not allow now; the message names the player and the action,
    and the game is left exactly as it was."""


class InvariantError(RuntimeError):
    """A broken bookkeeping invariant (a chip created or lost, a card dealt twice...): a bug in
    the engine, never a player's fault."""


@runtime_checkable
class Operations(Protocol[A]):
    """What code that drives any game (bots, replays, terminals, tests) may rely on."""

    @property
    def over(self) -> bool: ...

    def verify(self, action: A) -> A: ...

    def can(self, action: A) -> bool: ...

    def apply(self, action: A) -> object: ...  # None, or what was done (a draw Hand: the action)

    def check_invariants(self) -> None: ...


class Engine(Generic[A]):
    """A base for engines: write :meth:`verify` (every check, no change) and :meth:`_do` (the
    change, no check); :meth:`can` and :meth:`apply` follow from them. An engine's ``verify``
    may take more than the action (draw's ``Hand``: the seat that means to act), which ``can``
    and ``apply`` pass on."""

    @property
    def over(self) -> bool:
        """Whether the game has ended (no action is accepted any more)."""
        raise NotImplementedError

    def verify(self, action: A) -> A:
        """The action as it will be done (an engine may fill in an amount), if the rules allow
        it now; else :class:`IllegalAction` saying why. Never changes the game."""
        raise NotImplementedError

    def _do(self, action: A) -> None:
        """Do a verified action."""
        raise NotImplementedError

    def check_invariants(self) -> None:
        """Raise :class:`InvariantError` unless the state is consistent."""
        raise NotImplementedError

    def can(self, action: A, *where: Any, **named: Any) -> bool:
        """Whether :meth:`apply` would accept ``action`` now."""
        try:
            self.verify(action, *where, **named)
        except IllegalAction:
            return False
        return True

    def apply(self, action: A, *where: Any, **named: Any) -> object:
        """Do ``action`` if the rules allow it now, else raise :class:`IllegalAction` and change
        nothing. Returns None here; an engine may return what was done (draw's ``Hand``: the
        action with its amount)."""
        self._do(self.verify(action, *where, **named))
        return None
