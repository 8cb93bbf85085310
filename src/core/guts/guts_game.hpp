// Whole guts games played natively over pre-valued deals, each player deciding by an
// information-set strategy: what the guts solver (wildeval.games.guts.solver) learns from and
// measures with. The rules are those of games.py (the numpy player, itself held to the engine
// game for game): legs or streaks, a running tab, every player antes each round, a payment is the
// pot (or the cap), the pot to whoever reaches the goal, the deal moving left each round, a game
// still undecided at max_rounds refunded.
//
// An information set is a 64-bit key (InfoKey below) at one of three levels, from what a player
// sees in full to the solver's coarse cell:
//   kFine: stage, round, place, who declared in before (place by place), every player's legs
//          seat by seat round the table from the player, and at each earlier stage of this deal
//          who was in (seat by seat) and whether the player was paid there;
//   kSeen: the same without the earlier stages of the deal;
//   kCell: stage, round, place, how many declared in before (0, 1, 2 or more), own legs and the
//          others' legs sorted (where they sit forgotten).
// A strategy is a list of tables (level, sorted keys, bars): a player stays in when the hand's
// value is at least the bar of the first table that holds the key, else the stage's default bar.
// A table may hold several bars per key (`width`), a mixed strategy: a hand takes the bar its
// value picks (mixture_pick: a hash of the key and the hand's value), so that the hands of a set
// stay in as often as the mixture says while every hand decides the same way each time
// (purified: replays, the engine's bot and the native player agree).
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

namespace wildeval::guts {

inline constexpr int kMaxPlayers = 7;
inline constexpr int kMaxStages = 4;
inline constexpr int kMaxGoal = 8;          // legs (or streak) counts 0..7 fit three bits
inline constexpr int kRoundsTold = 4;       // rounds 1, 2, 3 and "4 or later"
inline constexpr int64_t kNever = std::numeric_limits<int64_t>::max();   // a bar no hand reaches
inline constexpr int64_t kAlways = std::numeric_limits<int64_t>::min();  // a bar every hand reaches

enum class Level : int { kFine = 0, kSeen = 1, kCell = 2 };

// The key's fields, low bits first (one layout for every level; python's solver/infosets.py
// decodes it and a test holds the two to each other).
namespace key_bits {
inline constexpr int kStage = 0;     // 2 bits
inline constexpr int kRound = 2;     // 2 bits: min(round, 4) - 1
inline constexpr int kPlace = 4;     // 3 bits: 0 = the dealer's left; 0 when declaring at once
inline constexpr int kIns = 7;       // 6 bits: fine/seen, a bit per place before; cell, min(count, 2)
inline constexpr int kLegs = 13;     // 7 x 3 bits: fine/seen, seat by seat from the player; cell,
                                     // own then the others ascending
inline constexpr int kHistory = 34;  // 8 bits per earlier stage: who was in (bit i = i seats on), bit 7 paid
inline constexpr int kLevel = 60;    // 2 bits
}  // namespace key_bits

struct Table {
    int players = 2;
    int stages = 3;
    int goal = 3;
    bool streak = false;       // the goal counts stage wins in a row, not legs
    bool lowest_pays = false;  // only the lowest hand in pays the highest; else every loser pays every winner
    bool in_turn = true;       // declarations in turn (each sees those before); else at once
    double ante = 1.0;
    double payment_cap = -1.0;  // chips; < 0: a payment is the whole pot
    int max_rounds = 200;
    bool cap_refunds = true;    // a game undecided after max_rounds gives every ante back; else the antes are lost
    void check() const;        // std::invalid_argument on a table outside the limits above
};

// Pre-valued deals: values[(deal * players + seat) * stages + stage], every seat of a deal from
// one deck. Game g's round r (from 0) is deal `sequential ? r * games_in_run + g : mix(seed, g, r) % deals`.
struct Pool {
    const int64_t* values = nullptr;
    std::size_t deals = 0;
    bool sequential = false;
    uint64_t seed = 0;
    uint64_t games_in_run = 0;
    std::size_t deal_of(uint64_t game, int round) const;
    void check(int players, int stages) const;  // std::invalid_argument on a value outside [kBarMin, kBarMax - 1]
};

// Which of a mixed set's `width` bars a hand of `value` at `key` takes (solver/native.py has the
// same function, for the engine's bot).
uint64_t mixture_pick(int64_t key, int64_t value, std::size_t width);

struct StrategyTable {
    Level level = Level::kCell;
    std::vector<int64_t> keys;  // increasing
    std::vector<int64_t> bars;  // `width` per key, key by key
    std::size_t width = 1;

    // The key's row in the hashed index Strategy::prepare() builds (which every look-up needs), or
    // nullptr: its key (8 bytes) and its bars as int32 (bar()), the row within one cache line
    // where the bars fit in 56 bytes. A byte a row (empty, or 7 bits of the key's hash) is looked
    // at first: a key the table does not hold reads those bytes alone (a small array), a key it
    // holds its row once, where an index of the keys and then the bars read two lines.
    const unsigned char* find(int64_t key) const;
    int64_t bar(const unsigned char* row, std::size_t i) const;  // the row's i-th bar
    void prefetch(int64_t key) const;  // the key's first slot fetched ahead: its tag byte and its row
    void build_index();  // the hashed index (open addressing, at most 5/8 full)

private:
    struct alignas(64) Line {
        unsigned char bytes[64];
    };
    static uint8_t tag_of(uint64_t hash) { return static_cast<uint8_t>(0x80u | (hash >> 57)); }
    std::vector<Line> rows_;
    std::vector<uint8_t> tags_;  // per row: 0 empty, else 0x80 and 7 bits of its key's hash
    std::size_t stride_ = 0;     // bytes a row: a power of two, at least 8 + 4 * width
    uint64_t row_mask_ = 0;
};

// Bars are kept in the index as int32: one at or above kBarMax never stays in, one at or below
// kBarMin always does, so every hand value must lie in [kBarMin, kBarMax - 1] (Pool::check()).
inline constexpr int64_t kBarMin = std::numeric_limits<int32_t>::min();
inline constexpr int64_t kBarMax = std::numeric_limits<int32_t>::max();

struct Strategy {
    std::vector<StrategyTable> tables;
    int64_t default_bar[kMaxStages] = {kNever, kNever, kNever, kNever};
    // whether a hand of `value` stays in: its value reaches the bar of the first table holding
    // the key (of a mixed table's bars, the one mixture_pick picks), else the stage's default
    bool stays(const int64_t keys[3], int stage, int64_t value) const;
    void prefetch(const int64_t keys[3]) const;  // the first table's row for its key, fetched ahead
    void check() const;  // keys increasing, `width` bars per key
    void prepare();      // check(), then every table's hashed index built
    bool same_as(const Strategy& other) const;  // the same tables, bars and defaults
};

// What every seat sees at one stage of a round, made once for the stage: each place's keys at
// every level (keys_at) are then a few shifts, where making them afresh for each declaration took a
// quarter of a solve's time.
struct StageSight {
    int stage = 0, round = 0;
    uint32_t legs = 0;               // each place's legs (capped at goal - 1), 3 bits a place from place 0
    uint32_t legs_mask = 0;          // the 3 * players bits of `legs`
    int sorted[kMaxPlayers] = {};    // the places' capped legs, ascending
    int capped[kMaxPlayers] = {};    // the same by place
    StageSight(const Table& table, int stage, int round, const int* legs_by_place);
    // Place p's keys: what it sees (its place, who declared in before it, every player's legs
    // seat by seat from it, the earlier stages of the deal in `history`).
    void keys_at(const Table& table, int place, int ins_bits, int ins_count, uint32_t history,
                 int64_t out[3]) const;
};

// One game's outcome: chips won less lost and anted per seat, the pot summed over its deals,
// rounds dealt, whether the round cap ended it, and seat 0's decisions.
struct GameResult {
    double chips[kMaxPlayers] = {};
    double pots = 0.0;
    int rounds = 0;
    bool undecided = false;
    int decisions = 0;
};

// One decision of seat 0 as recorded by a flip: its keys, hand value, what `others` would have
// declared there, and what seat 0 gains by staying in rather than going out there (antes), the
// rest of the game played on (seat 0 on `focal`, the others on `others`).
struct Flip {
    int64_t keys[3];
    int64_t value;
    bool others_choice;
    double gain;
};

// Game `game` played: seat 0 by `focal`, every other seat by `others`; with fork_depth >= 0,
// seat 0's decision number fork_depth (from 0) is `fork_stay` instead. `record`, if given,
// receives seat 0's decisions (keys, value, others' choice and its own; gain unset).
struct Decision {
    int64_t keys[3];
    int64_t value;
    bool others_choice;
    bool stayed;
};
// `ends`, if given, receives the state at the end of every round (the base game of a flip);
// `base`, if given, is the base game's: once a round ends in the state the base game ended that
// round in (legs, pot; the game not over), the rest of the game is the base game's, and seat 0's
// chips are taken from it instead of played again.
struct RoundEnd {
    int legs[kMaxPlayers] = {};
    double pot = 0.0;
    double chips0 = 0.0;  // seat 0's chips then
};
// The whole state at the start of a round: `starts`, if given, receives one per round; `from`,
// if given, is where to begin (a flip resumes at the round of its decision, not at the first:
// the rounds before it are the base game's, bit for bit).
struct RoundStart {
    int round = 0;
    int dealer = 0;
    int decisions = 0;  // seat 0's decisions before this round
    int legs[kMaxPlayers] = {};
    double pot = 0.0;
    double pots = 0.0;
    double chips[kMaxPlayers] = {};
};
GameResult play_game(const Table& table, const Pool& pool, uint64_t game, const Strategy& focal,
                     const Strategy& others, int fork_depth, bool fork_stay, std::vector<Decision>* record,
                     std::vector<RoundEnd>* ends = nullptr, const std::vector<RoundEnd>* base = nullptr,
                     double base_chips0 = 0.0, std::vector<RoundStart>* starts = nullptr,
                     const RoundStart* from = nullptr);

// Games first_game .. first_game + games - 1, on `threads` threads (the same results for any).
void play_games(const Table& table, const Pool& pool, uint64_t first_game, std::size_t games, const Strategy& focal,
                const Strategy& others, int threads, std::vector<GameResult>& out);

// Every decision of seat 0 up to the max_depth-th of each game, flipped: the game replayed with
// that decision the other way, the gain of staying in the difference of seat 0's chips. With
// `spread`, a game of more than max_depth decisions has max_depth of them flipped, evenly over the
// whole game (the i-th flip the (i * total / max_depth)-th decision), each gain times
// total / max_depth: the decisions it stands for. Flips come game by game, in order.
void flip_games(const Table& table, const Pool& pool, uint64_t first_game, std::size_t games, const Strategy& focal,
                const Strategy& others, int max_depth, bool spread, int threads, std::vector<Flip>& out);

}  // namespace wildeval::guts
