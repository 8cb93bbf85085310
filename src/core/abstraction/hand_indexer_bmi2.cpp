// Canonical hand indexing (hand_indexer.hpp) with BMI2's extract: each suit's ranks of a round
// taken by one instruction (pext) and ranked by a table, 8 rows a block (first every row's suit
// keys, sorted, and its configuration, with whether its cards are distinct cards 0-51, from the
// same bits; then every row's index). The batch forms that run it are in hand_indexer_batch.cpp.
#include "abstraction/hand_indexer.hpp"

#if defined(WILDEVAL_INDEXER_BMI2)
#include <immintrin.h>

#include <algorithm>

#include "abstraction/hand_indexer_tables.hpp"

namespace wildeval::abstraction {

using namespace indexing;

// index() with BMI2, in two steps over a block of rows (so that one row's loads wait beside
// another's work): first each suit's key (its counts, then its number: each round's set squeezed
// onto the ranks earlier rounds left by one extract, pext, and ranked by the table; no branch on
// the cards), the four sorted and the configuration found; then the configuration's offset plus
// the suits' terms. The same numbers as index().
template <int kRoundsHere>
__attribute__((target("bmi,bmi2,popcnt"), always_inline)) inline uint32_t HandIndexer::keys_bmi2(
    const uint8_t* cards, int round, uint64_t* sorted, bool& ok) const {
    if (kRoundsHere > 0) round = kRoundsHere - 1;
    constexpr uint64_t kClubs = 0x1111111111111ull;  // a suit's 13 cards among the 52 bits
    uint64_t masks[kMaxRounds];
    const uint8_t* c = cards;
    uint64_t all = 0;
    uint32_t high = 0;
    for (int k = 0; k <= round; ++k) {
        uint64_t m = 0;
        for (int j = 0; j < rounds_[static_cast<std::size_t>(k)]; ++j, ++c) {
            high |= *c;
            m |= uint64_t{1} << (*c & 63);
        }
        masks[k] = m;
        all |= m;
    }
    // distinct cards 0-51: as many bits as cards, none at 52 or above (a card of 64 or more
    // sets a high bit of `high`, 52-63 a bit of `all` above the deck)
    ok = (high & 0xC0u) == 0 && (all >> 52) == 0 && __builtin_popcountll(all) == totals_[static_cast<std::size_t>(round)];
    const Round& here = by_round_[static_cast<std::size_t>(round)];
    const uint32_t* digits = here.digits.data();
    uint64_t keys[kSuits];
    for (int s = 0; s < kSuits; ++s) {
        uint32_t used = 0, code = 0;
        int held = 0;
        uint64_t number = 0, radix = 1;
        for (int k = 0; k <= round; ++k) {
            const auto set = static_cast<uint32_t>(_pext_u64(masks[k], kClubs << s));
            const int m = __builtin_popcount(set);
            // the round's set among the ranks left (the first round: all of them, no extract)
            number += radix * kColex.rank[k == 0 ? set : _pext_u32(set, ~used & ((1u << kRanks) - 1))];
            radix *= kChoose.c[kRanks - held][m];
            held += m;
            used |= set;
            code += digits[k * (kRanks + 1) + m];  // the round's reduced code (a table, not a multiply)
        }
        keys[s] = (static_cast<uint64_t>(kCodeLimit - code) << kNumberBits) | number;
    }
    // sorted by a network of compare-exchanges without branches
    auto order = [](uint64_t& a, uint64_t& b) {
        const uint64_t lo = a < b ? a : b;
        b ^= a ^ lo;
        a = lo;
    };
    uint64_t k0 = keys[0], k1 = keys[1], k2 = keys[2], k3 = keys[3];
    order(k0, k1);
    order(k2, k3);
    order(k0, k2);
    order(k1, k3);
    order(k1, k2);
    sorted[0] = k0;
    sorted[1] = k1;
    sorted[2] = k2;
    sorted[3] = k3;
    const uint32_t c0 = kCodeLimit - static_cast<uint32_t>(k0 >> kNumberBits);
    const uint32_t c1 = kCodeLimit - static_cast<uint32_t>(k1 >> kNumberBits);
    const uint32_t c2 = kCodeLimit - static_cast<uint32_t>(k2 >> kNumberBits);
    const uint32_t c3 = kCodeLimit - static_cast<uint32_t>(k3 >> kNumberBits);
    if (!ok) return 0;  // a bad row's codes may name no configuration
    if (!here.dense.empty())
        return here.dense[here.terms[0][c3] + here.terms[1][c2] + here.terms[2][c1] + here.terms[3][c0]];
    const uint32_t d = digit_[static_cast<std::size_t>(round)];
    const uint32_t codes[kSuits] = {c0 * d, c1 * d, c2 * d, c3 * d};
    return static_cast<uint32_t>(&find(codes, round) - here.configurations.data());
}

__attribute__((target("bmi,bmi2,popcnt"), always_inline)) inline uint64_t HandIndexer::finish_bmi2(
    const uint64_t* sorted, const Configuration& conf) const {
    uint64_t out = conf.offset;
    if (small_groups_) {
        for (int s = 0; s < kSuits; ++s) {  // C(x + j, j + 1) for the suit's place j in its group
            const uint64_t x = sorted[s] & kNumberMask;
            const uint64_t place = conf.place[s];
            const uint64_t t1 = x * (x + 1) / 2;
            uint64_t term = place == 0 ? x : t1;  // selected, not multiplied by 0 or 1: a multiply fewer
            if (conf.triple) {  // a group of three or four suits: rare in most rounds, so well predicted
                const uint64_t t2 = t1 * (x + 2) / 3;
                term = place == 2 ? t2 : term;
                term = place == 3 ? t2 * (x + 3) / 4 : term;
            }
            out += conf.radix[s] * term;
        }
    } else {
        for (int s = 0; s < kSuits; ++s) out += conf.radix[s] * group_term(sorted[s] & kNumberMask, conf.place[s]);
    }
    return out;
}

// Rows [begin, end) of a batch, a block at a time: every row's keys and configuration, then
// every row's index. Returns the first bad row (as index_many checks), or `end`.
template <int kRoundsHere>
__attribute__((target("bmi,bmi2,popcnt"))) std::size_t HandIndexer::rows_bmi2(const uint8_t* cards, std::size_t begin,
                                                                             std::size_t end, int round,
                                                                             uint64_t* out) const {
    constexpr std::size_t kBlock = 8;
    const auto width = static_cast<std::size_t>(cards_in(round));
    const Configuration* configurations = by_round_[static_cast<std::size_t>(round)].configurations.data();
    std::size_t row = begin;
    for (; row + kBlock <= end; row += kBlock) {
        uint64_t sorted[kBlock][kSuits];
        uint32_t found[kBlock];
        bool ok[kBlock];
        bool all = true;
        for (std::size_t i = 0; i < kBlock; ++i) {
            found[i] = keys_bmi2<kRoundsHere>(cards + (row + i) * width, round, sorted[i], ok[i]);
            all &= ok[i];
        }
        if (!all)
            for (std::size_t i = 0; i < kBlock; ++i)
                if (!ok[i]) return row + i;
        for (std::size_t i = 0; i < kBlock; ++i) out[row + i] = finish_bmi2(sorted[i], configurations[found[i]]);
    }
    for (; row < end; ++row) {
        bool ok;
        uint64_t sorted[kSuits];
        const uint32_t found = keys_bmi2<kRoundsHere>(cards + row * width, round, sorted, ok);
        if (!ok) return row;
        out[row] = finish_bmi2(sorted, configurations[found]);
    }
    return end;
}
// the batch forms (hand_indexer_batch.cpp) call these
template std::size_t HandIndexer::rows_bmi2<0>(const uint8_t*, std::size_t, std::size_t, int, uint64_t*) const;
template std::size_t HandIndexer::rows_bmi2<1>(const uint8_t*, std::size_t, std::size_t, int, uint64_t*) const;
template std::size_t HandIndexer::rows_bmi2<2>(const uint8_t*, std::size_t, std::size_t, int, uint64_t*) const;
template std::size_t HandIndexer::rows_bmi2<3>(const uint8_t*, std::size_t, std::size_t, int, uint64_t*) const;
template std::size_t HandIndexer::rows_bmi2<4>(const uint8_t*, std::size_t, std::size_t, int, uint64_t*) const;

}  // namespace wildeval::abstraction
#endif
