#!/usr/bin/env bash
# Builds the fuzz preset and runs the libFuzzer targets (docs/fuzzing.md), two at a time,
# each for the given time on its checked-in corpus. New inputs go to a scratch corpus in
# build/fuzz/fuzz/corpus/<name>, findings to build/fuzz/fuzz/artifacts/<name>; the
# checked-in fuzz/corpus/<name> is only read. Prints executions, speed, coverage (edges and
# features), corpus (inputs/bytes) and findings per target; fails when any target found
# something.
# Usage: scripts/fuzz.sh [seconds-per-target] [target...]   (default: 600 s, all targets)
set -euo pipefail
cd "$(dirname "$0")/.."

all_targets=(requestguard postbody toolparameters isotime weightedlength pagecursor nextfreeslot)
seconds=${1:-600}
[ $# -gt 0 ] && shift
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=("${all_targets[@]}")
for target in "${targets[@]}"; do
    [[ " ${all_targets[*]} " == *" $target "* ]] || {
        echo "unknown target: $target (one of: ${all_targets[*]})" >&2
        exit 2
    }
done

scripts/install-deps.sh
scripts/build.sh fuzz

bin=build/fuzz/fuzz
mkdir -p "$bin/logs"

dictionary_of() {
    case "$1" in
    requestguard) echo "-dict=fuzz/requestguard.dict" ;;
    postbody | toolparameters) echo "-dict=fuzz/json.dict" ;;
    esac
}

run_target() {
    local name=$1
    mkdir -p "$bin/corpus/$name" "$bin/artifacts/$name"
    # shellcheck disable=SC2046 # the dictionary option is one word or none
    "$bin/fuzz_$name" -max_total_time="$seconds" -timeout=30 -rss_limit_mb=3072 \
        -print_final_stats=1 -artifact_prefix="$bin/artifacts/$name/" $(dictionary_of "$name") \
        "$bin/corpus/$name" "fuzz/corpus/$name" >"$bin/logs/$name.log" 2>&1
}

echo "Fuzzing ${targets[*]} for ${seconds} s each, two at a time; logs in $bin/logs"
started="$bin/logs/.started"
touch "$started"
declare -A pid
running=()
for target in "${targets[@]}"; do
    if [ ${#running[@]} -ge 2 ]; then
        wait "${running[0]}" || true
        running=("${running[@]:1}")
    fi
    run_target "$target" &
    running+=($!)
    pid[$target]=$!
done
declare -A exit_code
for target in "${targets[@]}"; do
    if wait "${pid[$target]}"; then exit_code[$target]=0; else exit_code[$target]=$?; fi
done

stat() { grep -m1 "^stat::$2:" "$bin/logs/$1.log" | awk '{print $2}'; }
printf '%-15s %12s %8s %7s %8s %12s  %s\n' target executions exec/s cov features corpus findings
failed=0
for target in "${targets[@]}"; do
    log="$bin/logs/$target.log"
    # The last status line: "#N DONE cov: C ft: F corp: U/S ...".
    progress=$(grep -E '^#[0-9]+[[:space:]].*cov: ' "$log" | tail -1 || true)
    coverage=$(sed -nE 's/.* cov: ([0-9]+).*/\1/p' <<<"$progress")
    features=$(sed -nE 's/.* ft: ([0-9]+).*/\1/p' <<<"$progress")
    corpus=$(sed -nE 's/.* corp: ([0-9]+\/[0-9a-zA-Z]+).*/\1/p' <<<"$progress")
    findings=$(find "$bin/artifacts/$target" -type f -newer "$started" -printf '%f\n' |
        sort | paste -sd' ' -)
    if [ "${exit_code[$target]}" -ne 0 ] || [ -n "$findings" ]; then
        failed=1
        findings="${findings:-exit ${exit_code[$target]}} (see $log)"
    fi
    printf '%-15s %12s %8s %7s %8s %12s  %s\n' "$target" "$(stat "$target" number_of_executed_units)" \
        "$(stat "$target" average_exec_per_sec)" "${coverage:-?}" "${features:-?}" "${corpus:-?}" \
        "${findings:-none}"
done
exit "$failed"
