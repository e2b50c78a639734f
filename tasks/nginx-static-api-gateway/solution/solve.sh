#!/bin/bash
# Reference solution: the gateway site (static files, caching, hidden files, /healthz, gzip), the
# only enabled one, checked against a running nginx; then its API part, checked against the
# API stand-in.
set -euo pipefail
install -m 0644 /solution/gateway.conf /etc/nginx/sites-available/gateway
ln -sfn /etc/nginx/sites-available/gateway /etc/nginx/sites-enabled/gateway
rm -f /etc/nginx/sites-enabled/default /etc/nginx/sites-enabled/legacy-shop
nginx -t

# Start (or restart) nginx, then check the static behaviour.
if pidof nginx >/dev/null; then nginx -s quit; while pidof nginx >/dev/null; do sleep 0.1; done; fi
nginx
for _ in $(seq 50); do curl -fs -o /dev/null http://127.0.0.1:8080/healthz && break; sleep 0.1; done
curl -fsS http://127.0.0.1:8080/healthz
test "$(curl -s -o /dev/null -w '%{http_code}' http://127.0.0.1:8080/.env)" = 404
test "$(curl -s -o /dev/null -w '%{http_code}' http://127.0.0.1:8080/.well-known/security.txt)" = 200
curl -sI http://127.0.0.1:8080/assets/app.8d2e4b.css | grep -i '^cache-control'

# The API under /api/ (prefix removed, client headers, 10 MiB bodies); reload and check it
# against the API stand-in.
python3 /solution/add_api.py /etc/nginx/sites-available/gateway
nginx -t
/app/backend/run.sh
nginx -s reload
for _ in $(seq 50); do curl -fs -o /dev/null http://127.0.0.1:8080/api/orders/7 && break; sleep 0.1; done
curl -fsS http://127.0.0.1:8080/api/orders/7?page=2 | python3 -c 'import json,sys; d=json.load(sys.stdin); assert d["path"] == "/orders/7?page=2", d; print("api path:", d["path"])'
