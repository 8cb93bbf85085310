"""The per-call path's reliance on pybind11's instance layout (src/bindings/instance_layout.hpp
lists it): every assumption is seen to hold on real instances, so a pybind11 upgrade that breaks
one fails here by name, not by a wrong value or a crash elsewhere."""

import pytest

import wildeval
from wildeval import _core

ASSUMPTIONS = ("simple_layout", "holder_constructed", "value_is_the_cast", "vectorcall_held", "vectorcall_offset",
               "vectorcall_flag", "tp_call")


@pytest.mark.parametrize("make", [lambda: _core.Evaluator("high", 0, False), lambda: wildeval.Evaluator(wild="3"),
                                  lambda: wildeval.Evaluator(ranking="low27")],
                         ids=["core", "package-wild", "package-low27"])
def test_every_layout_assumption_holds(make: object) -> None:
    ev = make()  # type: ignore[operator]
    seen = _core._layout_checks(ev)
    assert seen["is_evaluator"] is True
    broken = [name for name in ASSUMPTIONS if seen[name] is not True]
    assert not broken, f"pybind11 {seen['pybind11']}: instance_layout.cpp's assumptions broken: {broken}"


def test_not_an_evaluator_is_told_apart() -> None:
    assert _core._layout_checks(object()) == {"is_evaluator": False}


def test_an_instance_without_init_is_refused_in_words() -> None:
    bare = _core.Evaluator.__new__(_core.Evaluator)
    with pytest.raises(TypeError, match="made without __init__"):
        bare("As Ks Qs Js Ts")


def test_the_fast_path_gives_the_general_paths_value() -> None:
    ev = wildeval.Evaluator()
    cards = [48, 44, 40, 36, 32]
    assert ev(cards) == ev("Ac Kc Qc Jc Tc") == int(ev.batch([cards])[0])
