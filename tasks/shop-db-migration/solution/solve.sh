#!/usr/bin/env bash
# Reference solution: keep a copy of the v1 file, rehearse on a scratch copy, migrate the live file in place.
set -euo pipefail
cd /app
install -m 0755 /solution/migrate.py /app/migrate.py
mkdir -p /app/backup
if [ "$(sqlite3 data/shop.db 'PRAGMA user_version')" = 0 ] && [ ! -e /app/backup/shop-v1.db ]; then
  sqlite3 data/shop.db ".backup '/app/backup/shop-v1.db'"
fi
rm -f /tmp/shop-rehearsal.db
sqlite3 data/shop.db ".backup '/tmp/shop-rehearsal.db'"
python3 migrate.py /tmp/shop-rehearsal.db
python3 migrate.py data/shop.db
sqlite3 data/shop.db 'PRAGMA user_version; PRAGMA foreign_key_check; PRAGMA integrity_check;' \
  'SELECT kind, count(*) FROM migration_issues GROUP BY kind;'
