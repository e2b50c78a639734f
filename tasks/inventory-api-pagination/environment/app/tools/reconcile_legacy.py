#!/usr/bin/env python3
"""Monthly reconciliation against the old warehouse MySQL database (run by hand by ops).

    python3 /app/tools/reconcile_legacy.py --mysql-dsn DSN
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "vendor"))

from invlib.legacy_store import fetch_items, fetch_items_count  # noqa: E402


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--mysql-dsn", required=True)
    args = ap.parse_args(argv)
    import MySQLdb  # only installed on the ops host

    cur = MySQLdb.connect(args.mysql_dsn).cursor()
    print(fetch_items_count(cur), "rows in the old warehouse table")
    for row in fetch_items(cur, where="archived = 0"):
        print(row)


if __name__ == "__main__":
    main()
