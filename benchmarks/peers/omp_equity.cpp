// OMPEval's EquityCalculator timed on the equity cases of benchmarks/peers/equity (built there
// against a checkout you name; nothing of OMPEval is in this repository).
//   omp_equity exact|sampled THREADS STDEV RANGE... [--board CARDS]
// prints: seconds, hands (deals evaluated), each player's equity
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "omp/EquityCalculator.h"

int main(int argc, char** argv) {
    if (argc < 5) {
        std::fprintf(stderr, "usage: omp_equity exact|sampled THREADS STDEV RANGE... [--board CARDS]\n");
        return 2;
    }
    const bool exact = std::string(argv[1]) == "exact";
    const unsigned threads = static_cast<unsigned>(std::atoi(argv[2]));
    const double stdev = std::atof(argv[3]);
    std::vector<omp::CardRange> ranges;
    uint64_t board = 0;
    for (int i = 4; i < argc; ++i) {
        if (std::string(argv[i]) == "--board" && i + 1 < argc) {
            board = omp::CardRange::getCardMask(argv[++i]);
            continue;
        }
        ranges.emplace_back(argv[i]);
    }
    omp::EquityCalculator eq;
    const auto start = std::chrono::steady_clock::now();
    if (!eq.start(ranges, board, 0, exact, stdev, nullptr, 0.2, threads)) {
        std::fprintf(stderr, "omp_equity: OMPEval refused the ranges\n");
        return 1;
    }
    eq.wait();
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const auto r = eq.getResults();
    std::printf("%.6f %llu", seconds, static_cast<unsigned long long>(r.hands));
    for (unsigned i = 0; i < r.players; ++i) std::printf(" %.6f", r.equity[i]);
    std::printf(" %.8f\n", r.stdev);
    return 0;
}
