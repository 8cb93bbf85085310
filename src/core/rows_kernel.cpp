#include "rows_kernel.hpp"

#include <atomic>
#include <stdexcept>

namespace wildeval {
namespace {

// Whether this build and CPU run the AVX-512 kernels (the CPU is asked once).
bool avx512_here() {
#if defined(WILDEVAL_ROWS16)
    static const bool here = [] {
        __builtin_cpu_init();
        return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
               __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512vl") &&
               __builtin_cpu_supports("avx512vbmi") && __builtin_cpu_supports("avx512vnni");
    }();
    return here;
#else
    return false;
#endif
}

std::atomic<RowsKernel>& chosen() {
    static std::atomic<RowsKernel> kernel{avx512_here() ? RowsKernel::kAvx512 : RowsKernel::kPortable};
    return kernel;
}

}  // namespace

bool rows_kernel_runs(RowsKernel kernel) { return kernel == RowsKernel::kPortable || avx512_here(); }

RowsKernel rows_kernel() { return chosen().load(std::memory_order_relaxed); }

void use_rows_kernel(RowsKernel kernel) {
    if (!rows_kernel_runs(kernel)) throw std::invalid_argument("this build or CPU cannot run the AVX-512 row kernel");
    chosen().store(kernel, std::memory_order_relaxed);
}

}  // namespace wildeval
