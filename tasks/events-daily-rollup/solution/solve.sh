#!/bin/bash
# Reference solution: install the summary script, build /app/out and check it.
set -euo pipefail
install -D -m 0755 /solution/files/daily_summary.py /app/bin/daily_summary.py
python3 /app/bin/daily_summary.py
python3 /app/tools/dashboard_check.py
wc -l /app/out/daily.jsonl /app/out/rejects.jsonl
