#!/usr/bin/env python3
"""Stand-in for one instance of the shop's web app: backend.py NAME PORT VERSION.

Every path answers 200 with JSON naming the instance, the path and the request headers it got.
/healthz answers 200 "ok", or 503 "maintenance" while /app/lb/state/NAME.down exists
(ops touch that file to drain an instance before an upgrade).
"""
import json
import os
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

NAME, PORT, VERSION = sys.argv[1], int(sys.argv[2]), sys.argv[3]
STATE = os.environ.get("LB_STATE_DIR", "/app/lb/state")


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def _send(self, code: int, body: bytes, ctype: str) -> None:
        self.send_response(code)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def do_GET(self) -> None:
        if self.path == "/healthz":
            if os.path.exists(os.path.join(STATE, f"{NAME}.down")):
                self._send(503, b"maintenance\n", "text/plain")
            else:
                self._send(200, b"ok\n", "text/plain")
            return
        body = json.dumps(
            {"server": NAME, "version": VERSION, "path": self.path, "headers": dict(self.headers)}
        ).encode()
        self._send(200, body + b"\n", "application/json")

    do_HEAD = do_GET

    def do_POST(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        self.rfile.read(length)
        self.do_GET()

    def log_message(self, fmt: str, *args: object) -> None:
        pass


ThreadingHTTPServer(("127.0.0.1", PORT), Handler).serve_forever()
