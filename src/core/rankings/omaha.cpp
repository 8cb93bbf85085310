// Omaha high: the best five of exactly two of the 4-6 hole cards and exactly three of the 3-5
// board cards. A split ranking (RankingSpec::min_board): its hands come in two parts, valued by
// evaluate_parts; the registry's sizes are the hole's.
//
// Without a flush: the board's rank multiset gives a row of OmahaTables, and each pair of hole
// ranks one entry of it (six reads for four hole cards, in at most three cache lines). A flush
// needs two hole cards and three board cards of one suit: the best straight flush of those, or
// the two highest hole cards of the suit with the three highest of the board.
#include <memory>
#include <stdexcept>

#include "bits.hpp"
#include "hand.hpp"
#include "rankings/ranking.hpp"
#include "tables/tables.hpp"

namespace wildeval {
namespace {

// The ranks of the straight whose top card is `top` (3 = the five, for A-2-3-4-5).
constexpr uint32_t straight_window(int top) { return top == 3 ? 0x100Fu : (0x1Fu << (top - 4)); }

// Not a RankingOf: there is no census of it (census() refuses).
class Omaha final : public SplitRanking {
public:
    Omaha() : SplitRanking("omaha"), parts_(0), tables_(generated<OmahaTables>()), flush_(generated<RankTables>().flush_table(true, 0)) {}

    uint32_t evaluate_parts(const uint8_t* hole, int n_hole, const uint8_t* board, int n_board) const override {
        return value_of(hole, n_hole, board, n_board);
    }

    bool evaluate_parts_rows(const uint8_t* holes, int n_hole, const uint8_t* boards, int n_board, std::size_t n_rows,
                             int32_t* __restrict out) const override {
        uint64_t set_bits = 0;  // all distinct exactly when each row sets n_hole + n_board bits
        for (std::size_t i = 0; i < n_rows; ++i, holes += n_hole, boards += n_board) {
            uint64_t bits = 0;
            for (int j = 0; j < n_hole; ++j) bits |= uint64_t{1} << holes[j];
            for (int j = 0; j < n_board; ++j) bits |= uint64_t{1} << boards[j];
            set_bits += static_cast<uint64_t>(popcount64(bits));
            out[i] = static_cast<int32_t>(value_of(holes, n_hole, boards, n_board));
        }
        return set_bits == static_cast<uint64_t>(n_hole + n_board) * n_rows;
    }

    uint32_t category(uint32_t value) const override { return category_of(value); }

    // One hole against many boards (the equity engine): the hole's pairs read once.
    void evaluate_hole_on_boards(const uint8_t* hole, int n_hole, const uint8_t* boards, int n_board,
                                 std::size_t n_boards, int32_t* __restrict out) const override {
        const Hole h = hole_of(hole, n_hole);
        for (std::size_t i = 0; i < n_boards; ++i, boards += n_board)
            out[i] = static_cast<int32_t>(value_of(h, boards, n_board));
    }

private:
    // What a hole brings to any board: the index of each pair of its ranks, its ranks by suit.
    struct Hole {
        uint8_t pairs[15];
        int n_pairs = 0;
        uint32_t suit[kSuits] = {};
    };

    Hole hole_of(const uint8_t* hole, int n_hole) const {
        Hole h;
        for (int a = 0; a < n_hole; ++a) {
            h.suit[suit_of(hole[a])] |= 1u << rank_of(hole[a]);
            for (int b = a + 1; b < n_hole; ++b)
                h.pairs[h.n_pairs++] = tables_.pair[rank_of(hole[a]) * kRanks + rank_of(hole[b])];
        }
        return h;
    }

    uint32_t value_of(const uint8_t* hole, int n_hole, const uint8_t* board, int n_board) const {
        return value_of(hole_of(hole, n_hole), board, n_board);
    }

    uint32_t value_of(const Hole& hole, const uint8_t* board, int n_board) const {
        uint64_t key = 0;
        uint32_t board_suit[kSuits] = {};
        for (int j = 0; j < n_board; ++j) {
            key += parts_[board[j]].key;
            board_suit[suit_of(board[j])] |= 1u << rank_of(board[j]);
        }
        const PerfectHash& boards = tables_.boards;
        const uint32_t index = boards.values[OmahaBoardShape::slot(key, boards.multiplier, boards.displacement.data())];
        const uint16_t* row = tables_.best.data() + static_cast<std::size_t>(index) * OmahaTables::kRankPairs;
        uint32_t best = 0;
        for (int k = 0; k < hole.n_pairs; ++k) best = row[hole.pairs[k]] > best ? row[hole.pairs[k]] : best;
        uint32_t value = tables_.values[best];
        for (int s = 0; s < kSuits; ++s)
            if (popcount32(board_suit[s]) >= 3 && popcount32(hole.suit[s]) >= 2) {
                const uint32_t flush = best_flush(hole.suit[s], board_suit[s]);
                value = flush > value ? flush : value;
            }
        return value;
    }

    // The best five of two of `hole` and three of `board`, ranks of one suit (disjoint masks).
    uint32_t best_flush(uint32_t hole, uint32_t board) const {
        // from the best straight the suit's cards hold down (most hold none)
        for (int top = tables_.straight_top[hole | board]; top >= 3; --top) {
            const uint32_t w = straight_window(top);
            // every rank of the window held, at most two of them off the board, at most three off the hole
            if ((w & ~(hole | board)) == 0 && popcount32(w & ~board) <= 2 && popcount32(w & ~hole) <= 3)
                return pack(kStraightFlush, {top});
        }
        const uint32_t h1 = 1u << highest_bit(hole), h2 = 1u << highest_bit(hole ^ h1);
        const uint32_t b1 = 1u << highest_bit(board), b2 = 1u << highest_bit(board ^ b1),
                       b3 = 1u << highest_bit(board ^ b1 ^ b2);
        return flush_[h1 | h2 | b1 | b2 | b3];
    }

    CardParts parts_;
    const OmahaTables& tables_;
    const uint32_t* flush_;  // the "high" flush of each 13-bit suit mask
};

}  // namespace

std::unique_ptr<Ranking> make_omaha(uint32_t, bool) { return std::make_unique<Omaha>(); }

}  // namespace wildeval
