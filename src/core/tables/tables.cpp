#include "tables/tables.hpp"

namespace wildeval {

std::vector<TableSize> table_sizes() {
    return {
        {"rank", generated<RankTables>().bytes()},
        {"low", generated<LowTables>().bytes()},
        {"three_card", generated<ThreeCardTables>().bytes()},
        {"short_deck", generated<ShortDeckTables>().bytes()},
        {"omaha", generated<OmahaTables>().bytes()},
        {"omaha_low", generated<OmahaLowTables>().bytes()},
    };
}

}  // namespace wildeval
