#!/usr/bin/env python3
"""merge_letters.py [TEMPLATE CSV OUT_DIR]: fill a .docx template once per open row of a CSV."""
import csv
import datetime as dt
import re
import sys
import unicodedata
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

from docx import Document

PLACEHOLDER = re.compile(r"\{\{(\w+)\}\}")
DEFAULTS = ("/app/mailmerge/template.docx", "/app/mailmerge/recipients.csv", "/app/out")


def amount(text: str) -> str:
    value = Decimal(text.strip()).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
    return f"{value:,.2f} EUR"


def due(text: str) -> str:
    d = dt.date.fromisoformat(text.strip())
    return f"{d.day} {d:%B %Y}"


def slug(company: str) -> str:
    ascii_text = unicodedata.normalize("NFKD", company).encode("ascii", "ignore").decode().lower()
    return re.sub(r"[^a-z0-9]+", "-", ascii_text).strip("-")


def fill_paragraph(paragraph, values: dict) -> None:
    """Replace placeholders even when they span several runs: the text goes into the run where
    the placeholder starts, the rest of the placeholder is cut from the following runs."""
    runs = paragraph.runs
    text = "".join(r.text for r in runs)
    matches = [m for m in PLACEHOLDER.finditer(text) if m.group(1) in values]
    for m in reversed(matches):
        starts, pos = [], 0
        for r in runs:
            starts.append(pos)
            pos += len(r.text)
        first = next(i for i, s in enumerate(starts) if s <= m.start() < s + len(runs[i].text))
        last = next(i for i, s in enumerate(starts) if s < m.end() <= s + len(runs[i].text))
        for i in range(first, last + 1):
            r, s = runs[i], starts[i]
            lo, hi = max(m.start() - s, 0), min(m.end() - s, len(r.text))
            new = values[m.group(1)] if i == first else ""
            r.text = r.text[:lo] + new + r.text[hi:]


def paragraphs(doc):
    def walk(container):
        yield from container.paragraphs
        for table in container.tables:
            for row in table.rows:
                for cell in row.cells:
                    yield from walk(cell)
    yield from walk(doc)
    for section in doc.sections:
        for part in (section.header, section.footer, section.first_page_header, section.first_page_footer,
                     section.even_page_header, section.even_page_footer):
            if not part.is_linked_to_previous:
                yield from walk(part)


def main() -> int:
    args = sys.argv[1:] or list(DEFAULTS)
    if len(args) != 3:
        print("usage: merge_letters.py [TEMPLATE CSV OUT_DIR]", file=sys.stderr)
        return 2
    template, csv_path, out = Path(args[0]), Path(args[1]), Path(args[2])
    (out / "letters").mkdir(parents=True, exist_ok=True)
    with open(csv_path, newline="", encoding="utf-8-sig") as f:
        rows = [{k.strip(): (v or "") for k, v in r.items() if k} for r in csv.DictReader(f)]
    manifest = []
    for row in rows:
        if row.get("status", "").strip().lower() != "open":
            continue
        values = dict(row)
        values["amount"] = amount(row["amount"])
        values["due_date"] = due(row["due_date"])
        doc = Document(str(template))
        for p in paragraphs(doc):
            fill_paragraph(p, values)
        name = f"letters/{row['invoice_no']}-{slug(row['company'])}.docx"
        doc.save(str(out / name))
        manifest.append([name, row["invoice_no"], row["company"], values["amount"], values["due_date"]])
    # A re-run replaces the batch: letters of an earlier run that this run did not write go.
    written = {out / r[0] for r in manifest}
    for stale in sorted((out / "letters").glob("*.docx")):
        if stale not in written:
            stale.unlink()
            print(f"removed stale letter {stale.name}")
    manifest.sort(key=lambda r: r[1])
    with open(out / "manifest.csv", "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["file", "invoice_no", "company", "amount", "due_date"])
        w.writerows(manifest)
    print(f"{len(manifest)} letter(s) in {out / 'letters'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
