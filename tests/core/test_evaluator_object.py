"""The Evaluator as a Python object: how it is called (without an argument tuple, through one,
from subclasses), pickled and copied, and what an instance made without ``__init__`` does."""

from __future__ import annotations

import numpy as np
import pytest

from wildeval import Evaluator, _core
from wildeval.sampling import random_hands


def test_per_call_argument_errors() -> None:
    ev = Evaluator()
    # ev(cards) or ev(hole, board), positionally
    for args, kwargs in (((), {}), (([1], [2], [3]), {}), ((), {"cards": [1]}), (([1],), {"threads": 1}),
                         (([1],), {"board": [2]})):
        with pytest.raises(TypeError,
                           match=r"takes the cards, or the hole cards and the board: ev\(cards\), ev\(hole, board\)"):
            ev(*args, **kwargs)  # the call without an argument tuple
        with pytest.raises(TypeError, match="takes the cards, or the hole cards and the board"):
            ev.__call__(*args, **kwargs)  # through a tuple (tp_call)
    assert ev([51, 47], [43, 39, 35]) == ev([51, 47, 43, 39, 35])
    with pytest.raises(TypeError):
        ev.batch()  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        ev.batch([[1, 2]], 2)  # type: ignore[misc]  # threads is keyword-only
    with pytest.raises(TypeError):
        ev.batch([[1, 2]], thread=2)  # type: ignore[call-arg]


def test_every_way_of_calling_gives_the_same_value() -> None:
    """ev(cards) skips the argument tuple (vectorcall); the tuple path, a subclass made in Python
    (which takes the tuple path) and a subclass with a call of its own agree with it."""
    import functools

    class Mine(Evaluator):
        pass

    class Counting(Evaluator):
        calls = 0

        def __call__(self, cards: object) -> int:
            Counting.calls += 1
            return super().__call__(cards)  # type: ignore[arg-type]

    hand = "As Ks Qs Js Ts 2c 3d"
    value = Evaluator()(hand)
    assert Evaluator().__call__(hand) == functools.partial(Evaluator(), hand)() == value
    assert Mine()(hand) == Mine().__call__(hand) == value
    assert Counting()(hand) == value and Counting.calls == 1
    have_vectorcall = 1 << 11  # Py_TPFLAGS_HAVE_VECTORCALL
    assert Evaluator.__flags__ & have_vectorcall and _core.Evaluator.__flags__ & have_vectorcall
    assert not _core.fast_calls(Counting)  # its own call: left to it
    assert not Counting.__flags__ & have_vectorcall
    assert _core.fast_calls(Mine) and Mine.__flags__ & have_vectorcall and Mine()(hand) == value
    with pytest.raises(TypeError, match="subclass of _core.Evaluator"):
        _core.fast_calls(int)  # type: ignore[arg-type]


@pytest.mark.parametrize("settings", [("high", None, True), ("high", "357", False), ("low27", None, True),
                                      ("three_card_poker", "3", True)])
def test_an_evaluator_pickles_and_copies_as_its_settings(settings: tuple[str, str | None, bool]) -> None:
    import copy
    import pickle

    ranking, wild, flush_duplicates = settings
    ev = Evaluator(ranking, wild, flush_duplicates=flush_duplicates)  # type: ignore[arg-type]
    hands = random_hands(500, 3 if ranking == "three_card_poker" else 7, seed=4)
    for other in (pickle.loads(pickle.dumps(ev)), copy.copy(ev), copy.deepcopy(ev)):
        assert type(other) is Evaluator and repr(other) == repr(ev)
        assert (other.ranking, other.wild, other.flush_duplicates) == (ev.ranking, ev.wild, ev.flush_duplicates)
        assert np.array_equal(other.batch(hands), ev.batch(hands))


def test_an_evaluator_made_without_init_raises_instead_of_crashing() -> None:
    """``__new__`` alone (as a careless copy or unpickler might) leaves no C++ evaluator: every
    native method says so instead of reading through a null pointer."""
    message = "made without __init__"
    for cls in (Evaluator, _core.Evaluator):
        bare = cls.__new__(cls)
        with pytest.raises(TypeError, match=message):
            bare("As Ks Qs Js Ts")
        with pytest.raises(TypeError, match=message):
            bare.__call__("As Ks Qs Js Ts")
        with pytest.raises(TypeError, match=message):
            _core.Evaluator._batch(bare, np.zeros((1, 5), np.uint8), 1, None)
        with pytest.raises(TypeError, match=message):
            _core.Evaluator._census(bare, 5, 1)
        with pytest.raises(TypeError, match=message):
            _core.Evaluator._versus_field(bare, [0, 1], 1, 1, 0, 1, 1)


def test_evaluators_with_the_same_settings_are_equal() -> None:
    import pickle

    from wildeval import Evaluator

    assert Evaluator() == Evaluator() and hash(Evaluator()) == hash(Evaluator())
    assert Evaluator("high", "2") == Evaluator(wild=[0]) == pickle.loads(pickle.dumps(Evaluator(wild="2")))
    assert Evaluator() != Evaluator("low27") and Evaluator() != Evaluator(flush_duplicates=False)
    assert Evaluator(wild="2") != Evaluator(wild="3") and Evaluator() != "high"
    assert len({Evaluator(), Evaluator(), Evaluator("low_a5")}) == 2
