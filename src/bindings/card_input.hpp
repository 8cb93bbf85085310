// Cards from Python objects on the per-call path, without the general parser: a list or tuple
// of exact ints, text such as "As Kd 3h", or a one-dimensional buffer of integers (a numpy row).
// Each returns false for anything that is not plain or not right, and then the caller goes to
// the one parser (wildeval.cards.parse_cards) that says what is wrong: these never need an error
// message of their own.
#pragma once

#include <Python.h>

#include <cstdint>

#include "rankings/ranking.hpp"

namespace wildeval {

// Each writes the cards to `out` (room for kMaxCards) and their number to `n`; true only for
// distinct cards 0-51, as many as `spec` allows.
bool cards_from_ints(PyObject* cards, uint8_t* out, int& n, const RankingSpec& spec);
bool cards_from_text(PyObject* text, uint8_t* out, int& n, const RankingSpec& spec);
bool cards_from_buffer(PyObject* cards, uint8_t* out, int& n, const RankingSpec& spec);

}  // namespace wildeval
