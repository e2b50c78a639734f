"""Checks of the HAProxy load balancer in front of the shop's app instances, by requests.

The balancer is started again from the agent's files (/app/lb/start.sh, /etc/haproxy/haproxy.cfg)
on fresh instances; instances are drained, killed and brought back while requests are sent.
"""

import http.client
import json
import os
import re
import signal
import subprocess
import time
from pathlib import Path

import pytest

CFG = Path("/etc/haproxy/haproxy.cfg")
START = Path("/app/lb/start.sh")
STATE = Path("/app/lb/state")
PASSWORD = Path("/app/lb/secrets/stats-password").read_text().strip()


def request(path="/", port=8080, headers=None, auth=None):
    headers = dict(headers or {})
    if auth:
        import base64

        headers["Authorization"] = "Basic " + base64.b64encode(auth.encode()).decode()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.request("GET", path, headers=headers)
        resp = conn.getresponse()
        body = resp.read()
        return resp.status, {k.lower(): v for k, v in resp.getheaders()}, body
    finally:
        conn.close()


def server_of(path="/", headers=None):
    status, _, body = request(path, headers=headers)
    if status != 200:
        return f"HTTP {status}"
    return json.loads(body)["server"]


def wait_for(predicate, what, deadline=30.0):
    end = time.monotonic() + deadline
    while time.monotonic() < end:
        try:
            if predicate():
                return
        except OSError:
            pass
        time.sleep(0.3)
    pytest.fail(f"not within {deadline:.0f} s: {what}")


def clear_state():
    STATE.mkdir(parents=True, exist_ok=True)
    for f in STATE.glob("*.down"):
        f.unlink()


def pool_answers():
    seen = [server_of() for _ in range(6)]
    return sorted(set(seen))


@pytest.fixture(scope="module", autouse=True)
def balancer():
    subprocess.run(["pkill", "-x", "haproxy"], check=False)
    subprocess.run(["/app/lb/backends.sh", "stop"], check=False)
    subprocess.run(["pkill", "-f", "/app/lb/backend.py"], check=False)
    time.sleep(0.5)
    Path("/run/haproxy.pid").unlink(missing_ok=True)
    clear_state()
    assert START.is_file() and os.access(START, os.X_OK), "/app/lb/start.sh missing or not executable"
    result = subprocess.run([str(START)], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, f"start.sh failed: {result.stderr}"
    wait_for(lambda: request()[0] == 200, "port 8080 answers")
    wait_for(lambda: pool_answers() == ["app1", "app2"], "app1 and app2 both serve")
    yield
    clear_state()


@pytest.fixture(autouse=True)
def healthy_pool():
    clear_state()
    subprocess.run(["/app/lb/backends.sh", "start"], check=False, capture_output=True)
    wait_for(lambda: pool_answers() == ["app1", "app2"], "app1 and app2 both serve")
    yield
    clear_state()


def test_config_is_valid():
    """/etc/haproxy/haproxy.cfg passes haproxy -c."""
    env = dict(os.environ, STATS_PASSWORD=PASSWORD)
    result = subprocess.run(["haproxy", "-c", "-f", str(CFG)], capture_output=True, text=True, env=env)
    assert result.returncode == 0, result.stdout + result.stderr


def test_frontend_listens_on_8080_all_addresses():
    """The balancer listens on port 8080 on all addresses."""
    out = subprocess.run(["ss", "-ltnH"], capture_output=True, text=True).stdout
    local = [line.split()[3] for line in out.splitlines()]
    assert any(addr in ("0.0.0.0:8080", "*:8080", "[::]:8080") for addr in local), local


def test_round_robin_over_app1_and_app2():
    """Requests without a cookie take turns between app1 and app2 (round robin); app3 gets none
    while either is up."""
    seen = [server_of() for _ in range(8)]
    assert seen.count("app1") == 4 and seen.count("app2") == 4, seen
    assert all(a != b for a, b in zip(seen, seen[1:])), f"not round robin: {seen}"


def test_sticky_cookie():
    """The balancer inserts the cookie SRV naming the instance (app1 or app2); a client that sends
    it back stays on that instance, and the instance does not see the cookie."""
    status, headers, body = request()
    server = json.loads(body)["server"]
    cookie = headers.get("set-cookie", "")
    assert cookie.startswith(f"SRV={server}"), f"Set-Cookie {cookie!r} for {server}"
    for name in ("app1", "app2"):
        for _ in range(4):
            status, _, body = request(headers={"Cookie": f"SRV={name}; lang=de"})
            data = json.loads(body)
            assert data["server"] == name
            assert "SRV=" not in data["headers"].get("Cookie", ""), "the SRV cookie reached the instance"


def test_forwarded_for():
    """Requests reach the instances with an X-Forwarded-For header naming the client."""
    _, _, body = request()
    headers = {k.lower(): v for k, v in json.loads(body)["headers"].items()}
    assert headers.get("x-forwarded-for") == "127.0.0.1", headers


def test_admin_only_on_app1():
    """Paths starting with /admin go to app1 only, whatever cookie the client sends."""
    for cookie in (None, "SRV=app2"):
        for _ in range(4):
            assert server_of("/admin/orders?page=2", {"Cookie": cookie} if cookie else None) == "app1"


def test_admin_never_falls_back():
    """While app1 is drained, /admin answers 503 and never reaches another instance; the rest of
    the shop is served by app2."""
    (STATE / "app1.down").touch()
    wait_for(lambda: pool_answers() == ["app2"], "app1 out of the pool after draining")
    wait_for(lambda: request("/admin/")[0] == 503, "/admin answers 503 with app1 drained")
    for _ in range(4):
        assert request("/admin/users")[0] == 503


def test_drained_instance_leaves_and_returns():
    """An instance whose /healthz fails is taken out (also for clients whose cookie names it) and
    comes back once it passes again."""
    (STATE / "app2.down").touch()
    wait_for(lambda: pool_answers() == ["app1"], "app2 out of the pool after draining", 15)
    assert server_of(headers={"Cookie": "SRV=app2"}) == "app1"
    (STATE / "app2.down").unlink()
    wait_for(lambda: pool_answers() == ["app1", "app2"], "app2 back in the pool", 15)


def test_backup_only_when_both_down():
    """app3 is a backup: it serves only when app1 and app2 are both down."""
    (STATE / "app1.down").touch()
    (STATE / "app2.down").touch()
    wait_for(lambda: pool_answers() == ["app3"], "app3 serving with app1 and app2 drained", 15)
    (STATE / "app1.down").unlink()
    wait_for(lambda: pool_answers() == ["app1"], "app1 back and app3 idle again", 15)


def test_dead_instance_costs_no_request():
    """When an instance dies, requests sent to it before the health check notices are retried on
    another instance: no request fails."""
    pid = int(Path("/run/backends/app2.pid").read_text())
    os.kill(pid, signal.SIGKILL)
    time.sleep(0.2)
    results = [server_of() for _ in range(8)]
    assert results.count("app1") == 8, f"requests after app2 died: {results}"


def test_stats_page():
    """The stats page is at http://127.0.0.1:8404/stats, listens on 127.0.0.1 only and asks for
    the ops user's password."""
    assert request("/stats", port=8404)[0] == 401
    assert request("/stats", port=8404, auth="ops:wrong")[0] == 401
    assert request("/stats", port=8404, auth=f"ops:{PASSWORD}")[0] == 200
    out = subprocess.run(["ss", "-ltnH"], capture_output=True, text=True).stdout
    local = [line.split()[3] for line in out.splitlines() if line.split()[3].endswith(":8404")]
    assert local == ["127.0.0.1:8404"], f"stats listeners: {local}"


def test_server_maxconn():
    """Each instance in the pool takes at most 50 connections at a time."""
    status, _, body = request("/stats;csv", port=8404, auth=f"ops:{PASSWORD}")
    assert status == 200
    rows = [line.split(",") for line in body.decode().splitlines()]
    head = rows[0]
    head[0] = head[0].lstrip("# ")
    col = {name: i for i, name in enumerate(head)}
    limits = {}
    for row in rows[1:]:
        if len(row) > col["slim"] and row[col["svname"]] in ("app1", "app2", "app3"):
            limits.setdefault(row[col["svname"]], set()).add(row[col["slim"]])
    for name in ("app1", "app2", "app3"):
        assert limits.get(name) == {"50"}, f"{name}: slim {limits.get(name)}"


def stats_rows():
    status, _, body = request("/stats;csv", port=8404, auth=f"ops:{PASSWORD}")
    assert status == 200
    rows = [line.split(",") for line in body.decode().splitlines()]
    head = rows[0]
    head[0] = head[0].lstrip("# ")
    return [dict(zip(head, row)) for row in rows[1:] if len(row) >= len(head) - 1]


def test_health_check_settings_and_timeouts():
    """Health checks run every second; two failed checks take a server out, two passed checks bring
    it back; timeouts are connect 3 s, client 30 s, server 30 s."""
    servers = [r for r in stats_rows() if r["svname"] in ("app1", "app2", "app3")]
    assert {r["svname"] for r in servers} == {"app1", "app2", "app3"}
    for r in servers:
        assert (r["check_rise"], r["check_fall"]) == ("2", "2"), f"{r['pxname']}/{r['svname']}: rise {r['check_rise']} fall {r['check_fall']}"
        assert r["check_status"] and r["check_status"] != "", f"{r['svname']} is not health-checked"
    text = re.sub(r"#.*", "", CFG.read_text())
    inters = re.findall(r"\binter\s+(\S+)", text)
    assert inters and all(v in ("1s", "1000", "1000ms") for v in inters), f"inter values: {inters}"
    for name, want in (("connect", ("3s", "3000", "3000ms")), ("client", ("30s", "30000", "30000ms")), ("server", ("30s", "30000", "30000ms"))):
        found = re.findall(rf"\btimeout\s+{name}\s+(\S+)", text)
        assert found and all(v in want for v in found), f"timeout {name}: {found}"


def test_password_not_in_files():
    """The stats password is not written into haproxy.cfg or start.sh: it is read from
    /app/lb/secrets/stats-password when HAProxy starts."""
    for path in (CFG, START):
        assert PASSWORD not in path.read_text(), f"the password is in {path}"


def test_start_twice_reloads():
    """Running start.sh while everything runs reloads HAProxy: one HAProxy process afterwards and
    the shop still answers."""
    result = subprocess.run([str(START)], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr

    def one_haproxy():
        pids = subprocess.run(["pgrep", "-x", "haproxy"], capture_output=True, text=True).stdout.split()
        return len(pids) == 1

    wait_for(one_haproxy, "exactly one haproxy process after the second start", 20)
    assert pool_answers() == ["app1", "app2"]
