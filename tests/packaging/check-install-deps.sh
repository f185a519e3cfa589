#!/usr/bin/env bash
# Checks that scripts/install-deps.sh installs every program the packages and their tests
# run: each comes from a Debian package it names, or from an essential one (on every
# Debian system). A minimal Debian 12 (the debian:12 image) lacks file, groff and
# systemd, and nothing else install-deps.sh installs pulls them in.
# Usage: check-install-deps.sh SOURCE_DIR
set -euo pipefail
source_dir="$1"

# The names between "packages=(" and ")", comments dropped.
named=$(sed -n '/^packages=(/,/^)/p' "$source_dir/scripts/install-deps.sh" \
    | sed -e 's/#.*//' -e 's/packages=(//' -e 's/)//' | tr -s ' \t' '\n\n' | sed '/^$/d')

status=0
for program in cpack file dpkg-shlibdeps dpkg-deb fakeroot groff systemd-analyze readelf \
    desktop-file-validate appstreamcli gzip tar; do
    path=$(command -v "$program") || {
        echo "FAIL: $program is not installed" >&2
        status=1
        continue
    }
    # The package that owns the command (readelf: binutils, not the one its link points
    # to), else the file it links to (fakeroot, an alternative); /usr/bin or /bin.
    real=$(readlink -f "$path")
    package=$(dpkg-query -S "$path" "${path#/usr}" "$real" "${real#/usr}" 2>/dev/null \
        | head -1) || true
    [ -n "$package" ] || {
        echo "FAIL: no package owns $path ($program)" >&2
        status=1
        continue
    }
    package=${package%%:*}
    package=${package%%,*}
    if grep -qxF "$package" <<<"$named"; then
        echo "$program: $package"
    elif [ "$(dpkg-query -W -f='${Essential}' "$package")" = yes ]; then
        echo "$program: $package (essential)"
    else
        echo "FAIL: $program comes from $package, not installed by scripts/install-deps.sh" >&2
        status=1
    fi
done
exit "$status"
