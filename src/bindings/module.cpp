// pybind11 bindings of the core: this file only registers; each concept has its register_*.cpp.
#include <pybind11/pybind11.h>

#include "register.hpp"

PYBIND11_MODULE(_core, m) {
    m.doc() = "wildeval's native core (private: use the wildeval package)";
    register_evaluator(m);
    register_tables(m);
    register_pool(m);
    register_equity(m);
    register_guts(m);
    register_videopoker(m);
    register_abstraction(m);
}
