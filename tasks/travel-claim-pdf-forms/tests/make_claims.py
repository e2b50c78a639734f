"""Write a month of travel expense claims as HR's export leaves them (messy, deterministic per seed).

Usage: make_claims.py SEED FIRST_NUMBER COUNT OUT.csv
"""

import csv
import random
import sys
from datetime import date, timedelta

HEADER = ["claim_no", "employee_id", "name", "department", "destination", "date_from", "date_to", "purpose",
          "transport", "travel", "hotel", "meals", "receipts", "status"]
PEOPLE = [
    ("4471", "Jürgen Weiß"), ("12034", "Anna-Lena Köhler"), ("887", "Søren Ødegård"), ("20551", "Zoë Dubois-Léger"),
    ("3120", "Mehmet Yılmaz"), ("7", "Björn Große"), ("56012", "Claire O'Neill"), ("1999", "Paweł Łukasiewicz"),
    ("31415", "Hannah Schäfer"), ("27182", "Luca Rossi"), ("600700", "Friederike von Bülow"), ("808", "Jan Nowak"),
]
DEPTS = ["Finance & Controlling", "Human Resources", "Sales Nord", "Sales Süd", "IT & Infrastruktur", "Einkauf",
         "Geschäftsführung"]
PLACES = ["Hamburg", "München", "Köln", "Wien", "Zürich", "Kraków", "Lyon", "Malmö", "Frankfurt am Main", "Leipzig"]
PURPOSES = ["Kundentermin", "Messe LogiMAT, Stand C4-210", "Schulung \"SAP S/4 Finance\"", "Quartalsgespräch mit Spedition",
            "Audit Lager Süd; Inventur", "Vertriebstreffen Q4", "Workshop: Routenplanung & Tarife", "Bewerbungsgespräche"]
TRANSPORT = {"Rail": ["train", "Train", "rail", "Bahn", " TRAIN"], "Air": ["plane", "flight", "Air", "FLIGHT "],
             "Car": ["car", "Car", "auto", " CAR"]}
YES = ["yes", "Yes", "y", "ja", "TRUE", "1"]
NO = ["no", "No", "n", "nein", "false", "0", ""]


def messy_dept(rng: random.Random, dept: str) -> str:
    return rng.choice([dept, dept.upper(), dept.lower(), f" {dept}", f"{dept}  "])


def messy_amount(rng: random.Random, cents: int) -> str:
    if cents == 0:
        return rng.choice(["", "0", "0.00"])
    whole, frac = divmod(cents, 100)
    s = f"{whole}.{frac:02d}"
    if frac % 10 == 0 and rng.random() < 0.5:
        s = s[:-1]  # 1234.5
    if frac == 0 and rng.random() < 0.6:
        s = str(whole)
    return rng.choice([s, s, f" {s}", f"{s} "])


def make(seed: int, first: int, count: int) -> list[dict[str, str]]:
    rng = random.Random(seed)
    rows: list[dict[str, str]] = []
    for i in range(count):
        emp, name = rng.choice(PEOPLE)
        start = date(2026, 11, 1) + timedelta(days=rng.randrange(0, 27))
        end = start + timedelta(days=rng.choice([0, 0, 1, 2, 3, 4]))
        mode = rng.choice(list(TRANSPORT))
        hotel = 0 if end == start else rng.randrange(8900, 16000) * (end - start).days
        row = {
            "claim_no": f"TC-2026-{first + i:04d}",
            "employee_id": rng.choice([emp, emp, emp.zfill(6), f" {emp}"]),
            "name": rng.choice([name, name, f" {name}", f"{name} "]),
            "department": messy_dept(rng, rng.choice(DEPTS)),
            "destination": rng.choice(PLACES),
            "date_from": start.isoformat(),
            "date_to": end.isoformat(),
            "purpose": rng.choice(PURPOSES),
            "transport": rng.choice(TRANSPORT[mode]),
            "travel": messy_amount(rng, rng.randrange(1800, 62000) if mode != "Car" else rng.randrange(0, 30000)),
            "hotel": messy_amount(rng, hotel),
            "meals": messy_amount(rng, rng.choice([0, 1400, 2800, 2800, 4200, 5600, 7000, 1450])),
            "receipts": rng.choice(YES + NO),
            "status": rng.choice(["approved", "approved", "pending", "pending", "Approved", " PENDING", "withdrawn",
                                  "Withdrawn "]),
        }
        rows.append(row)
    # Corrections: a later row repeats an earlier claim number with changed values.
    for k in range(max(1, count // 12)):
        src = dict(rows[rng.randrange(0, len(rows))])
        src["meals"] = messy_amount(rng, rng.choice([1400, 2800, 4200]) + 100 * k)
        src["status"] = rng.choice(["approved", "pending"])
        src["receipts"] = "yes"
        rows.append(src)
    # Rows that cannot be filled: no personnel number, a trip that ends before it starts.
    bad = dict(rows[rng.randrange(0, count)])
    bad["claim_no"] = f"TC-2026-{first + count:04d}"
    bad["employee_id"] = rng.choice(["", "  "])
    bad["status"] = "approved"
    rows.append(bad)
    bad = dict(rows[rng.randrange(0, count)])
    bad["claim_no"] = f"TC-2026-{first + count + 1:04d}"
    bad["date_from"], bad["date_to"] = "2026-11-20", "2026-11-18"
    bad["status"] = "pending"
    rows.append(bad)
    return rows


def write(path: str, rows: list[dict[str, str]]) -> None:
    with open(path, "w", encoding="utf-8", newline="") as f:
        w = csv.DictWriter(f, fieldnames=HEADER, lineterminator="\n")
        w.writeheader()
        w.writerows(rows)


if __name__ == "__main__":
    seed, first, count, out = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    write(out, make(seed, first, count))
