"""Writes the raw collector exports and the users file, deterministically."""
import gzip
import json
import random
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

root = Path(sys.argv[1])
raw = root / "data" / "raw"
raw.mkdir(parents=True, exist_ok=True)
rng = random.Random(20240601)

USERS = [f"u-{i:03d}" for i in range(1, 61)]
COUNTRIES = ["DE", "FR", "US", "GB", "NL", "BR"]
users = []
for u in USERS:
    users.append({"user_id": u, "country": rng.choice(COUNTRIES), "deleted": rng.random() < 0.08})
with open(root / "data" / "users.jsonl", "w") as fh:
    for u in users:
        fh.write(json.dumps(u) + "\n")

OFFSETS = [timedelta(hours=h) for h in (-7, -4, 0, 1, 2, 5.5, 9)]
base = datetime(2024, 6, 1, 0, 0, tzinfo=timezone.utc)


def iso(dt, offset):
    local = dt.astimezone(timezone(offset))
    return local.isoformat(timespec="seconds").replace("+00:00", "Z") if offset == timedelta(0) else local.isoformat(timespec="seconds")


def event(n):
    user = rng.choice(USERS + ["u-900", "u-901"])  # two users missing from users.jsonl
    kind = rng.choices(["page_view", "purchase", "refund"], weights=[80, 15, 5])[0]
    when = base + timedelta(seconds=rng.randint(0, 3 * 86400 - 1))
    ev = {"event_id": f"e-{n:06d}", "user_id": user, "type": kind, "ts": iso(when, rng.choice(OFFSETS)),
          "received_at": (when + timedelta(seconds=rng.randint(1, 900))).strftime("%Y-%m-%dT%H:%M:%SZ")}
    if kind != "page_view":
        ev["amount_cents"] = rng.randint(100, 20000)
    return ev


def redeliver(ev):
    again = dict(ev)
    received = datetime.strptime(ev["received_at"], "%Y-%m-%dT%H:%M:%SZ") + timedelta(seconds=rng.randint(-600, 3600))
    again["received_at"] = received.strftime("%Y-%m-%dT%H:%M:%SZ")
    if again.get("amount_cents") and rng.random() < 0.5:
        again["amount_cents"] += rng.choice([-100, 100, 250])  # a corrected amount on re-delivery
    return again


events = [event(n) for n in range(1, 9001)]
files = {"collector-a.jsonl": [], "collector-b.jsonl": [], "collector-c.jsonl.gz": []}
names = list(files)
for ev in events:
    files[rng.choice(names)].append(json.dumps(ev))
    if rng.random() < 0.12:  # at-least-once delivery: the same event again, maybe corrected
        files[rng.choice(names)].append(json.dumps(redeliver(ev)))

BAD = [
    "{not json",
    json.dumps({"event_id": "e-bad-1", "type": "page_view", "ts": "2024-06-01T10:00:00Z", "received_at": "2024-06-01T10:00:05Z"}),
    json.dumps({"event_id": "e-bad-2", "user_id": "u-001", "type": "click", "ts": "2024-06-01T10:00:00Z", "received_at": "2024-06-01T10:00:05Z"}),
    json.dumps({"event_id": "e-bad-3", "user_id": "u-001", "type": "page_view", "ts": "2024-06-01 10:00:00", "received_at": "2024-06-01T10:00:05Z"}),
    json.dumps({"event_id": "e-bad-4", "user_id": "u-002", "type": "purchase", "ts": "2024-06-01T10:00:00Z", "received_at": "2024-06-01T10:00:05Z"}),
    json.dumps({"event_id": "e-bad-5", "user_id": "u-002", "type": "refund", "ts": "2024-06-01T10:00:00Z", "received_at": "2024-06-01T10:00:05Z", "amount_cents": "12.50"}),
    json.dumps(["e-bad-6", "u-003"]),
    "",
]
for name in names:
    for bad in BAD:
        files[name].insert(rng.randint(0, len(files[name])), bad)

# collector-b's log also carries thousands of heartbeat lines and one meta line: a large file.
hb = files["collector-b.jsonl"]
for i in range(30000):
    hb.insert(rng.randint(0, len(hb)), json.dumps({"event_id": f"hb-{i:05d}", "user_id": "collector-b", "type": "heartbeat",
                                                   "ts": "2024-06-01T00:00:00Z", "received_at": "2024-06-01T00:00:00Z"}))
hb.insert(len(hb) // 2, json.dumps({"_meta": "collector-b upgraded to 3.2, new heartbeat format", "schema_version": 3}))

for name, lines in files.items():
    data = ("\n".join(lines) + "\n").encode()
    if name.endswith(".gz"):
        (raw / name).write_bytes(gzip.compress(data, mtime=0))
    else:
        (raw / name).write_bytes(data)
(raw / "README.txt").write_text("Exports of the three event collectors. Appended to by the collectors; do not edit.\n")
(raw / "collector-a.jsonl.partial").write_text('{"event_id": "e-partial"\n')
