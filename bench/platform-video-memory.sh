#!/usr/bin/env bash
# Server and fake-platform memory while a large video is published to X, LinkedIn and a
# Facebook Page: the server sends it a chunk at a time (X, LinkedIn: 4 MiB parts;
# Facebook: one request read from disk as it goes) and the fakes count and hash what
# they receive, so neither peak should grow with the video.
#
#   bench/platform-video-memory.sh [size-in-MiB=500] [build-dir=build/release]
#
# Without slotline-server and slotline-fake-platforms in the build directory, the release
# preset is configured and built. Uploads the video to the server's media (a signed
# upload), connects an X, a LinkedIn and a Facebook account through the fakes' OAuth
# pages, publishes the video to each in turn, and prints for each the peak resident memory
# (VmHWM, reset before each) of the server and of the fake, and the time it took.
set -euo pipefail
cd "$(dirname "$0")/.."
size_mib=${1:-500}
build=${2:-build/release}
server=$build/src/serverapp/slotline-server
fakes=$build/src/fakeplatformsapp/slotline-fake-platforms

if [ ! -x "$server" ] || [ ! -x "$fakes" ]; then
    cmake --preset release >/dev/null
    cmake --build "$build" -j2 --target slotline-server slotline-fake-platforms >/dev/null
fi
work=$(mktemp -d)
server_pid=
fake_pid=
trap '[ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null; [ -n "$fake_pid" ] && kill "$fake_pid" 2>/dev/null; wait 2>/dev/null; rm -rf "$work"' EXIT

fail() { echo "platform-video-memory: $*" >&2; exit 1; }
status_kib() { awk -v f="$2:" '$1 == f {print $2}' "/proc/$1/status"; }
reset_peak() { echo 5 > "/proc/$1/clear_refs" 2>/dev/null || true; }
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
json_field() { sed -n "s/.*\"$1\": *\"\\([^\"]*\\)\".*/\\1/p"; }

port=$(free_port)
api=http://127.0.0.1:$port/api/v2
key=$("$server" init-demo --data "$work/data" --timezone UTC --json 2>/dev/null | json_field apiKey)
[ -n "$key" ] || fail "init-demo printed no key"

"$fakes" --port 0 --slotline-port "$port" > "$work/fakes.log" 2>&1 &
fake_pid=$!
for _ in $(seq 100); do grep -q 'platforms set facebook' "$work/fakes.log" 2>/dev/null && break; sleep 0.1; done
grep -q 'platforms set facebook' "$work/fakes.log" || fail "the fakes did not start: $(cat "$work/fakes.log")"
while read -r line; do
    # shellcheck disable=SC2086 # the printed options, word by word
    "$server" ${line#*slotline-server } --data "$work/data" >/dev/null
done < <(grep -o 'slotline-server platforms set .*' "$work/fakes.log")

"$server" serve --data "$work/data" --listen "127.0.0.1:$port" --media-max-mb "$((size_mib + 1))" \
    > "$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 100); do curl -sf -o /dev/null -H "x-api-key: $key" "$api/users/me" && break; sleep 0.1; done

call() { # method path [body]
    curl -sf -X "$1" -H "x-api-key: $key" -H 'Content-Type: application/json' \
        -H "Idempotency-Key: bench-$RANDOM-$RANDOM" "$api$2" ${3:+-d "$3"}
}
connect() { # platform -> account id
    local started state
    started=$(call POST /users/me/accounts/connect "{\"platform\": \"$1\"}") || fail "connect $1 refused"
    state=$(echo "$started" | json_field state)
    curl -sfL -o /dev/null "$(echo "$started" | json_field authorizationUrl)" || fail "consent for $1 failed"
    call GET "/users/me/accounts/connect/$state" | json_field accountId
}
x_account=$(connect x)
linkedin_account=$(connect linkedin)
facebook_account=$(connect facebook)
[ -n "$x_account" ] && [ -n "$linkedin_account" ] && [ -n "$facebook_account" ] \
    || fail "accounts did not connect"
facebook_page=$(call GET "/users/me/accounts/$facebook_account/subaccounts" | json_field id | head -1)
[ -n "$facebook_page" ] || fail "the Facebook account has no Page"

# An MP4 whose movie header says 60 s (ftyp, moov/mvhd, then an mdat of noise).
file=$work/video.mp4
python3 - "$file" "$((size_mib * 1024 * 1024))" <<'PY'
import os, struct, sys
path, size = sys.argv[1], int(sys.argv[2])
def box(kind, content): return struct.pack(">I", 8 + len(content)) + kind + content
mvhd = bytearray(100); struct.pack_into(">II", mvhd, 12, 1000, 60000)
head = box(b"ftyp", b"isom\0\0\2\0isomavc1") + box(b"moov", box(b"mvhd", bytes(mvhd)))
with open(path, "wb") as out:
    out.write(head + struct.pack(">I", size - len(head)) + b"mdat")
    left = size - len(head) - 8
    while left > 0:
        n = min(left, 8 << 20); out.write(os.urandom(n)); left -= n
PY
bytes=$(stat -c %s "$file")
ticket=$(call POST /media/uploads "{\"filename\": \"video.mp4\", \"size\": $bytes}")
curl -sf -T "$file" "$(echo "$ticket" | sed -n 's/.*"uploadUrl":"\([^"]*\)".*/\1/p')" >/dev/null \
    || fail "the upload was refused"
media_url=$(echo "$ticket" | sed -n 's/.*"publicUrl":"\([^"]*\)".*/\1/p')

publish() { # account platform [page] -> seconds
    local created id status start target=
    [ -n "${3:-}" ] && target=", \"target\": {\"targetType\": \"$2\", \"pageId\": \"$3\"}"
    created=$(call POST /posts "{\"post\": {\"accountId\": \"$1\", \"content\": {\"text\": \"Bench $2 $RANDOM\", \"platform\": \"$2\", \"mediaUrls\": [\"$media_url\"]}$target}}") \
        || fail "the $2 post was refused"
    id=$(echo "$created" | json_field postSubmissionId)
    start=$(date +%s%N)
    for _ in $(seq 3600); do
        status=$(call GET "/posts/$id" | json_field status)
        case $status in published) break ;; failed|cancelled) fail "$2: $(call GET "/posts/$id")" ;; esac
        sleep 0.5
    done
    [ "$status" = published ] || fail "$2 did not publish"
    awk -v a="$start" -v b="$(date +%s%N)" 'BEGIN {printf "%.1f", (b - a) / 1e9}'
}

sleep 0.5
server_before=$(status_kib $server_pid VmRSS)
fake_before=$(status_kib $fake_pid VmRSS)
printf 'video: %d MiB; server RSS before %.1f MiB, fake platforms before %.1f MiB\n' \
    "$size_mib" "$(awk -v k="$server_before" 'BEGIN {print k / 1024}')" \
    "$(awk -v k="$fake_before" 'BEGIN {print k / 1024}')"
printf '%-10s %16s %16s %10s\n' platform 'server peak MiB' 'fakes peak MiB' seconds
measure() { # name account platform [page]
    local seconds
    reset_peak $server_pid
    reset_peak $fake_pid
    seconds=$(publish "$2" "$3" "${4:-}")
    awk -v n="$1" -v sp="$(status_kib $server_pid VmHWM)" -v fp="$(status_kib $fake_pid VmHWM)" \
        -v s="$seconds" 'BEGIN {printf "%-10s %16.1f %16.1f %10s\n", n, sp / 1024, fp / 1024, s}'
}
measure X "$x_account" twitter
measure LinkedIn "$linkedin_account" linkedin
measure Facebook "$facebook_account" facebook "$facebook_page"
