"""Verifier of the repaired FY2027 budget workbook.

Every figure is checked the way the finance server sees it: the workbook is recalculated with
Gnumeric's ssconvert and the values are compared with the budget rules computed here from the
workbook's own inputs. The workbook is also recalculated after changing its inputs (rates,
FTE, salaries, currencies, prior years, lines added at the bottom), which only formulas follow.
"""

import hashlib
import subprocess
import sys
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

import pytest
from openpyxl import load_workbook
from openpyxl.formula.translate import Translator

OUT = Path("/app/out/fy2027-budget.xlsx")
ORIGINAL = Path("/app/budget/fy2027-budget.xlsx")
CSV = Path("/app/out/summary.csv")
SHEETS = ["Summary", "Departments", "Staff", "Opex", "Assumptions"]
DEPT_ROWS = range(2, 10)
TOTAL_ROW = 10
ERRORS = ("#REF!", "#DIV/0!", "#NAME?", "#VALUE!", "#N/A", "#NUM!", "#NULL!")
TOL = 0.015

sys.path.insert(0, str(Path(__file__).parent))
import make_budget  # noqa: E402  (the generator of the workbook as finance sent it)


def rnd(x, n):
    """ROUND as a spreadsheet does it: half away from zero, a float a hair under a half counting as one."""
    return float(Decimal(format(float(x), ".12g")).quantize(Decimal(10) ** -n, rounding=ROUND_HALF_UP))


def recalc(src, dst):
    """Recalculate a workbook with ssconvert and read back the values it computed."""
    subprocess.run(["ssconvert", "--recalc", str(src), str(dst)], check=True, capture_output=True, timeout=120)
    return load_workbook(dst, data_only=True)


def last_line(ws):
    """The last row of a line sheet that names a department."""
    r = 1
    for row in range(2, ws.max_row + 1):
        if ws.cell(row, 1).value not in (None, ""):
            r = row
    return r


def number(v):
    return float(v) if not isinstance(v, str) else float(v.replace(",", "").strip())


def inputs(wb):
    """The workbook's inputs: assumptions, Staff and Opex lines, departments and prior years."""
    a = wb["Assumptions"]
    staff = [
        (r, wb["Staff"].cell(r, 1).value, number(wb["Staff"].cell(r, 4).value), number(wb["Staff"].cell(r, 5).value))
        for r in range(2, last_line(wb["Staff"]) + 1)
    ]
    opex = [
        (r, wb["Opex"].cell(r, 1).value, wb["Opex"].cell(r, 4).value, number(wb["Opex"].cell(r, 5).value))
        for r in range(2, last_line(wb["Opex"]) + 1)
    ]
    depts = [(r, wb["Departments"].cell(r, 1).value, wb["Departments"].cell(r, 8).value) for r in DEPT_ROWS]
    return {
        "oncost": a["B2"].value,
        "overhead": a["B3"].value,
        "contingency": a["B4"].value,
        "usd": a["B5"].value,
        "gbp": a["B6"].value,
        "staff": staff,
        "opex": opex,
        "depts": depts,
    }


def model(inp):
    """The budget rules of the instruction, computed from the inputs."""
    exp = {}
    for r, _d, fte, sal in inp["staff"]:
        exp[("Staff", f"F{r}")] = rnd(fte * sal * (1 + inp["oncost"]), 2)
    rate = {"EUR": 1.0, "USD": inp["usd"], "GBP": inp["gbp"]}
    for r, _d, cur, amount in inp["opex"]:
        exp[("Opex", f"F{r}")] = rnd(amount * rate[cur], 2)
    tot = dict.fromkeys("BCDEFGHI", 0.0)
    best = None
    for r, d, prior in inp["depts"]:
        fte = sum(x[2] for x in inp["staff"] if x[1] == d)
        sc = sum(exp[("Staff", f"F{x[0]}")] for x in inp["staff"] if x[1] == d)
        ox = sum(exp[("Opex", f"F{x[0]}")] for x in inp["opex"] if x[1] == d)
        oh = rnd((sc + ox) * inp["overhead"], 0)
        ct = rnd(ox * inp["contingency"], 0)
        total = sc + ox + oh + ct
        prior = prior or 0
        row = {"B": fte, "C": sc, "D": ox, "E": oh, "F": ct, "G": total, "I": total - prior}
        row["J"] = "new" if prior == 0 else (total - prior) / prior
        for col, v in row.items():
            exp[("Departments", f"{col}{r}")] = v
        for col in "BCDEFGI":
            tot[col] += row[col]
        tot["H"] += prior
        if best is None or total > best[1]:
            best = (d, total)
    for col, v in tot.items():
        exp[("Departments", f"{col}{TOTAL_ROW}")] = v
    exp[("Departments", f"J{TOTAL_ROW}")] = tot["I"] / tot["H"]
    lines = sum(v for (s, _c), v in exp.items() if s in ("Staff", "Opex"))
    check = abs(tot["G"] - (lines + tot["E"] + tot["F"])) < 1
    exp[("Summary", "B3")] = tot["G"]
    exp[("Summary", "B4")] = tot["B"]
    exp[("Summary", "B5")] = tot["C"] / tot["G"]
    exp[("Summary", "B6")] = best[0]
    exp[("Summary", "B7")] = "OK" if check else "CHECK"
    return exp


def mismatches(values, exp):
    """Cells whose recalculated value differs from the rules."""
    bad = []
    for (sheet, coord), want in exp.items():
        got = values[sheet][coord].value
        if isinstance(want, str) or isinstance(got, str) or got is None:
            ok = got == want
        elif coord.startswith("J") or coord == "B5":
            ok = abs(got - want) < 1e-6
        else:
            ok = abs(got - want) < TOL
        if not ok:
            bad.append(f"{sheet}!{coord}: {got!r}, expected {want!r}")
    return bad


@pytest.fixture(scope="module")
def sent(tmp_path_factory):
    """The workbook as finance sent it, made again by its generator."""
    p = tmp_path_factory.mktemp("sent") / "sent.xlsx"
    make_budget.main(str(p))
    return load_workbook(p)


@pytest.fixture(scope="module")
def repaired():
    """The repaired workbook's formulas and inputs."""
    assert OUT.is_file(), f"{OUT} is missing"
    return load_workbook(OUT)


def run_changed(tmp_path, change):
    """Change inputs of the repaired workbook, recalculate with ssconvert, compare with the rules."""
    wb = load_workbook(OUT)
    change(wb)
    src = tmp_path / "changed.xlsx"
    wb.save(src)
    values = recalc(src, tmp_path / "changed-recalc.xlsx")
    exp = model(inputs(load_workbook(src)))
    return values, exp


def add_line(ws, values):
    """Add a line directly below the last one, its formula copied down from the line above."""
    last = last_line(ws)
    new = last + 1
    for col, v in enumerate(values, start=1):
        ws.cell(new, col).value = v
    f = ws.cell(last, 6).value
    assert isinstance(f, str) and f.startswith("="), f"{ws.title}!F{last} holds no formula to copy down"
    ws.cell(new, 6).value = Translator(f, origin=f"F{last}").translate_formula(f"F{new}")
    return new


def test_original_left_as_sent(sent):
    """/app/budget/fy2027-budget.xlsx is left exactly as it is (the copy finance sent)."""
    digest = hashlib.sha256(ORIGINAL.read_bytes()).hexdigest()
    assert digest == Path("/var/lib/finance/original.sha256").read_text().split()[0]
    now = load_workbook(ORIGINAL)
    for ws in sent:
        for row in ws.iter_rows():
            for c in row:
                assert now[ws.title][c.coordinate].value == c.value, f"{ws.title}!{c.coordinate} changed"


def test_sheets_keep_names_and_order(repaired):
    """The sheets keep their names and order; Assumptions keeps its new name (not Rates)."""
    assert repaired.sheetnames == SHEETS


def test_inputs_stay_in_place(sent, repaired):
    """Every input cell keeps its value and its place: no rows or columns inserted, deleted or moved."""
    for sheet, cols in [("Staff", "ABCDE"), ("Opex", "ABCD"), ("Assumptions", "AC")]:
        ws = sent[sheet]
        for r in range(1, ws.max_row + 1):
            for col in cols:
                got = repaired[sheet][f"{col}{r}"].value
                assert got == ws[f"{col}{r}"].value, f"{sheet}!{col}{r}: {got!r}"
    for r in range(1, TOTAL_ROW + 1):
        assert repaired["Departments"][f"A{r}"].value == sent["Departments"][f"A{r}"].value
    for r in DEPT_ROWS:
        assert repaired["Departments"][f"H{r}"].value == sent["Departments"][f"H{r}"].value, f"Departments!H{r}"
    for c in "ABCDEFGHIJ":
        assert repaired["Departments"][f"{c}1"].value == sent["Departments"][f"{c}1"].value
    for r in range(1, 8):
        assert repaired["Summary"][f"A{r}"].value == sent["Summary"][f"A{r}"].value, f"Summary!A{r}"
    assert last_line(repaired["Staff"]) == last_line(sent["Staff"])
    assert last_line(repaired["Opex"]) == last_line(sent["Opex"])


def test_opex_text_amounts_become_numbers(sent, repaired):
    """Opex amounts typed as text (12,500.00) become numbers with the same value; the others keep theirs."""
    ws = sent["Opex"]
    for r in range(2, last_line(ws) + 1):
        got = repaired["Opex"][f"E{r}"].value
        assert isinstance(got, (int, float)), f"Opex!E{r} is {got!r}, not a number"
        assert abs(got - number(ws[f"E{r}"].value)) < 1e-9, f"Opex!E{r}: {got!r}"


def test_assumptions_overhead_rate_is_12_percent(sent, repaired):
    """The overhead rate for FY2027 is 12 %: Assumptions B3 is 0.12; the other assumptions keep their values."""
    a = repaired["Assumptions"]
    assert a["B3"].value == pytest.approx(0.12)
    for r in (2, 4, 5, 6):
        assert a[f"B{r}"].value == sent["Assumptions"][f"B{r}"].value, f"Assumptions!B{r}"


def test_computed_cells_hold_formulas(repaired):
    """Every computed cell holds a formula, not a pasted number: Staff F, Opex F, Departments B-G, I, J, the TOTAL row, Summary B3-B7."""
    cells = [("Staff", f"F{r}") for r in range(2, last_line(repaired["Staff"]) + 1)]
    cells += [("Opex", f"F{r}") for r in range(2, last_line(repaired["Opex"]) + 1)]
    cells += [("Departments", f"{c}{r}") for r in DEPT_ROWS for c in "BCDEFGIJ"]
    cells += [("Departments", f"{c}{TOTAL_ROW}") for c in "BCDEFGHIJ"]
    cells += [("Summary", f"B{r}") for r in range(3, 8)]
    pasted = [f"{s}!{c}" for s, c in cells if not str(repaired[s][c].value or "").startswith("=")]
    assert not pasted, f"not formulas: {pasted}"


def test_formulas_refer_to_assumptions_not_rates(repaired):
    """The formulas refer to the sheet Assumptions, not Rates, and keep no #REF!."""
    bad = [
        f"{ws.title}!{c.coordinate}"
        for ws in repaired
        for row in ws.iter_rows()
        for c in row
        if isinstance(c.value, str) and c.value.startswith("=") and ("Rates!" in c.value or "#REF!" in c.value)
    ]
    assert not bad


def test_recalc_has_no_error_values(tmp_path):
    """ssconvert --recalc gives no error values (#REF!, #DIV/0!, #NAME?, #VALUE!, #N/A) in any cell."""
    values = recalc(OUT, tmp_path / "recalc.xlsx")
    bad = [
        f"{ws.title}!{c.coordinate}={c.value}"
        for ws in values
        for row in ws.iter_rows()
        for c in row
        if isinstance(c.value, str) and c.value.startswith("#")
    ]
    assert not bad


def test_recalculated_figures_follow_the_rules(tmp_path):
    """After ssconvert --recalc every computed figure follows the rules (cost, Amount EUR, sums, overhead, contingency on opex only, total, variance, TOTAL row, summary)."""
    values = recalc(OUT, tmp_path / "recalc.xlsx")
    exp = model(inputs(load_workbook(OUT)))
    bad = mismatches(values, exp)
    assert not bad, bad[:12]


def test_overhead_and_contingency_whole_euros_costs_cents(tmp_path):
    """Overhead and contingency are rounded to whole euros, Staff cost and Amount EUR to cents."""
    values = recalc(OUT, tmp_path / "recalc.xlsx")
    for r in DEPT_ROWS:
        for c in "EF":
            v = values["Departments"][f"{c}{r}"].value
            assert isinstance(v, (int, float)) and v == round(v), f"Departments!{c}{r}: {v!r}"
    for sheet in ("Staff", "Opex"):
        for r in range(2, last_line(values[sheet]) + 1):
            v = values[sheet][f"F{r}"].value
            assert isinstance(v, (int, float)) and abs(v * 100 - round(v * 100)) < 1e-6, f"{sheet}!F{r}: {v!r}"


def test_figures_follow_changed_rates(tmp_path):
    """Rates come from the Assumptions cells, never typed into a formula: new on-cost, overhead, contingency and exchange rates change every figure."""

    def change(wb):
        a = wb["Assumptions"]
        a["B2"], a["B3"], a["B4"], a["B5"], a["B6"] = 0.31, 0.095, 0.045, 0.87, 1.21

    values, exp = run_changed(tmp_path, change)
    bad = mismatches(values, exp)
    assert not bad, bad[:12]


def test_figures_follow_changed_lines(tmp_path):
    """Changed FTE, salaries, amounts and currencies (a line whose currency is corrected converts right) change the figures."""

    def change(wb):
        st, ox = wb["Staff"], wb["Opex"]
        for r in (3, 17, 44, 60, last_line(st)):
            st[f"D{r}"] = 0.5
            st[f"E{r}"] = 71300
        for r in range(2, last_line(ox) + 1):
            if ox[f"D{r}"].value == "EUR":
                ox[f"D{r}"] = "USD"
                ox[f"E{r}"] = 40000
                break
        for r in range(2, last_line(ox) + 1):
            if ox[f"D{r}"].value == "USD":
                ox[f"D{r}"] = "GBP"
                break
        ox["E5"] = 1234.56

    values, exp = run_changed(tmp_path, change)
    bad = mismatches(values, exp)
    assert not bad, bad[:12]


def test_lines_added_below_the_last_line_count(tmp_path):
    """Lines added directly below the last Staff and Opex line (up to row 500) count in the department sums."""

    def change(wb):
        add_line(wb["Staff"], ["Legal", "E9001", "Counsel", 1, 88000])
        add_line(wb["Staff"], ["IT", "E9002", "Engineer", 0.8, 61000])
        add_line(wb["Opex"], ["Marketing", "CC-460", "Trade fair", "EUR", 45000])
        add_line(wb["Opex"], ["Legal", "CC-450", "Software licences", "USD", 12000])

    values, exp = run_changed(tmp_path, change)
    bad = mismatches(values, exp)
    assert not bad, bad[:12]


def test_variance_percent_new_without_prior_year(tmp_path):
    """A department with no prior-year budget (Prior year empty or 0) shows the text new as Variance %; the others variance / prior year."""

    def change(wb):
        wb["Departments"]["H3"] = 0
        wb["Departments"]["H9"] = 455000

    values, exp = run_changed(tmp_path, change)
    assert values["Departments"]["J3"].value == "new"
    assert values["Departments"]["J9"].value != "new"
    bad = mismatches(values, exp)
    assert not bad, bad[:12]


def test_largest_department_follows_totals(tmp_path):
    """Summary B6 names the department with the largest total, whichever it is."""

    def change(wb):
        add_line(wb["Opex"], ["HR", "CC-420", "Recruitment fees", "EUR", 900000])

    values, exp = run_changed(tmp_path, change)
    assert values["Summary"]["B6"].value == "HR"
    bad = mismatches(values, exp)
    assert not bad, bad[:12]


def test_check_shows_check_for_unknown_department(tmp_path):
    """Summary B7 shows OK when the totals reconcile and CHECK for a line whose department is not in the Departments sheet."""
    assert recalc(OUT, tmp_path / "recalc.xlsx")["Summary"]["B7"].value == "OK"

    def change(wb):
        add_line(wb["Staff"], ["Procurement", "E9003", "Buyer", 1, 52000])

    values, exp = run_changed(tmp_path, change)
    assert values["Summary"]["B7"].value == "CHECK"


def test_summary_csv_is_the_ssconvert_export(tmp_path):
    """/app/out/summary.csv is what ssconvert --recalc -O 'sheet=Summary' writes from the final workbook."""
    assert CSV.is_file(), f"{CSV} is missing"
    ref = tmp_path / "summary.csv"
    subprocess.run(
        ["ssconvert", "--recalc", "-O", "sheet=Summary", str(OUT), str(ref)],
        check=True,
        capture_output=True,
        timeout=120,
    )
    assert CSV.read_bytes() == ref.read_bytes()
