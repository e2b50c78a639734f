#!/usr/bin/env python3
"""The print shop's batch checker: validates /app/out/manifest.csv and the letters it lists.

Usage: check_batch.py [OUT_DIR]   (default /app/out). Exit 0 when the batch can be printed.
"""
import csv
import re
import sys
import zipfile
from pathlib import Path

HEADER = ["file", "invoice_no", "company", "amount", "due_date"]


def main() -> int:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "/app/out")
    manifest = out / "manifest.csv"
    problems = []
    raw = manifest.read_bytes()
    if raw.startswith(b"\xef\xbb\xbf") or b"\r\n" in raw:
        problems.append("manifest.csv must be UTF-8 without BOM, with LF line endings")
    rows = list(csv.reader(raw.decode("utf-8").splitlines()))
    if not rows or rows[0] != HEADER:
        problems.append(f"manifest header must be {','.join(HEADER)}")
        rows = [HEADER]
    invoices = [r[1] for r in rows[1:] if len(r) == len(HEADER)]
    if invoices != sorted(invoices):
        problems.append("manifest rows must be sorted by invoice_no")
    for r in rows[1:]:
        if len(r) != len(HEADER):
            problems.append(f"bad manifest row {r}")
            continue
        path = out / r[0]
        if not r[0].startswith("letters/") or not path.is_file():
            problems.append(f"{r[0]}: missing")
            continue
        try:
            with zipfile.ZipFile(path) as z:
                xml = "".join(z.read(n).decode("utf-8") for n in z.namelist()
                              if re.fullmatch(r"word/(document|header\d*|footer\d*)\.xml", n))
        except (zipfile.BadZipFile, KeyError, UnicodeDecodeError):
            problems.append(f"{r[0]}: not a readable .docx")
            continue
        text = re.sub(r"<[^>]+>", "", xml)
        if "{{" in text or "}}" in text:
            problems.append(f"{r[0]}: unfilled placeholder")
        if r[1] not in text:
            problems.append(f"{r[0]}: does not mention {r[1]}")
    for p in problems:
        print(f"check_batch: {p}", file=sys.stderr)
    print(f"check_batch: {len(rows) - 1} letter(s), {len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
