// Whole guts games over pre-valued deals (guts_game.hpp): keys, strategies, a game, and many
// games (played, or flipped decision by decision) on the core's worker pool.
#include "guts/guts_game.hpp"

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <string>

#include "bits.hpp"
#include "threads/parallel.hpp"

namespace wildeval::guts {

namespace {

inline uint64_t mix64(uint64_t x) {  // splitmix64's finaliser
    x += 0x9E3779B97F4A7C15ULL;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
}

inline int64_t field(int64_t value, int shift) { return value << shift; }

constexpr std::size_t kGamesPerTask = 64;

}  // namespace

void Table::check() const {
    if (players < 2 || players > kMaxPlayers)
        throw std::invalid_argument("guts tables take 2 to " + std::to_string(kMaxPlayers) + " players");
    if (stages < 1 || stages > kMaxStages)
        throw std::invalid_argument("guts tables take 1 to " + std::to_string(kMaxStages) + " stages");
    if (goal < 1 || goal > kMaxGoal)
        throw std::invalid_argument("the goal (legs or streak) must be 1 to " + std::to_string(kMaxGoal));
    if (!(ante > 0.0)) throw std::invalid_argument("the ante must be > 0");
    if (max_rounds < 1) throw std::invalid_argument("max_rounds must be >= 1");
}

std::size_t Pool::deal_of(uint64_t game, int round) const {
    if (sequential) return static_cast<std::size_t>(static_cast<uint64_t>(round) * games_in_run + game) % deals;
    const uint64_t h = mix64(seed ^ mix64(game * 0x100000001B3ULL + static_cast<uint64_t>(round)));
    return static_cast<std::size_t>(h % deals);
}

void Pool::check(int players, int stages) const {
    const std::size_t count = deals * static_cast<std::size_t>(players * stages);
    const auto [lo, hi] = std::minmax_element(values, values + count);
    if (count > 0 && (*lo < kBarMin || *hi > kBarMax - 1))
        throw std::invalid_argument("hand values must lie in [-2^31, 2^31 - 2]");
}

uint64_t mixture_pick(int64_t key, int64_t value, std::size_t width) {
    const uint64_t h = mix64(static_cast<uint64_t>(key) ^ mix64(static_cast<uint64_t>(value)));
    return (width & (width - 1)) == 0 ? h & (width - 1) : h % width;  // the same pick, without a division
}

void StrategyTable::build_index() {
    stride_ = 16;
    while (stride_ < 8 + 4 * width) stride_ <<= 1;
    std::size_t capacity = 2;
    while (capacity * 5 < keys.size() * 8) capacity <<= 1;
    rows_.assign((capacity * stride_ + sizeof(Line) - 1) / sizeof(Line), Line{});
    tags_.assign(capacity, 0);
    row_mask_ = capacity - 1;
    unsigned char* base = rows_.front().bytes;
    for (std::size_t i = 0; i < keys.size(); ++i) {
        const uint64_t hash = mix64(static_cast<uint64_t>(keys[i]));
        uint64_t h = hash & row_mask_;
        while (tags_[h] != 0) h = (h + 1) & row_mask_;
        tags_[h] = tag_of(hash);
        unsigned char* row = base + h * stride_;
        std::memcpy(row, &keys[i], 8);
        for (std::size_t j = 0; j < width; ++j) {
            const auto bar = static_cast<int32_t>(std::clamp(bars[i * width + j], kBarMin, kBarMax));
            std::memcpy(row + 8 + 4 * j, &bar, 4);
        }
    }
}

const unsigned char* StrategyTable::find(int64_t key) const {
    const uint64_t hash = mix64(static_cast<uint64_t>(key));
    const uint8_t tag = tag_of(hash);
    const unsigned char* base = rows_.front().bytes;
    for (uint64_t h = hash & row_mask_;; h = (h + 1) & row_mask_) {
        const uint8_t there = tags_[h];
        if (there == 0) return nullptr;  // at most 5/8 full: an empty row ends the search
        if (there == tag) {
            const unsigned char* row = base + h * stride_;
            int64_t held;
            std::memcpy(&held, row, 8);
            if (held == key) return row;
        }
    }
}

int64_t StrategyTable::bar(const unsigned char* row, std::size_t i) const {
    int32_t out;
    std::memcpy(&out, row + 8 + 4 * i, 4);
    return out;
}

void StrategyTable::prefetch(int64_t key) const {
    const uint64_t h = mix64(static_cast<uint64_t>(key)) & row_mask_;
    wildeval::prefetch(tags_.data() + h);
    wildeval::prefetch(rows_.front().bytes + h * stride_);
}

bool Strategy::stays(const int64_t keys[3], int stage, int64_t value) const {
    for (const StrategyTable& t : tables) {
        const int64_t key = keys[static_cast<int>(t.level)];
        if (const unsigned char* row = t.find(key))
            return value >= t.bar(row, t.width == 1 ? 0 : mixture_pick(key, value, t.width));
    }
    return value >= default_bar[stage];
}

void Strategy::prefetch(const int64_t keys[3]) const {
    if (!tables.empty()) tables.front().prefetch(keys[static_cast<int>(tables.front().level)]);
}

void Strategy::prepare() {
    check();
    for (StrategyTable& t : tables) t.build_index();
}

bool Strategy::same_as(const Strategy& other) const {
    if (tables.size() != other.tables.size() || !std::equal(default_bar, default_bar + kMaxStages, other.default_bar))
        return false;
    for (std::size_t i = 0; i < tables.size(); ++i) {
        const StrategyTable &a = tables[i], &b = other.tables[i];
        if (a.level != b.level || a.width != b.width || a.keys != b.keys || a.bars != b.bars) return false;
    }
    return true;
}

void Strategy::check() const {
    for (const StrategyTable& t : tables) {
        if (t.width < 1 || t.keys.size() * t.width != t.bars.size())
            throw std::invalid_argument("a strategy table needs the same number of bars (at least one) per key");
        for (std::size_t i = 1; i < t.keys.size(); ++i)
            if (t.keys[i] <= t.keys[i - 1]) throw std::invalid_argument("a strategy table's keys must increase");
    }
}

StageSight::StageSight(const Table& table, int stage_here, int round_here, const int* legs_by_place)
    : stage(stage_here), round(round_here) {
    const int n = table.players;
    legs_mask = (1u << (3 * n)) - 1;
    for (int q = 0; q < n; ++q) {
        capped[q] = std::min(legs_by_place[q], table.goal - 1);
        legs |= static_cast<uint32_t>(capped[q]) << (3 * q);
        int j = q;  // ascending, by insertion (at most seven)
        for (; j > 0 && sorted[j - 1] > capped[q]; --j) sorted[j] = sorted[j - 1];
        sorted[j] = capped[q];
    }
}

void StageSight::keys_at(const Table& table, int place, int ins_bits, int ins_count, uint32_t history,
                         int64_t out[3]) const {
    using namespace key_bits;
    const int n = table.players;
    const int64_t common = field(stage, kStage) | field(round, kRound) | field(table.in_turn ? place : 0, kPlace);
    // every player's legs seat by seat from this one: the places' legs turned by `place` places
    const uint32_t turned = place == 0 ? legs : ((legs >> (3 * place)) | (legs << (3 * (n - place)))) & legs_mask;
    const int64_t seen = common | field(table.in_turn ? ins_bits : 0, kIns) | field(static_cast<int64_t>(turned), kLegs);
    out[static_cast<int>(Level::kSeen)] = seen | field(static_cast<int>(Level::kSeen), kLevel);
    out[static_cast<int>(Level::kFine)] = seen | field(static_cast<int64_t>(history), kHistory);  // level 0
    // own legs, then the others' ascending: the sorted legs with one of this player's taken out
    int64_t sorted_legs = field(capped[place], kLegs);
    bool skipped = false;
    for (int i = 0, at = 1; i < n; ++i) {
        if (!skipped && sorted[i] == capped[place]) {
            skipped = true;
            continue;
        }
        sorted_legs |= field(sorted[i], kLegs + 3 * at++);
    }
    out[static_cast<int>(Level::kCell)] = common | field(table.in_turn ? std::min(ins_count, 2) : 0, kIns) |
                                          sorted_legs | field(static_cast<int>(Level::kCell), kLevel);
}

GameResult play_game(const Table& table, const Pool& pool, uint64_t game, const Strategy& focal,
                     const Strategy& others, int fork_depth, bool fork_stay, std::vector<Decision>* record,
                     std::vector<RoundEnd>* ends, const std::vector<RoundEnd>* base, double base_chips0,
                     std::vector<RoundStart>* starts, const RoundStart* from) {
    const int n = table.players;
    GameResult result;
    int legs[kMaxPlayers] = {};  // by seat
    double pot = 0.0;
    int dealer = static_cast<int>(game % static_cast<uint64_t>(n));
    bool over = false;
    int first_round = 0;
    if (from != nullptr) {
        first_round = from->round;
        dealer = from->dealer;
        result.decisions = from->decisions;
        result.rounds = from->round;
        result.pots = from->pots;
        pot = from->pot;
        std::copy(from->legs, from->legs + n, legs);
        std::copy(from->chips, from->chips + n, result.chips);
    }
    for (int r = first_round; r < table.max_rounds && !over; ++r) {
        if (starts != nullptr) {
            RoundStart here;
            here.round = r;
            here.dealer = dealer;
            here.decisions = result.decisions;
            std::copy(legs, legs + n, here.legs);
            here.pot = pot;
            here.pots = result.pots;
            std::copy(result.chips, result.chips + n, here.chips);
            starts->push_back(here);
        }
        const int64_t* deal = pool.values + pool.deal_of(game, r) * static_cast<std::size_t>(n * table.stages);
        for (int s = 0; s < n; ++s) result.chips[s] -= table.ante;
        pot += n * table.ante;
        result.pots += pot;
        ++result.rounds;
        int seat_at[kMaxPlayers], mine[kMaxPlayers];  // by place: the seat there, its legs
        uint32_t history[kMaxPlayers] = {};
        for (int p = 0; p < n; ++p) {
            seat_at[p] = (dealer + 1 + p) % n;
            mine[p] = legs[seat_at[p]];
        }
        for (int s = 0; s < table.stages && !over; ++s) {
            bool ins[kMaxPlayers];
            int64_t value[kMaxPlayers];
            const StageSight sight(table, s, std::min(r, kRoundsTold - 1), mine);
            int ins_bits = 0, ins_count = 0;
            int64_t ahead[kMaxPlayers][3];  // declaring at once: every place's keys known now, fetched together
            if (!table.in_turn)
                for (int p = 0; p < n; ++p) {
                    sight.keys_at(table, p, 0, 0, history[p], ahead[p]);
                    (seat_at[p] == 0 ? focal : others).prefetch(ahead[p]);
                }
            for (int p = 0; p < n; ++p) {
                const int seat = seat_at[p];
                value[p] = deal[seat * table.stages + s];
                int64_t keys[3];
                if (table.in_turn)
                    sight.keys_at(table, p, ins_bits, ins_count, history[p], keys);
                else
                    std::copy(ahead[p], ahead[p] + 3, keys);
                bool stay;
                if (seat == 0) {
                    const bool theirs = others.stays(keys, s, value[p]);
                    stay = &focal == &others ? theirs : focal.stays(keys, s, value[p]);
                    if (result.decisions == fork_depth) stay = fork_stay;
                    if (record != nullptr)
                        record->push_back(Decision{{keys[0], keys[1], keys[2]}, value[p], theirs, stay});
                    ++result.decisions;
                } else {
                    stay = others.stays(keys, s, value[p]);
                }
                ins[p] = stay;
                if (table.in_turn && stay) {
                    ins_bits |= 1 << p;
                    ++ins_count;
                }
            }
            // the stage settled: payments, then legs (or streaks), then the goal
            int k = 0;
            int64_t best = std::numeric_limits<int64_t>::min(), worst = std::numeric_limits<int64_t>::max();
            for (int p = 0; p < n; ++p)
                if (ins[p]) {
                    ++k;
                    best = std::max(best, value[p]);
                    worst = std::min(worst, value[p]);
                }
            bool winner[kMaxPlayers], payer[kMaxPlayers];
            int nw = 0, npay = 0;
            for (int p = 0; p < n; ++p) {
                winner[p] = ins[p] && value[p] == best;
                payer[p] = table.lowest_pays ? ins[p] && value[p] == worst && worst < best : ins[p] && !winner[p];
                nw += winner[p];
                npay += payer[p];
            }
            const double amount = table.payment_cap < 0.0 ? pot : std::min(pot, table.payment_cap);
            double pay[kMaxPlayers] = {};
            if (k >= 2)
                for (int p = 0; p < n; ++p) {
                    pay[p] = (winner[p] ? npay : 0) - (payer[p] ? nw : 0);
                    result.chips[seat_at[p]] += pay[p] * amount;
                }
            if (table.streak) {
                if (k >= 1) {
                    int who = 0;
                    while (!winner[who]) ++who;
                    const int kept = mine[who] + 1;
                    for (int p = 0; p < n; ++p) mine[p] = 0;
                    if (nw == 1) mine[who] = kept;
                }
            } else if (k == 1) {
                int who = 0;
                while (!ins[who]) ++who;
                ++mine[who];
            }
            uint32_t in_mask = 0;  // who was in, by place
            for (int p = 0; p < n; ++p) in_mask |= static_cast<uint32_t>(ins[p]) << p;
            for (int p = 0; p < n; ++p) {  // what each player saw: who was in, seat by seat from them; paid
                const uint32_t turned = p == 0 ? in_mask : ((in_mask >> p) | (in_mask << (n - p))) & ((1u << n) - 1);
                const uint32_t entry = (pay[p] > 0.0 ? 0x80u : 0u) | turned;
                history[p] |= entry << (8 * s);
            }
            for (int p = 0; p < n; ++p)
                if (mine[p] >= table.goal) {
                    result.chips[seat_at[p]] += pot;
                    pot = 0.0;
                    over = true;
                    break;
                }
        }
        for (int p = 0; p < n; ++p) legs[seat_at[p]] = mine[p];
        dealer = (dealer + 1) % n;
        if (!over && ends != nullptr) {
            RoundEnd end;
            std::copy(legs, legs + n, end.legs);
            end.pot = pot;
            end.chips0 = result.chips[0];
            ends->push_back(end);
        }
        if (!over && base != nullptr && result.decisions > fork_depth && static_cast<std::size_t>(r) < base->size()) {
            const RoundEnd& b = (*base)[static_cast<std::size_t>(r)];
            if (b.pot == pot && std::equal(legs, legs + n, b.legs)) {  // the base game from here on
                result.chips[0] += base_chips0 - b.chips0;
                return result;  // only seat 0's chips are read from a flip's replay
            }
        }
    }
    if (!over) {  // the round cap: everyone's antes back, or (a solver's model setting) lost to every player
        result.undecided = true;
        if (table.cap_refunds)
            for (int s = 0; s < n; ++s) result.chips[s] += result.rounds * table.ante;
    }
    return result;
}

void play_games(const Table& table, const Pool& pool, uint64_t first_game, std::size_t games, const Strategy& focal,
                const Strategy& others, int threads, std::vector<GameResult>& out) {
    pool.check(table.players, table.stages);
    out.assign(games, GameResult{});
    const std::size_t tasks = (games + kGamesPerTask - 1) / kGamesPerTask;
    run_tasks(threads, tasks, [&](std::size_t task, int) {
        const std::size_t end = std::min(games, (task + 1) * kGamesPerTask);
        for (std::size_t g = task * kGamesPerTask; g < end; ++g)
            out[g] = play_game(table, pool, first_game + g, focal, others, -1, false, nullptr);
    });
}

void flip_games(const Table& table, const Pool& pool, uint64_t first_game, std::size_t games, const Strategy& focal,
                const Strategy& others, int max_depth, bool spread, int threads, std::vector<Flip>& out) {
    pool.check(table.players, table.stages);
    const std::size_t tasks = (games + kGamesPerTask - 1) / kGamesPerTask;
    std::vector<std::vector<Flip>> parts(tasks);
    run_tasks(threads, tasks, [&](std::size_t task, int) {
        std::vector<Decision> decisions;
        std::vector<RoundEnd> ends;
        std::vector<RoundStart> starts;
        std::vector<Flip>& part = parts[task];
        const std::size_t end = std::min(games, (task + 1) * kGamesPerTask);
        for (std::size_t g = task * kGamesPerTask; g < end; ++g) {
            decisions.clear();
            ends.clear();
            starts.clear();
            const GameResult base =
                play_game(table, pool, first_game + g, focal, others, -1, false, &decisions, &ends, nullptr, 0.0, &starts);
            const int total = static_cast<int>(decisions.size());
            const int depth = std::min<int>(max_depth, total);
            // spread: a longer game's flips evenly over its decisions, each standing for total / max_depth
            const bool spaced = spread && max_depth > 0 && total > max_depth;
            const double weight = spaced ? static_cast<double>(total) / max_depth : 1.0;
            std::size_t round = 0;  // the round of decision d: the last to start at or before it
            for (int i = 0; i < depth; ++i) {
                const int d = spaced ? static_cast<int>(static_cast<int64_t>(i) * total / max_depth) : i;
                while (round + 1 < starts.size() && starts[round + 1].decisions <= d) ++round;
                const Decision& at = decisions[static_cast<std::size_t>(d)];
                const GameResult flipped = play_game(table, pool, first_game + g, focal, others, d, !at.stayed, nullptr,
                                                     nullptr, &ends, base.chips[0], nullptr, &starts[round]);
                const double diff = weight * (base.chips[0] - flipped.chips[0]) / table.ante;
                part.push_back(Flip{{at.keys[0], at.keys[1], at.keys[2]}, at.value, at.others_choice,
                                    at.stayed ? diff : -diff});
            }
        }
    });
    out.clear();
    for (const auto& part : parts) out.insert(out.end(), part.begin(), part.end());
}

}  // namespace wildeval::guts
