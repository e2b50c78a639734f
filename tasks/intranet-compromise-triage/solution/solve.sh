#!/bin/bash
# Reference solution: find the attacker's files and persistence, quarantine them with their
# metadata and hashes, restore the trojaned sshd from the cached package, write the timeline.
set -euo pipefail
Q=/var/quarantine/incident-2026-11
WEB=/srv/www/html
ATTACKER=203.0.113.77

# Step 1: the quarantine folder, root only.
mkdir -p "$Q/files"
chown root:root /var/quarantine "$Q"
chmod 0700 "$Q"
: > "$Q/removed-lines.tsv"

# quarantine PATH: move it (mode, owners and mtime travel with it) under files/<original path>.
quarantine() {
    mkdir -p "$Q/files$(dirname "$1")"
    mv "$1" "$Q/files$1"
}

# Step 2: web shells outside uploads/: files the deploy manifest does not list.
cd "$WEB"
find . -path ./uploads -prune -o -type f -printf '%P\n' | LC_ALL=C sort > /tmp/present.txt
cut -c67- /srv/www/releases/2026.11.3.sha256 | LC_ALL=C sort > /tmp/deployed.txt
comm -23 /tmp/present.txt /tmp/deployed.txt | while read -r rel; do quarantine "$WEB/$rel"; done
sha256sum --quiet -c /srv/www/releases/2026.11.3.sha256

# Step 3: web shells in uploads/: anything that is not a real image or PDF (PHP inside a GIF too).
find "$WEB/uploads" -type f ! -name .keep | while read -r f; do
    case "$(file -b --mime-type "$f")" in
        image/jpeg | image/png | application/pdf) grep -q '<?php' "$f" || continue ;;
    esac
    quarantine "$f"
done

# Step 4: the systemd persistence: the unit, what it runs, and its enablement link.
unit=/etc/systemd/system/php-fpm-helper.service
payload=$(sed -n 's/^ExecStart=//p' "$unit")
rm /etc/systemd/system/multi-user.target.wants/php-fpm-helper.service
quarantine "$unit"
quarantine "$payload"

# Step 5: the attacker's cron line (it runs the same payload); the app's lines stay.
tab=/var/spool/cron/crontabs/www-data
grep -F "$payload" "$tab" | while read -r line; do printf '%s\t%s\n' "$tab" "$line" >> "$Q/removed-lines.tsv"; done
grep -vF "$payload" "$tab" > /tmp/crontab.new
cat /tmp/crontab.new > "$tab"

# Step 6: the attacker's SSH key: the one whose fingerprint logged in from the attacker's address.
fpr=$(grep "from $ATTACKER " /var/log/auth.log | grep -o 'SHA256:[A-Za-z0-9+/]*' | sort -u)
keys=/root/.ssh/authorized_keys
: > /tmp/keys.new
while read -r line; do
    if [ "$(echo "$line" | ssh-keygen -lf - | awk '{print $2}')" = "$fpr" ]; then
        printf '%s\t%s\n' "$keys" "$line" >> "$Q/removed-lines.tsv"
    else
        echo "$line" >> /tmp/keys.new
    fi
done < "$keys"
cat /tmp/keys.new > "$keys"

# Step 7: the trojaned sshd (dpkg --verify flags it) and the real sshd it hid; reinstall from the cache.
dpkg --verify openssh-server | grep ' /usr/sbin/sshd$'
hidden=$(grep -o '/usr/lib/[^ "]*' /usr/sbin/sshd)
quarantine /usr/sbin/sshd
quarantine "$hidden"
dpkg -i /var/cache/apt/archives/openssh-server_*.deb > /dev/null
if dpkg --verify openssh-server | grep ' /usr/sbin/sshd$'; then echo "sshd still differs from its package" >&2; exit 1; fi

# Step 8: the hashes of what was quarantined.
cd "$Q/files"
find . -type f -printf '/%P\n' | LC_ALL=C sort | while read -r p; do
    printf '%s  %s\n' "$(sha256sum < ".$p" | cut -d' ' -f1)" "$p"
done > "$Q/SHA256SUMS"
cd /

# Step 9: the timeline, in UTC (the logs are Europe/Berlin, +0100), the rotated logs included.
set +o pipefail  # head ends the log pipelines early
mkdir -p /root/incident
utc() { date -u -d "$1" +%Y-%m-%dT%H:%M:%SZ; }
clf() { echo "$1" | tr -d '[]' | sed -E 's#^([0-9]+)/([A-Za-z]+)/([0-9]+):([0-9:]+) (.*)$#\1 \2 \3 \4 \5#'; }
all() { zcat -f /var/log/apache2/access.log.2.gz /var/log/apache2/access.log.1 /var/log/apache2/access.log; }
first=$(all | grep "^$ATTACKER " | head -n1 | awk '{print $4, $5}')
login=$(all | grep "^$ATTACKER " | grep '"POST /login.php[^"]*" 302' | head -n1 | awk '{print $4, $5}')
upload=$(all | grep "^$ATTACKER " | grep '"POST /profile/avatar.php' | head -n1 | awk '{print $4, $5}')
exec1=$(all | grep "^$ATTACKER " | grep -E '"GET /uploads/[^" ]*\.php\?c=' | head -n1 | awk '{print $4, $5}')
ssh1=$(grep "Accepted publickey for root from $ATTACKER " /var/log/auth.log | head -n1 | awk '{print $2, $1, 2026, $3}')
when() { utc "$(clf "$1")"; }
t_first=$(when "$first")
t_login=$(when "$login")
t_upload=$(when "$upload")
t_exec=$(when "$exec1")
t_ssh=$(utc "$ssh1 +0100")
{
    printf '%s\tfirst_access\t%s\tfirst request (GET /), access.log.2.gz\n' "$t_first" "$ATTACKER"
    printf '%s\tlogin\t%s\tPOST /login.php answered 302 after 14 failed tries\n' "$t_login" "$ATTACKER"
    printf '%s\twebshell_upload\t%s\tPOST /profile/avatar.php uploaded uploads/avatars/u1042.php\n' "$t_upload" "$ATTACKER"
    printf '%s\twebshell_exec\t%s\tGET /uploads/avatars/u1042.php?c=id\n' "$t_exec" "$ATTACKER"
    printf '%s\tssh_login\t%s\troot login with the planted key ops-backup@backup02, auth.log\n' "$t_ssh" "$ATTACKER"
} | LC_ALL=C sort > /root/incident/timeline.tsv
cat /root/incident/timeline.tsv
