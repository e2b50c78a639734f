"""SQLite access for the inventory service."""
import sqlite3

COLUMNS = ("id", "sku", "name", "category", "price_cents", "stock")


def connect(path):
    conn = sqlite3.connect(path, check_same_thread=False)
    conn.row_factory = sqlite3.Row
    return conn


def fetch_items(conn):
    """Every item, by id: the payload of GET /items and the rows of the nightly export."""
    rows = conn.execute(f"SELECT {', '.join(COLUMNS)} FROM items ORDER BY id")
    return [dict(r) for r in rows]


def fetch_item(conn, item_id):
    row = conn.execute(f"SELECT {', '.join(COLUMNS)} FROM items WHERE id = ?", (item_id,)).fetchone()
    return dict(row) if row else None
