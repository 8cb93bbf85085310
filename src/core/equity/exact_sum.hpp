// The correctly rounded sum of doubles, the same double Python's math.fsum gives (Shewchuk's
// exact partials, then rounding half to even across them), for the equity engine's answers:
// a player's tie share and equity are such sums of its counts, made in the core so that a call
// builds no Python float per count. Finite values only (counts are).
#pragma once

#include <cmath>
#include <cstddef>
#include <vector>

namespace wildeval {

// `n` doubles at `x`, `step` apart (a row's counts, or a column of a count's rows).
inline double exact_sum(const double* x, std::size_t n, std::size_t step = 1) {
    // partials: nonoverlapping, increasing in magnitude, summing exactly to what is read so far;
    // never more than the values read, so 64 of them on the stack, more (a column of many rows)
    // in a vector, as math.fsum grows its own
    double kept_here[64];
    std::vector<double> grown;
    double* partials = kept_here;
    std::size_t used = 0, room = 64;
    for (std::size_t j = 0; j < n; ++j) {
        double v = x[j * step];
        std::size_t kept = 0;
        for (std::size_t i = 0; i < used; ++i) {
            double y = partials[i];
            if (std::fabs(v) < std::fabs(y)) {
                const double t = v;
                v = y;
                y = t;
            }
            const double hi = v + y;
            const double lo = y - (hi - v);
            if (lo != 0.0) partials[kept++] = lo;
            v = hi;
        }
        used = kept;
        if (v == 0.0) continue;
        if (used == room) {
            std::vector<double> bigger(2 * room);
            for (std::size_t i = 0; i < used; ++i) bigger[i] = partials[i];
            grown.swap(bigger);
            partials = grown.data();
            room *= 2;
        }
        partials[used++] = v;
    }
    if (used == 0) return 0.0;
    // from the largest down, until a partial adds inexactly
    std::size_t i = used - 1;
    double hi = partials[i], lo = 0.0;
    while (i > 0) {
        const double v = hi, y = partials[--i];
        hi = v + y;
        lo = y - (hi - v);
        if (lo != 0.0) break;
    }
    // half-way between two doubles: round to even with what the partials below say
    if (i > 0 && ((lo < 0.0 && partials[i - 1] < 0.0) || (lo > 0.0 && partials[i - 1] > 0.0))) {
        const double y = lo * 2.0;
        const double v = hi + y;
        if (y == v - hi) hi = v;
    }
    return hi;
}

}  // namespace wildeval
