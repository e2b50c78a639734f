#!/bin/bash
# Reads "4096 bytes" as 4 kB and sets max_body_bytes = 4000, so a note of exactly 4096 bytes is refused with 413.
set -euo pipefail
cfg=/app/service/config.ini
cp -n "$cfg" /app/service/config.ini.orig
sed -i -E \
    -e 's/^version = .*/version = 2.1.0/' \
    -e 's/^host = .*/host = 127.0.0.1/' \
    -e 's/^port = .*/port = 8181/' \
    -e 's/^enabled = .*/enabled = healthz, version, notes/' \
    -e 's/^protect =.*/protect = notes/' \
    -e 's/^max_body_bytes = .*/max_body_bytes = 4000/' \
    "$cfg"
chmod 0600 /app/service/secrets/api-token
/app/service/servicectl restart
# Check: health, version, auth and the body limit on loopback.
curl -fsS http://127.0.0.1:8181/healthz
curl -fsS http://127.0.0.1:8181/version; echo
test "$(curl -s -o /dev/null -w '%{http_code}' http://127.0.0.1:8181/notes)" = 401
bash /app/tools/healthcheck.sh
