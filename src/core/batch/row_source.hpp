// Rows of cards from a 2-D integer array of any dtype and layout, read in blocks: each block's
// cards are checked (0-51) and narrowed to bytes right before the block is evaluated, so that
// the array is read from memory once and no table is ever read with a bad card (or, wider
// integers in C order, handed to a kernel that reads them itself: wide_rows). Touches no Python
// object: it runs with the GIL released.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#include "cards.hpp"
#include "kernels/narrow_cards.hpp"
#include "rankings/ranking.hpp"

namespace wildeval {

// The first bad card met: its row and its value as text (any integer type).
struct BadCard {
    std::size_t row = SIZE_MAX;
    std::string value;
};

class RowSource {
public:
    // `base` points at row 0, column 0; strides in bytes; `itemsize` 1, 2, 4 or 8.
    RowSource(const char* base, std::ptrdiff_t row_stride, std::ptrdiff_t col_stride, int itemsize,
              bool is_signed, std::size_t n_rows, int n_cols)
        : base_(base), s0_(row_stride), s1_(col_stride), n_rows_(n_rows), n_cols_(n_cols),
          itemsize_(itemsize), contiguous_(col_stride == itemsize && row_stride == itemsize * n_cols) {
        switch (itemsize) {
            case 1: read_ = is_signed ? &RowSource::read<int8_t> : &RowSource::read<uint8_t>; break;
            case 2: read_ = is_signed ? &RowSource::read<int16_t> : &RowSource::read<uint16_t>; break;
            case 4: read_ = is_signed ? &RowSource::read<int32_t> : &RowSource::read<uint32_t>; break;
            default: read_ = is_signed ? &RowSource::read<int64_t> : &RowSource::read<uint64_t>; break;
        }
        in_place_ = contiguous_ && itemsize == 1;
    }

    std::size_t rows() const { return n_rows_; }
    // Whether rows are narrowed from a C-contiguous array of 2-8 byte integers.
    bool wide() const { return contiguous_ && !in_place_; }
    // Rows [begin, end) of such an array as a kernel reads them itself (Ranking::reads_wide),
    // narrowed into `buffer` as they are read.
    WideCards wide_rows(std::size_t begin, std::size_t end, std::vector<uint8_t>& buffer) const {
        buffer.resize((end - begin) * static_cast<std::size_t>(n_cols_));
        return {base_ + static_cast<std::ptrdiff_t>(begin) * s0_, itemsize_, buffer.data(), {}};
    }
    // The bytes of rows [begin, end) in the array (C-contiguous only), as a fetch hint.
    ReadAhead span(std::size_t begin, std::size_t end) const {
        return {base_ + static_cast<std::ptrdiff_t>(begin) * s0_, (end - begin) * static_cast<std::size_t>(s0_)};
    }
    int cols() const { return n_cols_; }
    int itemsize() const { return itemsize_; }

    // Rows [begin, end) as bytes, copied (uint8/int8 C-contiguous) or narrowed into `buffer`.
    // nullptr if a card is not 0-51; `bad` then holds the first such card of the block.
    const uint8_t* block(std::size_t begin, std::size_t end, std::vector<uint8_t>& buffer, BadCard& bad) const {
        return (this->*read_)(begin, end, buffer, bad);
    }

    // Rows [begin, end) as they are in the array, unchecked, when they are bytes already (uint8 or
    // int8, C-contiguous); nullptr otherwise. Only for a kernel that checks its bytes itself.
    const uint8_t* unchecked(std::size_t begin) const {
        return in_place_ ? reinterpret_cast<const uint8_t*>(base_ + static_cast<std::ptrdiff_t>(begin) * s0_) : nullptr;
    }

    // The first row in [begin, end) holding a card twice or a card under `lowest_card` (outside
    // the ranking's deck: `outside` is then set), or SIZE_MAX; `card` is set to that card.
    std::size_t find_refused(std::size_t begin, std::size_t end, int lowest_card, int& card, bool& outside) const {
        std::vector<uint8_t> buffer;
        BadCard bad;
        const std::size_t cols = static_cast<std::size_t>(n_cols_);
        for (std::size_t start = begin; start < end; start += kBlockRows) {
            const std::size_t stop = std::min(end, start + kBlockRows);
            const uint8_t* rows = block(start, stop, buffer, bad);
            if (rows == nullptr) return SIZE_MAX;
            for (std::size_t i = 0; i < stop - start; ++i) {
                uint64_t seen = 0;
                for (std::size_t j = 0; j < cols; ++j) {
                    const int c = rows[i * cols + j];
                    outside = c < lowest_card;
                    if (outside || (seen >> c & 1)) {
                        card = c;
                        return start + i;
                    }
                    seen |= uint64_t{1} << c;
                }
            }
        }
        return SIZE_MAX;
    }

    // Rows per block: small enough for the level-2 cache at any item size, large enough that a
    // kernel call's fixed costs vanish.
    static constexpr std::size_t kBlockRows = 4096;

private:
    template <class T>
    const uint8_t* read(std::size_t begin, std::size_t end, std::vector<uint8_t>& buffer, BadCard& bad) const {
        const std::size_t cols = static_cast<std::size_t>(n_cols_), n = (end - begin) * cols;
        const char* first = base_ + static_cast<std::ptrdiff_t>(begin) * s0_;
        if constexpr (sizeof(T) == 1) {
            if (in_place_) {
                // Bytes already: copied, then checked (a max reduction vectorizes; int8 < 0 reads as
                // >= 128). The copy is what is evaluated: with the GIL released another Python
                // thread may write the array, and the bytes evaluated must be the bytes checked.
                buffer.resize(n);
                uint8_t* out = buffer.data();
                std::memcpy(out, first, n);
                uint8_t highest = 0;
                for (std::size_t i = 0; i < n; ++i) highest = std::max(highest, out[i]);
                if (highest <= kDeck - 1) return out;
                for (std::size_t i = 0; i < n; ++i)
                    if (out[i] > kDeck - 1) return fail(begin + i / cols, static_cast<T>(out[i]), bad);
                return out;
            }
        }
        buffer.resize(n);
        uint8_t* out = buffer.data();
        if (contiguous_) {
            const T* in = reinterpret_cast<const T*>(first);
            if (narrow_cards(in, n, out)) return out;
            for (std::size_t i = 0; i < n; ++i)
                if (!is_card(in[i])) return fail(begin + i / cols, in[i], bad);
            return out;
        }
        for (std::size_t i = 0; i < end - begin; ++i)
            for (std::size_t j = 0; j < cols; ++j) {
                T v;
                std::memcpy(&v, first + static_cast<std::ptrdiff_t>(i) * s0_ + static_cast<std::ptrdiff_t>(j) * s1_,
                            sizeof(T));
                if (!is_card(v)) return fail(begin + i, v, bad);
                out[i * cols + j] = static_cast<uint8_t>(v);
            }
        return out;
    }

    template <class T>
    static const uint8_t* fail(std::size_t row, T value, BadCard& bad) {
        bad.row = row;
        bad.value = std::to_string(+value);
        return nullptr;
    }

    using Reader = const uint8_t* (RowSource::*)(std::size_t, std::size_t, std::vector<uint8_t>&, BadCard&) const;
    const char* base_;
    std::ptrdiff_t s0_, s1_;
    std::size_t n_rows_;
    int n_cols_;
    int itemsize_;
    bool contiguous_;
    bool in_place_ = false;
    Reader read_ = nullptr;
};

}  // namespace wildeval
