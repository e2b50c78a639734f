#!/usr/bin/env python3
"""Build the Q1 summary workbook: build_summary.py EXPORT.xlsx OUTPUT.xlsx."""
import datetime as dt
import sys
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

import openpyxl
from openpyxl.styles import Font

Q1 = (dt.date(2024, 1, 1), dt.date(2024, 3, 31))
CENT = Decimal("0.01")


def money(v: Decimal) -> float:
    return float(v.quantize(CENT, rounding=ROUND_HALF_UP))


def discount(cell) -> Decimal:
    if cell is None or (isinstance(cell, str) and not cell.strip()):
        return Decimal(0)
    if isinstance(cell, str):
        text = cell.strip()
        if text.endswith("%"):
            return Decimal(text[:-1].strip()) / 100
        return Decimal(text)
    return Decimal(str(cell))


def order_date(cell) -> dt.date:
    if isinstance(cell, dt.datetime):
        return cell.date()
    if isinstance(cell, dt.date):
        return cell
    return dt.date.fromisoformat(str(cell).strip()[:10])


def read_orders(path: Path):
    wb = openpyxl.load_workbook(path, read_only=True, data_only=True)
    ws = wb["Orders"]
    rows = ws.iter_rows(min_row=3, values_only=True)
    header = [str(h).strip() for h in next(rows)]
    col = {name: i for i, name in enumerate(header)}
    seen = set()
    for row in rows:
        if row is None or all(v is None or (isinstance(v, str) and not v.strip()) for v in row):
            continue
        oid = str(row[col["Order ID"]]).strip()
        if oid in seen:
            continue
        seen.add(oid)
        day = order_date(row[col["Order Date"]])
        if not (Q1[0] <= day <= Q1[1]):
            continue
        if str(row[col["Status"]]).strip().lower() != "completed":
            continue
        units = int(row[col["Units"]])
        revenue = Decimal(units) * Decimal(str(row[col["Unit Price"]])) * (1 - discount(row[col["Discount"]]))
        yield {
            "region": str(row[col["Region"]]).strip().title(),
            "rep": str(row[col["Sales Rep"]]).strip(),
            "month": day.strftime("%Y-%m"),
            "units": units,
            "revenue": revenue,
        }


def summarise(orders):
    region, month, reps = {}, {}, {}
    for o in orders:
        r = region.setdefault(o["region"], [0, 0, Decimal(0)])
        r[0] += 1
        r[1] += o["units"]
        r[2] += o["revenue"]
        m = month.setdefault(o["month"], [0, Decimal(0)])
        m[0] += 1
        m[1] += o["revenue"]
        reps[o["rep"]] = reps.get(o["rep"], Decimal(0)) + o["revenue"]
    return region, month, reps


def write_sheet(ws, header, rows, revenue_col):
    ws.append(header)
    for cell in ws[1]:
        cell.font = Font(bold=True)
    for row in rows:
        ws.append(row)
    for r in range(2, ws.max_row + 1):
        ws.cell(row=r, column=revenue_col).number_format = "#,##0.00"
    ws.freeze_panes = "A2"


def main(src: str, dst: str) -> None:
    region, month, reps = summarise(read_orders(Path(src)))
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "By Region"
    ordered = sorted(region.items(), key=lambda kv: (-kv[1][2], kv[0]))
    rows = [[k, v[0], v[1], money(v[2])] for k, v in ordered]
    total = [sum(v[0] for v in region.values()), sum(v[1] for v in region.values()),
             sum((v[2] for v in region.values()), Decimal(0))]
    rows.append(["TOTAL", total[0], total[1], money(total[2])])
    write_sheet(ws, ["Region", "Orders", "Units", "Revenue"], rows, 4)

    ws = wb.create_sheet("By Month")
    months = ["2024-01", "2024-02", "2024-03"]
    rows = [[m, month.get(m, [0, Decimal(0)])[0], money(month.get(m, [0, Decimal(0)])[1])] for m in months]
    write_sheet(ws, ["Month", "Orders", "Revenue"], rows, 3)

    ws = wb.create_sheet("Top Reps")
    ranked = sorted(reps.items(), key=lambda kv: (-kv[1].quantize(CENT, rounding=ROUND_HALF_UP), kv[0]))[:5]
    rows = [[i + 1, name, money(rev)] for i, (name, rev) in enumerate(ranked)]
    write_sheet(ws, ["Rank", "Sales Rep", "Revenue"], rows, 3)

    Path(dst).parent.mkdir(parents=True, exist_ok=True)
    wb.save(dst)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: build_summary.py EXPORT.xlsx OUTPUT.xlsx")
    main(sys.argv[1], sys.argv[2])
