#!/usr/bin/env bash
# Anchors: KeyValueMapping against serde_json (Rust) and simdjson (C++) on the same JSON files,
# on this machine. Optional, not part of the Swift package; see Benchmarks/anchors/README.md.
#
#   bash Benchmarks/anchors/run.sh [--rounds N] [--seconds S] [--only twitter,citm,...]
#                                  [--no-callgrind] [--serde-default-floats]
#
# Builds serde_json offline against Debian's crate directory and simdjson against Debian's
# library, all under .build-anchors/; checks serde's decode → encode → decode on every file;
# then times the candidates interleaved, round by round (ours, serde, simdjson, ours, …), so
# machine load hits all alike, and prints the median of the rounds. With callgrind (the
# default), it also counts instructions per call: each program run with the body once and
# 1 + STEP times, the difference divided by STEP (as Benchmarks/callgrind.sh does for ours).
#
# Ours is the Swift benchmark binary: $ANCHORS_SWIFT_BINARY, or else
# `swift build -c release --product Benchmarks` from the repository root.
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
anchors=$root/Benchmarks/anchors
data=$root/Benchmarks/Data
build=$root/.build-anchors
registry=${ANCHORS_CARGO_REGISTRY:-/usr/share/cargo/registry}
# Ours hashes deterministically, as Benchmarks/callgrind.sh runs it (valgrind does not follow
# `env`, so it is exported here for every run).
export SWIFT_DETERMINISTIC_HASHING=1

rounds=5
seconds=1
callgrind=1
step=3
exact_floats=1
only=twitter,citm,canada,github-issues

usage() { sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; }
while (($#)); do
    case $1 in
        --rounds) rounds=${2:?--rounds needs a count}; shift ;;
        --seconds) seconds=${2:?--seconds needs a duration}; shift ;;
        --only) only=${2:?--only needs workloads}; shift ;;
        --callgrind) callgrind=1 ;;
        --no-callgrind) callgrind=0 ;;
        --serde-default-floats) exact_floats=0 ;;
        -h|--help) usage; exit 0 ;;
        *) echo "run.sh: unknown argument $1 (try --help)" >&2; exit 2 ;;
    esac
    shift
done

# Workloads: name and input file.
declare -A input
input[twitter]=$data/twitter.json
input[citm]=$data/citm_catalog.json
input[canada]=$data/canada.json
input[github-issues]=$build/data/github-issues.json   # joined below
workloads=()
for workload in ${only//,/ }; do
    [[ -n ${input[$workload]:-} ]] || { echo "run.sh: unknown workload $workload (twitter, citm, canada, github-issues)" >&2; exit 2; }
    workloads+=("$workload")
done

# ---- prerequisites ------------------------------------------------------------------------
missing=()
command -v cargo >/dev/null || missing+=("cargo (Rust)")
command -v rustc >/dev/null || missing+=("rustc (Rust)")
cxx=${CXX:-g++}
command -v "$cxx" >/dev/null || missing+=("$cxx (C++ compiler)")
for crate in serde serde_derive serde_json; do
    compgen -G "$registry/$crate-1.*" >/dev/null || missing+=("the $crate crate in $registry")
done
if command -v "$cxx" >/dev/null && ! echo '#include <simdjson.h>' | "$cxx" -std=c++17 -E -x c++ - >/dev/null 2>&1; then
    missing+=("simdjson.h (simdjson development files)")
fi
((callgrind == 0)) || command -v valgrind >/dev/null || missing+=("valgrind (or pass --no-callgrind)")
if [[ -z ${ANCHORS_SWIFT_BINARY:-} ]] && ! command -v swift >/dev/null; then
    missing+=("swift (or set ANCHORS_SWIFT_BINARY to a release build of the Benchmarks product)")
fi
if ((${#missing[@]})); then
    echo "run.sh: missing prerequisites:" >&2
    printf '  - %s\n' "${missing[@]}" >&2
    echo "On Debian or Ubuntu:" >&2
    echo "  sudo apt-get install cargo g++ valgrind libsimdjson-dev librust-serde-dev librust-serde-derive-dev librust-serde-json-dev" >&2
    exit 2
fi

started=$SECONDS
mkdir -p "$build/data" "$build/tmp"
tmp=$build/tmp

# ---- build --------------------------------------------------------------------------------
# serde: a copy of the crate under .build-anchors (cargo would rewrite a Cargo.lock it cannot
# use in place), an own CARGO_HOME that replaces crates.io with Debian's directory, offline.
echo "building the serde_json anchor (offline, crates from $registry)…"
cargo_home=$build/cargo-home
mkdir -p "$cargo_home"
cat >"$cargo_home/config.toml" <<EOF
[source.crates-io]
replace-with = "debian"

[source.debian]
directory = "$registry"

[net]
offline = true
EOF
serde_src=$build/serde-src
rm -rf "$serde_src/src"
mkdir -p "$serde_src"
cp -p "$anchors/serde/Cargo.toml" "$anchors/serde/Cargo.lock" "$serde_src/"
cp -pR "$anchors/serde/src" "$serde_src/src"
features=(); target=$build/serde-target
((exact_floats)) || { features=(--no-default-features); target=$build/serde-target-default-floats; }
cargo_build() {
    CARGO_HOME=$cargo_home cargo build --quiet --release --offline "${features[@]}" "$@" \
        --manifest-path "$serde_src/Cargo.toml" --target-dir "$target"
}
if ! cargo_build --locked 2>"$tmp/cargo.log"; then
    echo "  Cargo.lock does not match the installed crates (or the build failed); building with the installed versions:"
    rm -f "$serde_src/Cargo.lock"
    cargo_build || { cat "$tmp/cargo.log" >&2; exit 1; }
fi
serde=$target/release/anchors-serde
serde_version=$(sed -n '/^name = "serde_json"/{n;s/^version = "\(.*\)"/\1/p}' "$serde_src/Cargo.lock")

echo "building the simdjson anchor…"
simdjson=$build/anchors-simdjson
if [[ ! -x $simdjson || $anchors/simdjson/parse.cpp -nt $simdjson ]]; then
    "$cxx" -std=c++17 -O2 -DNDEBUG -o "$simdjson" "$anchors/simdjson/parse.cpp" -lsimdjson
fi

if [[ -n ${ANCHORS_SWIFT_BINARY:-} ]]; then
    ours=$ANCHORS_SWIFT_BINARY
    [[ -x $ours ]] || { echo "run.sh: ANCHORS_SWIFT_BINARY=$ours is not an executable" >&2; exit 2; }
else
    echo "building ours (swift build -c release --product Benchmarks)…"
    (cd "$root" && swift build -c release --product Benchmarks)
    ours=$(cd "$root" && swift build -c release --show-bin-path)/Benchmarks
fi
# A snapshot of ours with its resource bundle, so a rebuild during the run cannot mix two builds.
rm -rf "$build/ours"
mkdir -p "$build/ours"
cp -p "$ours" "$build/ours/"
for resources in "$(dirname "$ours")"/*.resources "$(dirname "$ours")"/*.bundle; do
    if [[ -e $resources ]]; then cp -pR "$resources" "$build/ours/"; fi
done
ours_source=$ours
ours=$build/ours/$(basename "$ours")

# The github-issues workload reads both pages joined, byte for byte, as the Swift suite does.
"$serde" join "${input[github-issues]}" "$data/github/issues.json" "$data/github/paginate-issues.json"

# ---- helpers --------------------------------------------------------------------------------
ops=(decode encode parse)
ours_label() { # WORKLOAD OP → the Swift --repeat label
    case $2 in
        decode) echo "$1/decode-bytes/KeyValueMapping" ;;
        encode) echo "$1/encode-bytes/KeyValueMapping" ;;
        parse) echo "$1/parse/JSONValue" ;;
    esac
}
ours_run() { # WORKLOAD OP COUNT: run ours' body COUNT times
    local workload=$1 op=$2 count=$3
    "$ours" --quick --filter "$workload" --repeat "$(ours_label "$workload" "$op")" "$count"
}
cpu_time() { # COMMAND…: user + sys seconds of COMMAND; its stdout is left in $tmp/out
    local TIMEFORMAT='%3U %3S' times
    if ! times=$( { time "$@" >"$tmp/out" 2>"$tmp/err"; } 2>&1 ); then
        echo "run.sh: failed: $*" >&2
        cat "$tmp/err" >&2
        exit 1
    fi
    awk '{ printf "%.3f\n", $1 + $2 }' <<<"$times"
}
checksum_of() { sed -n 's/.*checksum \([0-9]*\).*/\1/p' "$tmp/out"; }
calc() { awk "BEGIN { $1 }"; }
median() { tr ' ' '\n' | grep . | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
grouped() { sed -e :a -e 's/\([0-9]\)\([0-9]\{3\}\)\($\|,\)/\1,\2\3/;ta' <<<"$1"; }
export LC_NUMERIC=C

# ---- verification -------------------------------------------------------------------------
echo
echo "verifying (decode → encode → decode with serde, one call of every body of ours and simdjson)…"
declare -A size checksum
for workload in "${workloads[@]}"; do
    size[$workload]=$(wc -c <"${input[$workload]}")
    line=$("$serde" check "$workload" "${input[$workload]}") || {
        echo "run.sh: serde_json failed on $workload (models in Benchmarks/anchors/serde/src/models.rs)" >&2
        exit 1
    }
    serde_sum=$(sed -n 's/^checksum=\([0-9]*\).*/\1/p' <<<"$line")
    encoded=$(sed -n 's/.*encoded_bytes=\([0-9]*\).*/\1/p' <<<"$line")
    cpu_time ours_run "$workload" decode 1 >/dev/null
    ours_sum=$(checksum_of)
    cpu_time ours_run "$workload" encode 1 >/dev/null
    ours_encoded=$(checksum_of)
    [[ $line == *roundtrip=equal* ]] && same="reads back equal" || same="READS BACK DIFFERENT (floats?)"
    printf '  %-14s %9s bytes: serde encodes %s bytes and %s; ours %s bytes' \
        "$workload" "$(grouped "${size[$workload]}")" "$(grouped "$encoded")" "$same" "$(grouped "$ours_encoded")"
    if [[ $serde_sum == "$ours_sum" ]]; then
        echo "; both decode $serde_sum top-level objects"
    else
        echo "; WARNING: objects decoded differ (serde $serde_sum, ours $ours_sum)"
    fi
    "$simdjson" repeat "${input[$workload]}" 1 >/dev/null
done

# ---- calibration: how many extra calls make ours' difference last about $seconds -----------
echo
echo "calibrating ours' repeat counts…"
declare -A extra
for op in "${ops[@]}"; do
    for workload in "${workloads[@]}"; do
        once=$(cpu_time ours_run "$workload" "$op" 1)
        probe=8
        while :; do
            more=$(cpu_time ours_run "$workload" "$op" $((1 + probe)))
            difference=$(calc "print $more - $once")
            if calc "exit !($difference >= 0.1 || $probe >= 100000)"; then break; fi
            probe=$((probe * 4))
        done
        extra[$workload/$op]=$(calc "d = $difference; if (d < 0.001) d = 0.001; k = int($probe * $seconds / d) + 1; print (k < 2 ? 2 : k)")
    done
done

# ---- timing -------------------------------------------------------------------------------
declare -A samples
echo
echo "timing: $rounds rounds, about $seconds s per candidate and file in each…"
for ((round = 1; round <= rounds; round++)); do
    printf '  round %d/%d…\n' "$round" "$rounds"
    for op in "${ops[@]}"; do
        for workload in "${workloads[@]}"; do
            file=${input[$workload]}
            k=${extra[$workload/$op]}
            once=$(cpu_time ours_run "$workload" "$op" 1)
            more=$(cpu_time ours_run "$workload" "$op" $((1 + k)))
            samples[ours/$op/$workload]+=" $(calc "print ($more - $once) / $k * 1e9")"
            "$serde" time "$op" "$workload" "$file" "$seconds" >"$tmp/out"
            samples[serde/$op/$workload]+=" $(sed -n 's/^ns=\([0-9.]*\).*/\1/p' "$tmp/out")"
            if [[ $op == parse ]]; then
                "$simdjson" time "$file" "$seconds" >"$tmp/out"
                samples[simdjson/$op/$workload]+=" $(sed -n 's/^ns=\([0-9.]*\).*/\1/p' "$tmp/out")"
            fi
        done
    done
done
{
    printf 'candidate\toperation\tworkload\tns per call, each round\n'
    for key in "${!samples[@]}"; do printf '%s\t%s\n' "${key//\//$'\t'}" "${samples[$key]# }"; done | sort
} >"$build/last-run.tsv"

# ---- instruction counts -------------------------------------------------------------------
declare -A instructions
if ((callgrind)); then
    jobs=$(nproc 2>/dev/null || echo 1)
    echo
    echo "counting instructions with callgrind ($jobs at a time; each count is (runs of 1 + $step) − (1 run), ÷ $step)…"
    mkdir -p "$tmp/callgrind"
    rm -f "$tmp/callgrind"/*
    grind() { # NAME COUNT COMMAND…: callgrind's total for COMMAND into $tmp/callgrind/NAME.COUNT
        local name=$1 count=$2
        shift 2
        valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>"$tmp/callgrind/$name.$count.log" >/dev/null || true
        sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$tmp/callgrind/$name.$count.log" >"$tmp/callgrind/$name.$count"
        [[ -s $tmp/callgrind/$name.$count ]] || echo "  callgrind failed: $* (see $tmp/callgrind/$name.$count.log)" >&2
    }
    queue=()
    for op in "${ops[@]}"; do
        for workload in "${workloads[@]}"; do
            file=${input[$workload]}
            for count in 1 $((1 + step)); do
                queue+=("ours_${op}_$workload|$count|$ours --quick --filter $workload --repeat $(ours_label "$workload" "$op") $count")
                queue+=("serde_${op}_$workload|$count|$serde repeat $op $workload $file $count")
                [[ $op != parse ]] || queue+=("simdjson_${op}_$workload|$count|$simdjson repeat $file $count")
            done
        done
    done
    running=0
    for job in "${queue[@]}"; do
        IFS='|' read -r name count command <<<"$job"
        # shellcheck disable=SC2086 # paths under the repository, no spaces expected
        grind "$name" "$count" $command &
        if ((++running >= jobs)); then wait -n; ((running--)); fi
    done
    wait
    for candidate in ours serde simdjson; do
        for op in "${ops[@]}"; do
            for workload in "${workloads[@]}"; do
                name=${candidate}_${op}_$workload
                [[ -s $tmp/callgrind/$name.1 && -s $tmp/callgrind/$name.$((1 + step)) ]] || continue
                instructions[$candidate/$op/$workload]=$(calc "printf \"%.0f\", ($(cat "$tmp/callgrind/$name.$((1 + step))") - $(cat "$tmp/callgrind/$name.1")) / $step")
            done
        done
    done
    simdjson_grind=$(valgrind --tool=none "$simdjson" info 2>/dev/null)
fi

# ---- report -------------------------------------------------------------------------------
mbps() { # CANDIDATE OP WORKLOAD → MB/s of the input file, or "—"
    local values=${samples[$1/$2/$3]:-}
    [[ -n $values ]] || { echo "—"; return; }
    calc "printf \"%.1f\", ${size[$3]} / $(median <<<"$values") * 1e3"
}
ratio() { # CANDIDATE OP WORKLOAD → CANDIDATE's median time ÷ ours
    local theirs=${samples[$1/$2/$3]:-} mine=${samples[ours/$2/$3]:-}
    [[ -n $theirs && -n $mine ]] || { echo "—"; return; }
    calc "printf \"%.2f×\", $(median <<<"$theirs") / $(median <<<"$mine")"
}
count() { local value=${instructions[$1/$2/$3]:-}; [[ -n $value ]] && grouped "$value" || echo "—"; }
count_ratio() {
    local theirs=${instructions[$1/$2/$3]:-} mine=${instructions[ours/$2/$3]:-}
    [[ -n $theirs && -n $mine ]] || { echo "—"; return; }
    calc "printf \"%.2f×\", $theirs / $mine"
}

echo
echo "KeyValueMapping anchors: $(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | sed 's/.*: //'), $(nproc 2>/dev/null) cores"
echo "  ours:     $ours_source (run from a copy in $build/ours)"
echo "  serde:    serde_json $serde_version, $(rustc --version), $( ((exact_floats)) && echo "float_roundtrip (exact floats)" || echo "default features (approximate float parsing)")"
echo "  simdjson: $("$simdjson" info)${simdjson_grind:+; under valgrind: ${simdjson_grind#*, }}"
echo "  median of $rounds rounds, thread/process CPU time; MB/s = input file bytes ÷ time, for every"
echo "  operation (encode too, so the rows compare); ×: the other's time ÷ ours (≥ 1: ours is faster)"
titles=(
    "decode: JSON bytes → typed models (ours: decode-bytes; serde: from_slice into structs)"
    "encode: typed models → JSON bytes (ours: encode-bytes; serde: to_vec)"
    "parse only: JSON bytes → generic tree (ours: JSONValue; serde: Value; simdjson: dom::parser)"
)
for index in 0 1 2; do
    op=${ops[$index]}
    echo
    echo "== ${titles[$index]} =="
    if [[ $op == parse ]]; then
        printf '%-14s %10s %10s %10s %10s %11s %13s' workload bytes "ours MB/s" "serde MB/s" "simd MB/s" "serde÷ours" "simdjson÷ours"
        ((callgrind)) && printf ' %14s %14s %14s %11s' "ours instr" "serde instr" "simd instr" "serde÷ours"
        echo
        for workload in "${workloads[@]}"; do
            printf '%-14s %10s %10s %10s %10s %11s %13s' "$workload" "$(grouped "${size[$workload]}")" \
                "$(mbps ours parse "$workload")" "$(mbps serde parse "$workload")" "$(mbps simdjson parse "$workload")" \
                "$(ratio serde parse "$workload")" "$(ratio simdjson parse "$workload")"
            ((callgrind)) && printf ' %14s %14s %14s %11s' "$(count ours parse "$workload")" "$(count serde parse "$workload")" \
                "$(count simdjson parse "$workload")" "$(count_ratio serde parse "$workload")"
            echo
        done
    else
        printf '%-14s %10s %10s %10s %11s' workload bytes "ours MB/s" "serde MB/s" "serde÷ours"
        ((callgrind)) && printf ' %14s %14s %11s' "ours instr" "serde instr" "serde÷ours"
        echo
        for workload in "${workloads[@]}"; do
            printf '%-14s %10s %10s %10s %11s' "$workload" "$(grouped "${size[$workload]}")" \
                "$(mbps ours "$op" "$workload")" "$(mbps serde "$op" "$workload")" "$(ratio serde "$op" "$workload")"
            ((callgrind)) && printf ' %14s %14s %11s' "$(count ours "$op" "$workload")" "$(count serde "$op" "$workload")" \
                "$(count_ratio serde "$op" "$workload")"
            echo
        done
    fi
done
echo
if ((callgrind)); then echo "instr: instructions per call, counted by callgrind; simdjson runs its valgrind-visible kernel there (see above)"; fi
echo "Every round's figure: $build/last-run.tsv. Took $((SECONDS - started)) s."
