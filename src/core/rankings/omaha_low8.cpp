// Omaha's low half, eight or better ("omaha_low8"): the best ace-to-five low of exactly two of
// the 4-6 hole cards and exactly three of the 3-5 board cards, five different ranks from the ace
// to the eight; none qualifies when no two and three make one. A split ranking, as "omaha".
//
// Value: kLowBase minus the five ranks packed as ace-to-five packs them (ace = 1 .. eight = 8,
// highest first), as "low_a5" values a hand without a pair; 0 for no low. Category 1 for a low,
// 0 for none (the package's codec names them).
#include <memory>
#include <stdexcept>

#include "bits.hpp"
#include "rankings/ranking.hpp"
#include "tables/tables.hpp"

namespace wildeval {
namespace {

// Not a RankingOf: there is no census of it (census() refuses).
class OmahaLow8 final : public SplitRanking {
public:
    OmahaLow8() : SplitRanking("omaha_low8"), best_(generated<OmahaLowTables>().best.data()) {
        for (int c = 0; c < kDeck; ++c) {
            const int place = (rank_of(c) + 1) % kRanks;  // ace 0 .. eight 7
            place_bit_[c] = static_cast<uint8_t>(place < 8 ? 1u << place : 0);
        }
        for (uint32_t places = 0; places < 256; ++places) {  // a low is five places at most:
            if (popcount32(places) > 5) continue;             // best_ never gives more
            uint32_t packed = 0, left = places;
            for (int shift = 16; left != 0; shift -= 4) {
                const int top = highest_bit(left);
                packed |= static_cast<uint32_t>(top + 1) << shift;
                left ^= 1u << top;
            }
            value_[places] = places == 0 ? 0 : kLowBase - packed;
        }
    }

    uint32_t evaluate_parts(const uint8_t* hole, int n_hole, const uint8_t* board, int n_board) const override {
        return value_[best_[places(hole, n_hole) << 8 | places(board, n_board)]];
    }

    bool evaluate_parts_rows(const uint8_t* holes, int n_hole, const uint8_t* boards, int n_board, std::size_t n_rows,
                             int32_t* __restrict out) const override {
        uint64_t set_bits = 0;
        for (std::size_t i = 0; i < n_rows; ++i, holes += n_hole, boards += n_board) {
            uint64_t bits = 0;
            for (int j = 0; j < n_hole; ++j) bits |= uint64_t{1} << holes[j];
            for (int j = 0; j < n_board; ++j) bits |= uint64_t{1} << boards[j];
            set_bits += static_cast<uint64_t>(popcount64(bits));
            out[i] = static_cast<int32_t>(evaluate_parts(holes, n_hole, boards, n_board));
        }
        return set_bits == static_cast<uint64_t>(n_hole + n_board) * n_rows;
    }

    void evaluate_hole_on_boards(const uint8_t* hole, int n_hole, const uint8_t* boards, int n_board,
                                 std::size_t n_boards, int32_t* __restrict out) const override {
        const uint32_t mine = places(hole, n_hole) << 8;
        for (std::size_t i = 0; i < n_boards; ++i, boards += n_board)
            out[i] = static_cast<int32_t>(value_[best_[mine | places(boards, n_board)]]);
    }

    uint32_t category(uint32_t value) const override { return value != 0; }

private:
    uint32_t places(const uint8_t* cards, int n) const {
        uint32_t out = 0;
        for (int j = 0; j < n; ++j) out |= place_bit_[cards[j]];
        return out;
    }

    const uint8_t* best_;
    uint8_t place_bit_[kDeck] = {};
    uint32_t value_[256] = {};  // per set of five places (or none): the value
};

}  // namespace

std::unique_ptr<Ranking> make_omaha_low8(uint32_t, bool) { return std::make_unique<OmahaLow8>(); }

}  // namespace wildeval
