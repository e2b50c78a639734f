#!/bin/bash
# Reference solution: install the merge script, build /app/out, run the print shop's checker.
set -euo pipefail
install -D -m 0755 /solution/merge_letters.py /app/bin/merge_letters.py
python3 /app/bin/merge_letters.py
python3 /app/tools/check_batch.py
cat /app/out/manifest.csv
