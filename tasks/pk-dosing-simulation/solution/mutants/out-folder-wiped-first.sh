#!/bin/bash
# Empties /app/out before the run for a clean output folder, deleting last week's results in /app/out/2024-06-03/.
set -euo pipefail
install -D -m 0755 /solution/simulate.py /app/bin/simulate.py
rm -rf /app/out
python3 /app/bin/simulate.py
python3 /app/tools/dashboard.py
