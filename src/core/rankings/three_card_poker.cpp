// Three-card poker: straight flush > three of a kind > straight > flush > pair > high card, any
// set of wild ranks. One table read per hand (ThreeCardTables), no branch; where the row kernel
// is AVX-512, AVX2 or NEON (rows_kernel.hpp), sixteen, eight or sixteen rows' table indexes at a
// time.
#include <algorithm>
#include <memory>

#include "census.hpp"
#include "rankings/ranking.hpp"
#include "kernels/rows_kernel.hpp"
#include "tables/tables.hpp"

#if defined(WILDEVAL_ROWS16) || defined(WILDEVAL_ROWS8)
WILDEVAL_AVX512_CODE_BEGIN
#include <immintrin.h>
#endif
#if defined(WILDEVAL_ROWS_NEON)
#include <arm_neon.h>
#endif

namespace wildeval {
namespace {

class ThreeCardPoker final : public RankingOf<ThreeCardPoker> {
public:
    ThreeCardPoker(uint32_t wild_rank_mask, bool flush_duplicates)
        : table_(generated<ThreeCardTables>().value[flush_duplicates].data()) {
        for (int b = 0; b < 256; ++b) suit_bit_[b] = kNotCard;
        for (int c = 0; c < kDeck; ++c) {
            const bool wild = (wild_rank_mask >> rank_of(c) & 1) != 0;
            code_[c] = static_cast<uint8_t>(wild ? kWildCode : rank_of(c));
            suit_bit_[c] = static_cast<uint8_t>(wild ? 0 : 1u << suit_of(c));
        }
    }

    uint32_t evaluate(const uint8_t* cards, int) const override {
        uint32_t suits;
        return value(cards[0], cards[1], cards[2], suits);
    }

    // Checks its rows' bytes itself, as it reads them: a byte that is not a card (52-255) reads
    // code 0 and the suit bit kNotCard, inside every table, and makes the rows invalid.
    bool checks_cards(int) const override { return true; }

    bool evaluate_rows(const uint8_t* rows, std::size_t n_rows, int n_cols, int32_t* out) const override {
        bool valid = true;  // every byte a card, no card twice in a row
        // a SIMD kernel takes whole blocks where it runs (simd_blocks), the loop below the rest
        const std::size_t done = simd_blocks([&](const auto&) { return rows16(rows, n_rows, out, valid); },
                                             [&](const auto&) { return rows8(rows, n_rows, out, valid); },
                                             [&](const auto&) { return rows_neon(rows, n_rows, out, valid); });
        rows += done * 3;
        out += done;
        n_rows -= done;
        uint32_t seen = 0;  // every row's suit bits (kNotCard: a byte that is not a card)
        for (std::size_t i = 0; i < n_rows; ++i, rows += n_cols) {
            const uint8_t a = rows[0], b = rows[1], c = rows[2];
            valid = valid && a != b && a != c && b != c;  // predicted: rows rarely hold a card twice
            uint32_t suits;
            out[i] = static_cast<int32_t>(value(a, b, c, suits));
            seen |= suits;
        }
        return valid && (seen & kNotCard) == 0;
    }

    uint32_t category(uint32_t value) const override {
        static constexpr uint32_t kCategory[] = {kHighCard, kPair, kFlush, kStraight, kThreeOfAKind, kStraightFlush};
        return kCategory[category_of(value)];
    }

private:
    // The suit bit of a byte that is not a card (past the four suits').
    static constexpr uint8_t kNotCard = 0x80;

    // Any three bytes, and their suit bits OR-ed in `suits` (a byte that is not a card reads code
    // 0 and kNotCard: its row's value is then meaningless but read inside the table).
    uint32_t value(uint8_t a, uint8_t b, uint8_t c, uint32_t& suits) const {
        suits = suit_bit_[a] | suit_bit_[b] | suit_bit_[c];
        const uint32_t suited = (suits & (suits - 1)) == 0;
        return table_[((code_[a] * kCodes + code_[b]) * kCodes + code_[c]) * 2 + suited];
    }

#if defined(WILDEVAL_ROWS16)
    // Whole blocks of 16 rows (of three cards) whose 64-byte load stays in the rows: one row per
    // 32-bit lane, each card's code and suit bit by a 64-entry byte lookup, the index summed by
    // vpdpbusd (the first card's code times 392 apart: past a signed byte). Returns the rows done;
    // `valid` false if one held a card twice or a byte that is not a card.
    WILDEVAL_AVX512_TARGET std::size_t rows16(const uint8_t* rows, std::size_t n_rows, int32_t* __restrict out,
                                              bool& valid) const {
        constexpr std::size_t kRows = 16;
        const std::size_t blocks = n_rows * 3 < 64 ? 0 : (n_rows * 3 - 64) / 48 + 1;
        alignas(64) uint8_t lanes[64];
        for (int k = 0; k < 16; ++k)
            for (int b = 0; b < 4; ++b) lanes[4 * k + b] = static_cast<uint8_t>(b < 3 ? 3 * k + b : 0xFF);
        const __m512i spread = _mm512_load_si512(lanes);
        const __m512i codes = _mm512_loadu_si512(code_), suits = _mm512_loadu_si512(suit_bit_);
        // the weights of the second and third cards' codes in the index (bytes 1 and 2 of a lane)
        const __m512i second_third = _mm512_set1_epi32(static_cast<int>((2u << 16) | (2u * kCodes) << 8));
        const __mmask64 card_bytes = 0x7777777777777777ull;
        __mmask64 repeated = 0;
        __m512i top = _mm512_setzero_si512();
        alignas(64) uint32_t index[kRows];
        for (std::size_t block = 0; block < blocks; ++block, rows += 3 * kRows, out += kRows) {
            const __m512i a = _mm512_maskz_permutexvar_epi8(card_bytes, spread, _mm512_loadu_si512(rows));
            top = _mm512_max_epu8(top, a);  // filler bytes read 0
            // filler bytes are zero: a card 0 would meet them, so the compare skips them
            const __m512i filled = _mm512_mask_blend_epi8(card_bytes, _mm512_set1_epi8(static_cast<char>(0xFF)), a);
            repeated |= _mm512_mask_cmpeq_epi8_mask(card_bytes, filled, _mm512_rol_epi32(filled, 8)) |
                        _mm512_mask_cmpeq_epi8_mask(card_bytes, filled, _mm512_rol_epi32(filled, 16));
            const __m512i code = _mm512_maskz_permutexvar_epi8(card_bytes, a, codes);
            const __m512i first = _mm512_and_si512(code, _mm512_set1_epi32(0xFF));
            const __m512i rest = _mm512_dpbusd_epi32(_mm512_setzero_si512(), code, second_third);
            const __m512i suit = _mm512_maskz_permutexvar_epi8(card_bytes, a, suits);
            const __m512i any = _mm512_or_si512(_mm512_or_si512(suit, _mm512_srli_epi32(suit, 8)), _mm512_srli_epi32(suit, 16));
            const __m512i one_suit = _mm512_and_si512(any, _mm512_set1_epi32(0xFF));
            const __mmask16 suited = _mm512_testn_epi32_mask(one_suit, _mm512_sub_epi32(one_suit, _mm512_set1_epi32(1)));
            __m512i at = _mm512_add_epi32(_mm512_mullo_epi32(first, _mm512_set1_epi32(2 * kCodes * kCodes)), rest);
            at = _mm512_mask_add_epi32(at, suited, at, _mm512_set1_epi32(1));
            _mm512_store_si512(index, at);
            for (std::size_t k = 0; k < kRows; ++k) out[k] = static_cast<int32_t>(table_[index[k]]);
        }
        valid = repeated == 0 && _mm512_cmpgt_epu8_mask(top, _mm512_set1_epi8(kDeck - 1)) == 0;
        return blocks * kRows;
    }
#else
    // Not compiled in this build: declared only, so that evaluate_rows names it in every build
    // (simd_blocks never calls it here).
    std::size_t rows16(const uint8_t* rows, std::size_t n_rows, int32_t* __restrict out, bool& valid) const;
#endif

#if defined(WILDEVAL_ROWS8)
    // Whole blocks of 8 rows (of three cards) whose two 16-byte loads (rows 0-3, rows 4-7) stay
    // in the rows: one row per 32-bit lane, each card's code and whether it is natural by its
    // rank (16-entry byte lookups, vpshufb), the index summed by vpmaddubsw and vpmaddwd. Returns
    // the rows done; `valid` false if one held a card twice or a byte that is not a card.
    WILDEVAL_AVX2_TARGET std::size_t rows8(const uint8_t* rows, std::size_t n_rows, int32_t* __restrict out,
                                           bool& valid) const {
        constexpr std::size_t kRows = 8;
        const std::size_t blocks = n_rows * 3 < 28 ? 0 : (n_rows * 3 - 28) / 24 + 1;
        // each 32 bytes: the same 16 in both halves of a register
        alignas(32) uint8_t spread_bytes[32], rotate_bytes[2][32], code_bytes[32], natural_bytes[32];
        for (int at = 0; at < 32; ++at) {
            const int lane = at % 16 / 4, b = at % 4, rank = at % 16;
            spread_bytes[at] = static_cast<uint8_t>(b < 3 ? 3 * lane + b : 0x80);  // 0x80: a zero byte
            for (int d = 1; d <= 2; ++d) rotate_bytes[d - 1][at] = static_cast<uint8_t>(4 * lane + (b + d) % 4);
            code_bytes[at] = rank < kRanks ? code_[4 * rank] : 0;
            natural_bytes[at] = static_cast<uint8_t>(rank < kRanks && suit_bit_[4 * rank] != 0 ? 0xFF : 0);
        }
        const auto load = [](const uint8_t* at) WILDEVAL_AVX2_TARGET { return _mm256_load_si256(reinterpret_cast<const __m256i*>(at)); };
        const __m256i spread = load(spread_bytes), rot1 = load(rotate_bytes[0]), rot2 = load(rotate_bytes[1]);
        const __m256i codes = load(code_bytes), naturals = load(natural_bytes);
        const __m256i suit_bits = _mm256_setr_epi8(1, 2, 4, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 4, 8, 0, 0, 0, 0, 0,
                                                   0, 0, 0, 0, 0, 0, 0);
        const __m256i filler = _mm256_set1_epi32(static_cast<int>(0xFF000000u));  // a lane's fourth byte: no card
        // the index's weights: 28 * first + 2 * second and 2 * third (bytes to words), then
        // 14 * the one + the other (words to the lane): 392 * first + 28 * second + 2 * third
        const __m256i byte_weights = _mm256_set1_epi32(0x0002021C), word_weights = _mm256_set1_epi32(0x0001000E);
        const __m256i low_nibbles = _mm256_set1_epi8(0x0F), threes = _mm256_set1_epi8(3), ones = _mm256_set1_epi32(1);
        const __m256i first_byte = _mm256_set1_epi32(0xFF), zero = _mm256_setzero_si256();
        __m256i repeated = zero, top = zero;
        alignas(32) uint32_t index[kRows];
        for (std::size_t block = 0; block < blocks; ++block, rows += 3 * kRows, out += kRows) {
            const __m256i a = _mm256_shuffle_epi8(
                _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(rows))),
                                        _mm_loadu_si128(reinterpret_cast<const __m128i*>(rows + 12)), 1),
                spread);
            top = _mm256_max_epu8(top, a);                  // the fourth bytes read 0
            const __m256i x = _mm256_or_si256(a, filler);  // the fourth byte 0xFF meets no card
            repeated = _mm256_or_si256(repeated, _mm256_or_si256(_mm256_cmpeq_epi8(x, _mm256_shuffle_epi8(x, rot1)),
                                                                 _mm256_cmpeq_epi8(x, _mm256_shuffle_epi8(x, rot2))));
            const __m256i rank = _mm256_and_si256(_mm256_srli_epi16(a, 2), low_nibbles);
            const __m256i code = _mm256_shuffle_epi8(codes, rank);  // the fourth byte's weight is 0
            // each natural card's suit bit (0 for a wild card and the fourth byte), OR-ed into the lane's low byte
            const __m256i suit = _mm256_and_si256(_mm256_shuffle_epi8(suit_bits, _mm256_and_si256(a, threes)),
                                                  _mm256_andnot_si256(filler, _mm256_shuffle_epi8(naturals, rank)));
            const __m256i any = _mm256_and_si256(
                _mm256_or_si256(_mm256_or_si256(suit, _mm256_srli_epi32(suit, 8)), _mm256_srli_epi32(suit, 16)), first_byte);
            // suited (at most one suit among the natural cards): any & (any - 1) == 0, -1 in its lane
            const __m256i suited = _mm256_cmpeq_epi32(_mm256_and_si256(any, _mm256_sub_epi32(any, ones)), zero);
            const __m256i at = _mm256_madd_epi16(_mm256_maddubs_epi16(code, byte_weights), word_weights);
            _mm256_store_si256(reinterpret_cast<__m256i*>(index), _mm256_sub_epi32(at, suited));
            for (std::size_t k = 0; k < kRows; ++k) out[k] = static_cast<int32_t>(table_[index[k]]);
        }
        // no byte above 51: top - 51 saturates to 0 in every byte
        const __m256i over = _mm256_subs_epu8(top, _mm256_set1_epi8(kDeck - 1));
        valid = _mm256_movemask_epi8(repeated) == 0 && _mm256_testz_si256(over, over);
        _mm256_zeroupper();
        return blocks * kRows;
    }
#else
    // Not compiled in this build: declared only, so that evaluate_rows names it in every build
    // (simd_blocks never calls it here).
    std::size_t rows8(const uint8_t* rows, std::size_t n_rows, int32_t* __restrict out, bool& valid) const;
#endif

#if defined(WILDEVAL_ROWS_NEON)
    // Whole blocks of 16 rows (of three cards): one 48-byte load split into each row's first,
    // second and third card (ld3, a row per byte lane), each card's code and natural suit bit by
    // a 64-entry byte lookup (tbl: 0 past 63), the index 28 (14 first + second) + 2 third +
    // suited in 16-bit lanes. Returns the rows done; `valid` false if one held a card twice or
    // a byte that is not a card.
    std::size_t rows_neon(const uint8_t* rows, std::size_t n_rows, int32_t* __restrict out, bool& valid) const {
        constexpr std::size_t kRows = 16;
        const std::size_t blocks = n_rows / kRows;
        const uint8x16x4_t codes = vld1q_u8_x4(code_), suits = vld1q_u8_x4(suit_bit_);
        const uint8x16_t ones = vdupq_n_u8(1);
        uint8x16_t repeated = vdupq_n_u8(0), top = vdupq_n_u8(0);
        alignas(16) uint16_t index[kRows];
        for (std::size_t block = 0; block < blocks; ++block, rows += 3 * kRows, out += kRows) {
            const uint8x16x3_t c = vld3q_u8(rows);
            top = vmaxq_u8(top, vmaxq_u8(c.val[0], vmaxq_u8(c.val[1], c.val[2])));
            repeated = vorrq_u8(repeated, vorrq_u8(vceqq_u8(c.val[0], c.val[1]),
                                                   vorrq_u8(vceqq_u8(c.val[0], c.val[2]), vceqq_u8(c.val[1], c.val[2]))));
            const uint8x16_t first = vqtbl4q_u8(codes, c.val[0]), second = vqtbl4q_u8(codes, c.val[1]);
            const uint8x16_t third = vqtbl4q_u8(codes, c.val[2]);
            const uint8x16_t any = vorrq_u8(vqtbl4q_u8(suits, c.val[0]), vorrq_u8(vqtbl4q_u8(suits, c.val[1]), vqtbl4q_u8(suits, c.val[2])));
            // suited (at most one suit among the natural cards): any & (any - 1) == 0
            const uint8x16_t suited = vandq_u8(vceqq_u8(vandq_u8(any, vsubq_u8(any, ones)), vdupq_n_u8(0)), ones);
            const uint8x16_t pair = vmlaq_u8(second, first, vdupq_n_u8(kCodes));   // 14 first + second <= 195
            const uint8x16_t last = vaddq_u8(vaddq_u8(third, third), suited);      // 2 third + suited <= 27
            const uint8x16_t weight = vdupq_n_u8(2 * kCodes);
            vst1q_u16(index, vmlal_u8(vmovl_u8(vget_low_u8(last)), vget_low_u8(pair), vget_low_u8(weight)));
            vst1q_u16(index + 8, vmlal_high_u8(vmovl_high_u8(last), pair, weight));
            for (std::size_t k = 0; k < kRows; ++k) out[k] = static_cast<int32_t>(table_[index[k]]);
        }
        valid = vmaxvq_u8(repeated) == 0 && vmaxvq_u8(top) < kDeck;
        return blocks * kRows;
    }
#else
    // Not compiled in this build: declared only, so that evaluate_rows names it in every build
    // (simd_blocks never calls it here).
    std::size_t rows_neon(const uint8_t* rows, std::size_t n_rows, int32_t* __restrict out, bool& valid) const;
#endif

    const uint32_t* table_;
    // per byte value (past 51: code 0, suit bit kNotCard; rows16 and rows_neon read the first 64
    // with byte lookups, the rows of the other kernels any byte)
    uint8_t code_[256] = {};
    uint8_t suit_bit_[256] = {};
};

}  // namespace

std::unique_ptr<Ranking> make_three_card_poker(uint32_t wild_rank_mask, bool flush_duplicates) {
    return std::make_unique<ThreeCardPoker>(wild_rank_mask, flush_duplicates);
}

}  // namespace wildeval

#if defined(WILDEVAL_ROWS16) || defined(WILDEVAL_ROWS8)
WILDEVAL_AVX512_CODE_END
#endif
