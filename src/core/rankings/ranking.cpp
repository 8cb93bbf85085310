// What every ranking has unless it does better: a hand given in two parts, valued as one.
#include <algorithm>
#include <vector>

#include "rankings/ranking.hpp"

namespace wildeval {

bool Ranking::evaluate_parts_rows(const uint8_t* holes, int n_hole, const uint8_t* boards, int n_board,
                                  std::size_t n_rows, int32_t* out) const {
    constexpr std::size_t kChunk = 1024;  // rows joined at a time
    const int n = n_hole + n_board;
    std::vector<uint8_t> joined(kChunk * static_cast<std::size_t>(n));
    bool distinct = true;
    for (std::size_t first = 0; first < n_rows; first += kChunk) {
        const std::size_t rows = std::min(kChunk, n_rows - first);
        for (std::size_t i = 0; i < rows; ++i) {
            uint8_t* row = joined.data() + i * static_cast<std::size_t>(n);
            std::copy_n(holes + (first + i) * static_cast<std::size_t>(n_hole), n_hole, row);
            std::copy_n(boards + (first + i) * static_cast<std::size_t>(n_board), n_board, row + n_hole);
        }
        distinct = evaluate_rows(joined.data(), rows, n, out + first) && distinct;
    }
    return distinct;
}

}  // namespace wildeval
