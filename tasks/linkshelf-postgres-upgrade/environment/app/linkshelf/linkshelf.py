#!/usr/bin/env python3
"""linkshelf 2.0: a small bookmark API on PostgreSQL (schema version 003)."""

import configparser
import json
import logging
import sys
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import psycopg2

SCHEMA = "003"
CFG = configparser.ConfigParser()
CFG.read(sys.argv[1] if len(sys.argv) > 1 else "/app/linkshelf/linkshelf.ini")


def connect():
    db = CFG["database"]
    password = db.get("password")
    if db.get("password_file"):
        password = Path(db["password_file"]).read_text().strip()
    return psycopg2.connect(
        host=db.get("host", "localhost"), port=db.getint("port", 5432), dbname=db["dbname"],
        user=db["user"], password=password, application_name="linkshelf", connect_timeout=3,
    )


class Handler(BaseHTTPRequestHandler):
    def reply(self, code, body, kind="application/json"):
        data = (body if isinstance(body, str) else json.dumps(body)).encode()
        self.send_response(code)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, fmt, *args):
        logging.info("%s %s", self.address_string(), fmt % args)

    def do_GET(self):
        url = urllib.parse.urlsplit(self.path)
        try:
            with connect() as conn, conn.cursor() as cur:
                if url.path == "/healthz":
                    cur.execute("SELECT max(version) FROM schema_migrations")
                    version = cur.fetchone()[0]
                    if version != SCHEMA:
                        return self.reply(503, f"schema {version}, expected {SCHEMA}\n", "text/plain")
                    cur.execute("SELECT current_user")
                    return self.reply(200, f"ok schema={version} user={cur.fetchone()[0]}\n", "text/plain")
                if url.path == "/links":
                    tag = urllib.parse.parse_qs(url.query).get("tag", [None])[0]
                    cur.execute(
                        "SELECT l.id, l.url, l.title, coalesce(array_agg(t.name ORDER BY t.name) FILTER (WHERE t.name IS NOT NULL), '{}')"
                        " FROM links l LEFT JOIN link_tags lt ON lt.link_id = l.id LEFT JOIN tags t ON t.id = lt.tag_id"
                        " WHERE NOT l.archived AND (%s::text IS NULL OR l.id IN"
                        " (SELECT lt2.link_id FROM link_tags lt2 JOIN tags t2 ON t2.id = lt2.tag_id WHERE lower(t2.name) = lower(%s)))"
                        " GROUP BY l.id ORDER BY l.id DESC LIMIT 50",
                        (tag, tag),
                    )
                    return self.reply(200, [{"id": i, "url": u, "title": t, "tags": g} for i, u, t, g in cur.fetchall()])
        except psycopg2.Error as exc:
            logging.error("database: %s", exc)
            return self.reply(503, {"error": "database", "detail": str(exc).strip()})
        self.reply(404, {"error": "not found"})

    def do_POST(self):
        if urllib.parse.urlsplit(self.path).path != "/links":
            return self.reply(404, {"error": "not found"})
        try:
            body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))) or b"{}")
            url, title, tags = body["url"], body.get("title", ""), [t.strip().lower() for t in body.get("tags", []) if t.strip()]
        except (ValueError, KeyError, AttributeError):
            return self.reply(400, {"error": "bad request"})
        try:
            with connect() as conn, conn.cursor() as cur:
                cur.execute("INSERT INTO links (url, title) VALUES (%s, %s) RETURNING id", (url, title))
                link_id = cur.fetchone()[0]
                for tag in tags:
                    cur.execute("INSERT INTO tags (name) VALUES (%s) ON CONFLICT DO NOTHING", (tag,))
                    cur.execute("INSERT INTO link_tags (link_id, tag_id) SELECT %s, id FROM tags WHERE lower(name) = %s", (link_id, tag))
            return self.reply(201, {"id": link_id, "url": url, "tags": tags})
        except psycopg2.Error as exc:
            logging.error("database: %s", exc)
            return self.reply(503, {"error": "database", "detail": str(exc).strip()})


def main():
    server = CFG["server"]
    logging.basicConfig(filename=server.get("log_file", "/app/linkshelf/linkshelf.log"), level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    httpd = ThreadingHTTPServer((server.get("host", "0.0.0.0"), server.getint("port", 8000)), Handler)
    logging.info("linkshelf listening on %s:%s as db user %s", *httpd.server_address, CFG["database"]["user"])
    httpd.serve_forever()


if __name__ == "__main__":
    main()
