"""Verifier for docx-letter-merge: a fresh template (placeholders split over runs, in tables,
header and footer, repeated) and CSV the tests write, the real batch in /app/out, the checker."""
import csv
import io
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from docx import Document
from docx.shared import Pt

SCRIPT = "/app/bin/merge_letters.py"
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December"]


# ------------------------------------------------------------------ helpers


def texts(path: Path) -> dict[str, list[str]]:
    doc = Document(str(path))
    out = {"body": [p.text for p in doc.paragraphs], "cells": [], "header": [], "footer": []}

    def cells(container):
        for t in container.tables:
            for row in t.rows:
                for c in row.cells:
                    out["cells"].extend(p.text for p in c.paragraphs)
                    cells(c)
    cells(doc)
    s = doc.sections[0]
    out["header"] = [p.text for p in s.header.paragraphs]
    out["footer"] = [p.text for p in s.footer.paragraphs]
    return out


def substitute(parts: dict[str, list[str]], values: dict[str, str]) -> dict[str, list[str]]:
    return {k: [re.sub(r"\{\{(\w+)\}\}", lambda m: values[m.group(1)], t) for t in v] for k, v in parts.items()}


def run_of(doc, text: str):
    for p in doc.paragraphs:
        for r in p.runs:
            if text in r.text:
                return r
    raise AssertionError(f"no run contains {text!r}")


def manifest_rows(path: Path) -> list[list[str]]:
    raw = path.read_bytes()
    assert not raw.startswith(b"\xef\xbb\xbf"), f"{path} starts with a byte-order mark"
    assert b"\r" not in raw, f"{path} has CR line endings"
    assert raw.endswith(b"\n"), f"{path} does not end with a newline"
    return list(csv.reader(io.StringIO(raw.decode("utf-8"))))


# ------------------------------------------------------------------ fixture


def build_template(path: Path) -> None:
    doc = Document()
    doc.styles["Normal"].font.size = Pt(10)

    def para(container, *runs):
        p = container.add_paragraph()
        for text, fmt in runs:
            r = p.add_run(text)
            r.bold = "b" in fmt or None
            r.italic = "i" in fmt or None

    hp = doc.sections[0].header.paragraphs[0]
    for t in ("Ref ", "{{invo", "ice_no}}", " / {literal braces}"):
        hp.add_run(t)
    fp = doc.sections[0].footer.paragraphs[0]
    for t in ("{{", "company", "}}", " & partners"):
        fp.add_run(t)
    para(doc, ("{{", "b"), ("compa", "b"), ("ny}}", "b"))
    para(doc, ("Hello {{fir", ""), ("st_name}} ", "i"), ("{{last_name}} from ", "i"), ("{{company}}", ""),
         (", hello again {{first_name}}!", ""))
    para(doc, ("Nothing to fill here: {braces} and }} and {{.", ""))
    t = doc.add_table(rows=2, cols=2)
    t.rows[0].cells[0].paragraphs[0].add_run("Total")
    for piece in ("{", "{amo", "unt}", "}"):
        t.rows[0].cells[1].paragraphs[0].add_run(piece)
    t.rows[1].cells[0].paragraphs[0].add_run("Due")
    inner = t.rows[1].cells[1].add_table(rows=1, cols=1)
    for piece in ("by {{due_da", "te}} (", "{{invoice_no}})"):
        inner.rows[0].cells[0].paragraphs[0].add_run(piece)
    para(doc, ("Amount again: ", ""), ("{{amount}}", "i"), (".", ""))
    doc.save(str(path))


CSV_TEXT = '''first_name,last_name,company,email,invoice_no,amount,due_date,status
Zoë,Ångström,Smith & Sons <UK>,a@example.com,T-001,2.675,2024-02-29, Open
Bob,"O'Brien, Jr.","Café ""Déjà Vu""",b@example.com,T-003,12345678.9,2025-01-05,OPEN
Cy,Nguyen,Ümlaut Ünion,c@example.com,T-002,1000,2025-10-10,open
Dee,Low,Skip Me,d@example.com,T-004,5,2025-10-10,closed
Eve,Ng,Öko-Bau!!,e@example.com,T-000,0.005,2025-07-04,open
Fay,Oh,Also Skipped,f@example.com,T-005,5,2025-10-10,
'''
EXPECTED = {
    # invoice: (file slug, amount, due date)
    "T-000": ("oko-bau", "0.01 EUR", "4 July 2025"),
    "T-001": ("smith-sons-uk", "2.68 EUR", "29 February 2024"),
    "T-002": ("umlaut-union", "1,000.00 EUR", "10 October 2025"),
    "T-003": ("cafe-deja-vu", "12,345,678.90 EUR", "5 January 2025"),
}


@pytest.fixture(scope="module")
def batch(tmp_path_factory):
    root = tmp_path_factory.mktemp("merge")
    template, data, out = root / "my template.docx", root / "people.csv", root / "out dir"
    build_template(template)
    data.write_text(CSV_TEXT, encoding="utf-8")
    proc = subprocess.run(["python3", SCRIPT, str(template), str(data), str(out)],
                          capture_output=True, text=True, timeout=120)
    rows = {r["invoice_no"]: r for r in csv.DictReader(io.StringIO(CSV_TEXT))}
    return template, out, rows, proc


def test_script_runs(batch):
    proc = batch[3]
    assert proc.returncode == 0, f"exit {proc.returncode}: {proc.stderr[-600:]}"


def test_letter_files(batch):
    _, out, rows, _ = batch
    want = {f"{inv}-{slug}.docx" for inv, (slug, _, _) in EXPECTED.items()}
    got = {p.name for p in (out / "letters").iterdir()} if (out / "letters").is_dir() else set()
    assert got == want, f"letters: {sorted(got)}, want {sorted(want)}"


@pytest.mark.parametrize("invoice", sorted(EXPECTED))
def test_letter_text(batch, invoice):
    template, out, rows, _ = batch
    slug, amount, due = EXPECTED[invoice]
    values = {k: rows[invoice][k] for k in ("first_name", "last_name", "company", "invoice_no")}
    values.update(amount=amount, due_date=due)
    want = substitute(texts(template), values)
    got = texts(out / "letters" / f"{invoice}-{slug}.docx")
    for part in ("body", "cells", "header", "footer"):
        assert got[part] == want[part], f"{invoice} {part}:\n got {got[part]}\nwant {want[part]}"


def test_formatting_follows_the_placeholder(batch):
    _, out, rows, _ = batch
    doc = Document(str(out / "letters" / "T-001-smith-sons-uk.docx"))
    heading = doc.paragraphs[0]
    assert heading.text == "Smith & Sons <UK>" and all(r.bold for r in heading.runs if r.text), \
        "the company heading is no longer bold"
    assert run_of(doc, "Ångström").italic, "last_name lost the italic formatting of its placeholder"
    assert not run_of(doc, "Zoë").italic, "first_name took formatting from the wrong run"
    amount_runs = [r for r in doc.paragraphs[-1].runs if "2.68 EUR" in r.text]
    assert amount_runs and amount_runs[0].italic, "the amount lost its italic formatting"


def test_manifest(batch):
    _, out, rows, _ = batch
    got = manifest_rows(out / "manifest.csv")
    want = [["file", "invoice_no", "company", "amount", "due_date"]] + [
        [f"letters/{inv}-{slug}.docx", inv, rows[inv]["company"], amount, due]
        for inv, (slug, amount, due) in sorted(EXPECTED.items())]
    assert got == want, f"manifest:\n{got}\nwant:\n{want}"


def test_rerun_replaces_the_batch(tmp_path):
    """A re-run replaces the batch: a `.docx` in OUT_DIR/letters/ that the run does not write (a letter from an
    earlier run whose row is no longer open) is removed; other files in OUT_DIR/letters/ are left alone."""
    template, data, out = tmp_path / "template.docx", tmp_path / "people.csv", tmp_path / "out"
    build_template(template)
    data.write_text(CSV_TEXT, encoding="utf-8")
    first = subprocess.run(["python3", SCRIPT, str(template), str(data), str(out)], capture_output=True, text=True, timeout=120)
    assert first.returncode == 0, f"first run: exit {first.returncode}: {first.stderr[-600:]}"
    (out / "letters" / "notes.txt").write_text("print shop: collect on Friday\n")
    paid = CSV_TEXT.replace("Cy,Nguyen,Ümlaut Ünion,c@example.com,T-002,1000,2025-10-10,open",
                            "Cy,Nguyen,Ümlaut Ünion,c@example.com,T-002,1000,2025-10-10,paid")
    assert paid != CSV_TEXT
    data.write_text(paid, encoding="utf-8")
    second = subprocess.run(["python3", SCRIPT, str(template), str(data), str(out)], capture_output=True, text=True, timeout=120)
    assert second.returncode == 0, f"re-run: exit {second.returncode}: {second.stderr[-600:]}"
    got = sorted(p.name for p in (out / "letters").iterdir())
    want = sorted([f"{inv}-{slug}.docx" for inv, (slug, _, _) in EXPECTED.items() if inv != "T-002"] + ["notes.txt"])
    assert got == want, f"after a re-run in which T-002 is paid, letters/ holds {got}, want {want}"
    assert [r[1] for r in manifest_rows(out / "manifest.csv")[1:]] == ["T-000", "T-001", "T-003"], "manifest after the re-run"


# ------------------------------------------------------------------ the real batch

REAL = {
    "INV-2025-0042": ("muller-sohne-gmbh", "Zoë", "Fischer", "Müller & Söhne GmbH", "1,234.50 EUR", "15 March 2025"),
    "INV-2025-0043": ("acme-europe-ltd", "Tom", "O'Neil", "Acme <Europe> Ltd", "100.00 EUR", "1 April 2025"),
    "INV-2025-0045": ("patel-foods", "Raj", "Patel", "Patel Foods", "0.50 EUR", "1 December 2025"),
    "INV-2025-0046": ("wei-golden-trading", "Li", "Wei", 'Wei "Golden" Trading', "250.13 EUR", "28 February 2025"),
}


def test_defaults_without_arguments(tmp_path):
    """Run without arguments it uses /app/mailmerge/template.docx, /app/mailmerge/recipients.csv and /app/out
    (the batch /app/out holds is set aside for this run and put back afterwards)."""
    out, saved = Path("/app/out"), tmp_path / "saved-out"
    if out.exists():
        shutil.move(str(out), str(saved))
    try:
        proc = subprocess.run(["python3", SCRIPT], capture_output=True, text=True, timeout=120, cwd=str(tmp_path))
        assert proc.returncode == 0, f"run without arguments: exit {proc.returncode}: {proc.stderr[-600:]}"
        got = manifest_rows(out / "manifest.csv")
        want = [["file", "invoice_no", "company", "amount", "due_date"]] + [
            [f"letters/{inv}-{v[0]}.docx", inv, v[3], v[4], v[5]] for inv, v in sorted(REAL.items())]
        assert got == want, f"run without arguments, /app/out/manifest.csv:\n{got}\nwant:\n{want}"
    finally:
        shutil.rmtree(out, ignore_errors=True)
        if saved.exists():
            shutil.move(str(saved), str(out))


def test_real_batch_manifest():
    got = manifest_rows(Path("/app/out/manifest.csv"))
    want = [["file", "invoice_no", "company", "amount", "due_date"]] + [
        [f"letters/{inv}-{v[0]}.docx", inv, v[3], v[4], v[5]] for inv, v in sorted(REAL.items())]
    assert got == want, f"/app/out/manifest.csv:\n{got}\nwant:\n{want}"


@pytest.mark.parametrize("invoice", sorted(REAL))
def test_real_batch_letters(invoice):
    slug, first, last, company, amount, due = REAL[invoice]
    values = dict(first_name=first, last_name=last, company=company, invoice_no=invoice, amount=amount, due_date=due)
    want = substitute(texts(Path("/app/mailmerge/template.docx")), values)
    got = texts(Path(f"/app/out/letters/{invoice}-{slug}.docx"))
    assert got == want, f"{invoice}: {got} != {want}"
    doc = Document(f"/app/out/letters/{invoice}-{slug}.docx")
    assert all(r.bold for r in doc.paragraphs[0].runs if r.text), "company heading not bold"


def test_real_batch_only_open_rows():
    names = sorted(p.name for p in Path("/app/out/letters").iterdir())
    assert names == sorted(f"{inv}-{v[0]}.docx" for inv, v in REAL.items()), names


def test_print_shop_checker_accepts_the_batch():
    proc = subprocess.run(["python3", "/app/tools/check_batch.py"], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
