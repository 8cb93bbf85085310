// Canonical hand indexing: the numbering (hand_indexer.hpp) and its tables per round; the kernels
// are hand_indexer_bmi2.cpp and hand_indexer_avx512.cpp, the batch forms hand_indexer_batch.cpp.
#include "abstraction/hand_indexer.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "abstraction/hand_indexer_tables.hpp"
#include "bits.hpp"

namespace wildeval::abstraction {

using namespace indexing;

namespace {

const char* const kRankChars = "23456789TJQKA";
const char* const kSuitChars = "cdhs";

}  // namespace

HandIndexer::HandIndexer(const std::vector<int>& rounds) : rounds_(rounds) {
    int total = 0;
    for (int r : rounds) {
        if (r < 1) throw std::invalid_argument("every round deals at least 1 card");
        total += r;
    }
    if (rounds.empty() || rounds.size() > kMaxRounds)
        throw std::invalid_argument("the rounds must be 1 to 8 counts of cards");
    if (total > kRanks * kSuits) throw std::invalid_argument("the rounds deal more than 52 cards");
    const std::size_t n_rounds = rounds.size();
    digit_.assign(n_rounds, 1);
    uint64_t place = 1;
    for (std::size_t k = n_rounds; k-- > 0;) {
        digit_[k] = static_cast<uint32_t>(place);
        place *= static_cast<uint64_t>(std::min(rounds[k], kRanks) + 1);
        if (place > kCodeLimit) throw std::invalid_argument("too many rounds to index");
    }
    for (std::size_t r = 0; r < n_rounds; ++r) {
        totals_.push_back((r ? totals_.back() : 0) + rounds[r]);
        const int round = static_cast<int>(r);
        // every suit's counts possible in rounds 0..r, from the largest code
        std::vector<uint32_t> one_suit;
        std::vector<int> counts(r + 1, 0);
        for (;;) {
            int sum = 0;
            for (int m : counts) sum += m;
            if (sum <= kRanks) one_suit.push_back(code_of(counts.data(), round));
            std::size_t k = r + 1;
            while (k-- > 0) {
                if (counts[k] < std::min(rounds[k], kRanks)) {
                    ++counts[k];
                    break;
                }
                counts[k] = 0;
            }
            if (k == static_cast<std::size_t>(-1)) break;
        }
        std::sort(one_suit.rbegin(), one_suit.rend());
        std::vector<std::vector<int>> table(one_suit.size(), std::vector<int>(r + 1));
        for (std::size_t i = 0; i < one_suit.size(); ++i) counts_of(one_suit[i], round, table[i].data());
        Round out;
        uint64_t offset = 0;
        const std::size_t n = one_suit.size();
        std::vector<int> sum(r + 1);
        for (std::size_t i0 = 0; i0 < n; ++i0)
            for (std::size_t i1 = i0; i1 < n; ++i1)
                for (std::size_t i2 = i1; i2 < n; ++i2)
                    for (std::size_t i3 = i2; i3 < n; ++i3) {
                        bool fits = true;
                        for (std::size_t k = 0; k <= r && fits; ++k)
                            fits = table[i0][k] + table[i1][k] + table[i2][k] + table[i3][k] == rounds[k];
                        if (!fits) continue;
                        Configuration c;
                        const std::size_t at[4] = {i0, i1, i2, i3};
                        for (int s = 0; s < kSuits; ++s) c.codes[s] = one_suit[at[s]];
                        uint64_t radix = 1;
                        for (int s = 0; s < kSuits;) {
                            int g = 1;
                            while (s + g < kSuits && c.codes[s + g] == c.codes[s]) ++g;
                            const uint64_t numbers = suit_size(c.codes[s], round);
                            // the branch-free group terms are exact while x (x + 1) ... (x + g - 1) fits
                            if (numbers >= (g <= 1 ? kSaturated : g == 2 ? (uint64_t{1} << 31) : g == 3 ? (uint64_t{1} << 20) : (uint64_t{1} << 15)))
                                small_groups_ = false;
                            const uint64_t group = choose_small(numbers + static_cast<uint64_t>(g - 1), g);
                            if (g >= 3) c.triple = true;
                            for (int j = 0; j < g; ++j) {
                                c.radix[s + j] = radix;
                                c.place[s + j] = static_cast<uint8_t>(j);
                                c.first[s + j] = static_cast<uint8_t>(s);
                                c.members[s + j] = static_cast<uint8_t>(g);
                            }
                            radix = times(radix, group);
                            if (group == kSaturated || radix == kSaturated)
                                throw std::invalid_argument("the rounds have too many classes to index in 64 bits");
                            s += g;
                        }
                        c.offset = offset;
                        c.size = radix;
                        if (radix >= kSaturated - offset)
                            throw std::invalid_argument("the rounds have too many classes to index in 64 bits");
                        offset += radix;
                        out.configurations.push_back(c);
                    }
        sizes_.push_back(offset);
        uint32_t slots = 1;
        while (slots < 4 * out.configurations.size()) slots <<= 1;
        out.slots.assign(slots, 0);
        out.slot_mask = slots - 1;
        for (std::size_t i = 0; i < out.configurations.size(); ++i) {
            uint32_t h = hash(out.configurations[i].codes) & out.slot_mask;
            while (out.slots[h] != 0) h = (h + 1) & out.slot_mask;
            out.slots[h] = static_cast<uint32_t>(i + 1);
        }
        // the dense table of configurations, where it is small
        const uint64_t last = digit_[r];
        const uint64_t codes_here = static_cast<uint64_t>(digit_[0]) * static_cast<uint64_t>(std::min(rounds[0], kRanks) + 1) / last;
        for (std::size_t k = 0; k <= r; ++k)
            for (uint32_t m = 0; m <= kRanks; ++m) out.digits.push_back(m * static_cast<uint32_t>(digit_[k] / last));
        const uint64_t cells = choose_small(codes_here + 3, 4);
        if (cells <= (uint64_t{1} << 20) && out.configurations.size() < 0xFFFF) {
            for (int j = 0; j < 4; ++j)
                for (uint64_t a = 0; a < codes_here; ++a)
                    out.terms[j].push_back(static_cast<uint32_t>(choose_small(a + static_cast<uint64_t>(j), j + 1)));
            out.dense.assign(static_cast<std::size_t>(cells) + 1, 0xFFFF);  // a spare entry: see the AVX-512 kernel
            for (std::size_t i = 0; i < out.configurations.size(); ++i) {
                const uint32_t* c = out.configurations[i].codes;  // from the largest
                const std::size_t at = out.terms[0][c[3] / last] + out.terms[1][c[2] / last] +
                                       out.terms[2][c[1] / last] + out.terms[3][c[0] / last];
                out.dense[at] = static_cast<uint16_t>(i);
            }
            for (const Configuration& c : out.configurations) {
                out.offsets.push_back(c.offset);
                uint32_t places = 0;
                for (int j = 0; j < kSuits; ++j) {
                    out.radix[j].push_back(c.radix[j]);
                    places |= static_cast<uint32_t>(c.place[j]) << (8 * j);
                }
                out.places.push_back(places);
                out.triples |= c.triple;
            }
        }
        by_round_.push_back(std::move(out));
    }
}

uint32_t HandIndexer::code_of(const int* counts, int round) const {
    uint32_t code = 0;
    for (int k = 0; k <= round; ++k) code += static_cast<uint32_t>(counts[k]) * digit_[static_cast<std::size_t>(k)];
    return code;
}

void HandIndexer::counts_of(uint32_t code, int round, int* counts) const {
    for (int k = 0; k <= round; ++k) {
        const uint32_t d = digit_[static_cast<std::size_t>(k)];
        counts[k] = static_cast<int>(code / d);
        code %= d;
    }
}

uint64_t HandIndexer::suit_size(uint32_t code, int round) const {
    int counts[kMaxRounds];
    counts_of(code, round, counts);
    uint64_t size = 1;
    int left = kRanks;
    for (int k = 0; k <= round; ++k) {
        size *= kChoose.c[left][counts[k]];
        left -= counts[k];
    }
    return size;
}

uint32_t HandIndexer::hash(const uint32_t* codes) {
    uint64_t h = 0;
    for (int s = 0; s < kSuits; ++s) h = (h ^ codes[s]) * 0x9E3779B97F4A7C15ull;
    return static_cast<uint32_t>(h >> 32);
}

const HandIndexer::Configuration& HandIndexer::find(const uint32_t* codes, int round) const {
    const Round& r = by_round_[static_cast<std::size_t>(round)];
    uint32_t h = hash(codes) & r.slot_mask;
    for (;;) {
        const uint32_t at = r.slots[h];
        // every hand of distinct cards has a configuration, so the probe ends on it
        const Configuration& c = r.configurations[at - 1];
        if (c.codes[0] == codes[0] && c.codes[1] == codes[1] && c.codes[2] == codes[2] && c.codes[3] == codes[3])
            return c;
        h = (h + 1) & r.slot_mask;
    }
}

uint64_t HandIndexer::index(const uint8_t* cards, int round) const {
    uint32_t sets[kMaxRounds][kSuits] = {};
    const uint8_t* c = cards;
    for (int k = 0; k <= round; ++k)
        for (int j = 0; j < rounds_[static_cast<std::size_t>(k)]; ++j, ++c) sets[k][*c & 3] |= 1u << (*c >> 2);
    uint64_t keys[kSuits];
    for (int s = 0; s < kSuits; ++s) {
        uint32_t used = 0, code = 0;
        uint64_t number = 0, radix = 1;
        for (int k = 0; k <= round; ++k) {
            const uint32_t set = sets[k][s];
            uint64_t part = 0;
            int i = 0;
            for (uint32_t rest = set; rest != 0; rest &= rest - 1, ++i) {
                const int b = lowest_bit(rest);
                const int pos = b - popcount32(used & ((1u << b) - 1));
                part += kChoose.c[pos][i + 1];
            }
            number += radix * part;
            radix *= kChoose.c[kRanks - popcount32(used)][i];
            used |= set;
            code += static_cast<uint32_t>(i) * digit_[static_cast<std::size_t>(k)];
        }
        keys[s] = (static_cast<uint64_t>(kCodeLimit - code) << kNumberBits) | number;  // counts down, numbers up
    }
    sort4(keys);
    uint32_t codes[kSuits];
    for (int s = 0; s < kSuits; ++s) codes[s] = kCodeLimit - static_cast<uint32_t>(keys[s] >> kNumberBits);
    const Configuration& conf = find(codes, round);
    uint64_t out = conf.offset;
    for (int s = 0; s < kSuits; ++s) out += conf.radix[s] * group_term(keys[s] & kNumberMask, conf.place[s]);
    return out;
}

void HandIndexer::unindex(int round, uint64_t index, uint8_t* out) const {
    const std::vector<Configuration>& list = by_round_[static_cast<std::size_t>(round)].configurations;
    const auto it = std::upper_bound(list.begin(), list.end(), index,
                                     [](uint64_t i, const Configuration& c) { return i < c.offset; });
    const Configuration& conf = *(it - 1);
    const uint64_t rest = index - conf.offset;
    uint64_t numbers[kSuits];
    for (int s = 0; s < kSuits; s += conf.members[s]) {
        const int g = conf.members[s];
        const uint64_t span = s + g < kSuits ? conf.radix[s + g] / conf.radix[s] : conf.size / conf.radix[s];
        uint64_t rank = rest / conf.radix[s] % span;
        const uint64_t suit_numbers = suit_size(conf.codes[s], round);
        for (int i = g; i >= 1; --i) {  // the largest y with C(y, i) <= rank
            uint64_t lo = rank;             // C(y, 1) = y
            if (i > 1) {                    // from the real root of y^i / i! = rank, then exactly
                double factorial = 1;
                for (int f = 2; f <= i; ++f) factorial *= f;
                const double guess = std::pow(static_cast<double>(rank) * factorial, 1.0 / i);
                lo = std::min<uint64_t>(suit_numbers + static_cast<uint64_t>(i - 1),
                                        std::max<uint64_t>(static_cast<uint64_t>(i - 1), static_cast<uint64_t>(guess)));
                while (lo > static_cast<uint64_t>(i - 1) && choose_small(lo, i) > rank) --lo;
                while (choose_small(lo + 1, i) <= rank) ++lo;
            }
            rank -= choose_small(lo, i);
            numbers[s + i - 1] = lo - static_cast<uint64_t>(i - 1);
        }
    }
    uint8_t* at[kMaxRounds];
    for (int k = 0; k <= round; ++k) at[k] = out + (k ? totals_[static_cast<std::size_t>(k - 1)] : 0);
    for (int s = 0; s < kSuits; ++s) {
        int counts[kMaxRounds];
        counts_of(conf.codes[s], round, counts);
        uint64_t number = numbers[s];
        uint32_t used = 0;
        for (int k = 0; k <= round; ++k) {
            const int left = kRanks - popcount32(used);
            const uint64_t n = kChoose.c[left][counts[k]];
            uint64_t part = number % n;
            number /= n;
            uint32_t set = 0;
            for (int i = counts[k]; i >= 1; --i) {
                int p = left - 1;
                while (kChoose.c[p][i] > part) --p;
                part -= kChoose.c[p][i];
                uint32_t free = ~used & ((1u << kRanks) - 1);  // the p-th free rank
                for (int skip = 0; skip < p; ++skip) free &= free - 1;
                const int rank = lowest_bit(free);
                set |= 1u << rank;
                *at[k]++ = static_cast<uint8_t>(4 * rank + s);
            }
            used |= set;
        }
    }
    for (int k = 0; k <= round; ++k) {
        uint8_t* first = out + (k ? totals_[static_cast<std::size_t>(k - 1)] : 0);
        std::sort(first, first + rounds_[static_cast<std::size_t>(k)], [](uint8_t a, uint8_t b) { return a > b; });
    }
}

std::string HandIndexer::check(const uint8_t* cards, int n) {
    uint64_t seen = 0;
    for (int i = 0; i < n; ++i) {
        if (cards[i] >= 52) return "card " + std::to_string(cards[i]) + " is not a card (0-51)";
        const uint64_t bit = uint64_t{1} << cards[i];
        if (seen & bit)
            return std::string("duplicate card ") + kRankChars[cards[i] >> 2] + kSuitChars[cards[i] & 3];
        seen |= bit;
    }
    return "";
}

bool HandIndexer::avx512_fits(int round) const {
    return small_groups_ && !by_round_[static_cast<std::size_t>(round)].dense.empty();
}

}  // namespace wildeval::abstraction
