// Bit counts with one portable form for every compiler the wheels are built with: GCC and Clang
// builtins, MSVC intrinsics, or a plain loop elsewhere. The rest of the core uses these only.
#pragma once

#include <cstdint>

#if defined(_MSC_VER) && !defined(__clang__)
#include <intrin.h>
#endif

namespace wildeval {

// The number of set bits.
inline int popcount64(uint64_t x) {
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_popcountll(x);
#elif defined(_MSC_VER) && (defined(_M_X64) || defined(_M_ARM64))
#if defined(_M_X64)
    // __popcnt64 needs POPCNT; a table-free count runs on every x86-64
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return static_cast<int>((x * 0x0101010101010101ull) >> 56);
#else
    return static_cast<int>(_CountOneBits64(x));
#endif
#else
    int n = 0;
    for (; x != 0; x &= x - 1) ++n;
    return n;
#endif
}
inline int popcount32(uint32_t x) { return popcount64(x); }

// The index of the lowest set bit; x must not be 0.
inline int lowest_bit(uint64_t x) {
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_ctzll(x);
#elif defined(_MSC_VER) && (defined(_M_X64) || defined(_M_ARM64))
    unsigned long i;
    _BitScanForward64(&i, x);
    return static_cast<int>(i);
#else
    int i = 0;
    for (; (x & 1) == 0; x >>= 1) ++i;
    return i;
#endif
}

// The index of the highest set bit; x must not be 0.
inline int highest_bit(uint32_t x) {
#if defined(__GNUC__) || defined(__clang__)
    return 31 - __builtin_clz(x);
#elif defined(_MSC_VER)
    unsigned long i;
    _BitScanReverse(&i, x);
    return static_cast<int>(i);
#else
    int i = 31;
    for (; (x >> i) == 0; --i) {}
    return i;
#endif
}

// The high 64 bits of a * b, and the low 64 in `low`.
inline uint64_t mul_high(uint64_t a, uint64_t b, uint64_t& low) {
#if defined(__SIZEOF_INT128__)
    __extension__ typedef unsigned __int128 Wide;
    const Wide product = static_cast<Wide>(a) * b;
    low = static_cast<uint64_t>(product);
    return static_cast<uint64_t>(product >> 64);
#elif defined(_MSC_VER) && defined(_M_X64)
    uint64_t high;
    low = _umul128(a, b, &high);
    return high;
#else
    const uint64_t a0 = a & 0xFFFFFFFFu, a1 = a >> 32, b0 = b & 0xFFFFFFFFu, b1 = b >> 32;
    const uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    const uint64_t middle = (p00 >> 32) + (p01 & 0xFFFFFFFFu) + (p10 & 0xFFFFFFFFu);
    low = (middle << 32) | (p00 & 0xFFFFFFFFu);
    return p11 + (p01 >> 32) + (p10 >> 32) + (middle >> 32);
#endif
}

// Set bits taken out one at a time, the r-th lowest of those left each time (r counts from 0),
// by a broadword search: the byte that holds it from running byte counts, then a table within
// the byte; the same answer as a BMI2 deposit (`_pdep_u64(1 << r, x)`), on every CPU. The
// running counts are kept from one take to the next: each take updates them by one subtraction.
namespace bits_detail {
struct InByte {
    uint8_t at[256][8] = {};
    constexpr InByte() {
        for (int b = 0; b < 256; ++b)
            for (int i = 0, n = 0; i < 8; ++i)
                if (b >> i & 1) at[b][n++] = static_cast<uint8_t>(i);
    }
};
inline constexpr InByte kInByte{};
}  // namespace bits_detail

class SetBits {
public:
    SetBits() : bits_(0), running_(0) {}
    explicit SetBits(uint64_t x) : bits_(x) {
        uint64_t s = x - ((x >> 1) & 0x5555555555555555ull);
        s = (s & 0x3333333333333333ull) + ((s >> 2) & 0x3333333333333333ull);
        s = (s + (s >> 4)) & 0x0F0F0F0F0F0F0F0Full;
        running_ = s * kOnes;
    }
    // Takes out the r-th lowest set bit (r counts from 0; more than r must be left) and returns its place.
    int take(unsigned r) {
        const uint64_t at_most = ((r * kOnes) | kHighs) - running_;
        const int byte = lowest_bit(~at_most & kHighs) >> 3;
        const unsigned before = static_cast<unsigned>((running_ << 8) >> (8 * byte)) & 0xFF;
        const int place = 8 * byte + bits_detail::kInByte.at[(bits_ >> (8 * byte)) & 0xFF][r - before];
        bits_ &= ~(uint64_t{1} << place);
        running_ -= kOnes << (8 * byte);  // one fewer in this byte and every later one's running count
        return place;
    }

private:
    static constexpr uint64_t kOnes = 0x0101010101010101ull, kHighs = 0x8080808080808080ull;
    uint64_t bits_;
    uint64_t running_;  // byte i: the set bits of bytes 0 to i
};

// A hint that `at` will be read soon (no fault if it is past an array). Locality 3 fetches into
// every cache level; 1 into the outer levels only (x86: prefetcht2, which AMD's and Intel's cores
// fill the second-level cache with), so that it does not hold a first-level line, or its wait for
// memory, meanwhile: prefetch_later, for a read further on.
template <int Locality = 3>
inline void prefetch(const void* at) {
#if defined(__GNUC__) || defined(__clang__)
    __builtin_prefetch(at, 0, Locality);
#else
    (void)at;
#endif
}
inline void prefetch_later(const void* at) { prefetch<1>(at); }

}  // namespace wildeval

// Branch hints (none where the compiler has no such builtin).
#if defined(__GNUC__) || defined(__clang__)
#define WILDEVAL_UNLIKELY(x) __builtin_expect(!!(x), 0)
#define WILDEVAL_LIKELY(x) __builtin_expect(!!(x), 1)
#else
#define WILDEVAL_UNLIKELY(x) (x)
#define WILDEVAL_LIKELY(x) (x)
#endif

// A lambda inlined where it is called, so that the state it captures stays in registers (after
// its parameters: [&](int x) WILDEVAL_INLINE_LAMBDA { ... }); nothing where the compiler has no
// such attribute.
#if defined(__GNUC__) || defined(__clang__)
#define WILDEVAL_INLINE_LAMBDA __attribute__((always_inline))
#else
#define WILDEVAL_INLINE_LAMBDA
#endif
