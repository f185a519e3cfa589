#!/usr/bin/env bash
# Makes the release packages of this tree and checks them as a user's machine gets them:
# the .deb unpacked into a scratch root (dpkg -x) has every file where Debian looks for
# it, in the form Debian's policy (and lintian) asks for, Depends names the libraries the
# programs link and the plugins they load, the programs are hardened, and both run from
# there. The .tar.gz holds the same files, every one of them root's.
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
# Under fakeroot, as scripts/package.sh runs it: the archive records file owners.
fakeroot cpack --config build/release/CPackConfig.cmake -B "$work/packages" >/dev/null
deb="$work/packages/slotline_${version}_amd64.deb"
archive="$work/packages/slotline-${version}-linux-x86_64.tar.gz"
[ -f "$deb" ] || fail "no $deb"
[ -f "$archive" ] || fail "no $archive"

# Depends: computed from the programs (dpkg-shlibdeps), plus the run-time plugins.
depends=$(dpkg-deb -f "$deb" Depends)
echo "Depends: $depends"
for package in libc6 libstdc++6 libqt6core6 libqt6widgets6 libqt6network6 libqt6httpserver6 \
    libqt6sql6 libqt6keychain1 libsqlite3-0 libqt6sql6-sqlite libqt6svg6 adduser; do
    # One package name per line, versions and alternatives dropped.
    sed -e 's/ ([^)]*)//g' -e 's/ *| */, /g' -e 's/, /\n/g' <<<"$depends" | grep -Fqx "$package" \
        || fail "Depends lacks $package"
done
grep -q 'libasan' <<<"$depends" && fail "Depends names the sanitizer runtime: not a release build"
# Debian's tools show the description's lines as they are: each under 80 characters.
long=$(dpkg-deb -f "$deb" Description | awk 'length($0) >= 80')
[ -z "$long" ] || fail "description lines of 80 characters or more:"$'\n'"$long"

# Every file and directory in both packages belongs to root: extracted by root (the
# archive over /, say), none may hand a directory such as /usr to the packager's user.
for listing in "$(dpkg-deb -c "$deb")" "$(tar -tvzf "$archive")"; do
    others=$(awk '$2 != "root/root"' <<<"$listing")
    [ -z "$others" ] || fail "entries not owned by root/root:"$'\n'"$others"
done

dpkg -x "$deb" "$work/root"
root="$work/root"
for file in usr/bin/slotline usr/bin/slotline-server \
    usr/share/applications/org.slotline.Slotline.desktop \
    usr/share/metainfo/org.slotline.Slotline.metainfo.xml \
    usr/share/icons/hicolor/scalable/apps/org.slotline.Slotline.svg \
    usr/share/man/man1/slotline.1.gz usr/share/man/man1/slotline-server.1.gz \
    usr/lib/systemd/system/slotline-server.service etc/default/slotline-server \
    usr/share/doc/slotline/copyright usr/share/doc/slotline/changelog.gz; do
    [ -e "$root/$file" ] || fail "the package lacks /$file"
done
for size in 16 22 24 32 48 64 128 256; do
    icon="usr/share/icons/hicolor/${size}x${size}/apps/org.slotline.Slotline.png"
    [ -s "$root/$icon" ] || fail "the package lacks /$icon"
done

# Man pages and the changelog are compressed with gzip -9n (no name, no time stamp: the
# same source makes the same file), and only the compressed pages are there.
for pair in man/slotline.1:usr/share/man/man1/slotline.1.gz \
    man/slotline-server.1:usr/share/man/man1/slotline-server.1.gz \
    debian/changelog:usr/share/doc/slotline/changelog.gz; do
    gzip -9nc "packaging/${pair%%:*}" | cmp -s - "$root/${pair#*:}" \
        || fail "/${pair#*:} is not packaging/${pair%%:*} compressed with gzip -9n"
done
for page in slotline.1 slotline-server.1; do
    [ ! -e "$root/usr/share/man/man1/$page" ] || fail "the package holds /usr/share/man/man1/$page"
done
# The changelog's latest entry is this version.
changelog_version=$(dpkg-parsechangelog -l packaging/debian/changelog -S Version)
[ "$changelog_version" = "$version" ] \
    || fail "packaging/debian/changelog's latest entry is $changelog_version, not $version"

# Both programs are hardened: stack protector, checked libc calls (_FORTIFY_SOURCE), a
# read-only GOT bound at start-up (RELRO, BIND_NOW).
for program in usr/bin/slotline usr/bin/slotline-server; do
    symbols=$(readelf --dyn-syms -W "$root/$program")
    grep -q ' __stack_chk_fail@' <<<"$symbols" || fail "/$program has no stack protector"
    grep -qE ' __[a-z_]+_chk@' <<<"$symbols" || fail "/$program calls no fortified libc function"
    readelf -lW "$root/$program" | grep -q GNU_RELRO || fail "/$program has no RELRO segment"
    readelf -dW "$root/$program" | grep -qE 'FLAGS.*(BIND_NOW| NOW)' \
        || fail "/$program is not linked with -z now"
done

# The menu entry starts the program the package puts in PATH.
grep -qx 'Exec=slotline' "$root/usr/share/applications/org.slotline.Slotline.desktop" \
    || fail "the desktop entry does not run slotline"
# The service runs the packaged server, and its options file is kept over upgrades.
grep -q '^ExecStart=/usr/bin/slotline-server serve ' \
    "$root/usr/lib/systemd/system/slotline-server.service" \
    || fail "the unit does not run /usr/bin/slotline-server"
# ...as the static user the package makes (files an administrator makes for it can be
# given to it), not as a DynamicUser=.
grep -qx 'User=slotline-server' "$root/usr/lib/systemd/system/slotline-server.service" \
    || fail "the unit does not run the server as slotline-server"
grep -q '^DynamicUser=' "$root/usr/lib/systemd/system/slotline-server.service" \
    && fail "the unit still uses DynamicUser="
dpkg-deb --ctrl-tarfile "$deb" | tar -x -C "$work" ./conffiles ./postinst ./prerm ./postrm
grep -qx '/etc/default/slotline-server' "$work/conffiles" \
    || fail "/etc/default/slotline-server is not a conffile"
# The scripts packaging_maintainer_scripts runs are the ones in the package.
for script in postinst prerm postrm; do
    sh -n "$work/$script" || fail "$script does not parse"
    cmp -s "$work/$script" "packaging/debian/$script" \
        || fail "the package's $script is not packaging/debian/$script"
done

# The AppStream file names its developer and the package's homepage, as AppStream reads
# them (appstreamcli's own YAML of it).
homepage=$(dpkg-deb -f "$deb" Homepage)
appstreamcli convert --format=yaml "$root/usr/share/metainfo/org.slotline.Slotline.metainfo.xml" \
    "$work/metainfo.yml" >/dev/null
grep -A1 -x 'DeveloperName:' "$work/metainfo.yml" | grep -qx '  C: The Slotline authors' \
    || fail "the AppStream file names no developer"
grep -A1 -x 'Url:' "$work/metainfo.yml" | grep -qx "  homepage: $homepage" \
    || fail "the AppStream file's homepage is not the package's, $homepage"

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
