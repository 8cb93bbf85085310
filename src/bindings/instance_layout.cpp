#include "instance_layout.hpp"

#include <cstring>

namespace py = pybind11;

// Checked against pybind11 3.x: read the list in instance_layout.hpp against a new major
// version before allowing it in pyproject.toml.
static_assert(PYBIND11_VERSION_MAJOR == 3, "instance_layout.cpp relies on pybind11 3's instance layout");

namespace wildeval {

namespace {

PyTypeObject* evaluator_type = nullptr;  // set by register_evaluator

// The C++ object of `self`, an Evaluator instance (its own call slots get nothing else), read
// right in pybind11's simple layout (the general cast looks the type up on every call). One made
// by Evaluator.__new__ alone (no __init__) has none: its holder was never constructed.
const PyEvaluator& made_instance(PyObject* self) {
    auto* inst = reinterpret_cast<py::detail::instance*>(self);
    if (!inst->simple_layout) return py::handle(self).cast<const PyEvaluator&>();
    if (!inst->simple_holder_constructed)
        throw py::type_error("this Evaluator was made without __init__: it holds no evaluator");
    return *static_cast<const PyEvaluator*>(inst->simple_value_holder[0]);
}

// ev(cards), the per-call hot path, without pybind11's argument machinery; ev(hole, board) when
// `board` is given.
PyObject* call_one(PyObject* self, PyObject* cards, PyObject* board = nullptr) {
    try {
        const PyEvaluator& ev = made_instance(self);
        return PyLong_FromUnsignedLong(board == nullptr ? ev.evaluate_object(cards) : ev.evaluate_parts(cards, board));
    } catch (py::error_already_set& e) {
        e.restore();
    } catch (py::builtin_exception& e) {
        e.set_error();
    } catch (std::exception& e) {
        PyErr_SetString(PyExc_RuntimeError, e.what());
    }
    return nullptr;
}

PyObject* one_argument_only() {
    PyErr_SetString(PyExc_TypeError, "an Evaluator takes the cards, or the hole cards and the board: ev(cards), ev(hole, board)");
    return nullptr;
}

// tp_call: the call through an argument tuple (a subclass made in Python that fast_calls did
// not mark, PyObject_Call).
PyObject* evaluator_call(PyObject* self, PyObject* args, PyObject* kwargs) {
    const Py_ssize_t n = PyTuple_GET_SIZE(args);
    if ((kwargs != nullptr && PyDict_GET_SIZE(kwargs) != 0) || n < 1 || n > 2) return one_argument_only();
    return call_one(self, PyTuple_GET_ITEM(args, 0), n == 2 ? PyTuple_GET_ITEM(args, 1) : nullptr);
}

// The call without an argument tuple (vectorcall, PEP 590): each instance holds a pointer to it
// past pybind11's instance layout, written by evaluator_new, at the type's tp_vectorcall_offset.
PyObject* evaluator_vectorcall(PyObject* self, PyObject* const* args, std::size_t nargsf, PyObject* kwnames) {
    const Py_ssize_t n = PyVectorcall_NARGS(nargsf);
    if ((kwnames != nullptr && PyTuple_GET_SIZE(kwnames) != 0) || n < 1 || n > 2) return one_argument_only();
    return call_one(self, args[0], n == 2 ? args[1] : nullptr);
}

Py_ssize_t vectorcall_at = 0;  // where an instance holds it
newfunc instance_new = nullptr;  // pybind11's tp_new

PyObject* evaluator_new(PyTypeObject* type, PyObject* args, PyObject* kwargs) {
    PyObject* self = instance_new(type, args, kwargs);
    if (self != nullptr) {
        const vectorcallfunc call = evaluator_vectorcall;
        std::memcpy(reinterpret_cast<char*>(self) + vectorcall_at, &call, sizeof call);
    }
    return self;
}

}  // namespace

// The Evaluator type: tp_call, and room for the vectorcall pointer after the instance layout.
void setup_evaluator_type(PyHeapTypeObject* heap_type) {
    PyTypeObject& type = heap_type->ht_type;
    type.tp_call = evaluator_call;
    constexpr Py_ssize_t kAlign = alignof(vectorcallfunc);
    vectorcall_at = (type.tp_basicsize + kAlign - 1) / kAlign * kAlign;
    type.tp_basicsize = vectorcall_at + static_cast<Py_ssize_t>(sizeof(vectorcallfunc));
    type.tp_vectorcall_offset = vectorcall_at;
    type.tp_flags |= Py_TPFLAGS_HAVE_VECTORCALL;
    instance_new = type.tp_base->tp_new;
    type.tp_new = evaluator_new;
}


void set_evaluator_type(PyTypeObject* type) { evaluator_type = type; }

// The same for the `self` of a method, which a caller may pass anything as.
const PyEvaluator& made(py::handle self) {
    if (!PyObject_TypeCheck(self.ptr(), evaluator_type)) throw py::type_error("not an Evaluator");
    return made_instance(self.ptr());
}

void register_layout_functions(py::module_& m) {
    m.def(
        "fast_calls",
        [](py::handle cls) {
            // A class made in Python inherits the vectorcall slot but, before Python 3.12, not the
            // flag that lets calls use it: set here for a subclass that keeps Evaluator's call.
            auto* type = reinterpret_cast<PyTypeObject*>(cls.ptr());
            if (!PyType_Check(cls.ptr()) || !PyType_IsSubtype(type, evaluator_type))
                throw py::type_error("fast_calls takes a subclass of _core.Evaluator");
            if (type->tp_call != evaluator_call || type->tp_vectorcall_offset != vectorcall_at) return false;
            type->tp_flags |= Py_TPFLAGS_HAVE_VECTORCALL;
            PyType_Modified(type);
            return true;
        },
        py::arg("cls"), "Lets calls of an Evaluator subclass skip the argument tuple; false where its call is its own.");
    m.def(
        "_layout_checks",
        [](py::handle ev) {
            // What this file relies on, seen on a made Evaluator (tests/core/test_instance_layout.py).
            py::dict seen;
            auto* inst = reinterpret_cast<py::detail::instance*>(ev.ptr());
            const bool is_evaluator = PyObject_TypeCheck(ev.ptr(), evaluator_type) != 0;
            seen["is_evaluator"] = is_evaluator;
            if (!is_evaluator) return seen;
            seen["simple_layout"] = static_cast<bool>(inst->simple_layout);
            seen["holder_constructed"] = static_cast<bool>(inst->simple_layout && inst->simple_holder_constructed);
            seen["value_is_the_cast"] =
                inst->simple_layout && inst->simple_value_holder[0] == static_cast<const void*>(&ev.cast<const PyEvaluator&>());
            vectorcallfunc held = nullptr;
            std::memcpy(&held, reinterpret_cast<char*>(ev.ptr()) + vectorcall_at, sizeof held);
            seen["vectorcall_held"] = held == evaluator_vectorcall;
            PyTypeObject* type = Py_TYPE(ev.ptr());
            seen["vectorcall_offset"] = type->tp_vectorcall_offset == vectorcall_at;
            seen["vectorcall_flag"] = (type->tp_flags & Py_TPFLAGS_HAVE_VECTORCALL) != 0;
            seen["tp_call"] = type->tp_call == evaluator_call;
            seen["pybind11"] = std::to_string(PYBIND11_VERSION_MAJOR) + "." + std::to_string(PYBIND11_VERSION_MINOR);
            return seen;
        },
        py::arg("ev"), "What the per-call path relies on in pybind11's instance layout, seen on `ev` (for the tests).");
}

}  // namespace wildeval
