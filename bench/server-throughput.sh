#!/usr/bin/env bash
# Throughput and latency of slotline-server's whole path (guard, authentication, rate
# limit, handler, call log) against a bare QtHttpServer route with an answer of the same
# size, measured in the same run, for four requests:
#   me      GET /api/v2/users/me
#   posts   GET /api/v2/posts?limit=50, in a project holding 10,000 posts
#   create  POST /api/v2/posts (scheduled posts); the acknowledged posts are checked
#           against what the database holds afterwards
#   tool    POST /api/v2/tools/save_draft
#
#   bench/server-throughput.sh [seconds-per-run=8] [connections=32] [rounds=3]
#                              [--scenarios me,posts,create,tool] [options of server-common.sh]
#
# The bare route answers the bytes slotline-server gave for the same request, except for
# GET /users/me, which it builds from a QJsonObject each time (as before).
source "$(dirname "$0")/server-common.sh" "$@"

positional=("${args[@]+"${args[@]}"}")
if [ "$short" = 1 ]; then
    duration=${positional[0]:-1} connections=${positional[1]:-4} rounds=${positional[2]:-1}
    quota=200
else
    duration=${positional[0]:-8} connections=${positional[1]:-32} rounds=${positional[2]:-3}
    quota=2000
fi
wrk_options=(-t1 -c"$connections" -d"${duration}s")

setup_request_data
start_server --read-limit 100000000 --write-limit 100000000
api=http://127.0.0.1:$server_port/api/v2
sleep 1
idle_rss=$(rss_kib "$server_pid")

start_bare_for_scenarios

echo "slotline-server against a bare QtHttpServer route: $connections connections, one wrk" \
    "thread, $rounds rounds of ${duration}s by turns (medians)"
machine
[ "$short" = 1 ] && echo "(short form: the figures mean nothing, the checks do)"
declare -A ratio target
target=([me]=0.60 [posts]=0.25 [create]=- [tool]=-)
stored_before=$(stored_in_bench_projects)
for scenario in ${scenarios//,/ }; do
    scenario "$scenario"
    BENCH_METHOD=$method BENCH_BODY=$body compare_rounds "$scenario" "$keys" \
        "$bare_api$path" "$api$path" "$rounds" "${wrk_options[@]}"
    echo "$method $path"
    print_runs "bare QtHttpServer route" "$work/$scenario.bare"
    print_runs "slotline-server" "$work/$scenario.full"
    ratio[$scenario]=$(awk -v f="$full_rps" -v b="$bare_rps" 'BEGIN { printf "%.2f", f / b }')
    cpu_ratio=$(awk -v f="$full_cpu" -v b="$bare_cpu" 'BEGIN { if (f > 0) printf "%.2f", b / f; else print "-" }')
    echo "  ratio ${ratio[$scenario]} (target ${target[$scenario]}); by CPU time per request $cpu_ratio"
    cat "$work/$scenario.warm" "$work/$scenario.full" >"$work/$scenario.all"
    [ "$(column_sum "$work/$scenario.all" 4)" = 0 ] \
        || fail "$method $path: slotline-server answered $(column_sum "$work/$scenario.all" 4) requests with an error"

    if [ "$scenario" = create ]; then
        # Every acknowledged post must be stored. wrk counts only the answers it read:
        # when it stops, each connection may have one request under way that the server
        # still stores (or one that timed out), hence the upper bound.
        acknowledged=$(column_sum "$work/create.all" 5)
        stored=$(($(stored_in_bench_projects) - stored_before))
        runs=$(wc -l <"$work/create.all")
        in_flight=$((runs * connections + $(column_sum "$work/create.all" 6)))
        echo "  acknowledged (201) $acknowledged, stored $stored (at most $in_flight more" \
            "may be stored: requests under way when wrk stopped)"
        [ "$stored" -ge "$acknowledged" ] || fail "$((acknowledged - stored)) acknowledged posts were not stored"
        [ "$stored" -le $((acknowledged + in_flight)) ] || fail "more posts stored than sent"
        echo "  acknowledged writes a second: $(printf '%.0f' "$full_rps") (target 2,000)"

        # The exact count: $quota posts, then only reads until wrk is stopped.
        before=$(stored_in_bench_projects)
        rm -f "$work/quota.done"
        KEYS_FILE=$work/keys.me BENCH_METHOD=POST BENCH_BODY=post CHECK=1 POST_QUOTA=$quota \
            DONE_FILE=$work/quota.done wrk -t1 -c"$connections" -d120s -s "$requests_lua" \
            "$api/posts" >"$work/quota.out" 2>&1 &
        wrk_pid=$!
        while [ ! -e "$work/quota.done" ] && kill -0 "$wrk_pid" 2>/dev/null; do sleep 0.1; done
        kill -INT "$wrk_pid" 2>/dev/null || true
        wait "$wrk_pid" || true
        created=$(awk '$1 == "status" && $2 == "201:" {print $3}' "$work/quota.out")
        others=$(awk '$1 == "status" && $2 != "201:" && $2 != "200:"' "$work/quota.out")
        stored=$(($(stored_in_bench_projects) - before))
        echo "  exact check: $quota posts sent, ${created:-0} answered 201, $stored stored"
        [ -z "$others" ] || fail "POST /posts answered: $others"
        [ "${created:-0}" = "$quota" ] || fail "only ${created:-0} of $quota posts were answered 201"
        [ "$stored" = "$quota" ] || fail "$quota posts acknowledged, $stored stored"
    fi
done
loaded_rss=$(rss_kib "$server_pid")
echo "server RSS idle: $(mib "$idle_rss") MiB (target under 30), after the load: $(mib "$loaded_rss") MiB"
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
