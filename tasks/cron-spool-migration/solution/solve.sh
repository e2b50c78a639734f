#!/bin/bash
# Reference solution: back up the box's crontabs, then a re-runnable migration script, then run it.
set -euo pipefail
# Before changing anything: every crontab already on this box, saved as backup/USER.crontab.
mkdir -p /app/migration/backup
for u in $(ls /var/spool/cron/crontabs); do crontab -l -u "$u" > "/app/migration/backup/$u.crontab"; done
# The rewrite of one crontab (header and MAILTO dropped, paths, log redirection, cron.d user column).
install -m 0755 /solution/cronmig.py /app/migration/cronmig.py
# The migration script: user crontabs through crontab -u, root's jobs in /etc/cron.d/web1-root.
install -m 0755 /solution/migrate.sh /app/migration/migrate.sh
/app/migration/migrate.sh
# Checks: a second run changes nothing; what got installed.
before=$(for u in alice bob carol dave; do crontab -l -u "$u"; done; cat /etc/cron.d/web1-root)
/app/migration/migrate.sh
test "$before" = "$(for u in alice bob carol dave; do crontab -l -u "$u"; done; cat /etc/cron.d/web1-root)"
cat /app/migration/report.txt
crontab -l -u bob
ls -l /var/log/cron-jobs
