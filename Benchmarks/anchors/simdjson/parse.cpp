// simdjson's DOM parser on the Swift benchmark's inputs: parse only, the tree is not read.
// Driven by Benchmarks/anchors/run.sh.
//
//   anchors-simdjson info                      the kernel simdjson picked for this CPU
//   anchors-simdjson time FILE SECONDS         median thread-CPU ns per parse
//   anchors-simdjson repeat FILE COUNT         parse COUNT times, time nothing (callgrind)
//
// One parser is reused across calls, as simdjson intends: its buffers are allocated by the
// first parse (the warm-up), not by the timed ones.
#include <simdjson.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>
#include <vector>

namespace {

double thread_cpu_ns() {
    timespec time{};
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time) != 0) {
        std::perror("clock_gettime");
        std::exit(1);
    }
    return double(time.tv_sec) * 1e9 + double(time.tv_nsec);
}

// One parse; exits on any error (the input is checked by the first call, before timing).
std::size_t parse(simdjson::dom::parser &parser, const simdjson::padded_string &json) {
    auto error = parser.parse(json).error();
    if (error != simdjson::SUCCESS) {
        std::fprintf(stderr, "anchors-simdjson: %s\n", simdjson::error_message(error));
        std::exit(1);
    }
    return 1;
}

int usage() {
    std::fprintf(stderr, "usage: anchors-simdjson info | time FILE SECONDS | repeat FILE COUNT\n");
    return 2;
}

}  // namespace

int main(int argc, char **argv) {
    if (argc == 2 && std::string(argv[1]) == "info") {
        std::printf("simdjson %d.%d.%d, %s kernel (%s)\n", int(simdjson::SIMDJSON_VERSION_MAJOR),
                    int(simdjson::SIMDJSON_VERSION_MINOR), int(simdjson::SIMDJSON_VERSION_REVISION),
                    simdjson::get_active_implementation()->name().c_str(),
                    simdjson::get_active_implementation()->description().c_str());
        return 0;
    }
    if (argc != 4) return usage();
    std::string command = argv[1];
    simdjson::padded_string json;
    if (auto error = simdjson::padded_string::load(argv[2]).get(json)) {
        std::fprintf(stderr, "anchors-simdjson: %s: %s\n", argv[2], simdjson::error_message(error));
        return 1;
    }
    simdjson::dom::parser parser;
    std::size_t checksum = 0;
    if (command == "repeat") {
        long count = std::atol(argv[3]);
        for (long i = 0; i < count; ++i) checksum += parse(parser, json);
        std::printf("ran parse %ld times (checksum %zu)\n", count, checksum);
        return 0;
    }
    if (command != "time") return usage();
    // Warm up for a tenth of the budget, then 7 rounds of equal call counts; report the median.
    const int rounds = 7;
    double budget = std::atof(argv[3]) * 1e9;
    double start = thread_cpu_ns(), elapsed = 0;
    long calls = 0;
    do {
        checksum += parse(parser, json);
        ++calls;
        elapsed = thread_cpu_ns() - start;
    } while (calls < 3 || elapsed < budget / 10);
    long repetitions = std::max(1L, long(budget * 0.9 / rounds / (elapsed / double(calls))));
    std::vector<double> samples;
    for (int round = 0; round < rounds; ++round) {
        double round_start = thread_cpu_ns();
        for (long i = 0; i < repetitions; ++i) checksum += parse(parser, json);
        samples.push_back((thread_cpu_ns() - round_start) / double(repetitions));
    }
    std::sort(samples.begin(), samples.end());
    std::printf("ns=%.1f checksum=%zu\n", samples[rounds / 2], checksum);
    return 0;
}
