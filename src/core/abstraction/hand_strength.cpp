// Hand strength and potential (hand_strength.hpp): one board's pairs valued and counted, and one
// spot's strength, potential and histogram from them.
#include "abstraction/hand_strength.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "evaluator.hpp"

namespace wildeval::abstraction {

namespace {

const Evaluator& high() {
    static const Evaluator natural("high", 0, true);
    return natural;
}

uint64_t mask_of(const uint8_t* cards, int n) {
    uint64_t mask = 0;
    for (int i = 0; i < n; ++i) mask |= uint64_t{1} << cards[i];
    return mask;
}

}  // namespace

BoardPairs::BoardPairs() : ranking_(&high().ranking()), parts_(high().ranking().card_parts(7)) {}

void BoardPairs::value(const uint8_t* board, int n_board, uint64_t excluded) {
    n_board_ = n_board;
    board_ = Hand{};
    for (int i = 0; i < n_board; ++i) board_ += (*parts_)[board[i]];
    const uint64_t taken = excluded | mask_of(board, n_board);
    n_ = 0;
    for (int c = 0; c < 52; ++c)
        if (!(taken >> c & 1)) avail_[n_++] = static_cast<uint8_t>(c);
    int at = 0;
    for (int x = 0; x < n_; ++x) {
        const Hand with = board_ + (*parts_)[avail_[x]];
        for (int y = x + 1; y < n_; ++y, ++at) {
            first_[at] = static_cast<uint8_t>(x);
            second_[at] = static_cast<uint8_t>(y);
            sums_[at] = with + (*parts_)[avail_[y]];
        }
    }
    pairs_ = at;
    ranking_->evaluate_sums(sums_, static_cast<std::size_t>(at), n_board + 2, values_);
}

int32_t BoardPairs::value_of(uint8_t a, uint8_t b) const {
    Hand hand = board_ + (*parts_)[a] + (*parts_)[b];
    int32_t out = 0;
    ranking_->evaluate_sums(&hand, 1, n_board_ + 2, &out);
    return out;
}

void BoardPairs::sort_pairs() {
    for (int p = 0; p < pairs_; ++p)
        order_[p] = static_cast<uint64_t>(static_cast<uint32_t>(values_[p])) << 11 | static_cast<uint64_t>(p);
    std::sort(order_, order_ + pairs_);
}

void BoardPairs::uniform_counts(uint16_t* out) {
    sort_pairs();
    int below[52] = {};  // by place: the pairs of lower value seen so far that hold the card
    int level[52] = {};  // the pairs of the current value that hold it
    int from = 0;
    while (from < pairs_) {
        const uint64_t v = order_[from] >> 11;
        int to = from;
        while (to < pairs_ && order_[to] >> 11 == v) {
            const auto p = static_cast<int>(order_[to] & 2047);
            ++level[first_[p]], ++level[second_[p]];
            ++to;
        }
        for (int i = from; i < to; ++i) {
            const auto p = static_cast<int>(order_[i] & 2047);
            const int a = first_[p], b = second_[p];
            const int ahead = from - below[a] - below[b];
            const int tied = (to - from) - level[a] - level[b] + 1;
            out[p] = static_cast<uint16_t>(2 * ahead + tied);
        }
        for (int i = from; i < to; ++i) {
            const auto p = static_cast<int>(order_[i] & 2047);
            ++below[first_[p]], ++below[second_[p]];
            level[first_[p]] = level[second_[p]] = 0;
        }
        from = to;
    }
}

void BoardPairs::weighted_counts(const double* weights, double* ahead, double* tied, double* total) {
    sort_pairs();
    double below[52] = {}, level[52] = {}, every[52] = {};
    double all = 0, all_below = 0;
    auto weight = [&](int p) { return weights[avail_[first_[p]] * 52 + avail_[second_[p]]]; };
    for (int p = 0; p < pairs_; ++p) {
        const double w = weight(p);
        every[first_[p]] += w, every[second_[p]] += w, all += w;
    }
    int from = 0;
    while (from < pairs_) {
        const uint64_t v = order_[from] >> 11;
        int to = from;
        double all_level = 0;
        while (to < pairs_ && order_[to] >> 11 == v) {
            const auto p = static_cast<int>(order_[to] & 2047);
            const double w = weight(p);
            level[first_[p]] += w, level[second_[p]] += w, all_level += w;
            ++to;
        }
        for (int i = from; i < to; ++i) {
            const auto p = static_cast<int>(order_[i] & 2047);
            const int a = first_[p], b = second_[p];
            const double w = weight(p);
            ahead[p] = all_below - below[a] - below[b];
            tied[p] = all_level - level[a] - level[b] + w;
            total[p] = all - every[a] - every[b] + w;
        }
        for (int i = from; i < to; ++i) {
            const auto p = static_cast<int>(order_[i] & 2047);
            const double w = weight(p);
            below[first_[p]] += w, below[second_[p]] += w;
            level[first_[p]] = level[second_[p]] = 0;
        }
        all_below += all_level;
        from = to;
    }
}

namespace {

// 0 ahead, 1 tied, 2 behind: where `ours` stands against `theirs`
inline int standing(int32_t ours, int32_t theirs) { return ours > theirs ? 0 : ours == theirs ? 1 : 2; }

struct Potential {
    double hp[3][3] = {};
    void add(int now, int then, double w) { hp[now][then] += w; }
    double total(int now) const { return hp[now][0] + hp[now][1] + hp[now][2]; }
    double positive() const {
        const double under = total(2) + total(1) / 2;
        return under > 0 ? (hp[2][0] + hp[2][1] / 2 + hp[1][0] / 2) / under : 0.0;
    }
    double negative() const {
        const double over = total(0) + total(1) / 2;
        return over > 0 ? (hp[0][2] + hp[1][2] / 2 + hp[0][1] / 2) / over : 0.0;
    }
};

}  // namespace

SpotStrength spot_strength(const uint8_t* hole, const uint8_t* board, int n_board, const double* weights, int bins,
                           double* histogram, bool next_street) {
    const uint64_t held = mask_of(hole, 2);
    auto weight = [&](uint8_t a, uint8_t b) { return weights == nullptr ? 1.0 : weights[a * 52 + b]; };
    BoardPairs now, later;
    now.value(board, n_board, held);
    const int32_t mine_now = now.value_of(hole[0], hole[1]);
    int8_t before[52][52];  // where we stand now against each opponent hand
    SpotStrength out;
    double count[3] = {};
    for (int p = 0; p < now.pairs(); ++p) {
        const uint8_t a = now.card(now.first(p)), b = now.card(now.second(p));
        const int s = standing(mine_now, now.pair_value(p));
        before[a][b] = static_cast<int8_t>(s);
        count[s] += weight(a, b);
    }
    out.ahead = count[0], out.tied = count[1], out.behind = count[2];
    const double all = count[0] + count[1] + count[2];
    if (!(all > 0)) throw std::invalid_argument("no opponent hand is left: the range is empty once the cards shown "
                                                "are taken out");
    out.hs = (count[0] + count[1] / 2) / all;
    if (histogram != nullptr) std::fill(histogram, histogram + bins, 0.0);
    const double nan = std::numeric_limits<double>::quiet_NaN();
    out.ppot1 = out.npot1 = out.ppot2 = out.npot2 = nan;
    const int n_left = now.cards_left();
    const double t_uniform = static_cast<double>((n_left - 2) * (n_left - 3) / 2);  // opponents on the river
    uint8_t cards[5];
    std::copy(board, board + n_board, cards);
    Potential one, two;
    const bool by_turn = next_street && n_board == 3 && histogram != nullptr;
    double turn_sum[52] = {}, turn_rivers[52] = {};  // each turn card's river HS summed (by_turn)
    // one river board: its HS, and where we stand against each opponent there
    auto river = [&](Potential* potential) {
        later.value(cards, 5, held);
        const int32_t mine = later.value_of(hole[0], hole[1]);
        double c[3] = {};
        for (int p = 0; p < later.pairs(); ++p) {
            const uint8_t a = later.card(later.first(p)), b = later.card(later.second(p));
            const int s = standing(mine, later.pair_value(p));
            const double w = weight(a, b);
            c[s] += w;
            if (potential != nullptr) potential->add(before[a][b], s, w);
        }
        const double t = c[0] + c[1] + c[2];
        if (!(t > 0)) return;
        const double hs = (c[0] + c[1] / 2) / t;
        out.ehs += hs, out.ehs2 += hs * hs, out.completions += 1;
        if (by_turn) {  // uniform: whole numbers (2 * ahead + tied), else the HS
            const double part = weights == nullptr ? 2 * c[0] + c[1] : hs;
            turn_sum[cards[3]] += part, turn_sum[cards[4]] += part;
            turn_rivers[cards[3]] += 1, turn_rivers[cards[4]] += 1;
        } else if (histogram != nullptr) {
            const double scaled = std::floor((2 * c[0] + c[1]) * bins / (2 * t));
            histogram[std::min(bins - 1, static_cast<int>(scaled))] += 1;
        }
    };
    if (n_board == 5) {
        river(nullptr);
    } else if (n_board == 4) {
        for (int x = 0; x < n_left; ++x) {
            cards[4] = now.card(x);
            river(&one);
        }
        out.ppot1 = one.positive(), out.npot1 = one.negative();
    } else {
        for (int x = 0; x < n_left; ++x)
            for (int y = x + 1; y < n_left; ++y) {
                cards[3] = now.card(x), cards[4] = now.card(y);
                river(&two);
            }
        for (int x = 0; x < n_left; ++x) {  // one card to come: the turn
            cards[3] = now.card(x);
            later.value(cards, 4, held);
            const int32_t mine = later.value_of(hole[0], hole[1]);
            for (int p = 0; p < later.pairs(); ++p) {
                const uint8_t a = later.card(later.first(p)), b = later.card(later.second(p));
                one.add(before[a][b], standing(mine, later.pair_value(p)), weight(a, b));
            }
        }
        out.ppot1 = one.positive(), out.npot1 = one.negative();
        out.ppot2 = two.positive(), out.npot2 = two.negative();
    }
    if (by_turn)
        for (int c = 0; c < 52; ++c) {
            if (turn_rivers[c] == 0) continue;
            const double scaled = weights == nullptr ? std::floor(turn_sum[c] * bins / (2 * t_uniform * turn_rivers[c]))
                                                     : std::floor(turn_sum[c] / turn_rivers[c] * bins);
            histogram[std::min(bins - 1, static_cast<int>(scaled))] += 1;
        }
    if (out.completions > 0) out.ehs /= out.completions, out.ehs2 /= out.completions;
    else out.ehs = out.ehs2 = nan;
    return out;
}

}  // namespace wildeval::abstraction
