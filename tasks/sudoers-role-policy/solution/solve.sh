#!/bin/bash
# Reference solution: three role files (checked with visudo before they go live), legacy files
# copied to /root/sudoers-legacy and removed, mallory out of the sudo group, then a check.
set -euo pipefail

mkdir -p /root/sudoers-legacy
for f in 90-legacy ops.conf 'deploy~'; do
    if [ -e "/etc/sudoers.d/$f" ]; then
        cp -n -p "/etc/sudoers.d/$f" /root/sudoers-legacy/
    fi
done

stage=$(mktemp -d)
cat > "$stage/10-ops" <<'SUDO'
# ops: everything, as any user and group, with their password.
Defaults logfile=/var/log/sudo.log
%ops ALL=(ALL:ALL) ALL
SUDO
cat > "$stage/20-developers" <<'SUDO'
# developers: read the app's logs and status, as root, with their password; NOEXEC keeps the
# pager (less) from starting a shell as root.
Cmnd_Alias APP_LOGS = /usr/bin/journalctl -u app-web.service, \
                      /usr/bin/journalctl -u app-worker.service, \
                      /usr/bin/systemctl status app-web.service, \
                      /usr/bin/systemctl status app-worker.service
%developers ALL=(root) NOEXEC: APP_LOGS
SUDO
cat > "$stage/30-deploy" <<'SUDO'
# deploy (CI pipeline): restart the two app services, as root, without a password.
Cmnd_Alias APP_RESTART = /usr/bin/systemctl restart app-web.service, \
                         /usr/bin/systemctl restart app-worker.service
deploy ALL=(root) NOPASSWD: APP_RESTART
SUDO
for f in 10-ops 20-developers 30-deploy; do
    visudo -cqf "$stage/$f"
    install -o root -g root -m 0440 "$stage/$f" "/etc/sudoers.d/$f"
done
rm -rf "$stage"

rm -f /etc/sudoers.d/90-legacy /etc/sudoers.d/ops.conf '/etc/sudoers.d/deploy~'
# mallory's remaining rights come from the %sudo rule in /etc/sudoers.
if id -nG mallory | tr ' ' '\n' | grep -qx sudo; then
    gpasswd -d mallory sudo >/dev/null
fi

visudo -c
ls -l /etc/sudoers.d
for u in alice bob deploy mallory; do
    sudo -l -U "$u" 2>/dev/null | sed -n '/may run/,$p' || echo "$u: no sudo rights"
done
