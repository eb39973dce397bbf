#!/usr/bin/env bash
# Builds the libFuzzer target Fuzz/FuzzJSON.swift together with the library's sources and
# fuzzes it, seeded from the repository's JSONTestSuite cases, its real-world data and Fuzz/seeds.
# Everything it writes stays under .build-fuzz/ (gitignored). See Fuzz/README.md.
#
# Environment:
#   FUZZ_SECONDS  how long to fuzz. Default: whatever is left of a 105-second budget for the
#                 whole script after the build (at least 10), so a default run with a cold
#                 build stays under two minutes on two cores.
#   FUZZ_JOBS     parallel fuzzing processes (libFuzzer -fork); default 1.
#   FUZZ_OPT      optimisation flag for the build; default -O.
# Extra arguments are passed on to libFuzzer (e.g. Fuzz/run.sh -only_ascii=1).
#
# Exits non-zero when libFuzzer finds a crash, timeout or leak, and prints the saved input.
set -euo pipefail

script_start=$SECONDS
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo"

suite=Tests/KeyValueMappingTests/Fixtures/JSONTestSuite/test_parsing
data=Benchmarks/Data
if [[ ! -d $suite || ! -d $data ]]; then
    echo "error: the seed corpus is missing: need $suite and $data in $repo" >&2
    exit 2
fi

out=.build-fuzz
binary=$out/fuzz-json
opt=${FUZZ_OPT:--O}
mkdir -p "$out"

# --- Build (skipped when the sources and flags are unchanged) ---------------------------------
# The sources are snapshotted first, so edits made while the compiler runs neither break the
# build nor go unnoticed: the stamp is the hash of exactly what was compiled.
snapshot=$out/src
rm -rf "$snapshot"
mkdir -p "$snapshot"
cp -R Sources/KeyValueMapping "$snapshot/"
cp Fuzz/FuzzJSON.swift "$snapshot/"
mapfile -t sources < <(find "$snapshot" -name '*.swift' | LC_ALL=C sort)

flags=(-sanitize=fuzzer,address -parse-as-library -swift-version 6 -module-name KeyValueMapping
       "$opt" -g -use-ld=lld)
stamp=$( { swiftc --version 2>&1; printf '%s\n' "${flags[@]}"; cat "${sources[@]}"; } | sha256sum | cut -d' ' -f1)

if [[ -x $binary && -f $binary.stamp && $(cat "$binary.stamp") == "$stamp" ]]; then
    echo "fuzz-json is up to date ($binary)"
else
    echo "building $binary: swiftc ${flags[*]} <${#sources[@]} files> -o $binary"
    build_start=$SECONDS
    rm -f "$binary.stamp"
    # ld.lld warns about ASan's local symbols it cannot export; that noise is dropped.
    if ! swiftc "${flags[@]}" "${sources[@]}" -o "$binary" 2> "$out/build.log"; then
        cat "$out/build.log" >&2
        echo "error: build failed" >&2
        exit 1
    fi
    grep -v "Cannot export local symbol" "$out/build.log" >&2 || true
    echo "$stamp" > "$binary.stamp"
    echo "built in $((SECONDS - build_start)) s"
fi

# --- Corpus: seeds copied into a scratch directory, so the repository stays untouched --------
corpus=$out/corpus
artifacts=$out/artifacts
mkdir -p "$corpus" "$artifacts"
seeds=("$suite"/*.json "$data"/*.json "$data"/github/*.json Fuzz/seeds/*)
cp -f "${seeds[@]}" "$corpus/"
chmod -R u+w "$corpus"
echo "corpus: $corpus ($(find "$corpus" -type f | wc -l) inputs, seeded from ${#seeds[@]} files)"

# --- Fuzz ----------------------------------------------------------------------------------------
if [[ -n ${FUZZ_SECONDS:-} ]]; then
    seconds=$FUZZ_SECONDS
else
    seconds=$((105 - (SECONDS - script_start)))
    (( seconds < 10 )) && seconds=10
fi
jobs=${FUZZ_JOBS:-1}
fork=()
(( jobs > 1 )) && fork=(-fork="$jobs")

log=$out/fuzz.log
echo "fuzzing for $seconds s (log: $log)"
before=$(find "$artifacts" -type f | wc -l)
set +e
# Swift's own backtracer would run inside ASan on a trap and confuse the report; libFuzzer's
# handler saves the input instead.
SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0} \
    "$binary" -max_total_time="$seconds" -rss_limit_mb=4096 -max_len=65536 -timeout=10 \
    -dict=Fuzz/json.dict -artifact_prefix="$artifacts/" -print_final_stats=1 "${fork[@]}" "$@" \
    "$corpus" 2>&1 | tee "$log" | grep --line-buffered -E "INITED|DONE|pulse|oom/timeout/crash|Fatal error|FuzzJSON:|runtime failure|ERROR|SUMMARY|Test unit written|Base64:|stat::"
statuses=("${PIPESTATUS[@]}")
set -e
status=${statuses[0]}

stats=$(grep -E "stat::number_of_executed_units|stat::average_exec_per_sec" "$log" | tr -s ' ' | tr '\n' ' ' || true)
echo "fuzz-json exited with $status after $((SECONDS - script_start)) s in total; $stats"
if (( status != 0 )); then
    echo "CRASH: libFuzzer found a failing input. Saved input(s):" >&2
    { grep -E "Test unit written to" "$log" | sed 's/.*Test unit written to //' || true
      find "$artifacts" -type f -newer "$binary" -print || true; } | sort -u | sed 's/^/  /' >&2
    echo "Reproduce: $binary <file>; then add it as a regression test (Fuzz/README.md)." >&2
    exit "$status"
fi
if (( $(find "$artifacts" -type f | wc -l) > before )); then
    echo "CRASH: new files in $artifacts" >&2
    exit 1
fi
echo "no crash found"
