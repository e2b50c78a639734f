#!/bin/bash
# Proxies /api/ without `proxy_set_header Host $http_host`, so the API receives nginx's default Host (127.0.0.1:9000) instead of the one the client sent.
set -euo pipefail
conf=/tmp/gateway.conf
cp /solution/gateway.conf "$conf"
python3 /solution/add_api.py "$conf"
grep -q 'proxy_set_header Host \$http_host;' "$conf" || { echo "mutant patch does not apply" >&2; exit 1; }
sed -i '/proxy_set_header Host \$http_host;/d' "$conf"
! grep -q 'proxy_set_header Host' "$conf" || { echo "mutant patch did not apply" >&2; exit 1; }
install -m 0644 "$conf" /etc/nginx/sites-available/gateway
ln -sfn /etc/nginx/sites-available/gateway /etc/nginx/sites-enabled/gateway
rm -f /etc/nginx/sites-enabled/default /etc/nginx/sites-enabled/legacy-shop
nginx -t
