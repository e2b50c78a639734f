#!/bin/bash
# Reference solution: a small Python reconciler (Latin-1 exports, multiset de-duplication across exports),
# matching by reference; then the second matching pass, by date.
set -euo pipefail
cat > /app/reconcile.py <<'PY'
#!/usr/bin/env python3
"""Reconcile the Q2 bank exports against the ledger: /app/out/{matched,unmatched_ledger,unmatched_bank}.csv, summary.txt."""
import csv
import datetime as dt
import sys
from collections import Counter
from decimal import Decimal
from pathlib import Path

DATA = Path(sys.argv[1] if len(sys.argv) > 1 else "/app/data")
OUT = Path(sys.argv[2] if len(sys.argv) > 2 else "/app/out")
WINDOW = 3


def bank_rows():
    """Booked rows of every export; a row in several exports counts as often as in the one that has it most."""
    most: Counter = Counter()
    order: list = []
    for path in sorted((DATA / "bank").glob("umsaetze-*.csv")):
        with open(path, encoding="latin-1", newline="") as f:
            rows = list(csv.DictReader(f, delimiter=";"))
        here = Counter()
        for r in rows:
            if r["Info"].strip() != "Umsatz gebucht":
                continue
            key = (r["Buchungstag"], r["Buchungstext"], r["Verwendungszweck"], r["Beguenstigter/Zahlungspflichtiger"], r["Kontonummer/IBAN"], r["Betrag"])
            here[key] += 1
            if here[key] > most[key]:
                most[key] = here[key]
                order.append(key)
    out = []
    for day, text, purpose, cp, iban, amount in order:
        date = dt.datetime.strptime(day, "%d.%m.%y").date()
        value = Decimal(amount.replace(".", "").replace(",", "."))
        out.append({"date": date, "purpose": purpose, "cp": cp, "amount": value})
    out.sort(key=lambda b: (b["date"], b["amount"], b["purpose"]))
    return out


def ledger_rows():
    with open(DATA / "ledger.csv", encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    for r in rows:
        r["amount"] = Decimal(r["credit"] or "0") - Decimal(r["debit"] or "0")
        r["day"] = dt.date.fromisoformat(r["date"])
    return sorted(rows, key=lambda r: r["entry_id"])


def main():
    bank, ledger = bank_rows(), ledger_rows()
    used, match = set(), {}
    for e in ledger:  # 1: the reference, found in the purpose text, same amount
        ref = e["ref"].strip().lower()
        if not ref:
            continue
        for i, b in enumerate(bank):
            if i not in used and b["amount"] == e["amount"] and ref in b["purpose"].lower():
                used.add(i); match[e["entry_id"]] = i
                break
    OUT.mkdir(parents=True, exist_ok=True)
    with open(OUT / "matched.csv", "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n"); w.writerow(["entry_id", "booking_date", "amount"])
        for eid in sorted(match):
            b = bank[match[eid]]; w.writerow([eid, b["date"].isoformat(), f"{b['amount']:.2f}"])
    with open(OUT / "unmatched_ledger.csv", "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n"); w.writerow(["entry_id", "date", "amount"])
        for e in ledger:
            if e["entry_id"] not in match:
                w.writerow([e["entry_id"], e["date"], f"{e['amount']:.2f}"])
    with open(OUT / "unmatched_bank.csv", "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n"); w.writerow(["booking_date", "amount", "counterparty", "purpose"])
        for i, b in enumerate(bank):
            if i not in used:
                w.writerow([b["date"].isoformat(), f"{b['amount']:.2f}", b["cp"], b["purpose"]])
    total = sum((b["amount"] for b in bank), Decimal("0"))
    ledger_total = sum((e["amount"] for e in ledger), Decimal("0"))
    (OUT / "summary.txt").write_text(
        f"bank_rows {len(bank)}\nledger_entries {len(ledger)}\nmatched {len(match)}\n"
        f"unmatched_ledger {len(ledger) - len(match)}\nunmatched_bank {len(bank) - len(used)}\n"
        f"bank_total {total:.2f}\nledger_total {ledger_total:.2f}\n")


if __name__ == "__main__":
    main()
PY
python3 /app/reconcile.py
# Check: the counts add up, the output is UTF-8.
cat /app/out/summary.txt
awk '/^(matched|unmatched_ledger) /{s+=$2} /^ledger_entries /{n=$2} END{exit s!=n}' /app/out/summary.txt
iconv -f utf-8 -t utf-8 /app/out/unmatched_bank.csv >/dev/null
# Matching rule 2: entries still unmatched, by date (same amount, at most 3 days apart).
python3 - <<'PY'
from pathlib import Path

script = Path("/app/reconcile.py")
anchor = "    OUT.mkdir(parents=True, exist_ok=True)\n"
rule = '''    for e in ledger:  # 2: same amount, booked within 3 days, the closest (then the earliest)
        if e["entry_id"] in match:
            continue
        cands = [(abs((b["date"] - e["day"]).days), b["date"], i) for i, b in enumerate(bank)
                 if i not in used and b["amount"] == e["amount"] and abs((b["date"] - e["day"]).days) <= WINDOW]
        if cands:
            i = min(cands)[2]; used.add(i); match[e["entry_id"]] = i
'''
src = script.read_text()
assert src.count(anchor) == 1, "reconcile.py changed"
script.write_text(src.replace(anchor, rule + anchor))
PY
python3 /app/reconcile.py
cat /app/out/summary.txt
awk '/^(matched|unmatched_ledger) /{s+=$2} /^ledger_entries /{n=$2} END{exit s!=n}' /app/out/summary.txt
