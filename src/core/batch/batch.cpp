#include "batch/batch.hpp"

#include <algorithm>
#include <vector>

#include "threads/parallel.hpp"

namespace wildeval {

BatchRefusal evaluate_batch(const Evaluator& ev, const RowSource& source, int threads, int32_t* out) {
    BatchRefusal refusal;
    const std::size_t n_rows = source.rows();
    if (n_rows == 0) return refusal;
    const int n_cols = source.cols();
    // Bytes go straight to a kernel that checks them itself, and so do wider integers to a
    // kernel that reads them itself; a block it refuses is checked here to say why.
    const bool kernel_checks = ev.checks_cards(n_cols);
    const bool kernel_reads_wide = source.wide() && ev.reads_wide(n_cols, source.itemsize());
    const RowCuts cuts(n_rows, threads, out);
    const std::size_t parts = cuts.parts();
    std::vector<uint8_t> distinct(parts, 1);
    std::vector<BadCard> bad(parts);
    run_tasks(threads, parts, [&](std::size_t part, int) {
        const std::size_t end = cuts.end(part);
        std::vector<uint8_t> buffer;
        for (std::size_t begin = cuts.begin(part); begin < end; begin += RowSource::kBlockRows) {
            const std::size_t stop = std::min(end, begin + RowSource::kBlockRows);
            const uint8_t* in_place = kernel_checks ? source.unchecked(begin) : nullptr;
            if (in_place != nullptr && ev.evaluate_rows(in_place, stop - begin, n_cols, out + begin)) continue;
            if (kernel_reads_wide && ev.evaluate_wide_rows(stop - begin, n_cols, out + begin, source.wide_rows(begin, stop, buffer)))
                continue;
            const uint8_t* cards = source.block(begin, stop, buffer, bad[part]);
            if (cards == nullptr) return;
            if (source.wide() && !kernel_reads_wide) {
                // narrowed here: the next block is fetched from memory while this one is evaluated
                const WideCards narrowed{nullptr, 0, buffer.data(), source.span(stop, std::min(end, stop + RowSource::kBlockRows))};
                distinct[part] &= static_cast<uint8_t>(ev.evaluate_wide_rows(stop - begin, n_cols, out + begin, narrowed));
            } else {
                distinct[part] &= static_cast<uint8_t>(ev.evaluate_rows(cards, stop - begin, n_cols, out + begin));
            }
        }
    });
    for (const BadCard& b : bad)  // parts are in row order: the first bad card of all
        if (b.row != SIZE_MAX) {
            refusal.kind = BatchRefusal::Kind::kNotACard;
            refusal.row = b.row;
            refusal.value = b.value;
            return refusal;
        }
    for (std::size_t part = 0; part < parts; ++part) {
        if (distinct[part]) continue;
        bool outside = false;
        refusal.row = source.find_refused(cuts.begin(part), cuts.end(part), ev.spec().lowest_card, refusal.card,
                                          outside);
        refusal.kind = outside ? BatchRefusal::Kind::kOutsideDeck : BatchRefusal::Kind::kDuplicate;
        return refusal;
    }
    return refusal;
}

bool evaluate_parts_batch(const Evaluator& ev, const uint8_t* holes, int n_hole, const uint8_t* boards, int n_board,
                          std::size_t n_rows, int threads, int32_t* out) {
    const RowCuts cuts(n_rows, threads, out);
    const std::size_t parts = cuts.parts();
    std::vector<uint8_t> distinct(parts, 1);
    run_tasks(threads, parts, [&](std::size_t part, int) {
        const std::size_t begin = cuts.begin(part), end = cuts.end(part);
        distinct[part] = ev.ranking().evaluate_parts_rows(holes + begin * static_cast<std::size_t>(n_hole), n_hole,
                                                          boards + begin * static_cast<std::size_t>(n_board), n_board,
                                                          end - begin, out + begin);
    });
    return std::all_of(distinct.begin(), distinct.end(), [](uint8_t d) { return d != 0; });
}

}  // namespace wildeval
