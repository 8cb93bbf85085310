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

// A hint that `at` will be read soon (no fault if it is past an array).
inline void prefetch(const void* at) {
#if defined(__GNUC__) || defined(__clang__)
    __builtin_prefetch(at, 0, 3);
#else
    (void)at;
#endif
}

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
