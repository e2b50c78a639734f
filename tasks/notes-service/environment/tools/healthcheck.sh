#!/bin/bash
# Monitoring probe (runs every minute from the monitoring agent): reads the port from the
# service config and checks /healthz on loopback.
port=$(sed -n 's/^port = \([0-9][0-9]*\)$/\1/p' /app/service/config.ini | head -n 1)
[ -n "$port" ] || { echo "healthcheck: no 'port = N' line in /app/service/config.ini" >&2; exit 2; }
body=$(curl -fsS --max-time 3 "http://127.0.0.1:$port/healthz") || { echo "healthcheck: /healthz on port $port failed" >&2; exit 1; }
[ "$body" = "ok" ] || { echo "healthcheck: unexpected body" >&2; exit 1; }
echo "healthcheck: ok (port $port)"
