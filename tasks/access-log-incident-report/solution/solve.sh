#!/bin/bash
# Reference solution: one pass over the four files (gzip included) in Python; UTC hours, health checks and bots apart.
set -euo pipefail
cat > /app/incident_report.py <<'PY'
#!/usr/bin/env python3
"""Incident report from the rotated nginx access logs: hourly.csv, top_5xx_paths.csv, summary.json."""
import collections
import csv
import datetime as dt
import gzip
import json
import re
import sys
from pathlib import Path

LOGS = Path(sys.argv[1] if len(sys.argv) > 1 else "/app/logs")
OUT = Path(sys.argv[2] if len(sys.argv) > 2 else "/app/report")
LINE = re.compile(r'^(\S+) \S+ \S+ \[([^\]]+)\] "(\S+) (\S+) (\S+)" (\d{3}) (\d+|-) "([^"]*)" "([^"]*)"(?: rt=[\d.]+)?$')
BOT = re.compile(r"bot|crawler|spider", re.I)
WINDOW = (dt.datetime(2024, 6, 11, 14, tzinfo=dt.timezone.utc), dt.datetime(2024, 6, 11, 15, tzinfo=dt.timezone.utc))
FILES = ["access.log.3.gz", "access.log.2.gz", "access.log.1", "access.log"]


def lines():
    for name in FILES:
        path = LOGS / name
        opener = gzip.open if name.endswith(".gz") else open
        with opener(path, "rt", encoding="utf-8", errors="replace") as f:
            yield from (line.rstrip("\n") for line in f)


def main():
    total = malformed = 0
    hours = collections.Counter()
    errors = collections.Counter()
    top = collections.Counter()
    clients, stamps = set(), []
    for line in lines():
        total += 1
        m = LINE.match(line)
        if not m:
            malformed += 1
            continue
        ip, when, _method, target, _proto, status, _size, _ref, ua = m.groups()
        path = target.split("?", 1)[0]
        if path == "/healthz":
            continue
        t = dt.datetime.strptime(when, "%d/%b/%Y:%H:%M:%S %z").astimezone(dt.timezone.utc)
        hour = t.replace(minute=0, second=0)
        hours[hour] += 1
        stamps.append(t)
        if status.startswith("5"):
            errors[hour] += 1
            if WINDOW[0] <= t < WINDOW[1]:
                top[path] += 1
        if not BOT.search(ua):
            clients.add(ip)
    OUT.mkdir(parents=True, exist_ok=True)
    first, last = min(stamps), max(stamps)
    with open(OUT / "hourly.csv", "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["hour_utc", "requests", "errors_5xx", "error_rate"])
        h = first.replace(minute=0, second=0)
        while h <= last:
            n, e = hours[h], errors[h]
            w.writerow([h.strftime("%Y-%m-%dT%H:00Z"), n, e, f"{e / n:.4f}" if n else "0.0000"])
            h += dt.timedelta(hours=1)
    with open(OUT / "top_5xx_paths.csv", "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["path", "count"])
        for path, n in sorted(top.items(), key=lambda kv: (-kv[1], kv[0]))[:10]:
            w.writerow([path, n])
    summary = {"lines_total": total, "lines_malformed": malformed, "unique_clients": len(clients),
               "first": first.strftime("%Y-%m-%dT%H:%M:%SZ"), "last": last.strftime("%Y-%m-%dT%H:%M:%SZ")}
    (OUT / "summary.json").write_text(json.dumps(summary, indent=2) + "\n")
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
PY
python3 /app/incident_report.py /app/logs /app/report
# Check: the hours are contiguous and the rates are ratios of the counts.
python3 - <<'PY'
import csv
rows = list(csv.DictReader(open("/app/report/hourly.csv")))
assert all(r["error_rate"] == (f"{int(r['errors_5xx']) / int(r['requests']):.4f}" if int(r["requests"]) else "0.0000") for r in rows)
print(len(rows), "hours")
PY
cat /app/report/top_5xx_paths.csv
