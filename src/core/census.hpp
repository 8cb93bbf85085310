// Exhaustive enumeration: how many of the C(52, n) hands fall in each category.
#pragma once

#include <algorithm>
#include <vector>

#include "evaluator.hpp"
#include "threads/parallel.hpp"
#include "rankings/ranking.hpp"

namespace wildeval {

// Every hand of n_cards distinct cards (within the ranking's range) whose lowest card is in
// [lowest_from, lowest_to), evaluated by `ev` and counted by category; n_threads >= 1. The
// counts of disjoint ranges add up to those of the whole range (how a census is split up).
CategoryCounts census(const Evaluator& ev, int n_cards, int n_threads, int lowest_from = 0, int lowest_to = kDeck);

// The counts of every worker, added up.
inline CategoryCounts add_up(const std::vector<CategoryCounts>& per_worker) {
    CategoryCounts total{};
    for (const auto& counts : per_worker)
        for (std::size_t i = 0; i < total.size(); ++i) total[i] += counts[i];
    return total;
}

namespace census_detail {

// Hands as card arrays in increasing order, one evaluate() per hand.
template <class Derived>
void walk(const Derived& ranking, uint8_t* cards, int depth, int n, int from, CategoryCounts& counts) {
    if (depth == n) {
        ++counts[ranking.category(ranking.evaluate(cards, n))];
        return;
    }
    for (int c = from; c <= kDeck - (n - depth); ++c) {
        cards[depth] = static_cast<uint8_t>(c);
        walk(ranking, cards, depth + 1, n, c + 1, counts);
    }
}

}  // namespace census_detail

template <class Derived>
CategoryCounts census_by_evaluate(const Derived& ranking, int n, int n_threads, int from, int to) {
    PerWorker<CategoryCounts> per_worker(n_threads);
    // Tasks: the two lowest cards (the lowest alone for one-card hands), so that work spreads
    // evenly over threads.
    run_tasks(n_threads, kDeck * kDeck, [&](std::size_t task, int worker) {
        const int a = static_cast<int>(task / kDeck), b = static_cast<int>(task % kDeck);
        if (a < from || a >= to) return;
        uint8_t cards[kMaxCards] = {static_cast<uint8_t>(a), static_cast<uint8_t>(b)};
        if (n == 1) {
            if (b == 0) ++per_worker[worker][ranking.category(ranking.evaluate(cards, 1))];
            return;
        }
        if (b <= a || b > kDeck - (n - 1)) return;
        census_detail::walk(ranking, cards, 2, n, b + 1, per_worker[worker]);
    });
    return add_up(per_worker.values());
}

}  // namespace wildeval
