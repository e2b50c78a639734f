#!/usr/bin/env python3
"""Migrate the shop database from schema v1 to v2, in place.

usage: migrate.py DB
Exit status: 0 migrated; 1 refused (already migrated / not a v1 database); 2 usage.
"""
import datetime as dt
import sqlite3
import sys
from decimal import ROUND_HALF_UP, Decimal

SCHEMA_V2 = """
CREATE TABLE customers (
  id INTEGER PRIMARY KEY,
  email TEXT NOT NULL UNIQUE,
  full_name TEXT NOT NULL,
  phone TEXT,
  created_at TEXT NOT NULL
);
CREATE TABLE orders (
  id INTEGER PRIMARY KEY,
  customer_id INTEGER REFERENCES customers(id),
  status TEXT NOT NULL CHECK (status IN ('pending', 'paid', 'shipped', 'cancelled', 'refunded')),
  total_cents INTEGER NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX idx_orders_customer ON orders(customer_id);
CREATE TABLE order_items (
  order_id INTEGER NOT NULL REFERENCES orders(id),
  line_no INTEGER NOT NULL,
  sku TEXT NOT NULL,
  quantity INTEGER NOT NULL CHECK (quantity > 0),
  unit_price_cents INTEGER NOT NULL,
  PRIMARY KEY (order_id, line_no)
);
CREATE TABLE migration_issues (
  kind TEXT NOT NULL,
  ref_id INTEGER NOT NULL,
  detail TEXT NOT NULL
);
"""


def iso(text):
    text = str(text).strip()
    if text.isdigit():
        t = dt.datetime.fromtimestamp(int(text), dt.UTC).replace(tzinfo=None)
    elif "/" in text:
        t = dt.datetime.strptime(text, "%d/%m/%Y %H:%M")
    elif text.endswith("Z"):
        t = dt.datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ")
    else:
        t = dt.datetime.strptime(text, "%Y-%m-%d %H:%M:%S")
    return t.strftime("%Y-%m-%dT%H:%M:%SZ")


def cents(value):
    return int((Decimal(str(value).strip()) * 100).quantize(Decimal(1), rounding=ROUND_HALF_UP))


def parse_items(text):
    items = []
    for part in (text or "").split(";"):
        if not part.strip():
            continue
        sku, qty, price = (p.strip() for p in part.split(":"))
        items.append((sku, int(qty), cents(price)))
    return items


STATUS = {"canceled": "cancelled"}


def migrate(con):
    issues = []
    old_customers = con.execute("SELECT id, name, email, phone, created FROM customers_v1 ORDER BY id").fetchall()
    survivor, groups = {}, {}
    for cid, name, email, phone, created in old_customers:
        groups.setdefault(email.strip().lower(), []).append((cid, name, phone, iso(created)))
    new_customers = []
    for email, rows in groups.items():
        first = rows[0]
        for cid, *_ in rows:
            survivor[cid] = first[0]
            if cid != first[0]:
                issues.append(("merged_customer", cid, f"merged into {first[0]}"))
        phone = (first[2] or "").strip() or None
        new_customers.append((first[0], email, " ".join(first[1].split()), phone, min(r[3] for r in rows)))
    con.executemany("INSERT INTO customers VALUES (?, ?, ?, ?, ?)", sorted(new_customers))
    for oid, cust, items_text, total, status, created in con.execute(
            "SELECT id, customer_id, items, total, status, created_at FROM orders_v1 ORDER BY id").fetchall():
        items = parse_items(items_text)
        total_cents = sum(q * p for _, q, p in items)
        if cust in survivor:
            new_cust = survivor[cust]
        else:
            new_cust = None
            issues.append(("orphan_order", oid, f"unknown customer {cust}"))
        old_total = cents(total)
        if old_total != total_cents:
            issues.append(("total_mismatch", oid, f"v1 total {old_total} != items {total_cents}"))
        status = status.strip().lower()
        con.execute("INSERT INTO orders VALUES (?, ?, ?, ?, ?)",
                    (oid, new_cust, STATUS.get(status, status), total_cents, iso(created)))
        con.executemany("INSERT INTO order_items VALUES (?, ?, ?, ?, ?)",
                        [(oid, n, sku, q, p) for n, (sku, q, p) in enumerate(items, 1)])
    con.executemany("INSERT INTO migration_issues VALUES (?, ?, ?)", issues)
    return len(new_customers), len(issues)


def main(argv):
    if len(argv) != 1:
        print("usage: migrate.py DB", file=sys.stderr)
        return 2
    path = argv[0]
    con = sqlite3.connect(path, isolation_level=None)
    version = con.execute("PRAGMA user_version").fetchone()[0]
    cols = {r[1] for r in con.execute("PRAGMA table_info(orders)")}
    if version != 0 or "items" not in cols:
        print(f"error: {path} is not a v1 database (user_version {version}); nothing changed", file=sys.stderr)
        return 1
    con.execute("PRAGMA foreign_keys = OFF")
    con.execute("BEGIN IMMEDIATE")
    try:
        con.execute("ALTER TABLE customers RENAME TO customers_v1")
        con.execute("ALTER TABLE orders RENAME TO orders_v1")
        for stmt in SCHEMA_V2.split(";"):
            if stmt.strip():
                con.execute(stmt)
        n_customers, n_issues = migrate(con)
        con.execute("DROP TABLE customers_v1")
        con.execute("DROP TABLE orders_v1")
        con.execute("PRAGMA user_version = 2")
        problems = con.execute("PRAGMA foreign_key_check").fetchall()
        if problems:
            raise RuntimeError(f"foreign key problems: {problems[:5]}")
        con.execute("COMMIT")
    except Exception:
        con.execute("ROLLBACK")
        raise
    con.execute("VACUUM")
    n_orders = con.execute("SELECT count(*) FROM orders").fetchone()[0]
    print(f"migrated {path}: {n_customers} customers, {n_orders} orders, {n_issues} issues recorded")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
