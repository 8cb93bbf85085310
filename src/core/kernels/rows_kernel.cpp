#include "kernels/rows_kernel.hpp"

#include <atomic>
#include <stdexcept>

#include "kernels/cpu.hpp"

namespace wildeval {
namespace {

// Whether this build and CPU run the AVX-512 kernels (the CPU is asked once: kernels/cpu.cpp).
bool avx512_here() {
#if defined(WILDEVAL_ROWS16)
    return cpu_features().avx512;
#else
    return false;
#endif
}

// Whether this build and CPU run the AVX2 kernels.
bool avx2_here() {
#if defined(WILDEVAL_ROWS8)
    return cpu_features().avx2;
#else
    return false;
#endif
}

constexpr bool ssse3_built() {
#if defined(__SSSE3__)
    return true;
#else
    return false;
#endif
}

constexpr bool neon_built() {
#if defined(WILDEVAL_ROWS_NEON)
    return true;
#else
    return false;
#endif
}

// Whether the CPU's gathers are slower than a row's loads one at a time: on AMD's (measured on
// Zen 5: the AVX-512 kernel 1.5-1.8x faster without them; on Zen 4 1.04-1.47x), not on Intel's
// (measured on Emerald Rapids: gathers faster).
bool gathers_slow_here() {
#if defined(WILDEVAL_ROWS16)
    return cpu_features().amd;
#else
    return false;
#endif
}

RowsKernel fastest() {
    if (neon_built()) return RowsKernel::kNeon;
    if (avx512_here()) return gathers_slow_here() ? RowsKernel::kAvx512Scalar : RowsKernel::kAvx512;
    if (avx2_here()) return RowsKernel::kAvx2;
    return ssse3_built() ? RowsKernel::kSsse3 : RowsKernel::kPortable;
}

std::atomic<RowsKernel>& chosen() {
    static std::atomic<RowsKernel> kernel{fastest()};
    return kernel;
}

}  // namespace

const char* rows_kernel_name(RowsKernel kernel) {
    switch (kernel) {
        case RowsKernel::kAvx512: return "avx512";
        case RowsKernel::kAvx512Scalar: return "avx512-scalar";
        case RowsKernel::kAvx2: return "avx2";
        case RowsKernel::kSsse3: return "ssse3";
        case RowsKernel::kNeon: return "neon";
        default: return "portable";
    }
}

RowsKernel rows_kernel_named(const std::string& name) {
    for (const RowsKernel kernel : kRowsKernels)
        if (name == rows_kernel_name(kernel)) return kernel;
    throw std::invalid_argument("unknown row kernel '" + name + "' (portable, ssse3, avx2, avx512, avx512-scalar or neon)");
}

bool rows_kernel_runs(RowsKernel kernel) {
    switch (kernel) {
        case RowsKernel::kAvx512:
        case RowsKernel::kAvx512Scalar: return avx512_here();
        case RowsKernel::kAvx2: return avx2_here();
        case RowsKernel::kSsse3: return ssse3_built();
        case RowsKernel::kNeon: return neon_built();
        default: return true;
    }
}

RowsKernel rows_kernel() { return chosen().load(std::memory_order_relaxed); }

void use_rows_kernel(RowsKernel kernel) {
    if (!rows_kernel_runs(kernel))
        throw std::invalid_argument(std::string("this build or CPU cannot run the ") + rows_kernel_name(kernel) + " row kernel");
    chosen().store(kernel, std::memory_order_relaxed);
}

}  // namespace wildeval
