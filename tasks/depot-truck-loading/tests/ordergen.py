"""Generate a depot's day of outbound shipments as the warehouse system exports them.

    python3 ordergen.py OUT_DIR --seed N --customers N [--infeasible weight|hazmat]

Writes OUT_DIR/shipments.csv, OUT_DIR/customers.csv, OUT_DIR/limits.csv and OUT_DIR/segregation.csv.
"""

import argparse
import csv
import random
from pathlib import Path

ROUTES = ["north", "south", "east", "west"]
LIMITS = {"max_weight_kg": 24000, "floor_positions": 33, "max_stops": 6}
SEGREGATION = [("3", "5.1"), ("2.1", "5.1"), ("8", "4.1"), ("2.1", "3")]
HAZMAT = ["3", "5.1", "8", "2.1", "4.1"]
TOWNS = ["Borås", "Alingsås", "Kungälv", "Uddevalla", "Varberg", "Falkenberg", "Kungsbacka", "Lerum", "Mölndal",
         "Trollhättan", "Vänersborg", "Skövde", "Lidköping", "Ulricehamn", "Stenungsund", "Halmstad", "Jönköping"]
KINDS = ["Bygg", "Färg", "VVS", "Trä", "El", "Järn", "Lantbruk", "Kemi"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--customers", type=int, default=60)
    ap.add_argument("--infeasible", choices=["weight", "hazmat"])
    a = ap.parse_args()
    r = random.Random(a.seed)
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    customers, shipments = [], []
    n = 0
    for i in range(a.customers):
        cid = f"C{100 + i}"
        route = r.choice(ROUTES)
        customers.append((cid, f"{r.choice(KINDS)}centrum {r.choice(TOWNS)}", route))
        hz = r.choice(HAZMAT) if r.random() < 0.18 else ""
        for _ in range(r.choice([1, 1, 2, 2, 3])):
            n += 1
            pallets = r.choice([1, 2, 4, 6, 8, 10, 12])
            stackable = "no" if r.random() < 0.3 else "yes"
            per = r.choice([180, 250, 320, 450, 600, 750, 900]) if not hz else r.choice([400, 650, 900])
            weight = pallets * per + r.randint(0, 99)
            cls = hz if hz and r.random() < 0.7 else ""
            shipments.append([f"S{10000 + n}", cid, pallets, stackable, weight, cls])
    if a.infeasible == "weight":
        cid = customers[len(customers) // 2][0]
        for _ in range(3):
            n += 1
            shipments.append([f"S{10000 + n}", cid, 6, "yes", 9500, ""])
    elif a.infeasible == "hazmat":
        cid = customers[len(customers) // 3][0]
        n += 1
        shipments.append([f"S{10000 + n}", cid, 1, "yes", 500, "3"])
        n += 1
        shipments.append([f"S{10000 + n}", cid, 1, "yes", 500, "5.1"])
    r.shuffle(shipments)
    with open(out / "shipments.csv", "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["shipment", "customer", "pallets", "stackable", "weight_kg", "hazmat_class"])
        w.writerows(shipments)
    with open(out / "customers.csv", "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["customer", "name", "route"])
        w.writerows(customers)
    with open(out / "limits.csv", "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["limit", "value"])
        w.writerows(LIMITS.items())
    with open(out / "segregation.csv", "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["class_a", "class_b"])
        w.writerows(SEGREGATION)


if __name__ == "__main__":
    main()
