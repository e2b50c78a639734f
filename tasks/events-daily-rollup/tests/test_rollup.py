"""Verifier for events-daily-rollup: the script against an independent model of the spec, on the real
exports and on fixtures made here."""
import gzip
import hashlib
import json
import shutil
import subprocess
from collections import defaultdict
from datetime import datetime, timezone
from pathlib import Path

import pytest

SCRIPT = Path("/app/bin/daily_summary.py")
RAW = Path("/app/data/raw")
USERS = Path("/app/data/users.jsonl")
RAW_SHA = {
    "README.txt": "d667b0b2bda1e2784dc9c4d448c6db30445e110ff7b9546f2829d30225fbdcbb",
    "collector-a.jsonl": "91a2d156531614ca9662748d2ea8b9c5ea1635199749df39c5eb83ea4f3cc6d9",
    "collector-a.jsonl.partial": "3b65c5cd325733c7ff3d4a22ae010d5c9d912549b68e7b167f022e12c350648b",
    "collector-b.jsonl": "1901aec9a70785dfe3aec5337a18a783846a341e864c862faf07c5bf54610e8f",
    "collector-c.jsonl.gz": "6acb04f79a587bb9ac56b858ef9dafaf38cbb51a188ba85ab16c019ab4895595",
}


# ------------------------------------------------------------------ independent model


def _time(v):
    if not isinstance(v, str):
        return None
    try:
        dt = datetime.fromisoformat(v)
    except ValueError:
        return None
    return dt if dt.tzinfo else None


def model(raw: Path, users_file: Path) -> tuple[str, str]:
    rejects, best, n = [], {}, 0
    for path in sorted(p for p in raw.iterdir() if p.is_file() and p.name.endswith((".jsonl", ".jsonl.gz"))):
        data = gzip.decompress(path.read_bytes()) if path.name.endswith(".gz") else path.read_bytes()
        for i, line in enumerate(data.decode().split("\n"), 1):
            if not line.strip():
                continue
            try:
                o = json.loads(line)
            except ValueError:
                o = None
            if not isinstance(o, dict):
                rejects.append((path.name, i, "invalid_json"))
                continue
            if o.get("type") == "heartbeat":
                continue
            if any(not isinstance(o.get(k), str) or o.get(k) == "" for k in ("event_id", "user_id", "type", "ts", "received_at")):
                reason = "missing_field"
            elif o["type"] not in ("page_view", "purchase", "refund"):
                reason = "bad_type"
            elif _time(o["ts"]) is None or _time(o["received_at"]) is None:
                reason = "bad_timestamp"
            elif o["type"] != "page_view" and (type(o.get("amount_cents")) is not int or o["amount_cents"] < 0):
                reason = "bad_amount"
            else:
                reason = None
            if reason:
                rejects.append((path.name, i, reason))
                continue
            n += 1
            key = (_time(o["received_at"]), n)
            if o["event_id"] not in best or key >= best[o["event_id"]][0]:
                best[o["event_id"]] = (key, o)
    users = {}
    for line in users_file.read_text().splitlines():
        if line.strip():
            u = json.loads(line)
            users[u["user_id"]] = u
    groups = defaultdict(lambda: [set(), 0, 0, 0, 0])
    for _, e in best.values():
        u = users.get(e["user_id"])
        if u and u["deleted"]:
            continue
        g = groups[(_time(e["ts"]).astimezone(timezone.utc).date().isoformat(), u["country"] if u else "ZZ")]
        g[0].add(e["user_id"])
        if e["type"] == "page_view":
            g[1] += 1
        elif e["type"] == "purchase":
            g[2] += 1
            g[4] += e["amount_cents"]
        else:
            g[3] += 1
            g[4] -= e["amount_cents"]
    daily = "".join(
        json.dumps({"date": d, "country": c, "users": len(g[0]), "page_views": g[1], "purchases": g[2], "refunds": g[3],
                    "revenue_cents": g[4]}, separators=(",", ":")) + "\n"
        for (d, c), g in sorted(groups.items())
    )
    rej = "".join(json.dumps({"file": f, "line": i, "reason": r}, separators=(",", ":")) + "\n" for f, i, r in sorted(rejects))
    return daily, rej


def run(*args) -> subprocess.CompletedProcess:
    proc = subprocess.run(["python3", str(SCRIPT), *map(str, args)], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, f"daily_summary.py failed:\n{proc.stderr[-2000:]}"
    return proc


def outputs(out: Path) -> tuple[str, str]:
    return (out / "daily.jsonl").read_bytes().decode(), (out / "rejects.jsonl").read_bytes().decode()


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


# ------------------------------------------------------------------ the real exports


def test_outputs_in_app_out_match_the_current_data():
    """/app/out/daily.jsonl and rejects.jsonl equal the expected summary of the current data byte for byte: each line a JSON object with exactly the keys date, country, users, page_views, purchases, refunds, revenue_cents in this order, written compactly."""
    assert Path("/app/out/daily.jsonl").is_file() and Path("/app/out/rejects.jsonl").is_file(), "run the script on the real data"
    daily, rejects = model(RAW, USERS)
    got_daily, got_rejects = outputs(Path("/app/out"))
    assert got_daily == daily, "/app/out/daily.jsonl differs from the expected summary"
    assert got_rejects == rejects, "/app/out/rejects.jsonl differs from the expected rejects"


@pytest.mark.parametrize("name", sorted(RAW_SHA))
def test_raw_exports_untouched(name):
    """The script never modifies anything in RAW_DIR (the collectors keep appending to those files)."""
    assert sha(RAW / name) == RAW_SHA[name], f"{name} in the raw folder was modified"


def test_defaults(tmp_path):
    saved = tmp_path / "saved"
    shutil.copytree("/app/out", saved)
    try:
        shutil.rmtree("/app/out")
        run()
        assert outputs(Path("/app/out")) == model(RAW, USERS)
    finally:
        shutil.rmtree("/app/out", ignore_errors=True)
        shutil.copytree(saved, "/app/out")


def test_explicit_paths_and_nested_out_dir(tmp_path):
    out = tmp_path / "a" / "b"
    run(RAW, USERS, out)
    assert outputs(out) == model(RAW, USERS)


# ------------------------------------------------------------------ fixtures


def ev(eid, user, kind, ts, received, amount=None, **extra):
    o = {"event_id": eid, "user_id": user, "type": kind, "ts": ts, "received_at": received, **extra}
    if amount is not None:
        o["amount_cents"] = amount
    return json.dumps(o)


USERS_FIXTURE = [
    {"user_id": "u1", "country": "DE", "deleted": False},
    {"user_id": "u2", "country": "US", "deleted": False},
    {"user_id": "u3", "country": "DE", "deleted": True},
    {"user_id": "u4", "country": "FR", "deleted": False},
]


def fixture(tmp_path: Path, files: dict[str, list[str]], users=USERS_FIXTURE) -> tuple[Path, Path, Path]:
    raw = tmp_path / "raw"
    raw.mkdir()
    for name, lines in files.items():
        data = ("\n".join(lines) + "\n").encode()
        (raw / name).write_bytes(gzip.compress(data) if name.endswith(".gz") else data)
    users_file = tmp_path / "users.jsonl"
    users_file.write_text("".join(json.dumps(u) + "\n" for u in users))
    return raw, users_file, tmp_path / "out"


def check_fixture(tmp_path, files, users=USERS_FIXTURE):
    raw, users_file, out = fixture(tmp_path, files, users)
    before = {p.name: sha(p) for p in raw.rglob("*") if p.is_file()}
    run(raw, users_file, out)
    assert {p.name: sha(p) for p in raw.rglob("*") if p.is_file()} == before, "the script modified RAW_DIR"
    expected = model(raw, users_file)
    got = outputs(out)
    assert got[0] == expected[0], f"daily.jsonl:\n{got[0]}\nexpected:\n{expected[0]}"
    assert got[1] == expected[1], f"rejects.jsonl:\n{got[1]}\nexpected:\n{expected[1]}"
    return got


def test_utc_date_boundaries(tmp_path):
    daily, _ = check_fixture(tmp_path, {"a.jsonl": [
        ev("e1", "u2", "purchase", "2024-06-01T23:30:00-04:00", "2024-06-02T03:31:00Z", 500),
        ev("e2", "u1", "page_view", "2024-06-02T01:15:00+02:00", "2024-06-01T23:16:00Z"),
        ev("e3", "u1", "page_view", "2024-06-01T23:59:59Z", "2024-06-02T00:00:10Z"),
        ev("e4", "u4", "refund", "2024-06-02T05:29:00+05:30", "2024-06-01T23:59:00Z", 300),
    ]})
    assert '{"date":"2024-06-02","country":"US","users":1,"page_views":0,"purchases":1,"refunds":0,"revenue_cents":500}' in daily
    assert '{"date":"2024-06-01","country":"DE","users":1,"page_views":2,"purchases":0,"refunds":0,"revenue_cents":0}' in daily
    assert '{"date":"2024-06-01","country":"FR","users":1,"page_views":0,"purchases":0,"refunds":1,"revenue_cents":-300}' in daily


def test_duplicates_latest_delivery_wins(tmp_path):
    daily, _ = check_fixture(tmp_path, {
        "a.jsonl": [
            ev("d1", "u1", "purchase", "2024-06-01T10:00:00Z", "2024-06-01T10:00:05Z", 1000),
            ev("d2", "u1", "purchase", "2024-06-01T11:00:00Z", "2024-06-01T11:30:00Z", 2000),
            ev("d3", "u1", "purchase", "2024-06-01T12:00:00Z", "2024-06-01T12:00:05Z", 3000),
        ],
        "b.jsonl.gz": [
            ev("d1", "u1", "purchase", "2024-06-01T10:00:00Z", "2024-06-01T12:00:05+02:00", 1100),   # same instant as
            ev("d2", "u1", "purchase", "2024-06-01T11:00:00Z", "2024-06-01T11:10:00Z", 2900),        # older: ignored
            ev("d3", "u1", "purchase", "2024-06-02T00:30:00+01:00", "2024-06-01T12:00:06Z", 3300),   # later: wins
        ],
        "c.jsonl": [
            ev("d1", "u1", "purchase", "2024-06-01T10:00:00Z", "2024-06-01T10:00:05Z", 1200),       # tie with b, read last
        ],
    })
    assert '{"date":"2024-06-01","country":"DE","users":1,"page_views":0,"purchases":3,"refunds":0,"revenue_cents":6500}' in daily


def test_users_join(tmp_path):
    daily, _ = check_fixture(tmp_path, {"a.jsonl": [
        ev("j1", "u3", "purchase", "2024-06-01T10:00:00Z", "2024-06-01T10:00:05Z", 999),
        ev("j2", "u9", "page_view", "2024-06-01T10:00:00Z", "2024-06-01T10:00:05Z"),
        ev("j3", "u9", "purchase", "2024-06-01T10:05:00Z", "2024-06-01T10:05:05Z", 150),
        ev("j4", "u8", "page_view", "2024-06-01T10:00:00Z", "2024-06-01T10:00:05Z", 77),
        ev("j5", "u1", "page_view", "2024-06-01T10:00:00Z", "2024-06-01T10:00:05Z"),
    ]})
    assert daily == (
        '{"date":"2024-06-01","country":"DE","users":1,"page_views":1,"purchases":0,"refunds":0,"revenue_cents":0}\n'
        '{"date":"2024-06-01","country":"ZZ","users":2,"page_views":2,"purchases":1,"refunds":0,"revenue_cents":150}\n'
    )


def test_rejects_and_ignored_lines(tmp_path):
    """Invalid lines are rejected with the first reason that applies (invalid_json, missing_field, bad_type, bad_timestamp, bad_amount); lines are numbered from 1 within each file and blank lines are skipped (neither counted nor rejected); heartbeats are ignored; .jsonl and .jsonl.gz files are read in name order, other files ignored."""
    _, rejects = check_fixture(tmp_path, {
        "b.jsonl": [
            "{broken",
            "",
            json.dumps([1, 2]),
            json.dumps({"event_id": "hb", "user_id": "collector", "type": "heartbeat", "ts": "x", "received_at": "y"}),
            json.dumps({"event_id": "r1", "user_id": "", "type": "page_view", "ts": "2024-06-01T10:00:00Z", "received_at": "2024-06-01T10:00:01Z"}),
            json.dumps({"event_id": "r2", "user_id": "u1", "type": "click", "ts": "bad", "received_at": "2024-06-01T10:00:01Z"}),
            ev("r3", "u1", "page_view", "2024-06-01 10:00:00", "2024-06-01T10:00:01Z"),
            ev("r4", "u1", "page_view", "2024-06-01T10:00:00Z", "2024-06-01T10:00:01"),
            ev("r5", "u1", "purchase", "2024-06-01T10:00:00Z", "2024-06-01T10:00:01Z", "12.50"),
            ev("r6", "u1", "refund", "2024-06-01T10:00:00Z", "2024-06-01T10:00:01Z", 12.5),
            ev("r7", "u1", "refund", "2024-06-01T10:00:00Z", "2024-06-01T10:00:01Z", True),
            ev("r8", "u1", "purchase", "2024-06-01T10:00:00Z", "2024-06-01T10:00:01Z", -5),
            ev("r9", "u1", "purchase", "2024-06-01T10:00:00Z", "2024-06-01T10:00:01Z"),
            json.dumps({"event_id": 7, "user_id": "u1", "type": "page_view", "ts": "2024-06-01T10:00:00Z", "received_at": "2024-06-01T10:00:01Z"}),
            ev("ok1", "u1", "page_view", "2024-06-01T10:00:00Z", "2024-06-01T10:00:01Z"),
        ],
        "a.jsonl.gz": ["not json either", ev("ok2", "u1", "purchase", "2024-06-01T10:00:00Z", "2024-06-01T10:00:01Z", 0)],
        "a.jsonl.partial": ["{broken"],
        "notes.txt": ["{broken"],
    })
    assert rejects.splitlines()[:2] == ['{"file":"a.jsonl.gz","line":1,"reason":"invalid_json"}',
                                        '{"file":"b.jsonl","line":1,"reason":"invalid_json"}']
    reasons = [json.loads(line)["reason"] for line in rejects.splitlines()[1:]]
    assert reasons == ["invalid_json", "invalid_json", "missing_field", "bad_type", "bad_timestamp", "bad_timestamp",
                       "bad_amount", "bad_amount", "bad_amount", "bad_amount", "bad_amount", "missing_field"]


def test_empty_outputs(tmp_path):
    """If nothing is counted and nothing rejected, both files are still written, empty (0 bytes); subfolders of RAW_DIR are not read."""
    raw, users_file, out = fixture(tmp_path, {"a.jsonl": [ev("x", "u3", "page_view", "2024-06-01T10:00:00Z", "2024-06-01T10:00:01Z")]})
    (raw / "sub").mkdir()
    (raw / "sub" / "nested.jsonl").write_text("{broken\n")
    run(raw, users_file, out)
    assert (out / "daily.jsonl").read_bytes() == b""
    assert (out / "rejects.jsonl").read_bytes() == b""
