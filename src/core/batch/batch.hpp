// A batch of rows evaluated on several threads, in blocks: the one place that splits a batch
// into parts and blocks, checks each block's cards just before it is evaluated (row_source.hpp),
// and says which row was refused and why. The bindings convert the arguments and the refusal;
// nothing here touches Python, so it runs with the GIL released.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>

#include "evaluator.hpp"
#include "batch/row_source.hpp"

namespace wildeval {

// A batch is cut into tasks of at most this many rows (128 KiB of results) and at least
// kFewestRowsPerTask, multiples of RowSource::kBlockRows, handed out one at a time to the worker
// pool's threads (parallel.hpp), so that a busy core delays one task, not a share of the batch.
// Tasks are made small enough for every thread to get about kTasksPerThread (a 1,000,000-row
// batch on 16 threads is 244 tasks, not 31: with 5 rounds of tasks and a few left for the sixth,
// the threads idled 15 % of the call), but no smaller than kFewestRowsPerTask: a batch of at most
// that many rows runs on the calling thread alone.
inline constexpr std::size_t kRowsPerThread = std::size_t{1} << 15;
inline constexpr std::size_t kFewestRowsPerTask = RowSource::kBlockRows;
inline constexpr std::size_t kTasksPerThread = 16;

// A batch's tasks, the cuts placed where the output starts a cache line (the first task takes
// the rows before the first line start too), so that no two workers ever write one cache line.
// The cuts depend on the rows, the thread count and the output's address; the values written
// never do.
class RowCuts {
public:
    static constexpr std::size_t kCacheLine = 64;
    RowCuts(std::size_t n_rows, int threads, const int32_t* out) : n_(n_rows) {
        const std::size_t share = n_rows / (kTasksPerThread * static_cast<std::size_t>(std::max(threads, 1)));
        per_ = std::clamp(share / kFewestRowsPerTask * kFewestRowsPerTask, kFewestRowsPerTask, kRowsPerThread);
        const auto at = reinterpret_cast<std::uintptr_t>(out);
        if (at % sizeof(int32_t) == 0) first_ = (kCacheLine - at % kCacheLine) % kCacheLine / sizeof(int32_t);
    }
    std::size_t parts() const { return n_ <= first_ ? 1 : (n_ - first_ + per_ - 1) / per_; }
    std::size_t begin(std::size_t part) const { return part == 0 ? 0 : std::min(n_, first_ + part * per_); }
    std::size_t end(std::size_t part) const { return std::min(n_, first_ + (part + 1) * per_); }

private:
    std::size_t n_;
    std::size_t per_;
    std::size_t first_ = 0;  // rows before the output's first cache line start
};

// Why a batch was refused: nothing (every value written), a value that is not a card (0-51),
// a card twice in a row, or a card outside the ranking's deck. The row is the first refused.
struct BatchRefusal {
    enum class Kind { kNone, kNotACard, kDuplicate, kOutsideDeck };
    Kind kind = Kind::kNone;
    std::size_t row = 0;
    int card = 0;       // kDuplicate, kOutsideDeck
    std::string value;  // kNotACard: the integer as written
    explicit operator bool() const { return kind != Kind::kNone; }
};

// Every row of `source` into `out` (one value a row) on up to `threads` threads.
BatchRefusal evaluate_batch(const Evaluator& ev, const RowSource& source, int threads, int32_t* out);

// Rows of hole cards and boards (bytes, C order, each card checked 0-51 and in the deck) into
// `out`; false if a hole and its board share a card.
bool evaluate_parts_batch(const Evaluator& ev, const uint8_t* holes, int n_hole, const uint8_t* boards, int n_board,
                          std::size_t n_rows, int threads, int32_t* out);

}  // namespace wildeval
