"""The verifier's own purchase plan for a data directory, written from the instruction's method."""

import csv
import datetime as dt
import math
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path
from statistics import NormalDist, fmean, pstdev

WEEKS = 104
PLAN_HEADER = ["part", "supplier", "status", "weekly_forecast", "seasonal_index", "safety_stock",
               "reorder_point", "inventory_position", "order_qty"]
PO_HEADER = ["supplier", "lines", "units", "value"]


def up(x: float) -> int:
    return math.ceil(x - 1e-9)


def rows(path: Path) -> list[dict]:
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def weekly(data: Path, merge_renames: bool = True, net_returns: bool = True) -> dict[str, list[int]]:
    renames = {r["old_part"].strip().upper(): r["new_part"].strip().upper() for r in rows(data / "renames.csv")}
    usage = rows(data / "usage.csv")
    end = max(dt.date.fromisoformat(r["date"]) for r in usage)
    net: dict[str, list[int]] = {}
    for r in usage:
        pid = r["part"].strip().upper()
        while merge_renames and pid in renames:
            pid = renames[pid]
        q = int(r["qty"])
        if q < 0 and not net_returns:
            continue
        k = (end - dt.date.fromisoformat(r["date"])).days // 7
        if k >= WEEKS:
            continue
        net.setdefault(pid, [0] * WEEKS)[WEEKS - 1 - k] += q
    return {p: [max(0, x) for x in w] for p, w in net.items()}


def plan(data: Path, alpha: float = 0.3, **kw) -> tuple[list[list[str]], list[list[str]]]:
    series = weekly(data, **kw)
    sup = {r["supplier"]: r for r in rows(data / "suppliers.csv")}
    out = []
    po: dict[str, list] = {}
    for p in rows(data / "parts.csv"):
        pid = p["part"].strip().upper()
        w = series.get(pid, [0] * WEEKS)
        s = sup[p["supplier"]]
        ip = int(p["on_hand"]) + int(p["on_order"])
        if sum(w[52:]) == 0:
            out.append([pid, p["supplier"], "inactive", "0.00", "1.000", "0", "0", str(ip), "0"])
            continue
        level = float(w[0])
        for x in w[1:]:
            level = alpha * x + (1 - alpha) * level
        base = fmean(w[:52])
        index = fmean(w[52:65]) / base if base > 0 else 1.0
        index = min(2.0, max(0.5, index))
        f = level * index
        lead = int(s["lead_time_days"]) / 7
        z = NormalDist().inv_cdf(float(p["service_level"]))
        ss = up(z * pstdev(w[52:]) * math.sqrt(lead))
        rop = up(f * lead) + ss
        qty = 0
        if ip <= rop:
            qty = max(rop + up(f * 4) - ip, int(s["min_order"]))
            pack = int(s["pack_size"])
            qty = -(-qty // pack) * pack
        status = "order" if qty else "ok"
        out.append([pid, p["supplier"], status, f"{f:.2f}", f"{index:.3f}", str(ss), str(rop), str(ip), str(qty)])
        if qty:
            line = po.setdefault(p["supplier"], [0, 0, Decimal("0")])
            line[0] += 1
            line[1] += qty
            line[2] += qty * Decimal(p["unit_cost"])
    out.sort(key=lambda r: (r[1], r[0]))
    summary = [[k, str(v[0]), str(v[1]), str(v[2].quantize(Decimal("0.01"), ROUND_HALF_UP))] for k, v in sorted(po.items())]
    return out, summary


def csv_text(header: list[str], body: list[list[str]]) -> str:
    return "".join(",".join(r) + "\n" for r in [header, *body])
