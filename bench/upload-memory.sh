#!/usr/bin/env bash
# Server memory while a large file is uploaded to a signed upload address, and while the
# same file is fetched back from its public URL: both should stream through a small
# buffer, so the server's peak resident memory must not grow with the file.
#
#   bench/upload-memory.sh [size-in-MiB=100] [server-binary]
#
# Without a server binary the release preset is built and used. Prints the server's
# resident memory before, its peak during the upload and during the download, the
# growth as a fraction of the file's size, and the throughput of both transfers.
set -euo pipefail
cd "$(dirname "$0")/.."
size_mib=${1:-100}
server=${2:-}

if [ -z "$server" ]; then
    scripts/install-deps.sh
    scripts/build.sh release >/dev/null
    server=build/release/src/serverapp/slotline-server
fi
work=$(mktemp -d)
server_pid=
trap '[ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null; wait 2>/dev/null; rm -rf "$work"' EXIT

fail() { echo "upload-memory: $*" >&2; exit 1; }
status_kib() { awk -v f="$2:" '$1 == f {print $2}' "/proc/$1/status"; }
# VmHWM is the peak since the process started (or since it was reset below).
reset_peak() { echo 5 > "/proc/$1/clear_refs" 2>/dev/null || true; }

key=$("$server" init-demo --data "$work/data" --timezone UTC --json 2>/dev/null \
    | sed -n 's/.*"apiKey": *"\([^"]*\)".*/\1/p')
[ -n "$key" ] || fail "init-demo printed no key"
"$server" serve --data "$work/data" --listen 127.0.0.1:0 --media-max-mb "$((size_mib + 1))" \
    > "$work/server.log" 2>&1 &
server_pid=$!
port=
for _ in $(seq 100); do
    port=$(grep -o '127.0.0.1:[0-9]*' "$work/server.log" 2>/dev/null | head -1 | cut -d: -f2) || true
    [ -n "$port" ] && break
    sleep 0.1
done
[ -n "$port" ] || fail "the server did not start: $(cat "$work/server.log")"
api=http://127.0.0.1:$port/api/v2

# A PNG signature and then noise, so the content check accepts it.
file=$work/upload.png
{ printf '\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR'; head -c "$((size_mib * 1024 * 1024 - 16))" /dev/urandom; } > "$file"
bytes=$(stat -c %s "$file")

ticket=$(curl -sf -H "x-api-key: $key" -H 'Content-Type: application/json' "$api/media/uploads" \
    -d "{\"filename\": \"upload.png\", \"size\": $bytes}")
upload_url=$(echo "$ticket" | sed -n 's/.*"uploadUrl":"\([^"]*\)".*/\1/p')
public_url=$(echo "$ticket" | sed -n 's/.*"publicUrl":"\([^"]*\)".*/\1/p')
[ -n "$upload_url" ] || fail "no upload URL in $ticket"

sleep 0.5
before=$(status_kib $server_pid VmRSS)
reset_peak $server_pid
start=$(date +%s%N)
answer=$(curl -sf -T "$file" "$upload_url") || fail "the upload was refused"
upload_s=$(awk -v a="$start" -v b="$(date +%s%N)" 'BEGIN {print (b - a) / 1e9}')
upload_peak=$(status_kib $server_pid VmHWM)
echo "$answer" | grep -q "\"size\":$bytes" || fail "unexpected answer: $answer"
expected=$(sha256sum "$file" | cut -d' ' -f1)
echo "$answer" | grep -q "\"sha256\":\"$expected\"" || fail "the stored file's hash differs"

reset_peak $server_pid
start=$(date +%s%N)
curl -sf -o "$work/download.png" "$public_url" || fail "the download failed"
download_s=$(awk -v a="$start" -v b="$(date +%s%N)" 'BEGIN {print (b - a) / 1e9}')
download_peak=$(status_kib $server_pid VmHWM)
cmp -s "$file" "$work/download.png" || fail "the downloaded file differs"

awk -v mib="$size_mib" -v before="$before" -v up="$upload_peak" -v down="$download_peak" \
    -v us="$upload_s" -v ds="$download_s" 'BEGIN {
    printf "file:                 %d MiB\n", mib
    printf "server RSS before:    %.1f MiB\n", before / 1024
    printf "peak during upload:   %.1f MiB (+%.1f MiB, %.3f of the file)\n", up / 1024, (up - before) / 1024, (up - before) / 1024 / mib
    printf "peak during download: %.1f MiB (+%.1f MiB, %.3f of the file)\n", down / 1024, (down - before) / 1024, (down - before) / 1024 / mib
    printf "upload:               %.2f s, %.0f MiB/s\n", us, mib / us
    printf "download:             %.2f s, %.0f MiB/s\n", ds, mib / ds
}'
