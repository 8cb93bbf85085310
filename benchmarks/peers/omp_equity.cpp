// OMPEval's EquityCalculator timed on the equity cases of benchmarks/peers/equity (built there
// against a checkout you name; nothing of OMPEval is in this repository).
//   omp_equity exact|sampled THREADS STDEV RANGE... [--board CARDS] [--repeats N]
// prints: the best of N runs in this process, one after another, and the first run's seconds
// (each run by a calculator of its own: a calculator keeps the results it counted and would answer
// a repeat from them; the later runs find the evaluator's tables warm, as a caller's repeated
// calls do), hands (deals evaluated), each player's equity and the standard error
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
    int repeats = 1;
    for (int i = 4; i < argc; ++i) {
        if (std::string(argv[i]) == "--repeats" && i + 1 < argc) {
            repeats = std::atoi(argv[++i]);
            continue;
        }
        if (std::string(argv[i]) == "--board" && i + 1 < argc) {
            board = omp::CardRange::getCardMask(argv[++i]);
            continue;
        }
        ranges.emplace_back(argv[i]);
    }
    double seconds = 1e300, first = 0;
    omp::EquityCalculator::Results r;
    for (int run = 0; run < repeats; ++run) {
        omp::EquityCalculator eq;
        const auto start = std::chrono::steady_clock::now();
        if (!eq.start(ranges, board, 0, exact, stdev, nullptr, 0.2, threads)) {
            std::fprintf(stderr, "omp_equity: OMPEval refused the ranges\n");
            return 1;
        }
        eq.wait();
        const double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        seconds = took < seconds ? took : seconds;
        if (run == 0) first = took;
        r = eq.getResults();
    }
    std::printf("%.7f %.7f %llu", seconds, first, static_cast<unsigned long long>(r.hands));
    for (unsigned i = 0; i < r.players; ++i) std::printf(" %.6f", r.equity[i]);
    std::printf(" %.8f\n", r.stdev);
    return 0;
}
