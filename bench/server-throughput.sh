#!/usr/bin/env bash
# Throughput and latency of GET /api/v2/users/me through the whole server (guard, auth,
# rate limit, call log) against a bare QtHttpServer route, measured in the same run.
#
#   bench/server-throughput.sh [seconds-per-run] [connections] [rounds]
#
# The two servers are measured alternately, round after round, and compared by their
# medians: a shared machine's noise then hits both alike.
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${1:-8}
connections=${2:-32}
rounds=${3:-3}

scripts/install-deps.sh wrk
scripts/build.sh release

server=build/release/src/serverapp/slotline-server
bare=build/release/bench/bench_bare_server
work=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$work"' EXIT

rss_kib() { awk '/VmRSS/ {print $2}' "/proc/$1/status"; }
port_of() { # waits for "listening on http://127.0.0.1:PORT" in a log file
    for _ in $(seq 100); do
        port=$(grep -o '127.0.0.1:[0-9]*' "$1" 2>/dev/null | head -1 | cut -d: -f2)
        [ -n "$port" ] && { echo "$port"; return; }
        sleep 0.1
    done
    echo "server did not start: $(cat "$1")" >&2
    exit 1
}
run_wrk() { # url -> "requests/s p50 p99"
    KEYS_FILE="$work/keys" wrk -t1 -c"$connections" -d"${duration}s" --latency \
        -s bench/rotate-keys.lua "$1" > "$work/wrk.out"
    rps=$(awk '/Requests\/sec/ {print $2}' "$work/wrk.out")
    p50=$(awk '$1 == "50%" {print $2}' "$work/wrk.out")
    p99=$(awk '$1 == "99%" {print $2}' "$work/wrk.out")
    non2xx=$(awk '/Non-2xx/ {print $NF}' "$work/wrk.out")
    echo "$rps $p50 $p99 ${non2xx:-0}"
}

# 50 keys spread over 5 projects, limits raised so every request is served.
for p in 1 2 3 4 5; do
    "$server" projects create --data "$work/data" --name "bench-$p" >/dev/null 2>&1
    for k in $(seq 10); do
        "$server" keys create --data "$work/data" --project "bench-$p" --json 2>/dev/null \
            | awk -F'"' '/"key":/ {print $4}' >> "$work/keys"
    done
done

"$server" serve --data "$work/data" --listen 127.0.0.1:0 --read-limit 100000000 \
    --write-limit 100000000 > "$work/server.log" 2>&1 &
server_pid=$!
server_port=$(port_of "$work/server.log")
sleep 1
idle_rss=$(rss_kib $server_pid)

"$bare" > "$work/bare.log" 2>&1 &
bare_pid=$!
bare_port=$(port_of "$work/bare.log")

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# Warm up both, then alternate.
KEYS_FILE="$work/keys" wrk -t1 -c"$connections" -d2s -s bench/rotate-keys.lua "http://127.0.0.1:$bare_port/api/v2/users/me" >/dev/null
KEYS_FILE="$work/keys" wrk -t1 -c"$connections" -d2s -s bench/rotate-keys.lua "http://127.0.0.1:$server_port/api/v2/users/me" >/dev/null
: > "$work/bare.runs"
: > "$work/full.runs"
for round in $(seq "$rounds"); do
    run_wrk "http://127.0.0.1:$bare_port/api/v2/users/me" >> "$work/bare.runs"
    run_wrk "http://127.0.0.1:$server_port/api/v2/users/me" >> "$work/full.runs"
done
loaded_rss=$(rss_kib $server_pid)

# One column of the runs, latencies in microseconds (wrk prints us, ms or s).
column() {
    awk -v c="$2" '{ v = $c
        if (v ~ /us$/) { sub(/us$/, "", v); v = v + 0 }
        else if (v ~ /ms$/) { sub(/ms$/, "", v); v = v * 1000 }
        else if (v ~ /s$/) { sub(/s$/, "", v); v = v * 1000000 }
        print v }' "$1" | median
}
bare_rps=$(column "$work/bare.runs" 1)
full_rps=$(column "$work/full.runs" 1)
echo "GET /api/v2/users/me, $connections connections, $rounds rounds of ${duration}s, $(nproc) cores (medians)"
printf '  %-24s %9.0f req/s   p50 %6.0f us   p99 %6.0f us   runs: %s\n' "bare QtHttpServer route" "$bare_rps" \
    "$(column "$work/bare.runs" 2)" "$(column "$work/bare.runs" 3)" "$(awk '{ printf "%s ", $1 }' "$work/bare.runs")"
printf '  %-24s %9.0f req/s   p50 %6.0f us   p99 %6.0f us   runs: %s\n' "slotline-server" "$full_rps" \
    "$(column "$work/full.runs" 2)" "$(column "$work/full.runs" 3)" "$(awk '{ printf "%s ", $1 }' "$work/full.runs")"
echo "  non-2xx answers from slotline-server: $(awk '{ s += $4 } END { print s }' "$work/full.runs")"
awk -v full="$full_rps" -v bare="$bare_rps" 'BEGIN { printf "  ratio full/bare: %.2f (target 0.60 or more)\n", full / bare }'
echo "  server RSS idle: $((idle_rss / 1024)) MiB (target under 30), after load: $((loaded_rss / 1024)) MiB"
