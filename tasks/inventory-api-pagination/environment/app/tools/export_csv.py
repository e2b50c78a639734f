#!/usr/bin/env python3
"""Nightly export of the inventory to CSV (picked up by the finance share at 02:00).

    python3 /app/tools/export_csv.py [--db PATH] [--out FILE]
"""
import argparse
import csv
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from inventory.store import connect, fetch_items  # noqa: E402


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--db", default="/app/data/inventory.db")
    ap.add_argument("--out", default="-")
    args = ap.parse_args(argv)
    rows = fetch_items(connect(args.db))
    out = sys.stdout if args.out == "-" else open(args.out, "w", newline="")
    w = csv.writer(out, lineterminator="\n")
    w.writerow(["sku", "name", "category", "price", "stock"])
    for r in rows:
        w.writerow([r["sku"], r["name"], r["category"], f"{r['price_cents'] // 100}.{r['price_cents'] % 100:02d}", r["stock"]])
    if out is not sys.stdout:
        out.close()


if __name__ == "__main__":
    main()
