// Exhaustive enumeration: how many of the C(52, n) hands fall in each category.
#pragma once

#include <array>
#include <cstdint>

#include "evaluator.hpp"

namespace wildeval {

using CategoryCounts = std::array<uint64_t, kCategoryCount>;

// Every hand of n_cards distinct cards (within the ranking's range) whose lowest card is in
// [lowest_from, lowest_to), evaluated by `ev` and counted by category; n_threads >= 1. The
// counts of disjoint ranges add up to those of the whole range (how a census is split up).
CategoryCounts census(const Evaluator& ev, int n_cards, int n_threads, int lowest_from = 0, int lowest_to = kDeck);

}  // namespace wildeval
