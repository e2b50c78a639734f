#!/usr/bin/env python3
"""notes-service: a tiny config-driven HTTP API (healthz, version, notes).

Everything is configured in config.ini; see the comments there.
"""
import argparse
import configparser
import json
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

NOTES = []
LOCK = threading.Lock()


def load(path):
    cfg = configparser.ConfigParser()
    if not cfg.read(path):
        sys.exit(f"notes-service: cannot read config {path}")
    routes = {r.strip() for r in cfg.get("routes", "enabled", fallback="").split(",") if r.strip()}
    protect = {r.strip() for r in cfg.get("auth", "protect", fallback="").split(",") if r.strip()}
    token = None
    if protect:
        with open(cfg.get("auth", "token_file")) as f:
            token = f.read().strip()
    return {
        "host": cfg.get("server", "host"),
        "port": cfg.getint("server", "port"),
        "version": cfg.get("app", "version"),
        "routes": routes,
        "protect": protect,
        "token": token,
        "max_body": cfg.getint("limits", "max_body_bytes"),
    }


def make_handler(conf):
    class Handler(BaseHTTPRequestHandler):
        server_version = "notes-service"

        def _send(self, code, body, ctype="application/json"):
            data = body if isinstance(body, bytes) else json.dumps(body).encode()
            self.send_response(code)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def _route(self):
            name = self.path.split("?", 1)[0].strip("/")
            if name not in conf["routes"]:
                self._send(404, {"error": "not found"})
                return None
            if name in conf["protect"] and self.headers.get("Authorization") != f"Bearer {conf['token']}":
                self._send(401, {"error": "unauthorized"})
                return None
            return name

        def do_GET(self):
            name = self._route()
            if name == "healthz":
                self._send(200, b"ok\n", "text/plain")
            elif name == "version":
                self._send(200, {"version": conf["version"]})
            elif name == "notes":
                with LOCK:
                    self._send(200, list(NOTES))

        def do_POST(self):
            name = self._route()
            if name is None:
                return
            if name != "notes":
                self._send(405, {"error": "method not allowed"})
                return
            length = int(self.headers.get("Content-Length") or 0)
            if length > conf["max_body"]:
                self._send(413, {"error": "body too large"})
                return
            text = self.rfile.read(length).decode("utf-8", "replace")
            with LOCK:
                NOTES.append({"id": len(NOTES) + 1, "text": text})
                self._send(201, {"id": len(NOTES)})

        def log_message(self, fmt, *args):
            sys.stderr.write(f"{self.address_string()} {fmt % args}\n")

    return Handler


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="/app/service/config.ini")
    conf = load(ap.parse_args().config)
    server = ThreadingHTTPServer((conf["host"], conf["port"]), make_handler(conf))
    print(f"notes-service {conf['version']} listening on {conf['host']}:{conf['port']}", file=sys.stderr, flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
