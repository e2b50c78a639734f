#!/bin/bash
# Reference solution: /app/reorder builds weekly net demand per current part id, forecasts it with
# exponential smoothing times last year's seasonal index, sets safety stock, reorder points and order
# quantities per supplier, and writes the purchase plan and the per-supplier summary; then runs it.
set -euo pipefail

mkdir -p /app/reorderlib /app/out

# Step 1: the history: current part ids (renames followed, ids trimmed and upper-cased), weekly net
# demand over the 104 weeks ending on the last date, returns netted, a negative week counted as 0.
cat > /app/reorderlib/history.py <<'PY'
import csv
import datetime as dt
from pathlib import Path

WEEKS = 104


def read(path: Path) -> list[dict]:
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def canonical(pid: str, renames: dict[str, str]) -> str:
    pid = pid.strip().upper()
    seen = set()
    while pid in renames and pid not in seen:
        seen.add(pid)
        pid = renames[pid]
    return pid


def weekly_demand(data: Path) -> dict[str, list[int]]:
    renames = {r["old_part"].strip().upper(): r["new_part"].strip().upper() for r in read(data / "renames.csv")}
    usage = read(data / "usage.csv")
    end = max(dt.date.fromisoformat(r["date"].strip()) for r in usage)
    series: dict[str, list[int]] = {}
    for r in usage:
        age = (end - dt.date.fromisoformat(r["date"].strip())).days // 7
        if age >= WEEKS:
            continue
        pid = canonical(r["part"], renames)
        series.setdefault(pid, [0] * WEEKS)[WEEKS - 1 - age] += int(r["qty"])
    return {pid: [max(0, q) for q in w] for pid, w in series.items()}
PY

# Step 2: the forecast: simple exponential smoothing (alpha 0.3, started at week 1) times the seasonal
# index, last year's next 13 weeks (weeks 53-65) over last year's average week (weeks 1-52).
cat > /app/reorderlib/forecast.py <<'PY'
from statistics import fmean

ALPHA = 0.3


def level(w: list[int]) -> float:
    lv = float(w[0])
    for q in w[1:]:
        lv = ALPHA * q + (1 - ALPHA) * lv
    return lv


def seasonal_index(w: list[int]) -> float:
    base = fmean(w[:52])
    if base == 0:
        return 1.0
    return min(2.0, max(0.5, fmean(w[52:65]) / base))
PY

# Step 3: the policy: safety stock at the part's service level over the supplier's lead time, the
# reorder point, and an order up to four weeks' cover, at least the minimum order, in whole packs.
cat > /app/reorderlib/policy.py <<'PY'
import math
from statistics import NormalDist, pstdev


def up(x: float) -> int:
    return math.ceil(x - 1e-9)


def safety_stock(w: list[int], service_level: float, lead_weeks: float) -> int:
    return up(NormalDist().inv_cdf(service_level) * pstdev(w[52:]) * math.sqrt(lead_weeks))


def order_qty(forecast: float, rop: int, position: int, min_order: int, pack: int) -> int:
    if position > rop:
        return 0
    q = max(rop + up(4 * forecast) - position, min_order)
    return -(-q // pack) * pack
PY

# Step 4: the command: the purchase plan and the per-supplier summary.
cat > /app/reorder <<'PY'
#!/usr/bin/env python3
"""reorder DATA_DIR OUT_DIR: weekly purchase plan for the spares (see /app/reorderlib)."""
import csv
import sys
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

sys.path.insert(0, "/app")
from reorderlib import forecast, history, policy  # noqa: E402

if len(sys.argv) != 3:
    sys.exit("usage: reorder DATA_DIR OUT_DIR")
data, out = Path(sys.argv[1]), Path(sys.argv[2])
series = history.weekly_demand(data)
suppliers = {r["supplier"]: r for r in history.read(data / "suppliers.csv")}
plan, po = [], {}
for p in history.read(data / "parts.csv"):
    pid = p["part"].strip().upper()
    w = series.get(pid, [0] * history.WEEKS)
    s = suppliers[p["supplier"]]
    position = int(p["on_hand"]) + int(p["on_order"])
    if not any(w[52:]):
        plan.append([pid, p["supplier"], "inactive", "0.00", "1.000", 0, 0, position, 0])
        continue
    idx = forecast.seasonal_index(w)
    f = forecast.level(w) * idx
    lead = int(s["lead_time_days"]) / 7
    ss = policy.safety_stock(w, float(p["service_level"]), lead)
    rop = policy.up(f * lead) + ss
    q = policy.order_qty(f, rop, position, int(s["min_order"]), int(s["pack_size"]))
    plan.append([pid, p["supplier"], "order" if q else "ok", f"{f:.2f}", f"{idx:.3f}", ss, rop, position, q])
    if q:
        t = po.setdefault(p["supplier"], [0, 0, Decimal(0)])
        t[0] += 1
        t[1] += q
        t[2] += q * Decimal(p["unit_cost"])
plan.sort(key=lambda r: (r[1], r[0]))
out.mkdir(parents=True, exist_ok=True)
with open(out / "purchase_plan.csv", "w", newline="") as f:
    w = csv.writer(f, lineterminator="\n")
    w.writerow(["part", "supplier", "status", "weekly_forecast", "seasonal_index", "safety_stock",
                "reorder_point", "inventory_position", "order_qty"])
    w.writerows(plan)
with open(out / "po_summary.csv", "w", newline="") as f:
    w = csv.writer(f, lineterminator="\n")
    w.writerow(["supplier", "lines", "units", "value"])
    for sup in sorted(po):
        n, units, value = po[sup]
        w.writerow([sup, n, units, value.quantize(Decimal("0.01"), ROUND_HALF_UP)])
PY
chmod +x /app/reorder

# Step 5: this week's plan from the history in /app/data.
/app/reorder /app/data /app/out
cat /app/out/po_summary.csv
