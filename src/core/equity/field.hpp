// Odds of one hand against a field: opponents whose cards come uniformly from the rest of the
// deck, each holding as many cards as the hand. "Win" is strictly the best hand of all, "tie" the
// best together with at least one opponent, "lose" anything else; higher values are better for
// every ranking, so lowball needs nothing of its own.
#pragma once

#include <cstdint>

#include "evaluator.hpp"

namespace wildeval {

struct FieldCounts {
    uint64_t win = 0;
    uint64_t tie = 0;
    uint64_t lose = 0;
    uint64_t deals() const { return win + tie + lose; }
};

// Every possible opposing hand, one opponent: all C(52 - n, n) of them.
FieldCounts versus_one_exact(const Evaluator& ev, const uint8_t* own, int n, int threads);

// Every possible deal to two opponents (ordered: opponent 1's hand, then opponent 2's), for
// hands of at most three cards: all C(52 - n, n) * C(52 - 2n, n) of them.
FieldCounts versus_two_exact(const Evaluator& ev, const uint8_t* own, int n, int threads);

// `trials` random deals to `opponents` opponents, seeded: trials are split into fixed chunks of
// kFieldChunk, each with its own generator derived from (seed, chunk), so any thread count gives
// the same counts, and so does any split of the chunks over calls: this call deals chunks
// [first_chunk, first_chunk + chunks) of the run (chunks = 0: to the end).
inline constexpr uint64_t kFieldChunk = 1 << 16;
FieldCounts versus_sampled(const Evaluator& ev, const uint8_t* own, int n, int opponents, uint64_t trials,
                           uint64_t seed, int threads, uint64_t first_chunk = 0, uint64_t chunks = 0);

}  // namespace wildeval
