#!/usr/bin/env python3
"""Monthly revenue by country (EUR) from the raw orders export, plus a rejects list.

Usage: build_report.py [EXPORT_CSV RATES_CSV OUT_DIR]
Defaults: /app/data/raw/orders_export.csv /app/data/rates.csv /app/out
Exits 2 without writing anything when the export lacks a needed column.
"""
import csv
import datetime as dt
import io
import os
import re
import sys
from collections import defaultdict
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation

DEFAULTS = ("/app/data/raw/orders_export.csv", "/app/data/rates.csv", "/app/out")
NEEDED = ("Order ID", "Order Date", "Country", "Amount", "Currency", "Status")
DATE_FORMATS = ("%Y-%m-%d", "%d/%m/%Y", "%Y-%m-%dT%H:%M:%SZ")
AMOUNT = re.compile(r"^\d{1,3}(,\d{3})+(\.\d+)?$|^\d+(\.\d+)?$")


def parse_date(text):
    for fmt in DATE_FORMATS:
        try:
            return dt.datetime.strptime(text, fmt)
        except ValueError:
            pass
    return None


def parse_amount(text):
    if not AMOUNT.match(text):
        raise InvalidOperation(text)
    return Decimal(text.replace(",", ""))


def load_rates(path):
    with open(path, newline="", encoding="utf-8-sig") as f:
        return {r["currency"].strip().upper(): Decimal(r["eur_per_unit"].strip()) for r in csv.DictReader(f)}


def main(argv):
    export, rates_path, out_dir = argv if len(argv) == 3 else DEFAULTS
    rates = load_rates(rates_path)
    with open(export, newline="", encoding="utf-8-sig") as f:
        text = f.read()
    totals = defaultdict(Decimal)
    counts = defaultdict(int)
    rejects = []
    seen = set()
    reader = csv.reader(io.StringIO(text))
    header = None
    for row in reader:
        line = reader.line_num
        if header is None:
            header = [h.strip().lower() for h in row]
            missing = [c for c in NEEDED if c.lower() not in header]
            if missing:
                print(f"build_report: the export has no {', '.join(missing)} column", file=sys.stderr)
                return 2
            continue
        if not any(cell.strip() for cell in row):
            continue
        rec = {h: (row[i].strip() if i < len(row) else "") for i, h in enumerate(header)}
        order_id = rec["order id"]
        if order_id in seen:
            continue
        seen.add(order_id)
        if rec["status"].lower() != "completed":
            continue
        when = parse_date(rec["order date"])
        if when is None:
            rejects.append((line, order_id, "bad_date"))
            continue
        if rec["amount"] == "":
            rejects.append((line, order_id, "missing_amount"))
            continue
        try:
            amount = parse_amount(rec["amount"])
        except InvalidOperation:
            rejects.append((line, order_id, "bad_amount"))
            continue
        currency = rec["currency"].upper()
        if currency not in rates:
            rejects.append((line, order_id, "unknown_currency"))
            continue
        key = (when.strftime("%Y-%m"), rec["country"].upper())
        totals[key] += amount * rates[currency]
        counts[key] += 1
    rows = [(m, c, counts[(m, c)], totals[(m, c)].quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))
            for (m, c) in totals]
    rows.sort(key=lambda r: (r[0], -r[3], r[1]))
    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(out_dir, "report.csv"), "w", newline="", encoding="utf-8") as f:
        f.write("month,country,orders,revenue_eur\n")
        for m, c, n, rev in rows:
            f.write(f"{m},{c},{n},{rev:.2f}\n")
    with open(os.path.join(out_dir, "rejects.csv"), "w", newline="", encoding="utf-8") as f:
        f.write("line,order_id,reason\n")
        for line, oid, reason in sorted(rejects):
            f.write(f"{line},{oid},{reason}\n")
    print(f"report: {len(rows)} rows; rejects: {len(rejects)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
