"""Checks the migrated /app/data/shop.db and /app/migrate.py against the rules of instruction.md."""
import datetime as dt
import hashlib
import os
import shutil
import sqlite3
import subprocess
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

import pytest

HERE = Path(__file__).parent
LIVE = Path("/app/data/shop.db")
LATE_MARKER = Path("/var/lib/shop/late-orders.arrived")
# Orders the shop app wrote while the migration was being prepared (COLLAB only; see the marker).
LATE_ORDERS = [
    (1531, 405, "SKU-120:2:19.99", 39.98, "paid", "2024-06-01 07:51:12"),
    (1532, 17, "SKU-101:1:4.99;SKU-159:2:1.005", 7.01, "pending", "2024-06-01 07:53:40"),
    (1533, 230, "SKU-140:1:129.00", 129.0, "PAID", "1717228500"),
]
TABLES = {"customers", "orders", "order_items", "migration_issues"}


def when(text):
    text = str(text).strip()
    if text.isdigit():
        return dt.datetime.utcfromtimestamp(int(text)).strftime("%Y-%m-%dT%H:%M:%SZ")
    for f in ("%Y-%m-%d %H:%M:%S", "%Y-%m-%dT%H:%M:%SZ", "%d/%m/%Y %H:%M"):
        try:
            return dt.datetime.strptime(text, f).strftime("%Y-%m-%dT%H:%M:%SZ")
        except ValueError:
            pass
    raise ValueError(text)


def to_cents(v):
    return int((Decimal(str(v).strip()) * 100).quantize(Decimal(1), rounding=ROUND_HALF_UP))


def expected(v1_path):
    con = sqlite3.connect(v1_path)
    cust = con.execute("SELECT id, name, email, phone, created FROM customers ORDER BY id").fetchall()
    by_email = {}
    for row in cust:
        by_email.setdefault(row[2].strip().lower(), []).append(row)
    customers, issues, keep = [], [], {}
    for email, rows in by_email.items():
        head = rows[0]
        customers.append((head[0], email, " ".join(head[1].split()), head[3].strip() or None,
                          min(when(r[4]) for r in rows)))
        for r in rows:
            keep[r[0]] = head[0]
            if r[0] != head[0]:
                issues.append(("merged_customer", r[0], f"merged into {head[0]}"))
    orders, items = [], []
    for oid, cid, text, total, status, created in con.execute("SELECT * FROM orders ORDER BY id"):
        lines = [p.split(":") for p in text.split(";") if p.strip()]
        lines = [(s.strip(), int(q), to_cents(p)) for s, q, p in lines]
        tc = sum(q * p for _, q, p in lines)
        if cid not in keep:
            issues.append(("orphan_order", oid, f"unknown customer {cid}"))
        if to_cents(total) != tc:
            issues.append(("total_mismatch", oid, f"v1 total {to_cents(total)} != items {tc}"))
        st = status.strip().lower()
        orders.append((oid, keep.get(cid), "cancelled" if st == "canceled" else st, tc, when(created)))
        items += [(oid, n, s, q, p) for n, (s, q, p) in enumerate(lines, 1)]
    con.close()
    return sorted(customers), orders, items, sorted(issues)


def pristine(tmp_path, with_late):
    path = tmp_path / "v1.db"
    shutil.copy(HERE / "shop_v1.db", path)
    if with_late:
        con = sqlite3.connect(path)
        con.executemany("INSERT INTO orders VALUES (?, ?, ?, ?, ?, ?)", LATE_ORDERS)
        con.commit()
        con.close()
    return path


def dump(path):
    con = sqlite3.connect(path)
    out = (
        con.execute("SELECT id, email, full_name, phone, created_at FROM customers ORDER BY id").fetchall(),
        con.execute("SELECT id, customer_id, status, total_cents, created_at FROM orders ORDER BY id").fetchall(),
        con.execute("SELECT order_id, line_no, sku, quantity, unit_price_cents FROM order_items "
                    "ORDER BY order_id, line_no").fetchall(),
        sorted(con.execute("SELECT kind, ref_id, detail FROM migration_issues").fetchall()),
    )
    con.close()
    return out


def check_structure(path):
    con = sqlite3.connect(path)
    rows = con.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    tables = {r[0] for r in rows}
    assert tables == TABLES, tables
    assert con.execute("PRAGMA user_version").fetchone()[0] == 2
    assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert con.execute("PRAGMA foreign_key_check").fetchall() == []
    cols = {t: [(r[1], r[2].upper(), r[3], r[5]) for r in con.execute(f"PRAGMA table_info({t})")] for t in TABLES}
    assert cols["customers"] == [("id", "INTEGER", 0, 1), ("email", "TEXT", 1, 0), ("full_name", "TEXT", 1, 0),
                                 ("phone", "TEXT", 0, 0), ("created_at", "TEXT", 1, 0)]
    assert cols["orders"] == [("id", "INTEGER", 0, 1), ("customer_id", "INTEGER", 0, 0), ("status", "TEXT", 1, 0),
                              ("total_cents", "INTEGER", 1, 0), ("created_at", "TEXT", 1, 0)]
    assert cols["order_items"] == [("order_id", "INTEGER", 1, 1), ("line_no", "INTEGER", 1, 2), ("sku", "TEXT", 1, 0),
                                   ("quantity", "INTEGER", 1, 0), ("unit_price_cents", "INTEGER", 1, 0)]
    assert cols["migration_issues"] == [("kind", "TEXT", 1, 0), ("ref_id", "INTEGER", 1, 0), ("detail", "TEXT", 1, 0)]
    fks = {t: {r[2:5] for r in con.execute(f"PRAGMA foreign_key_list({t})")} for t in ("orders", "order_items")}
    assert fks["orders"] == {("customers", "customer_id", "id")}
    assert fks["order_items"] == {("orders", "order_id", "id")}
    uniques = [r for r in con.execute("PRAGMA index_list(customers)") if r[2]]
    assert any([c[2] for c in con.execute(f"PRAGMA index_info('{u[1]}')")] == ["email"] for u in uniques)
    idx = [c[2] for c in con.execute("PRAGMA index_info('idx_orders_customer')")]
    assert idx == ["customer_id"]
    for bad in ("INSERT INTO orders VALUES (999999, NULL, 'lost', 0, '2024-01-01T00:00:00Z')",
                "INSERT INTO order_items VALUES (1, 999, 'X', 0, 1)",
                "INSERT INTO customers VALUES (999999, NULL, 'x', NULL, '2024-01-01T00:00:00Z')"):
        con.execute("SAVEPOINT probe")
        with pytest.raises(sqlite3.IntegrityError):
            con.execute(bad)
        con.execute("ROLLBACK TO probe")
    con.close()


@pytest.fixture(scope="module")
def live_copy(tmp_path_factory):
    # Work on a copy so that no check can change the agent's file.
    path = tmp_path_factory.mktemp("live") / "shop.db"
    shutil.copy(LIVE, path)
    return path


def test_live_structure(live_copy):
    """/app/data/shop.db itself is migrated in place to schema v2 (the exact file the app opens): user_version 2, the v2 tables, columns, keys, indexes and constraints, integrity and foreign-key checks clean."""
    check_structure(live_copy)


def test_live_data(live_copy, tmp_path):
    want = expected(pristine(tmp_path, LATE_MARKER.exists()))
    got = dump(live_copy)
    names = ("customers", "orders", "order_items", "migration_issues")
    for name, g, w in zip(names, got, want, strict=False):
        assert len(g) == len(w), f"{name}: {len(g)} rows, expected {len(w)}"
        diff = [(a, b) for a, b in zip(g, w, strict=False) if a != b]
        assert not diff, f"{name}: first differences {diff[:3]}"


def test_no_order_lost(live_copy):
    con = sqlite3.connect(live_copy)
    ids = {r[0] for r in con.execute("SELECT id FROM orders")}
    assert set(range(1, 1531)) <= ids
    if LATE_MARKER.exists():
        assert {1531, 1532, 1533} <= ids


def test_migrate_py_reruns_on_a_fresh_copy(tmp_path):
    """/app/migrate.py, run as python3 /app/migrate.py DB, migrates a v1 file in place and exits 0 (it can be re-run on other copies)."""
    path = pristine(tmp_path, with_late=False)
    env = {k: v for k, v in os.environ.items() if k != "TZ"}
    r = subprocess.run(["python3", "/app/migrate.py", str(path)], capture_output=True, text=True, timeout=120,
                       env=env)
    assert r.returncode == 0, r.stdout + r.stderr
    check_structure(path)
    assert dump(path) == expected(HERE / "shop_v1.db")


def test_migrate_py_keeps_utc_in_another_time_zone(tmp_path):
    """Timestamps become YYYY-MM-DDTHH:MM:SSZ in UTC whatever the time zone of the machine the migration runs on."""
    path = pristine(tmp_path, with_late=False)
    # On a machine in another time zone (UTC+05:30, no daylight saving): timestamps stay UTC.
    env = dict(os.environ, TZ="XST-05:30")
    r = subprocess.run(["python3", "/app/migrate.py", str(path)], capture_output=True, text=True, timeout=120,
                       env=env)
    assert r.returncode == 0, r.stdout + r.stderr
    got, want = dump(path), expected(HERE / "shop_v1.db")
    assert [c[4] for c in got[0]] == [c[4] for c in want[0]], "customers.created_at is not UTC on a machine in UTC+05:30"
    assert [o[4] for o in got[1]] == [o[4] for o in want[1]], "orders.created_at is not UTC on a machine in UTC+05:30"


def test_migrate_py_refuses_a_migrated_file(tmp_path):
    """On a file that is not v1 (for example one that is already at user_version 2) migrate.py must change nothing and exit 1."""
    path = tmp_path / "again.db"
    shutil.copy(LIVE, path)
    before = hashlib.sha256(path.read_bytes()).hexdigest()
    r = subprocess.run(["python3", "/app/migrate.py", str(path)], capture_output=True, text=True, timeout=120)
    assert r.returncode == 1, r.stdout + r.stderr
    assert hashlib.sha256(path.read_bytes()).hexdigest() == before
