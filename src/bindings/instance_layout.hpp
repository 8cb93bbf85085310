// Where wildeval relies on pybind11's and CPython's object layout, all in this one file: the
// per-call path (ev(cards)) skips pybind11's argument machinery.
//
// What it relies on, which a pybind11 upgrade must check (tests/core/test_instance_layout.py fails
// loudly when one of them breaks, and a static_assert in instance_layout.cpp names the pybind11
// major version this was last checked against):
// - pybind11::detail::instance: `simple_layout`, `simple_holder_constructed` and
//   `simple_value_holder[0]` (the C++ object) for a class with one C++ type and the default
//   holder: made_instance() reads the PyEvaluator from there;
// - py::custom_type_setup runs on the heap type before it is ready, so tp_call, tp_new,
//   tp_basicsize, tp_vectorcall_offset and Py_TPFLAGS_HAVE_VECTORCALL may be set there;
// - pybind11's tp_new (the base's) makes the instance, after which a vectorcall pointer is
//   written past its layout, at tp_vectorcall_offset (PEP 590).
#pragma once

#include <pybind11/pybind11.h>

#include "py_evaluator.hpp"

namespace wildeval {

// The Evaluator type's slots (tp_call, vectorcall, tp_new), set up before the type is ready.
void setup_evaluator_type(PyHeapTypeObject* heap_type);
// The type made with that setup; once, by register_evaluator.
void set_evaluator_type(PyTypeObject* type);
// The C++ object of a method's `self` (TypeError if it is not an Evaluator, or one made
// without __init__).
const PyEvaluator& made(pybind11::handle self);
// _core.fast_calls and _core._layout_checks.
void register_layout_functions(pybind11::module_& m);

}  // namespace wildeval
