# What the server benchmarks share; sourced by bench/server-*.sh, not run.
#
# Options every one of them takes (before or after its own arguments):
#   --build-dir DIR  the build to use (default: $SLOTLINE_BUILD_DIR, else build/release);
#                    configured with the release preset and its targets built first
#   --no-build       use the build directory as it is (the test suite passes its own)
#   --short          the test suite's form: small sizes and 1-2 s runs that check results,
#                    not speed (implies nothing about the build; pass --no-build too)
#   --scenarios LIST which requests, of me,posts,create,tool (the scripts that have them)
#
# The server and the bare QtHttpServer route are measured by turns, round after round,
# and compared by their medians: on a shared machine the noise then hits both alike.

set -euo pipefail

build_dir=${SLOTLINE_BUILD_DIR:-}
build=1
short=0
scenarios=me,posts,create,tool
args=() # what is left for the script itself
while [ $# -gt 0 ]; do
    case $1 in
    --build-dir) build_dir=${2:?--build-dir needs a directory}; shift 2 ;;
    --no-build) build=0; shift ;;
    --short) short=1; shift ;;
    --scenarios) scenarios=${2:?--scenarios needs a list}; shift 2 ;;
    *) args+=("$1"); shift ;;
    esac
done
[ -n "$build_dir" ] && build_dir=$(realpath -m "$build_dir")
cd "$(dirname "${BASH_SOURCE[0]}")/.."
build_dir=${build_dir:-$PWD/build/release}

server=$build_dir/src/serverapp/slotline-server
bare=$build_dir/bench/bench_bare_server
seed=$build_dir/bench/bench_seed_posts
requests_lua=bench/server-requests.lua

if [ "$build" = 1 ]; then
    scripts/install-deps.sh
    cmake --preset release -B "$build_dir" >/dev/null
    cmake --build "$build_dir" --target slotline-server bench_bare_server bench_seed_posts \
        -- -j"$(nproc)" >/dev/null
fi
for binary in "$server" "$bare" "$seed"; do
    [ -x "$binary" ] || { echo "missing $binary (build it, or drop --no-build)" >&2; exit 1; }
done
command -v wrk >/dev/null || { echo "wrk is missing: scripts/install-deps.sh installs it" >&2; exit 1; }

# Connections are file descriptors, for wrk and the servers alike.
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true

work=$(mktemp -d)
started_pids=()
cleanup() {
    local pid
    for pid in "${started_pids[@]}"; do
        kill "$pid" 2>/dev/null || true
    done
    wait 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

fail() {
    echo "FAILED: $*" >&2
    exit 1
}

machine() {
    local model
    model=$(awk -F': ' '/^model name/ {print $2; exit}' /proc/cpuinfo)
    echo "machine: $(nproc) cores ($model), load average $(cut -d' ' -f1-3 /proc/loadavg)"
}

rss_kib() { awk '/^VmRSS/ {print $2}' "/proc/$1/status"; }
peak_kib() { awk '/^VmHWM/ {print $2}' "/proc/$1/status"; }
# VmHWM is the peak since the start, or since this.
reset_peak() { echo 5 >"/proc/$1/clear_refs" 2>/dev/null || true; }
mib() { awk -v k="$1" 'BEGIN {printf "%.1f", k / 1024}'; }

# Waits for "listening on http://127.0.0.1:PORT" in a log file and prints PORT.
port_of() {
    local port
    for _ in $(seq 200); do
        port=$(grep -o '127.0.0.1:[0-9]*' "$1" 2>/dev/null | head -1 | cut -d: -f2) || true
        [ -n "$port" ] && { echo "$port"; return; }
        sleep 0.1
    done
    fail "a server did not start: $(cat "$1")"
}

# Starts `slotline-server serve` on the data directory $work/data with the given extra
# options; sets server_pid and server_port.
start_server() {
    local log=$work/server.$((${#started_pids[@]})).log
    "$server" serve --data "$work/data" --listen 127.0.0.1:0 "$@" >"$log" 2>&1 &
    server_pid=$!
    started_pids+=("$server_pid")
    server_port=$(port_of "$log")
    server_log=$log
}

# Starts the bare route with the given --route options; sets bare_pid and bare_port.
start_bare() {
    "$bare" "$@" >"$work/bare.log" 2>&1 &
    bare_pid=$!
    started_pids+=("$bare_pid")
    bare_port=$(port_of "$work/bare.log")
}

stop() {
    kill "$1" 2>/dev/null || true
    wait "$1" 2>/dev/null || true
}

admin() { "$server" "$@" --data "$work/data" 2>/dev/null; }
json_field() { awk -F'"' -v f="$1" '$2 == f {print $4}'; }

# A project NAME with a LinkedIn, an X and a Facebook account, plenty of credits and
# KEYS API keys; appends "key account platform" lines to FILE, the accounts in turn.
make_project() {
    local name=$1 keys=$2 file=$3 platform i
    local accounts=() platforms=(linkedin twitter facebook)
    admin projects create --name "$name" >/dev/null
    for platform in "${platforms[@]}"; do
        accounts+=("$(admin accounts add --project "$name" --platform "$platform" \
            --name "$name $platform" --username "${name}_$platform" --json | json_field id)")
    done
    admin credits grant --project "$name" --amount 100000000 >/dev/null
    for i in $(seq 0 $((keys - 1))); do
        echo "$(admin keys create --project "$name" --json | json_field key)" \
            "${accounts[$((i % 3))]} ${platforms[$((i % 3))]}" >>"$file"
    done
}

# Posts a project holds, as stored in the database (not as the API says).
stored_posts() { "$seed" --data "$work/data" --project "$1" | awk '/^posts stored:/ {print $3}'; }

# The data of the request scenarios: $work/keys.me, 50 keys over 5 projects (bench-N),
# each key with an account of its project, and $work/keys.posts, 10 keys of a project
# holding 10,000 posts. The short form makes 2 projects of 3 keys and 300 posts.
setup_request_data() {
    local keys=10 posts=10000 p
    bench_projects=5
    [ "$short" = 1 ] && bench_projects=2 keys=3 posts=300
    for p in $(seq "$bench_projects"); do
        make_project "bench-$p" "$keys" "$work/keys.me"
    done
    make_project posts "$keys" "$work/keys.posts"
    "$seed" --data "$work/data" --project posts --posts "$posts" >/dev/null
}
stored_in_bench_projects() {
    local p total=0
    for p in $(seq "$bench_projects"); do
        total=$((total + $(stored_posts "bench-$p")))
    done
    echo "$total"
}

# Starts the bare route for the request scenarios, answering what slotline-server (at $api)
# answers, byte for byte; sets bare_api. One post and one draft are made for it.
start_bare_for_scenarios() {
    local key account platform posts_key
    read -r key account platform <"$work/keys.me"
    posts_key=$(head -1 "$work/keys.posts" | cut -d' ' -f1)
    curl -sf -H "x-api-key: $posts_key" "$api/posts?limit=50" >"$work/posts.json" \
        || fail "GET /posts failed"
    curl -sf -H "x-api-key: $key" -H 'Content-Type: application/json' "$api/posts" \
        -d "{\"post\": {\"accountId\": \"$account\", \"content\": {\"platform\": \"$platform\",
            \"text\": \"A sample\"}}, \"scheduledTime\": \"$(date -u -d '+30 days' +%FT%TZ)\"}" \
        >"$work/created.json" || fail "POST /posts failed"
    curl -sf -H "x-api-key: $key" -H 'Content-Type: application/json' "$api/tools/save_draft" \
        -d '{"text": "A sample draft", "platforms": ["linkedin", "x"]}' >"$work/draft.json" \
        || fail "POST /tools/save_draft failed"
    start_bare --route "GET /api/v2/posts 200 $work/posts.json" \
        --route "POST /api/v2/posts 201 $work/created.json" \
        --route "POST /api/v2/tools/save_draft 200 $work/draft.json"
    bare_api=http://127.0.0.1:$bare_port/api/v2
}

# Sets keys, path, method and body for a request scenario: me, posts, create or tool.
scenario() {
    case $1 in
    me) keys=$work/keys.me path=/users/me method=GET body=none ;;
    posts) keys=$work/keys.posts path='/posts?limit=50' method=GET body=none ;;
    create) keys=$work/keys.me path=/posts method=POST body=post ;;
    tool) keys=$work/keys.me path=/tools/save_draft method=POST body=draft ;;
    *) fail "unknown scenario $1 (me, posts, create, tool)" ;;
    esac
}

# CPU time a process has used (all its threads), in clock ticks.
cpu_ticks() { sed 's/.*) //' "/proc/$1/stat" | awk '{ print $12 + $13 }'; }

# Runs wrk with server-requests.lua (set BENCH_METHOD, BENCH_BODY, PACE_MS ... in the
# environment) and prints "requests/s p50-us p99-us non-2xx requests socket-errors
# cpu-us-per-request", the last the CPU time the process SERVER_PID (if set) spent per
# request: unlike the rate, it hardly depends on what else the machine runs. Its whole
# output stays in $work/wrk.out.
#   run_wrk KEYS_FILE URL WRK-OPTIONS...
run_wrk() {
    local keys=$1 url=$2 ticks_before=0 ticks=0
    shift 2
    [ -n "${SERVER_PID:-}" ] && ticks_before=$(cpu_ticks "$SERVER_PID")
    KEYS_FILE=$keys wrk --latency -s "$requests_lua" "$@" "$url" >"$work/wrk.out" 2>&1 \
        || fail "wrk: $(cat "$work/wrk.out")"
    [ -n "${SERVER_PID:-}" ] && ticks=$(($(cpu_ticks "$SERVER_PID") - ticks_before))
    awk -v ticks="$ticks" -v hz="$(getconf CLK_TCK)" '
        function us(v) {
            if (v ~ /us$/) { sub(/us$/, "", v); return v + 0 }
            if (v ~ /ms$/) { sub(/ms$/, "", v); return v * 1000 }
            if (v ~ /s$/) { sub(/s$/, "", v); return v * 1000000 }
            if (v ~ /m$/) { sub(/m$/, "", v); return v * 60000000 }
            return v
        }
        /Requests\/sec/ { rps = $2 }
        $1 == "50%" { p50 = us($2) }
        $1 == "99%" { p99 = us($2) }
        /Non-2xx/ { non2xx = $NF }
        / requests in / { requests = $1 }
        /Socket errors/ { gsub(/,/, ""); errors = $4 + $6 + $8 + $10 }
        END {
            cpu = requests > 0 ? ticks * 1000000 / hz / requests : 0
            printf "%s %.0f %.0f %d %d %d %.1f\n", rps, p50, p99, non2xx, requests, errors, cpu
        }
    ' "$work/wrk.out"
}

median() {
    sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
# The median of column N of a file of run_wrk lines.
column_median() { awk -v c="$2" '{ print $c }' "$1" | median; }
column_sum() { awk -v c="$2" '{ s += $c } END { print s + 0 }' "$1"; }
runs_of() { awk '{ printf "%.0f ", $1 }' "$1"; }

# Measures the bare route (bare_pid) and slotline-server (server_pid) by turns: a warm-up
# each, then ROUNDS rounds; the runs go to $work/LABEL.bare and $work/LABEL.full (the
# warm-up's to $work/LABEL.warm). Sets bare_rps and full_rps, bare_cpu and full_cpu
# (medians).
#   compare_rounds LABEL KEYS_FILE BARE_URL FULL_URL ROUNDS WRK-OPTIONS...
compare_rounds() {
    local label=$1 keys=$2 bare_url=$3 full_url=$4 rounds=$5 round
    shift 5
    : >"$work/$label.bare"
    : >"$work/$label.full"
    SERVER_PID=$bare_pid run_wrk "$keys" "$bare_url" "$@" >/dev/null
    SERVER_PID=$server_pid run_wrk "$keys" "$full_url" "$@" >"$work/$label.warm"
    for round in $(seq "$rounds"); do
        SERVER_PID=$bare_pid run_wrk "$keys" "$bare_url" "$@" >>"$work/$label.bare"
        SERVER_PID=$server_pid run_wrk "$keys" "$full_url" "$@" >>"$work/$label.full"
    done
    bare_rps=$(column_median "$work/$label.bare" 1)
    full_rps=$(column_median "$work/$label.full" 1)
    bare_cpu=$(column_median "$work/$label.bare" 7)
    full_cpu=$(column_median "$work/$label.full" 7)
}

# One line of a figures table: NAME and the medians of a file of run_wrk lines.
print_runs() {
    printf '  %-24s %7.0f req/s  p50 %6.0f us  p99 %6.0f us  CPU %6.1f us/req  runs: %s\n' "$1" \
        "$(column_median "$2" 1)" "$(column_median "$2" 2)" "$(column_median "$2" 3)" \
        "$(column_median "$2" 7)" "$(runs_of "$2")"
}
