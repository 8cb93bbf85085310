// Tables of hand strength for every canonical hand of a round (hand_strength.hpp): each board
// valued once with every pair of the cards left (river), or each completion of it (turn, flop),
// and every hole pair's figures summed and indexed, a board per task on the worker pool.
#include <algorithm>
#include <memory>
#include <vector>

#include "abstraction/hand_strength.hpp"
#include "threads/parallel.hpp"

namespace wildeval::abstraction {

namespace {

// One BoardPairs per worker, made on first use (each is about 40 KB).
class PerWorker {
public:
    explicit PerWorker(int threads) : pairs_(static_cast<std::size_t>(std::max(threads, 1))) {}
    BoardPairs& operator[](int worker) {
        auto& slot = pairs_[static_cast<std::size_t>(worker)];
        if (!slot) slot = std::make_unique<BoardPairs>();
        return *slot;
    }

private:
    std::vector<std::unique_ptr<BoardPairs>> pairs_;
};

// The index of every pair of `pairs` as the hole cards of the board (its n_board cards).
void index_pairs(const HandIndexer& rounds, const BoardPairs& pairs, const uint8_t* board, int n_board,
                 uint32_t* out) {
    const int width = 2 + n_board;
    std::vector<uint8_t> rows(static_cast<std::size_t>(pairs.pairs() * width));
    std::vector<uint64_t> indices(static_cast<std::size_t>(pairs.pairs()));
    for (int p = 0; p < pairs.pairs(); ++p) {
        uint8_t* row = rows.data() + p * width;
        row[0] = pairs.card(pairs.first(p));
        row[1] = pairs.card(pairs.second(p));
        std::copy(board, board + n_board, row + 2);
    }
    rounds.index_many(rows.data(), indices.size(), 1, indices.data(), 1);
    for (std::size_t p = 0; p < indices.size(); ++p) out[p] = static_cast<uint32_t>(indices[p]);
}

}  // namespace

void river_table_part(const HandIndexer& river, const uint8_t* boards, std::size_t n_boards, int threads,
                      uint32_t* indices, uint16_t* counts) {
    constexpr std::size_t kPairs = 47 * 46 / 2;
    PerWorker workers(threads);
    run_tasks(threads, n_boards, [&](std::size_t i, int worker) {
        BoardPairs& pairs = workers[worker];
        const uint8_t* board = boards + 5 * i;
        pairs.value(board, 5, 0);
        pairs.uniform_counts(counts + i * kPairs);
        index_pairs(river, pairs, board, 5, indices + i * kPairs);
    });
}

void street_table_part(const HandIndexer& rounds, const uint8_t* boards, int n_board, std::size_t n_boards,
                       int bins, int threads, uint32_t* indices, uint64_t* sums, uint64_t* squares,
                       uint16_t* histograms, bool next_street) {
    const int left = 52 - n_board;
    const auto holes = static_cast<std::size_t>(left * (left - 1) / 2);
    PerWorker bases(threads), rivers(threads);
    std::vector<std::vector<uint32_t>> turns(static_cast<std::size_t>(std::max(threads, 1)));
    run_tasks(threads, n_boards, [&](std::size_t i, int worker) {
        BoardPairs& base = bases[worker];
        BoardPairs& later = rivers[worker];
        const uint8_t* board = boards + static_cast<std::size_t>(n_board) * i;
        base.value(board, n_board, 0);
        index_pairs(rounds, base, board, n_board, indices + i * holes);
        int16_t slot[52][52];
        for (int p = 0; p < base.pairs(); ++p)
            slot[base.card(base.first(p))][base.card(base.second(p))] = static_cast<int16_t>(p);
        uint64_t* sum = sums + i * holes;
        uint64_t* square = squares + i * holes;
        uint16_t* histogram = histograms + i * holes * static_cast<std::size_t>(bins);
        std::fill(sum, sum + holes, uint64_t{0});
        std::fill(square, square + holes, uint64_t{0});
        std::fill(histogram, histogram + holes * static_cast<std::size_t>(bins), uint16_t{0});
        uint8_t cards[5];
        std::copy(board, board + n_board, cards);
        uint16_t counts[kMaxPairs];
        const bool by_turn = next_street && n_board == 3;
        std::vector<uint32_t>& turn_sums = turns[worker];  // by_turn: each pair's sum over each turn's rivers
        if (by_turn) turn_sums.assign(holes * 52, 0);
        auto add_river = [&]() {
            later.value(cards, 5, 0);
            later.uniform_counts(counts);
            for (int q = 0; q < later.pairs(); ++q) {
                const auto p = static_cast<std::size_t>(slot[later.card(later.first(q))][later.card(later.second(q))]);
                const uint64_t c = counts[q];
                sum[p] += c;
                square[p] += c * c;
                if (by_turn) {
                    turn_sums[p * 52 + cards[3]] += static_cast<uint32_t>(c);
                    turn_sums[p * 52 + cards[4]] += static_cast<uint32_t>(c);
                    continue;
                }
                const auto bin = std::min<uint64_t>(c * static_cast<uint64_t>(bins) / kRiverScale,
                                                    static_cast<uint64_t>(bins - 1));
                ++histogram[p * static_cast<std::size_t>(bins) + bin];
            }
        };
        const int n = base.cards_left();
        if (n_board == 4) {
            for (int x = 0; x < n; ++x) {
                cards[4] = base.card(x);
                add_river();
            }
        } else {
            for (int x = 0; x < n; ++x)
                for (int y = x + 1; y < n; ++y) {
                    cards[3] = base.card(x), cards[4] = base.card(y);
                    add_river();
                }
        }
        if (!by_turn) return;
        constexpr uint64_t kTurnScale = kRiverScale * 46;  // a turn's 46 rivers
        for (std::size_t p = 0; p < holes; ++p) {
            const uint8_t a = base.card(base.first(static_cast<int>(p))), b = base.card(base.second(static_cast<int>(p)));
            for (int t = 0; t < n; ++t) {
                const uint8_t turn = base.card(t);
                if (turn == a || turn == b) continue;
                const uint64_t s = turn_sums[p * 52 + turn];
                const auto bin = std::min<uint64_t>(s * static_cast<uint64_t>(bins) / kTurnScale,
                                                    static_cast<uint64_t>(bins - 1));
                ++histogram[p * static_cast<std::size_t>(bins) + bin];
            }
        }
    });
}

}  // namespace wildeval::abstraction
