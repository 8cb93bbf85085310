// What the batch kernels for rows of 5-7 cards share, which of them runs, and what each one
// decides elsewhere: the table of kernels (kRowsKernelRows) and the one chain of "SIMD blocks,
// then scalar rest" (simd_blocks) that the batch, three-card poker and narrow_cards follow.
//
// natural_rows (rows.hpp) runs the AVX-512 kernel (rows_avx512.hpp) where this build
// and CPU can, else the AVX2 one (rows_avx2.hpp), else the SSSE3 one where the build has
// SSSE3 (rows_ssse3.hpp); on aarch64 the NEON one (rows_neon.hpp); else the
// portable one (rows_portable.hpp, plain C++), the one every other CPU runs; a test or
// a benchmark may pick any kernel the CPU runs, to check or time each.
#pragma once

#include <algorithm>
#include <climits>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <string>
#include <type_traits>

#include "bits.hpp"
#include "hand.hpp"
#include "kernels/cpu.hpp"

// The AVX-512 kernel is built with GCC or Clang for x86-64 (as functions compiled for AVX-512
// whatever the package's -march), and runs where the CPU has it.
#if defined(__GNUC__) && defined(__x86_64__)
#define WILDEVAL_ROWS16 1
// Clang 18 and later split 512-bit registers off AVX-512 as "evex512", which must be asked for.
#if defined(__clang__) && __clang_major__ >= 18
#define WILDEVAL_EVEX512 ",evex512"
#else
#define WILDEVAL_EVEX512 ""
#endif
#define WILDEVAL_AVX512_TARGET \
    __attribute__((target("avx512f,avx512bw,avx512dq,avx512vl,avx512vbmi,avx512vnni,popcnt" WILDEVAL_EVEX512)))
// Around code with AVX-512 intrinsics: GCC 12 takes their _mm512_undefined_epi32() for an
// uninitialized read once they are inlined into a function compiled for AVX-512 (a false report).
#if defined(__clang__)
#define WILDEVAL_AVX512_CODE_BEGIN
#define WILDEVAL_AVX512_CODE_END
#else
#define WILDEVAL_AVX512_CODE_BEGIN                                                   \
    _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wmaybe-uninitialized\"") \
        _Pragma("GCC diagnostic ignored \"-Wpsabi\"")
#define WILDEVAL_AVX512_CODE_END _Pragma("GCC diagnostic pop")
#endif
// The AVX2 kernel likewise (x86-64-v3: AVX2 and BMI1/2), where the CPU has it.
#define WILDEVAL_ROWS8 1
#define WILDEVAL_AVX2_TARGET __attribute__((target("avx2,bmi,bmi2,popcnt")))
#endif

// The NEON kernel is built with GCC or Clang for aarch64, where NEON is part of the architecture.
#if (defined(__GNUC__) || defined(__clang__)) && defined(__aarch64__)
#define WILDEVAL_ROWS_NEON 1
#endif

namespace wildeval {

// Which rows natural_rows fixes up: flushes are rare in natural cards (3 % of seven), common
// with wild ranks (a third of the rows). The SSSE3, NEON and portable kernels, a row at a time,
// note rare ones on a predicted branch; the AVX2 one notes every row without a branch either way
// (a block of eight natural rows holds a flush one time in five: docs/experiments.md).
enum class FlushRows { kNone, kRare, kCommon };

// A perfect hash's hot pointers; its shape (a HashShape) is a template argument of the kernel.
struct SlotHash {
    uint64_t multiplier;
    const uint16_t* displacement;
};

// Lookups from a slot to a row's value that the AVX-512 kernel gathers sixteen rows at a time
// (gather16 in rows_avx512.hpp); any other lookup (a lambda) is read one row at a time.
//
// A slot's 32-bit value as the table holds it.
struct SlotValues {
    static constexpr bool kGathered = true;
    const uint32_t* values;
    int32_t operator()(uint32_t slot) const { return static_cast<int32_t>(values[slot]); }
};

// A value read through a 16-bit ordinal, bits Shift.. of the slot's word: values[ordinal], or
// `from` minus it (From: true).
template <int Shift, bool From>
struct SlotOrdinals {
    static constexpr bool kGathered = true;
    const uint32_t* ordinals;
    const uint32_t* values;
    uint32_t from = 0;
    int32_t operator()(uint32_t slot) const {
        const uint32_t v = values[ordinals[slot] >> Shift & 0xFFFF];
        return static_cast<int32_t>(From ? from - v : v);
    }
};

// Lowball's value of a hand by ranks from a high-style value: `from` minus values[slot], where
// the value `was` reads as `now` (deuce-to-seven: the wheel is no straight, only ace high).
struct SlotValuesBelow {
    static constexpr bool kGathered = true;
    const uint32_t* values;
    uint32_t from, was, now;
    int32_t operator()(uint32_t slot) const {
        const uint32_t v = values[slot];
        return static_cast<int32_t>(from - (v == was ? now : v));
    }
};

// A gathered lookup read a row at a time all the same (the avx512-scalar kernel).
template <class Lookup>
struct RowAtATime {
    Lookup lookup;
    int32_t operator()(uint32_t slot) const { return lookup(slot); }
};

template <class Lookup, class = void>
struct Gathered : std::false_type {};
template <class Lookup>
struct Gathered<Lookup, std::void_t<decltype(Lookup::kGathered)>> : std::bool_constant<Lookup::kGathered> {};

// The hash of a shape whose multiplier's low 29 bits are zero (perfect_hash.hpp), as the SIMD
// kernels compute it: the top 32 bits of (8 sum + wild) * multiplier are, mod 2^32,
// sum * M + floor(wild * M / 8) with M the multiplier >> 29: one 32-bit multiply and, with wild
// ranks, a lookup by the wild count (0-7; the table repeats for 8-15, so a 16-entry lookup reads it).
template <class Shape>
struct SplitHash {
    static constexpr bool kApplies = Shape::kZeroBits + kRankKeyShift >= 32;
    uint32_t multiplier;
    alignas(64) uint32_t wild_part[16];
    explicit SplitHash(uint64_t full) : multiplier(static_cast<uint32_t>(full >> (32 - kRankKeyShift))), wild_part{} {
        const uint64_t big = full >> (32 - kRankKeyShift);
        for (uint64_t c = 0; c < 16; ++c) wild_part[c] = static_cast<uint32_t>((c & 7) * big >> kRankKeyShift);
    }
};

struct NoReadAhead {};

// A ReadAhead (ranking.hpp) fetched in even steps over a kernel's groups of rows: step() once a
// group. With NoReadAhead it is nothing at all (why: docs/experiments.md).
template <class Ahead>
class AheadSteps {
public:
    AheadSteps(const Ahead& ahead, std::size_t n_groups) {
        if constexpr (kFetches) {
            at_ = ahead.at;
            end_ = ahead.at + ahead.bytes;
            lines_ = n_groups == 0 ? 0 : (ahead.bytes + kLine * n_groups - 1) / (kLine * n_groups);
        } else {
            (void)ahead;
            (void)n_groups;
        }
    }
    void step() {
        if constexpr (kFetches)
            for (std::size_t q = 0; q < lines_ && at_ < end_; ++q, at_ += kLine) prefetch(at_);
    }

private:
    static constexpr bool kFetches = !std::is_same_v<Ahead, NoReadAhead>;
    static constexpr std::size_t kLine = 64;
    const char* at_ = nullptr;
    const char* end_ = nullptr;
    std::size_t lines_ = 0;  // a group
};

// A kernel's fetch of the rows ahead of those it reads: the `Lines` cache lines from `at` +
// `distance` bytes (maybe past the rows: a fetch never faults, and the address is formed without
// pointer arithmetic beyond the array). The x86 kernels and the portable one fetch about 256
// rows on, bytes as well as wider cards: with the hardware prefetcher alone, rows of bytes from
// memory ran 4-38 % slower (Zen 4, docs/experiments.md). The AVX-512 kernels fetch wider cards
// and wild rows in two steps instead, and the AVX2 kernel 8-byte cards (below).
// The NEON kernel does not fetch (not measured on ARM).
template <std::size_t Lines>
inline void fetch_rows_ahead(const void* at, std::size_t distance) {
    const char* ahead = reinterpret_cast<const char*>(reinterpret_cast<uintptr_t>(at) + distance);
    for (std::size_t q = 0; q < Lines; ++q) prefetch(ahead + 64 * q);
}
// A fetch in two steps: the `Lines` lines from `at` + `far` bytes into the second-level cache,
// those from `at` + `near` on into the first. A fetch from memory into the first level holds one
// of its few miss buffers for the whole wait, which the kernel's table reads need too: on Zen 4,
// int32 rows from memory ran 1.4x as fast fetched this way as with every fetch into the first
// level (docs/experiments.md).
template <std::size_t Lines>
inline void fetch_rows_in_two_steps(const void* at, std::size_t far, std::size_t near) {
    const uintptr_t from = reinterpret_cast<uintptr_t>(at);
    const char* later = reinterpret_cast<const char*>(from + far);
    const char* soon = reinterpret_cast<const char*>(from + near);
    for (std::size_t q = 0; q < Lines; ++q) {
        prefetch_later(later + 64 * q);
        prefetch(soon + 64 * q);
    }
}

// The bits of a 64-bit word of integer cards `Size` bytes each (2, 4 or 8) that no value 0-63
// sets: a value past 63, a negative one included, shows in them when the words of a batch are
// OR-ed together (52-63 show in the largest byte).
template <int Size>
inline constexpr uint64_t kPastCardBits = Size == 2   ? 0xFFC0FFC0FFC0FFC0ull
                                          : Size == 4 ? 0xFFFFFFC0FFFFFFC0ull
                                                      : 0xFFFFFFFFFFFFFFC0ull;
inline constexpr int32_t kNoFinalValue = INT32_MAX;

// The rows of a chunk: every kernel notes its flush rows over a chunk, then fixes them up (or
// reads them, flush_pass), so that its list of noted rows stays in the first-level cache. A
// multiple of every kernel's group or block of rows (4, 8, 16).
inline constexpr std::size_t kRowsChunk = 1024;

// Every kernel's fix-up of a chunk of rows [start, end) of N cards: fix(row, its value) for each
// noted row (`noted`: offsets from start) that is a row (a padded group's filler rows may be
// noted too) and whose value is under FinalFrom (no flush can beat a value from it). The rows a
// fix-up skips are dropped first without a branch: with wild ranks a third of them are final.
// unfinished_rows keeps (in order) the noted rows that are rows and under FinalFrom, and returns
// how many; fix_noted_chunk_rows fixes those up reading the chunk's rows from `chunk_rows` (row
// `start` there, Stride bytes a row: the AVX2 kernel's copy of its chunk), fix_noted_rows from
// `rows` (row 0, N bytes a row).
template <int32_t FinalFrom>
std::size_t unfinished_rows(uint32_t* noted, std::size_t n_noted, std::size_t start, std::size_t end, const int32_t* out) {
    if constexpr (FinalFrom == kNoFinalValue) {
        return n_noted;
    } else {
        std::size_t kept = 0;
        for (std::size_t f = 0; f < n_noted; ++f) {
            const std::size_t row = start + noted[f];
            noted[kept] = noted[f];
            kept += static_cast<std::size_t>(row < end) & static_cast<std::size_t>(out[row < end ? row : end - 1] < FinalFrom);
        }
        return kept;
    }
}
template <int N, int32_t FinalFrom, std::size_t Stride = N, class Fix>
void fix_noted_chunk_rows(uint32_t* noted, std::size_t n_noted, std::size_t start, std::size_t end,
                          const uint8_t* chunk_rows, int32_t* out, Fix& fix) {
    n_noted = unfinished_rows<FinalFrom>(noted, n_noted, start, end, out);
    for (std::size_t f = 0; f < n_noted; ++f) {
        const std::size_t row = start + noted[f];
        if (row < end) out[row] = fix(chunk_rows + noted[f] * Stride, out[row]);
    }
}
template <int N, int32_t FinalFrom, class Fix>
void fix_noted_rows(uint32_t* noted, std::size_t n_noted, std::size_t start, std::size_t end, const uint8_t* rows,
                    int32_t* out, Fix& fix) {
    fix_noted_chunk_rows<N, FinalFrom>(noted, n_noted, start, end, rows + start * static_cast<std::size_t>(N), out, fix);
}

// The rows [start, end) of a chunk (of the n_rows of N bytes at `rows`) in groups of Group, each
// by group(its first row, its values, its row in the chunk), for the SSSE3 and portable kernels,
// whose group loads read Reach bytes from its first row. A group whose loads would pass the end
// of the rows (the last one or two) runs on a padded copy whose filler rows hold distinct cards;
// a filler row that shows a flush (its cards may be wild) is noted but never fixed up.
template <int N, std::size_t Group, std::size_t Reach, class RunGroup>
void for_each_group(const uint8_t* rows, std::size_t n_rows, std::size_t start, std::size_t end, int32_t* out,
                    RunGroup& group) {
    constexpr std::size_t kPadded = Group * N + 16;
    static_assert(Reach <= kPadded, "a padded group holds what its loads read");
    for (std::size_t i = start; i < end; i += Group) {
        if (i * N + Reach <= n_rows * N) {
            group(rows + i * N, out + i, i - start);
            continue;
        }
        alignas(16) uint8_t pad[kPadded];
        for (std::size_t j = 0; j < kPadded; ++j) pad[j] = static_cast<uint8_t>(j % N);
        const std::size_t left = std::min(Group, n_rows - i);
        std::memcpy(pad, rows + i * N, left * N);
        int32_t tail[Group];
        group(pad, tail, i - start);
        for (std::size_t k = 0; k < left; ++k) out[i + k] = tail[k];
    }
}

// The kernels: the portable one, the x86-64 ones by vector width, the aarch64 one. The AVX-512
// kernel comes two ways: kAvx512 gathers its table lookups sixteen rows at a time, kAvx512Scalar
// reads them a row at a time (faster where gathers are slow: AMD's Zen 4 and 5, docs/experiments.md);
// both read wild rows' flushes in a gathered second pass (rows_avx512.hpp).
enum class RowsKernel { kPortable, kSsse3, kAvx2, kAvx512, kAvx512Scalar, kNeon };
inline constexpr RowsKernel kRowsKernels[] = {RowsKernel::kPortable, RowsKernel::kSsse3,       RowsKernel::kAvx2,
                                              RowsKernel::kAvx512,   RowsKernel::kAvx512Scalar, RowsKernel::kNeon};

// What this build compiles (the macros above as constants, for `if constexpr`).
#if defined(WILDEVAL_ROWS16)
inline constexpr bool kBuildsAvx512 = true;
#else
inline constexpr bool kBuildsAvx512 = false;
#endif
#if defined(WILDEVAL_ROWS8)
inline constexpr bool kBuildsAvx2 = true;
#else
inline constexpr bool kBuildsAvx2 = false;
#endif
#if defined(WILDEVAL_ROWS_NEON)
inline constexpr bool kBuildsNeon = true;
#else
inline constexpr bool kBuildsNeon = false;
#endif
#if defined(__SSSE3__)  // the package's -march (rows_ssse3.hpp)
inline constexpr bool kBuildsSsse3 = true;
#else
inline constexpr bool kBuildsSsse3 = false;
#endif

// The SIMD code a kernel runs whole blocks of rows with (simd_blocks below): none for the
// portable and SSSE3 kernels, which take every row in their own loop.
enum class SimdBlocks { kNone, kAvx512, kAvx2, kNeon };
// How the equity sampler draws its deals' cards (equity/deal_draws.cpp): a broadword search,
// BMI2's deposit with AVX2's 32-bit multiplies for the numbers (every CPU that runs it has AVX2),
// or the deposit with AVX-512 IFMA's 52-bit multiplies.
enum class CardDraws { kBroadword, kDeposit, kIfma };

// The table of kernels, a row each in RowsKernel's order: the one place a kernel is described.
// Every path that depends on the kernel reads its row (rows_kernel_row()): the batch's rows and
// three-card poker's (`blocks`, `gathers`, `rest_ssse3`), the wide rows (`reads_wide`, and
// `blocks` for narrow_cards), the equity sampler (`draws`, through card_draws()).
struct RowsKernelRow {
    RowsKernel kernel;
    const char* name;
    bool built;                 // this build compiles it
    bool CpuFeatures::*needs;   // what the CPU needs besides the build (cpu.hpp; none: nullptr)
    SimdBlocks blocks;          // its whole blocks of rows
    bool gathers;               // AVX-512: the table lookups gathered sixteen rows at a time
    int reads_wide;             // the widest integer cards (bytes) natural_rows reads itself (0: none)
    bool rest_ssse3;            // the rows past its blocks to the SSSE3 loop (else the portable one)
    CardDraws draws;            // the sampler's way at best (card_draws(): where BMI2's deposit is fast)
};
// Of the wide cards: the AVX2 and AVX-512 kernels narrow them as they load them, every width.
// (The AVX-512 kernels took 8-byte cards narrowed by the caller's pass until their fetches went
// in two steps; since, their own loads run 1.15-1.35x the pass on Zen 4, docs/experiments.md.)
// The other kernels take every width narrowed by the caller, which fetches the next block
// meanwhile.
inline constexpr RowsKernelRow kRowsKernelRows[] = {
    // kernel, name, built, CPU needs, blocks, gathers, reads_wide, rest_ssse3, draws
    {RowsKernel::kPortable, "portable", true, nullptr, SimdBlocks::kNone, false, 0, false, CardDraws::kBroadword},
    {RowsKernel::kSsse3, "ssse3", kBuildsSsse3, nullptr, SimdBlocks::kNone, false, 0, kBuildsSsse3, CardDraws::kBroadword},
    // AVX2, BMI1, BMI2
    {RowsKernel::kAvx2, "avx2", kBuildsAvx2, &CpuFeatures::avx2, SimdBlocks::kAvx2, false, 8, kBuildsSsse3,
     CardDraws::kDeposit},
    // AVX-512 F, BW, DQ, VL, VBMI, VNNI
    {RowsKernel::kAvx512, "avx512", kBuildsAvx512, &CpuFeatures::avx512, SimdBlocks::kAvx512, true, 8, kBuildsSsse3,
     CardDraws::kIfma},
    {RowsKernel::kAvx512Scalar, "avx512-scalar", kBuildsAvx512, &CpuFeatures::avx512, SimdBlocks::kAvx512, false, 8,
     kBuildsSsse3, CardDraws::kIfma},
    {RowsKernel::kNeon, "neon", kBuildsNeon, nullptr, SimdBlocks::kNeon, false, 0, kBuildsSsse3, CardDraws::kBroadword},
};
static_assert(std::size(kRowsKernelRows) == std::size(kRowsKernels), "a row for every kernel");
constexpr bool rows_in_order() {
    for (std::size_t k = 0; k < std::size(kRowsKernelRows); ++k)
        if (kRowsKernelRows[k].kernel != kRowsKernels[k] || static_cast<std::size_t>(kRowsKernels[k]) != k) return false;
    return true;
}
static_assert(rows_in_order(), "kRowsKernelRows in RowsKernel's order");

constexpr const RowsKernelRow& rows_kernel_row(RowsKernel kernel) { return kRowsKernelRows[static_cast<std::size_t>(kernel)]; }
// Whether a kernel is one of the two AVX-512 ones.
constexpr bool is_avx512(RowsKernel kernel) { return rows_kernel_row(kernel).blocks == SimdBlocks::kAvx512; }

// A kernel's name ("portable", "ssse3", "avx2", "avx512", "avx512-scalar", "neon"), and the
// kernel of a name (std::invalid_argument for another name).
const char* rows_kernel_name(RowsKernel kernel);
RowsKernel rows_kernel_named(const std::string& name);

// Whether this build and CPU can run `kernel` (its row's `built` and `needs`; SSSE3: built with
// it; NEON: built for aarch64). The AVX kernels hand their last rows to the SSSE3 one where it is
// built, the others to the portable one.
bool rows_kernel_runs(RowsKernel kernel);
// The kernel natural rows use now: the fastest that runs here unless use_rows_kernel chose.
RowsKernel rows_kernel();
// Its row of the table.
inline const RowsKernelRow& rows_kernel_row() { return rows_kernel_row(rows_kernel()); }
// For tests and benchmarks; std::invalid_argument for a kernel that cannot run here.
void use_rows_kernel(RowsKernel kernel);
// How the equity sampler draws cards with the kernel chosen now: its row's `draws`, cut down to
// what this CPU does fast (BMI2's deposit in one step; IFMA and CD for kIfma).
CardDraws card_draws();

// A step of simd_blocks that runs no SIMD code (a family a caller has no code for).
struct NoSimdBlocks {
    template <class Row>
    std::size_t operator()(const Row&) const {
        return 0;
    }
};

// The "SIMD blocks, then scalar rest" chain, written once for every caller (the batch's rows in
// rows.hpp, three-card poker, narrow_cards): where the chosen kernel's row names a family of
// SIMD code this build compiles, that family's step runs on whole blocks of rows and returns how
// many rows it took; the caller's own scalar code then takes the rest (all of them if none).
// A step is a generic lambda, called with the kernel's row: it is instantiated only for a family
// this build compiles, so the entries it names need only be declared in the other builds (every
// kernel entry is declared in every build, and defined only where its ISA is compiled).
template <class Avx512Step, class Avx2Step, class NeonStep>
std::size_t simd_blocks(Avx512Step&& avx512, Avx2Step&& avx2, NeonStep&& neon) {
    const RowsKernelRow& row = rows_kernel_row();
    if constexpr (kBuildsAvx512) {
        if (row.blocks == SimdBlocks::kAvx512) return avx512(row);
    }
    if constexpr (kBuildsAvx2) {
        if (row.blocks == SimdBlocks::kAvx2) return avx2(row);
    }
    if constexpr (kBuildsNeon) {
        if (row.blocks == SimdBlocks::kNeon) return neon(row);
    }
    (void)row;
    (void)avx512;
    (void)avx2;
    (void)neon;
    return 0;
}

}  // namespace wildeval
