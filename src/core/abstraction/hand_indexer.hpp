// Canonical hand indexing (wildeval.isomorphism): every hand of a sequence of rounds (hold'em
// [2, 3, 1, 1] or [2, 5], Omaha [4, 3, 1, 1], ...) numbered up to suit renaming, the order of the
// cards within a round left out and the round of each card kept. After the idea of Waugh's "A Fast
// and Optimal Hand Isomorphism Algorithm" (2013), written here from its description:
//
// - a suit's *counts* are its cards in each round, packed in one number (the first round the most
//   significant digit), and its *number* ranks its ranks round by round: each round's set among
//   the sets of that size of the ranks earlier rounds left (colexicographically), in mixed radix;
// - a hand's *configuration* is its four suits' counts sorted from the largest; the configurations
//   of a round are listed in decreasing order, each with the offset of its first index;
// - in a configuration the suits of equal counts form groups; a group's numbers, a multiset, are
//   ranked colexicographically (sorted x_0 <= x_1 <= ...: sum C(x_i + i, i + 1)), and the groups'
//   ranks read in mixed radix, the first group the least significant.
//
// Cards are 4 * rank + suit (cards.hpp). The numbering is the one tests/helpers/
// isomorphism_reference.py computes in plain Python, index for index.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#if defined(__GNUC__) && defined(__x86_64__)
#define WILDEVAL_INDEXER_BMI2 1  // the BMI2 kernel is built (it runs where the CPU extracts fast)
#endif

namespace wildeval::abstraction {

// Whether a row's `width` cards are cards (below 52) and no two the same.
inline bool cards_apart(const uint8_t* hand, int width) {
    uint64_t seen = 0;
    bool wrong = false;
    for (int j = 0; j < width; ++j) {
        wrong |= hand[j] >= 52;
        seen |= uint64_t{1} << (hand[j] & 63);
    }
    return !wrong && __builtin_popcountll(seen) == width;
}

inline constexpr int kMaxRounds = 8;

// Which loop index_many runs: the best this CPU has (kAuto), or one named (for tests and
// benchmarks): the portable one, BMI2's extract, or AVX-512's 16 rows at once.
enum class IndexKernel { kAuto, kPortable, kBmi2, kAvx512 };

class HandIndexer {
public:
    // std::invalid_argument where the rounds are not 1 to 8 counts of cards, each at least 1, at
    // most 52 in all, or a round's classes would not fit in 64 bits.
    explicit HandIndexer(const std::vector<int>& rounds);

    int rounds() const { return static_cast<int>(rounds_.size()); }
    int cards_in(int round) const { return totals_[static_cast<std::size_t>(round)]; }  // rounds 0..round
    uint64_t size(int round) const { return sizes_[static_cast<std::size_t>(round)]; }

    // The index of a hand of rounds 0..round (cards_in(round) cards, round by round), which must be
    // distinct cards 0-51 (check() says).
    uint64_t index(const uint8_t* cards, int round) const;
    // The canonical hand of an index below size(round): its cards round by round, each round's
    // from the highest; index(unindex(i)) == i.
    void unindex(int round, uint64_t index, uint8_t* out) const;
    // "" for a hand of distinct cards 0-51, else what is wrong with it ("card 60 is not 0-51",
    // "duplicate card Ah").
    static std::string check(const uint8_t* cards, int n);

    // Every row of an (n, cards_in(round)) array, on up to `threads` threads (run_tasks); throws
    // std::invalid_argument naming the first bad row (by check()). kAuto: 16 rows at once by
    // AVX-512 where the CPU has it and the round fits (avx512_fits), else by BMI2's extract where
    // the CPU has a fast one, else by index(). A kernel named that cannot run here: std::invalid_argument.
    void index_many(const uint8_t* cards, std::size_t n, int round, uint64_t* out, int threads,
                    IndexKernel kernel = IndexKernel::kAuto) const;
    // Whether `kernel` can run here for `round`.
    bool can_run(IndexKernel kernel, int round) const;
    // Every index (each below size(round), else std::invalid_argument naming the first that is not).
    void unindex_many(const uint64_t* indices, std::size_t n, int round, uint8_t* out, int threads) const;

private:
    struct Configuration {
        uint64_t offset = 0;
        uint64_t size = 0;
        uint32_t codes[4] = {};  // the suits' counts, from the largest
        uint64_t radix[4] = {};  // each sorted suit's group's radix
        uint8_t place[4] = {};   // each sorted suit's place in its group
        uint8_t first[4] = {};   // each sorted suit's group's first suit
        uint8_t members[4] = {}; // each sorted suit's group's size
        bool triple = false;     // a group of three or more suits
    };
    struct Round {
        std::vector<Configuration> configurations;
        std::vector<uint32_t> slots;  // an open-addressing table of configurations by their codes
        uint32_t slot_mask = 0;
        // where it is small: every multiset of four codes of this round (divided by the round's
        // last digit) to its configuration, by colexicographic rank; keys_bmi2 reads it
        std::vector<uint16_t> dense;
        std::vector<uint32_t> terms[4];  // terms[j][a] = C(a + j, j + 1)
        std::vector<uint32_t> digits;    // [k * 14 + m]: m cards in round k, in this round's reduced codes
        // where `dense` is: the configurations' fields apart, as the AVX-512 kernel gathers them
        std::vector<uint64_t> offsets, radix[4];
        std::vector<uint32_t> places;  // the four suits' places, a byte each
        bool triples = false;          // some configuration has three or four suits of equal counts
    };

    // index() by BMI2's extract (x86-64), for 1-4 rounds (kRoundsHere, their loops unrolled) or
    // any (0: `round` + 1)
    template <int kRoundsHere>  // a row's sorted suit keys and its configuration; ok: distinct cards 0-51
    uint32_t keys_bmi2(const uint8_t* cards, int round, uint64_t* sorted, bool& ok) const;
    uint64_t finish_bmi2(const uint64_t* sorted, const Configuration& conf) const;
    template <int kRoundsHere>  // rows [begin, end) by keys_bmi2 and finish_bmi2, checked: the first bad row, or end
    std::size_t rows_bmi2(const uint8_t* cards, std::size_t begin, std::size_t end, int round, uint64_t* out) const;
    // rows [begin, end) of an n-row batch, 16 at a time in AVX-512 lanes (hand_indexer_avx512.cpp)
    // where the round has a dense table of configurations and small groups (avx512_fits)
    std::size_t rows_avx512(const uint8_t* cards, std::size_t begin, std::size_t end, std::size_t n, int round,
                            uint64_t* out) const;
    bool avx512_fits(int round) const;
    uint32_t code_of(const int* counts, int round) const;
    void counts_of(uint32_t code, int round, int* counts) const;
    uint64_t suit_size(uint32_t code, int round) const;
    const Configuration& find(const uint32_t* codes, int round) const;
    static uint32_t hash(const uint32_t* codes);

    std::vector<int> rounds_;
    std::vector<int> totals_;
    std::vector<uint64_t> sizes_;
    std::vector<uint32_t> digit_;  // the place value of each round's count in a code
    std::vector<Round> by_round_;
    bool small_groups_ = true;  // every group's numbers small enough for finish_bmi2's branch-free terms
};

}  // namespace wildeval::abstraction
