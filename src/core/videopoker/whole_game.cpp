// The whole game's core (whole_game.hpp): the 32 holds of a deal by inclusion-exclusion, the best
// hold of each class of deals, its counts for every deal of the class.
#include "videopoker/whole_game.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "bits.hpp"
#include "threads/parallel.hpp"
#include "videopoker/deal_classes.hpp"

namespace wildeval::videopoker {

namespace {

constexpr std::size_t kClassesPerTask = 256;

int hold_size(uint32_t mask) { return popcount32(mask); }

// True when deal hold a comes before deal hold b in the tie order: more cards, then lower mask.
bool earlier(uint32_t a, uint32_t b) {
    const int sa = hold_size(a), sb = hold_size(b);
    return sa != sb ? sa > sb : a < b;
}

}  // namespace

void GameTable::check() const {
    if (counts == nullptr) throw std::invalid_argument("the count table is missing");
    if (columns < 1 || columns > kMaxColumns)
        throw std::invalid_argument("the count table has 1 to " + std::to_string(kMaxColumns) + " columns, not " +
                                    std::to_string(columns));
    if (static_cast<int>(pays.size()) != columns)
        throw std::invalid_argument("one pay per column of the count table: " + std::to_string(columns) + " columns, " +
                                    std::to_string(pays.size()) + " pays");
    for (int64_t pay : pays)
        if (pay < 0 || pay > kMaxPay)
            throw std::invalid_argument("a pay must be from 0 to " + std::to_string(kMaxPay) + ", not " +
                                        std::to_string(pay));
    if (weights.size() != 6) throw std::invalid_argument("one weight per hold size 0 to 5");
    for (int k = 0; k <= kHandCards; ++k) {
        const int64_t w = weights[static_cast<std::size_t>(k)];
        // a hold's value is at most its draws times the largest pay times its weight: keep it in 62 bits
        if (w < 1 || w > (int64_t{1} << 62) / kMaxPay / static_cast<int64_t>(choose(47, kHandCards - k)))
            throw std::invalid_argument("the weight of a hold of " + std::to_string(k) + " cards is out of range");
    }
    // the empty set's row counts every five-card hand once
    int64_t hands = 0;
    for (int c = 0; c < columns; ++c) hands += counts[c];
    if (hands != static_cast<int64_t>(kDeals))
        throw std::invalid_argument("the count table's first row must count all 2,598,960 hands, not " +
                                    std::to_string(hands));
}

void GameCounts::add(const GameCounts& other) {
    for (std::size_t i = 0; i < by_size.size(); ++i) by_size[i] += other.by_size[i];
    for (int k = 0; k < 6; ++k) holds_by_size[k] += other.holds_by_size[k];
}

void hold_counts(const GameTable& table, const uint8_t* deal, int64_t* found) {
    const int w = table.columns;
    uint8_t held[kHandCards];
    for (uint32_t mask = 0; mask < kHolds; ++mask) {
        int k = 0;
        for (int i = 0; i < kHandCards; ++i)
            if (mask >> i & 1u) held[k++] = deal[i];
        const int32_t* row = table.counts + (sets_before(k) + colex_index(held, k)) * static_cast<uint64_t>(w);
        for (int c = 0; c < w; ++c) found[mask * static_cast<uint32_t>(w) + static_cast<uint32_t>(c)] = row[c];
    }
    // Mobius over supersets: the draws that hold a thrown card taken from the hold that throws it
    for (int bit = 0; bit < kHandCards; ++bit)
        for (uint32_t mask = 0; mask < kHolds; ++mask)
            if (!(mask >> bit & 1u)) {
                int64_t* without = found + mask * static_cast<uint32_t>(w);
                const int64_t* with = found + (mask | 1u << bit) * static_cast<uint32_t>(w);
                for (int c = 0; c < w; ++c) without[c] -= with[c];
            }
}

GameCounts play_classes(const GameTable& table, std::size_t first, std::size_t n, uint8_t* strategy, int threads) {
    const DealClasses& classes = deal_classes();
    if (first > classes.classes() || n > classes.classes() - first)
        throw std::invalid_argument("classes " + std::to_string(first) + " to " + std::to_string(first + n) +
                                    " are not all among the " + std::to_string(classes.classes()));
    const int w = table.columns;
    PerWorker<GameCounts> parts(threads, GameCounts(w));
    const std::size_t tasks = (n + kClassesPerTask - 1) / kClassesPerTask;
    run_tasks(threads, tasks, [&](std::size_t task, int worker) {
        GameCounts& out = parts[worker];
        int64_t found[kHolds * kMaxColumns];
        const std::size_t begin = first + task * kClassesPerTask;
        const std::size_t end = std::min(begin + kClassesPerTask, first + n);
        for (std::size_t c = begin; c < end; ++c) {
            hold_counts(table, classes.representative[c].data(), found);
            int64_t value[kHolds];
            int64_t best = -1;
            for (uint32_t mask = 0; mask < kHolds; ++mask) {
                const int64_t* counts = found + mask * static_cast<uint32_t>(w);
                int64_t total = 0;
                for (int col = 0; col < w; ++col) total += counts[col] * table.pays[static_cast<std::size_t>(col)];
                value[mask] = total * table.weights[static_cast<std::size_t>(hold_size(mask))];
                if (value[mask] > best) best = value[mask];
            }
            uint32_t tied = 0;  // bit m: the representative's hold m is worth the most
            for (uint32_t mask = 0; mask < kHolds; ++mask)
                if (value[mask] == best) tied |= 1u << mask;
            // how many deals of the class take each of the representative's holds
            int64_t taken[kHolds] = {};
            const uint32_t* deal = classes.deals.data() + classes.first_deal[c];
            const uint32_t* deals_end = classes.deals.data() + classes.first_deal[c + 1];
            if (popcount32(tied) == 1) {
                const uint32_t only = static_cast<uint32_t>(lowest_bit(tied));
                for (; deal != deals_end; ++deal)
                    strategy[*deal] = static_cast<uint8_t>(hold_of_deal(only, classes.position[*deal]));
                taken[only] = classes.deals_in_class[c];
            } else {
                for (; deal != deals_end; ++deal) {
                    uint32_t chosen = 0, chosen_deal_hold = 0;
                    bool any = false;
                    for (uint32_t rest = tied; rest != 0; rest &= rest - 1) {
                        const auto mask = static_cast<uint32_t>(lowest_bit(rest));
                        const uint32_t own = hold_of_deal(mask, classes.position[*deal]);
                        if (!any || earlier(own, chosen_deal_hold)) {
                            chosen = mask;
                            chosen_deal_hold = own;
                            any = true;
                        }
                    }
                    strategy[*deal] = static_cast<uint8_t>(chosen_deal_hold);
                    ++taken[chosen];
                }
            }
            for (uint32_t mask = 0; mask < kHolds; ++mask) {
                if (taken[mask] == 0) continue;
                const int k = hold_size(mask);
                out.holds_by_size[k] += taken[mask];
                int64_t* row = out.by_size.data() + k * w;
                const int64_t* counts = found + mask * static_cast<uint32_t>(w);
                for (int col = 0; col < w; ++col) row[col] += counts[col] * taken[mask];
            }
        }
    });
    GameCounts total(w);
    for (const GameCounts& part : parts.values()) total.add(part);
    return total;
}

}  // namespace wildeval::videopoker
