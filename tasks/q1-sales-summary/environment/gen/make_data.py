"""Generates environment/app/data/sales_q1.xlsx and tests/expected.json (run once, at authoring time).

The workbook is committed as a binary so that its sha256 is fixed (openpyxl
stamps creation times into docProps, so a build-time generation would not be
reproducible).  Usage: python3 make_data.py <task_dir>
"""
import datetime as dt
import json
import random
import sys
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

import openpyxl

task = Path(sys.argv[1])
rng = random.Random(20240402)

REGIONS = {"North": ["North", "north", " North", "NORTH", "North "],
           "South": ["South", "south", "South ", " SOUTH"],
           "East": ["East", "east", " East", "EAST"],
           "West": ["West", "west", "West ", " WEST"]}
REGION_WEIGHT = {"North": 1.3, "South": 1.0, "East": 0.8, "West": 1.1}
REPS = ["Alice Moreau", "Bilal Haddad", "Chen Wei", "Dana Kowalski", "Emeka Obi",
        "Farah Nasser", "Gustavo Lima", "Hannah Berg", "Ivan Petrov", "Julia Santos"]
PRODUCTS = {"Desk Lamp": 34.90, "Office Chair": 189.00, "Standing Desk": 429.00,
            "Monitor Arm": 79.50, "Keyboard": 59.99, "Webcam": 89.00, "Headset": 119.00,
            "Cable Kit": 12.49}
STATUSES = [("Completed", 60), ("completed", 8), ("COMPLETED", 3), ("Cancelled", 8), ("cancelled", 3),
            ("CANCELLED", 2), ("Refunded", 5), ("Pending", 6)]


def pick_status():
    total = sum(w for _, w in STATUSES)
    r = rng.uniform(0, total)
    for s, w in STATUSES:
        r -= w
        if r <= 0:
            return s
    return STATUSES[0][0]


def pick_region():
    names = list(REGION_WEIGHT)
    canon = rng.choices(names, weights=[REGION_WEIGHT[n] for n in names])[0]
    return canon, rng.choice(REGIONS[canon])


rows = []
oid = 10001
start = dt.date(2024, 1, 1)
for i in range(412):
    day = start + dt.timedelta(days=rng.randrange(0, 91))
    canon, region = pick_region()
    rep = rng.choice(REPS)
    if rng.random() < 0.06:
        rep = rep + " "
    product = rng.choice(list(PRODUCTS))
    units = rng.choice([1, 1, 1, 2, 2, 3, 4, 5, 8, 10])
    price = PRODUCTS[product]
    disc_choice = rng.random()
    if disc_choice < 0.55:
        discount = None
    elif disc_choice < 0.85:
        discount = rng.choice([0.05, 0.1, 0.15, 0.2])
    else:
        discount = rng.choice(["5%", "10%", "12.5%", "20%"])
    date_val = day if rng.random() > 0.07 else day.isoformat()
    if isinstance(date_val, dt.date):
        date_val = dt.datetime(day.year, day.month, day.day)
    rows.append([f"SO-{oid}", date_val, region, rep, product, units, price, discount, pick_status()])
    oid += 1

# Orders outside Q1 that slipped into the export.
for d in [dt.datetime(2023, 12, 29), dt.datetime(2023, 12, 31), "2024-04-01", dt.datetime(2024, 4, 2)]:
    rows.append([f"SO-{oid}", d, "North", "Alice Moreau", "Standing Desk", 4, 429.00, None, "Completed"])
    oid += 1

# A tie for 5th place in Top Reps, engineered below once the revenues are known.


def disc_frac(d):
    if d is None or d == "":
        return Decimal(0)
    if isinstance(d, str):
        return Decimal(d.strip().rstrip("%")) / 100
    return Decimal(str(d))


def as_date(v):
    if isinstance(v, dt.datetime):
        return v.date()
    if isinstance(v, dt.date):
        return v
    return dt.date.fromisoformat(v.strip())


def compute(rows):
    seen = set()
    region, month, reps = {}, {}, {}
    for r in rows:
        if r[0] in seen:
            continue
        seen.add(r[0])
        d = as_date(r[1])
        if not (dt.date(2024, 1, 1) <= d <= dt.date(2024, 3, 31)):
            continue
        if r[8].strip().lower() != "completed":
            continue
        rev = Decimal(r[5]) * Decimal(str(r[6])) * (1 - disc_frac(r[7]))
        reg = r[2].strip().title()
        rep = r[3].strip()
        o, u, v = region.get(reg, (0, 0, Decimal(0)))
        region[reg] = (o + 1, u + r[5], v + rev)
        m = d.strftime("%Y-%m")
        o, v = month.get(m, (0, Decimal(0)))
        month[m] = (o + 1, v + rev)
        reps[rep] = reps.get(rep, Decimal(0)) + rev
    return region, month, reps


def q(v):
    return v.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


_, _, reps = compute(rows)
ranked = sorted(reps.items(), key=lambda kv: (-q(kv[1]), kv[0]))
fifth, sixth = ranked[4], ranked[5]
# Top the 6th rep up (one discounted order) to tie with the 5th to the cent while staying just
# below them before rounding, so that a tie broken on the exact amounts instead of by name ranks
# the wrong rep fifth. The 6th rep is the alphabetically first of the two.
assert sixth[0] < fifth[0], (fifth[0], sixth[0])
DISCOUNT = 0.1
low = q(fifth[1]) - Decimal("0.0045")  # still rounds (half up) to the 5th rep's cents
high = min(fifth[1], q(fifth[1]) + Decimal("0.005")) - Decimal("0.0005")  # and stays below them
base = q((q(fifth[1]) - sixth[1]) / (1 - Decimal(str(DISCOUNT))))
price = next(p for p in (base + Decimal(k) / 100 for k in range(-10, 11))
             if low <= sixth[1] + p * (1 - Decimal(str(DISCOUNT))) <= high)
rows.append([f"SO-{oid}", dt.datetime(2024, 3, 28), "West", sixth[0], "Custom Service", 1, float(price), DISCOUNT,
             "Completed"])
oid += 1
_, _, reps = compute(rows)
assert q(reps[fifth[0]]) == q(reps[sixth[0]]), (reps[fifth[0]], reps[sixth[0]])
assert reps[sixth[0]] < reps[fifth[0]], (reps[fifth[0]], reps[sixth[0]])

# Exact duplicate rows (the export repeats rows at page boundaries).
for idx in rng.sample(range(0, 400), 7):
    rows.insert(idx + rng.randrange(1, 5), list(rows[idx]))

wb = openpyxl.Workbook()
ws = wb.active
ws.title = "Orders"
ws["A1"] = "Sales export - Q1 2024 - generated 2024-04-02 08:14 by FinanceHub"
ws.append([])
ws.append(["Order ID", "Order Date", "Region", "Sales Rep", "Product", "Units", "Unit Price", "Discount", "Status"])
for r in rows:
    ws.append(r)
    c = ws.cell(row=ws.max_row, column=2)
    if isinstance(r[1], dt.datetime):
        c.number_format = "yyyy-mm-dd"
for _ in range(3):
    ws.append([None] * 9)
    ws.cell(row=ws.max_row, column=1).value = None
# Trailing empty but formatted rows, like real exports.
for rr in range(ws.max_row + 1, ws.max_row + 4):
    ws.cell(row=rr, column=9).number_format = "@"
wb.properties.creator = "FinanceHub"
fixed = dt.datetime(2024, 4, 2, 8, 14, 0)
wb.properties.created = fixed
wb.properties.modified = fixed
out = task / "environment/app/data/sales_q1.xlsx"
wb.save(out)

region, month, reps = compute(rows)
by_region = sorted(region.items(), key=lambda kv: -kv[1][2])
tot = [sum(v[0] for v in region.values()), sum(v[1] for v in region.values()), sum(v[2] for v in region.values())]
expected = {
    "by_region": [[k, v[0], v[1], float(q(v[2]))] for k, v in by_region] + [["TOTAL", tot[0], tot[1], float(q(tot[2]))]],
    "by_month": [[k, month[k][0], float(q(month[k][1]))] for k in sorted(month)],
    "top_reps": [[i + 1, k, float(q(v))] for i, (k, v) in enumerate(sorted(reps.items(), key=lambda kv: (-q(kv[1]), kv[0]))[:5])],
    "tie": [fifth[0], sixth[0]],
    "cancelled_ids": sorted({r[0] for r in rows if r[8].strip().lower() == "cancelled"}),
}
import hashlib
expected["source_sha256"] = hashlib.sha256(out.read_bytes()).hexdigest()
(task / "tests/expected.json").write_text(json.dumps(expected, indent=1) + "\n")
print(json.dumps(expected, indent=1))
