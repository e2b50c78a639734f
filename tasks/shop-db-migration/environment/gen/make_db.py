"""Generates environment/app/data/shop.db (schema v1) and tests/shop_v1.db. usage: python3 make_db.py TASK_DIR

The oracle contract quotes counts from this data (69 unnormalised emails, 14 duplicated addresses).
"""
import datetime as dt
import random
import shutil
import sqlite3
import sys
from pathlib import Path

task = Path(sys.argv[1])
rng = random.Random(1234)
db_path = task / "environment/app/data/shop.db"
if db_path.exists():
    db_path.unlink()
con = sqlite3.connect(db_path)
con.executescript("""
CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT, email TEXT, phone TEXT, created TEXT);
CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER, items TEXT, total REAL, status TEXT, created_at TEXT);
""")
FIRST = ["Ada", "Ben", "Carla", "Dev", "Elif", "Farid", "Greta", "Hugo", "Ines", "Jonas", "Keiko", "Liam", "Maya",
         "Nils", "Olga", "Pablo", "Quinn", "Rosa", "Sami", "Tara", "Umar", "Vera", "Wen", "Ximena", "Yusuf", "Zoe"]
LAST = ["Adler", "Brown", "Costa", "Diaz", "Evans", "Fischer", "Garcia", "Huber", "Ito", "Jansen", "Khan", "Lopez",
        "Muller", "Novak", "Okafor", "Petrov", "Quist", "Rossi", "Silva", "Tanaka", "Uddin", "Varga", "Weber", "Young"]
DOMAINS = ["example.com", "mail.test", "shopper.example", "inbox.test"]
base = dt.datetime(2022, 1, 1)


def fmt_time(t):
    r = rng.random()
    if r < 0.55:
        return t.strftime("%Y-%m-%d %H:%M:%S")
    if r < 0.75:
        return t.strftime("%Y-%m-%dT%H:%M:%SZ")
    if r < 0.9:
        return str(int(t.replace(tzinfo=dt.timezone.utc).timestamp()))
    return t.strftime("%d/%m/%Y %H:%M")


customers = []
for cid in range(1, 401):
    first, last = rng.choice(FIRST), rng.choice(LAST)
    name = f"{first} {last}"
    if rng.random() < 0.08:
        name = f" {first}  {last} "
    email = f"{first.lower()}.{last.lower()}{cid}@{rng.choice(DOMAINS)}"
    if rng.random() < 0.1:
        email = email.capitalize()
    if rng.random() < 0.05:
        email = f" {email} "
    phone = rng.choice(["", f"+44 20 7946 {rng.randrange(10000):04d}", f"(020) 7946-{rng.randrange(10000):04d}",
                        f"07700 900{rng.randrange(1000):03d}"])
    t = base + dt.timedelta(minutes=rng.randrange(0, 600 * 24 * 60))
    if rng.random() < 0.1:
        t = t.replace(second=0)
    customers.append([cid, name, email, phone, fmt_time(t)])
# Duplicate sign-ups: same address in another case / with spaces, later id.
dups = rng.sample(range(0, 400), 14)
for k, src in enumerate(dups):
    cid = 401 + k
    _, name, email, phone, _ = customers[src]
    variant = email.strip().upper() if k % 3 == 0 else ("  " + email.strip().lower()) if k % 3 == 1 else email.strip().title()
    t = base + dt.timedelta(minutes=rng.randrange(0, 600 * 24 * 60))
    customers.append([cid, name.strip(), variant, "" if k % 2 else phone, fmt_time(t)])
# A triple: a third sign-up of the first duplicated address.
customers.append([415, customers[dups[0]][1], customers[dups[0]][2].strip().lower(), "", fmt_time(base + dt.timedelta(days=3))])
con.executemany("INSERT INTO customers VALUES (?,?,?,?,?)", customers)

SKUS = {f"SKU-{n}": rng.choice([4.99, 9.5, 12.0, 19.99, 24.95, 49.0, 0.99, 7.25, 129.0, 2.5]) for n in range(100, 160)}
STATUSES = ["paid"] * 40 + ["PAID"] * 4 + ["shipped"] * 30 + [" Shipped"] * 3 + ["cancelled"] * 6 + ["canceled"] * 4 + \
           ["refunded"] * 5 + ["pending"] * 6 + [" pending "] * 2
orders = []
for oid in range(1, 1531):
    cust = rng.randrange(1, 416)
    n = rng.choice([1, 1, 2, 2, 3, 4])
    lines = []
    for _ in range(n):
        sku = rng.choice(list(SKUS))
        qty = rng.choice([1, 1, 1, 2, 3, 5])
        price = SKUS[sku]
        ptxt = f"{price:.2f}" if rng.random() < 0.8 else (str(price) if price != int(price) else str(int(price)))
        if sku == "SKU-159":
            ptxt = "1.005"
        if sku == "SKU-158":
            ptxt = "0.125"
        lines.append(f"{sku}:{qty}:{ptxt}")
    sep = ";" if rng.random() < 0.85 else "; "
    items = sep.join(lines)
    from decimal import Decimal, ROUND_HALF_UP
    cents = sum(int(l.split(":")[1]) * int((Decimal(l.split(":")[2]) * 100).quantize(Decimal(1), ROUND_HALF_UP)) for l in lines)
    total = cents / 100
    if rng.random() < 0.03:
        total = round(total + rng.choice([-1, 1]) * rng.choice([0.01, 0.5, 5.0]), 2)
    t = base + dt.timedelta(minutes=rng.randrange(0, 700 * 24 * 60))
    orders.append([oid, cust, items, total, rng.choice(STATUSES), fmt_time(t)])
# Orders whose customer no longer exists (deleted by hand years ago).
for oid in rng.sample(range(1, 1531), 5):
    orders[oid - 1][1] = rng.choice([9001, 9002, 9017, 9044, 9100])
# Two orders whose basket was emptied (no items).
for oid in rng.sample(range(1, 1531), 2):
    orders[oid - 1][2] = ""
    orders[oid - 1][3] = 0.0
con.executemany("INSERT INTO orders VALUES (?,?,?,?,?,?)", orders)
con.commit()
con.execute("VACUUM")
con.close()
shutil.copy(db_path, task / "tests/shop_v1.db")
print("customers", len(customers), "orders", len(orders))
