#!/usr/bin/env bash
# Latency of slotline-server at half its peak rate: for each request scenario (see
# server-throughput.sh) the peak is measured first, then a paced load at half of it
# (each connection waits between an answer and its next request: wrk's delay() hook),
# and the rate actually achieved is printed with the p50 and p99 latency.
#
#   bench/server-latency.sh [seconds=10] [connections=32] [--scenarios me,posts,create,tool]
#                           [options of server-common.sh]
#
# Short paced runs first calibrate the wait (corrected by the rate each reached), so the
# measured run lands near half the peak. The waits are drawn at random (exponentially
# distributed), so the connections send independently, not in bursts. wrk is a closed
# loop: a request that is late delays the next one of its connection, so the percentiles
# hold for the rate reached, which is printed.
source "$(dirname "$0")/server-common.sh" "$@"

positional=("${args[@]+"${args[@]}"}")
if [ "$short" = 1 ]; then
    duration=${positional[0]:-1} connections=${positional[1]:-4} calibration=1
else
    duration=${positional[0]:-10} connections=${positional[1]:-32} calibration=3
fi

setup_request_data
start_server --read-limit 100000000 --write-limit 100000000
api=http://127.0.0.1:$server_port/api/v2
start_bare_for_scenarios

echo "slotline-server at half its peak rate: the peak with $connections connections, one wrk" \
    "thread, ${duration}s runs"
machine
[ "$short" = 1 ] && echo "(short form: the figures mean nothing, the checks do)"
for name in ${scenarios//,/ }; do
    scenario "$name"
    export BENCH_METHOD=$method BENCH_BODY=$body
    result=$(run_wrk "$keys" "$api$path" -t1 -c"$connections" -d"${duration}s")
    read -r peak peak_p50 peak_p99 non2xx _ errors _ <<<"$result"
    [ "$non2xx" = 0 ] && [ "$errors" = 0 ] || fail "$method $path at the peak: $non2xx errors, $errors socket errors"
    target=$(awk -v p="$peak" 'BEGIN { print p / 2 }')

    # Enough connections for each to wait about 20 ms between requests on average: the
    # sum of many independent, mostly waiting connections is what many clients look like
    # (with few connections and short waits, a late answer holds the next request back,
    # and the load is that of a few clients sending as fast as they can).
    paced=$(awk -v c="$connections" -v t="$target" 'BEGIN { n = int(t * 0.02 + 0.5); print (n > c) ? n : c }')
    # Each connection's cycle is its wait plus a request's time: wait = cycle - request.
    # The request's time is not known beforehand; short runs correct the wait by the
    # cycle they reached, until the rate is within 10% of the target (four at most).
    cycle_ms=$(awk -v c="$paced" -v t="$target" 'BEGIN { print c * 1000 / t }')
    pace=$(awk -v cycle="$cycle_ms" -v p="$peak" 'BEGIN { w = cycle - 1000 / p; print (w > 0) ? w : 0 }')
    for _ in 1 2 3 4; do
        result=$(PACE_MS=$pace run_wrk "$keys" "$api$path" -t1 -c"$paced" -d"${calibration}s")
        read -r reached _ <<<"$result"
        awk -v r="$reached" -v t="$target" 'BEGIN { exit (r > 0.9 * t && r < 1.1 * t) ? 0 : 1 }' && break
        pace=$(awk -v cycle="$cycle_ms" -v pace="$pace" -v c="$paced" -v r="$reached" \
            'BEGIN { w = pace + cycle - c * 1000 / r; print (w > 0) ? w : 0 }')
    done
    result=$(PACE_MS=$pace run_wrk "$keys" "$api$path" -t1 -c"$paced" -d"${duration}s")
    read -r rate p50 p99 non2xx _ errors _ <<<"$result"
    [ "$non2xx" = 0 ] && [ "$errors" = 0 ] || fail "$method $path paced: $non2xx errors, $errors socket errors"
    # The bare route at the same pace, right after: what the machine alone does to latency.
    result=$(PACE_MS=$pace run_wrk "$keys" "$bare_api$path" -t1 -c"$paced" -d"${duration}s")
    read -r bare_rate bare_p50 bare_p99 _ <<<"$result"
    unset BENCH_METHOD BENCH_BODY

    echo "$method $path"
    printf '  peak             %7.0f req/s  p50 %6.0f us  p99 %6.0f us\n' "$peak" "$peak_p50" "$peak_p99"
    printf '  half the peak    %7.0f req/s  p50 %6.0f us  p99 %6.0f us  (asked %.0f req/s: %d connections, waits of %.1f ms)\n' \
        "$rate" "$p50" "$p99" "$target" "$paced" "$pace"
    printf '  the bare route   %7.0f req/s  p50 %6.0f us  p99 %6.0f us  (the same pace)\n' \
        "$bare_rate" "$bare_p50" "$bare_p99"
    awk -v r="$rate" -v t="$target" -v p99="$p99" 'BEGIN {
        printf "  reached %.0f%% of the rate asked; p99 %s 10 ms (target under 10 ms)\n",
            100 * r / t, (p99 < 10000) ? "under" : "over"
    }'
done
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
