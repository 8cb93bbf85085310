#include "evaluator.hpp"

#include <stdexcept>
#include <string>
#include <vector>

namespace wildeval {
namespace {

const RankingSpec& checked(std::string_view name, uint32_t wild_rank_mask) {
    const RankingSpec* spec = find_ranking(name);
    if (spec == nullptr) throw std::invalid_argument("unknown ranking '" + std::string(name) + "'");
    if (wild_rank_mask >= (1u << kRanks)) throw std::invalid_argument("wild rank mask out of range");
    if (wild_rank_mask != 0 && !spec->takes_wild)
        throw std::invalid_argument("wild cards are not supported for ranking '" + std::string(name) + "'");
    return *spec;
}

}  // namespace

Evaluator::Evaluator(std::string_view ranking, uint32_t wild_rank_mask, bool flush_duplicates)
    : spec_(&checked(ranking, wild_rank_mask)), ranking_(spec_->make(wild_rank_mask, flush_duplicates)) {}

std::shared_ptr<const Evaluator> kept_evaluator(std::string_view ranking, uint32_t wild_rank_mask,
                                                bool flush_duplicates) {
    // each thread its own (no lock, so nothing to be left held across a fork): the threads that
    // make engines are the caller's few
    struct Kept {
        std::string ranking;
        uint32_t wild_rank_mask;
        bool flush_duplicates;
        std::shared_ptr<const Evaluator> evaluator;
    };
    constexpr std::size_t kMostKept = 16;
    thread_local std::vector<Kept> kept;
    for (const Kept& k : kept)
        if (k.wild_rank_mask == wild_rank_mask && k.flush_duplicates == flush_duplicates && k.ranking == ranking)
            return k.evaluator;
    auto made = std::make_shared<const Evaluator>(ranking, wild_rank_mask, flush_duplicates);  // may throw: nothing kept
    if (kept.size() >= kMostKept) kept.clear();
    kept.push_back({std::string(ranking), wild_rank_mask, flush_duplicates, made});
    return made;
}

}  // namespace wildeval
