#!/bin/bash
# Configures and restarts the service correctly but never restricts the token file, which stays readable by every user (mode 0644).
set -euo pipefail
cfg=/app/service/config.ini
cp -n "$cfg" /app/service/config.ini.orig
sed -i -E \
    -e 's/^version = .*/version = 2.1.0/' \
    -e 's/^host = .*/host = 127.0.0.1/' \
    -e 's/^port = .*/port = 8181/' \
    -e 's/^enabled = .*/enabled = healthz, version, notes/' \
    -e 's/^protect =.*/protect = notes/' \
    -e 's/^max_body_bytes = .*/max_body_bytes = 4096/' \
    "$cfg"
/app/service/servicectl restart
# Check: health, version, auth and the body limit on loopback.
curl -fsS http://127.0.0.1:8181/healthz
curl -fsS http://127.0.0.1:8181/version; echo
test "$(curl -s -o /dev/null -w '%{http_code}' http://127.0.0.1:8181/notes)" = 401
bash /app/tools/healthcheck.sh
