#!/bin/bash
# Proxies /api/ with `proxy_pass http://127.0.0.1:9000;` (no URI part), so the API receives /api/orders/7 instead of /orders/7.
set -euo pipefail
conf=/tmp/gateway.conf
cp /solution/gateway.conf "$conf"
python3 /solution/add_api.py "$conf"
sed -i 's#proxy_pass http://127.0.0.1:9000/;#proxy_pass http://127.0.0.1:9000;#' "$conf"
grep -q 'proxy_pass http://127.0.0.1:9000;' "$conf" || { echo "mutant patch did not apply" >&2; exit 1; }
install -m 0644 "$conf" /etc/nginx/sites-available/gateway
ln -sfn /etc/nginx/sites-available/gateway /etc/nginx/sites-enabled/gateway
rm -f /etc/nginx/sites-enabled/default /etc/nginx/sites-enabled/legacy-shop
nginx -t
