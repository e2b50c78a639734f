#!/usr/bin/env python3
"""The dashboard importer's pre-flight check of /app/out/daily.jsonl (or the file given)."""
import json
import re
import sys

KEYS = ["date", "country", "users", "page_views", "purchases", "refunds", "revenue_cents"]
path = sys.argv[1] if len(sys.argv) > 1 else "/app/out/daily.jsonl"
data = open(path, encoding="utf-8").read()
problems = []
if data and not data.endswith("\n"):
    problems.append("no newline after the last line")
rows = []
for n, line in enumerate(data.splitlines(), 1):
    try:
        row = json.loads(line)
    except ValueError:
        problems.append(f"line {n}: not JSON")
        continue
    if list(row) != KEYS:
        problems.append(f"line {n}: keys {list(row)}")
    elif json.dumps(row, separators=(",", ":"), ensure_ascii=False) != line:
        problems.append(f"line {n}: not in compact form")
    elif not re.fullmatch(r"\d{4}-\d{2}-\d{2}", row["date"]) or not re.fullmatch(r"[A-Z]{2}", row["country"]):
        problems.append(f"line {n}: bad date or country")
    elif not all(isinstance(row[k], int) for k in KEYS[2:]):
        problems.append(f"line {n}: counts must be integers")
    else:
        rows.append((row["date"], row["country"]))
if rows != sorted(rows) or len(set(rows)) != len(rows):
    problems.append("rows not sorted by date and country, or duplicated")
for p in problems[:10]:
    print(f"dashboard_check: {p}")
print("dashboard_check: ok" if not problems else f"dashboard_check: {len(problems)} problem(s)")
sys.exit(1 if problems else 0)
