#!/bin/bash
# Reference solution: GET /v1/items in handlers.py (validation, filters, sorting, paging), checked
# against a test server and the unit tests; then its Link header, checked on a restarted server.
set -euo pipefail
install -m 0644 /solution/handlers.py /app/inventory/handlers.py
cd /app && python3 -m pytest -q -p no:cacheprovider tests

python3 /app/inventory/server.py --port 18081 >/tmp/inventory-check.log 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null' EXIT
for _ in $(seq 50); do curl -fs -o /dev/null http://127.0.0.1:18081/items/1 && break; sleep 0.1; done
curl -fsS -D - -o /tmp/page.json 'http://127.0.0.1:18081/v1/items?limit=20&offset=200&sort=-price' | grep -iE '^x-total-count:'
python3 -c 'import json; d = json.load(open("/tmp/page.json")); print(d["total"], len(d["items"]), d["items"][0])'
test "$(curl -s -o /dev/null -w '%{http_code}' 'http://127.0.0.1:18081/v1/items?limit=101')" = 400
curl -fsS 'http://127.0.0.1:18081/v1/items?category=tents&limit=1' | python3 -c 'import json,sys; print("tents:", json.load(sys.stdin)["total"])'
python3 /app/tools/export_csv.py > /tmp/export-check.csv && head -n 2 /tmp/export-check.csv

# The Link header (next/prev pages with the request's parameters); restart the server to see it.
python3 /solution/links.py /app/inventory/handlers.py
kill $pid && wait $pid 2>/dev/null || true
python3 /app/inventory/server.py --port 18081 >/tmp/inventory-check.log 2>&1 &
pid=$!
for _ in $(seq 50); do curl -fs -o /dev/null http://127.0.0.1:18081/items/1 && break; sleep 0.1; done
curl -fsS -D - -o /dev/null 'http://127.0.0.1:18081/v1/items?limit=20&offset=200&sort=-price' | grep -iE '^link:'
