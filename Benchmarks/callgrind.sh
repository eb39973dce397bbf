#!/usr/bin/env bash
# Instructions per run of one benchmark body, counted by valgrind's callgrind: the whole process
# with the body run once and run 1 + STEP times, the difference divided by STEP, so start-up and
# the untimed verification cancel out. Deterministic for one binary and input
# (SWIFT_DETERMINISTIC_HASHING=1), whatever else the machine is doing.
#
#   bash Benchmarks/callgrind.sh LABEL [BINARY] [STEP]
#
# LABEL names one body as `--repeat` does (`flat/decode-bytes/KeyValueMapping`,
# `streaming/lines`, …; `swift run -c release Benchmarks --help` lists the forms). BINARY
# defaults to this package's release build (`swift build -c release --product Benchmarks`);
# pass another build (a base commit's) to compare. STEP defaults to 3.
set -euo pipefail
label=$1
binary=${2:-$(cd "$(dirname "$0")/.." && pwd)/.build/release/Benchmarks}
step=${3:-3}
workload=${label%%/*}
filter=()
case $workload in
    flat|github-issues|twitter|citm|canada) filter=(--filter "$workload") ;;
    *) filter=(--filter flat) ;;
esac
count() {
    SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file=/dev/null \
        "$binary" --quick "${filter[@]}" --repeat "$label" "$1" 2>&1 >/dev/null |
        sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
once=$(count 1)
more=$(count $((1 + step)))
echo "$label: $(( (more - once) / step )) instructions per run"
