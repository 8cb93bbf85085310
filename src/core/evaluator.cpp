#include "evaluator.hpp"

#include <map>
#include <mutex>
#include <stdexcept>
#include <string>
#include <tuple>

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
    using Key = std::tuple<std::string, uint32_t, bool>;
    static std::mutex lock;
    static std::map<Key, std::shared_ptr<const Evaluator>, std::less<>> kept;
    constexpr std::size_t kMostKept = 64;
    Key key{std::string(ranking), wild_rank_mask, flush_duplicates};
    const std::lock_guard<std::mutex> hold(lock);
    if (const auto at = kept.find(key); at != kept.end()) return at->second;
    auto made = std::make_shared<const Evaluator>(ranking, wild_rank_mask, flush_duplicates);  // may throw: nothing kept
    if (kept.size() >= kMostKept) kept.clear();
    kept.emplace(std::move(key), made);
    return made;
}

}  // namespace wildeval
