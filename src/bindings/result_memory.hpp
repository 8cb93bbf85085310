// New arrays for batch results. A large new array costs its pages: the OS zeroes each one as the
// kernel first writes it (about 2 ms for 10 M values here, a sixth of their evaluation). So the
// memory of the last large result the caller dropped is kept (up to 64 MiB as it is, a larger
// one lent back to the OS lazily, MADV_FREE: taken only under memory pressure), and the next
// result of a fitting size is written into it: no page to zero. Where MADV_FREE is missing, every result is a plain new array.
#pragma once

#include <pybind11/numpy.h>

#include <cstddef>
#include <cstdint>

namespace wildeval {

// Results of at least this many values use kept memory; smaller ones are plain new arrays (the
// C allocator reuses their memory itself).
inline constexpr std::size_t kKeptResultFrom = std::size_t{1} << 21;  // 2 M values, 8 MiB
// The largest block kept resident once dropped, as glibc's malloc keeps up to 64 MiB of freed
// memory itself; a larger one is lent back to the OS lazily (MADV_FREE).
inline constexpr std::size_t kKeptResidentUpTo = std::size_t{1} << 26;  // 64 MiB
// The largest block kept once dropped (a larger one goes back to the OS at once).
inline constexpr std::size_t kKeptBlockUpTo = std::size_t{1} << 30;  // 1 GiB

// A new C-contiguous int32 array of n values (uninitialized). From kKeptResultFrom values on
// (where MADV_FREE exists) it is a view of a memory block that it keeps alive (its `base`, a
// capsule): the block last dropped if it fits (at least n values, at most twice as many).
pybind11::array_t<int32_t> new_result(std::size_t n);

// Whether dropped result memory is kept on this build and OS.
bool keeps_result_memory();

}  // namespace wildeval
