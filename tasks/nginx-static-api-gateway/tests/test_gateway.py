"""Verifier for nginx-static-api-gateway: the enabled sites, then nginx started from the
configuration on disk and exercised over HTTP (static files, caching, hidden files, the API
proxy, the upload limit, the health check, compression)."""
import gzip
import hashlib
import json
import os
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

BASE = "http://127.0.0.1:8080"
SITE = Path("/app/site")
AVAILABLE, ENABLED = Path("/etc/nginx/sites-available"), Path("/etc/nginx/sites-enabled")
ASSET_CACHE = "public, max-age=31536000, immutable"
MiB = 1024 * 1024

SITE_FILES = {
    ".deploy-status": "94e77342a0b936a5095bb31ce828c1bebb8e098db65b4ed4fede675e50967f7c",
    ".env": "632794793ba0d85a1b1863c6162d99de0afa5c686eb844819d60b762e862b610",
    ".git/HEAD": "b252f435e46e590c94cc5bf852575c9ae004a781854ae3f8cb7f706857568b4c",
    ".git/config": "2125d5c8b5c872b365deb9da6348caa509426d51e792daedc4dc13f7bfc047f2",
    ".well-known/security.txt": "79248b9cbc56199bdb3739c26c04cab9e251272aa35437649eef38412c7c115e",
    "about.html": "c105d495d19465ff444679338f53b346d8d391a841bae5f91a6d1ca9961fa316",
    "assets/.cache/build-manifest.json": "61914e68c0071ecca1b4a27f716c5d3e66655b0158c13785cb6f9fb8565a08aa",
    "assets/app.3f9a1c.js": "9d38384ca1ea8ea5cffbf1eddba1115d399087a0955870339f9e6b2537270062",
    "assets/app.8d2e4b.css": "fe0df5f332a7e37945e9a7fce46ef2670d383051a09b2c7d79cae5c1c4e0e78a",
    "index.html": "cb4209974246294450101e565fddcf6f423607da26daf2e7bb2c4c8fc7eae748",
    "robots.txt": "206969c8f1b7766c4bda7727f67eb3fb422b2eb1f74f6c5de3a96f86bf2bae10",
}
LEGACY_SHA = "a468cf69ebcf8a96d9973ab20a65f5b4eb9b9ca583623b6310d8915f85e49e43"
DEFAULT_SHA = "ce0901350a021608139b5639cf4ccd7717bef8c3a9e4f79031eb46386b67b03f"
NGINX_CONF_SHA = "48c6a4ec1e1fd28ccf968490f07e34a1d7f755793b2108a3ed8670b1ee2a0aa2"  # Debian bookworm's nginx-common


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def port_open(port: int) -> bool:
    with socket.socket() as s:
        s.settimeout(0.5)
        return s.connect_ex(("127.0.0.1", port)) == 0


def nginx_listening_ports() -> set[int]:
    """Ports that nginx processes listen on (their socket inodes matched in /proc/net/tcp*)."""
    inodes = set()
    for pid in nginx_pids():
        try:
            for fd in Path(f"/proc/{pid}/fd").iterdir():
                target = os.readlink(fd)
                if target.startswith("socket:["):
                    inodes.add(target[8:-1])
        except OSError:
            pass
    ports = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        if not Path(table).exists():
            continue
        for line in Path(table).read_text().splitlines()[1:]:
            parts = line.split()
            if parts[3] == "0A" and parts[9] in inodes:
                ports.add(int(parts[1].rsplit(":", 1)[1], 16))
    return ports


def nginx_pids() -> list[int]:
    pids = []
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                if (d / "comm").read_text().strip() == "nginx":
                    pids.append(int(d.name))
            except OSError:
                pass
    return pids


def stop_nginx() -> None:
    subprocess.run(["nginx", "-s", "quit"], capture_output=True)
    for sig in (signal.SIGQUIT, signal.SIGKILL):
        deadline = time.time() + 10
        while nginx_pids() and time.time() < deadline:
            time.sleep(0.1)
        for pid in nginx_pids():
            try:
                os.kill(pid, sig)
            except OSError:
                pass
    while nginx_pids():
        time.sleep(0.1)


def wait_port(port: int, timeout: float = 20) -> None:
    deadline = time.time() + timeout
    while time.time() < deadline:
        if port_open(port):
            return
        time.sleep(0.1)
    raise AssertionError(f"nothing answers on port {port}")


@pytest.fixture(scope="session")
def gateway():
    """nginx freshly started from the configuration on disk, the API stand-in running."""
    check = subprocess.run(["nginx", "-t"], capture_output=True, text=True)
    assert check.returncode == 0, f"nginx -t fails:\n{check.stderr}"
    if not port_open(9000):
        subprocess.Popen(["python3", "/app/backend/echo_api.py"], stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL, start_new_session=True)
        wait_port(9000)
    stop_nginx()
    start = subprocess.run(["nginx"], capture_output=True, text=True)
    assert start.returncode == 0, f"nginx does not start:\n{start.stderr}"
    wait_port(8080)
    yield
    stop_nginx()


def request(path, method="GET", body=None, headers=None, host=None):
    req = urllib.request.Request(BASE + path, data=body, method=method, headers=headers or {})
    if host:
        req.add_header("Host", host)
    try:
        with urllib.request.urlopen(req, timeout=30) as resp:
            return resp.status, resp.headers, resp.read()
    except urllib.error.HTTPError as e:
        return e.code, e.headers, e.read()


# ------------------------------------------------------------------ files on disk


def test_nginx_config_is_valid():
    proc = subprocess.run(["nginx", "-t"], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr


def test_gateway_is_the_only_enabled_site():
    entries = sorted(p.name for p in ENABLED.iterdir())
    assert entries == ["gateway"], f"/etc/nginx/sites-enabled holds {entries}, expected only 'gateway'"
    link = ENABLED / "gateway"
    assert link.is_symlink(), "/etc/nginx/sites-enabled/gateway must be a symlink"
    assert link.resolve() == (AVAILABLE / "gateway").resolve(), f"gateway symlink points to {os.readlink(link)}"
    assert (AVAILABLE / "gateway").is_file() and not (AVAILABLE / "gateway").is_symlink()


def test_main_config_not_edited():
    """Do not edit /etc/nginx/nginx.conf: it is still the file Debian's nginx package installed."""
    assert sha(Path("/etc/nginx/nginx.conf").read_bytes()) == NGINX_CONF_SHA, "/etc/nginx/nginx.conf was edited"


def test_old_site_files_kept():
    """Keep the files of default and legacy-shop in /etc/nginx/sites-available/ unchanged (only their symlinks go)."""
    assert sha((AVAILABLE / "legacy-shop").read_bytes()) == LEGACY_SHA, "sites-available/legacy-shop was changed or removed"
    assert sha((AVAILABLE / "default").read_bytes()) == DEFAULT_SHA, "sites-available/default was changed or removed"


def test_site_folder_untouched():
    """Do not change anything under /app/site: no file may be added, changed or removed there."""
    found = {str(p.relative_to(SITE)) for p in SITE.rglob("*") if p.is_file() or p.is_symlink()}
    assert found == set(SITE_FILES), f"files added or removed under /app/site: {sorted(found ^ set(SITE_FILES))}"
    for rel, digest in SITE_FILES.items():
        assert sha((SITE / rel).read_bytes()) == digest, f"/app/site/{rel} was modified"


# ------------------------------------------------------------------ behaviour


def test_listens_on_8080_only(gateway):
    ports = nginx_listening_ports()
    assert 8080 in ports, f"nginx listens on {sorted(ports)}, not on 8080"
    assert ports == {8080}, f"with this configuration nginx also listens on {sorted(ports - {8080})}"


def test_index_and_html_pages(gateway):
    status, headers, body = request("/")
    assert status == 200 and body == (SITE / "index.html").read_bytes(), "/ does not serve index.html"
    assert headers.get("Cache-Control") == "no-cache", f"/: Cache-Control {headers.get('Cache-Control')!r}"
    status, headers, body = request("/about.html")
    assert status == 200 and body == (SITE / "about.html").read_bytes()
    assert headers.get("Cache-Control") == "no-cache", f"/about.html: Cache-Control {headers.get('Cache-Control')!r}"


def test_missing_paths_404_and_no_listing(gateway):
    for path in ("/nope.html", "/assets/missing.js", "/products/42"):
        assert request(path)[0] == 404, f"{path} should answer 404"
    status, _, body = request("/assets/")
    assert status != 200 and b"app.3f9a1c.js" not in body, "/assets/ shows a directory listing"


def test_assets_cache_header(gateway):
    for name in ("app.3f9a1c.js", "app.8d2e4b.css"):
        status, headers, body = request(f"/assets/{name}")
        assert status == 200 and body == (SITE / "assets" / name).read_bytes(), name
        assert headers.get("Cache-Control") == ASSET_CACHE, f"{name}: Cache-Control {headers.get('Cache-Control')!r}"


@pytest.mark.parametrize("path", ["/.env", "/.git/config", "/.git/HEAD", "/assets/.cache/build-manifest.json",
                                  "/%2eenv", "/assets/../.env"])
def test_hidden_files_404(gateway, path):
    status, _, body = request(path)
    assert status == 404, f"{path} answers {status}, expected 404"
    assert b"sk_live" not in body and b"origin" not in body and b"source_maps" not in body, f"{path} leaks content"


def test_well_known_served(gateway):
    status, _, body = request("/.well-known/security.txt")
    assert status == 200, f"/.well-known/security.txt answers {status}"
    assert body == (SITE / ".well-known" / "security.txt").read_bytes()


def test_api_prefix_stripped(gateway):
    status, headers, body = request("/api/orders/7?page=2&sort=-date")
    assert status == 200, f"/api/orders/7 answers {status}"
    data = json.loads(body)
    assert data.get("service") == "shop-api", data
    assert data["path"] == "/orders/7?page=2&sort=-date", f"the API received path {data['path']!r}"
    status, _, body = request("/api/", method="GET")
    assert status == 200 and json.loads(body)["path"] == "/", body


def test_api_post_body_and_headers(gateway):
    """The API receives the body, the original Host header as the client sent it, X-Real-IP and X-Forwarded-For with
    the client's address, and X-Forwarded-Proto with the scheme (http)."""
    payload = json.dumps({"sku": "TENT-2P", "qty": 3}).encode()
    status, _, body = request("/api/cart/items", method="POST", body=payload,
                              headers={"Content-Type": "application/json"}, host="shop.lindqvist-outdoor.example")
    assert status == 200, status
    data = json.loads(body)
    assert data["method"] == "POST" and data["path"] == "/cart/items", data
    assert data["body_bytes"] == len(payload) and data["body_sha256"] == sha(payload)
    h = data["headers"]
    assert h.get("host") == "shop.lindqvist-outdoor.example", f"the API received Host {h.get('host')!r}"
    assert h.get("x-real-ip") == "127.0.0.1", f"X-Real-IP {h.get('x-real-ip')!r}"
    assert (h.get("x-forwarded-for") or "").split(",")[-1].strip() == "127.0.0.1", f"X-Forwarded-For {h.get('x-forwarded-for')!r}"
    assert h.get("x-forwarded-proto") == "http", f"X-Forwarded-Proto {h.get('x-forwarded-proto')!r}"


def test_upload_limit_is_10_mib(gateway):
    exact = b"x" * (10 * MiB)
    status, _, body = request("/api/uploads/photos", method="POST", body=exact,
                              headers={"Content-Type": "application/octet-stream"})
    assert status == 200, f"a body of exactly 10 MiB answers {status}"
    assert json.loads(body)["body_bytes"] == 10 * MiB
    status, _, _ = request("/api/uploads/photos", method="POST", body=exact + b"x",
                           headers={"Content-Type": "application/octet-stream"})
    assert status == 413, f"a body of 10 MiB + 1 byte answers {status}, expected 413"


def test_healthz_answered_by_nginx(gateway):
    status, headers, body = request("/healthz")
    assert status == 200 and body == b"ok\n", (status, body[:200])
    assert (headers.get("Content-Type") or "").split(";")[0].strip() == "text/plain", headers.get("Content-Type")


@pytest.mark.parametrize("name", ["app.8d2e4b.css", "app.3f9a1c.js"])
def test_gzip_for_css_and_js(gateway, name):
    status, headers, body = request(f"/assets/{name}", headers={"Accept-Encoding": "gzip"})
    assert status == 200
    assert headers.get("Content-Encoding") == "gzip", f"{name} is not gzip-compressed"
    assert gzip.decompress(body) == (SITE / "assets" / name).read_bytes()
