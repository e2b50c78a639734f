#!/usr/bin/env python3
"""Outgoing webhook delivery (v2): one pass over the spool.

    deliver.py [--spool DIR] [--key-file FILE] [--now YYYY-MM-DDTHH:MM:SSZ]

Signed requests (X-Webhook-Signature: v1=HMAC-SHA256(key, "<unix ts>." + body)), permanent
failures for 3xx/4xx, exponential backoff for 5xx/408/429/network errors, dead after 5 attempts.
"""
import argparse
import fcntl
import hashlib
import hmac
import http.client
import json
import os
import sys
import tempfile
from datetime import datetime, timedelta, timezone
from urllib.parse import urlsplit

FMT = "%Y-%m-%dT%H:%M:%SZ"
MAX_ATTEMPTS = 5
TIMEOUT = 10


def parse_ts(text):
    return datetime.strptime(text, FMT).replace(tzinfo=timezone.utc)


def fmt_ts(dt):
    return dt.astimezone(timezone.utc).strftime(FMT)


def write_atomic(folder, name, data: bytes):
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=".tmp-", suffix=".part")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, os.path.join(folder, name))
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def dump(job) -> bytes:
    return (json.dumps(job, indent=2, ensure_ascii=False) + "\n").encode("utf-8")


def read_holds(spool):
    try:
        lines = open(os.path.join(spool, "holds.txt"), encoding="utf-8").read().splitlines()
    except FileNotFoundError:
        return set()
    return {ln.strip() for ln in lines if ln.strip() and not ln.strip().startswith("#")}


def post(url, body: bytes, headers):
    """(status, headers) of the response, or (None, {}) without one. Redirects are not followed."""
    parts = urlsplit(url)
    conn_cls = http.client.HTTPSConnection if parts.scheme == "https" else http.client.HTTPConnection
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    try:
        conn = conn_cls(parts.hostname, parts.port, timeout=TIMEOUT)
        try:
            conn.request("POST", path, body=body, headers=headers)
            resp = conn.getresponse()
            resp.read()
            return resp.status, {k.lower(): v for k, v in resp.getheaders()}
        finally:
            conn.close()
    except (OSError, http.client.HTTPException):
        return None, {}


def classify(status):
    if status is not None and 200 <= status < 300:
        return "delivered"
    if status is not None and (300 <= status < 500) and status not in (408, 429):
        return "failed"
    return "retry"


def main(argv=None):
    ap = argparse.ArgumentParser(prog="deliver.py")
    ap.add_argument("--spool", default="/app/spool")
    ap.add_argument("--key-file", default="/app/secrets/webhook.key")
    ap.add_argument("--now", default=None)
    args = ap.parse_args(argv)

    now = parse_ts(args.now) if args.now else datetime.now(timezone.utc).replace(microsecond=0)
    try:
        key = open(args.key_file, "rb").read().strip()
    except OSError:
        key = b""
    if not key:
        print(f"deliver.py: no signing key in {args.key_file}", file=sys.stderr)
        return 2

    spool = args.spool
    # One worker at a time: cron starts a pass every minute, and a slow pass must not overlap
    # with the next one (jobs would go out twice). The lock is held until the process exits.
    os.makedirs(spool, exist_ok=True)
    lock_fd = os.open(os.path.join(spool, ".lock"), os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(lock_fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        print(f"deliver.py: another worker holds {os.path.join(spool, '.lock')}, nothing done", file=sys.stderr)
        return 0

    dirs = {name: os.path.join(spool, name) for name in ("pending", "done", "failed", "dead")}
    for d in dirs.values():
        os.makedirs(d, exist_ok=True)
    holds = read_holds(spool)
    counts = dict.fromkeys(("delivered", "failed", "retry", "dead", "skipped"), 0)

    due = []
    for name in sorted(os.listdir(dirs["pending"])):
        path = os.path.join(dirs["pending"], name)
        if not name.endswith(".json") or not os.path.isfile(path):
            continue
        raw = open(path, "rb").read()
        try:
            job = json.loads(raw.decode("utf-8"))
            ok = isinstance(job, dict) and all(isinstance(job.get(k), str) for k in ("id", "url", "body"))
        except (ValueError, UnicodeDecodeError):
            ok = False
        if not ok:
            write_atomic(dirs["dead"], name, raw)
            os.remove(path)
            print(f"{name[:-5]} dead -")
            counts["dead"] += 1
            continue
        nxt = job.get("next_attempt_at")
        if job.get("tenant") in holds or (nxt is not None and parse_ts(nxt) > now):
            counts["skipped"] += 1
            continue
        due.append((str(job.get("created_at") or ""), job["id"], name, path, job))

    ts = str(int(now.timestamp()))
    for _, _, name, path, job in sorted(due, key=lambda d: (d[0], d[1])):
        body = job["body"].encode("utf-8")
        signature = hmac.new(key, ts.encode() + b"." + body, hashlib.sha256).hexdigest()
        headers = {
            "Content-Type": "application/json",
            "X-Webhook-Id": job["id"],
            "X-Webhook-Event": str(job.get("event", "")),
            "X-Webhook-Timestamp": ts,
            "X-Webhook-Signature": f"v1={signature}",
        }
        status, resp_headers = post(job["url"], body, headers)
        job["attempts"] = int(job.get("attempts") or 0) + 1
        job["last_status"] = status
        outcome = classify(status)
        if outcome == "delivered":
            job["delivered_at"] = fmt_ts(now)
            target = "done"
        elif outcome == "failed":
            target = "failed"
        elif job["attempts"] >= MAX_ATTEMPTS:
            outcome, target = "dead", "dead"
        else:
            delay = 60 * 2 ** (job["attempts"] - 1)
            retry_after = resp_headers.get("retry-after", "").strip()
            if retry_after.isdigit() and int(retry_after) > delay:
                delay = int(retry_after)
            job["next_attempt_at"] = fmt_ts(now + timedelta(seconds=delay))
            target = "pending"
        write_atomic(dirs[target], name, dump(job))
        if target != "pending":
            os.remove(path)
        counts[outcome] += 1
        print(f"{job['id']} {outcome} {status if status is not None else '-'}")

    print(" ".join(f"{k}={v}" for k, v in counts.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
