// Exhaustive enumeration: how many of the C(52, n) hands fall in each category.
#pragma once

#include <array>
#include <cstdint>

#include "high.hpp"

namespace wildeval {

using CategoryCounts = std::array<uint64_t, kCategoryCount>;

// Every hand of n_cards (1-7) distinct cards, evaluated by `ev`; n_threads >= 1.
CategoryCounts census(const HighEvaluator& ev, int n_cards, int n_threads);

}  // namespace wildeval
