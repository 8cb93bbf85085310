#include "kernels/rows_kernel.hpp"

#include <atomic>
#include <iterator>
#include <stdexcept>

#include "kernels/cpu.hpp"

namespace wildeval {
namespace {

// The kernels this build has, a bit each by RowsKernel: the portable one always, the others
// where rows_kernel.hpp (or the package's -march, for SSSE3) compiles them in.
constexpr unsigned bit(RowsKernel kernel) { return 1u << static_cast<unsigned>(kernel); }
constexpr unsigned kBuilt = bit(RowsKernel::kPortable)
#if defined(__SSSE3__)
                            | bit(RowsKernel::kSsse3)
#endif
#if defined(WILDEVAL_ROWS8)
                            | bit(RowsKernel::kAvx2)
#endif
#if defined(WILDEVAL_ROWS16)
                            | bit(RowsKernel::kAvx512) | bit(RowsKernel::kAvx512Scalar)
#endif
#if defined(WILDEVAL_ROWS_NEON)
                            | bit(RowsKernel::kNeon)
#endif
    ;

// Every kernel, in RowsKernel's order: its name and what the CPU needs besides the build
// (cpu.hpp's CpuFeatures, asked once; none: nullptr). The one place a kernel is described.
struct KernelRow {
    RowsKernel kernel;
    const char* name;
    bool CpuFeatures::*needs;
};
constexpr KernelRow kKernels[] = {
    {RowsKernel::kPortable, "portable", nullptr},
    {RowsKernel::kSsse3, "ssse3", nullptr},
    {RowsKernel::kAvx2, "avx2", &CpuFeatures::avx2},              // AVX2, BMI1, BMI2
    {RowsKernel::kAvx512, "avx512", &CpuFeatures::avx512},        // F, BW, DQ, VL, VBMI, VNNI
    {RowsKernel::kAvx512Scalar, "avx512-scalar", &CpuFeatures::avx512},
    {RowsKernel::kNeon, "neon", nullptr},
};
static_assert(std::size(kKernels) == std::size(kRowsKernels), "a row for every kernel");

constexpr bool in_order() {
    for (std::size_t k = 0; k < std::size(kKernels); ++k)
        if (kKernels[k].kernel != kRowsKernels[k] || static_cast<std::size_t>(kRowsKernels[k]) != k) return false;
    return true;
}
static_assert(in_order(), "kKernels in RowsKernel's order");

const KernelRow& row_of(RowsKernel kernel) { return kKernels[static_cast<std::size_t>(kernel)]; }

// The kernels by preference, fastest first. Of the two AVX-512 ones, the CPU's gathers decide:
// on AMD's they are slower than a row's loads one at a time (measured on Zen 5: the AVX-512
// kernel 1.5-1.8x faster without them; on Zen 4 1.04-1.47x), not on Intel's (measured on
// Emerald Rapids: gathers faster).
RowsKernel fastest() {
    const RowsKernel avx512 = cpu_features().amd ? RowsKernel::kAvx512Scalar : RowsKernel::kAvx512;
    for (const RowsKernel kernel : {RowsKernel::kNeon, avx512, RowsKernel::kAvx2, RowsKernel::kSsse3})
        if (rows_kernel_runs(kernel)) return kernel;
    return RowsKernel::kPortable;
}

std::atomic<RowsKernel>& chosen() {
    static std::atomic<RowsKernel> kernel{fastest()};
    return kernel;
}

}  // namespace

const char* rows_kernel_name(RowsKernel kernel) { return row_of(kernel).name; }

RowsKernel rows_kernel_named(const std::string& name) {
    for (const KernelRow& row : kKernels)
        if (name == row.name) return row.kernel;
    throw std::invalid_argument("unknown row kernel '" + name + "' (portable, ssse3, avx2, avx512, avx512-scalar or neon)");
}

bool rows_kernel_runs(RowsKernel kernel) {
    const KernelRow& row = row_of(kernel);
    return (kBuilt & bit(kernel)) != 0 && (row.needs == nullptr || cpu_features().*row.needs);
}

RowsKernel rows_kernel() { return chosen().load(std::memory_order_relaxed); }

void use_rows_kernel(RowsKernel kernel) {
    if (!rows_kernel_runs(kernel))
        throw std::invalid_argument(std::string("this build or CPU cannot run the ") + rows_kernel_name(kernel) + " row kernel");
    chosen().store(kernel, std::memory_order_relaxed);
}

}  // namespace wildeval
