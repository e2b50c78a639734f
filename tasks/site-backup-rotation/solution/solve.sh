#!/bin/bash
# Reference solution: install backup-site, keep a copy of /srv/backups before the first prune,
# run it once, schedule it, check.
set -euo pipefail
install -m 0755 /solution/backup-site /usr/local/sbin/backup-site
mkdir -p /var/backups/site-archives-before-rotation
cp -n -p /srv/backups/* /var/backups/site-archives-before-rotation/
/usr/local/sbin/backup-site
cat > /etc/cron.d/backup-site <<'CRON'
# Nightly archive of /srv/www/site with grandfather-father-son rotation.
SHELL=/bin/bash
PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
30 1 * * * root /usr/local/sbin/backup-site >> /var/log/backup-site.log 2>&1
CRON
chmod 0644 /etc/cron.d/backup-site
ls /srv/backups
tar -tzf "/srv/backups/site-$(date -u +%Y%m%d).tar.gz" | sort
