// wildeval beside OMPEval and PokerHandEvaluator (PHE) on the same 7-card hands, one thread:
// each contender evaluates every hand of the file in turn, repeat after repeat, and the best
// rate of each is printed (M hands/s), with its ratio to OMPEval's. Built by
// benchmarks/peers/run against checkouts the user names; this file is our harness only.
//
// usage: peers_bench FILE N_HANDS REPEATS
//   FILE: N_HANDS rows of 7 uint8 cards (card = 4 * rank + suit, rank 0 = deuce, suits c d h s)
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

#include "evaluator.hpp"
#include "kernels/rows_kernel.hpp"

#if defined(WITH_OMPEVAL)
#include "omp/HandEvaluator.h"
#endif
#if defined(WITH_PHE)
extern "C" int evaluate_7cards(int a, int b, int c, int d, int e, int f, int g);
#endif

namespace {

struct Contender {
    std::string name;
    std::function<uint64_t()> run;  // evaluates every hand, returns a checksum (so nothing is skipped)
    double best = 0;
};

}  // namespace

int main(int argc, char** argv) {
    if (argc < 4) {
        std::fprintf(stderr, "usage: peers_bench FILE N_HANDS REPEATS\n");
        return 2;
    }
    const std::size_t n = std::stoul(argv[2]);
    const int repeats = std::stoi(argv[3]);
    std::vector<uint8_t> rows(n * 7);
    FILE* f = std::fopen(argv[1], "rb");
    if (f == nullptr || std::fread(rows.data(), 1, rows.size(), f) != rows.size()) {
        std::fprintf(stderr, "peers_bench: cannot read %zu hands from %s\n", n, argv[1]);
        return 2;
    }
    std::fclose(f);

    std::vector<Contender> contenders;
    const wildeval::Evaluator ev("high", 0, true);
    std::vector<int32_t> out(n);
    for (const wildeval::RowsKernel kernel : wildeval::kRowsKernels) {
        if (!wildeval::rows_kernel_runs(kernel)) continue;
        contenders.push_back({std::string("wildeval ") + wildeval::rows_kernel_name(kernel), [&, kernel] {
                                  wildeval::use_rows_kernel(kernel);
                                  if (!ev.evaluate_rows(rows.data(), n, 7, out.data())) std::fprintf(stderr, "bad hands\n");
                                  uint64_t s = 0;
                                  for (std::size_t i = 0; i < n; i += 4099) s += static_cast<uint32_t>(out[i]);
                                  return s;
                              }});
    }
#if defined(WITH_OMPEVAL)
    omp::HandEvaluator omp_eval;
    contenders.push_back({"ompeval", [&] {
                              uint64_t s = 0;
                              for (std::size_t i = 0; i < n; ++i) {
                                  const uint8_t* r = &rows[i * 7];
                                  const omp::Hand h = omp::Hand::empty() + omp::Hand(r[0]) + omp::Hand(r[1]) + omp::Hand(r[2]) +
                                                      omp::Hand(r[3]) + omp::Hand(r[4]) + omp::Hand(r[5]) + omp::Hand(r[6]);
                                  s += omp_eval.evaluate(h);
                              }
                              return s;
                          }});
#endif
#if defined(WITH_PHE)
    contenders.push_back({"phe", [&] {
                              uint64_t s = 0;
                              for (std::size_t i = 0; i < n; ++i) {
                                  const uint8_t* r = &rows[i * 7];
                                  s += static_cast<uint64_t>(evaluate_7cards(r[0], r[1], r[2], r[3], r[4], r[5], r[6]));
                              }
                              return s;
                          }});
#endif
    volatile uint64_t sink = 0;
    for (int r = 0; r < repeats; ++r)
        for (Contender& c : contenders) {
            const auto start = std::chrono::steady_clock::now();
            sink = sink + c.run();
            const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            c.best = std::max(c.best, static_cast<double>(n) / s / 1e6);
        }
    double omp_rate = 0;
    for (const Contender& c : contenders)
        if (c.name == "ompeval") omp_rate = c.best;
    std::printf("%zu hands, one thread, best of %d alternating repeats\n%-24s %10s %10s\n", n, repeats, "evaluator", "M hands/s",
                omp_rate > 0 ? "x OMPEval" : "");
    for (const Contender& c : contenders) {
        std::printf("%-24s %10.1f", c.name.c_str(), c.best);
        if (omp_rate > 0) std::printf(" %10.2f", c.best / omp_rate);
        std::printf("\n");
    }
    return 0;
}
