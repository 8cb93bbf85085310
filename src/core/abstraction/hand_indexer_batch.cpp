// Canonical hand indexing in batches (hand_indexer.hpp): rows checked, indexed 16 at a time by the
// AVX-512 kernel (hand_indexer_avx512.cpp), by the BMI2 kernel where the CPU extracts fast
// (hand_indexer_bmi2.cpp), or by index() elsewhere, on the worker pool.
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

bool HandIndexer::can_run(IndexKernel kernel, int round) const {
#if defined(WILDEVAL_INDEXER_BMI2)
    const CpuFeatures& cpu = cpu_features();
    switch (kernel) {
        case IndexKernel::kBmi2: return cpu.avx2;
        case IndexKernel::kAvx512: return cpu.avx512 && cpu.avx2 && avx512_fits(round);
        default: return true;
    }
#else
    (void)round;
    return kernel == IndexKernel::kAuto || kernel == IndexKernel::kPortable;
#endif
}

void HandIndexer::index_many(const uint8_t* cards, std::size_t n, int round, uint64_t* out, int threads,
                             IndexKernel kernel) const {
    const int width = cards_in(round);
    if (!can_run(kernel, round))
        throw std::invalid_argument("that kernel cannot run on this CPU for these rounds");
#if defined(WILDEVAL_INDEXER_BMI2)
    const CpuFeatures& cpu = cpu_features();
    if (kernel == IndexKernel::kAuto)
        kernel = can_run(IndexKernel::kAvx512, round) ? IndexKernel::kAvx512
                 : cpu.avx2 && cpu.deposit_fast        ? IndexKernel::kBmi2  // pext runs as fast as pdep
                                                       : IndexKernel::kPortable;
    const bool bmi2 = kernel != IndexKernel::kPortable;
#endif
    std::atomic<std::size_t> bad{n};
    run_tasks(threads, (n + kRowsPerTask - 1) / kRowsPerTask, [&](std::size_t task, int) {
        const std::size_t end = std::min(n, (task + 1) * kRowsPerTask);
#if defined(WILDEVAL_INDEXER_BMI2)
        if (bmi2) {
            std::size_t stop = end;
            if (kernel == IndexKernel::kAvx512) {
                stop = rows_avx512(cards, task * kRowsPerTask, end, n, round, out);
            } else {
                switch (round) {
                    case 0: stop = rows_bmi2<1>(cards, task * kRowsPerTask, end, round, out); break;
                    case 1: stop = rows_bmi2<2>(cards, task * kRowsPerTask, end, round, out); break;
                    case 2: stop = rows_bmi2<3>(cards, task * kRowsPerTask, end, round, out); break;
                    case 3: stop = rows_bmi2<4>(cards, task * kRowsPerTask, end, round, out); break;
                    default: stop = rows_bmi2<0>(cards, task * kRowsPerTask, end, round, out); break;
                }
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
