"""Unit tests of the store (run with: cd /app && python3 -m pytest -q tests)."""
import sqlite3

from inventory import store


def make_db(tmp_path):
    path = tmp_path / "t.db"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE items (id INTEGER PRIMARY KEY, sku TEXT, name TEXT, category TEXT, price_cents INTEGER, stock INTEGER)")
    conn.executemany("INSERT INTO items VALUES (?, ?, ?, ?, ?, ?)",
                     [(2, "B", "Stove", "Cooking", 4500, 3), (1, "A", "Tent", "Tents", 24900, 0)])
    conn.commit()
    return store.connect(str(path))


def test_fetch_items_orders_by_id(tmp_path):
    conn = make_db(tmp_path)
    assert [r["id"] for r in store.fetch_items(conn)] == [1, 2]


def test_fetch_item(tmp_path):
    conn = make_db(tmp_path)
    assert store.fetch_item(conn, 2)["name"] == "Stove"
    assert store.fetch_item(conn, 9) is None
