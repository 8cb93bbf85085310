#include "evaluator.hpp"

#include <stdexcept>
#include <string>

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

}  // namespace wildeval
