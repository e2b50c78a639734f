"""Checks /app/out/q1_summary.xlsx against the rules of instruction.md."""
import hashlib
import json
from pathlib import Path

import openpyxl
import pytest

OUT = Path("/app/out/q1_summary.xlsx")
SRC = Path("/app/data/sales_q1.xlsx")
EXPECTED = json.loads((Path(__file__).parent / "expected.json").read_text())
SHEETS = ["By Region", "By Month", "Top Reps"]
HEADERS = {
    "By Region": ["Region", "Orders", "Units", "Revenue"],
    "By Month": ["Month", "Orders", "Revenue"],
    "Top Reps": ["Rank", "Sales Rep", "Revenue"],
}
REVENUE_COL = {"By Region": 4, "By Month": 3, "Top Reps": 3}


@pytest.fixture(scope="module")
def values():
    assert OUT.is_file(), f"{OUT} is missing"
    return openpyxl.load_workbook(OUT, data_only=True)


@pytest.fixture(scope="module")
def raw():
    return openpyxl.load_workbook(OUT, data_only=False)


def rows(ws):
    out = []
    for row in ws.iter_rows(min_row=2, values_only=True):
        if all(v is None or (isinstance(v, str) and not v.strip()) for v in row):
            continue
        out.append(list(row))
    return out


def test_source_export_unchanged():
    assert hashlib.sha256(SRC.read_bytes()).hexdigest() == EXPECTED["source_sha256"]


def test_sheet_order(values):
    assert values.sheetnames[:3] == SHEETS


@pytest.mark.parametrize("sheet", SHEETS)
def test_headers(values, sheet):
    ws = values[sheet]
    got = [c.value for c in ws[1]][: len(HEADERS[sheet])]
    assert [str(v).strip() if v is not None else None for v in got] == HEADERS[sheet]


def check_row(got, want):
    assert len(got) >= len(want), got
    for g, w in zip(got, want, strict=False):
        if isinstance(w, float):
            assert isinstance(g, (int, float)), (got, want)
            assert not isinstance(g, bool), (got, want)
            assert abs(g - w) <= 0.011, (got, want)
        elif isinstance(w, int):
            assert isinstance(g, (int, float)), (got, want)
            assert g == w, (got, want)
        else:
            assert isinstance(g, str), (got, want)
            assert g.strip() == w, (got, want)


def test_by_region_rows(values):
    """By Region holds the expected rows (computed from the rules at authoring time, expected.json): empty rows at the bottom skipped; Region spellings (' north', 'NORTH', 'North ') trimmed and in title case (North); Sales Rep names trimmed; each repeated Order ID counted once (its first row); Order Date as a real date cell or text such as 2024-02-14, only orders dated 2024-01-01 to 2024-03-31 (inclusive) counted; only Status Completed in any case or spacing counts (cancelled, refunded and pending orders count nowhere); Discount as a fraction (0.15), a percent text ('12.5%') or empty (none); exact line revenues summed, each reported revenue rounded to 2 decimal places (cents)."""
    got = [r[:4] for r in rows(values["By Region"])]
    want = EXPECTED["by_region"]
    assert [r[0] for r in got] == [r[0] for r in want], "regions (normalised, by revenue, TOTAL last)"
    for g, w in zip(got, want, strict=False):
        check_row(g, w)


def test_by_region_total_matches_rows(values):
    got = [r[:4] for r in rows(values["By Region"])]
    body, total = got[:-1], got[-1]
    assert total[1] == sum(r[1] for r in body)
    assert total[2] == sum(r[2] for r in body)
    assert abs(total[3] - sum(r[3] for r in body)) <= 0.011


def test_by_month_rows(values):
    """By Month holds exactly three month rows with the expected orders and revenues (the same cleaning rules: Q1 dates only, Completed orders only, each Order ID once, revenues summed exactly and rounded to cents), no total row."""
    got = [r[:3] for r in rows(values["By Month"])]
    want = EXPECTED["by_month"]
    assert len(got) == 3, "exactly three month rows, no total row"
    for g, w in zip(got, want, strict=False):
        check_row(g, w)


def test_top_reps(values):
    """Top Reps: header Rank, Sales Rep, Revenue; the five sales reps with the highest revenue, ranked 1 to 5, as expected (names trimmed, revenues rounded to cents)."""
    got = [r[:3] for r in rows(values["Top Reps"])]
    want = EXPECTED["top_reps"]
    assert len(got) == 5
    for g, w in zip(got, want, strict=False):
        check_row(g, w)


def test_top_reps_tie_broken_by_name(values):
    """A tie (equal revenue after rounding to cents) is broken by name, alphabetically."""
    names = [r[1].strip() for r in rows(values["Top Reps"])]
    first, second = sorted(EXPECTED["tie"])
    assert first in names
    assert second not in names


@pytest.mark.parametrize("sheet", SHEETS)
def test_header_bold(values, sheet):
    """Formatting, on all three sheets: the header row (row 1) is bold."""
    ws = values[sheet]
    for cell in ws[1][: len(HEADERS[sheet])]:
        assert cell.font is not None, f"{sheet}!{cell.coordinate} has no font"
        assert cell.font.b, f"{sheet}!{cell.coordinate} is not bold"


@pytest.mark.parametrize("sheet", SHEETS)
def test_panes_frozen_below_header(values, sheet):
    """Formatting, on all three sheets: the panes are frozen below the header (at A2)."""
    assert values[sheet].freeze_panes == "A2", f"{sheet}: freeze_panes is {values[sheet].freeze_panes!r}"


@pytest.mark.parametrize("sheet", SHEETS)
def test_revenue_number_format(values, sheet):
    """Formatting, on all three sheets: every Revenue cell below the header has the number format #,##0.00."""
    ws = values[sheet]
    col = REVENUE_COL[sheet]
    cells = [ws.cell(row=r, column=col) for r in range(2, ws.max_row + 1)]
    cells = [c for c in cells if c.value is not None]
    assert cells
    for c in cells:
        assert c.number_format == "#,##0.00", f"{sheet}!{c.coordinate}: {c.number_format!r}"


@pytest.mark.parametrize("sheet", SHEETS)
def test_no_formulas(raw, sheet):
    """Every cell holds a plain value, not a formula (finance's import tool cannot evaluate formulas)."""
    for row in raw[sheet].iter_rows():
        for c in row:
            assert c.data_type != "f", c.coordinate
            assert not (isinstance(c.value, str) and c.value.startswith("=")), c.coordinate
