// The nearest centre of every point, for k-means (wildeval.buckets): by the L1 distance (on
// cumulative histograms, the earth mover's distance of one-dimensional histograms of equal bins)
// or the squared Euclidean one. Each point's distance is summed in one fixed order (eight lanes,
// then the lanes in turn), whatever the threads, so the labels do not depend on them.
#pragma once

#include <cstddef>
#include <cstdint>

namespace wildeval::abstraction {

// points: n rows of `dims` floats, centres: k rows of `dims` (dims a multiple of 8); labels[i] the
// nearest centre of point i (the lowest of equally near ones), distances[i] its distance.
void nearest_centres(const float* points, std::size_t n, int dims, const float* centres, int k, bool l1,
                     int threads, int32_t* labels, double* distances);

}  // namespace wildeval::abstraction
