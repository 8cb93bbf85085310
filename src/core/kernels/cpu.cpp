// The CPU's features, asked once (cpu.hpp): every __builtin_cpu_* of the core is here.
#include "kernels/cpu.hpp"

namespace wildeval {

const CpuFeatures& cpu_features() {
    static const CpuFeatures features = [] {
        CpuFeatures f;
#if defined(__GNUC__) && defined(__x86_64__)
        __builtin_cpu_init();
        f.avx512 = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
                   __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512vl") &&
                   __builtin_cpu_supports("avx512vbmi") && __builtin_cpu_supports("avx512vnni");
        f.avx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2") &&
                 __builtin_cpu_supports("popcnt");
        f.avx512_ifma = __builtin_cpu_supports("avx512ifma") && __builtin_cpu_supports("avx512cd");
        f.amd = __builtin_cpu_is("amd") != 0;
        f.deposit_fast = !__builtin_cpu_is("znver1") && !__builtin_cpu_is("znver2");
#endif
        return f;
    }();
    return features;
}

}  // namespace wildeval
