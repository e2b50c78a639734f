#!/bin/bash
# "Cleans up" the access log in place by deleting its blank lines before the replay, modifying the gateway's evidence copy.
set -euo pipefail
sed -i '/^[[:space:]]*$/d' /app/logs/access.jsonl
install -D -m 0755 /solution/replay_limits.py /app/bin/replay_limits.py
python3 /app/bin/replay_limits.py
