#!/usr/bin/env bash
# The rate limit's refusals: one API key sends GET /api/v2/users/me as fast as it can and,
# past its 60 reads a minute, gets 429s. How many a second, against the bare QtHttpServer
# route answering the same 429 (refusing must be cheap); and whether other keys, sending
# at a modest paced rate meanwhile, keep the latency they have alone.
#
#   bench/server-ratelimit.sh [seconds=8] [connections=32] [rounds=3] [others-rate=50]
#                             [options of server-common.sh]
#
# The server runs with the contract's limits (60 reads, 30 writes a minute per key). The
# other keys (100) are used in turn, each far below its limit.
source "$(dirname "$0")/server-common.sh" "$@"

set -- "${args[@]+"${args[@]}"}"
if [ "$short" = 1 ]; then
    duration=${1:-1} connections=${2:-4} rounds=${3:-1} others_rate=${4:-20} other_keys=20
else
    duration=${1:-8} connections=${2:-32} rounds=${3:-3} others_rate=${4:-50} other_keys=100
fi
others_connections=5
read_limit=60

make_project hammer 2 "$work/keys.hammer-both"
head -1 "$work/keys.hammer-both" >"$work/keys.hammer"
tail -1 "$work/keys.hammer-both" >"$work/keys.check"
make_project others "$other_keys" "$work/keys.others"

start_server
api=http://127.0.0.1:$server_port/api/v2

echo "429s for one key at full speed against the bare route's 429; other keys meanwhile"
machine
[ "$short" = 1 ] && echo "(short form: the figures mean nothing, the checks do)"

# Every request of a fresh key beyond the limit is refused, each refusal with Retry-After.
KEYS_FILE=$work/keys.check CHECK=1 wrk -t1 -c"$connections" -d"${duration}s" \
    -s "$requests_lua" "$api/users/me" >"$work/check.out" 2>&1 || fail "wrk: $(cat "$work/check.out")"
accepted=$(awk '$1 == "status" && $2 == "200:" {print $3}' "$work/check.out")
refused=$(awk '$1 == "status" && $2 == "429:" {print $3}' "$work/check.out")
others=$(awk '$1 == "status" && $2 != "200:" && $2 != "429:"' "$work/check.out")
without=$(awk '/^429 without Retry-After/ {print $NF}' "$work/check.out")
echo "one key at full speed for ${duration}s: ${accepted:-0} answered 200, ${refused:-0} refused" \
    "with 429, ${without:-?} of them without a valid Retry-After"
[ "${accepted:-0}" = "$read_limit" ] || fail "$read_limit reads a minute allowed, ${accepted:-0} answered"
[ "${refused:-0}" -gt 0 ] || fail "nothing was refused"
[ -z "$others" ] || fail "other answers: $others"
[ "$without" = 0 ] || fail "$without refusals without a valid Retry-After"

# The bare route answers exactly what slotline-server refuses with.
check_key=$(cut -d' ' -f1 "$work/keys.check")
curl -s -D "$work/refused.head" -o "$work/refused.json" -H "x-api-key: $check_key" "$api/users/me"
grep -q '^HTTP/1.1 429' "$work/refused.head" || fail "no 429: $(cat "$work/refused.head")"
grep -qi '^Retry-After: [1-9]' "$work/refused.head" || fail "no Retry-After: $(cat "$work/refused.head")"
start_bare --route "GET /api/v2/users/me 429 $work/refused.json"

# The other keys alone, paced.
paced_others() {
    PACE_MS=$(awk -v c="$others_connections" -v r="$others_rate" 'BEGIN { print c * 1000 / r }') \
        run_wrk "$work/keys.others" "$api/users/me" -t1 -c"$others_connections" -d"${duration}s"
}
alone=$(paced_others)
read -r _ _ _ non2xx _ errors _ <<<"$alone"
[ "$non2xx" = 0 ] && [ "$errors" = 0 ] || fail "the other keys alone: $non2xx errors, $errors socket errors"

compare_rounds hammer "$work/keys.hammer" "http://127.0.0.1:$bare_port/api/v2/users/me" \
    "$api/users/me" "$rounds" -t1 -c"$connections" -d"${duration}s"

# The other keys while the hammering goes on.
KEYS_FILE=$work/keys.hammer wrk -t1 -c"$connections" -d"$((duration + 1))s" -s "$requests_lua" \
    "$api/users/me" >"$work/during-hammer.out" 2>&1 &
hammer_pid=$!
sleep 0.5
during=$(paced_others)
wait "$hammer_pid" || fail "wrk: $(cat "$work/during-hammer.out")"
read -r _ _ _ non2xx _ errors _ <<<"$during"
[ "$non2xx" = 0 ] && [ "$errors" = 0 ] || fail "the other keys during the hammering: $non2xx errors, $errors socket errors"
hammer_during=$(awk '/Requests\/sec/ {print $2}' "$work/during-hammer.out")

echo "GET /api/v2/users/me with one key, refused (429): $connections connections, $rounds rounds" \
    "of ${duration}s by turns (medians)"
print_runs "bare route's 429" "$work/hammer.bare"
print_runs "slotline-server's 429" "$work/hammer.full"
awk -v f="$full_rps" -v b="$bare_rps" -v fc="$full_cpu" -v bc="$bare_cpu" 'BEGIN {
    printf "  ratio %.2f (target 0.80 or more); by CPU time per request %.2f\n", f / b, (fc > 0) ? bc / fc : 0
}'
echo "the other $other_keys keys at about $others_rate req/s ($others_connections connections, paced)"
for run in alone during; do
    read -r rate p50 p99 _ <<<"${!run}"
    printf '  %-28s %6.1f req/s  p50 %6.0f us  p99 %6.0f us\n' \
        "$([ "$run" = alone ] && echo alone || echo "during the hammering")" "$rate" "$p50" "$p99"
done
printf '  (the hammering key meanwhile: %.0f req/s)\n' "$hammer_during"
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
