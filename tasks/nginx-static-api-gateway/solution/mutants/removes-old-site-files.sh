#!/bin/bash
# Sets up the gateway correctly but "cleans up" the disabled sites by deleting their files from sites-available too, not just the symlinks in sites-enabled.
set -euo pipefail
conf=/tmp/gateway.conf
cp /solution/gateway.conf "$conf"
python3 /solution/add_api.py "$conf"
install -m 0644 "$conf" /etc/nginx/sites-available/gateway
ln -sfn /etc/nginx/sites-available/gateway /etc/nginx/sites-enabled/gateway
rm -f /etc/nginx/sites-enabled/default /etc/nginx/sites-enabled/legacy-shop
rm -f /etc/nginx/sites-available/default /etc/nginx/sites-available/legacy-shop
nginx -t
