#!/usr/bin/env bash
# Installs the Debian 12 packages Slotline needs to build, run and test, and nothing
# when they are all there already.
set -euo pipefail

packages=(
    build-essential cmake ninja-build ccache clang-format pkg-config
    qt6-base-dev qt6-httpserver-dev qt6-websockets-dev libqt6sql6-sqlite
    libgl-dev libxkbcommon-dev libvalijson-dev libsqlite3-dev qtkeychain-qt6-dev
    # Secrets sealed at rest (libsodium); the platforms called without automatic resends
    # (libcurl).
    libsodium-dev libcurl4-openssl-dev
    libqt6svg6 qt6-svg-dev xvfb xauth xdotool qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools qt6-translations-l10n
    curl tzdata desktop-file-utils appstream
    # The translations' checks (tools/translations) are Python scripts.
    python3
    # The server benchmarks (bench/server-*.sh) load the server with wrk; their short
    # forms run in the test suite.
    wrk
    # Packages and their tests: cpack's DEB generator needs file and dpkg-shlibdeps, the
    # archive is made under fakeroot, groff reads the man pages, systemd-analyze checks
    # the unit and readelf the programs' hardening.
    binutils file dpkg-dev fakeroot groff-base systemd
    # The fuzz targets (fuzz/, the fuzz preset): clang and its libFuzzer runtime.
    clang-14 libclang-rt-14-dev
    # LLVM's linker: links the many test programs several times faster than ld.bfd.
    lld
)
packages+=("$@")

missing=()
for package in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed'; then
        missing+=("$package")
    fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -eq 0 ]; then
    as_root=()
elif command -v sudo >/dev/null 2>&1; then
    as_root=(sudo)
else
    echo "Slotline needs these Debian packages: ${missing[*]}" >&2
    echo "Run this script as root, or install sudo." >&2
    exit 1
fi

echo "Installing: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
