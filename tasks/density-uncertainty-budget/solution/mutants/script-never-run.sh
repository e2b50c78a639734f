#!/bin/bash
# Installs a correct density.py but never runs it, so /app/out/density.csv does not exist for the current batch.
set -euo pipefail
install -D -m 0755 /solution/density.py /app/bin/density.py
python3 /app/bin/density.py --out /tmp/trial/density.csv
