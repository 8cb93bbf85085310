// Exhaustive enumeration: how many of the C(52, n) hands fall in each category.
#pragma once

#include <array>
#include <cstdint>

#include "evaluator.hpp"

namespace wildeval {

using CategoryCounts = std::array<uint64_t, kCategoryCount>;

// Every hand of n_cards distinct cards (within the ranking's range), evaluated by `ev` and
// counted by category; n_threads >= 1.
CategoryCounts census(const Evaluator& ev, int n_cards, int n_threads);

}  // namespace wildeval
