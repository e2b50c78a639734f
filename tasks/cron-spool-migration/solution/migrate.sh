#!/bin/bash
# migrate.sh [SRC]: install web1's crontabs (SRC/crontabs/USER) on this box; re-runnable.
set -euo pipefail
SRC=${1:-/app/migration/old-web1}
LIB=/app/migration/cronmig.py
REPORT=/app/migration/report.txt
MARK='# migrated from web1'
install -d -m 0755 -o root -g root /var/log/cron-jobs
tmp=$(mktemp)
for path in $(find "$SRC/crontabs" -maxdepth 1 -type f | LC_ALL=C sort); do
    user=$(basename "$path")
    if [ "$user" = root ]; then
        python3 "$LIB" root "$path" --system > /etc/cron.d/.web1-root.new
        chmod 0644 /etc/cron.d/.web1-root.new
        mv /etc/cron.d/.web1-root.new /etc/cron.d/web1-root
    elif ! getent passwd "$user" >/dev/null; then
        echo "skipped $user no-account" >> "$tmp"
        continue
    else
        existing=$(crontab -l -u "$user" 2>/dev/null | sed "/^$MARK\$/,\$d" || true)
        {
            if [ -n "$existing" ]; then printf '%s\n' "$existing"; fi
            printf '%s\n' "$MARK"
            python3 "$LIB" "$user" "$path"
        } | crontab -u "$user" -
    fi
    log=/var/log/cron-jobs/$user.log
    [ -e "$log" ] || touch "$log"
    chown "$user:$(id -gn "$user")" "$log"
    chmod 0640 "$log"
    echo "installed $user $(python3 "$LIB" "$user" "$path" --count)" >> "$tmp"
done
mv "$tmp" "$REPORT"
chmod 0644 "$REPORT"
