// Who takes each board of a block (the equity engine's block tally, block_tally.hpp): every player's
// value on each board in, counts of the boards each player wins alone or ties k ways out. Also the
// multisets of the ranks one or two cards to come can bring, tallied with their ways (tally_few).
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>

#include "batch/card_count.hpp"
#include "bits.hpp"
#include "equity/equity.hpp"

namespace wildeval::equity_engine {

// Board i's best value among P players (values[p][i]): eq[p] = -1 where player p holds it, else
// 0; returns minus how many hold it. Without a branch, for loops the compiler vectorises.
template <int P>
inline int32_t holders_of_best(const int32_t* const* values, std::size_t i, int32_t* eq) {
    int32_t x[P];
#pragma GCC unroll 10
    for (int p = 0; p < P; ++p) x[p] = values[p][i];
    int32_t best = x[0], k = 0;
#pragma GCC unroll 10
    for (int p = 1; p < P; ++p) best = x[p] > best ? x[p] : best;
#pragma GCC unroll 10
    for (int p = 0; p < P; ++p) {
        eq[p] = -static_cast<int32_t>(x[p] == best);
        k += eq[p];
    }
    return k;
}

// Adds to count[p * (P + 1) + k] the boards on which player p holds one of the k best values
// (k = 1: alone), each board i counting times[i] (times == nullptr: once); returns the boards
// counted. Two players need no branch (who wins is a coin toss); for more, the player count is a
// template argument so that each player's wins alone stay in a register, and boards with a tie
// (rare) take a branch of their own.
template <int P>
int64_t tally_players(const int32_t* const* values, const int64_t* times, std::size_t n, int64_t* count) {
    static_assert(P >= 2 && P <= kMaxPlayers);
    constexpr std::size_t kStride = P + 1;
    int64_t boards = 0;
    if constexpr (P == 2) {
        const int32_t* a = values[0];
        const int32_t* b = values[1];
        int64_t first = 0, second = 0;
        if (times == nullptr) {
            for (std::size_t i = 0; i < n; ++i) {
                first += a[i] > b[i];
                second += b[i] > a[i];
            }
            boards = static_cast<int64_t>(n);
        } else {
            for (std::size_t i = 0; i < n; ++i) {
                first += times[i] * (a[i] > b[i]);
                second += times[i] * (b[i] > a[i]);
                boards += times[i];
            }
        }
        count[1] += first;
        count[2] += boards - first - second;
        count[kStride + 1] += second;
        count[kStride + 2] += boards - first - second;
        return boards;
    } else if (times == nullptr) {
        // each board once: who holds the best value alone, without a branch (written so that the
        // compiler vectorises the loop: compares as 0 or -1, the maximum as a select), and the
        // boards with a tie (rare) in a second pass
        const int32_t* v[P];
        for (int p = 0; p < P; ++p) v[p] = values[p];
        int32_t alone[P] = {};
        constexpr std::size_t kChunk = 256;
        int32_t held_best[kChunk];  // each board's count of best values, less one (0: one alone)
        for (std::size_t from = 0; from < n; from += kChunk) {
            const std::size_t m = std::min(kChunk, n - from);
            int32_t ties = 0;
            for (std::size_t i = 0; i < m; ++i) {
                int32_t eq[P];
                const int32_t k = holders_of_best<P>(v, from + i, eq);
                const int32_t single = -static_cast<int32_t>(k == -1);
#pragma GCC unroll 10
                for (int p = 0; p < P; ++p) alone[p] -= single & eq[p];
                ties -= ~single;
                held_best[i] = -k - 1;
            }
            for (std::size_t i = 0; i < m && ties > 0; ++i) {
                if (held_best[i] == 0) continue;
                --ties;
                const std::size_t k = static_cast<std::size_t>(held_best[i]) + 1;
                int32_t best = v[0][from + i];
                for (int p = 1; p < P; ++p) best = std::max(best, v[p][from + i]);
                for (int p = 0; p < P; ++p)
                    if (v[p][from + i] == best) count[static_cast<std::size_t>(p) * kStride + k] += 1;
            }
        }
        for (int p = 0; p < P; ++p) count[static_cast<std::size_t>(p) * kStride + 1] += alone[p];
        return static_cast<int64_t>(n);
    } else {
        int64_t alone[P] = {};
        for (std::size_t i = 0; i < n; ++i) {
            const int64_t t = times == nullptr ? 1 : times[i];
            int32_t best = values[0][i];
            for (int p = 1; p < P; ++p) best = std::max(best, values[p][i]);
            int k = 0;
            for (int p = 0; p < P; ++p) k += values[p][i] == best;
            if (WILDEVAL_LIKELY(k == 1)) {
                for (int p = 0; p < P; ++p) alone[p] += t * (values[p][i] == best);
            } else {
                for (int p = 0; p < P; ++p)
                    if (values[p][i] == best) count[static_cast<std::size_t>(p) * kStride + static_cast<std::size_t>(k)] += t;
            }
            boards += t;
        }
        for (int p = 0; p < P; ++p) count[static_cast<std::size_t>(p) * kStride + 1] += alone[p];
        return boards;
    }
}

// The multisets of ranks one or two cards to come can bring (a turn, a river, or both): rank j
// (one card), or kRankPairOf[j]'s two ranks, low <= high (two cards).
inline constexpr int kRankPairs = kRanks * (kRanks + 1) / 2;
struct RankPair {
    uint8_t low, high;
};
constexpr std::array<RankPair, kRankPairs> rank_pairs() {
    std::array<RankPair, kRankPairs> out{};
    int j = 0;
    for (int a = 0; a < kRanks; ++a)
        for (int b = a; b < kRanks; ++b) out[static_cast<std::size_t>(j++)] = {static_cast<uint8_t>(a), static_cast<uint8_t>(b)};
    return out;
}
inline constexpr std::array<RankPair, kRankPairs> kRankPairOf = rank_pairs();
constexpr int rank_multisets(int k) { return k == 1 ? kRanks : kRankPairs; }

// The same for a few boards of few ways each (BlockTally::add_rank_values: the multisets of the
// ranks to come, at most 6,175 of them with at most 4^5 ways each, some 0): n * max |times[i]|
// must stay below 2^31.
// Every sum in 32 bits and no branch, so that the compiler vectorises the loop; boards with a
// tie in a second pass.
template <int P>
int64_t tally_few_players(const int32_t* const* values, const int32_t* times, std::size_t n, int64_t* count) {
    static_assert(P >= 2 && P <= kMaxPlayers);
    constexpr std::size_t kStride = P + 1;
    const int32_t* v[P];
    for (int p = 0; p < P; ++p) v[p] = values[p];
    int32_t alone[P] = {}, boards = 0, ties = 0;
    for (std::size_t i = 0; i < n; ++i) {
        int32_t eq[P];
        const int32_t k = holders_of_best<P>(v, i, eq);
        const int32_t t = times[i], single = -static_cast<int32_t>(k == -1);
#pragma GCC unroll 10
        for (int p = 0; p < P; ++p) alone[p] += t & single & eq[p];
        ties |= ~single;
        boards += t;
    }
    for (std::size_t i = 0; i < n && ties != 0; ++i) {
        int32_t best = v[0][i];
        for (int p = 1; p < P; ++p) best = std::max(best, v[p][i]);
        std::size_t k = 0;
        for (int p = 0; p < P; ++p) k += v[p][i] == best;
        if (k == 1) continue;
        for (int p = 0; p < P; ++p)
            if (v[p][i] == best) count[static_cast<std::size_t>(p) * kStride + k] += times[i];
    }
    for (int p = 0; p < P; ++p) count[static_cast<std::size_t>(p) * kStride + 1] += alone[p];
    return boards;
}

// The tallies with the player count as a template argument (with_card_count's dispatch to a
// compile-time constant serves any such count: 2 to kMaxPlayers here).
inline int64_t tally_few(std::size_t players, const int32_t* const* values, const int32_t* times, std::size_t n,
                         int64_t* count) {
    return with_card_count<2, kMaxPlayers>(static_cast<int>(players), [&](auto p) {
        return tally_few_players<decltype(p)::value>(values, times, n, count);
    });
}

inline int64_t tally(std::size_t players, const int32_t* const* values, const int64_t* times, std::size_t n,
                     int64_t* count) {
    return with_card_count<2, kMaxPlayers>(static_cast<int>(players), [&](auto p) {
        return tally_players<decltype(p)::value>(values, times, n, count);
    });
}

}  // namespace wildeval::equity_engine
