#include "tables/perfect_hash.hpp"

#include "bits.hpp"

#include <algorithm>
#include <numeric>
#include <stdexcept>

namespace wildeval {
namespace {

// Hash and displace: keys fall into buckets by the top bits of key * multiplier; each bucket
// gets the smallest displacement that moves all its keys to free slots. Largest buckets first.
bool build(PerfectHash& t, const std::vector<HashEntry>& entries, uint64_t multiplier, int bucket_bits,
           int table_bits) {
    t.multiplier = multiplier;
    const std::size_t n_buckets = std::size_t{1} << bucket_bits;
    const uint32_t mask = (1u << table_bits) - 1;
    // Keys grouped by bucket (a counting sort): bucket b holds members[start[b] .. start[b+1]).
    std::vector<uint32_t> pos(entries.size()), bucket_of(entries.size()), start(n_buckets + 1, 0);
    for (uint32_t i = 0; i < entries.size(); ++i) {
        const uint64_t h = entries[i].key * multiplier;
        bucket_of[i] = static_cast<uint32_t>(h >> (64 - bucket_bits));
        pos[i] = static_cast<uint32_t>(h >> (64 - bucket_bits - table_bits));
        ++start[bucket_of[i] + 1];
    }
    for (std::size_t b = 0; b < n_buckets; ++b) start[b + 1] += start[b];
    std::vector<uint32_t> members(entries.size()), fill(start.begin(), start.end() - 1);
    for (uint32_t i = 0; i < entries.size(); ++i) members[fill[bucket_of[i]]++] = i;
    auto size_of = [&](uint32_t b) { return start[b + 1] - start[b]; };
    std::vector<uint32_t> order(n_buckets);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) { return size_of(a) > size_of(b); });
    // Taken slots as bits; the slots p .. p + 63 (wrapping) of all the keys of a bucket are
    // tried together, 64 displacements at a time.
    const uint32_t n_words = (mask + 1) / 64;
    std::vector<uint64_t> used(n_words, 0);
    auto taken = [&](uint32_t p) {
        const uint32_t w = p / 64, b = p % 64;
        const uint64_t lo = used[w], hi = used[(w + 1) % n_words];
        return b == 0 ? lo : (lo >> b) | (hi << (64 - b));
    };
    t.displacement.assign(n_buckets, 0);
    t.values.assign(std::size_t{mask} + 1, 0);
    for (uint32_t b : order) {
        const uint32_t* first = members.data() + start[b];
        const uint32_t n = size_of(b);
        if (n == 0) break;
        // Two keys of one bucket at the same position would share a slot at every displacement:
        // then this multiplier fails. Otherwise a displacement only has to meet free slots.
        for (uint32_t i = 0; i < n; ++i)
            for (uint32_t j = 0; j < i; ++j)
                if (((pos[first[i]] ^ pos[first[j]]) & mask) == 0) return false;
        bool placed = false;
        for (uint32_t d = 0; d <= 0xFFFF && !placed; d += 64) {
            uint64_t busy = 0;  // bit k: displacement d + k meets a taken slot
            for (uint32_t i = 0; i < n && busy != ~uint64_t{0}; ++i) busy |= taken((pos[first[i]] + d) & mask);
            if (busy == ~uint64_t{0}) continue;
            const uint32_t found = d + static_cast<uint32_t>(lowest_bit(~busy));  // the smallest that fits
            if (found > 0xFFFF) break;
            t.displacement[b] = static_cast<uint16_t>(found);
            for (uint32_t i = 0; i < n; ++i) {
                const uint32_t s = (pos[first[i]] + found) & mask;
                used[s / 64] |= uint64_t{1} << (s % 64);
                t.values[s] = entries[first[i]].value;
            }
            placed = true;
        }
        if (!placed) return false;
    }
    return true;
}

}  // namespace

PerfectHash perfect_hash(const std::vector<HashEntry>& entries, int bucket_bits, int table_bits, int zero_bits) {
    // the builder's bitset holds whole 64-slot words; a displacement is 16 bits
    if (table_bits < 6 || table_bits > 24 || bucket_bits < 0 || bucket_bits + table_bits > 64)
        throw std::invalid_argument("perfect_hash: tables of 2^6 to 2^24 slots");
    if (zero_bits < 16 || zero_bits > 32) throw std::invalid_argument("perfect_hash: 16-32 zero bits");
    PerfectHash t;
    // low bits zero: see perfect_hash.hpp (with 16, the sequence the tables were first built from)
    const uint64_t keep = ~((uint64_t{1} << zero_bits) - 1);
    uint64_t multiplier = 0x0E09576D6D910000ull & keep;
    const uint64_t step = 0x2545F4914F6D0000ull & keep;
    while (!build(t, entries, multiplier, bucket_bits, table_bits)) multiplier += step;
    t.displacement.push_back(0);  // so that a 32-bit read of the last bucket's 16 bits stays inside
    return t;
}

}  // namespace wildeval
