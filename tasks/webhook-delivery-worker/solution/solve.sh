#!/bin/bash
# Reference solution: the v2 worker, tried on a scratch spool; the outage's dead jobs requeued except held tenants.
set -euo pipefail
install -m 0755 /solution/deliver.py /app/webhooks/deliver.py

# Try it on a scratch spool (never on /app/spool: no network here): one job to a closed port.
scratch=$(mktemp -d)
mkdir -p "$scratch/pending"
printf 'test-key\n' > "$scratch/key"
cat > "$scratch/pending/evt_test.json" <<'JOB'
{"id": "evt_test", "tenant": "t", "url": "http://127.0.0.1:9/hook", "event": "ping", "body": "{\"ping\":1}", "attempts": 0, "next_attempt_at": null, "created_at": "2024-06-20T00:00:00Z"}
JOB
python3 /app/webhooks/deliver.py --spool "$scratch" --key-file "$scratch/key" --now 2024-06-20T12:00:00Z
grep -q '"next_attempt_at": "2024-06-20T12:01:00Z"' "$scratch/pending/evt_test.json"

# Requeue the outage's dead jobs, holding back the tenants in holds.txt.
spoolctl requeue --reason outage-2024-06-17 --exclude-tenant medvik-health   # defaults: prints "requeued 0 job(s) from /var/spool/webhooks/dead"
spoolctl --spool /app/spool requeue --reason outage-2024-06-17 --exclude-tenant medvik-health
spoolctl --spool /app/spool stats
spoolctl --spool /app/spool list dead
