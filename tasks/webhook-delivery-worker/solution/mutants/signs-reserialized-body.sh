#!/bin/bash
# Sends and signs the body re-serialized with json.dumps(json.loads(body)) instead of the stored bytes, so compact or non-ASCII bodies change and their signatures no longer match.
set -euo pipefail
sed 's/body = job\["body"\].encode("utf-8")/body = json.dumps(json.loads(job["body"])).encode("utf-8")/' /solution/deliver.py > /tmp/deliver.py
grep -q 'json.dumps(json.loads(job\["body"\]))' /tmp/deliver.py || { echo "mutant patch did not apply" >&2; exit 1; }
install -m 0755 /tmp/deliver.py /app/webhooks/deliver.py
spoolctl --spool /app/spool requeue --reason outage-2024-06-17 --exclude-tenant medvik-health
