#!/bin/bash
# Start the shop API stand-in on 127.0.0.1:9000 in the background (no-op if it already answers).
if (echo > /dev/tcp/127.0.0.1/9000) 2>/dev/null; then
    echo "shop-api already answers on 127.0.0.1:9000"
    exit 0
fi
nohup python3 /app/backend/echo_api.py >/var/log/shop-api.log 2>&1 &
for _ in $(seq 50); do
    if (echo > /dev/tcp/127.0.0.1/9000) 2>/dev/null; then
        echo "shop-api started on 127.0.0.1:9000 (pid $!)"
        exit 0
    fi
    sleep 0.1
done
echo "shop-api did not come up, see /var/log/shop-api.log" >&2
exit 1
