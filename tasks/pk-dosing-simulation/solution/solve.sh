#!/bin/bash
# Reference solution: install the simulator, run it on the regimens, check the dashboard reads the summary.
set -euo pipefail
install -D -m 0755 /solution/simulate.py /app/bin/simulate.py
python3 /app/bin/simulate.py
python3 /app/tools/dashboard.py
