#!/bin/bash
# Pull the latest recordings from the bridge loggers into /app/data (field team; do not change
# without them). Needs the logger VPN, so it only works on site.
set -u
for s in s1 s2 s3; do
  scp "logger-$s.river-street.local:/export/latest.csv" "/app/data/bridge-$s.csv" 2>/dev/null \
    || echo "export_logger: logger-$s unreachable (are you on site?)" >&2
done
