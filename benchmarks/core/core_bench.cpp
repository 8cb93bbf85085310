// The core's batch kernels without Python: M hands/s of each on the same seeded random rows, one
// thread, best of several repeats. Built only with -DWILDEVAL_BENCH=ON (see docs/performance.md):
//   cmake -S . -B build/bench -DWILDEVAL_BENCH=ON -DWILDEVAL_PYTHON=OFF && cmake --build build/bench
//   build/bench/wildeval_core_bench [rows] [repeats] [text: only the rows whose label holds it]
// Every kernel's values are checked against the per-hand path before they are timed; rows of
// wider integers are timed through the batch's path (evaluate_batch, as the Python batch reads
// them), and a kernel that reads them itself must take them all with the same values. Each case
// is timed under each row kernel this CPU runs; a ranking with fewer kernels (three-card poker
// has its own under AVX-512, AVX2 and NEON only) runs its fastest that the choice allows.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <memory>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "batch/batch.hpp"
#include "census.hpp"
#include "evaluator.hpp"
#include "batch/row_source.hpp"
#include "kernels/rows_kernel.hpp"

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
    int itemsize = 1;  // 2, 4, 8: the rows as a C-order array of integers that wide (the batch's path)
};

// The rows as integers of `itemsize` bytes, in memory order.
std::vector<uint8_t> widened(const std::vector<uint8_t>& rows, int itemsize) {
    std::vector<uint8_t> wide(rows.size() * static_cast<std::size_t>(itemsize));
    auto fill = [&](auto card) {
        using Card = decltype(card);
        for (std::size_t i = 0; i < rows.size(); ++i) {
            const Card c = rows[i];
            std::memcpy(wide.data() + i * sizeof(Card), &c, sizeof(Card));
        }
    };
    if (itemsize == 2) fill(uint16_t{});
    if (itemsize == 4) fill(uint32_t{});
    if (itemsize == 8) fill(uint64_t{});
    return wide;
}

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
    const char* only = argc > 3 ? argv[3] : nullptr;  // only the rows whose label holds this text
    const Case cases[] = {
        {"high, 7 cards", "high", 0, 7},
        {"high, 6 cards", "high", 0, 6},
        {"high, 5 cards", "high", 0, 5},
        {"high, 7 cards, wild 357", "high", ranks_mask("357"), 7},
        {"high, 6 cards, wild 357", "high", ranks_mask("357"), 6},
        {"high, 5 cards, wild 357", "high", ranks_mask("357"), 5},
        {"high, 7 cards, wild 2", "high", ranks_mask("2"), 7},
        {"high, 6 cards, wild 2", "high", ranks_mask("2"), 6},
        {"high, 5 cards, wild 2", "high", ranks_mask("2"), 5},
        {"low27, 7 cards", "low27", 0, 7},
        {"low27, 6 cards", "low27", 0, 6},
        {"low27, 5 cards", "low27", 0, 5},
        {"low_a5, 7 cards", "low_a5", 0, 7},
        {"low_a5, 6 cards", "low_a5", 0, 6},
        {"low_a5, 5 cards", "low_a5", 0, 5},
        {"high, 7 cards, int16 rows", "high", 0, 7, 2},
        {"high, 7 cards, int32 rows", "high", 0, 7, 4},
        {"high, 7 cards, int64 rows", "high", 0, 7, 8},
        {"high, 5 cards, wild 2, int64", "high", ranks_mask("2"), 5, 8},
        {"three_card_poker, wild 3", "three_card_poker", ranks_mask("3"), 3},
        {"badugi", "badugi", 0, 4},
    };
    // Every case's rows are made and checked first; then each repeat times every case under every
    // kernel in turn, so that a share of two rows' rates is of the same minutes of the machine.
    struct Prepared {
        const Case& c;
        const Evaluator ev;
        const std::vector<uint8_t> rows, wide;
        const RowSource source;
        double best[std::size(kRowsKernels)] = {};
        Prepared(const Case& c_, std::size_t n_rows)
            : c(c_), ev(c_.ranking, c_.wild_mask, true), rows(random_rows(n_rows, c_.cards, 20261130)),
              wide(widened(rows, c_.itemsize)),
              source(reinterpret_cast<const char*>(wide.data()), c_.cards * c_.itemsize, c_.itemsize, c_.itemsize, false, n_rows,
                     c_.cards) {}
        // the timed call: rows of bytes to the kernel, wider ones through the batch's path
        bool evaluate(int32_t* into) const {
            const std::size_t n_rows = source.rows();
            return c.itemsize == 1 ? ev.evaluate_rows(rows.data(), n_rows, c.cards, into) : !evaluate_batch(ev, source, 1, into);
        }
    };
    std::vector<std::unique_ptr<Prepared>> prepared;
    std::vector<int32_t> out(n), again(n);
    for (const Case& c : cases) {
        if (only != nullptr && std::strstr(c.label, only) == nullptr) continue;
        prepared.push_back(std::make_unique<Prepared>(c, n));
        const Prepared& p = *prepared.back();
        for (const RowsKernel kernel : kRowsKernels) {
            if (!rows_kernel_runs(kernel)) continue;
            use_rows_kernel(kernel);
            if (!p.ev.evaluate_rows(p.rows.data(), n, c.cards, out.data())) return std::printf("%s: duplicate reported\n", c.label), 1;
            for (std::size_t i = 0; i < n; i += 997)
                if (static_cast<uint32_t>(out[i]) != p.ev.evaluate(p.rows.data() + i * static_cast<std::size_t>(c.cards), c.cards))
                    return std::printf("%s: row %zu differs from the per-hand value\n", c.label, i), 1;
            if (c.itemsize == 1) continue;
            // wider rows: the same values, and a kernel that reads them itself takes them all (a
            // block it refused would be narrowed and evaluated again by the batch, unseen)
            std::vector<uint8_t> bytes(p.rows.size());
            const WideCards read{reinterpret_cast<const char*>(p.wide.data()), c.itemsize, bytes.data(), {}};
            if (p.ev.reads_wide(c.cards, c.itemsize) && (!p.ev.evaluate_wide_rows(n, c.cards, again.data(), read) || again != out))
                return std::printf("%s: kernel %s reads the rows wrong\n", c.label, rows_kernel_name(kernel)), 1;
            if (!p.evaluate(again.data()) || again != out)
                return std::printf("%s: the batch differs under kernel %s\n", c.label, rows_kernel_name(kernel)), 1;
        }
    }
    // Each case runs once untimed before its kernels are timed (the kernel timed first after a
    // change of case ran about 5 % slow on Zen 4), and every other repeat times the kernels in
    // the reverse order, so that no kernel is always the one timed first.
    constexpr std::size_t kKernels = std::size(kRowsKernels);
    for (int r = 0; r < repeats; ++r)
        for (const auto& p : prepared) {
            p->evaluate(out.data());
            for (std::size_t step = 0; step < kKernels; ++step) {
                const std::size_t k = r % 2 == 0 ? step : kKernels - 1 - step;
                if (!rows_kernel_runs(kRowsKernels[k])) continue;
                use_rows_kernel(kRowsKernels[k]);
                const auto start = std::chrono::steady_clock::now();
                p->evaluate(out.data());
                const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
                p->best[k] = std::max(p->best[k], static_cast<double>(n) / s / 1e6);
            }
        }
    std::printf("%zu random rows per kernel, one thread, best of %d; M hands/s (-: the kernel does not run here)\n\n%-28s",
                n, repeats, "rows");
    for (const RowsKernel kernel : kRowsKernels) std::printf(" %13s", rows_kernel_name(kernel));
    std::printf("\n");
    for (const auto& p : prepared) {
        std::printf("%-28s", p->c.label);
        for (const double rate : p->best) {
            if (rate > 0)
                std::printf(" %13.1f", rate);
            else
                std::printf(" %13s", "-");
        }
        std::printf("\n");
    }
    return 0;
}
