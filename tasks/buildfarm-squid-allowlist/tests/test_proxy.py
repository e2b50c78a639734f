"""Checks of the build farm's squid proxy, by requests through it.

Squid is started again from the agent's /etc/squid/squid.conf on fresh mirrors; the checks make
requests as build agents (source addresses in 127.0.20.0/24) and as other clients, on files the
verifier publishes on the mirrors itself, then read what reached the mirrors
(/var/log/farm/origin.log) and squid's logs.
"""

import datetime as dt
import json
import os
import re
import socket
import subprocess
import time
import uuid
from http.client import HTTPConnection
from pathlib import Path

import pytest

CONF = Path("/etc/squid/squid.conf")
FARM = Path("/srv/farm")
ORIGIN_LOG = Path("/var/log/farm/origin.log")
SEC_LOG = Path("/var/log/squid/buildfarm.log")
NATIVE_LOG = Path("/var/log/squid/access.log")
AGENT = "127.0.20.5"
DEADLINE = 30.0
SEC_LINE = re.compile(
    r"^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ) (\S+) (\S+) ([A-Z]+|-) (\S+) (\d{1,3}) (\d+) ([A-Z_]+)$"
)
NATIVE_LINE = re.compile(r"^\d+\.\d{3}\s+-?\d+ (\S+) ([A-Z_]+)/(\d{3}) (\d+) ([A-Z]+) (\S+) \S+ \S+ \S+$")


def wait_for(predicate, what, deadline=DEADLINE):
    end = time.monotonic() + deadline
    while time.monotonic() < end:
        try:
            value = predicate()
            if value:
                return value
        except OSError:
            pass
        time.sleep(0.3)
    pytest.fail(f"not within {deadline:.0f} s: {what}")


def port_open(port: int) -> bool:
    with socket.socket() as s:
        s.settimeout(2)
        return s.connect_ex(("127.0.0.1", port)) == 0


def fetch(url, src=AGENT, job=None, method="GET"):
    """One request for URL through the proxy from source address SRC: (status, headers, body)."""
    conn = HTTPConnection("127.0.0.1", 3128, timeout=60, source_address=(src, 0))
    headers = {"X-Build-Job": job} if job else {}
    try:
        conn.request(method, url, headers=headers)
        resp = conn.getresponse()
        body = resp.read()
        return resp.status, {k.lower(): v for k, v in resp.getheaders()}, body
    finally:
        conn.close()


def connect(hostport, src=AGENT, job=None, tunnel_host=None):
    """CONNECT HOSTPORT through the proxy; when it is established, a GET /simple/ through the
    tunnel. Returns (CONNECT status, tunnelled response bytes or b"")."""
    with socket.create_connection(("127.0.0.1", 3128), timeout=30, source_address=(src, 0)) as s:
        extra = f"X-Build-Job: {job}\r\n" if job else ""
        s.sendall(f"CONNECT {hostport} HTTP/1.1\r\nHost: {hostport}\r\n{extra}\r\n".encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = s.recv(4096)
            if not chunk:
                break
            head += chunk
        status = int(head.split(b" ", 2)[1]) if head.startswith(b"HTTP/") else 0
        if status != 200:
            return status, b""
        host = tunnel_host or hostport.rsplit(":", 1)[0]
        s.sendall(f"GET /simple/ HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n".encode())
        data = head.split(b"\r\n\r\n", 1)[1]
        while True:
            chunk = s.recv(65536)
            if not chunk:
                break
            data += chunk
        return status, data


def origin(path_part):
    """Requests that reached the mirrors whose path contains PATH_PART."""
    if not ORIGIN_LOG.exists():
        return []
    out = []
    for line in ORIGIN_LOG.read_text().splitlines():
        entry = json.loads(line)
        if path_part in entry["path"]:
            out.append(entry)
    return out


def sec_lines():
    return SEC_LOG.read_text(errors="replace").splitlines() if SEC_LOG.exists() else []


def sec_entries(job):
    """Security log lines (parsed) whose job id field is JOB."""
    found = []
    for line in sec_lines():
        m = SEC_LINE.match(line)
        if m and m.group(3) == job:
            found.append(m.groups())
    return found


def wait_sec(job, count=1):
    return wait_for(lambda: len(sec_entries(job)) >= count and sec_entries(job), f"security log line for job {job}")


def publish(rel, data: bytes, mtime=None):
    """Puts a file on a mirror (FARM/<host>/<path>)."""
    path = FARM / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    if mtime is not None:
        os.utime(path, (mtime, mtime))
    return path


def unique():
    return uuid.uuid4().hex[:12]


@pytest.fixture(scope="module", autouse=True)
def proxy():
    subprocess.run(["pkill", "-KILL", "-x", "squid"], check=False)
    subprocess.run(["pkill", "-KILL", "-f", "log_file_daemon"], check=False)
    wait_for(lambda: not port_open(3128), "port 3128 free after stopping squid")
    Path("/run/squid.pid").unlink(missing_ok=True)
    subprocess.run(["/app/farm/mirrors.sh", "stop"], check=False)
    subprocess.run(["pkill", "-f", "/app/farm/mirrors.py"], check=False)
    for flag in FARM.glob("*/.maintenance"):
        flag.unlink()
    ORIGIN_LOG.parent.mkdir(parents=True, exist_ok=True)
    ORIGIN_LOG.write_text("")
    subprocess.run(["/app/farm/mirrors.sh", "start"], check=True, timeout=120)
    for log in Path("/var/log/squid").glob("*.log"):
        log.unlink()
    assert CONF.is_file(), "/etc/squid/squid.conf is missing"
    subprocess.run(["squid", "-N", "-z", "-f", str(CONF)], capture_output=True, timeout=300)
    started = subprocess.run(["squid", "-f", str(CONF)], capture_output=True, text=True, timeout=120)
    assert started.returncode == 0, f"squid did not start: {started.stderr}"
    wait_for(lambda: port_open(3128), "squid listening on port 3128", 60)
    yield
    subprocess.run(["pkill", "-KILL", "-x", "squid"], check=False)


def test_config_parses():
    """/etc/squid/squid.conf passes squid -k parse."""
    result = subprocess.run(["squid", "-k", "parse", "-f", str(CONF)], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_listens_on_3128_as_buildproxy():
    """Squid listens on port 3128 and calls itself buildproxy.farm.lan (visible_hostname)."""
    status, headers, _ = fetch("http://deb.farm.lan/")
    assert status == 200
    assert "buildproxy.farm.lan" in headers.get("via", ""), headers


def test_build_agents_reach_the_mirrors():
    """Build agents (127.0.20.0/24) get files from deb.farm.lan, pypi.farm.lan and artifacts.farm.lan."""
    for src, url, rel in (
        ("127.0.20.5", "http://deb.farm.lan/debian/dists/bookworm/Release", "deb.farm.lan/debian/dists/bookworm/Release"),
        ("127.0.20.77", "http://pypi.farm.lan/simple/requests/", "pypi.farm.lan/simple/requests/index.html"),
        ("127.0.20.250", "http://artifacts.farm.lan/", "artifacts.farm.lan/index.html"),
    ):
        status, _, body = fetch(url, src=src)
        assert status == 200, f"{url} from {src}: HTTP {status}"
        assert body == (FARM / rel).read_bytes(), url


def test_other_clients_denied():
    """Every client outside 127.0.20.0/24, 127.0.0.1 included, is denied, and nothing reaches the
    mirror."""
    for src in ("127.0.0.1", "127.0.30.7", "127.0.21.5"):
        tag = unique()
        status, _, _ = fetch(f"http://deb.farm.lan/debian/pool/{tag}.deb", src=src)
        assert status == 403, f"client {src}: HTTP {status}"
        assert not origin(tag), f"a request from {src} reached the mirror"


def test_allowlist_exact_names():
    """Only deb.farm.lan, pypi.farm.lan and artifacts.farm.lan, by exact name: scratch.farm.lan,
    other farm.lan names and hosts outside the farm are denied."""
    tag = unique()
    for url in (
        f"http://scratch.farm.lan/share/{tag}.txt",
        f"http://paste.example.net/{tag}",
        f"http://mirror.deb.farm.lan/{tag}",
        f"http://farm.lan/{tag}",
        f"http://deb.farm.lan.paste.example.net/{tag}",
        f"http://pypi.farm.lan.example.org/simple/{tag}/",
    ):
        status, _, _ = fetch(url)
        assert status == 403, f"{url}: HTTP {status}"
    assert not origin(tag), f"denied requests reached a host: {origin(tag)}"


def test_raw_ip_addresses_denied():
    """A URL with a raw IP address is denied, even the address of an allowed host."""
    for url in ("http://127.0.10.1/debian/dists/bookworm/Release", "http://127.0.10.2/simple/", "http://127.0.10.5/"):
        status, _, _ = fetch(url)
        assert status == 403, f"{url}: HTTP {status}"


def test_plain_http_only_to_port_80():
    """Plain HTTP goes only to port 80: other ports of allowed hosts are denied."""
    for url in ("http://deb.farm.lan:8080/", "http://pypi.farm.lan:443/simple/", "http://pypi.farm.lan:8443/"):
        status, _, _ = fetch(url)
        assert status == 403, f"{url}: HTTP {status}"


def test_connect_only_to_443_of_allowed_hosts():
    """CONNECT (HTTPS tunnels) goes only to port 443 and only to the allowed hosts; an allowed
    tunnel carries the connection through."""
    status, data = connect("pypi.farm.lan:443")
    assert status == 200, f"CONNECT pypi.farm.lan:443: HTTP {status}"
    assert data.startswith(b"HTTP/1.1 200") and b"requests" in data, data[:200]
    status, _ = connect("artifacts.farm.lan:443")
    assert status == 200, f"CONNECT artifacts.farm.lan:443: HTTP {status}"
    for hostport in ("pypi.farm.lan:8443", "deb.farm.lan:8080", "deb.farm.lan:80", "scratch.farm.lan:443", "paste.example.net:443", "127.0.10.2:443"):
        status, _ = connect(hostport)
        assert status == 403, f"CONNECT {hostport}: HTTP {status}"
    status, _ = connect("pypi.farm.lan:443", src="127.0.0.1")
    assert status == 403, f"CONNECT from 127.0.0.1: HTTP {status}"


def test_no_forwarded_for():
    """Requests reach the mirrors without an X-Forwarded-For header."""
    tag = unique()
    _, headers, _ = fetch(f"http://pypi.farm.lan/simple/{tag}/")
    # Squid's own refusal never reached the mirror: nothing to wait for.
    assert "ERR_ACCESS_DENIED" not in headers.get("x-squid-error", ""), "the proxy denied the request"
    seen = wait_for(lambda: origin(tag), "the request at the mirror")
    headers = {k.lower() for k in seen[0]["headers"]}
    assert "x-forwarded-for" not in headers, seen[0]["headers"]


def test_security_log_lines():
    """Every request, allowed or denied, is one line in /var/log/squid/buildfarm.log: the time in
    UTC as 2026-12-05T14:03:59Z, client IP, job id from X-Build-Job (- when there is none), method, URL (host:port for CONNECT),
    HTTP status, bytes sent to the client with headers, squid's result code."""
    tag = unique()
    body = b"verify " * 700
    publish(f"deb.farm.lan/debian/verify/{tag}.txt", body)
    jobs = {k: f"verify-{k}-{tag}" for k in ("get", "denied", "outsider", "connect")}
    assert fetch(f"http://deb.farm.lan/debian/verify/{tag}.txt", src="127.0.20.9", job=jobs["get"])[0] == 200
    assert fetch("http://paste.example.net/upload", src="127.0.20.9", job=jobs["denied"])[0] == 403
    assert fetch(f"http://deb.farm.lan/{tag}", src="127.0.0.1", job=jobs["outsider"])[0] == 403
    assert connect("pypi.farm.lan:443", src="127.0.20.9", job=jobs["connect"])[0] == 200
    assert fetch(f"http://deb.farm.lan/debian/verify/{tag}.txt?nojob", src="127.0.20.10")[0] == 200
    now = dt.datetime.now(dt.timezone.utc)
    expect = {
        "get": ("127.0.20.9", "GET", f"http://deb.farm.lan/debian/verify/{tag}.txt", "200"),
        "denied": ("127.0.20.9", "GET", "http://paste.example.net/upload", "403"),
        "outsider": ("127.0.0.1", "GET", f"http://deb.farm.lan/{tag}", "403"),
        "connect": ("127.0.20.9", "CONNECT", "pypi.farm.lan:443", "200"),
    }
    for key, (ip, method, url, status) in expect.items():
        when, got_ip, job, got_method, got_url, got_status, size, result = wait_sec(jobs[key])[0]
        stamp = dt.datetime.strptime(when, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=dt.timezone.utc)
        assert abs((now - stamp).total_seconds()) < 600, f"{key}: time {when} is not now in UTC"
        assert (got_ip, got_method, got_url, got_status) == (ip, method, url, status), f"{key}: {got_ip} {got_method} {got_url} {got_status}"
        if key == "get":
            assert int(size) > len(body), f"bytes {size} do not include the headers"
            assert result == "TCP_MISS", result
        if status == "403":
            assert result == "TCP_DENIED", f"{key}: {result}"
        if key == "connect":
            assert result == "TCP_TUNNEL", result
    nojob = wait_for(
        lambda: [m.groups() for m in map(SEC_LINE.match, sec_lines()) if m and m.group(2) == "127.0.20.10"],
        "the line of the request without X-Build-Job",
    )
    assert nojob[0][2] == "-", f"job id of a request without X-Build-Job: {nojob[0][2]!r}"
    bad = [line for line in sec_lines() if line.strip() and not SEC_LINE.match(line)]
    assert not bad, f"lines not in the buildfarm format: {bad[:3]}"


def test_native_access_log_kept():
    """/var/log/squid/access.log keeps being written in squid's native format, with the same status
    and bytes as the security log."""
    tag = unique()
    url = f"http://artifacts.farm.lan/verify/{tag}"
    fetch(url, job=f"native-{tag}")
    _, _, _, _, _, status, size, _ = wait_sec(f"native-{tag}")[0]

    def native():
        if not NATIVE_LOG.exists():
            return None
        for line in NATIVE_LOG.read_text(errors="replace").splitlines():
            m = NATIVE_LINE.match(line)
            if m and m.group(6) == url:
                return m.groups()
        return None

    got = wait_for(native, f"a native access.log line for {url}")
    assert got[0] == AGENT and got[2] == status and got[3] == size and got[4] == "GET", got


def test_no_query_strings_in_logs():
    """Query strings (the artifact links' signed tokens) are written to no log."""
    token = f"tok{unique()}sig"
    tag = unique()
    publish(f"artifacts.farm.lan/releases/verify/{tag}.jar", b"PK\x03\x04" + os.urandom(4000))
    assert fetch(f"http://artifacts.farm.lan/releases/verify/{tag}.jar?token={token}", job=f"tok-{tag}")[0] == 200
    assert fetch(f"http://scratch.farm.lan/share/{tag}?token={token}", job=f"tok2-{tag}")[0] == 403
    wait_sec(f"tok-{tag}")
    wait_sec(f"tok2-{tag}")
    time.sleep(1)
    for log in Path("/var/log/squid").iterdir():
        if log.is_file():
            assert token not in log.read_text(errors="replace"), f"the token is in {log}"


def test_cache_dir():
    """The disk cache is ufs at /var/spool/squid, 20000 MB, 16 first-level and 256 second-level
    directories."""
    lines = [line.split() for line in CONF.read_text().splitlines() if line.split() and line.split()[0] == "cache_dir"]
    assert len(lines) == 1, f"cache_dir lines: {lines}"
    assert [lines[0][1], lines[0][2].rstrip("/"), *lines[0][3:6]] == ["ufs", "/var/spool/squid", "20000", "16", "256"], lines[0]
    level1 = sorted(p.name for p in Path("/var/spool/squid").iterdir() if p.is_dir() and re.fullmatch(r"[0-9A-F]{2}", p.name))
    assert len(level1) == 16, level1
    assert len([p for p in Path("/var/spool/squid/00").iterdir() if p.is_dir()]) == 256


def fetch_twice(url, rel, data):
    """Downloads URL twice as two agents; both get DATA. Returns the mirror's requests and the
    second download's result code."""
    tag = unique()
    status, _, body = fetch(url, src="127.0.20.21", job=f"first-{tag}")
    assert status == 200 and body == data, f"{url}: HTTP {status}, {len(body)} bytes"
    wait_sec(f"first-{tag}")
    status, _, body = fetch(url, src="127.0.20.22", job=f"second-{tag}")
    assert status == 200 and body == data, f"{url} (second): HTTP {status}, {len(body)} bytes"
    result = wait_sec(f"second-{tag}")[0][7]
    return origin(rel), result


def test_artifacts_kept_fresh():
    """Files ending .deb, .whl, .tar.gz or .jar (the mirrors send no cache headers for them): a
    second download of the same artifact is a cache hit and does not reach the mirror."""
    tag = unique()
    for host, rel in (
        ("deb.farm.lan", f"debian/pool/main/v/verify/verify-{tag}_1.0-1_amd64.deb"),
        ("pypi.farm.lan", f"packages/9f/0c/verify_{tag}-1.0-py3-none-any.whl"),
        ("artifacts.farm.lan", f"releases/verify/{tag}/verify-{tag}-linux-amd64.tar.gz"),
        ("artifacts.farm.lan", f"releases/verify/{tag}/verify-{tag}.jar"),
    ):
        data = os.urandom(300 * 1024)
        publish(f"{host}/{rel}", data)
        seen, result = fetch_twice(f"http://{host}/{rel}", rel, data)
        assert len(seen) == 1, f"{rel}: {len(seen)} requests reached the mirror"
        assert "HIT" in result, f"{rel}: second download {result}"


def test_large_artifacts_cached():
    """Objects up to 2 GB are cached: a second download of a 40 MB artifact is a hit and does not
    reach the mirror."""
    tag = unique()
    rel = f"releases/verify/{tag}/bundle-{tag}.tar.gz"
    data = os.urandom(40 * 1024 * 1024)
    publish(f"artifacts.farm.lan/{rel}", data)
    seen, result = fetch_twice(f"http://artifacts.farm.lan/{rel}", rel, data)
    assert len(seen) == 1, f"{len(seen)} requests for the 40 MB artifact reached the mirror"
    assert "HIT" in result, result


def test_snapshots_never_cached():
    """Nothing under http://artifacts.farm.lan/snapshots/ is cached: a snapshot republished under
    the same name is served new at once, and every download reaches the mirror."""
    tag = unique()
    rel = f"snapshots/verify/app-{tag}-SNAPSHOT-linux-amd64.tar.gz"
    first = os.urandom(200 * 1024)
    publish(f"artifacts.farm.lan/{rel}", first)
    assert fetch(f"http://artifacts.farm.lan/{rel}")[2] == first
    second = os.urandom(200 * 1024)
    publish(f"artifacts.farm.lan/{rel}", second)
    status, _, body = fetch(f"http://artifacts.farm.lan/{rel}", src="127.0.20.30")
    assert status == 200 and body == second, "the republished snapshot was served from the cache"
    assert len(origin(rel)) == 2
    fixed = "snapshots/farmctl/farmctl-SNAPSHOT-linux-amd64.tar.gz"
    for _ in range(2):
        fetch(f"http://artifacts.farm.lan/{fixed}")
    assert len(origin(fixed)) == 2, "a snapshot download was answered from the cache"


def test_pypi_index_revalidated():
    """Pages under http://pypi.farm.lan/simple/ are revalidated with the mirror on every request:
    a new release shows at once, although the mirror sends an old Last-Modified."""
    tag = unique()
    rel = f"simple/verify-{tag}/index.html"
    old = time.time() - 30 * 86400
    v1 = f'<a href="/packages/aa/bb/verify_{tag}-1.0-py3-none-any.whl">1.0</a>\n'.encode()
    publish(f"pypi.farm.lan/{rel}", v1, mtime=old)
    url = f"http://pypi.farm.lan/simple/verify-{tag}/"
    assert fetch(url)[2] == v1
    time.sleep(1.2)
    assert fetch(url, src="127.0.20.31")[2] == v1
    v2 = v1 + f'<a href="/packages/cc/dd/verify_{tag}-1.1-py3-none-any.whl">1.1</a>\n'.encode()
    publish(f"pypi.farm.lan/{rel}", v2)
    status, _, body = fetch(url, src="127.0.20.32")
    assert status == 200 and body == v2, "the index page was served from the cache without asking the mirror"
    assert len(origin(f"/simple/verify-{tag}/")) == 3, "not every index request was revalidated with the mirror"

