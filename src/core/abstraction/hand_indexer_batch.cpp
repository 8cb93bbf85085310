// Canonical hand indexing in batches (hand_indexer.hpp): rows checked, indexed by the BMI2 kernel
// where the CPU extracts fast (hand_indexer.cpp) or by index() elsewhere, on the worker pool.
#include <algorithm>
#include <atomic>
#include <stdexcept>
#include <string>

#include "abstraction/hand_indexer.hpp"
#include "kernels/cpu.hpp"
#include "threads/parallel.hpp"

namespace wildeval::abstraction {

namespace {
constexpr std::size_t kRowsPerTask = 1 << 15;
}  // namespace

void HandIndexer::index_many(const uint8_t* cards, std::size_t n, int round, uint64_t* out, int threads,
                             bool portable) const {
    const int width = cards_in(round);
#if defined(WILDEVAL_INDEXER_BMI2)
    const CpuFeatures& cpu = cpu_features();
    const bool bmi2 = cpu.avx2 && cpu.deposit_fast && !portable;  // pext runs as fast as pdep
#else
    (void)portable;
#endif
    std::atomic<std::size_t> bad{n};
    run_tasks(threads, (n + kRowsPerTask - 1) / kRowsPerTask, [&](std::size_t task, int) {
        const std::size_t end = std::min(n, (task + 1) * kRowsPerTask);
#if defined(WILDEVAL_INDEXER_BMI2)
        if (bmi2) {
            std::size_t stop = end;
            switch (round) {
                case 0: stop = rows_bmi2<1>(cards, task * kRowsPerTask, end, round, out); break;
                case 1: stop = rows_bmi2<2>(cards, task * kRowsPerTask, end, round, out); break;
                case 2: stop = rows_bmi2<3>(cards, task * kRowsPerTask, end, round, out); break;
                case 3: stop = rows_bmi2<4>(cards, task * kRowsPerTask, end, round, out); break;
                default: stop = rows_bmi2<0>(cards, task * kRowsPerTask, end, round, out); break;
            }
            if (stop < end) {
                std::size_t was = bad.load();
                while (stop < was && !bad.compare_exchange_weak(was, stop)) {}
            }
            return;
        }
#endif
        for (std::size_t row = task * kRowsPerTask; row < end; ++row) {
            const uint8_t* hand = cards + row * static_cast<std::size_t>(width);
            if (!cards_apart(hand, width)) {
                std::size_t was = bad.load();
                while (row < was && !bad.compare_exchange_weak(was, row)) {}
                return;
            }
            out[row] = index(hand, round);
        }
    });
    const std::size_t row = bad.load();
    if (row < n)
        throw std::invalid_argument("hand " + std::to_string(row) + ": " +
                                    check(cards + row * static_cast<std::size_t>(width), width));
}

void HandIndexer::unindex_many(const uint64_t* indices, std::size_t n, int round, uint8_t* out, int threads) const {
    const uint64_t limit = size(round);
    for (std::size_t i = 0; i < n; ++i)
        if (indices[i] >= limit)
            throw std::invalid_argument("index " + std::to_string(indices[i]) + " (at " + std::to_string(i) +
                                        ") is not below " + std::to_string(limit) + ", the classes of round " +
                                        std::to_string(round));
    const auto width = static_cast<std::size_t>(cards_in(round));
    run_tasks(threads, (n + kRowsPerTask - 1) / kRowsPerTask, [&](std::size_t task, int) {
        const std::size_t end = std::min(n, (task + 1) * kRowsPerTask);
        for (std::size_t i = task * kRowsPerTask; i < end; ++i) unindex(round, indices[i], out + i * width);
    });
}

}  // namespace wildeval::abstraction
