#include "equity/field.hpp"

#include <algorithm>
#include <stdexcept>
#include <vector>

#include "equity/deals.hpp"
#include "threads/parallel.hpp"

namespace wildeval {
namespace {

// The cards not in the hand, in increasing order.
std::vector<uint8_t> rest_of_deck(const uint8_t* own, int n) { return cards_left(card_mask(own, n)); }

void tally(FieldCounts& counts, uint32_t mine, uint32_t best_other) {
    counts.win += mine > best_other;
    counts.tie += mine == best_other;
    counts.lose += mine < best_other;
}

FieldCounts sum(const std::vector<FieldCounts>& parts) {
    FieldCounts total;
    for (const FieldCounts& p : parts) {
        total.win += p.win;
        total.tie += p.tie;
        total.lose += p.lose;
    }
    return total;
}

}  // namespace

FieldCounts versus_one_exact(const Evaluator& ev, const uint8_t* own, int n, int threads) {
    const uint32_t mine = ev.evaluate(own, n);
    const std::vector<uint8_t> deck = rest_of_deck(own, n);
    const std::size_t firsts = deck.size() - static_cast<std::size_t>(n) + 1;
    PerWorker<FieldCounts> per_worker(threads);
    run_tasks(threads, firsts, [&](std::size_t first, int worker) {
        FieldCounts& counts = per_worker[static_cast<std::size_t>(worker)];
        // Opposing hands gathered into rows and evaluated by the batch kernels, a block at a time.
        constexpr std::size_t kBlock = 1024;
        std::vector<uint8_t> rows(kBlock * static_cast<std::size_t>(n));
        std::vector<int32_t> values(kBlock);
        std::size_t filled = 0;
        auto evaluate_block = [&] {
            ev.evaluate_rows(rows.data(), filled, n, values.data());  // distinct cards: from the deck
            for (std::size_t i = 0; i < filled; ++i) tally(counts, mine, static_cast<uint32_t>(values[i]));
            filled = 0;
        };
        hands_from(deck, n, first, [&](const uint8_t* hand) {
            std::copy(hand, hand + n, rows.data() + filled * static_cast<std::size_t>(n));
            if (++filled == kBlock) evaluate_block();
        });
        if (filled > 0) evaluate_block();
    });
    return sum(per_worker.values());
}

FieldCounts versus_two_exact(const Evaluator& ev, const uint8_t* own, int n, int threads) {
    if (n > 3) throw std::invalid_argument("two opponents are counted exactly only for hands of 1-3 cards");
    const uint32_t mine = ev.evaluate(own, n);
    const std::vector<uint8_t> deck = rest_of_deck(own, n);
    // Every opposing hand once: its card mask and value.
    std::vector<uint64_t> masks;
    std::vector<uint32_t> values;
    for (std::size_t first = 0; first + static_cast<std::size_t>(n) <= deck.size(); ++first)
        hands_from(deck, n, first, [&](const uint8_t* hand) {
            uint64_t mask = 0;
            for (int i = 0; i < n; ++i) mask |= uint64_t{1} << hand[i];
            masks.push_back(mask);
            values.push_back(ev.evaluate(hand, n));
        });
    PerWorker<FieldCounts> per_worker(threads);
    constexpr std::size_t kBlock = 256;  // first opponents per task
    run_tasks(threads, (masks.size() + kBlock - 1) / kBlock, [&](std::size_t task, int worker) {
        FieldCounts& counts = per_worker[static_cast<std::size_t>(worker)];
        const std::size_t end = std::min(masks.size(), (task + 1) * kBlock);
        for (std::size_t a = task * kBlock; a < end; ++a)
            for (std::size_t b = 0; b < masks.size(); ++b)
                if ((masks[a] & masks[b]) == 0) tally(counts, mine, std::max(values[a], values[b]));
    });
    return sum(per_worker.values());
}

FieldCounts versus_sampled(const Evaluator& ev, const uint8_t* own, int n, int opponents, uint64_t trials,
                           uint64_t seed, int threads, uint64_t first_chunk, uint64_t chunks) {
    const uint32_t mine = ev.evaluate(own, n);
    const std::vector<uint8_t> rest = rest_of_deck(own, n);
    const int dealt = opponents * n;
    if (opponents < 1 || static_cast<std::size_t>(dealt) > rest.size())
        throw std::invalid_argument("not enough cards for that many opponents");
    const uint64_t all = (trials + kFieldChunk - 1) / kFieldChunk;
    if (first_chunk > all) throw std::invalid_argument("first_chunk past the last chunk");
    const uint64_t count = chunks == 0 ? all - first_chunk : std::min(chunks, all - first_chunk);
    std::vector<FieldCounts> per_chunk(count);
    run_tasks(threads, count, [&](std::size_t task, int) {
        const uint64_t chunk = first_chunk + task;
        SplitMix rng = SplitMix::for_chunk(seed, chunk);
        std::vector<uint8_t> deck = rest;
        FieldCounts counts;
        std::vector<int32_t> values(static_cast<std::size_t>(opponents));
        const uint64_t n_trials = std::min<uint64_t>(kFieldChunk, trials - chunk * kFieldChunk);
        const uint32_t size = static_cast<uint32_t>(deck.size());
        for (uint64_t t = 0; t < n_trials; ++t) {
            // a partial Fisher-Yates shuffle deals the first `dealt` cards of the deck
            for (int i = 0; i < dealt; ++i) {
                const uint32_t j = static_cast<uint32_t>(i) + rng.below(size - static_cast<uint32_t>(i));
                std::swap(deck[static_cast<std::size_t>(i)], deck[j]);
            }
            // the opponents' hands lie one after another at the front of the deck: one batch
            ev.evaluate_rows(deck.data(), static_cast<std::size_t>(opponents), n, values.data());
            const int32_t best = *std::max_element(values.begin(), values.end());
            tally(counts, mine, static_cast<uint32_t>(best));
        }
        per_chunk[task] = counts;
    });
    return sum(per_chunk);
}

}  // namespace wildeval
