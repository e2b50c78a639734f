"""Verifier for gateway-rate-limit-replay: the real outputs, fresh logs and limits, boundaries."""
import csv
import hashlib
import io
import json
import random
import re
import subprocess
import sys
import tomllib
from datetime import datetime, timedelta, timezone
from pathlib import Path


TOOL = Path("/app/bin/replay_limits.py")
LOG = Path("/app/logs/access.jsonl")
LIMITS = Path("/app/gateway/limits.toml")
OUT = Path("/app/out")
LOG_SHA = "615dbc4de2d10edb0b89128694f9c1b60e5f4d39db7dd521d2b84669886a4ce0"
# The limits file as shipped, or as ops changed it during the session (a change made by someone else).
LIMITS_SHA = {"5479afe3b4ceff9207632738a4d0619433bc1981754e12c4dbf208f67072d1fe",
              "7cb5e42ffbf47ed3640ec3123f72c914d794ca6b8ba0a0d981d6c530765d0a12"}
EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)
TS_RX = re.compile(r"(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?(Z|([+-])(\d{2}):(\d{2}))")


# ------------------------------------------------------------------ reference


def instant_us(ts):
    """Microseconds since the epoch (UTC), or None when malformed."""
    if not isinstance(ts, str):
        return None
    m = TS_RX.fullmatch(ts)
    if not m:
        return None
    y, mo, d, h, mi, s, frac, z, sign, oh, om = m.groups()
    try:
        if z == "Z":
            tz = timezone.utc
        else:
            off = timedelta(hours=int(oh), minutes=int(om))
            tz = timezone(off if sign == "+" else -off)
        dt = datetime(int(y), int(mo), int(d), int(h), int(mi), int(s), tzinfo=tz)
    except ValueError:
        return None
    delta = dt - EPOCH
    return (delta.days * 86400 + delta.seconds) * 1_000_000 + int((frac or "0").ljust(6, "0"))


def utc_text(us):
    dt = EPOCH + timedelta(microseconds=us)
    return dt.strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def reference(limits_text, log_text):
    cfg = tomllib.loads(limits_text)
    dn, dw = cfg["default"]["requests"], cfg["default"]["window_seconds"]
    over = {c: (o.get("requests", dn), o.get("window_seconds", dw)) for c, o in cfg.get("clients", {}).items()}
    exempt = set(cfg.get("exempt", {}).get("clients", []))
    reqs, malformed = [], []
    for no, line in enumerate(log_text.split("\n")[: -1] if log_text.endswith("\n") else log_text.split("\n"), 1):
        if not line.strip():
            continue
        try:
            rec = json.loads(line)
        except ValueError:
            rec = None
        if not isinstance(rec, dict):
            malformed.append(no)
            continue
        us, client = instant_us(rec.get("ts")), rec.get("client")
        if us is None or not isinstance(client, str) or client == "":
            malformed.append(no)
            continue
        reqs.append((us, no, client))
    reqs.sort()
    allowed_at = {}
    rows, clients = [], {}
    for us, no, client in reqs:
        if client in exempt:
            ok = True
        else:
            n, w = over.get(client, (dn, dw))
            hist = allowed_at.setdefault(client, [])
            ok = sum(1 for a in hist if us - w * 1_000_000 < a <= us) < n
            if ok:
                hist.append(us)
        rows.append([str(no), client, utc_text(us), "ALLOW" if ok else "REJECT"])
        c = clients.setdefault(client, {"allowed": 0, "rejected": 0})
        c["allowed" if ok else "rejected"] += 1
    return rows, {"malformed_lines": malformed, "clients": clients}


def read_outputs(out_dir):
    raw = (Path(out_dir) / "decisions.csv").read_bytes()
    assert b"\r" not in raw, "decisions.csv must use LF line endings"
    rows = list(csv.reader(io.StringIO(raw.decode("utf-8"))))
    assert rows and rows[0] == ["line", "client", "utc", "decision"], f"bad header: {rows[:1]}"
    summary = json.loads((Path(out_dir) / "summary.json").read_text())
    return rows[1:], summary


def run_tool(tmp, limits_text, log_lines, name="case"):
    d = Path(tmp) / name
    d.mkdir(parents=True, exist_ok=True)
    (d / "limits.toml").write_text(limits_text)
    log_text = "".join(line + "\n" for line in log_lines)
    (d / "access.jsonl").write_text(log_text)
    out = d / "out" / "nested"
    p = subprocess.run([sys.executable, str(TOOL), "--limits", str(d / "limits.toml"), "--log", str(d / "access.jsonl"),
                        "--out", str(out)], capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, f"replay_limits.py exited {p.returncode}: {p.stderr[-600:]}"
    got = read_outputs(out)
    return got, reference(limits_text, log_text)


def req(ts, client="c1", **extra):
    return json.dumps({"ts": ts, "client": client, "path": "/v1/items", **extra})


BASIC = "[default]\nrequests = 1\nwindow_seconds = 60\n"


# ------------------------------------------------------------------ the real run


def test_log_untouched():
    """Don't modify /app/logs/access.jsonl (it is the evidence copy from the gateway)."""
    assert hashlib.sha256(LOG.read_bytes()).hexdigest() == LOG_SHA, "/app/logs/access.jsonl was modified"


def test_limits_not_edited():
    """Don't modify /app/gateway/limits.toml (it belongs to ops); a change ops made during the session is accepted."""
    assert hashlib.sha256(LIMITS.read_bytes()).hexdigest() in LIMITS_SHA, "/app/gateway/limits.toml was edited"


def test_real_outputs_match_current_log_and_limits():
    assert (OUT / "decisions.csv").is_file() and (OUT / "summary.json").is_file(), "run the tool so /app/out has both files"
    rows, summary = read_outputs(OUT)
    exp_rows, exp_summary = reference(LIMITS.read_text(), LOG.read_text())
    assert summary == exp_summary, "summary.json does not match the log and the current limits.toml"
    bad = [(g, e) for g, e in zip(rows, exp_rows) if g != e]
    assert len(rows) == len(exp_rows) and not bad, f"decisions.csv differs, first: {bad[:3]} ({len(rows)} vs {len(exp_rows)} rows)"


def test_defaults_and_rerun(tmp_path):
    # Re-running with the defaults reproduces the same files.
    before = [(OUT / f).read_bytes() for f in ("decisions.csv", "summary.json")]
    p = subprocess.run([sys.executable, str(TOOL)], capture_output=True, text=True, timeout=180)
    assert p.returncode == 0, p.stderr[-600:]
    after = [(OUT / f).read_bytes() for f in ("decisions.csv", "summary.json")]
    assert read_outputs(OUT) == reference(LIMITS.read_text(), LOG.read_text())
    assert before[0] == after[0], "a second run changed decisions.csv"


# ------------------------------------------------------------------ the rule on fresh logs


def test_exactly_one_window_later_is_allowed(tmp_path):
    lines = [req("2024-05-14T07:00:00.125Z"), req("2024-05-14T09:01:00.125+02:00"),
             req("2024-05-14T07:01:59.999Z"), req("2024-05-14T07:02:00.125Z"),
             req("2024-05-14T07:02:00.125Z", "c2"), req("2024-05-14T07:03:00.124Z", "c2"), req("2024-05-14T07:03:00.125Z", "c2")]
    (rows, summary), (exp_rows, exp_summary) = run_tool(tmp_path, BASIC, lines)
    assert [r[3] for r in rows] == [r[3] for r in exp_rows] == ["ALLOW", "ALLOW", "REJECT", "ALLOW", "ALLOW", "REJECT", "ALLOW"]
    assert rows == exp_rows and summary == exp_summary


def test_fractional_boundaries_are_exact(tmp_path):
    rng = random.Random(3)
    lines = []
    base = 1715670000
    for i in range(60):
        frac = rng.choice([".1", ".3", ".7", ".123457", ".999999", ".000001", ".55", ".9"])
        s = base + i * 1000
        a = (EPOCH + timedelta(seconds=s)).strftime("%Y-%m-%dT%H:%M:%S") + frac + "Z"
        b = (EPOCH + timedelta(seconds=s + 7)).strftime("%Y-%m-%dT%H:%M:%S") + frac + "Z"
        lines += [req(a, f"k{i}"), req(b, f"k{i}")]
    limits = "[default]\nrequests = 1\nwindow_seconds = 7\n"
    (rows, summary), (exp_rows, exp_summary) = run_tool(tmp_path, limits, lines)
    assert all(r[3] == "ALLOW" for r in exp_rows)
    assert rows == exp_rows, "a request exactly one window after another must be allowed (compare exactly)"


def test_rejected_requests_do_not_count(tmp_path):
    limits = "[default]\nrequests = 2\nwindow_seconds = 10\n"
    lines = [req("2024-05-14T07:00:00Z"), req("2024-05-14T07:00:01Z"), req("2024-05-14T07:00:02Z"),
             req("2024-05-14T07:00:10.5Z"), req("2024-05-14T07:00:11Z"), req("2024-05-14T07:00:11.5Z")]
    (rows, summary), (exp_rows, exp_summary) = run_tool(tmp_path, limits, lines)
    assert [r[3] for r in exp_rows] == ["ALLOW", "ALLOW", "REJECT", "ALLOW", "ALLOW", "REJECT"]
    assert rows == exp_rows and summary == exp_summary


def test_time_order_across_offsets_and_ties_in_line_order(tmp_path):
    lines = [req("2024-05-14T09:00:05.000+02:00"),      # 07:00:05Z
             req("2024-05-14T07:00:01Z"),               # earlier instant, later line
             req("2024-05-14T02:00:30.5-05:00", "c2"),  # 07:00:30.5Z
             req("2024-05-14T07:00:30.500000Z", "c2"),  # same instant, later line -> rejected
             req("2024-05-14T08:00:00Z", "c3"), req("2024-05-14T07:59:59.9Z", "c3")]
    (rows, summary), (exp_rows, exp_summary) = run_tool(tmp_path, BASIC, lines)
    assert [(r[0], r[3]) for r in exp_rows] == [("2", "ALLOW"), ("1", "REJECT"), ("3", "ALLOW"), ("4", "REJECT"),
                                                ("6", "ALLOW"), ("5", "REJECT")]
    assert rows == exp_rows and summary == exp_summary


def test_overrides_defaults_and_exempt(tmp_path):
    limits = ('[default]\nrequests = 3\nwindow_seconds = 60\n\n[clients."wide"]\nwindow_seconds = 5\n\n'
              '[clients."few"]\nrequests = 1\n\n[clients."both"]\nrequests = 2\nwindow_seconds = 2\n\n'
              '[exempt]\nclients = ["probe", "batch"]\n')
    rng = random.Random(11)
    lines = []
    t = 1715670000.0
    for _ in range(400):
        t += rng.choice([0, 0.25, 0.5, 1, 1.5, 2, 3])
        ts = (EPOCH + timedelta(seconds=t)).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"
        lines.append(req(ts, rng.choice(["wide", "few", "both", "probe", "batch", "other"])))
    (rows, summary), (exp_rows, exp_summary) = run_tool(tmp_path, limits, lines)
    assert exp_summary["clients"]["probe"]["rejected"] == 0
    assert summary == exp_summary
    assert rows == exp_rows


def test_sections_may_be_absent(tmp_path):
    lines = [req(f"2024-05-14T07:00:0{i}Z", "a" if i % 2 else "b") for i in range(8)]
    (rows, summary), (exp_rows, exp_summary) = run_tool(tmp_path, "[default]\nrequests = 2\nwindow_seconds = 4\n", lines)
    assert rows == exp_rows and summary == exp_summary


def test_malformed_and_blank_lines(tmp_path):
    """A blank line (empty or only whitespace) is ignored; malformed lines are listed by number, lines numbered from 1 counting every line (blank ones included); other keys of a request are ignored."""
    lines = [
        req("2024-05-14T07:00:00Z", "a"),
        "",
        "   ",
        '{"ts": "2024-05-14T07:00:01Z", "client": "a", "path": "/v1/it',
        json.dumps(["2024-05-14T07:00:02Z", "a"]),
        json.dumps({"ts": "2024-05-14T07:00:03", "client": "a"}),
        json.dumps({"ts": "2024-02-30T07:00:05Z", "client": "a"}),
        json.dumps({"ts": "2024-05-14T24:00:00Z", "client": "a"}),
        json.dumps({"ts": 1715670006, "client": "a"}),
        json.dumps({"ts": "2024-05-14T07:00:07Z", "client": ""}),
        json.dumps({"ts": "2024-05-14T07:00:08Z", "client": 17}),
        json.dumps({"ts": "2024-05-14T07:00:09Z"}),
        json.dumps({"ts": "2024-05-14T07:00:10.1234567Z", "client": "a"}),
        json.dumps({"ts": "2024-05-14T07:00:11.Z", "client": "a"}),
        "null",
        req("2024-05-14T07:00:13.5-00:30", "b", extra={"nested": [1, 2]}),
        req("2024-05-14T07:00:14.000001+00:00", "a"),
        "",
    ]
    (rows, summary), (exp_rows, exp_summary) = run_tool(tmp_path, BASIC, lines)
    assert exp_summary["malformed_lines"] == [4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]
    assert summary == exp_summary
    assert rows == exp_rows


def test_utc_format(tmp_path):
    """utc is the instant in UTC written as YYYY-MM-DDTHH:MM:SS.ffffffZ, always six fraction digits (2024-05-14T07:00:00.125000Z)."""
    lines = [req("2024-05-14T09:00:00+02:00"), req("2024-12-31T23:59:59.5-01:00", "b"), req("2024-05-14T07:00:00.000001Z", "c")]
    (rows, _), (exp_rows, _) = run_tool(tmp_path, BASIC, lines)
    assert [r[2] for r in rows] == ["2024-05-14T07:00:00.000000Z", "2024-05-14T07:00:00.000001Z", "2025-01-01T00:59:59.500000Z"]
    assert rows == exp_rows


def test_random_logs(tmp_path):
    rng = random.Random(2024)
    for k in range(12):
        dn, dw = rng.randint(1, 4), rng.randint(1, 8)
        limits = f"[default]\nrequests = {dn}\nwindow_seconds = {dw}\n"
        clients = [f"cl-{i}" for i in range(rng.randint(2, 5))]
        for c in rng.sample(clients, rng.randint(0, len(clients) - 1)):
            parts = []
            if rng.random() < 0.7:
                parts.append(f"requests = {rng.randint(1, 5)}")
            if rng.random() < 0.7:
                parts.append(f"window_seconds = {rng.randint(1, 6)}")
            limits += f'\n[clients."{c}"]\n' + "\n".join(parts) + "\n"
        if rng.random() < 0.5:
            limits += f'\n[exempt]\nclients = ["{clients[0]}"]\n'
        t, lines = 1715670000.0, []
        for _ in range(rng.randint(50, 300)):
            t += rng.choice([0, 0.1, 0.25, 0.5, 1, 2])
            off = rng.choice([0, 0, 2, -5, 5.5])
            dt = EPOCH + timedelta(seconds=round(t, 3)) + timedelta(hours=off)
            tz = "Z" if off == 0 else ("+" if off > 0 else "-") + f"{int(abs(off)):02d}:{int(abs(off) % 1 * 60):02d}"
            lines.append(req(dt.strftime("%Y-%m-%dT%H:%M:%S.%f")[: rng.choice([19, 21, 23, 26])] + tz, rng.choice(clients)))
        rng.shuffle(lines) if rng.random() < 0.3 else None
        (rows, summary), (exp_rows, exp_summary) = run_tool(tmp_path, limits, lines, name=f"r{k}")
        assert summary == exp_summary, f"random case {k}: summary differs"
        assert rows == exp_rows, f"random case {k}: decisions differ"
