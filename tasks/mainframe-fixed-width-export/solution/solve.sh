#!/bin/bash
# Reference solution: a converter for the host's TXNDAILY export (EBCDIC 037, fixed 64-byte records,
# COMP-3 and zoned decimals) into transactions.csv, rejects.csv and recon.json, built in steps, then
# run on tonight's export.
set -euo pipefail

mkdir -p /app/hostexport /app/out

# Step 1: the record layouts, read from the copybook itself (offsets, lengths, field kinds).
cat > /app/hostexport/layout.py <<'PY'
"""Field layouts of the TXNDAILY records, computed from the copybook's PIC clauses."""
import re
from pathlib import Path

LINE = re.compile(r"^\s+05\s+([A-Z0-9-]+)\s+PIC\s+(\S+)\s*(COMP-3)?\s*\.\s*$")


def _size(pic: str, comp3: bool) -> tuple[str, int, int, bool]:
    signed = pic.startswith("S")
    pic = pic.lstrip("S")
    kind = "X" if pic.startswith("X") else "9"
    m = re.fullmatch(r"[X9]\((\d+)\)(?:V9\((\d+)\)|V(9+))?", pic)
    if not m:
        raise ValueError(pic)
    digits = int(m.group(1))
    scale = int(m.group(2)) if m.group(2) else len(m.group(3) or "")
    total = digits + scale
    if comp3:
        return "packed", total // 2 + 1, scale, signed
    return ("text" if kind == "X" else "zoned"), total, scale, signed


def load(copybook: str) -> dict[str, list[tuple[str, int, int, str, int, bool]]]:
    """{record name: [(field, offset, length, kind, scale, signed)]} from the copybook."""
    layouts: dict[str, list] = {}
    current = None
    for raw in Path(copybook).read_text().splitlines():
        if raw[6:7] == "*":
            continue
        line = raw[6:72] if len(raw) > 6 else raw
        m01 = re.match(r"\s*01\s+([A-Z0-9-]+)\.", line)
        if m01:
            current = m01.group(1)
            layouts[current] = []
            continue
        m = LINE.match(line)
        if m and current:
            kind, length, scale, signed = _size(m.group(2), bool(m.group(3)))
            fields = layouts[current]
            offset = fields[-1][1] + fields[-1][2] if fields else 0
            fields.append((m.group(1), offset, length, kind, scale, signed))
    return layouts
PY

# Step 2: decoding one field: EBCDIC text, zoned decimal with the sign in the last zone, COMP-3, dates.
cat > /app/hostexport/fields.py <<'PY'
"""Decoding of host fields; every decoder returns None for a value that is not valid."""
import datetime as dt
from decimal import Decimal

CODEPAGE = "cp037"


def text(b: bytes) -> str:
    return b.decode(CODEPAGE).rstrip(" ")


def zoned(b: bytes, signed: bool, scale: int = 0) -> Decimal | None:
    value = 0
    for i, byte in enumerate(b):
        zone, digit = byte >> 4, byte & 0x0F
        last = i == len(b) - 1
        if digit > 9 or not (zone == 0xF or (signed and last and zone in (0xC, 0xD))):
            return None
        value = value * 10 + digit
    if signed and b[-1] >> 4 == 0xD:
        value = -value
    return Decimal(value).scaleb(-scale)


def packed(b: bytes, scale: int) -> Decimal | None:
    h = b.hex()
    digits, sign = h[:-1], h[-1]
    if not digits.isdigit() or sign not in "cdf":
        return None
    value = Decimal(int(digits)).scaleb(-scale)
    return -value if sign == "d" else value


def date(b: bytes) -> str | None:
    s = b.decode(CODEPAGE)
    if len(s) != 8 or not s.isascii() or not s.isdigit():
        return None
    try:
        return dt.date(int(s[:4]), int(s[4:6]), int(s[6:])).isoformat()
    except ValueError:
        return None
PY

# Step 3: one detail record: its fields checked in layout order, or the first bad field.
cat > /app/hostexport/detail.py <<'PY'
"""A detail record parsed into a CSV row, or the reason it is rejected."""
from . import fields as F

REASON = {"zoned": "BAD_NUMERIC", "packed": "BAD_NUMERIC", "date": "BAD_DATE"}


def parse(rec: bytes, layout: list) -> tuple[dict | None, tuple[str, str] | None]:
    out: dict = {}
    for name, off, length, kind, scale, signed in layout:
        raw = rec[off : off + length]
        if name.endswith("REC-TYPE"):
            if F.text(raw) != "D":
                return None, (name, "BAD_TYPE")
            continue
        if name == "FILLER":
            continue
        if name.endswith("-DATE"):
            kind = "date"
            value = F.date(raw)
        elif kind == "zoned":
            value = F.zoned(raw, signed, scale)
        elif kind == "packed":
            value = F.packed(raw, scale)
        else:
            value = F.text(raw)
        if value is None:
            return None, (name, REASON[kind])
        out[name] = value
    return out, None
PY

# Step 4: the whole file: structure check, rejects and duplicates, the three outputs, the exit status.
cat > /app/hostexport/convert.py <<'PY'
"""TXNDAILY export to transactions.csv, rejects.csv and recon.json."""
import csv
import json
import os
import sys
from decimal import Decimal
from pathlib import Path

from . import detail, fields as F, layout

COPYBOOK = Path("/app/export/TXNDAILY.cpy")
LRECL = 64


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print("usage: txnconv EXPORT_FILE OUT_DIR", file=sys.stderr)
        return 64
    data = Path(argv[0]).read_bytes()
    lay = layout.load(str(COPYBOOK))
    recs = [data[i : i + LRECL] for i in range(0, len(data), LRECL)]
    if not data or len(data) % LRECL or len(recs) < 2 or F.text(recs[0][:1]) != "H" or F.text(recs[-1][:1]) != "T":
        print(f"{argv[0]}: not a whole export (length {len(data)}, header/trailer missing): nothing written", file=sys.stderr)
        return 2
    hdr = {n: recs[0][o : o + l] for n, o, l, *_ in lay["TXN-HEADER"]}
    trl = {n: (recs[-1][o : o + l], k, s, sg) for n, o, l, k, s, sg in lay["TXN-TRAILER"]}
    rows, rejects, seen, total = [], [], set(), Decimal("0.00")
    for no, rec in enumerate(recs[1:-1], start=2):
        got, bad = detail.parse(rec, lay["TXN-DETAIL"])
        if bad is None and got["DTL-TXN-ID"] in seen:
            bad = ("DTL-TXN-ID", "DUPLICATE")
        if bad:
            rejects.append([no, bad[0], bad[1], rec.hex().upper()])
            continue
        seen.add(got["DTL-TXN-ID"])
        total += got["DTL-AMOUNT"]
        rows.append([int(got["DTL-TXN-ID"]), got["DTL-ACCOUNT"], got["DTL-POST-DATE"], f"{got['DTL-AMOUNT']:.2f}",
                     int(got["DTL-QUANTITY"]), f"{got['DTL-RATE']:.4f}", got["DTL-MERCHANT"]])
    out = Path(argv[1])
    out.mkdir(parents=True, exist_ok=True)
    with open(out / "transactions.csv", "w", encoding="utf-8", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["txn_id", "account", "post_date", "amount", "quantity", "rate", "merchant"])
        w.writerows(rows)
    with open(out / "rejects.csv", "w", encoding="utf-8", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["record_no", "field", "reason", "raw_hex"])
        w.writerows(rejects)
    t_count = int(F.zoned(trl["TRL-RECORD-COUNT"][0], False))
    t_amount = F.packed(trl["TRL-AMOUNT-TOTAL"][0], 2)
    day = F.text(hdr["HDR-BUSINESS-DATE"])
    read = len(recs) - 2
    recon = {
        "file_id": F.text(hdr["HDR-FILE-ID"]),
        "business_date": f"{day[:4]}-{day[4:6]}-{day[6:]}",
        "branch": F.text(hdr["HDR-BRANCH"]),
        "trailer_count": t_count,
        "read_count": read,
        "accepted_count": len(rows),
        "rejected_count": len(rejects),
        "trailer_amount": f"{t_amount:.2f}",
        "accepted_amount": f"{total:.2f}",
        "suspense_amount": f"{t_amount - total:.2f}",
        "balanced": read == t_count,
    }
    tmp = out / ".recon.json.tmp"
    tmp.write_text(json.dumps(recon, indent=2) + "\n", encoding="utf-8")
    os.replace(tmp, out / "recon.json")
    print(f"{read} read, {len(rows)} accepted, {len(rejects)} rejected; trailer {t_count}: "
          f"{'balanced' if recon['balanced'] else 'OUT OF BALANCE'}", file=sys.stderr)
    return 0 if recon["balanced"] else 4
PY

# Step 5: the command the night job runs.
cat > /app/txnconv <<'PY'
#!/usr/bin/env python3
"""txnconv EXPORT_FILE OUT_DIR: convert a TXNDAILY host export (see /app/hostexport)."""
import sys

sys.path.insert(0, "/app")
from hostexport.convert import main  # noqa: E402

sys.exit(main(sys.argv[1:]))
PY
chmod +x /app/txnconv

# Step 6: tonight's export (exit 4: it does not balance against its trailer; the outputs are written).
/app/txnconv /app/export/TXNDAILY.D261130.DAT /app/out || test $? -eq 4
cat /app/out/recon.json
