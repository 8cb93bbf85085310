// The tables and small functions of canonical hand indexing that its kernels share
// (hand_indexer.cpp, hand_indexer_bmi2.cpp, hand_indexer_avx512.cpp): the numbering's limits,
// binomial coefficients, each set of ranks' colexicographic rank, and a group's term.
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>

namespace wildeval::abstraction::indexing {


inline constexpr int kRanks = 13;
inline constexpr int kSuits = 4;
inline constexpr uint32_t kCodeLimit = 1u << 23;  // codes are below this (checked when built)
inline constexpr int kNumberBits = 40;            // a suit's number is below 13! < 2^33
inline constexpr uint64_t kNumberMask = (uint64_t{1} << kNumberBits) - 1;

inline constexpr uint64_t kSaturated = std::numeric_limits<uint64_t>::max();

struct Choose {
    uint64_t c[kRanks + 1][kRanks + 1] = {};
    constexpr Choose() {
        for (int n = 0; n <= kRanks; ++n) {
            c[n][0] = 1;
            for (int k = 1; k <= n; ++k) c[n][k] = c[n - 1][k - 1] + (k <= n - 1 ? c[n - 1][k] : 0);
        }
    }
};
inline constexpr Choose kChoose{};

// The colexicographic rank of every set of ranks (13 bits): sum C(p_i, i + 1), p_0 < p_1 < ...
struct Colex {
    uint16_t rank[1 << kRanks] = {};
    constexpr Colex() {
        for (uint32_t set = 0; set < (1u << kRanks); ++set) {
            uint64_t r = 0;
            int i = 0;
            for (int p = 0; p < kRanks; ++p)
                if (set >> p & 1) r += kChoose.c[p][++i];
            rank[set] = static_cast<uint16_t>(r);
        }
    }
};
inline const Colex kColex{};

inline uint64_t gcd(uint64_t a, uint64_t b) {
    while (b != 0) {
        const uint64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

// C(n, k) for small k and any n, exactly where it fits in 64 bits, else kSaturated (portable: no
// 128-bit type). C(n, i + 1) = C(n, i) * (n - i) / (i + 1), the division taken out first by the
// common factor, so that nothing but the result itself can overflow.
inline uint64_t choose_small(uint64_t n, int k) {
    if (n < static_cast<uint64_t>(k)) return 0;
    uint64_t r = 1;
    for (int i = 0; i < k; ++i) {
        const uint64_t g = gcd(r, static_cast<uint64_t>(i + 1));
        const uint64_t q = (n - static_cast<uint64_t>(i)) / (static_cast<uint64_t>(i + 1) / g);
        r /= g;
        if (q != 0 && r > kSaturated / q) return kSaturated;
        r *= q;
    }
    return r;
}

// a * b, or kSaturated where it does not fit
inline uint64_t times(uint64_t a, uint64_t b) { return b != 0 && a > kSaturated / b ? kSaturated : a * b; }

// The colexicographic term of the multiset member x at place j of its group: C(x + j, j + 1).
inline uint64_t group_term(uint64_t x, int place) {
    switch (place) {
        case 0: return x;
        case 1: return x % 2 == 0 ? (x / 2) * (x + 1) : x * ((x + 1) / 2);  // C(x + 1, 2)
        case 2: {  // C(x + 2, 3): the 2 and the 3 divided out of the factors first
            uint64_t f[3] = {x, x + 1, x + 2};
            f[f[0] % 2 == 0 ? 0 : 1] /= 2;
            for (uint64_t& v : f)
                if (v % 3 == 0) {
                    v /= 3;
                    break;
                }
            return f[0] * f[1] * f[2];
        }
        default: return choose_small(x + static_cast<uint64_t>(place), place + 1);
    }
}

inline void sort4(uint64_t* k) {
    auto order = [](uint64_t& a, uint64_t& b) {
        const uint64_t lo = std::min(a, b), hi = std::max(a, b);
        a = lo;
        b = hi;
    };
    order(k[0], k[1]);
    order(k[2], k[3]);
    order(k[0], k[2]);
    order(k[1], k[3]);
    order(k[1], k[2]);
}

}  // namespace wildeval::abstraction::indexing
