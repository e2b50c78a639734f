#!/usr/bin/env python3
"""Daily per-country summary of the app's events, from the collectors' raw exports.

usage: daily_summary.py [RAW_DIR [USERS_FILE [OUT_DIR]]]
       (defaults: /app/data/raw /app/data/users.jsonl /app/out)

Reads RAW_DIR/*.jsonl and RAW_DIR/*.jsonl.gz in name order (never modifies them), rejects
malformed lines, keeps the latest delivery of every event_id, drops deleted users, and writes
OUT_DIR/daily.jsonl and OUT_DIR/rejects.jsonl.
"""
import gzip
import json
import sys
from collections import defaultdict
from datetime import datetime, timezone
from pathlib import Path

TYPES = ("page_view", "purchase", "refund")
REQUIRED = ("event_id", "user_id", "type", "ts", "received_at")
UNKNOWN_COUNTRY = "ZZ"


def dumps(obj):
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=False)


def parse_time(value):
    """An aware datetime for an ISO 8601 timestamp with a UTC offset (or Z); None otherwise."""
    try:
        dt = datetime.fromisoformat(value)
    except (TypeError, ValueError):
        return None
    return dt if dt.tzinfo is not None else None


def check(obj):
    """The reject reason for a parsed line, or None if it is a valid event."""
    if not isinstance(obj, dict):
        return "invalid_json"
    if any(not isinstance(obj.get(f), str) or not obj.get(f) for f in REQUIRED):
        return "missing_field"
    if obj["type"] not in TYPES:
        return "bad_type"
    if parse_time(obj["ts"]) is None or parse_time(obj["received_at"]) is None:
        return "bad_timestamp"
    if obj["type"] != "page_view":
        amount = obj.get("amount_cents")
        if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
            return "bad_amount"
    return None


def read_lines(path):
    opener = gzip.open if path.name.endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8") as fh:
        yield from fh


def main(argv):
    raw = Path(argv[1]) if len(argv) > 1 else Path("/app/data/raw")
    users_file = Path(argv[2]) if len(argv) > 2 else Path("/app/data/users.jsonl")
    out = Path(argv[3]) if len(argv) > 3 else Path("/app/out")

    files = sorted(p for p in raw.iterdir() if p.is_file() and (p.name.endswith(".jsonl") or p.name.endswith(".jsonl.gz")))
    rejects = []
    latest = {}  # event_id -> (received_at, order, event)
    order = 0
    for path in files:
        for lineno, line in enumerate(read_lines(path), 1):
            if not line.strip():
                continue
            try:
                obj = json.loads(line)
            except ValueError:
                rejects.append({"file": path.name, "line": lineno, "reason": "invalid_json"})
                continue
            if isinstance(obj, dict) and obj.get("type") == "heartbeat":
                continue
            reason = check(obj)
            if reason:
                rejects.append({"file": path.name, "line": lineno, "reason": reason})
                continue
            order += 1
            key = (parse_time(obj["received_at"]), order)
            if obj["event_id"] not in latest or key >= latest[obj["event_id"]][:2]:
                latest[obj["event_id"]] = (*key, obj)

    users = {}
    with open(users_file, encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                u = json.loads(line)
                users[u["user_id"]] = u

    groups = defaultdict(lambda: {"users": set(), "page_views": 0, "purchases": 0, "refunds": 0, "revenue_cents": 0})
    for _, _, ev in latest.values():
        user = users.get(ev["user_id"])
        if user is not None and user.get("deleted"):
            continue
        country = user["country"] if user is not None else UNKNOWN_COUNTRY
        day = parse_time(ev["ts"]).astimezone(timezone.utc).strftime("%Y-%m-%d")
        g = groups[(day, country)]
        g["users"].add(ev["user_id"])
        if ev["type"] == "page_view":
            g["page_views"] += 1
        elif ev["type"] == "purchase":
            g["purchases"] += 1
            g["revenue_cents"] += ev["amount_cents"]
        else:
            g["refunds"] += 1
            g["revenue_cents"] -= ev["amount_cents"]

    out.mkdir(parents=True, exist_ok=True)
    with open(out / "daily.jsonl", "w", encoding="utf-8", newline="\n") as fh:
        for (day, country), g in sorted(groups.items()):
            fh.write(dumps({"date": day, "country": country, "users": len(g["users"]), "page_views": g["page_views"],
                            "purchases": g["purchases"], "refunds": g["refunds"], "revenue_cents": g["revenue_cents"]}) + "\n")
    with open(out / "rejects.jsonl", "w", encoding="utf-8", newline="\n") as fh:
        for r in sorted(rejects, key=lambda r: (r["file"], r["line"])):
            fh.write(dumps(r) + "\n")
    print(f"{len(groups)} summary rows, {len(rejects)} rejected lines", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv)
