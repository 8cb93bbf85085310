// The three-card poker table (ThreeCardTables): every hand of three codes (rank or wild) and
// whether its natural cards share a suit.
#include <utility>
#include <vector>

#include "bits.hpp"
#include "tables/tables.hpp"

namespace wildeval {
namespace {

constexpr uint32_t pack3(uint32_t code, int k1, int k2 = -1, int k3 = -1) {
    return code << kCategoryShift | static_cast<uint32_t>(k1 + 1) << 16 | static_cast<uint32_t>(k2 + 1) << 12 |
           static_cast<uint32_t>(k3 + 1) << 8;
}

// Top card of the highest three-rank straight holding every rank of `present`, given that the
// others are filled by wild cards; -1 if none. A-2-3 (top: the three) is the lowest.
int find_straight(uint32_t present) {
    for (int top = kAce; top >= 1; --top) {
        const uint32_t window = top == 1 ? 0x1003u : (0x7u << (top - 2));
        if ((present & ~window) == 0) return top;
    }
    return -1;
}

// Up to three ranks, high to low.
void sort_down(int* r, int n) {
    for (int i = 1; i < n; ++i)
        for (int j = i; j > 0 && r[j] > r[j - 1]; --j) std::swap(r[j], r[j - 1]);
}

// The value from the three cards' codes (a rank, or kWildCode) and whether the natural cards are
// all of one suit (true when there are none).
uint32_t solve(const int* codes, bool suited, bool flush_duplicates) {
    int ranks[3], n = 0;  // the natural cards' ranks, high to low
    uint32_t present = 0;
    for (int i = 0; i < 3; ++i) {
        if (codes[i] == kWildCode) continue;
        ranks[n++] = codes[i];
        present |= 1u << codes[i];
    }
    sort_down(ranks, n);
    const int wild = 3 - n;
    const bool distinct = popcount32(present) == n;
    if (distinct && suited) {
        const int top = find_straight(present);
        if (top >= 0) return pack3(k3StraightFlush, top);
    }
    if (popcount32(present) <= 1) return pack3(k3Trips, n > 0 ? ranks[0] : kAce);
    if (distinct) {
        const int top = find_straight(present);
        if (top >= 0) return pack3(k3Straight, top);
    }
    if (suited && distinct) {
        // a wild in the flush: the ace (even beside a held ace), or the best card not held
        int flush[3], m = 0;
        uint32_t held = present;
        for (int i = 0; i < wild; ++i) {
            int r = kAce;
            if (!flush_duplicates)
                while (held >> r & 1) --r;
            held |= 1u << r;
            flush[m++] = r;
        }
        for (int i = 0; i < n; ++i) flush[m++] = ranks[i];
        sort_down(flush, 3);
        return pack3(k3Flush, flush[0], flush[1], flush[2]);
    }
    if (!distinct) {  // a natural pair (trips were taken above)
        const int pair = ranks[0] == ranks[1] ? ranks[0] : ranks[1];
        const int kicker = ranks[0] == ranks[1] ? ranks[2] : ranks[0];
        return pack3(k3Pair, pair, kicker);
    }
    if (wild == 1) return pack3(k3Pair, ranks[0], ranks[1]);  // the wild pairs the higher card
    return pack3(k3HighCard, ranks[0], ranks[1], ranks[2]);
}

}  // namespace

ThreeCardTables ThreeCardTables::build() {
    ThreeCardTables t;
    for (int dup = 0; dup < 2; ++dup) {
        t.value[dup].resize(kThreeCardTableSize);
        for (int a = 0; a < kCodes; ++a)
            for (int b = 0; b < kCodes; ++b)
                for (int c = 0; c < kCodes; ++c)
                    for (int suited = 0; suited < 2; ++suited) {
                        const int codes[3] = {a, b, c};
                        t.value[dup][((a * kCodes + b) * kCodes + c) * 2 + suited] = solve(codes, suited != 0, dup != 0);
                    }
    }
    return t;
}

}  // namespace wildeval
