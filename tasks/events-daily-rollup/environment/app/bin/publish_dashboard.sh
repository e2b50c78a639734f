#!/bin/bash
# Publish the daily summary to the shared dashboards folder (read by every team's dashboards).
set -euo pipefail
python3 /app/tools/dashboard_check.py /app/out/daily.jsonl
install -m 0644 /app/out/daily.jsonl /srv/dashboards/events-daily.jsonl
echo "published to /srv/dashboards/events-daily.jsonl"
