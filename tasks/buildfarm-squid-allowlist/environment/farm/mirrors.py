#!/usr/bin/env python3
"""Stand-ins for the build farm's package and artifact hosts: mirrors.py [FARM_ROOT].

Each host serves the files under FARM_ROOT/<host>/ (default /srv/farm) on its own loopback address
(see HOSTS; mirrors.sh puts the names in /etc/hosts). Ports other than 80 serve the same files in
plain HTTP: on this box port 443 stands in for the hosts' HTTPS endpoints (a CONNECT tunnel to it
carries plain HTTP), and deb.farm.lan:8080 is the mirror's admin page.

Headers, as the real hosts send them:
- package and artifact files (.deb, .whl, .tar.gz, .jar): no Last-Modified, no ETag, no
  Cache-Control, no Expires (the artifact store is a plain file server);
- everything else (index pages, Release files, READMEs): Last-Modified from the file's mtime,
  and 304 Not Modified for an If-Modified-Since that is not older than the file.
While FARM_ROOT/<host>/.maintenance exists, that host answers 503 to everything.
Every request is appended as a JSON line to /var/log/farm/origin.log.
"""

import email.utils
import json
import mimetypes
import os
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import unquote, urlsplit

ROOT = Path(sys.argv[1] if len(sys.argv) > 1 else "/srv/farm")
LOG = Path(os.environ.get("FARM_ORIGIN_LOG", "/var/log/farm/origin.log"))
HOSTS = {
    "deb.farm.lan": ("127.0.10.1", (80, 8080)),
    "pypi.farm.lan": ("127.0.10.2", (80, 443, 8443)),
    "artifacts.farm.lan": ("127.0.10.3", (80, 443)),
    "scratch.farm.lan": ("127.0.10.4", (80, 443)),
    "paste.example.net": ("127.0.10.5", (80, 443)),
}
ARTIFACT_SUFFIXES = (".deb", ".whl", ".tar.gz", ".jar")
_lock = threading.Lock()


def record(entry: dict) -> None:
    """Append one request to the origin log."""
    LOG.parent.mkdir(parents=True, exist_ok=True)
    with _lock, LOG.open("a") as fh:
        fh.write(json.dumps(entry) + "\n")


def handler_for(host: str, port: int) -> type:
    """A request handler class serving HOST's files on PORT."""

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        server_version = f"farm-mirror/1.4 ({host})"

        def _reply(self, code: int, body: bytes, headers: dict) -> None:
            self.send_response(code)
            for key, value in headers.items():
                self.send_header(key, value)
            if code != 304:
                self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            if self.command != "HEAD" and code != 304:
                self.wfile.write(body)

        def do_GET(self) -> None:
            path = unquote(urlsplit(self.path).path)
            record(
                {
                    "time": time.time(),
                    "host": host,
                    "port": port,
                    "method": self.command,
                    "path": self.path,
                    "headers": dict(self.headers),
                }
            )
            base = ROOT / host
            if (base / ".maintenance").exists():
                self._reply(503, b"mirror under maintenance\n", {"Content-Type": "text/plain", "Retry-After": "600"})
                return
            target = (base / path.lstrip("/")).resolve()
            if target.is_dir():
                target = target / "index.html"
            if not str(target).startswith(str(base.resolve())) or not target.is_file():
                self._reply(404, b"not found\n", {"Content-Type": "text/plain"})
                return
            body = target.read_bytes()
            ctype = mimetypes.guess_type(target.name)[0] or "application/octet-stream"
            headers = {"Content-Type": ctype}
            if not target.name.endswith(ARTIFACT_SUFFIXES):
                mtime = int(target.stat().st_mtime)
                headers["Last-Modified"] = email.utils.formatdate(mtime, usegmt=True)
                ims = self.headers.get("If-Modified-Since")
                if ims:
                    try:
                        since = email.utils.parsedate_to_datetime(ims).timestamp()
                    except (TypeError, ValueError):
                        since = None
                    if since is not None and mtime <= since:
                        self._reply(304, b"", headers)
                        return
            self._reply(200, body, headers)

        do_HEAD = do_GET

        def log_message(self, fmt: str, *args: object) -> None:
            pass

    return Handler


def main() -> None:
    servers = []
    for host, (address, ports) in HOSTS.items():
        for port in ports:
            server = ThreadingHTTPServer((address, port), handler_for(host, port))
            server.daemon_threads = True
            servers.append(server)
            threading.Thread(target=server.serve_forever, daemon=True).start()
    while True:
        time.sleep(3600)


if __name__ == "__main__":
    main()
