#include "census.hpp"

#include <stdexcept>

namespace wildeval {

CategoryCounts census(const Evaluator& ev, int n_cards, int n_threads, int lowest_from, int lowest_to) {
    if (n_cards < ev.spec().min_cards || n_cards > ev.spec().max_cards)
        throw std::invalid_argument("hand size outside the ranking's range");
    const int from = std::max(lowest_from, 0), to = std::min(lowest_to, kDeck);
    if (from >= to) return CategoryCounts{};
    return ev.ranking().census(n_cards, n_threads, from, to);
}

}  // namespace wildeval
