// What each registration file adds to the module (module.cpp calls them in turn).
#pragma once

#include <pybind11/pybind11.h>

void register_evaluator(pybind11::module_& m);  // register_evaluator.cpp: the Evaluator class
void register_tables(pybind11::module_& m);     // register_tables.cpp: rankings, tables, kernels
void register_pool(pybind11::module_& m);       // register_pool.cpp: threads, the worker pool, interrupts
void register_equity(pybind11::module_& m);     // register_equity.cpp: the equity engine (EquityEngine)
void register_guts(pybind11::module_& m);       // register_guts.cpp: whole guts games, played natively
void register_videopoker(pybind11::module_& m);  // register_videopoker.cpp: whole video poker games
void register_abstraction(pybind11::module_& m);  // register_abstraction.cpp: canonical hand indexing
