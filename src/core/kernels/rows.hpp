// The batch kernel for rows of 5-7 cards, shared by the rankings that read a rank multiset's
// slot in a perfect hash (high with or without wild ranks, deuce-to-seven, ace-to-five):
// natural_rows() at the end runs the kernel that rows_kernel() names: AVX-512
// (rows_avx512.hpp), AVX2 (rows_avx2.hpp) or NEON (rows_neon.hpp) on whole
// blocks of rows, then SSSE3 (rows_ssse3.hpp, where the build has it) or the portable
// kernel (rows_portable.hpp, plain C++) on the rest, or on all of them. The SSSE3 and portable
// kernels are one loop (natural_rows_kernel) with two checks (PairCheck, KeyChecks).
#pragma once

#include <cstddef>
#include <cstdint>

#include "hand.hpp"
#include "kernels/narrow_cards.hpp"
#include "kernels/rows_avx512.hpp"
#include "kernels/rows_avx2.hpp"
#include "kernels/rows_neon.hpp"
#include "kernels/rows_portable.hpp"
#include "kernels/rows_ssse3.hpp"
#include "rankings/ranking.hpp"
#include "kernels/rows_kernel.hpp"

namespace wildeval {

// Whether natural_rows reads rows of wider integer cards (`itemsize` bytes) itself with the
// kernel chosen now (its row's `reads_wide`, rows_kernel.hpp); else the caller narrows them.
inline bool natural_rows_read_wide(int itemsize) { return itemsize <= rows_kernel_row().reads_wide; }

// Rows of N cards as Card integers: bytes, or wider integers (an unsigned type of their size)
// narrowed into `bytes` as they are read. An AVX or NEON kernel takes whole blocks where it runs
// (simd_blocks); the rest (a block's worth or fewer, or all of them) goes to the SSSE3 or the
// portable kernel (the row's `rest_ssse3`), wider cards narrowed first, fetching `next` meanwhile
// (bytes only). Those kernels are built without the read-ahead code when there is nothing to
// fetch (docs/experiments.md).
template <int N, class Shape, FlushRows Flushes, int32_t FinalFrom, class Card, class Lookup, class Fix>
bool natural_rows_of(const Card* cards, uint8_t* bytes, std::size_t n_rows, int32_t* __restrict out,
                     const CardParts& parts, SlotHash hash, Lookup lookup, Fix fix, ReadAhead next,
                     const uint32_t* wild_flush) {
    bool ok = true;  // false: a block held a card twice or a byte that is not a card
    const std::size_t blocks = simd_blocks(
        [&](const auto& row) -> std::size_t {
            const std::size_t whole = rows16_rows<N>(n_rows);
            if (whole == 0) return 0;
            auto run = [&](auto look) {
                return natural_rows16<N, Shape, Flushes, FinalFrom>(cards, bytes, whole, out, parts, hash, look, fix, wild_flush);
            };
            if constexpr (Gathered<Lookup>::value)
                ok = row.gathers ? run(lookup) : run(RowAtATime<Lookup>{lookup});
            else
                ok = run(lookup);
            return whole;
        },
        [&](const auto&) -> std::size_t {
            const std::size_t whole = rows8_rows<N, Card>(n_rows);
            ok = whole == 0 || natural_rows8<N, Shape, Flushes, FinalFrom>(cards, whole, out, parts, hash, lookup, fix, wild_flush);
            return whole;
        },
        [&](const auto&) -> std::size_t {
            if constexpr (sizeof(Card) != 1) {
                return 0;
            } else {
                const std::size_t whole = rows_neon_rows<N>(n_rows);
                ok = whole == 0 || natural_rows_neon<N, Shape, Flushes, FinalFrom>(cards, whole, out, parts, hash, lookup, fix);
                return whole;
            }
        });
    if (!ok) return false;
    const std::size_t left = n_rows - blocks;
    // the rest: the SSSE3 kernel where built, unless the portable one was chosen
    auto rest = [&](const uint8_t* at, auto ahead) {
        if constexpr (kBuildsSsse3) {
            if (rows_kernel_row().rest_ssse3)
                return natural_rows_kernel<N, Shape, Flushes, FinalFrom, PairCheck<N>>(at, left, out + blocks, parts.keys(),
                                                                                       hash, lookup, fix, ahead);
        }
        return natural_rows_kernel<N, Shape, Flushes, FinalFrom>(at, left, out + blocks, parts.keys(), hash, lookup, fix, ahead);
    };
    if constexpr (sizeof(Card) == 1) {
        const uint8_t* at = cards + blocks * N;
        // the caller's next block is fetched only where this kernel takes all the rows (a few
        // rows after an AVX kernel's blocks would fetch it all at once)
        return next.bytes != 0 && blocks == 0 ? rest(at, next) : rest(at, NoReadAhead{});
    } else {
        (void)next;
        if (!narrow_cards(cards + blocks * N, left * N, bytes + blocks * N)) return false;
        return rest(bytes + blocks * N, NoReadAhead{});
    }
}

// Rows of N cards (natural_rows_of). `wide`: the rows came as wider integers
// (Ranking::evaluate_wide_rows): either its `rows` are read here, narrowed into its `bytes`, or
// its `bytes` are `rows` (narrowed by the caller) and its `next` block is fetched meanwhile.
// With wild ranks, `wild_flush` (the flush values by wild count and natural ranks of a suit, as
// natural_rows16 reads them) lets the AVX-512 and AVX2 kernels read the flushes themselves.
template <int N, class Shape, FlushRows Flushes, int32_t FinalFrom = kNoFinalValue, class Lookup, class Fix>
bool natural_rows(const uint8_t* rows, std::size_t n_rows, int32_t* __restrict out, const CardParts& parts,
                  SlotHash hash, Lookup lookup, Fix fix, const WideCards& wide = {}, const uint32_t* wild_flush = nullptr) {
    if (wide.rows == nullptr)
        return natural_rows_of<N, Shape, Flushes, FinalFrom>(rows, nullptr, n_rows, out, parts, hash, lookup, fix, wide.next,
                                                             wild_flush);
    auto read = [&](auto card) {
        using Card = decltype(card);
        return natural_rows_of<N, Shape, Flushes, FinalFrom>(reinterpret_cast<const Card*>(wide.rows), wide.bytes, n_rows,
                                                             out, parts, hash, lookup, fix, ReadAhead{}, wild_flush);
    };
    switch (wide.itemsize) {
        case 2: return read(uint16_t{});
        case 4: return read(uint32_t{});
        default: return read(uint64_t{});  // 8
    }
}

}  // namespace wildeval
