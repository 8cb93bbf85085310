// A whole video poker game under perfect play, exactly: every class of deals up to suit renaming
// (deal_classes.hpp) valued hold by hold, its best hold taken, and the final classes of that hold
// counted for every deal of the class. The Python side (wildeval.videopoker.game) classifies the
// hands and has count_table.hpp build the count table; this core plays the deals with it.
//
// The count table (count_table.hpp; wildeval.videopoker.counting.draw_counts) holds, for every set U of 0 to 5
// cards (by sets_before(|U|) + colex_index(U)), how many five-card hands of each final class
// (its columns) hold U. For a deal D and a hold S the final hands are counted by inclusion-
// exclusion over the thrown cards, sum over S <= U <= D of (-1)^|U - S| table(U): the 32 rows of D
// looked up, then one Mobius pass per card (superset differences) gives all 32 holds at once.
//
// A hold of k cards is valued as sum over columns of count * pay, times weight[k] (the outcomes
// one final hand of a k-card hold stands for, so that every deal weighs the same): the best hold
// is the first of the most valuable in the tie order (more cards first, then the lower mask: bit i
// holds the deal's i-th lowest card). Suit renaming keeps every value, so a deal's most valuable
// holds are its class representative's mapped to the deal; where several tie, each deal takes the
// first of them in the order of its own cards, and its counts are those of the representative's
// hold it maps to.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace wildeval::videopoker {

inline constexpr int kHolds = 32;
inline constexpr int kMaxColumns = 32;
inline constexpr int64_t kMaxPay = 100000;  // a column's pay, over the pay table's common denominator

struct GameTable {
    const int32_t* counts = nullptr;  // [sets_before(6)][columns], the count table
    int columns = 0;
    std::vector<int64_t> pays;     // per column, integers over a common denominator
    std::vector<int64_t> weights;  // per hold size 0-5
    void check() const;            // std::invalid_argument names what is wrong
};

// The final classes of the best holds of some classes of deals: by_size[k * columns + c] counts
// the final hands of column c of the best holds of k cards (over every deal, each counted once,
// not yet weighted), holds_by_size[k] the deals whose best hold has k cards.
struct GameCounts {
    std::vector<int64_t> by_size;
    int64_t holds_by_size[6] = {};
    explicit GameCounts(int columns = 0) : by_size(static_cast<std::size_t>(6 * columns), 0) {}
    void add(const GameCounts& other);
};

// The 32 holds of a deal (five cards increasing): found[mask * columns + c].
void hold_counts(const GameTable& table, const uint8_t* deal, int64_t* found);

// Plays classes [first, first + n) of deal_classes() on `threads` threads: writes the best hold
// of each of their deals into strategy[deal index] (kDeals entries) and returns their counts.
// The counts do not depend on the threads (integer sums).
GameCounts play_classes(const GameTable& table, std::size_t first, std::size_t n, uint8_t* strategy, int threads);

}  // namespace wildeval::videopoker
