// The nearest centre of every point (nearest_centres.hpp), a block of points a task.
#include "abstraction/nearest_centres.hpp"

#include <algorithm>
#include <cmath>

#include "threads/parallel.hpp"

namespace wildeval::abstraction {

namespace {

constexpr std::size_t kPointsPerTask = 2048;

template <bool kL1>
float distance(const float* a, const float* b, int dims) {
    float lanes[8] = {};
    for (int d = 0; d < dims; d += 8)
        for (int j = 0; j < 8; ++j) {
            const float x = a[d + j] - b[d + j];
            lanes[j] += kL1 ? std::fabs(x) : x * x;
        }
    return ((lanes[0] + lanes[1]) + (lanes[2] + lanes[3])) + ((lanes[4] + lanes[5]) + (lanes[6] + lanes[7]));
}

template <bool kL1>
void nearest_in(const float* points, std::size_t begin, std::size_t end, int dims, const float* centres, int k,
                int32_t* labels, double* distances) {
    const auto width = static_cast<std::size_t>(dims);
    for (std::size_t i = begin; i < end; ++i) {
        const float* p = points + i * width;
        float best = distance<kL1>(p, centres, dims);
        int32_t label = 0;
        for (int c = 1; c < k; ++c) {
            const float d = distance<kL1>(p, centres + static_cast<std::size_t>(c) * width, dims);
            if (d < best) best = d, label = c;
        }
        labels[i] = label;
        distances[i] = static_cast<double>(best);
    }
}

}  // namespace

void nearest_centres(const float* points, std::size_t n, int dims, const float* centres, int k, bool l1,
                     int threads, int32_t* labels, double* distances) {
    run_tasks(threads, (n + kPointsPerTask - 1) / kPointsPerTask, [&](std::size_t task, int) {
        const std::size_t begin = task * kPointsPerTask, end = std::min(n, begin + kPointsPerTask);
        if (l1) nearest_in<true>(points, begin, end, dims, centres, k, labels, distances);
        else nearest_in<false>(points, begin, end, dims, centres, k, labels, distances);
    });
}

}  // namespace wildeval::abstraction
