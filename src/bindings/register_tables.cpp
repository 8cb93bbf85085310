// What the core holds: its rankings (from the registry), its generated tables and the batch
// kernel that runs here.
#include <pybind11/pybind11.h>

#include <string>

#include "cards.hpp"
#include "rankings/ranking.hpp"
#include "kernels/rows_kernel.hpp"
#include "tables/tables.hpp"
#include "register.hpp"

namespace py = pybind11;
using namespace wildeval;

void register_tables(py::module_& m) {
    py::list names, specs;
    const auto [first, count] = rankings();
    for (const RankingSpec* spec = first; spec != first + count; ++spec) {
        names.append(spec->name);
        specs.append(py::make_tuple(spec->name, spec->min_cards, spec->max_cards, spec->takes_wild, spec->lowest_card,
                                    spec->min_board, spec->max_board));
    }
    m.attr("RANKINGS") = py::tuple(names);
    // (name, fewest cards, most cards, takes wild ranks, lowest card of its deck, fewest and most
    // board cards of a split ranking) per ranking, in the registry's order
    m.attr("RANKING_SPECS") = py::tuple(specs);
    m.attr("RANK_CHARS") = std::string(kRankChars);
    m.attr("SUIT_CHARS") = std::string(kSuitChars);
    m.def(
        "table_sizes",
        [] {
            py::dict out;
            for (const TableSize& t : table_sizes()) out[py::str(t.name)] = t.bytes;
            return out;
        },
        "Bytes held by each generated table of the core, by name (building any not built yet).");
    m.def(
        "table_bytes",
        [] {
            std::size_t total = 0;
            for (const TableSize& t : table_sizes()) total += t.bytes;
            return total;
        },
        "Bytes held by every generated table of the core (building any not built yet).");

    // the kernel of rows of 5-7 cards (natural_rows), by name (std::invalid_argument: a
    // ValueError); choosing one is for tests and benchmarks
    m.def(
        "rows_kernels", [] {
            py::list kernels;
            for (const RowsKernel kernel : kRowsKernels) kernels.append(rows_kernel_name(kernel));
            return py::tuple(kernels);
        },
        "Every row kernel's name: ('portable', 'ssse3', 'avx2', 'avx512', 'avx512-scalar', 'neon').");
    m.def(
        "rows_kernel", [] { return std::string(rows_kernel_name(rows_kernel())); },
        "The batch kernel rows of 5-7 cards use here (one of rows_kernels()).");
    m.def(
        "rows_kernel_runs", [](const std::string& name) { return rows_kernel_runs(rows_kernel_named(name)); },
        py::arg("name"), "Whether this build and CPU can run the named row kernel.");
    m.def(
        "use_rows_kernel",
        [](const std::string& name) { use_rows_kernel(rows_kernel_named(name)); },  // ValueError where it can't
        py::arg("name"), "Make rows of 5-7 cards use the named kernel (for tests and benchmarks).");
}
