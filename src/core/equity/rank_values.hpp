// Each hand's values on every multiset of the ranks to come, kept for a count (the block tally's
// add_rank_values, block_tally.hpp; count_by_ranks in equity_exact.cpp).
//
// Where no flush can come, a hand's value on a completion of the board depends on the hand and the
// completion's ranks alone: not on the other players' cards, which change only how many ways
// (completions) each multiset of ranks has. So each hand of each player is valued once for every
// multiset of the k ranks to come, the first time it is held, and every set of hands it is in is
// tallied from those values with the multisets' ways, without a sum or a table read. The ways of a
// multiset are the product over its ranks of C(that rank's cards left, the rank's count in it); for
// k >= 3 they are kept by the counts of each rank left (sets of hands of the same ranks share them).
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <unordered_map>
#include <vector>

#include "cards.hpp"
#include "hand.hpp"
#include "rankings/ranking.hpp"
#include "equity/tally.hpp"

namespace wildeval::equity_engine {

// C(a, b) for a rank's cards left (a <= 4) and those taken (b <= a): the ways of a multiset of
// ranks, read without a division (here and in equity_exact.cpp's walks).
inline constexpr int32_t kChooseOfSuits[kSuits + 1][kSuits + 1] = {
    {1, 0, 0, 0, 0}, {1, 1, 0, 0, 0}, {1, 2, 1, 0, 0}, {1, 3, 3, 1, 0}, {1, 4, 6, 4, 1}};

// The multisets of k ranks (each rank at most four times), in a fixed order: for k <= 2,
// kRankPairOf's (tally.hpp: rank j for one card); for more, rank by rank, each rank's count from 0
// up. Each multiset as up to five (rank, count) entries, rank << 3 | count, the rest (13, 0).
struct RankMultisets {
    static constexpr int kMostCards = 5, kEntries = 5;
    static constexpr uint8_t kNone = kRanks << 3;  // rank 13 (four cards "left", none taken)
    std::vector<uint8_t> entries;  // kEntries a multiset
    std::size_t size() const { return entries.size() / kEntries; }

    // The table for k cards, 1 <= k <= kMostCards, made once.
    static const RankMultisets& of(int k) {
        static const std::array<RankMultisets, kMostCards + 1> tables = [] {
            std::array<RankMultisets, kMostCards + 1> out{};
            for (int n = 1; n <= kMostCards; ++n) out[static_cast<std::size_t>(n)] = make(n);
            return out;
        }();
        return tables[static_cast<std::size_t>(k)];
    }

private:
    static RankMultisets make(int k) {
        RankMultisets out;
        auto add = [&](const int* counts) {
            std::size_t at = out.entries.size();
            out.entries.resize(at + kEntries, kNone);
            for (int r = 0; r < kRanks; ++r)
                if (counts[r] > 0) out.entries[at++] = static_cast<uint8_t>(r << 3 | counts[r]);
        };
        int counts[kRanks] = {};
        if (k <= 2) {
            for (int j = 0; j < rank_multisets(k); ++j) {
                std::fill(std::begin(counts), std::end(counts), 0);
                if (k == 1) {
                    counts[j] = 1;
                } else {
                    ++counts[kRankPairOf[static_cast<std::size_t>(j)].low];
                    ++counts[kRankPairOf[static_cast<std::size_t>(j)].high];
                }
                add(counts);
            }
            return out;
        }
        auto walk = [&](auto& self, int rank, int left) -> void {
            if (left == 0) {
                add(counts);
                return;
            }
            if (rank == kRanks) return;
            for (int n = 0; n <= std::min(left, kSuits); ++n) {
                counts[rank] = n;
                self(self, rank + 1, left - n);
            }
            counts[rank] = 0;
        };
        walk(walk, 0, k);
        return out;
    }
};

class RankValues {
public:
    // The most memory the values may take for one count (each worker's tally keeps its own):
    // past it, the count walks the multisets as before.
    static constexpr std::size_t kBudgetBytes = std::size_t{64} << 20;
    static constexpr uint64_t kMostPieces = 8;
    static constexpr std::size_t kMostTimes = 1024;  // ways kept for at most this many counts of ranks left

    // Ready for a count with k cards to come, cut into `pieces` slices of the multisets, of the
    // players whose hands' sums (with the board so far) are hand_sums[p]: none valued yet. False
    // where the values would not fit the budget (or k or pieces are out of range).
    bool set_up(int k, uint64_t pieces, const CardParts& parts, const std::vector<Hand>* hand_sums, std::size_t players) {
        k_ = 0;
        if (k < 1 || k > RankMultisets::kMostCards || pieces < 1 || pieces > kMostPieces) return false;
        const RankMultisets& sets = RankMultisets::of(k);
        std::size_t hands = 0;
        for (std::size_t p = 0; p < players; ++p) hands += hand_sums[p].size();
        if (hands * sets.size() * sizeof(int32_t) > kBudgetBytes) return false;
        k_ = k;
        sets_ = &sets;
        pieces_ = pieces;
        keys_.resize(sets.size());
        uint64_t unit[kRanks + 1];
        for (int r = 0; r < kRanks; ++r) unit[r] = parts[4 * r].key & kRankPart;
        unit[kRanks] = 0;
        for (std::size_t j = 0; j < sets.size(); ++j) {
            uint64_t key = 0;
            for (int e = 0; e < RankMultisets::kEntries; ++e) {
                const uint8_t entry = sets.entries[j * RankMultisets::kEntries + static_cast<std::size_t>(e)];
                key += static_cast<uint64_t>(entry & 7) * unit[entry >> 3];
            }
            keys_[j] = key;
        }
        for (std::size_t p = 0; p < players; ++p) {
            const std::size_t n = hand_sums[p].size() * sets.size();
            if (capacity_[p] < n) {  // not filled: pages of hands never held stay untouched
                values_[p].reset(new int32_t[n]);
                capacity_[p] = n;
            }
            filled_[p].assign(hand_sums[p].size(), 0);
        }
        times_.clear();
        return true;
    }

    // The values' memory given back where a player's takes more than `keep` bytes, and the ways
    // kept: a tally kept for its thread's next count (block_tally.hpp's keep_tally) holds no large
    // buffer (wide ranges preflop make tens of MB). set_up makes them again.
    void trim(std::size_t keep) {
        for (std::size_t p = 0; p < kMaxPlayers; ++p) {
            if (capacity_[p] * sizeof(int32_t) <= keep) continue;
            values_[p].reset();
            capacity_[p] = 0;
            std::vector<uint8_t>().swap(filled_[p]);
        }
        std::unordered_map<uint64_t, std::vector<int32_t>>().swap(times_);
        k_ = 0;
    }

    int k() const { return k_; }
    std::size_t size() const { return keys_.size(); }
    // The multisets of slice `piece` of the count's pieces: [first, last).
    std::size_t first(uint64_t piece) const { return size() * piece / pieces_; }

    // Hand i of player p's values on the multisets of slice `piece` (at their places: values[j]
    // for j in the slice), valued now if not yet: `held` is the hand's sum with the board so far.
    const int32_t* values(std::size_t p, std::size_t i, const Hand& held, uint64_t piece, const Ranking& ranking,
                          int cols) {
        int32_t* out = values_[p].get() + i * size();
        const uint8_t bit = static_cast<uint8_t>(1u << piece);
        if (!(filled_[p][i] & bit)) {
            const std::size_t from = first(piece), to = first(piece + 1);
            constexpr std::size_t kStep = 256;
            Hand sums[kStep];
            for (std::size_t at = from; at < to; at += kStep) {
                const std::size_t m = std::min(kStep, to - at);
                for (std::size_t j = 0; j < m; ++j) sums[j] = Hand::card(((held.key + keys_[at + j]) & kRankPart) + kSuitBias, 0);
                ranking.evaluate_sums(sums, m, cols, out + at);
            }
            filled_[p][i] |= bit;
        }
        return out;
    }

    // The ways of every multiset (k >= 3), with of_rank[r] cards of rank r left: made once for
    // each counts of ranks left in a count.
    const int32_t* times(const int* of_rank) {
        uint64_t signature = 0;
        for (int r = 0; r < kRanks; ++r) signature |= static_cast<uint64_t>(of_rank[r]) << (3 * r);
        if (times_.size() >= kMostTimes && times_.find(signature) == times_.end()) times_.clear();
        std::vector<int32_t>& out = times_[signature];
        if (out.empty()) {
            int left[kRanks + 1];
            std::copy(of_rank, of_rank + kRanks, left);
            left[kRanks] = 0;
            out.resize(size());
            const uint8_t* entry = sets_->entries.data();
            for (std::size_t j = 0; j < size(); ++j, entry += RankMultisets::kEntries) {
                int32_t ways = 1;
                for (int e = 0; e < RankMultisets::kEntries; ++e) ways *= kChooseOfSuits[left[entry[e] >> 3]][entry[e] & 7];
                out[j] = ways;
            }
        }
        return out.data();
    }

private:
    int k_ = 0;
    const RankMultisets* sets_ = nullptr;
    uint64_t pieces_ = 1;
    std::vector<uint64_t> keys_;  // each multiset's rank key
    std::unique_ptr<int32_t[]> values_[kMaxPlayers];  // player p's hand i's values at i * size() on
    std::size_t capacity_[kMaxPlayers] = {};
    std::vector<uint8_t> filled_[kMaxPlayers];  // the slices of hand i valued, a bit each
    std::unordered_map<uint64_t, std::vector<int32_t>> times_;  // by the counts of ranks left (k >= 3)
};

}  // namespace wildeval::equity_engine
