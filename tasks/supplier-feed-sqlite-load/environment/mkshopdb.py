#!/usr/bin/env python3
"""The live shop's catalog, loaded by the shop team from an older delta (kept simple: valid rows only)."""

import json
import sqlite3
import sys

db = sqlite3.connect(sys.argv[2])
db.execute("CREATE TABLE products(sku TEXT PRIMARY KEY, name TEXT NOT NULL, price_cents INTEGER NOT NULL,"
           " in_stock INTEGER NOT NULL, updated_at TEXT NOT NULL, source TEXT NOT NULL)")
for line in open(sys.argv[1], encoding="utf-8"):
    try:
        rec = json.loads(line)
        sku = rec["sku"].strip().upper()
        price = round(float(str(rec["price"]).replace("€", "").replace("EUR", "").replace(".", "").replace(",", ".")) * 100) \
            if "," in str(rec["price"]) else round(float(str(rec["price"]).replace("€", "").replace("EUR", "")) * 100)
    except (ValueError, KeyError, AttributeError, TypeError):
        continue
    db.execute("INSERT OR REPLACE INTO products VALUES (?,?,?,?,?,?)",
               (sku, " ".join(str(rec.get("name", "")).split()), price, 1, "2026-11-27T12:00:00Z", "2026-11-27.jsonl"))
db.commit()
