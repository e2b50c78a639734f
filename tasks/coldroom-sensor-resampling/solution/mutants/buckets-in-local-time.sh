#!/bin/bash
# Buckets readings by their local wall-clock time (the offset is dropped instead of converting to UTC), so every bucket is shifted by one or two hours around the daylight-saving switch.
set -euo pipefail
sed 's/    return dt.astimezone(timezone.utc)/    return dt.replace(tzinfo=timezone.utc)/' /solution/resample.py > /tmp/resample.py
grep -q 'return dt.replace(tzinfo=timezone.utc)' /tmp/resample.py || { echo "mutant patch did not apply" >&2; exit 1; }
install -D -m 0755 /tmp/resample.py /app/bin/resample.py
python3 /app/bin/resample.py
/app/tools/publish.sh --file /app/out/readings_15min.csv
