"""Verifier for webhook-delivery-worker: the worker against a local HTTP receiver on fresh spools,
and the live spool after the outage requeue."""
import fcntl
import hashlib
import hmac
import json
import socket
import subprocess
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

WORKER = Path("/app/webhooks/deliver.py")
LIVE = Path("/app/spool")
NOW = "2024-06-20T12:00:00Z"
NOW_TS = 1718884800
KEY_TEXT = "k3y-for-the-verifier_9aQ2\n"
KEY = KEY_TEXT.strip().encode()


def sha_file(p: Path) -> str:
    return hashlib.sha256(p.read_bytes()).hexdigest()


# ------------------------------------------------------------------ receiver


class Receiver:
    """A local HTTP server: the path decides the answer; every request is recorded."""

    ROUTES = {
        "/ok": (200, {}), "/created": (201, {}), "/moved": (301, {"Location": "/ok"}),
        "/found": (302, {"Location": "/ok"}), "/notfound": (404, {}), "/gone": (410, {}),
        "/unprocessable": (422, {}), "/e500": (500, {}), "/e502": (502, {}), "/e503": (503, {}),
        "/timeout408": (408, {}), "/slowdown": (429, {"Retry-After": "600"}),
        "/slowdown-short": (429, {"Retry-After": "5"}), "/e503-retry-after": (503, {"Retry-After": "900"}),
    }

    def __init__(self):
        self.requests = []
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                receiver.requests.append({"path": self.path, "headers": {k.lower(): v for k, v in self.headers.items()},
                                          "body": body, "method": "POST"})
                status, extra = Receiver.ROUTES.get(self.path.split("?")[0], (200, {}))
                self.send_response(status)
                for k, v in extra.items():
                    self.send_header(k, v)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def do_GET(self):
                receiver.requests.append({"path": self.path, "headers": {}, "body": b"", "method": "GET"})
                self.send_response(200)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *a):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def url(self, path):
        return f"http://127.0.0.1:{self.port}{path}"

    def close(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def receiver():
    r = Receiver()
    yield r
    r.close()


def closed_port() -> int:
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def make_spool(tmp_path: Path, jobs, holds=None) -> Path:
    spool = tmp_path / "spool dir"
    for d in ("pending", "done", "failed", "dead"):
        (spool / d).mkdir(parents=True)
    for job in jobs:
        if isinstance(job, tuple):  # (file name, raw text)
            (spool / "pending" / job[0]).write_text(job[1])
        else:
            (spool / "pending" / f"{job['id']}.json").write_text(json.dumps(job, indent=2, ensure_ascii=False))
    if holds is not None:
        (spool / "holds.txt").write_text(holds)
    (tmp_path / "key").write_text(KEY_TEXT)
    return spool


def job(jid, url, *, attempts=0, nxt=None, created="2024-06-19T10:00:00Z", tenant="acme", event="order.paid", body=None):
    return {"id": jid, "tenant": tenant, "url": url, "event": event,
            "body": body if body is not None else json.dumps({"order": jid, "note": "Malmö"}, separators=(",", ":"), ensure_ascii=False),
            "attempts": attempts, "next_attempt_at": nxt, "created_at": created}


def run_worker(spool: Path, key: Path | None = None, now=NOW):
    args = ["python3", str(WORKER), "--spool", str(spool), "--key-file", str(key or spool.parent / "key"), "--now", now]
    return subprocess.run(args, capture_output=True, text=True, timeout=120)


def load(spool: Path, folder: str, jid: str) -> dict:
    p = spool / folder / f"{jid}.json"
    assert p.is_file(), f"{jid} is not in {folder}/ (pending: {sorted(x.name for x in (spool / 'pending').iterdir())}, " \
                        f"done: {sorted(x.name for x in (spool / 'done').iterdir())}, failed: {sorted(x.name for x in (spool / 'failed').iterdir())}, " \
                        f"dead: {sorted(x.name for x in (spool / 'dead').iterdir())})"
    for other in ("pending", "done", "failed", "dead"):
        if other != folder:
            assert not (spool / other / f"{jid}.json").exists(), f"{jid} is also in {other}/"
    return json.loads(p.read_text())


# ------------------------------------------------------------------ the worker


def test_worker_exists():
    assert WORKER.is_file(), "missing /app/webhooks/deliver.py"


def test_delivered_and_signed(receiver, tmp_path):
    compact = '{"order":41,"items":[{"sku":"TENT-2P","qty":1}],"city":"Malmö"}'
    jobs = [job("evt_a1", receiver.url("/ok"), body=compact, created="2024-06-19T10:00:00Z"),
            job("evt_a2", receiver.url("/created?src=shop"), attempts=2, nxt="2024-06-20T11:00:00Z",
                created="2024-06-19T09:00:00Z", event="refund.created")]
    spool = make_spool(tmp_path, jobs)
    proc = run_worker(spool)
    assert proc.returncode == 0, proc.stderr[-1000:]
    a1, a2 = load(spool, "done", "evt_a1"), load(spool, "done", "evt_a2")
    assert a1["attempts"] == 1 and a1["last_status"] == 200 and a1["delivered_at"] == NOW, a1
    assert a2["attempts"] == 3 and a2["last_status"] == 201 and a2["delivered_at"] == NOW, a2
    assert a1["body"] == compact and a1["tenant"] == "acme" and a1["created_at"] == "2024-06-19T10:00:00Z"
    posts = [r for r in receiver.requests if r["method"] == "POST"]
    assert [r["path"] for r in posts] == ["/created?src=shop", "/ok"], "wrong delivery order or paths"
    for r, j in zip(posts, (jobs[1], jobs[0])):
        body = j["body"].encode("utf-8")
        assert r["body"] == body, f"body sent {r['body']!r}, stored {body!r}"
        h = r["headers"]
        assert h.get("content-type", "").split(";")[0] == "application/json"
        assert h.get("x-webhook-id") == j["id"] and h.get("x-webhook-event") == j["event"], h
        assert h.get("x-webhook-timestamp") == str(NOW_TS), h.get("x-webhook-timestamp")
        expected = hmac.new(KEY, f"{NOW_TS}.".encode() + body, hashlib.sha256).hexdigest()
        assert h.get("x-webhook-signature") == f"v1={expected}", f"signature {h.get('x-webhook-signature')!r}, expected v1={expected}"


def test_permanent_failures_not_retried(receiver, tmp_path):
    jobs = [job("evt_f1", receiver.url("/moved")), job("evt_f2", receiver.url("/notfound"), attempts=1),
            job("evt_f3", receiver.url("/gone")), job("evt_f4", receiver.url("/found")),
            job("evt_f5", receiver.url("/unprocessable"))]
    spool = make_spool(tmp_path, jobs)
    proc = run_worker(spool)
    assert proc.returncode == 0, proc.stderr[-1000:]
    for jid, status, attempts in (("evt_f1", 301, 1), ("evt_f2", 404, 2), ("evt_f3", 410, 1), ("evt_f4", 302, 1), ("evt_f5", 422, 1)):
        j = load(spool, "failed", jid)
        assert j["last_status"] == status and j["attempts"] == attempts, j
    assert not [r for r in receiver.requests if r["path"] == "/ok"], "a redirect was followed"
    assert len(receiver.requests) == 5, [r["path"] for r in receiver.requests]


def test_retry_schedule(receiver, tmp_path):
    """Retries are scheduled from --now: next_attempt_at written YYYY-MM-DDTHH:MM:SSZ (UTC) like every timestamp in the option and in job files, after the backoff delay or a larger integer Retry-After."""
    jobs = [job("evt_r1", receiver.url("/e500")),
            job("evt_r2", receiver.url("/e503"), attempts=2),
            job("evt_r3", receiver.url("/timeout408"), attempts=1),
            job("evt_r4", f"http://127.0.0.1:{closed_port()}/hook"),
            job("evt_r5", receiver.url("/slowdown")),
            job("evt_r6", receiver.url("/slowdown-short"), attempts=1),
            job("evt_r7", receiver.url("/e502"), attempts=3),
            job("evt_r8", receiver.url("/e503-retry-after"), attempts=1)]
    spool = make_spool(tmp_path, jobs)
    proc = run_worker(spool)
    assert proc.returncode == 0, proc.stderr[-1000:]
    expected = {  # id: (attempts, last_status, next_attempt_at)
        "evt_r1": (1, 500, "2024-06-20T12:01:00Z"),
        "evt_r2": (3, 503, "2024-06-20T12:04:00Z"),
        "evt_r3": (2, 408, "2024-06-20T12:02:00Z"),
        "evt_r4": (1, None, "2024-06-20T12:01:00Z"),
        "evt_r5": (1, 429, "2024-06-20T12:10:00Z"),
        "evt_r6": (2, 429, "2024-06-20T12:02:00Z"),
        "evt_r7": (4, 502, "2024-06-20T12:08:00Z"),
        "evt_r8": (2, 503, "2024-06-20T12:15:00Z"),
    }
    for jid, (attempts, status, nxt) in expected.items():
        j = load(spool, "pending", jid)
        assert (j["attempts"], j["last_status"], j["next_attempt_at"]) == (attempts, status, nxt), \
            f"{jid}: got {(j['attempts'], j['last_status'], j['next_attempt_at'])}, expected {(attempts, status, nxt)}"
        assert j["body"] == jobs[int(jid[-1]) - 1]["body"]


def test_dead_after_fifth_attempt(receiver, tmp_path):
    jobs = [job("evt_d1", receiver.url("/e500"), attempts=4), job("evt_d2", f"http://127.0.0.1:{closed_port()}/x", attempts=4),
            job("evt_d3", receiver.url("/e503"), attempts=3)]
    spool = make_spool(tmp_path, jobs)
    proc = run_worker(spool)
    assert proc.returncode == 0, proc.stderr[-1000:]
    d1, d2 = load(spool, "dead", "evt_d1"), load(spool, "dead", "evt_d2")
    assert (d1["attempts"], d1["last_status"]) == (5, 500), d1
    assert (d2["attempts"], d2["last_status"]) == (5, None), d2
    d3 = load(spool, "pending", "evt_d3")
    assert (d3["attempts"], d3["next_attempt_at"]) == (4, "2024-06-20T12:08:00Z"), d3


def test_due_held_and_ignored_files(receiver, tmp_path):
    not_due = job("evt_s1", receiver.url("/ok"), nxt="2024-06-20T12:00:01Z")
    exactly_due = job("evt_s2", receiver.url("/ok"), attempts=1, nxt=NOW)
    held = job("evt_s3", receiver.url("/ok"), tenant="medvik-health")
    other = job("evt_s4", receiver.url("/ok"), tenant="medvik")
    spool = make_spool(tmp_path, [not_due, exactly_due, held, other, ("notes.txt", "not a job\n"),
                                  (".evt_s9.json.tmp", '{"id": "half')],
                       holds="# on hold\n\nmedvik-health\n#acme\n")
    before = {p.name: p.read_bytes() for p in (spool / "pending").iterdir()}
    proc = run_worker(spool)
    assert proc.returncode == 0, proc.stderr[-1000:]
    for name in ("evt_s1.json", "evt_s3.json", "notes.txt", ".evt_s9.json.tmp"):
        assert (spool / "pending" / name).read_bytes() == before[name], f"{name} was changed or moved"
    assert load(spool, "done", "evt_s2")["attempts"] == 2
    assert load(spool, "done", "evt_s4")["attempts"] == 1
    assert len(receiver.requests) == 2, [r["headers"].get("x-webhook-id") for r in receiver.requests]


def test_malformed_jobs_go_to_dead(receiver, tmp_path):
    raw_bad = '{"id": "evt_m1", "url": "http://x", "body": "{\\"a\\":'
    no_url = json.dumps({"id": "evt_m2", "tenant": "acme", "event": "e", "body": "{}", "attempts": 0,
                         "next_attempt_at": None, "created_at": "2024-06-19T10:00:00Z"})
    spool = make_spool(tmp_path, [("evt_m1.json", raw_bad), ("evt_m2.json", no_url), ("evt_m3.json", "[1, 2]"),
                                  job("evt_m4", receiver.url("/ok"))])
    proc = run_worker(spool)
    assert proc.returncode == 0, f"the worker failed on malformed files: {proc.stderr[-1000:]}"
    for name, text in (("evt_m1.json", raw_bad), ("evt_m2.json", no_url), ("evt_m3.json", "[1, 2]")):
        assert (spool / "dead" / name).read_text() == text, f"{name} not moved unchanged to dead/"
        assert not (spool / "pending" / name).exists()
    load(spool, "done", "evt_m4")
    assert len(receiver.requests) == 1


def test_output_and_second_run(receiver, tmp_path):
    """One line per job that got an outcome in processing order, then the summary line; exit status 0 whatever the deliveries' outcomes; a second run finds nothing due."""
    jobs = [job("evt_o1", receiver.url("/ok"), created="2024-06-19T10:00:01Z"),
            job("evt_o2", receiver.url("/e503"), created="2024-06-19T10:00:02Z"),
            job("evt_o3", receiver.url("/gone"), created="2024-06-19T10:00:03Z"),
            job("evt_o4", receiver.url("/e500"), attempts=4, created="2024-06-19T10:00:04Z"),
            job("evt_o5", receiver.url("/ok"), nxt="2024-06-21T00:00:00Z", created="2024-06-19T10:00:05Z"),
            job("evt_o6", f"http://127.0.0.1:{closed_port()}/", created="2024-06-19T10:00:00Z"),
            ("evt_o7.json", "{broken")]
    spool = make_spool(tmp_path, jobs)
    proc = run_worker(spool)
    assert proc.returncode == 0, proc.stderr[-1000:]
    lines = [ln.strip() for ln in proc.stdout.splitlines() if ln.strip()]
    assert lines[-1] == "delivered=1 failed=1 retry=2 dead=2 skipped=1", f"summary line: {lines[-1]!r}"
    body = lines[:-1]
    assert "evt_o7 dead -" in body, body
    rest = [ln for ln in body if ln != "evt_o7 dead -"]
    assert rest == ["evt_o6 retry -", "evt_o1 delivered 200", "evt_o2 retry 503", "evt_o3 failed 410", "evt_o4 dead 500"], rest
    second = run_worker(spool)
    assert second.returncode == 0
    assert [ln.strip() for ln in second.stdout.splitlines() if ln.strip()] == ["delivered=0 failed=0 retry=0 dead=0 skipped=3"], second.stdout
    assert len(receiver.requests) == 4


def test_missing_or_empty_key(receiver, tmp_path):
    spool = make_spool(tmp_path, [job("evt_k1", receiver.url("/ok"))])
    before = (spool / "pending" / "evt_k1.json").read_bytes()
    assert run_worker(spool, key=tmp_path / "no-such-key").returncode == 2
    (tmp_path / "empty").write_text("\n")
    assert run_worker(spool, key=tmp_path / "empty").returncode == 2
    assert (spool / "pending" / "evt_k1.json").read_bytes() == before and not receiver.requests


def test_one_worker_at_a_time(receiver, tmp_path):
    """One worker at a time: while another process holds the exclusive flock(2) lock (fcntl.flock) on DIR/.lock, the worker prints a line to standard error and exits with status 0 without sending or changing anything; the lock file is never removed, and once it is free the next pass delivers."""
    spool = make_spool(tmp_path, [job("evt_l1", receiver.url("/ok"))])
    before = (spool / "pending" / "evt_l1.json").read_bytes()
    with open(spool / ".lock", "a") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        args = ["python3", str(WORKER), "--spool", str(spool), "--key-file", str(tmp_path / "key"), "--now", NOW]
        try:
            proc = subprocess.run(args, capture_output=True, text=True, timeout=30)
        except subprocess.TimeoutExpired:
            pytest.fail("the worker waited for the lock instead of exiting")
        assert proc.returncode == 0, f"exit {proc.returncode} while another worker holds the lock: {proc.stderr[-500:]}"
        assert proc.stderr.strip(), "nothing on standard error about the other worker"
        assert not receiver.requests, "a request went out while another worker held the lock"
        assert (spool / "pending" / "evt_l1.json").read_bytes() == before, "the job was changed while another worker held the lock"
        moved = [f"{d}/{p.name}" for d in ("done", "failed", "dead") for p in (spool / d).iterdir()]
        assert not moved, f"jobs moved while another worker held the lock: {moved}"
    proc = run_worker(spool)
    assert proc.returncode == 0, proc.stderr[-1000:]
    load(spool, "done", "evt_l1")
    assert (spool / ".lock").exists(), "the worker removed DIR/.lock"


# ------------------------------------------------------------------ the live spool

LIVE_UNCHANGED = {
    "dead/evt_5a20c7e114.json": "3c21525fa6b2ecfa489f3e11ec9ec09c1af450f6d37e8bea98f2a01b46bd5c0f",
    "dead/evt_5b8812fe03.json": "44372c1c9e747b28f0168d7b2cdb783c7d0eed9f91c1e5189c59df42cdb3134f",
    "dead/evt_5c01a9b7e2.json": "8512f94bb634be35d02642bd899a3b7ea5a0e03081324d54d701d01ab60f0b1a",
    "dead/evt_6f93d01c5e.json": "da1c24f6ffa749b3017696e6429da436002c67bca83b86609895ff50502ada75",
    "dead/evt_6f93d029e3.json": "17106c9690ba475f76e48e7810feca1b37e25376b02aecc21d89808ff6965e4a",
    "done/evt_6e00aa0101.json": "058d5c3de19189e88c7f3d191b4db3401bdbf109928fd93f26b4fd2d3b3687a0",
    "failed/evt_6e00aa0f77.json": "f3eec55794958862d1e3f26f62cf4ad7bc7a5ecbe5de9b037ef9a4af3787b2af",
    "holds.txt": "471830240b112608924eb14774f443197b537a84a49f86405a161ce3dadadb7b",
    "pending/evt_7c1e0b92a4.json": "6bdb0f68f3ab6ae37fbca61309911504c07b66086a42d4d102df77fd94e3d3d8",
    "pending/evt_7c1e0b9f31.json": "88fd02f37c00a7612e4a6fff49eb84151b4819ad94df19af4c59c9cbbf669d9f",
    "pending/evt_7c1e0ba402.json": "d5bc7dea20d21712e27f7519e56bf6b8648a5452f342a28b8eaf61e53c166567",
    "pending/evt_7c1e0bb7d8.json": "485c2d723cf19ccb06ccd0d1c8bdfd53c5311e91e730c7c7f8d9147128043179",
}
REQUEUED = {
    "evt_6f93d01a11": ("nordpaddel", "https://api.nordpaddel.example/webhooks/orders", "order.paid", "2024-06-17T13:01:12Z",
                       '{"order":58002,"total":"560.00","currency":"SEK"}'),
    "evt_6f93d02077": ("fjallbacka-outfitters", "https://hooks.fjallbacka-outfitters.example/lindqvist", "order.shipped",
                       "2024-06-17T13:05:09Z", '{"order":57980,"carrier":"DHL","tracking":"JD014600006281230012"}'),
    "evt_6f93d024b0": ("tromso-tinds", "https://tromso-tinds.example/api/incoming", "order.paid", "2024-06-17T13:09:51Z",
                       '{"order":58011,"total":"74.50","currency":"NOK"}'),
    "evt_6f93d02d46": ("nordpaddel", "https://api.nordpaddel.example/webhooks/orders", "order.cancelled", "2024-06-17T13:20:37Z",
                       '{"order":58019,"reason":"customer_request"}'),
    "evt_6f93d0318c": ("fjallbacka-outfitters", "https://hooks.fjallbacka-outfitters.example/lindqvist", "order.paid",
                       "2024-06-17T13:26:03Z", '{"order":58024,"total":"3320.00","currency":"SEK"}'),
}


def live_files() -> set[str]:
    return {str(p.relative_to(LIVE)) for p in LIVE.rglob("*") if p.is_file()}


def test_live_spool_untouched_except_requeue():
    for rel, digest in LIVE_UNCHANGED.items():
        p = LIVE / rel
        assert p.is_file(), f"/app/spool/{rel} is gone"
        assert sha_file(p) == digest, f"/app/spool/{rel} was changed"
    expected = set(LIVE_UNCHANGED) | {f"pending/{jid}.json" for jid in REQUEUED}
    assert live_files() == expected, f"unexpected files in /app/spool: {sorted(live_files() ^ expected)}"


def test_outage_jobs_requeued():
    for jid, (tenant, url, event, created, body) in REQUEUED.items():
        p = LIVE / "pending" / f"{jid}.json"
        assert p.is_file(), f"{jid} (outage, tenant {tenant}) was not requeued to /app/spool/pending"
        assert json.loads(p.read_text()) == {"id": jid, "tenant": tenant, "url": url, "event": event, "body": body,
                                             "attempts": 0, "next_attempt_at": None, "created_at": created}, p.read_text()


def test_spoolctl_unchanged():
    assert sha_file(Path("/app/webhooks/spoolctl.py")) == "94853faea32954f428631a584f6b7f3813e53ef1b21943768a27ae04d1a7369f"
