"""Generate two years of spare-parts usage as the stores system exports it, with the part master.

    python3 mkhistory.py OUT_DIR --seed N [--end YYYY-MM-DD] [--parts N]

Writes usage.csv (issues and returns, several rows a day, lower-case scanner ids, late entries
at the end, two plant shutdowns without any rows, two parts renamed half-way), parts.csv,
suppliers.csv and renames.csv. Deterministic for a given seed.
"""

import argparse
import csv
import datetime as dt
import math
import random
from pathlib import Path

FAMILIES = ["BRG", "SEAL", "FLT", "BELT", "FUSE", "VLV", "PMP", "SNS", "HTR", "FAN", "GSK", "CPL"]
SUPPLIERS = [
    ("NORDBEARING", 14, 10, 20), ("FILTRA", 21, 12, 24), ("ELEKTRO-KOCH", 10, 5, 5),
    ("HYDROPRO", 35, 1, 2), ("SEALTEC", 28, 25, 50), ("GENERAL-MRO", 7, 1, 1),
]


def poisson(rnd: random.Random, lam: float) -> int:
    if lam <= 0:
        return 0
    k, p, limit = 0, 1.0, math.exp(-lam)
    while True:
        p *= rnd.random()
        if p <= limit:
            return k
        k += 1


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--end", default="2026-11-30")
    ap.add_argument("--parts", type=int, default=36)
    a = ap.parse_args()
    rnd = random.Random(a.seed)
    end = dt.date.fromisoformat(a.end)
    start = end - dt.timedelta(days=727)
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)

    ids: list[str] = []
    while len(ids) < a.parts:
        pid = f"{rnd.choice(FAMILIES)}-{rnd.randint(100, 9999)}"
        if pid not in ids:
            ids.append(pid)
    parts = []
    for i, pid in enumerate(ids):
        sup = SUPPLIERS[i % len(SUPPLIERS)]
        base = rnd.choice((0.08, 0.2, 0.4, 0.7, 1.2, 2.5, 4.0)) * rnd.uniform(0.7, 1.3)
        amp = rnd.choice((0.0, 0.0, 0.3, 0.6, 0.8))
        peak = rnd.choice((15, 200)) if amp else 0  # winter or summer parts
        dead = i == 5  # a part nobody has drawn for over a year
        parts.append({"part": pid, "supplier": sup[0], "base": base, "amp": amp, "peak": peak, "dead": dead,
                      "service_level": rnd.choice(("0.90", "0.95", "0.95", "0.98")),
                      "unit_cost": f"{rnd.uniform(1.5, 480):.2f}"})
    renamed = {ids[2]: f"{ids[2].split('-')[0]}-{rnd.randint(10000, 99999)}",
               ids[9]: f"{ids[9].split('-')[0]}-{rnd.randint(10000, 99999)}"}
    rename_day = {old: start + dt.timedelta(days=rnd.randint(430, 560)) for old in renamed}
    shutdowns = []
    for year in (start.year, start.year + 1, start.year + 2):
        s = dt.date(year, 8, 3)
        shutdowns.append((s, s + dt.timedelta(days=13)))

    rows: list[tuple[str, str, int, str]] = []
    late: list[tuple[str, str, int, str]] = []
    n = 0
    for p in parts:
        pending_returns: list[tuple[dt.date, int]] = []
        day = start
        while day <= end:
            if any(s <= day <= e for s, e in shutdowns) or day.weekday() == 6:
                day += dt.timedelta(days=1)
                continue
            lam = p["base"] * (1 + p["amp"] * math.cos(2 * math.pi * ((day.timetuple().tm_yday - p["peak"]) / 365)))
            if p["dead"] and day > end - dt.timedelta(days=420):
                lam = 0
            k = poisson(rnd, lam)
            current = p["part"]
            for old, new in renamed.items():
                if current == old and day >= rename_day[old]:
                    current = new
            while k > 0:
                q = min(k, rnd.choice((1, 1, 2, 3, 5)))
                k -= q
                n += 1
                pid = current.lower() if rnd.random() < 0.06 else current
                pid = f" {pid}" if rnd.random() < 0.02 else pid
                row = (day.isoformat(), pid, q, f"WO-{n:06d}")
                (late if rnd.random() < 0.01 else rows).append(row)
                if rnd.random() < 0.04:
                    back = day + dt.timedelta(days=rnd.randint(1, 12))
                    pending_returns.append((back, rnd.randint(1, q)))
            for back, q in [r for r in pending_returns if r[0] == day]:
                n += 1
                rows.append((day.isoformat(), current, -q, f"RT-{n:06d}"))
            pending_returns = [r for r in pending_returns if r[0] > day]
            day += dt.timedelta(days=1)
        # A big return of unused stock after a project (makes a week's net negative).
        if p["base"] > 1 and not p["dead"]:
            d = start + dt.timedelta(days=rnd.randint(60, 600))
            if not any(s <= d <= e for s, e in shutdowns):
                cur = renamed.get(p["part"], p["part"]) if p["part"] in renamed and d >= rename_day[p["part"]] else p["part"]
                rows.append((d.isoformat(), cur, -int(p["base"] * 30), "RT-PROJECT"))
    rows.sort(key=lambda r: r[0])
    with open(out / "usage.csv", "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["date", "part", "qty", "ref"])
        w.writerows(rows + late)
    with open(out / "renames.csv", "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["old_part", "new_part", "effective"])
        for old, new in renamed.items():
            w.writerow([old, new, rename_day[old].isoformat()])
    with open(out / "suppliers.csv", "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["supplier", "lead_time_days", "pack_size", "min_order"])
        for s in SUPPLIERS:
            w.writerow(s)
    with open(out / "parts.csv", "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["part", "description", "supplier", "service_level", "unit_cost", "on_hand", "on_order"])
        for p in sorted(parts, key=lambda p: p["part"]):
            weekly = p["base"] * 6
            lead = next(s[1] for s in SUPPLIERS if s[0] == p["supplier"]) / 7
            on_hand = max(0, int(weekly * lead * rnd.uniform(0.3, 2.6)))
            on_order = rnd.choice((0, 0, 0, int(weekly * 2)))
            pid = renamed.get(p["part"], p["part"])
            w.writerow([pid, f"{pid.split('-')[0].lower()} spare", p["supplier"], p["service_level"], p["unit_cost"], on_hand, on_order])


if __name__ == "__main__":
    main()
