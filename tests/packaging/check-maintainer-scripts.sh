#!/usr/bin/env bash
# Runs the package's maintainer scripts through an install, an upgrade, a failed removal,
# a removal and a purge, without root: the system they act on is a scratch root. The real
# deb-systemd-helper works there (DPKG_ROOT), so the links `systemctl enable` makes are
# real files; the programs that need root or a running systemd (adduser, chown,
# deb-systemd-invoke, systemctl...) are stand-ins that log how they were called. The
# scripts' absolute paths (/var/lib/slotline-server, /run/systemd/system) are pointed into
# the scratch root.
# Usage: check-maintainer-scripts.sh SCRIPTS_DIR UNIT_FILE WORK_DIR
set -euo pipefail
scripts="$1"
unit_file="$2"
work="$3"

fail() {
    echo "FAIL: $*" >&2
    [ -s "$log" ] && sed 's/^/  ran: /' "$log" >&2
    exit 1
}

rm -rf "$work"
root="$work/root"
bin="$work/bin"
log="$work/calls.log"
mkdir -p "$root/usr/lib/systemd/system" "$root/run/systemd/system" "$root/var/lib" "$bin"
cp "$unit_file" "$root/usr/lib/systemd/system/slotline-server.service"
: >"$log"

# The stand-ins: getent knows the user once adduser has made it; deb-systemd-helper is
# the real one, acting on the scratch root.
stub() {
    printf '#!/bin/sh\necho "%s $*" >>"%s"\n%s\n' "$1" "$log" "${2:-exit 0}" >"$bin/$1"
    chmod +x "$bin/$1"
}
stub adduser "touch '$work/user-exists'"
stub getent "[ \"\$1\" = passwd ] && [ \"\$2\" = slotline-server ] && [ -e '$work/user-exists' ]"
stub chown
stub dpkg-statoverride 'exit 1'
stub deb-systemd-invoke
stub systemctl
stub deluser 'exit 1'
stub deb-systemd-helper "DPKG_ROOT='$root' exec '$(command -v deb-systemd-helper)' \"\$@\""

for script in postinst prerm postrm; do
    [ -f "$scripts/$script" ] || fail "no $scripts/$script"
    sed -e "s#/var/lib/slotline-server#$root/var/lib/slotline-server#g" \
        -e "s#/run/systemd/system#$root/run/systemd/system#g" \
        "$scripts/$script" >"$work/$script"
done

# Runs one script with its arguments as dpkg does, with a fresh log of what it called.
run() {
    : >"$log"
    PATH="$bin:$PATH" DPKG_MAINTSCRIPT_PACKAGE=slotline DPKG_MAINTSCRIPT_NAME="$1" \
        sh -e "$work/$1" "${@:2}" || fail "$* exited with $?"
}
called() { grep -qxF -- "$1" "$log"; }
never() { ! grep -qE -- "$1" "$log"; }

data="$root/var/lib/slotline-server"
link="$root/etc/systemd/system/multi-user.target.wants/slotline-server.service"
mask="$root/etc/systemd/system/slotline-server.service"
state="$root/var/lib/systemd/deb-systemd-helper-enabled/slotline-server.service.dsh-also"
unit=slotline-server.service

# First installation: the system user, its data directory, the state deb-systemd-helper
# needs for the purge; the service is neither enabled nor started.
run postinst configure
called "adduser --quiet --system --group --home $data --no-create-home slotline-server" \
    || fail "postinst configure did not make the system user slotline-server"
[ -d "$data" ] && [ ! -L "$data" ] || fail "postinst did not make $data"
[ "$(stat -c %a "$data")" = 700 ] || fail "$data has mode $(stat -c %a "$data"), not 700"
called "chown slotline-server:slotline-server $data" \
    || fail "postinst did not give $data to the user"
grep -qxF /etc/systemd/system/multi-user.target.wants/slotline-server.service "$state" \
    || fail "deb-systemd-helper does not know the link a purge must remove"
[ ! -L "$link" ] || fail "postinst enabled the service"
called "systemctl --system daemon-reload" || fail "postinst did not make systemd read the unit"
never '^deb-systemd-invoke' || fail "postinst started the service on its first installation"

# The administrator enables the service.
mkdir -p "$(dirname "$link")"
ln -s /usr/lib/systemd/system/$unit "$link"

# An upgrade: the user is not made twice, a running service restarts, none is stopped.
run prerm upgrade 0.1.1
never '^deb-systemd-invoke' || fail "prerm upgrade stopped the service"
run postinst configure 0.1.0
never '^adduser' || fail "postinst made the user again"
called "deb-systemd-invoke try-restart $unit" || fail "an upgrade does not restart the service"
[ -L "$link" ] || fail "an upgrade disabled the service"

# A removal that fails after prerm: the enabled service starts again.
run prerm remove
called "deb-systemd-invoke stop $unit" || fail "prerm remove did not stop the service"
run postinst abort-remove
called "deb-systemd-invoke start $unit" || fail "postinst abort-remove did not start it again"
for action in abort-upgrade abort-deconfigure; do
    run postinst $action
    called "deb-systemd-invoke start $unit" || fail "postinst $action did not start it again"
done

# Only daemon-reload goes to systemctl directly; the rest through deb-systemd-invoke,
# which respects policy-rc.d.
for script in postinst prerm postrm; do
    if sed 's/#.*//' "$scripts/$script" | grep -nE '(^|[^-])systemctl ' \
        | grep -v 'daemon-reload'; then
        fail "$script calls systemctl for more than daemon-reload"
    fi
done

# Removal: dpkg has removed the unit before postrm, which masks it.
run prerm remove
rm -f "$root/usr/lib/systemd/system/$unit"
run postrm remove
called "deb-systemd-helper mask $unit" || fail "postrm remove did not mask the unit"
[ "$(readlink "$mask")" = /dev/null ] || fail "the removed unit is not masked"

# Purge: the links `systemctl enable` made and the mask go; the data and the user stay.
run postrm purge
called "deb-systemd-helper purge $unit" || fail "postrm purge did not purge the unit's links"
[ ! -L "$link" ] || fail "purge left $link behind"
[ ! -L "$mask" ] || fail "purge left the mask $mask behind"
[ ! -e "$state" ] || fail "purge left deb-systemd-helper's state behind"
[ -d "$data" ] || fail "purge deleted the data"
never '^deluser' || fail "purge removed the user"

# A later installation after the purge does not enable the service on its own.
cp "$unit_file" "$root/usr/lib/systemd/system/$unit"
run postinst configure
[ ! -L "$link" ] || fail "reinstalling after a purge enabled the service"
never '^adduser' || fail "postinst made the user again after a purge"
never '^deb-systemd-invoke' || fail "reinstalling started the service"
run postinst abort-remove
never '^deb-systemd-invoke' || fail "abort-remove started a service that is not enabled"
echo "maintainer scripts OK"
