// Dealing: the cards left in the deck, every hand of n cards from them in order, the seeded
// generator that sampled runs draw from (field.cpp, equity.cpp), and Walker's alias tables.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "cards.hpp"

namespace wildeval {

// The cards of the deck whose bit is not set in `used`, in increasing order.
inline std::vector<uint8_t> cards_left(uint64_t used) {
    std::vector<uint8_t> rest;
    for (int c = 0; c < kDeck; ++c)
        if (!(used >> c & 1)) rest.push_back(static_cast<uint8_t>(c));
    return rest;
}

inline uint64_t card_mask(const uint8_t* cards, int n) {
    uint64_t mask = 0;
    for (int i = 0; i < n; ++i) mask |= uint64_t{1} << cards[i];
    return mask;
}

// Every n-card hand from `deck` (n >= 1) whose first card is deck[first] and whose other cards
// come later in `deck`, in increasing order of positions; visit(hand) for each.
template <class Visit>
void hands_from(const std::vector<uint8_t>& deck, int n, std::size_t first, Visit&& visit) {
    uint8_t hand[kMaxCards];
    std::size_t pos[kMaxCards];
    const std::size_t size = deck.size();
    pos[0] = first;
    hand[0] = deck[first];
    if (n == 1) {
        visit(hand);
        return;
    }
    int depth = 1;
    pos[1] = first + 1;
    while (depth > 0) {
        if (pos[depth] > size - static_cast<std::size_t>(n - depth)) {  // no room left: back up
            --depth;
            ++pos[depth];
            if (depth == 0) break;
            continue;
        }
        hand[depth] = deck[pos[depth]];
        if (depth == n - 1) {
            visit(hand);
            ++pos[depth];
        } else {
            pos[depth + 1] = pos[depth] + 1;
            ++depth;
        }
    }
}

// splitmix64: one generator per chunk of a sampled run, seeded from (seed, chunk) alone, so
// that any number of threads, and any split of the chunks over calls, draws the same deals.
struct SplitMix {
    uint64_t state;
    // The state's step (word i of a state s is the mix of s + i * kStep, so vector code reads
    // several words at once) and the mix's two multipliers.
    static constexpr uint64_t kStep = 0x9E3779B97F4A7C15ull, kMix1 = 0xBF58476D1CE4E5B9ull, kMix2 = 0x94D049BB133111EBull;

    static SplitMix for_chunk(uint64_t seed, uint64_t chunk) {
        SplitMix rng{seed ^ (0xD1B54A32D192ED03ull * (chunk + 1))};
        rng.next();
        return rng;
    }
    uint64_t next() {
        uint64_t z = (state += kStep);
        z = (z ^ (z >> 30)) * kMix1;
        z = (z ^ (z >> 27)) * kMix2;
        return z ^ (z >> 31);
    }
    // Uniform in [0, bound): Lemire's multiply-and-reject, no bias.
    uint32_t below(uint32_t bound) {
        uint64_t m = static_cast<uint64_t>(static_cast<uint32_t>(next())) * bound;
        if (static_cast<uint32_t>(m) < bound) {
            const uint32_t floor = (0u - bound) % bound;
            while (static_cast<uint32_t>(m) < floor) m = static_cast<uint64_t>(static_cast<uint32_t>(next())) * bound;
        }
        return static_cast<uint32_t>(m >> 32);
    }
    // Uniform in [0, 1), 53 bits.
    double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
};

// Walker's alias table for drawing i with chance weights[i] / their sum (Vose's construction):
// entry i of n drawn uniformly is kept with chance[i], else alias[i] is taken.
inline void walker_alias(const std::vector<double>& weights, std::vector<double>& chance, std::vector<uint32_t>& alias) {
    const std::size_t n = weights.size();
    double total = 0;
    for (double w : weights) total += w;
    std::vector<double> scaled(n);
    std::vector<uint32_t> small, large;
    for (std::size_t i = 0; i < n; ++i) {
        scaled[i] = weights[i] * static_cast<double>(n) / total;
        (scaled[i] < 1 ? small : large).push_back(static_cast<uint32_t>(i));
    }
    chance.assign(n, 1.0);
    alias.resize(n);
    for (std::size_t i = 0; i < n; ++i) alias[i] = static_cast<uint32_t>(i);
    while (!small.empty() && !large.empty()) {
        const uint32_t a = small.back(), b = large.back();
        small.pop_back();
        chance[a] = scaled[a];
        alias[a] = b;
        scaled[b] -= 1 - scaled[a];
        if (scaled[b] < 1) {
            large.pop_back();
            small.push_back(b);
        }
    }
}

}  // namespace wildeval
