// The Evaluator class's C++ object, as Python holds it: every argument converted and checked
// here, at the border, before the GIL is released; the work itself is the core's (evaluator.hpp,
// batch.hpp, census.hpp, field.hpp). register_evaluator.cpp binds it; instance_layout.cpp reads
// it straight out of a Python instance for the per-call path.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <cstdint>
#include <string>
#include <vector>

#include "evaluator.hpp"

namespace wildeval {

// threads=: None (every hardware thread) or an int >= 1, capped at kMaxThreads.
int resolve_threads(const pybind11::object& threads);
// "a 'high' hand has 1 to 7 cards, <what> <got>"
std::string size_error(const RankingSpec& spec, std::size_t got, const char* what);

class PyEvaluator {
public:
    // std::invalid_argument (a ValueError in Python) for settings the core refuses
    PyEvaluator(const std::string& ranking, uint32_t wild_rank_mask, bool flush_duplicates)
        : core_(ranking, wild_rank_mask, flush_duplicates) {}

    const Evaluator& core() const { return core_; }

    // ev(cards)
    uint32_t evaluate_object(PyObject* cards) const;
    // ev(hole, board): for a split ranking its two parts, for another the union of them.
    uint32_t evaluate_parts(PyObject* hole_obj, PyObject* board_obj) const;
    // `out`: None, or an int32 array of one value per row to write into (checked in Python).
    pybind11::array batch(const pybind11::array& hands, const pybind11::object& threads_arg,
                          const pybind11::object& out_arg) const;
    // Two-part rows (uint8, C-contiguous, cards checked): false if a pair of rows holds a card twice.
    bool batch_parts(const pybind11::array& holes, const pybind11::array& boards, const pybind11::object& threads_arg,
                     pybind11::array& out) const;
    // Category counts over every hand of n_cards whose lowest card is in [lowest_from, lowest_to).
    pybind11::list census(int n_cards, const pybind11::object& threads_arg, int lowest_from, int lowest_to) const;
    // cards: distinct cards of the evaluator's size; mode: 1 or 2 = every deal to that many
    // opponents, 0 = `trials` sampled deals (chunks first_chunk.. of them). (win, tie, lose).
    pybind11::tuple versus_field(const std::vector<int>& cards, int opponents, int mode, uint64_t trials, uint64_t seed,
                                 const pybind11::object& threads_arg, uint64_t first_chunk, uint64_t chunks) const;

private:
    static constexpr int kMaxHand = 2 * kMaxCards;  // a part's cards, read before its size is checked
    static int read_part(PyObject* cards, uint8_t* out, int fewest, int most);
    uint32_t in_deck(const uint8_t* cards, int n) const;
    void check_deck(const uint8_t* cards, int n) const;

    Evaluator core_;
};

}  // namespace wildeval
