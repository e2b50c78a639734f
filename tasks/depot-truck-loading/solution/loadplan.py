#!/usr/bin/python3
"""Plan a depot's trucks for a day: loadplan.py ORDERS_DIR OUT_DIR [--seconds N].

Customers are the items (a customer's shipments travel together), packed route by route: first fit
decreasing by the customer's largest share of a truck (weight, floor positions, one stop), then
emptying the least loaded truck into the others while that works, repeated from shuffled orders
until the time budget ends; the best plan wins.
"""

import csv
import math
import random
import sys
import time
from collections import defaultdict
from pathlib import Path


def rows(path):
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


class Load:
    def __init__(self, limits, forbidden):
        self.limits, self.forbidden = limits, forbidden
        self.customers, self.weight, self.ns, self.st, self.classes = [], 0, 0, 0, set()

    def positions(self, ns=0, st=0):
        return self.ns + ns + math.ceil((self.st + st) / 2)

    def fits(self, c):
        lim = self.limits
        return (len(self.customers) + 1 <= lim["max_stops"] and self.weight + c["weight"] <= lim["max_weight_kg"]
                and self.positions(c["ns"], c["st"]) <= lim["floor_positions"]
                and not any(frozenset((a, b)) in self.forbidden for a in self.classes for b in c["classes"]))

    def add(self, c):
        self.customers.append(c)
        self.weight += c["weight"]
        self.ns += c["ns"]
        self.st += c["st"]
        self.classes |= c["classes"]


def pack(custs, limits, forbidden, order):
    trucks = []
    for c in order:
        for t in trucks:
            if t.fits(c):
                t.add(c)
                break
        else:
            t = Load(limits, forbidden)
            t.add(c)
            trucks.append(t)
    improved = True
    while improved and len(trucks) > 1:
        improved = False
        for victim in sorted(trucks, key=lambda t: (len(t.customers), t.weight)):
            others = [t for t in trucks if t is not victim]
            trial = [Load(limits, forbidden) for _ in others]
            for new, old in zip(trial, others):
                for c in old.customers:
                    new.add(c)
            ok = True
            for c in sorted(victim.customers, key=lambda c: -c["size"]):
                for t in trial:
                    if t.fits(c):
                        t.add(c)
                        break
                else:
                    ok = False
                    break
            if ok:
                trucks = trial
                improved = True
                break
    return trucks


def main(argv):
    args = [a for a in argv[1:] if not a.startswith("--")]
    seconds = float(argv[argv.index("--seconds") + 1]) if "--seconds" in argv else 30.0
    if "--seconds" in argv:
        args.remove(argv[argv.index("--seconds") + 1])
    if len(args) != 2:
        print("usage: loadplan.py ORDERS_DIR OUT_DIR [--seconds N]", file=sys.stderr)
        return 2
    src, out = Path(args[0]), Path(args[1])
    limits = {r["limit"]: int(r["value"]) for r in rows(src / "limits.csv")}
    forbidden = {frozenset((r["class_a"], r["class_b"])) for r in rows(src / "segregation.csv")}
    route = {r["customer"]: r["route"] for r in rows(src / "customers.csv")}
    ships = rows(src / "shipments.csv")
    custs = {}
    for s in ships:
        c = custs.setdefault(s["customer"], {"id": s["customer"], "route": route[s["customer"]], "weight": 0,
                                             "ns": 0, "st": 0, "classes": set(), "shipments": []})
        c["weight"] += int(s["weight_kg"])
        c["ns" if s["stackable"] == "no" else "st"] += int(s["pallets"])
        if s["hazmat_class"]:
            c["classes"].add(s["hazmat_class"])
        c["shipments"].append(s["shipment"])
    for c in custs.values():
        alone = Load(limits, forbidden)
        if c["weight"] > limits["max_weight_kg"]:
            print(f"error: infeasible: customer {c['id']} weighs {c['weight']} kg, over one truck", file=sys.stderr)
            return 2
        if alone.positions(c["ns"], c["st"]) > limits["floor_positions"]:
            print(f"error: infeasible: customer {c['id']} needs more floor positions than one truck", file=sys.stderr)
            return 2
        if any(frozenset((a, b)) in forbidden for a in c["classes"] for b in c["classes"]):
            print(f"error: infeasible: customer {c['id']} has hazmat classes that may not share a truck", file=sys.stderr)
            return 2
        c["size"] = max(c["weight"] / limits["max_weight_kg"],
                        (c["ns"] + c["st"] / 2) / limits["floor_positions"], 1 / limits["max_stops"])
    by_route = defaultdict(list)
    for c in custs.values():
        by_route[c["route"]].append(c)
    rng = random.Random(7)
    deadline = time.monotonic() + seconds
    plan = []
    bound = 0
    for rname in sorted(by_route):
        cs = sorted(by_route[rname], key=lambda c: c["id"])
        w = sum(c["weight"] for c in cs)
        p = sum(c["ns"] + c["st"] / 2 for c in cs)
        lb = max(math.ceil(w / limits["max_weight_kg"]), math.ceil(p / limits["floor_positions"]),
                 math.ceil(len(cs) / limits["max_stops"]))
        bound += lb
        best = pack(cs, limits, forbidden, sorted(cs, key=lambda c: -c["size"]))
        share = deadline - time.monotonic()
        route_deadline = time.monotonic() + share / max(1, len(by_route) - len(plan))
        while len(best) > lb and time.monotonic() < route_deadline:
            order = sorted(cs, key=lambda c: -c["size"] * rng.uniform(0.7, 1.3))
            trial = pack(cs, limits, forbidden, order)
            if len(trial) < len(best):
                best = trial
        plan.append((rname, best))
    out.mkdir(parents=True, exist_ok=True)
    assign, summary = [], []
    k = 0
    for rname, trucks in plan:
        for t in trucks:
            k += 1
            name = f"T{k:02d}"
            for c in t.customers:
                assign += [(s, name) for s in c["shipments"]]
            summary.append((name, rname, len(t.customers), t.weight, t.positions()))
    with open(out / "plan.csv", "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["shipment", "truck"])
        w.writerows(sorted(assign))
    with open(out / "trucks.csv", "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["truck", "route", "stops", "weight_kg", "floor_positions"])
        w.writerows(summary)
    (out / "summary.txt").write_text(f"trucks {k}\nlower_bound {bound}\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
