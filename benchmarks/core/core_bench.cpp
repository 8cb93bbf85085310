// The core's batch kernels without Python: M hands/s of each on the same seeded random rows, one
// thread, best of several repeats. Built only with -DWILDEVAL_BENCH=ON (see docs/performance.md):
//   cmake -S . -B build/bench -DWILDEVAL_BENCH=ON -DWILDEVAL_PYTHON=OFF && cmake --build build/bench
//   build/bench/wildeval_core_bench [rows] [repeats]
// Every kernel's values are checked against the per-hand path before they are timed. Each case
// is timed under each row kernel this CPU runs (portable, AVX2, AVX-512); a ranking with fewer
// kernels (three-card poker has no AVX2 one) runs its fastest that the choice allows.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <iterator>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "census.hpp"
#include "evaluator.hpp"
#include "rows_kernel.hpp"

using namespace wildeval;

namespace {

// n rows of `cards` distinct cards each, uniformly random (a seeded partial shuffle per row).
std::vector<uint8_t> random_rows(std::size_t n, int cards, uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::vector<uint8_t> rows(n * static_cast<std::size_t>(cards));
    uint8_t deck[kDeck];
    std::iota(deck, deck + kDeck, uint8_t{0});
    for (std::size_t i = 0; i < n; ++i)
        for (int j = 0; j < cards; ++j) {
            const std::size_t k = static_cast<std::size_t>(j) + rng() % static_cast<uint64_t>(kDeck - j);
            std::swap(deck[j], deck[k]);
            rows[i * static_cast<std::size_t>(cards) + static_cast<std::size_t>(j)] = deck[j];
        }
    return rows;
}

struct Case {
    const char* label;
    const char* ranking;
    uint32_t wild_mask;
    int cards;
};

uint32_t ranks_mask(const char* ranks) {
    const std::string chars = "23456789TJQKA";
    uint32_t mask = 0;
    for (const char* p = ranks; *p; ++p) mask |= 1u << chars.find(*p);
    return mask;
}

}  // namespace

int main(int argc, char** argv) {
    const std::size_t n = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 5'000'000;
    const int repeats = argc > 2 ? std::atoi(argv[2]) : 7;
    const Case cases[] = {
        {"high, 7 cards", "high", 0, 7},
        {"high, 6 cards", "high", 0, 6},
        {"high, 5 cards", "high", 0, 5},
        {"high, 7 cards, wild 357", "high", ranks_mask("357"), 7},
        {"high, 5 cards, wild 2", "high", ranks_mask("2"), 5},
        {"low27, 7 cards", "low27", 0, 7},
        {"low27, 6 cards", "low27", 0, 6},
        {"low27, 5 cards", "low27", 0, 5},
        {"low_a5, 7 cards", "low_a5", 0, 7},
        {"low_a5, 6 cards", "low_a5", 0, 6},
        {"low_a5, 5 cards", "low_a5", 0, 5},
        {"three_card_poker, wild 3", "three_card_poker", ranks_mask("3"), 3},
        {"badugi", "badugi", 0, 4},
    };
    std::printf("%zu random rows per kernel, one thread, best of %d; M hands/s (-: the kernel does not run here)\n\n%-28s",
                n, repeats, "rows");
    for (const RowsKernel kernel : kRowsKernels) std::printf(" %13s", rows_kernel_name(kernel));
    std::printf("\n");
    std::vector<int32_t> out(n);
    for (const Case& c : cases) {
        const Evaluator ev(c.ranking, c.wild_mask, true);
        const std::vector<uint8_t> rows = random_rows(n, c.cards, 20261130);
        std::printf("%-28s", c.label);
        // each kernel's values checked, then the kernels timed in turn, repeat by repeat
        double best[std::size(kRowsKernels)] = {};
        for (const RowsKernel kernel : kRowsKernels) {
            if (!rows_kernel_runs(kernel)) continue;
            use_rows_kernel(kernel);
            if (!ev.evaluate_rows(rows.data(), n, c.cards, out.data())) return std::printf("duplicate reported\n"), 1;
            for (std::size_t i = 0; i < n; i += 997)
                if (static_cast<uint32_t>(out[i]) != ev.evaluate(rows.data() + i * static_cast<std::size_t>(c.cards), c.cards))
                    return std::printf("%s: row %zu differs from the per-hand value\n", c.label, i), 1;
        }
        for (int r = 0; r < repeats; ++r)
            for (std::size_t k = 0; k < std::size(kRowsKernels); ++k) {
                if (!rows_kernel_runs(kRowsKernels[k])) continue;
                use_rows_kernel(kRowsKernels[k]);
                const auto start = std::chrono::steady_clock::now();
                ev.evaluate_rows(rows.data(), n, c.cards, out.data());
                const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
                best[k] = std::max(best[k], static_cast<double>(n) / s / 1e6);
            }
        for (std::size_t k = 0; k < std::size(kRowsKernels); ++k) {
            if (best[k] > 0)
                std::printf(" %13.1f", best[k]);
            else
                std::printf(" %13s", "-");
        }
        std::printf("\n");
    }
    return 0;
}
