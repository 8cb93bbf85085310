// The count table (count_table.hpp): every hand counted in the row of each of its subsets.
#include "videopoker/count_table.hpp"

#include <stdexcept>
#include <string>

#include "threads/parallel.hpp"
#include "videopoker/deal_classes.hpp"

namespace wildeval::videopoker {

void count_table(const uint8_t* hands, const uint8_t* column, std::size_t n, int columns, int32_t* table, int threads) {
    for (std::size_t i = 0; i < n; ++i) {
        if (column[i] >= columns)
            throw std::invalid_argument("hand " + std::to_string(i) + " has column " + std::to_string(column[i]) +
                                        " of " + std::to_string(columns));
        const uint8_t* hand = hands + i * kHandCards;
        for (int j = 0; j < kHandCards; ++j)
            if (hand[j] >= 52 || (j > 0 && hand[j] <= hand[j - 1]))
                throw std::invalid_argument("hand " + std::to_string(i) + " is not five cards 0-51, increasing");
    }
    const auto w = static_cast<uint64_t>(columns);
    run_tasks(threads, kHandCards + 1, [&](std::size_t k, int) {
        uint32_t masks[32];  // the holds of k cards
        int count = 0;
        for (uint32_t mask = 0; mask < 32; ++mask) {
            int bits = 0;
            for (int i = 0; i < kHandCards; ++i) bits += static_cast<int>(mask >> i & 1u);
            if (bits == static_cast<int>(k)) masks[count++] = mask;
        }
        int32_t* rows = table + sets_before(static_cast<int>(k)) * w;
        uint8_t held[kHandCards];
        for (std::size_t i = 0; i < n; ++i) {
            const uint8_t* hand = hands + i * kHandCards;
            for (int m = 0; m < count; ++m) {
                int h = 0;
                for (int j = 0; j < kHandCards; ++j)
                    if (masks[m] >> j & 1u) held[h++] = hand[j];
                ++rows[colex_index(held, h) * w + column[i]];
            }
        }
    });
}

}  // namespace wildeval::videopoker
