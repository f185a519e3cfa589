#!/usr/bin/env bash
# slotline-server's resident memory idle, with many idle connections open and with as many
# busy ones; then whether it copes with the open file limits it may be started with.
#
#   bench/server-connections.sh [connections=1000] [seconds=5] [options of server-common.sh]
#
# Idle connections: bench/hold-connections.py opens them, sends one GET /users/me on each
# and keeps them open. Busy ones: wrk with as many connections. File limits: the server
# is started (a) with a soft limit of 1024 (Debian's default) under the hard limit this
# shell has, then (b) with 1024 as the hard limit too, and more connections than that
# are opened each time.
source "$(dirname "$0")/server-common.sh" "$@"

set -- "${args[@]+"${args[@]}"}"
if [ "$short" = 1 ]; then
    count=${1:-50} duration=${2:-1} low_limit=64 beyond=100
else
    count=${1:-1000} duration=${2:-5} low_limit=1024 beyond=1500
fi
holder=bench/hold-connections.py

make_project conn 1 "$work/keys.conn"
key=$(cut -d' ' -f1 "$work/keys.conn")

# Holds COUNT connections to PORT; prints the holder's first line, runs the command
# given while they are open, then prints its last line.
#   hold PORT COUNT COMMAND...
hold() {
    local port=$1 count=$2 opened closed
    shift 2
    coproc HOLDER { python3 "$holder" "$port" "$count" "$key"; }
    read -r opened <&"${HOLDER[0]}"
    echo "$opened"
    "$@"
    echo >&"${HOLDER[1]}"
    read -r closed <&"${HOLDER[0]}"
    echo "$closed"
    wait "$HOLDER_PID" 2>/dev/null || true
}
answered_200() { awk '{ for (i = 1; i < NF; ++i) if ($i == "answered-200") print $(i + 1) }' <<<"$1"; }
unanswered() { awk '{ for (i = 1; i < NF; ++i) if ($i == "no-answer") print $(i + 1) }' <<<"$1"; }

echo "slotline-server's memory and connections"
machine
echo "open file limit of this shell: soft $(ulimit -Sn), hard $(ulimit -Hn)"
[ "$short" = 1 ] && echo "(short form: the figures mean nothing, the checks do)"

start_server --read-limit 100000000
sleep 1
idle_rss=$(rss_kib "$server_pid")
echo "idle: RSS $(mib "$idle_rss") MiB (target under 30)"

measure_held() { sleep 1; held_rss=$(rss_kib "$server_pid"); }
hold "$server_port" "$count" measure_held >"$work/hold.out"
result=$(cat "$work/hold.out")
echo "$count idle connections (one request each): ${result%%$'\n'*}"
echo "  RSS $(mib "$held_rss") MiB while they are open"
[ "$(answered_200 "$result")" = "$count" ] || fail "not every connection was answered 200: $result"

reset_peak "$server_pid"
result=$(run_wrk "$work/keys.conn" "http://127.0.0.1:$server_port/api/v2/users/me" \
    -t2 -c"$count" -d"${duration}s" --timeout 10s)
read -r rate _ p99 non2xx _ errors _ <<<"$result"
busy_peak=$(peak_kib "$server_pid")
printf '%d busy connections (wrk, %ss): %.0f req/s, p99 %.0f us, %d errors, %d socket errors\n' \
    "$count" "$duration" "$rate" "$p99" "$non2xx" "$errors"
echo "  RSS peak $(mib "$busy_peak") MiB (target under 150), after: $(mib "$(rss_kib "$server_pid")") MiB"
[ "$non2xx" = 0 ] && [ "$errors" = 0 ] || fail "errors under $count busy connections"
stop "$server_pid"

# Starts the server with the given soft and hard open file limits.
start_limited() {
    local soft=$1 hard=$2 log=$work/limited.$1.$2.log
    (
        ulimit -S -n "$soft"
        ulimit -H -n "$hard"
        exec "$server" serve --data "$work/data" --listen 127.0.0.1:0 --read-limit 100000000
    ) >"$log" 2>&1 &
    server_pid=$!
    started_pids+=("$server_pid")
    server_port=$(port_of "$log")
    server_log=$log
}
server_files() { awk '/^Max open files/ { print "soft " $4 ", hard " $5 }' "/proc/$server_pid/limits"; }

hard=$(ulimit -Hn)
start_limited "$low_limit" "$hard"
echo "(a) started with a soft limit of $low_limit, hard $hard: the server's limits are now" \
    "$(server_files)"
hold "$server_port" "$beyond" true >"$work/hold.out"
result=$(cat "$work/hold.out")
echo "  $beyond idle connections: ${result%%$'\n'*}"
[ "$(answered_200 "$result")" = "$beyond" ] \
    || fail "with a soft limit of $low_limit, not all $beyond connections were served: $result"
stop "$server_pid"

if [ "$hard" -ge "$low_limit" ]; then
    start_limited "$low_limit" "$low_limit"
    echo "(b) started with $low_limit as the hard limit too: the server's limits are $(server_files)"
    busy_while_held() {
        local before
        before=$(cpu_ticks "$server_pid")
        sleep 2
        held_cpu=$(awk -v t=$(($(cpu_ticks "$server_pid") - before)) -v hz="$(getconf CLK_TCK)" \
            'BEGIN { printf "%.0f", 100 * t / hz / 2 }')
    }
    hold "$server_port" "$beyond" busy_while_held >"$work/hold.out"
    result=$(cat "$work/hold.out")
    echo "  $beyond idle connections: ${result%%$'\n'*}"
    echo "  then: ${result##*$'\n'}; CPU while they were held: ${held_cpu}% of a core"
    grep -i "limit" "$server_log" | sed 's/^/  server: /' || true
    status=$(curl -s -o /dev/null -w '%{http_code}' -m 10 -H "x-api-key: $key" \
        "http://127.0.0.1:$server_port/api/v2/users/me" || true)
    echo "  a new request afterwards: $status"
    if [ "$(unanswered "$result")" != 0 ] || [ "$status" != 200 ]; then
        echo "  PROBLEM: connections beyond the open file limit went unanswered"
    fi
    stop "$server_pid"
fi
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
