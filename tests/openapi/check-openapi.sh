#!/usr/bin/env bash
# Checks GET /api/v2/openapi.json as the real server serves it, with the npm tools of
# tools/openapi (installed by scripts/install-tools.sh):
#
#   check-openapi.sh lint  SERVER_BINARY TOOLS_DIR   Redocly CLI lints the description;
#                                                    errors fail, warnings are printed.
#   check-openapi.sh prism SERVER_BINARY TOOLS_DIR   real requests go through Prism's
#                                                    validating proxy; any violation of
#                                                    the description, by a request or an
#                                                    answer, fails.
#
# Each run has a demo project of its own in a temporary directory and a server on a port
# the system picked, so runs can go in parallel with each other and with other tests.
set -euo pipefail

usage="usage: check-openapi.sh lint|prism SERVER_BINARY TOOLS_DIR"
mode=${1:?$usage}
server=${2:?$usage}
tools=${3:?$usage}
case $mode in lint | prism) ;; *) echo "$usage" >&2; exit 2 ;; esac

redocly=$tools/node_modules/.bin/redocly
prism=$tools/node_modules/.bin/prism
if [ ! -x "$redocly" ] || [ ! -x "$prism" ]; then
    echo "openapi: the npm tools are not installed in $tools/node_modules;" \
        "run scripts/install-tools.sh" >&2
    exit 1
fi
for program in node curl; do
    if ! command -v "$program" >/dev/null 2>&1; then
        echo "openapi: $program is missing; run scripts/install-tools.sh" >&2
        exit 1
    fi
done
if [ ! -x "$server" ]; then
    echo "openapi: $server is not built (cmake --build ... --target slotline-server)" >&2
    exit 1
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/slotline-openapi.XXXXXX")
server_pid=
prism_pid=
cleanup() {
    # SIGTERM lets the server write its call log and exit cleanly; the wait keeps the
    # directory in use until both processes are gone.
    for pid in $prism_pid $server_pid; do
        kill "$pid" 2>/dev/null || true
    done
    for pid in $prism_pid $server_pid; do
        wait "$pid" 2>/dev/null || true
    done
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

fail() {
    echo "openapi: $*" >&2
    exit 1
}

# json FILE EXPRESSION: the value of a JavaScript EXPRESSION over the JSON document `d` in
# FILE (node is here anyway for the tools, unlike jq or python3 on a fresh machine).
# Prints nothing when the value is missing, so a failed request's answer only fails the
# requests that needed the value, with their own messages.
json() {
    node -e '
        const d = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
        let v;
        try { v = eval(process.argv[2]); } catch { v = undefined; }
        if (v !== undefined && v !== null)
            process.stdout.write(typeof v === "string" ? v : JSON.stringify(v));' "$1" "$2"
}

# wait_for LOG PID SECONDS SED_SCRIPT: waits until SED_SCRIPT prints something from LOG
# (written by process PID) and prints it; fails when the process ends or time runs out.
wait_for() {
    local log=$1 pid=$2 seconds=$3 script=$4 found tries
    for ((tries = seconds * 10; tries > 0; tries--)); do
        # The process may not have created its log yet.
        found=$(sed -n "$script" "$log" 2>/dev/null | head -n 1 || true)
        if [ -n "$found" ]; then
            echo "$found"
            return 0
        fi
        kill -0 "$pid" 2>/dev/null || return 1
        sleep 0.1
    done
    return 1
}

# The demo project: three sandbox accounts, weekly slots and credits, and its key. UTC
# keeps the slot times the same on every machine.
"$server" init-demo --data "$work/data" --timezone UTC --json >"$work/demo.json" \
    2>"$work/init.log" || { cat "$work/init.log" >&2; fail "init-demo failed"; }
key=$(json "$work/demo.json" 'd.apiKey')
[ -n "$key" ] || fail "init-demo printed no apiKey"

# Port 0: the server picks a free port and prints it, so nothing races for one. The rate
# limits are raised so that the requests below never meet a 429 they did not ask for.
# The allow-list lets POST /media fetch from this server's own media URLs.
"$server" serve --data "$work/data" --listen 127.0.0.1:0 --read-limit 1000 --write-limit 1000 \
    --media-allow 127.0.0.1 >"$work/server.log" 2>&1 &
server_pid=$!
if ! port=$(wait_for "$work/server.log" "$server_pid" 30 \
    's#.*listening on http://127\.0\.0\.1:\([0-9][0-9]*\)/api/v2.*#\1#p'); then
    cat "$work/server.log" >&2
    fail "slotline-server did not start"
fi
api=http://127.0.0.1:$port/api/v2

# The server sends the description on one line; indented, the tools' line numbers point
# somewhere useful.
curl -fsS --max-time 10 "$api/openapi.json" -o "$work/served.json" \
    || fail "GET $api/openapi.json failed"
node -e '
    const fs = require("fs");
    const d = JSON.parse(fs.readFileSync(process.argv[1], "utf8"));
    fs.writeFileSync(process.argv[2], JSON.stringify(d, null, 2) + "\n");' \
    "$work/served.json" "$work/openapi.json" || fail "the description is not JSON"

# No usage reports or update notices from the tools: tests reach no network but loopback.
export REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_NOTIFICATIONS=true NO_COLOR=1

if [ "$mode" = lint ]; then
    # Exits non-zero on errors only; warnings are printed with the rest.
    if "$redocly" lint --config "$tools/redocly.yaml" "$work/openapi.json"; then
        echo "openapi_lint: no errors in GET /api/v2/openapi.json"
        exit 0
    fi
    fail "Redocly CLI found errors in GET /api/v2/openapi.json (above, with JSON pointers)"
fi

# --- prism ---------------------------------------------------------------------------
#
# Prism matches a request's path against the description's paths as they are written
# (/users/me), not prefixed with the server URL: it serves them at its root, and the
# relative `servers: [{url: /api/v2}]` plays no part in routing. The forwarded path is the
# upstream URL's path joined with the request's, so the upstream is the server's base
# URL including /api/v2. -p 0 lets the system pick Prism's port too; Prism prints it.
"$prism" proxy --errors -h 127.0.0.1 -p 0 "$work/openapi.json" "$api" >"$work/prism.log" 2>&1 &
prism_pid=$!
if ! proxy=$(wait_for "$work/prism.log" "$prism_pid" 40 \
    's#.*Prism is listening on \(http://127\.0\.0\.1:[0-9][0-9]*\).*#\1#p'); then
    cat "$work/prism.log" >&2
    fail "Prism did not start"
fi

requests=0
failures=0
# problem NAME MESSAGE...: records a failed check and says which request it was.
problem() {
    local name=$1
    shift
    failures=$((failures + 1))
    printf 'FAIL %s\n' "$name" >&2
    printf '     %s\n' "$@" >&2
}

# request NAME STATUS METHOD PATH [BODY [CURL_ARGS...]]: sends one request through Prism
# with the demo key (none when $without_key is set) and BODY as JSON, and checks the
# answer:
#  - no sl-violations header: Prism lists there every way the request or the answer
#    departs from the description (a status it does not list is only a warning there);
#    with --errors an answer that violates it becomes Prism's own 500,
#  - it came from the server: Prism's own answers (a request the description forbids, a
#    route it lacks) are application/problem+json, the server's never are,
#  - the expected STATUS.
# The answer's body is left in $work/body for the next steps.
request() {
    local name=$1 expected=$2 method=$3 path=$4 body=${5-}
    shift $(($# < 5 ? $# : 5))
    local args=(-sS --max-time 15 -X "$method" -D "$work/headers" -o "$work/body"
        -w '%{http_code}')
    if [ -z "${without_key:-}" ]; then
        args+=(-H "x-api-key: $key")
    fi
    if [ -n "$body" ]; then
        args+=(-H 'Content-Type: application/json' --data-binary "$body")
    fi
    requests=$((requests + 1))
    local status
    if ! status=$(curl "${args[@]}" "$@" "$proxy$path"); then
        problem "$name" "$method $path: no answer through Prism"
        return
    fi
    local violations
    violations=$(sed -n 's/^sl-violations: *//Ip' "$work/headers" | tr -d '\r')
    if [ -n "$violations" ]; then
        # shellcheck disable=SC2016 # JavaScript's ${...}, not the shell's
        problem "$name" "$method $path answered $status with violations of the description:" \
            "$(node -e '
                for (const v of JSON.parse(process.argv[1]))
                    console.log(`${v.severity}: ${v.location.join(".")}: ${v.message}`);' \
                "$violations")" \
            "answer: $(head -c 600 "$work/body")"
    elif grep -qi '^content-type: *application/problem+json' "$work/headers"; then
        problem "$name" "$method $path was answered by Prism, not the server ($status):" \
            "$(head -c 1200 "$work/body")"
    elif [ "$status" != "$expected" ]; then
        problem "$name" "$method $path answered $status, expected $expected:" \
            "$(head -c 600 "$work/body")"
    else
        printf 'ok   %-44s %s %s -> %s\n' "$name" "$method" "${path%%\?*}" "$status"
    fi
}

# direct NAME STATUS CODE METHOD PATH [CURL_ARGS...]: a request straight to the server (PATH
# from its root, /api/v2 included), for answers that cannot go through Prism: it answers a
# request without the required key, an unknown path and a method a path lacks itself,
# without forwarding them. Checks the status, the error code and the headers every answer
# carries.
direct() {
    local name=$1 expected=$2 code=$3 method=$4 path=$5
    shift 5
    requests=$((requests + 1))
    local status
    if ! status=$(curl -sS --max-time 15 -X "$method" -D "$work/headers" -o "$work/body" \
        -w '%{http_code}' "$@" "http://127.0.0.1:$port$path"); then
        problem "$name" "$method $path: no answer from the server"
        return
    fi
    local answered
    answered=$(json "$work/body" 'd.error && d.error.code' 2>/dev/null || true)
    if [ "$status" != "$expected" ] || [ "$answered" != "$code" ]; then
        problem "$name" "$method $path answered $status, expected $expected $code:" \
            "$(head -c 600 "$work/body")"
    elif ! grep -qi '^x-request-id: ' "$work/headers" \
        || ! grep -qi '^content-type: *application/json' "$work/headers"; then
        problem "$name" "$method $path: no X-Request-Id or not application/json"
    elif [ "$status" = 405 ] && ! grep -qi '^allow: ' "$work/headers"; then
        problem "$name" "$method $path: a 405 without Allow"
    else
        printf 'ok   %-44s %s %s -> %s (direct)\n' "$name" "$method" "$path" "$status"
    fi
}

linkedin=$(json "$work/demo.json" 'd.accounts.find(a => a.platform === "linkedin").id')
twitter=$(json "$work/demo.json" 'd.accounts.find(a => a.platform === "twitter").id')
facebook=$(json "$work/demo.json" 'd.accounts.find(a => a.platform === "facebook").id')
now=$(date -u +%Y-%m-%dT%H:%M:%SZ)
tomorrow=$(date -u -d '+1 day' +%Y-%m-%dT08:00:00Z)
later=$(date -u -d '+2 days' +%Y-%m-%dT08:00:00Z)

# Who is calling, the accounts and credits.
request "the caller" 200 GET /users/me
request "the accounts" 200 GET /users/me/accounts
request "the accounts of X (x means twitter)" 200 GET '/users/me/accounts?platform=x&limit=10'
request "a Facebook account's pages" 200 GET "/users/me/accounts/$facebook/subaccounts"
page=$(json "$work/body" 'd.items[0] && d.items[0].id')
request "an unknown account's pages" 404 GET /users/me/accounts/acc_doesnotexist/subaccounts
request "the credits" 200 GET /credits

# Posts: now, at a time, in the next free slot (twice with one Idempotency-Key: the
# second is the first answer again), and refused ones the description allows.
request "the posts, none yet" 200 GET /posts
request "publish now on X" 201 POST /posts '{"post": {"accountId": "'"$twitter"'",
    "content": {"text": "Hello from Slotline", "platform": "x", "mediaUrls": []},
    "target": {"targetType": "twitter"}}}'
published=$(json "$work/body" 'd.postSubmissionId')
request "publish now on a Facebook page" 201 POST /posts '{"post": {"accountId": "'"$facebook"'",
    "content": {"text": "Hello, page", "platform": "facebook"},
    "target": {"targetType": "facebook", "pageId": "'"$page"'"}}}'
request "schedule on LinkedIn" 201 POST /posts '{"post": {"accountId": "'"$linkedin"'",
    "content": {"text": "Later", "platform": "linkedin"}}, "scheduledTime": "'"$tomorrow"'"}'
schedule=$(json "$work/body" 'd.scheduleId')
request "schedule for now" 201 POST /posts '{"post": {"accountId": "'"$twitter"'",
    "content": {"text": "Due now", "platform": "x"}}, "scheduledTime": "'"$now"'"}'
due=$(json "$work/body" 'd.scheduleId')
due_post=$(json "$work/body" 'd.postSubmissionId')
next_free='{"post": {"accountId": "'"$twitter"'", "content": {"text": "Queued", "platform": "x"}},
    "useNextFreeSlot": true}'
request "the next free slot" 201 POST /posts "$next_free" -H 'Idempotency-Key: openapi-1'
request "the next free slot, replayed" 201 POST /posts "$next_free" -H 'Idempotency-Key: openapi-1'
request "a post in the past (422)" 422 POST /posts '{"post": {"accountId": "'"$twitter"'",
    "content": {"text": "Too late", "platform": "x"}}, "scheduledTime": "2020-01-01T00:00:00Z"}'
request "a post too long for X (422)" 422 POST /posts '{"post": {"accountId": "'"$twitter"'",
    "content": {"text": "'"$(printf 'long %.0s' {1..60})"'", "platform": "x"}}}'
request "a post for an unknown account (422)" 422 POST /posts '{"post": {"accountId":
    "acc_doesnotexist", "content": {"text": "Nowhere", "platform": "x"}}}'
request "a submission" 200 GET "/posts/$published"
request "an unknown submission (404)" 404 GET /posts/ps_doesnotexist
request "posts by status and platform" 200 GET '/posts?status=scheduled&status=published&platform=x'
request "posts, a page of one" 200 GET '/posts?limit=1'
cursor=$(json "$work/body" 'd.cursor')
request "posts, the next page" 200 GET "/posts?limit=1&cursor=$cursor"
request "a cursor from nowhere (400)" 400 GET '/posts?cursor=nonsense'

# Schedules: read, move and edit, cancel; one whose publishing has begun refuses both.
request "the schedules" 200 GET /schedules
request "a schedule" 200 GET "/schedules/$schedule"
request "move and edit a schedule" 200 PATCH "/schedules/$schedule" \
    '{"scheduledTime": "'"$later"'", "post": {"content": {"text": "Moved"}}}'
request "move a schedule into the past" 422 PATCH "/schedules/$schedule" \
    '{"scheduledTime": "2020-01-01T00:00:00Z"}'
request "cancel a schedule" 204 DELETE "/schedules/$schedule"
request "a cancelled schedule is gone (404)" 404 DELETE "/schedules/$schedule"
request "an unknown schedule (404)" 404 GET /schedules/sch_doesnotexist
# The dispatcher publishes the post due now within a second or two; asked straight from
# the server so that the wait is not part of the checked requests.
for ((tries = 100; tries > 0; tries--)); do
    curl -sS --max-time 5 -H "x-api-key: $key" -o "$work/due.json" "$api/schedules/$due" || true
    [ "$(json "$work/due.json" 'd.status')" = published ] && break
    sleep 0.1
done
request "a published schedule" 200 GET "/schedules/$due"
request "a published submission" 200 GET "/posts/$due_post"
request "published posts" 200 GET '/published-posts?query=due'
request "edit a published schedule (409)" 409 PATCH "/schedules/$due" \
    '{"post": {"content": {"text": "Too late"}}}'
request "cancel a published schedule (409)" 409 DELETE "/schedules/$due"

# Weekly slots and the next free one.
request "the slots" 200 GET /schedule/slots
request "add a slot" 201 POST /schedule/slots '{"slots": [{"day": "saturday", "hour": 10,
    "minute": 0, "selectedTargets": [{"platform": "linkedin", "accountId": null}]}]}'
slot=$(json "$work/body" 'd.items[0].id')
request "add it again (409)" 409 POST /schedule/slots \
    '{"slots": [{"day": "saturday", "hour": 10, "minute": 0}]}'
request "a slot for the wrong platform (422)" 422 POST /schedule/slots '{"slots": [{"day":
    "sunday", "hour": 11, "minute": 0, "selectedTargets": [{"platform": "linkedin",
    "accountId": "'"$twitter"'"}]}]}'
request "delete a slot" 204 DELETE "/schedule/slots/$slot"
request "delete it again (404)" 404 DELETE "/schedule/slots/$slot"
request "the next free slot of an account" 200 POST /schedule/slots/next-available \
    '{"accountId": "'"$twitter"'"}'
request "the next free slot of the project" 200 POST /schedule/slots/next-available

# Tools, and drafts (which are tools only).
request "the tools" 200 GET /tools
request "a tool: get_user" 200 POST /tools/get_user '{}'
request "a tool: list_accounts of X" 200 POST /tools/list_accounts '{"platform": "x"}'
request "a tool: cancel an unknown schedule (404)" 404 POST /tools/cancel_schedule \
    '{"id": "sch_doesnotexist"}'
request "save a draft" 200 POST /tools/save_draft '{"text": "Launch day", "platforms": ["x", "linkedin"]}'
draft=$(json "$work/body" 'd.draft.id')
request "save it from revision 1" 200 POST /tools/save_draft \
    '{"draftId": "'"$draft"'", "baseRevision": 1, "text": "Launch day!", "platforms": ["x"]}'
request "save it from a stale revision (409)" 409 POST /tools/save_draft \
    '{"draftId": "'"$draft"'", "baseRevision": 1, "text": "Launch?", "platforms": ["x"]}'
request "save a draft with a clientId" 200 POST /tools/save_draft \
    '{"clientId": "openapi-draft-1", "text": "Written offline", "platforms": ["linkedin"]}'
request "the same create again (that draft)" 200 POST /tools/save_draft \
    '{"clientId": "openapi-draft-1", "text": "Written offline", "platforms": ["linkedin"]}'
request "the clientId with other words (409)" 409 POST /tools/save_draft \
    '{"clientId": "openapi-draft-1", "text": "Other words", "platforms": ["linkedin"]}'
request "a clientId with a draftId (422)" 422 POST /tools/save_draft \
    '{"clientId": "openapi-draft-2", "draftId": "'"$draft"'", "text": "x", "platforms": []}'
request "the drafts" 200 POST /tools/list_drafts '{"query": "launch", "limit": 10}'
request "a draft" 200 POST /tools/get_draft '{"draftId": "'"$draft"'"}'
request "publish a draft" 200 POST /tools/publish_draft \
    '{"draftId": "'"$draft"'", "accountId": "'"$twitter"'", "scheduledTime": "'"$later"'"}'
request "publish a draft with the wrong account (422)" 422 POST /tools/publish_draft \
    '{"draftId": "'"$draft"'", "accountId": "'"$linkedin"'"}'
request "a draft with the post made from it" 200 POST /tools/get_draft '{"draftId": "'"$draft"'"}'
request "a post from a draft" 201 POST /posts '{"post": {"accountId": "'"$twitter"'",
    "content": {"text": "From the draft", "platform": "x"}}, "scheduledTime": "'"$later"'",
    "draftId": "'"$draft"'"}'
request "the post from a draft" 200 GET "/posts/$(json "$work/body" 'd.postSubmissionId')"
request "a post from an unknown draft (422)" 422 POST /posts '{"post": {"accountId":
    "'"$twitter"'", "content": {"text": "From nowhere", "platform": "x"}},
    "draftId": "drf_doesnotexist"}'
request "the drafts with their publications" 200 POST /tools/list_drafts '{}'
request "delete a draft" 200 POST /tools/delete_draft '{"draftId": "'"$draft"'"}'
request "an unknown draft (404)" 404 POST /tools/get_draft '{"draftId": "'"$draft"'"}'
direct "an unknown tool (404)" 404 unknown_tool POST /api/v2/tools/launch_rocket \
    -H "x-api-key: $key" -H 'Content-Type: application/json' --data-binary '{}'

# Media: an upload address, the upload itself (outside /api/v2, so straight to the
# server), the file at its public URL, and the server fetching that URL as media.
request "an upload address" 201 POST /media/uploads '{"filename": "pixel.png", "contentType": "image/png"}'
upload_url=$(json "$work/body" 'd.uploadUrl')
public_url=$(json "$work/body" 'd.publicUrl')
{ printf '\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR'; head -c 4000 /dev/zero; } >"$work/pixel.png"
requests=$((requests + 1))
if [ "$(curl -sS --max-time 15 -o "$work/body" -w '%{http_code}' -T "$work/pixel.png" "$upload_url")" = 201 ]; then
    printf 'ok   %-44s PUT /uploads/{mediaId} -> 201 (direct)\n' "an upload"
else
    problem "an upload" "PUT $upload_url: $(head -c 600 "$work/body")"
fi
request "fetch media from a URL" 201 POST /media '{"url": "'"$public_url"'"}'
request "fetch media from an internal address (422)" 422 POST /media \
    '{"url": "http://10.0.0.1/photo.png"}'
request "a tool: an upload address" 200 POST /tools/create_upload_url '{"filename": "b.gif"}'

# Keys and the call log.
request "the API keys" 200 GET /project/api-keys
request "the call log's client errors" 200 GET '/project/api-keys/calls?status=4xx&limit=20'

# Refusals every operation shares.
request "an unknown query parameter (400)" 400 GET '/credits?colour=blue'
# Prism only checks that a key is sent, so an unknown one reaches the server.
without_key=1 request "an unknown key (401)" 401 GET /users/me '' \
    -H 'x-api-key: slk_unknownunknownunknownunknownunknownunkn'
without_key=1 request "a bearer key" 200 GET /credits '' -H "Authorization: Bearer $key"
without_key=1 request "the description, no key needed" 200 GET /openapi.json
direct "no key (401)" 401 unauthorized GET /api/v2/users/me
direct "an unknown path (404)" 404 not_found GET /api/v2/no-such-thing -H "x-api-key: $key"
direct "another API version (404)" 404 unsupported_api_version GET /api/v1/users/me \
    -H "x-api-key: $key"
direct "a method the path lacks (405)" 405 method_not_allowed DELETE /api/v2/users/me \
    -H "x-api-key: $key"

# Last, because it locks this address out for a minute: after 20 failed authentications
# in 60 seconds the server answers everything from the address with 429 and Retry-After.
unknown_key=slk_unknownunknownunknownunknownunknownunkn
for ((tries = 25; tries > 0; tries--)); do
    status=$(curl -sS --max-time 5 -o /dev/null -w '%{http_code}' -H "x-api-key: $unknown_key" \
        "$api/users/me" || true)
    [ "$status" = 429 ] && break
done
without_key=1 request "too many failed keys (429)" 429 GET /users/me '' \
    -H "x-api-key: $unknown_key"

echo "openapi_prism: $((requests - failures)) passed, $failures failed"
[ "$failures" -eq 0 ]
