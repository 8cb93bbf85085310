// The count table of a video poker game's final classes: for every set U of 0 to 5 cards, how
// many five-card hands of each class hold U (whole_game.hpp reads it; wildeval.videopoker.counting
// builds it here). Row sets_before(|U|) + colex_index(U) (deal_classes.hpp), one column per class.
#pragma once

#include <cstddef>
#include <cstdint>

namespace wildeval::videopoker {

// Adds every hand of `hands` (n rows of five cards, increasing) to the rows of its 32 subsets in
// `table` (sets_before(6) rows of `columns`, zeroed by the caller), in the column column[i] of
// hand i (0 <= column < columns, checked first: std::invalid_argument). One task per subset size,
// each writing only its own rows, on `threads` threads: the same table on any number.
void count_table(const uint8_t* hands, const uint8_t* column, std::size_t n, int columns, int32_t* table, int threads);

}  // namespace wildeval::videopoker
