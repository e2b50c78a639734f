"""Verifier for linkshelf-postgres-upgrade: the dump, the migrations, the data, the app role and the running app."""

import configparser
import json
import os
import stat
import subprocess
import urllib.request
from pathlib import Path

import psycopg2
import pytest

DUMP = Path("/app/backups/links-pre-2.0.dump")
INI = Path("/app/linkshelf/linkshelf.ini")
SECRET = Path("/app/linkshelf/secrets/db-password")
CTL = "/app/linkshelf/linkshelfctl"
BASE = "http://127.0.0.1:8088"
SEED = Path(__file__).with_name("seed.sql")


def admin(dbname="links"):
    conn = psycopg2.connect(host="localhost", port=5432, dbname=dbname, user="postgres", password="pg-admin-7c1e55d0")
    conn.autocommit = True
    return conn


def rows(sql, args=(), dbname="links"):
    conn = admin(dbname)
    try:
        with conn.cursor() as cur:
            cur.execute(sql, args)
            return cur.fetchall() if cur.description else []
    finally:
        conn.close()


def unescape(field):
    return None if field == "\\N" else field.replace("\\t", "\t").replace("\\n", "\n").replace("\\\\", "\\")


@pytest.fixture(scope="module")
def seed():
    """The 2,412 links as 1.x left them: id -> (url, tags_csv, created_at)."""
    out, copying = {}, False
    for line in SEED.read_text().splitlines():
        if line.startswith("COPY links"):
            copying = True
        elif line == "\\.":
            copying = False
        elif copying:
            f = line.split("\t")
            out[int(f[0])] = (unescape(f[1]), unescape(f[3]), f[5])
    assert len(out) == 2412
    return out


def get(path):
    with urllib.request.urlopen(BASE + path, timeout=10) as r:
        return r.status, r.read().decode()


# ------------------------------------------------------------------ backup


def test_backup_is_a_custom_format_dump_taken_before_the_migrations():
    """Backup first: pg_dump -Fc to /app/backups/links-pre-2.0.dump; pg_restore gives schema 001, 2,412 links with tags_csv."""
    assert DUMP.is_file(), "missing /app/backups/links-pre-2.0.dump"
    listing = subprocess.run(["pg_restore", "-l", str(DUMP)], capture_output=True, text=True)
    assert listing.returncode == 0, "not a pg_dump custom-format archive: " + listing.stderr[-500:]
    rows("DROP DATABASE IF EXISTS verify_restore", dbname="postgres")
    rows("CREATE DATABASE verify_restore", dbname="postgres")
    try:
        env = dict(os.environ, PGPASSWORD="pg-admin-7c1e55d0")
        done = subprocess.run(["pg_restore", "-h", "localhost", "-U", "postgres", "-d", "verify_restore", "--no-owner", str(DUMP)],
                              capture_output=True, text=True, env=env)
        assert done.returncode == 0, done.stderr[-1000:]
        assert rows("SELECT version FROM schema_migrations ORDER BY 1", dbname="verify_restore") == [("001",)]
        assert rows("SELECT count(*) FROM links", dbname="verify_restore") == [(2412,)]
        assert rows("SELECT count(*) FROM information_schema.columns WHERE table_name = 'links' AND column_name = 'tags_csv'", dbname="verify_restore") == [(1,)]
    finally:
        rows("DROP DATABASE IF EXISTS verify_restore", dbname="postgres")


# ------------------------------------------------------------------ migrations and data


def test_migrations_applied_in_order_each_exactly_once():
    """schema_migrations ends with 001, 002 and 003, once each, 002 before 003."""
    got = rows("SELECT version, applied_at FROM schema_migrations ORDER BY applied_at, version")
    assert [v for v, _ in got] == ["001", "002", "003"]


def test_concurrent_indexes_of_003_exist_and_are_valid():
    """Both indexes of 003 (link_tags_tag_id_idx, tags_lower_name_idx) exist and are valid."""
    got = dict(rows("SELECT c.relname, i.indisvalid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid"
                    " WHERE c.relname IN ('link_tags_tag_id_idx', 'tags_lower_name_idx')"))
    assert got == {"link_tags_tag_id_idx": True, "tags_lower_name_idx": True}


def test_no_link_lost(seed):
    """All 2,412 links are still there with their urls."""
    got = dict(rows("SELECT id, url FROM links WHERE id <= 2412"))
    assert got == {i: u for i, (u, _, _) in seed.items()}


def test_every_old_tag_attached_through_tags_and_link_tags(seed):
    """Every tag of tags_csv (trimmed, lower-cased, empty entries dropped) is attached to its link."""
    want = {(i, t.strip().lower()) for i, (_, csv, _) in seed.items() if csv for t in csv.split(",") if t.strip()}
    got = set(rows("SELECT lt.link_id, t.name FROM link_tags lt JOIN tags t ON t.id = lt.tag_id WHERE lt.link_id <= 2412"))
    assert got == want, (len(got), len(want), sorted(want - got)[:5], sorted(got - want)[:5])


def test_links_backup_2019_stays_as_it_is(seed):
    """Don't touch the other tables: links_backup_2019 keeps its rows and its tags_csv column."""
    want = sorted((i, csv) for i, (_, csv, ts) in seed.items() if ts < "2020-01-01")
    assert sorted(rows("SELECT id, tags_csv FROM links_backup_2019")) == want


# ------------------------------------------------------------------ the app role


def test_app_role_is_a_plain_login_role_with_the_file_password():
    """linkshelf_app: login, not a superuser, cannot create databases or roles; the password in db-password works."""
    assert rows("SELECT rolcanlogin, rolsuper, rolcreatedb, rolcreaterole, rolbypassrls FROM pg_roles WHERE rolname = 'linkshelf_app'") == [
        (True, False, False, False, False)
    ]
    conn = psycopg2.connect(host="localhost", dbname="links", user="linkshelf_app", password=SECRET.read_text().strip())
    conn.close()


def test_app_role_has_least_privilege():
    """Read and write links, tags and link_tags, use their sequences, read schema_migrations; nothing else."""
    for table in ("links", "tags", "link_tags"):
        for priv in ("SELECT", "INSERT", "UPDATE", "DELETE"):
            assert rows("SELECT has_table_privilege('linkshelf_app', %s, %s)", (table, priv)) == [(True,)], (table, priv)
        for priv in ("TRUNCATE", "REFERENCES", "TRIGGER"):
            assert rows("SELECT has_table_privilege('linkshelf_app', %s, %s)", (table, priv)) == [(False,)], (table, priv)
    for seq in ("links_id_seq", "tags_id_seq"):
        assert rows("SELECT has_sequence_privilege('linkshelf_app', %s, 'USAGE')", (seq,)) == [(True,)]
    assert rows("SELECT has_table_privilege('linkshelf_app', 'schema_migrations', 'SELECT')") == [(True,)]
    assert rows("SELECT has_table_privilege('linkshelf_app', 'schema_migrations', 'INSERT')") == [(False,)]
    assert rows("SELECT has_table_privilege('linkshelf_app', 'links_backup_2019', 'SELECT')") == [(False,)]
    assert rows("SELECT has_schema_privilege('linkshelf_app', 'public', 'CREATE')") == [(False,)]
    assert rows("SELECT count(*) FROM pg_tables WHERE tableowner = 'linkshelf_app'") == [(0,)]


# ------------------------------------------------------------------ the app


def test_config_uses_the_role_and_the_password_file():
    """linkshelf.ini: user linkshelf_app, password_file, no password line; the file is 0600, root's."""
    cfg = configparser.ConfigParser()
    cfg.read(INI)
    db = cfg["database"]
    assert db.get("user") == "linkshelf_app"
    assert db.get("password_file") == str(SECRET)
    assert "password" not in db, "a password line is left in linkshelf.ini"
    st = SECRET.stat()
    assert stat.S_IMODE(st.st_mode) == 0o600 and st.st_uid == 0
    assert SECRET.read_text().strip() == "ls-app-3f9a1c77e2b04d51", "the password file changed"


def listening():
    out = set()
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        local, state = line.split()[1], line.split()[3]
        if state == "0A":
            addr, port = local.split(":")
            out.add((addr, int(port, 16)))
    return out


def test_listens_on_loopback_8088_only():
    """Address: 127.0.0.1 port 8088 only, nothing left on the old port 8000."""
    socks = listening()
    assert ("0100007F", 8088) in socks
    assert ("00000000", 8088) not in socks
    assert not any(port == 8000 for _, port in socks)


def test_app_was_left_running():
    """Leave it running: linkshelfctl's pid file is what a running linkshelf leaves (the harness stops the
    agent's processes before the verifier; test.sh starts it again from the agent's configuration)."""
    assert os.environ.get("LEFT_RUNNING") == "1", "linkshelf was not left running (no /app/linkshelf/linkshelf.pid)"


def test_running_app_serves_health_tags_and_new_links():
    """/healthz answers 'ok schema=003 user=linkshelf_app'; GET /links?tag= lists by tag; POST /links adds one with its tags."""
    status, body = get("/healthz")
    assert status == 200 and body.strip() == "ok schema=003 user=linkshelf_app"
    status, body = get("/links?tag=Postgres")
    items = json.loads(body)
    assert items and all("postgres" in i["tags"] for i in items)
    req = urllib.request.Request(BASE + "/links", data=json.dumps({"url": "https://verifier.invalid/x", "title": "v", "tags": ["Verifier-Tag"]}).encode(), method="POST")
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            assert r.status == 201
        _, body = get("/links?tag=verifier-tag")
        assert [i["url"] for i in json.loads(body)] == ["https://verifier.invalid/x"]
    finally:
        rows("DELETE FROM links WHERE url = 'https://verifier.invalid/x'")


def test_restart_brings_it_back_the_same_way():
    """linkshelfctl restart brings it back the same way."""
    done = subprocess.run([CTL, "restart"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr
    status, body = get("/healthz")
    assert status == 200 and body.strip() == "ok schema=003 user=linkshelf_app"


MIGRATIONS = {
    "002_tags.sql": "56fe5f2a02d2e88423d320c51ccbec145787aff6ac0db6a577e0da38856a9c94",
    "003_tag_indexes.sql": "7a3750cf9c2d795183d28782cf56ae66178b2578435d30a8009710c8fa2de806",
}


@pytest.mark.parametrize("name", sorted(MIGRATIONS))
def test_migration_files_not_edited(name):
    """The migrations are applied without editing them."""
    import hashlib

    path = Path("/app/linkshelf/migrations") / name
    assert hashlib.sha256(path.read_bytes()).hexdigest() == MIGRATIONS[name]


def test_postgres_role_and_its_password_left_as_they_are():
    """Leave the postgres role and its password (/root/.pgpass) as they are."""
    assert rows("SELECT rolsuper, rolcanlogin FROM pg_roles WHERE rolname = 'postgres'") == [(True, True)]
    assert Path("/root/.pgpass").read_text() == "localhost:5432:*:postgres:pg-admin-7c1e55d0\n"
