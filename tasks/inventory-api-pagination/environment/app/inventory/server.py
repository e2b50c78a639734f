#!/usr/bin/env python3
"""Inventory HTTP API.

    python3 /app/inventory/server.py [--db PATH] [--host HOST] [--port PORT]
"""
import argparse
import json
import os
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from inventory import handlers, store  # noqa: E402


def make_handler(conn):
    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):
            url = urlsplit(self.path)
            query = parse_qs(url.query, keep_blank_values=True)
            status, headers, payload = handlers.route(conn, "GET", url.path, query)
            body = json.dumps(payload).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            for key, value in headers.items():
                self.send_header(key, value)
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, fmt, *args):
            pass

    return Handler


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default="/app/data/inventory.db")
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=8081)
    args = ap.parse_args(argv)
    conn = store.connect(args.db)
    server = ThreadingHTTPServer((args.host, args.port), make_handler(conn))
    print(f"inventory API on http://{args.host}:{args.port} (db {args.db})", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
