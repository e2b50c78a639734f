#!/bin/bash
# Reference solution: the resampler, run on the exports, checked with the alerting job, published.
set -euo pipefail
install -D -m 0755 /solution/resample.py /app/bin/resample.py
python3 /app/bin/resample.py
python3 /app/tools/coldchain_alerts.py
grep -c ',0$' /app/out/readings_15min.csv   # empty buckets (cs-02 was offline)

# publish.sh's configured source is an old file name: it reports 0 rows. Give it the file.
/app/tools/publish.sh
/app/tools/publish.sh --file /app/out/readings_15min.csv
cmp /srv/dashboard/incoming/readings_15min.csv /app/out/readings_15min.csv
