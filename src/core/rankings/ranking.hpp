// What every ranking provides, and the registry of rankings.
//
// A ranking is one class deriving from RankingOf<itself> (in src/core/rankings/, one file each)
// and one row in the registry (registry.cpp): its name, hand sizes, whether it takes wild ranks
// and how to make it. Nothing else in the core names a ranking.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

#include "cards.hpp"
#include "hand.hpp"

namespace wildeval {

using CategoryCounts = std::array<uint64_t, kCategoryCount>;

// Memory a batch kernel may ask the CPU to fetch while it works through its rows, a little at a
// time: the caller's next block of wide cards (read from memory once, then narrowed). A hint
// only: nothing is read through it.
struct ReadAhead {
    const char* at = nullptr;
    std::size_t bytes = 0;
};

// A block of rows whose cards came as wider integers: C-contiguous rows of 2, 4 or 8 byte
// integers of either sign (Ranking::evaluate_wide_rows).
struct WideCards {
    const char* rows = nullptr;  // the block's first row, for a kernel that reads them itself
                                 // (Ranking::reads_wide); nullptr where the caller narrowed them
    int itemsize = 0;
    uint8_t* bytes = nullptr;    // the same rows as bytes: n_rows * n_cols of them
    ReadAhead next;              // the caller's next block, fetched meanwhile where `bytes` are read
};

// One ranking's evaluator for one set of wild ranks and flush option.
class Ranking {
public:
    virtual ~Ranking() = default;

    // n valid (0-51) distinct cards, n within the ranking's range. Higher is better.
    virtual uint32_t evaluate(const uint8_t* cards, int n) const = 0;

    // Rows of n_cols cards (n_cols within range), one value per row. False if some row holds a
    // card twice, a card outside the ranking's deck (RankingSpec::lowest_card) or, where
    // checks_cards(n_cols), a byte that is not a card (0-51): the output is then meaningless. Elsewhere the caller must have checked every card.
    virtual bool evaluate_rows(const uint8_t* rows, std::size_t n_rows, int n_cols, int32_t* out) const = 0;

    // Rows of wider integer cards, as evaluate_rows (false also for a value that is not a card).
    // Where reads_wide(n_cols), the kernel reads cards.rows itself, checks them and narrows them
    // into cards.bytes as it goes (an array from memory is read once). Elsewhere the caller has
    // narrowed and checked them into cards.bytes already, and cards.next is fetched meanwhile
    // where the kernel can (the default reads the bytes and ignores it).
    virtual bool evaluate_wide_rows(std::size_t n_rows, int n_cols, int32_t* out, const WideCards& cards) const {
        return evaluate_rows(cards.bytes, n_rows, n_cols, out);
    }

    // Whether evaluate_wide_rows reads the wide rows itself for rows of n_cols cards of
    // `itemsize` bytes (on this CPU: natural_rows_read_wide).
    virtual bool reads_wide(int n_cols, int itemsize) const {
        (void)n_cols, (void)itemsize;
        return false;
    }

    // Whether evaluate_rows checks the range of its rows' bytes itself for rows of n_cols cards.
    virtual bool checks_cards(int n_cols) const { (void)n_cols; return false; }

    // The card parts (hand.hpp) whose Hand sums evaluate_sums values for hands of n_cards, or
    // nullptr where the ranking values rows only. With them the equity engine sums each board
    // once and adds each player's cards to it, instead of writing rows.
    virtual const CardParts* card_parts(int n_cards) const { (void)n_cards; return nullptr; }
    // n hands of n_cards distinct valid cards each, given as sums of card_parts(n_cards).
    virtual void evaluate_sums(const Hand* hands, std::size_t n, int n_cards, int32_t* out) const {
        (void)hands, (void)n, (void)n_cards, (void)out;
    }

    // Whether a hand's value is the value of its ranks alone (its sum with the suit counters at
    // their bias) unless five of its cards share a suit: then the equity engine values most
    // boards once per multiset of ranks (the natural high ranking).
    virtual bool values_ranks_unless_flush() const { return false; }

    // A hand given in two parts: n_hole hole cards and n_board board cards, all checked and
    // distinct (the sizes within the spec's: the hole's and the board's for a split ranking, their
    // sum for another). By default the union of the parts.
    virtual uint32_t evaluate_parts(const uint8_t* hole, int n_hole, const uint8_t* board, int n_board) const {
        uint8_t cards[kMaxCards];
        for (int i = 0; i < n_hole; ++i) cards[i] = hole[i];
        for (int i = 0; i < n_board; ++i) cards[n_hole + i] = board[i];
        return evaluate(cards, n_hole + n_board);
    }
    // Rows of hole cards and rows of board cards (checked cards, as evaluate_parts sizes them), one
    // value per pair of rows; false if a pair of rows holds a card twice. By default each pair of
    // rows as one row of their union, by evaluate_rows.
    virtual bool evaluate_parts_rows(const uint8_t* holes, int n_hole, const uint8_t* boards, int n_board,
                                     std::size_t n_rows, int32_t* out) const;

    // One hand of n_hole hole cards on each of n_boards boards of n_board cards (rows), as
    // evaluate_parts values them: the equity engine's block tally of a split ranking. By default one
    // evaluate_parts per board.
    virtual void evaluate_hole_on_boards(const uint8_t* hole, int n_hole, const uint8_t* boards, int n_board,
                                         std::size_t n_boards, int32_t* out) const {
        for (std::size_t i = 0; i < n_boards; ++i)
            out[i] = static_cast<int32_t>(evaluate_parts(hole, n_hole, boards + i * static_cast<std::size_t>(n_board), n_board));
    }

    // The Category (cards.hpp) of a value of this ranking.
    virtual uint32_t category(uint32_t value) const = 0;

    // How many of the n_cards hands whose lowest card is in [lowest_from, lowest_to) fall in each
    // category; n_threads >= 1. RankingOf provides it; a ranking may walk its hands faster.
    virtual CategoryCounts census(int n_cards, int n_threads, int lowest_from, int lowest_to) const = 0;
};

// Every hand of n cards with its lowest card in [from, to), in increasing card order, counted by
// category through Derived's own evaluate (no virtual call per hand). In census.cpp's header.
template <class Derived>
CategoryCounts census_by_evaluate(const Derived& ranking, int n, int n_threads, int from, int to);

// The base of every ranking: the census through its own (final) evaluate.
template <class Derived>
class RankingOf : public Ranking {
public:
    CategoryCounts census(int n_cards, int n_threads, int lowest_from, int lowest_to) const override {
        return census_by_evaluate(static_cast<const Derived&>(*this), n_cards, n_threads, lowest_from, lowest_to);
    }
};

// The base of a ranking whose hand is hole cards and a board (RankingSpec::split): a hand of
// one part, rows of one part and a census are refused, in words that name the ranking.
class SplitRanking : public Ranking {
public:
    explicit SplitRanking(const char* name) : name_(name) {}
    uint32_t evaluate(const uint8_t*, int) const override {
        throw std::invalid_argument(std::string("an '") + name_ + "' hand is hole cards and a board: evaluate_parts values it");
    }
    bool evaluate_rows(const uint8_t*, std::size_t, int, int32_t*) const override {
        throw std::invalid_argument(std::string("an '") + name_ +
                                    "' hand is hole cards and a board: evaluate_parts_rows values them");
    }
    CategoryCounts census(int, int, int, int) const override {
        throw std::invalid_argument(std::string("an '") + name_ +
                                    "' census would count hole cards and boards apart: there is none");
    }

private:
    const char* name_;
};

struct RankingSpec {
    const char* name;
    int min_cards;
    int max_cards;
    bool takes_wild;
    std::unique_ptr<Ranking> (*make)(uint32_t wild_rank_mask, bool flush_duplicates);
    // The lowest card of the ranking's deck: its deck is the cards from this one to the ace of
    // spades (16 for short deck: sixes up). A hand with a lower card is refused at the border, and
    // evaluate_rows returns false for rows holding one.
    int lowest_card = 0;
    // A ranking whose hand is two parts that play differently (Omaha: two of the hole cards and
    // three of the board): the board's fewest and most cards; min_cards and max_cards are then
    // the hole's. 0: one part (two parts are valued as their union).
    int min_board = 0;
    int max_board = 0;

    bool split() const { return max_board > 0; }
};

// Every ranking, in the order the package lists them.
std::pair<const RankingSpec*, std::size_t> rankings();
// The spec of a ranking by name, or nullptr.
const RankingSpec* find_ranking(std::string_view name);

}  // namespace wildeval
