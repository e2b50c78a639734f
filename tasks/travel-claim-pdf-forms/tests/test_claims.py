"""Verifier for travel-claim-pdf-forms: fill-claims run again on fresh claims (corrections, withdrawn and
rejected rows, messy labels and amounts), the forms' field values read back with pypdf, the flattened
forms' text with pdftotext, the index and rejects; the real batch in /app/out against the current CSV."""

import csv
import hashlib
import io
import re
import subprocess
import sys
from datetime import date
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

import pytest
from pypdf import PdfReader

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))
import make_claims  # noqa: E402

CMD = "/app/bin/fill-claims"
FORM = Path("/app/forms/travel-claim.pdf")
CODES = {"finance & controlling": "FIN", "human resources": "HR", "sales nord": "SLN", "sales süd": "SLS",
         "it & infrastruktur": "IT", "einkauf": "EK", "geschäftsführung": "GF"}
MODES = {"train": "Rail", "rail": "Rail", "bahn": "Rail", "plane": "Air", "flight": "Air", "air": "Air",
         "car": "Car", "auto": "Car"}
FIELDS = ["claim_no", "employee_name", "employee_id", "department", "destination", "date_from", "date_to", "purpose",
          "transport", "cost_travel", "cost_hotel", "cost_meals", "cost_total", "receipts_attached",
          "approver_signature"]


# ------------------------------------------------------------------ the expected batch


def money(s: str) -> Decimal:
    return Decimal(s.strip() or "0").quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def german(d: Decimal) -> str:
    whole, frac = f"{d:.2f}".split(".")
    return f"{int(whole):,}".replace(",", ".") + "," + frac


def expected(csv_path: Path) -> tuple[dict[str, dict], list[tuple[str, str]]]:
    last: dict[str, dict] = {}
    with open(csv_path, encoding="utf-8", newline="") as f:
        for row in csv.DictReader(f):
            row = {k: (v or "").strip() for k, v in row.items()}
            last[row["claim_no"]] = row
    forms, rejected = {}, []
    for no in sorted(last):
        r = last[no]
        status = r["status"].lower()
        if status == "withdrawn":
            continue
        if not r["employee_id"]:
            rejected.append((no, "missing-employee-id"))
            continue
        if date.fromisoformat(r["date_to"]) < date.fromisoformat(r["date_from"]):
            rejected.append((no, "end-before-start"))
            continue
        costs = [money(r[k]) for k in ("travel", "hotel", "meals")]
        total = sum(costs, Decimal("0.00"))
        code = CODES[" ".join(r["department"].split()).casefold()]
        forms[no] = {
            "status": status,
            "file": f"{code}/{no}.pdf",
            "total": f"{total:.2f}",
            "fields": {
                "claim_no": no,
                "employee_name": r["name"],
                "employee_id": r["employee_id"].zfill(6),
                "department": code,
                "destination": r["destination"],
                "date_from": date.fromisoformat(r["date_from"]).strftime("%d.%m.%Y"),
                "date_to": date.fromisoformat(r["date_to"]).strftime("%d.%m.%Y"),
                "purpose": r["purpose"],
                "transport": MODES[r["transport"].lower()],
                "cost_travel": german(costs[0]),
                "cost_hotel": german(costs[1]),
                "cost_meals": german(costs[2]),
                "cost_total": german(total),
                "receipts_attached": r["receipts"].lower() in {"yes", "y", "ja", "true", "1"},
            },
        }
    return forms, rejected


def fresh_rows() -> list[dict[str, str]]:
    rows = make_claims.make(4242, 501, 40)
    base = dict(rows[0])
    extra = [
        # thousands in the amounts and in the total, a half cent-free 1234.5, names with & and quotes
        dict(base, claim_no="TC-2026-0601", employee_id="5", name='Marie-Thérèse "Mo" Nußbaum & Co',
             department="  geschäftsführung", transport="BAHN", travel="1234.5", hotel="2890", meals="",
             receipts="JA", status="APPROVED", date_from="2026-11-02", date_to="2026-11-09"),
        dict(base, claim_no="TC-2026-0602", employee_id="000042", name="Ørjan Søndergård", department="EINKAUF",
             transport="Flight", travel="999.99", hotel="0.01", meals="0", receipts="nein", status="Pending",
             date_from="2026-11-30", date_to="2026-11-30", purpose="Lieferantenaudit; \"Phase 2\" & Abnahme"),
        # a correction that withdraws, one that turns a rejected row into a good one
        dict(base, claim_no="TC-2026-0603", status="pending", employee_id=""),
        dict(base, claim_no="TC-2026-0604", status="approved", date_from="2026-11-10", date_to="2026-11-08"),
        dict(base, claim_no="TC-2026-0605", status="approved", employee_id="77"),
        dict(base, claim_no="TC-2026-0603", status="pending", employee_id="12", meals="14.5", receipts="y"),
        dict(base, claim_no="TC-2026-0605", status=" withdrawn"),
        dict(base, claim_no="TC-2026-0606", status="pending", employee_id="8080", date_from="2026-11-08",
             date_to="2026-11-10"),
        dict(base, claim_no="TC-2026-0606", status="pending", employee_id="", date_from="2026-11-10",
             date_to="2026-11-08"),
    ]
    return extra[:4] + rows + extra[4:]


@pytest.fixture(scope="module")
def fresh(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, dict], list[tuple[str, str]]]:
    d = tmp_path_factory.mktemp("fresh")
    src = d / "claims.csv"
    make_claims.write(str(src), fresh_rows())
    out = d / "batch" / "out"
    proc = subprocess.run([CMD, str(src), str(out)], capture_output=True, text=True, timeout=400)
    assert proc.returncode == 0, f"fill-claims failed: {proc.stderr[-2000:]}"
    forms, rejected = expected(src)
    return out, forms, rejected


def fields_of(path: Path) -> dict[str, object]:
    got = PdfReader(str(path)).get_fields() or {}
    values = {k: v.get("/V") for k, v in got.items()}
    # a choice field may hold its one selected value as a one-element array
    return {k: v[0] if isinstance(v, list) and len(v) == 1 else v for k, v in values.items()}


def pending(fresh):
    out, forms, _ = fresh
    return [(no, f, fields_of(out / f["file"])) for no, f in forms.items() if f["status"] == "pending"]


def approved(fresh):
    out, forms, _ = fresh
    return [(no, f, out / f["file"]) for no, f in forms.items() if f["status"] == "approved"]


def squash(s: str) -> str:
    return re.sub(r"\s+", "", s)


def text_of(path: Path) -> str:
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True).stdout


def read_csv(path: Path) -> list[list[str]]:
    raw = path.read_bytes()
    assert b"\r" not in raw and raw.endswith(b"\n"), f"{path.name}: \\n line ends"
    return list(csv.reader(io.StringIO(raw.decode("utf-8"))))


# ------------------------------------------------------------------ checks


def test_form_template_stays_as_it_is():
    """It always fills the form /app/forms/travel-claim.pdf, which stays as it is."""
    want = (HERE / "form.sha256").read_text().split()[0]
    assert hashlib.sha256(FORM.read_bytes()).hexdigest() == want


def test_one_form_per_claim_named_by_department_code(fresh):
    """Each form is OUT_DIR/<department code>/<claim_no>.pdf; withdrawn and rejected claims get no form."""
    out, forms, _ = fresh
    got = sorted(str(p.relative_to(out)) for p in out.rglob("*.pdf"))
    assert got == sorted(f["file"] for f in forms.values())


def test_last_row_of_a_claim_number_wins(fresh):
    """A claim number that occurs more than once: the last row with that number replaces every earlier one."""
    out, forms, rejected = fresh
    assert "TC-2026-0605" not in forms and "TC-2026-0605" not in dict(rejected), "a later withdrawn row wins"
    assert forms["TC-2026-0603"]["fields"]["employee_id"] == "000012", "a later good row replaces a rejected one"
    assert dict(rejected).get("TC-2026-0606") == "missing-employee-id", "a later bad row replaces a good one"
    v = fields_of(out / forms["TC-2026-0603"]["file"])
    assert v["cost_meals"] == "14,50"


def test_rejected_rows_listed_with_their_reason(fresh):
    """rejected.csv: header claim_no,reason, sorted by claim number, missing-employee-id or end-before-start."""
    out, _, rejected = fresh
    rows = read_csv(out / "rejected.csv")
    assert rows[0] == ["claim_no", "reason"]
    assert [tuple(r) for r in rows[1:]] == rejected


def test_text_fields_keep_every_character(fresh):
    """claim_no, employee_name, destination and purpose: the values as in the CSV, every character kept
    (spaces around any value ignored)."""
    for no, f, v in pending(fresh):
        for k in ("claim_no", "employee_name", "destination", "purpose"):
            assert v.get(k) == f["fields"][k], f"{no}: {k}"


def test_personnel_number_six_digits(fresh):
    """employee_id: the personnel number with leading zeros to six digits."""
    for no, f, v in pending(fresh):
        assert v.get("employee_id") == f["fields"]["employee_id"], no


def test_department_code_from_the_label(fresh):
    """department: the code the form's drop-down gives for the CSV's label (any case and spacing)."""
    for no, f, v in pending(fresh):
        assert v.get("department") == f["fields"]["department"], no


def test_dates_day_month_year(fresh):
    """date_from, date_to: YYYY-MM-DD written as DD.MM.YYYY."""
    for no, f, v in pending(fresh):
        assert (v.get("date_from"), v.get("date_to")) == (f["fields"]["date_from"], f["fields"]["date_to"]), no


def test_amounts_in_german_notation_and_total(fresh):
    """The costs in German notation (1.234,50; empty is 0,00) and cost_total their sum."""
    for no, f, v in pending(fresh):
        for k in ("cost_travel", "cost_hotel", "cost_meals", "cost_total"):
            assert v.get(k) == f["fields"][k], f"{no}: {k} is {v.get(k)!r}"


def test_transport_radio_buttons(fresh):
    """transport: train/rail/bahn are Rail, plane/flight/air are Air, car/auto are Car (any case)."""
    for no, f, v in pending(fresh):
        assert str(v.get("transport")) == "/" + f["fields"]["transport"], no


def test_receipts_check_box(fresh):
    """receipts_attached is ticked when receipts is yes, y, ja, true or 1 (any case), else not ticked."""
    for no, f, v in pending(fresh):
        ticked = str(v.get("receipts_attached")) not in ("None", "/Off", "")
        assert ticked == f["fields"]["receipts_attached"], no


def test_pending_claims_stay_fillable(fresh):
    """Pending claims stay fillable: every field is still there, approver_signature empty and not read-only."""
    out, forms, _ = fresh
    for no, f in forms.items():
        if f["status"] != "pending":
            continue
        got = PdfReader(str(out / f["file"])).get_fields() or {}
        assert set(FIELDS) <= set(got), f"{no}: fields missing"
        assert all(not int(got[k].get("/Ff", 0)) & 1 for k in FIELDS), f"{no}: a read-only field"
        assert str(got["approver_signature"].get("/V") or "") == "", f"{no}: approver_signature filled"


def test_approved_claims_flattened(fresh):
    """Approved claims are flattened: the values printed on the page and no form field left."""
    forms = approved(fresh)
    assert forms
    for no, f, path in forms:
        reader = PdfReader(str(path))
        assert not reader.get_fields(), f"{no}: form fields left"
        widgets = [a for p in reader.pages for a in (p.get("/Annots") or [])
                   if a.get_object().get("/Subtype") == "/Widget"]
        assert not widgets, f"{no}: widgets left"
        page = squash(text_of(path))
        for k in ("claim_no", "employee_name", "employee_id", "date_from", "date_to", "cost_total"):
            assert squash(f["fields"][k]) in page, f"{no}: {k} not printed"


def test_index_csv(fresh):
    """index.csv: header, one line per form sorted by claim number, code, total with a dot, status, path."""
    out, forms, _ = fresh
    rows = read_csv(out / "index.csv")
    assert rows[0] == ["claim_no", "employee_id", "department", "total", "status", "file"]
    want = [[no, f["fields"]["employee_id"], f["fields"]["department"], f["total"], f["status"], f["file"]]
            for no, f in sorted(forms.items())]
    assert rows[1:] == want


def test_app_out_holds_the_batch_for_the_current_csv():
    """/app/out holds the batch for the current /app/data/claims.csv."""
    out = Path("/app/out")
    forms, rejected = expected(Path("/app/data/claims.csv"))
    rows = read_csv(out / "index.csv")
    assert [r[0] for r in rows[1:]] == sorted(forms)
    assert [tuple(r) for r in read_csv(out / "rejected.csv")[1:]] == rejected
    for no, f in forms.items():
        path = out / f["file"]
        assert path.is_file(), f"{f['file']} missing"
        if f["status"] == "pending":
            v = fields_of(path)
            assert v.get("employee_name") == f["fields"]["employee_name"] and v.get("cost_total") == \
                f["fields"]["cost_total"], no
        else:
            assert not PdfReader(str(path)).get_fields(), f"{no}: not flattened"
