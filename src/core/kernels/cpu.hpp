// The CPU's features, the one place the core asks for them: read once, on first use, and cached.
// kernels/rows_kernel.cpp picks the row kernel from them, and the equity sampler's way of
// drawing cards (card_draws()). Only GCC and Clang on x86-64 ask; elsewhere every feature reads false.
#pragma once

namespace wildeval {

struct CpuFeatures {
    // AVX-512 F, BW, DQ, VL, VBMI and VNNI: what the AVX-512 row kernels are compiled for.
    bool avx512 = false;
    // AVX2, BMI1, BMI2 and POPCNT (x86-64-v3): what the AVX2 row kernels are compiled for.
    bool avx2 = false;
    // AVX-512 IFMA and CD: the deals' cards drawn with 52-bit multiplies.
    bool avx512_ifma = false;
    // An AMD CPU: its gathers are slower than a row's loads one at a time.
    bool amd = false;
    // BMI2's deposit (pdep) takes one step: AMD's Zen 1 and 2 run it as a loop over the mask's bits.
    bool deposit_fast = false;
};

// This CPU's features (asked the first time, then the same answer).
const CpuFeatures& cpu_features();

}  // namespace wildeval
