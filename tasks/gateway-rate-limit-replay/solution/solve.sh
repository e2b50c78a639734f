#!/bin/bash
# Reference solution: install the replay tool, run it on the real log and limits, show the summary.
set -euo pipefail
install -D -m 0755 /solution/replay_limits.py /app/bin/replay_limits.py
python3 /app/bin/replay_limits.py
python3 -c 'import json; s = json.load(open("/app/out/summary.json")); print(len(s["malformed_lines"]), "malformed;", {c: v["rejected"] for c, v in s["clients"].items()})'
