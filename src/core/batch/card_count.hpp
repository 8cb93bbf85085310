// Hand sizes as compile-time constants: with_card_count<Min, Max>(n, f) calls
// f(std::integral_constant<int, n>{}) for n in [Min, Max] (the caller checked the range; a
// larger n runs as Max), so that each kernel is compiled for each size it serves.
#pragma once

#include <type_traits>

namespace wildeval {

template <int Min, int Max, class F>
decltype(auto) with_card_count(int n, F&& f) {
    if constexpr (Min >= Max) {
        return f(std::integral_constant<int, Max>{});
    } else {
        if (n <= Min) return f(std::integral_constant<int, Min>{});
        return with_card_count<Min + 1, Max>(n, static_cast<F&&>(f));
    }
}

}  // namespace wildeval
