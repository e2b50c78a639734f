#!/bin/bash
# Configures everything correctly but copies config.ini to config.ini.orig only after editing it, so the "original" already holds the 2.1.0 settings.
set -euo pipefail
cfg=/app/service/config.ini
sed -i -E \
    -e 's/^version = .*/version = 2.1.0/' \
    -e 's/^host = .*/host = 127.0.0.1/' \
    -e 's/^port = .*/port = 8181/' \
    -e 's/^enabled = .*/enabled = healthz, version, notes/' \
    -e 's/^protect =.*/protect = notes/' \
    -e 's/^max_body_bytes = .*/max_body_bytes = 4096/' \
    "$cfg"
cp "$cfg" /app/service/config.ini.orig
chmod 0600 /app/service/secrets/api-token
/app/service/servicectl restart
curl -fsS http://127.0.0.1:8181/healthz
test "$(curl -s -o /dev/null -w '%{http_code}' http://127.0.0.1:8181/notes)" = 401
bash /app/tools/healthcheck.sh
