#!/bin/bash
# Reference solution: look at the form's fields with pdftk, then a filler that turns each claim row into
# XFDF (UTF-8, so names keep their umlauts) and lets pdftk fill it, flattening only approved claims;
# the rejected rows and the batch index next to the forms; then the run on this month's CSV.
set -euo pipefail

# 1. The form's fields: names, types, the department codes (export values) and the radio/checkbox states.
mkdir -p /app/bin /tmp/claims-work
pdftk /app/forms/travel-claim.pdf dump_data_fields_utf8 > /tmp/claims-work/fields.txt

# 2. Reading and checking the rows: the last row of a claim number wins, withdrawn claims are skipped,
#    rows without a personnel number or ending before they start are rejected.
cat > /app/bin/claims_rows.py <<'PY'
"""Claim rows from HR's CSV: the last row per claim number, sorted into fill / reject."""
import csv
from datetime import date


def load(path):
    last = {}
    with open(path, encoding="utf-8", newline="") as f:
        for row in csv.DictReader(f):
            row = {k: (v or "").strip() for k, v in row.items()}
            last[row["claim_no"]] = row
    fill, rejected = [], []
    for no in sorted(last):
        row = last[no]
        status = row["status"].lower()
        if status == "withdrawn":
            continue
        if not row["employee_id"]:
            rejected.append((no, "missing-employee-id"))
        elif date.fromisoformat(row["date_to"]) < date.fromisoformat(row["date_from"]):
            rejected.append((no, "end-before-start"))
        else:
            fill.append(row)
    return fill, rejected
PY

# 3. The form values: German dates and amounts, the total, the department code, transport and receipts.
cat > /app/bin/claims_values.py <<'PY'
"""Form field values for one claim row."""
from datetime import date
from decimal import ROUND_HALF_UP, Decimal

DEPARTMENTS = {}
with open("/tmp/claims-work/fields.txt", encoding="utf-8") as f:
    for block in f.read().split("---"):
        lines = block.splitlines()
        name = [l.partition(":")[2].strip() for l in lines if l.startswith("FieldName:")]
        opts = [l.partition(":")[2].strip() for l in lines if l.startswith("FieldStateOption:")]
        disp = [l.partition(":")[2].strip() for l in lines if l.startswith("FieldStateOptionDisplay:")]
        if name == ["department"]:
            DEPARTMENTS = {d.casefold(): o for o, d in zip(opts, disp)}
TRANSPORT = {"train": "Rail", "rail": "Rail", "bahn": "Rail", "plane": "Air", "flight": "Air", "air": "Air",
             "car": "Car", "auto": "Car"}
YES = {"yes", "y", "ja", "true", "1"}


def money(s):
    return Decimal(s or "0").quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def german(d):
    whole, frac = f"{d:.2f}".split(".")
    return f"{int(whole):,}".replace(",", ".") + "," + frac


def values(row):
    costs = [money(row[k]) for k in ("travel", "hotel", "meals")]
    total = sum(costs, Decimal("0.00"))
    return {
        "claim_no": row["claim_no"],
        "employee_name": row["name"],
        "employee_id": row["employee_id"].zfill(6),
        "department": DEPARTMENTS[" ".join(row["department"].split()).casefold()],
        "destination": row["destination"],
        "date_from": date.fromisoformat(row["date_from"]).strftime("%d.%m.%Y"),
        "date_to": date.fromisoformat(row["date_to"]).strftime("%d.%m.%Y"),
        "purpose": row["purpose"],
        "transport": TRANSPORT[row["transport"].lower()],
        "cost_travel": german(costs[0]),
        "cost_hotel": german(costs[1]),
        "cost_meals": german(costs[2]),
        "cost_total": german(total),
        "receipts_attached": "Yes" if row["receipts"].lower() in YES else "Off",
    }, total
PY

# 4. The filler: XFDF per claim, pdftk fill_form, flatten approved claims only; OUT/<code>/<claim_no>.pdf.
cat > /app/bin/fill-claims <<'PY'
#!/usr/bin/env python3
"""fill-claims CSV OUT_DIR: one filled travel claim form per claim, rejected.csv and index.csv."""
import csv
import os
import subprocess
import sys
import tempfile
from xml.sax.saxutils import escape

sys.path.insert(0, os.path.dirname(os.path.realpath(__file__)))
from claims_rows import load  # noqa: E402
from claims_values import values  # noqa: E402

TEMPLATE = "/app/forms/travel-claim.pdf"


def xfdf(fields):
    body = "".join(f'<field name="{k}"><value>{escape(v)}</value></field>' for k, v in fields.items())
    return ('<?xml version="1.0" encoding="UTF-8"?>\n<xfdf xmlns="http://ns.adobe.com/xfdf/" '
            f'xml:space="preserve"><fields>{body}</fields></xfdf>\n')


def main():
    src, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    fill, rejected = load(src)
    index = []
    with tempfile.TemporaryDirectory() as tmp:
        for row in fill:
            fields, total = values(row)
            status = row["status"].lower()
            rel = f"{fields['department']}/{row['claim_no']}.pdf"
            os.makedirs(os.path.join(out, fields["department"]), exist_ok=True)
            data = os.path.join(tmp, "data.xfdf")
            with open(data, "w", encoding="utf-8") as f:
                f.write(xfdf(fields))
            cmd = ["pdftk", TEMPLATE, "fill_form", data, "output", os.path.join(out, rel)]
            if status == "approved":
                cmd.append("flatten")
            subprocess.run(cmd, check=True)
            index.append([row["claim_no"], fields["employee_id"], fields["department"], f"{total:.2f}", status, rel])
    with open(os.path.join(out, "rejected.csv"), "w", encoding="utf-8", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["claim_no", "reason"])
        w.writerows(rejected)
    with open(os.path.join(out, "index.csv"), "w", encoding="utf-8", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["claim_no", "employee_id", "department", "total", "status", "file"])
        w.writerows(index)


if __name__ == "__main__":
    main()
PY

# 5. Make it a command and keep the field dump next to it (the filler reads the department codes from it).
install -m 0644 /tmp/claims-work/fields.txt /app/bin/travel-claim.fields
sed -i 's#/tmp/claims-work/fields.txt#/app/bin/travel-claim.fields#' /app/bin/claims_values.py
chmod 0755 /app/bin/fill-claims

# 6. This month's batch.
rm -rf /app/out && mkdir -p /app/out
/app/bin/fill-claims /app/data/claims.csv /app/out

# 7. A look at the result: the index, one pending form's fields, one flattened form's text.
head -5 /app/out/index.csv
cat /app/out/rejected.csv
pdftk "/app/out/$(awk -F, '$5=="pending"{print $6; exit}' /app/out/index.csv)" dump_data_fields_utf8 | grep -E '^Field(Name|Value):' | head -12
pdftotext -layout "/app/out/$(awk -F, '$5=="approved"{print $6; exit}' /app/out/index.csv)" - | head -20
