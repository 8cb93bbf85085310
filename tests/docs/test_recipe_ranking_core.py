"""The C++ half of "how to add a ranking" (docs/architecture.md), done for real: a copy of the
core gets one new file in src/core/rankings/ and one row in the registry, is compiled with a small
driver, and the new ranking works through the core's Evaluator: per hand, in batches, in a census
and in the registry's listing. Nothing else of the core is touched.
"""

from __future__ import annotations

import json
import math
import platform
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# The toy ranking: the sum of the ranks (deuce = 0), higher is better; every hand a high card.
TOY = r"""
// Toy ranking for the recipe test: the sum of the cards' ranks.
#include <memory>

#include "census.hpp"
#include "rankings/ranking.hpp"

namespace wildeval {
namespace {

class RankSum final : public RankingOf<RankSum> {
public:
    uint32_t evaluate(const uint8_t* cards, int n) const override {
        uint32_t sum = 0;
        for (int i = 0; i < n; ++i) sum += static_cast<uint32_t>(rank_of(cards[i]));
        return sum;
    }
    bool evaluate_rows(const uint8_t* rows, std::size_t n_rows, int n_cols, int32_t* out) const override {
        bool distinct = true;
        for (std::size_t i = 0; i < n_rows; ++i, rows += n_cols) {
            uint64_t seen = 0;
            for (int j = 0; j < n_cols; ++j) {
                distinct = distinct && !(seen >> rows[j] & 1);
                seen |= uint64_t{1} << rows[j];
            }
            out[i] = static_cast<int32_t>(evaluate(rows, n_cols));
        }
        return distinct;
    }
    uint32_t category(uint32_t) const override { return kHighCard; }
};

}  // namespace

std::unique_ptr<Ranking> make_rank_sum(uint32_t, bool) { return std::make_unique<RankSum>(); }

}  // namespace wildeval
"""

DRIVER = r"""
#include <cstdio>
#include <cstdint>
#include <stdexcept>

#include "evaluator.hpp"
#include "census.hpp"

using namespace wildeval;

int main() {
    const auto [first, count] = rankings();
    std::printf("{\"rankings\": [");
    for (std::size_t i = 0; i < count; ++i) std::printf("%s\"%s\"", i ? ", " : "", first[i].name);
    const Evaluator ev("rank_sum", 0, true);
    const uint8_t hand[5] = {0, 5, 10, 50, 51};  // 2c 3d 4h Ah As
    const uint8_t rows[10] = {0, 4, 8, 12, 16, 48, 49, 50, 51, 47};
    int32_t out[2];
    const bool distinct = ev.evaluate_rows(rows, 2, 5, out);
    const uint8_t repeated[5] = {7, 8, 9, 8, 10};
    int32_t ignored[1];
    const bool caught = !ev.evaluate_rows(repeated, 1, 5, ignored);
    const CategoryCounts counts = census(ev, 5, 2);
    bool refused = false;
    try { Evaluator bad("rank_sum", 1, true); } catch (const std::invalid_argument&) { refused = true; }
    std::printf("], \"one\": %u, \"rows\": [%d, %d], \"distinct\": %s, \"high_cards\": %llu, "
                "\"others\": %llu, \"wild_refused\": %s, \"sizes\": [%d, %d], \"duplicate_caught\": %s}\n",
                ev.evaluate(hand, 5), out[0], out[1], distinct ? "true" : "false",
                static_cast<unsigned long long>(counts[kHighCard]),
                static_cast<unsigned long long>(counts[kPair]), refused ? "true" : "false",
                ev.spec().min_cards, ev.spec().max_cards, caught ? "true" : "false");
    return 0;
}
"""


def _compiler() -> str:
    for name in ("c++", "g++", "clang++"):
        path = shutil.which(name)
        if path:
            return path
    pytest.fail("no C++ compiler: the package itself needs one to build")


@pytest.mark.slow
def test_a_new_ranking_is_one_file_and_one_registry_row(tmp_path: Path) -> None:
    core = tmp_path / "core"
    shutil.copytree(ROOT / "src" / "core", core)
    (core / "rankings" / "rank_sum.cpp").write_text(TOY)
    registry = core / "rankings" / "registry.cpp"
    text = registry.read_text()
    # the recipe's two lines: the maker's declaration and the row
    declaration = "std::unique_ptr<Ranking> make_three_card_poker(uint32_t wild_rank_mask, bool flush_duplicates);"
    row = '    {"three_card_poker", 3, 3, true, &make_three_card_poker},'
    assert text.count(declaration) == 1 and text.count(row) == 1, "registry.cpp changed shape: update the recipe"
    text = text.replace(declaration, declaration + "\nstd::unique_ptr<Ranking> make_rank_sum(uint32_t, bool);")
    text = text.replace(row, row + '\n    {"rank_sum", 5, 5, false, &make_rank_sum},')
    registry.write_text(text)
    (tmp_path / "driver.cpp").write_text(DRIVER)
    sources = sorted(str(p) for p in core.rglob("*.cpp")) + [str(tmp_path / "driver.cpp")]
    exe = tmp_path / "driver"
    # the core's SSSE3 kernels on x86-64 (as the package builds them), its portable code elsewhere
    arch = ["-mssse3"] if platform.machine().lower() in ("x86_64", "amd64") else []
    built = subprocess.run([_compiler(), "-std=c++17", "-O0", *arch, f"-I{core}", "-o", str(exe), *sources,
                            "-pthread"], capture_output=True, text=True, timeout=600)
    assert built.returncode == 0, built.stderr[-3000:]
    result = json.loads(subprocess.run([str(exe)], check=True, capture_output=True, text=True,
                                       timeout=120).stdout)
    from wildeval import _core

    listed = list(_core.RANKINGS)  # the toy's row comes right after three-card poker's
    assert result["rankings"] == listed[:listed.index("three_card_poker") + 1] + ["rank_sum"] + \
        listed[listed.index("three_card_poker") + 1:]
    assert result["one"] == 0 + 1 + 2 + 12 + 12
    assert result["rows"] == [0 + 1 + 2 + 3 + 4, 12 * 4 + 11]
    assert result["distinct"] is True
    assert result["high_cards"] == math.comb(52, 5) and result["others"] == 0
    assert result["wild_refused"] is True
    assert result["sizes"] == [5, 5]
    assert result["duplicate_caught"] is True
