#include "kernels/rows_kernel.hpp"

#include <atomic>
#include <stdexcept>

#include "kernels/cpu.hpp"

namespace wildeval {
namespace {

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

const char* rows_kernel_name(RowsKernel kernel) { return rows_kernel_row(kernel).name; }

RowsKernel rows_kernel_named(const std::string& name) {
    for (const RowsKernelRow& row : kRowsKernelRows)
        if (name == row.name) return row.kernel;
    throw std::invalid_argument("unknown row kernel '" + name + "' (portable, ssse3, avx2, avx512, avx512-scalar or neon)");
}

bool rows_kernel_runs(RowsKernel kernel) {
    const RowsKernelRow& row = rows_kernel_row(kernel);
    return row.built && (row.needs == nullptr || cpu_features().*row.needs);
}

RowsKernel rows_kernel() { return chosen().load(std::memory_order_relaxed); }

void use_rows_kernel(RowsKernel kernel) {
    if (!rows_kernel_runs(kernel))
        throw std::invalid_argument(std::string("this build or CPU cannot run the ") + rows_kernel_name(kernel) + " row kernel");
    chosen().store(kernel, std::memory_order_relaxed);
}

CardDraws card_draws() {
    const CardDraws best = rows_kernel_row().draws;  // a kernel that draws with the deposit runs BMI2
    const CpuFeatures& cpu = cpu_features();
    if (best == CardDraws::kBroadword || !cpu.deposit_fast) return CardDraws::kBroadword;
    return best == CardDraws::kIfma && cpu.avx512_ifma ? CardDraws::kIfma : CardDraws::kDeposit;
}

}  // namespace wildeval
