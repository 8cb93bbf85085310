#include "census.hpp"

#include <algorithm>
#include <stdexcept>
#include <vector>

#include "parallel.hpp"

namespace wildeval {
namespace {

// Cards are added in increasing order, carrying the running sums, so each hand costs one add
// and one lookup in the innermost loop.
template <int Left, bool Wild>
void walk(const HighEvaluator& ev, int from, uint64_t key, uint64_t bits, CategoryCounts& counts) {
    for (int c = from; c <= kDeck - Left; ++c) {
        const uint64_t k = key + ev.word_key(c), b = bits + ev.word_bits(c);
        if constexpr (Left == 1) {
            ++counts[category_of(ev.finish<Wild>(k, b))];
        } else {
            walk<Left - 1, Wild>(ev, c + 1, k, b, counts);
        }
    }
}

template <int N, bool Wild>
CategoryCounts census_n(const HighEvaluator& ev, int n_threads, int from, int to) {
    // One task per lowest card; the early ones are the big ones, and tasks go out in order.
    std::vector<CategoryCounts> per_worker(static_cast<std::size_t>(n_threads), CategoryCounts{});
    to = std::min(to, kDeck - N + 1);
    run_tasks(n_threads, static_cast<std::size_t>(std::max(0, to - from)), [&](std::size_t task, int worker) {
        const int c = from + static_cast<int>(task);
        const uint64_t key = kSuitBias + ev.word_key(c), bits = ev.word_bits(c);
        if constexpr (N == 1) {
            ++per_worker[worker][category_of(ev.finish<Wild>(key, bits))];
        } else {
            walk<N - 1, Wild>(ev, c + 1, key, bits, per_worker[worker]);
        }
    });
    CategoryCounts total{};
    for (const auto& counts : per_worker)
        for (std::size_t i = 0; i < total.size(); ++i) total[i] += counts[i];
    return total;
}

template <int N>
CategoryCounts census_n(const HighEvaluator& ev, int n_threads, int from, int to) {
    return ev.has_wild() ? census_n<N, true>(ev, n_threads, from, to) : census_n<N, false>(ev, n_threads, from, to);
}

// Any ranking: hands as card arrays in increasing order, one evaluate() per hand.
void walk_cards(const Evaluator& ev, uint8_t* cards, int depth, int n, int from, CategoryCounts& counts) {
    if (depth == n) {
        ++counts[ev.category(ev.evaluate(cards, n))];
        return;
    }
    for (int c = from; c <= kDeck - (n - depth); ++c) {
        cards[depth] = static_cast<uint8_t>(c);
        walk_cards(ev, cards, depth + 1, n, c + 1, counts);
    }
}

CategoryCounts census_any(const Evaluator& ev, int n, int n_threads, int from, int to) {
    std::vector<CategoryCounts> per_worker(static_cast<std::size_t>(n_threads), CategoryCounts{});
    // Tasks: the two lowest cards, so that work spreads evenly over threads.
    run_tasks(n_threads, kDeck * kDeck, [&](std::size_t task, int worker) {
        const int a = static_cast<int>(task / kDeck), b = static_cast<int>(task % kDeck);
        if (a < from || a >= to || b <= a || b > kDeck - (n - 1)) return;
        uint8_t cards[kMaxCards] = {static_cast<uint8_t>(a), static_cast<uint8_t>(b)};
        walk_cards(ev, cards, 2, n, b + 1, per_worker[worker]);
    });
    CategoryCounts total{};
    for (const auto& counts : per_worker)
        for (std::size_t i = 0; i < total.size(); ++i) total[i] += counts[i];
    return total;
}

}  // namespace

CategoryCounts census(const Evaluator& ev, int n_cards, int n_threads, int lowest_from, int lowest_to) {
    if (n_cards < ev.spec().min_cards || n_cards > ev.spec().max_cards)
        throw std::invalid_argument("hand size outside the ranking's range");
    const int from = std::max(lowest_from, 0), to = std::min(lowest_to, kDeck);
    if (from >= to) return CategoryCounts{};
    if (ev.spec().ranking != Ranking::kHigh) return census_any(ev, n_cards, n_threads, from, to);
    const HighEvaluator& high = ev.high();
    switch (n_cards) {
        case 1: return census_n<1>(high, n_threads, from, to);
        case 2: return census_n<2>(high, n_threads, from, to);
        case 3: return census_n<3>(high, n_threads, from, to);
        case 4: return census_n<4>(high, n_threads, from, to);
        case 5: return census_n<5>(high, n_threads, from, to);
        case 6: return census_n<6>(high, n_threads, from, to);
        default: return census_n<7>(high, n_threads, from, to);
    }
}

}  // namespace wildeval
