// A hash-and-displace perfect hash from 64-bit keys to 32-bit values, built by our own code.
//
// A key's bucket and position are the top bits of key * multiplier; the bucket's displacement
// moves the position to the key's own slot. The multiplier's low 16 bits (or more) are zero, so
// key bits 48-63 (a Hand's suit counters) fall off the top of the product and a summed key can
// be hashed as it is.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace wildeval {

// The slot of `key` in a table of 2^TableBits slots with 2^BucketBits buckets: the shape is a
// compile-time constant so that the hot loops shift by immediates. The multiplier's low
// ZeroBits bits are zero (at least 16): with 29, a key below 2^35 whose low 3 bits are zero
// (8 * a sum below 2^32) hashes as the low 32 bits of sum * (multiplier >> 29), one 32-bit
// multiply in a SIMD lane.
template <int BucketBits, int TableBits, int ZeroBits = 16>
struct HashShape {
    static constexpr int kBucketBits = BucketBits;
    static constexpr int kTableBits = TableBits;
    static constexpr int kZeroBits = ZeroBits;
    static constexpr uint32_t kSlotMask = (1u << TableBits) - 1;  // a position plus a displacement, to a slot
    static uint32_t slot(uint64_t key, uint64_t multiplier, const uint16_t* displacement) {
        const uint64_t h = key * multiplier;
        const uint32_t pos = static_cast<uint32_t>(h >> (64 - BucketBits - TableBits));
        return (pos + displacement[h >> (64 - BucketBits)]) & kSlotMask;
    }
};

struct PerfectHash {
    uint64_t multiplier = 0;
    std::vector<uint16_t> displacement;  // per bucket
    std::vector<uint32_t> values;        // per slot (0 where no key lands)

    std::size_t bytes() const { return displacement.size() * sizeof(uint16_t) + values.size() * sizeof(uint32_t); }
};

struct HashEntry {
    uint64_t key;
    uint32_t value;
};

// Deterministic: the first multiplier of a fixed sequence (each with its low zero_bits bits zero,
// 16-32) that places every key in its own slot. Tables of 2^6 to 2^24 slots
// (std::invalid_argument otherwise).
PerfectHash perfect_hash(const std::vector<HashEntry>& entries, int bucket_bits, int table_bits, int zero_bits = 16);

template <class Shape>
PerfectHash perfect_hash_of(const std::vector<HashEntry>& entries) {
    return perfect_hash(entries, Shape::kBucketBits, Shape::kTableBits, Shape::kZeroBits);
}

}  // namespace wildeval
