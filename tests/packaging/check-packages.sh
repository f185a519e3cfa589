#!/usr/bin/env bash
# Makes the release packages of this tree and checks them as a user's machine gets them:
# the .deb unpacked into a scratch root (dpkg -x) has every file where Debian looks for
# it, Depends names the libraries the programs link and the plugins they load, and both
# programs run from there. The .tar.gz holds the same files.
# Usage: check-packages.sh SOURCE_DIR WORK_DIR VERSION
set -euo pipefail
source_dir="$1"
work="$2"
version="$3"

fail() {
    echo "FAIL: $*" >&2
    exit 1
}

cd "$source_dir"
scripts/build.sh release >/dev/null
rm -rf "$work"
mkdir -p "$work/root" "$work/archive"
# Into the test's own directory: another run cannot overwrite the files checked here.
cpack --config build/release/CPackConfig.cmake -B "$work/packages" >/dev/null
deb="$work/packages/slotline_${version}_amd64.deb"
archive="$work/packages/slotline-${version}-linux-x86_64.tar.gz"
[ -f "$deb" ] || fail "no $deb"
[ -f "$archive" ] || fail "no $archive"

# Depends: computed from the programs (dpkg-shlibdeps), plus the run-time plugins.
depends=$(dpkg-deb -f "$deb" Depends)
echo "Depends: $depends"
for package in libc6 libstdc++6 libqt6core6 libqt6widgets6 libqt6network6 libqt6httpserver6 \
    libqt6sql6 libqt6keychain1 libsqlite3-0 libqt6sql6-sqlite libqt6svg6; do
    # One package name per line, versions and alternatives dropped.
    sed -e 's/ ([^)]*)//g' -e 's/ *| */, /g' -e 's/, /\n/g' <<<"$depends" | grep -Fqx "$package" \
        || fail "Depends lacks $package"
done
grep -q 'libasan' <<<"$depends" && fail "Depends names the sanitizer runtime: not a release build"

dpkg -x "$deb" "$work/root"
root="$work/root"
for file in usr/bin/slotline usr/bin/slotline-server \
    usr/share/applications/org.slotline.Slotline.desktop \
    usr/share/metainfo/org.slotline.Slotline.metainfo.xml \
    usr/share/icons/hicolor/scalable/apps/org.slotline.Slotline.svg \
    usr/share/man/man1/slotline.1 usr/share/man/man1/slotline-server.1 \
    usr/lib/systemd/system/slotline-server.service etc/default/slotline-server \
    usr/share/doc/slotline/copyright; do
    [ -e "$root/$file" ] || fail "the package lacks /$file"
done
for size in 16 22 24 32 48 64 128 256; do
    icon="usr/share/icons/hicolor/${size}x${size}/apps/org.slotline.Slotline.png"
    [ -s "$root/$icon" ] || fail "the package lacks /$icon"
done

# The menu entry starts the program the package puts in PATH.
grep -qx 'Exec=slotline' "$root/usr/share/applications/org.slotline.Slotline.desktop" \
    || fail "the desktop entry does not run slotline"
# The service runs the packaged server, and its options file is kept over upgrades.
grep -q '^ExecStart=/usr/bin/slotline-server serve ' \
    "$root/usr/lib/systemd/system/slotline-server.service" \
    || fail "the unit does not run /usr/bin/slotline-server"
dpkg-deb --ctrl-tarfile "$deb" | tar -x -C "$work" ./conffiles ./postinst ./prerm ./postrm
grep -qx '/etc/default/slotline-server' "$work/conffiles" \
    || fail "/etc/default/slotline-server is not a conffile"
for script in postinst prerm postrm; do
    sh -n "$work/$script" || fail "$script does not parse"
done

# Both programs run from the scratch root, with the version of this tree.
app_version=$(QT_QPA_PLATFORM=offscreen "$root/usr/bin/slotline" --version)
grep -q "$version" <<<"$app_version" || fail "slotline --version said: $app_version"
server_version=$("$root/usr/bin/slotline-server" --version)
grep -q "$version" <<<"$server_version" || fail "slotline-server --version said: $server_version"
echo "$app_version / $server_version"
# The packaged server makes its data (the SQLite plugin the package depends on).
"$root/usr/bin/slotline-server" init-demo --data "$work/data" >/dev/null \
    || fail "the packaged server could not make its data"

# The archive holds the same files as the .deb.
tar -xzf "$archive" -C "$work/archive"
diff <(cd "$root" && find . -type f | sort) <(cd "$work/archive" && find . -type f | sort) \
    || fail "the archive and the .deb hold different files"
echo "packages OK: $(basename "$deb"), $(basename "$archive")"
