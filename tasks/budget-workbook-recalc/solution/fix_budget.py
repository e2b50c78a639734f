"""Repair one part of the FY2027 budget workbook in place: fix_budget.py STEP WORKBOOK.

Each step fixes one requirement, so the work can be done (and checked) a step at a time.
"""

import re
import sys

from openpyxl import load_workbook

LAST = 500  # department sums count lines down to this row
DEPT_ROWS = range(2, 10)
TOTAL_ROW = 10


def last_line(ws):
    """The last row with a department in column A."""
    r = 1
    for row in range(2, ws.max_row + 1):
        if ws.cell(row, 1).value not in (None, ""):
            r = row
    return r


def sheet_refs(wb):
    """Formulas that still say Rates! point at the renamed sheet, Assumptions."""
    for ws in wb:
        for row in ws.iter_rows():
            for c in row:
                if isinstance(c.value, str) and c.value.startswith("=") and "Rates!" in c.value:
                    c.value = c.value.replace("Rates!", "Assumptions!")


def staff_cost(wb):
    """Staff F: FTE x salary x (1 + on-cost), the on-cost an absolute reference, every line."""
    ws = wb["Staff"]
    for r in range(2, last_line(ws) + 1):
        ws.cell(r, 6).value = f"=ROUND(D{r}*E{r}*(1+Assumptions!$B$2),2)"


def opex_amounts(wb):
    """Opex E: amounts typed as text ('12,500.00') become numbers with the same value."""
    ws = wb["Opex"]
    for r in range(2, last_line(ws) + 1):
        v = ws.cell(r, 5).value
        if isinstance(v, str):
            ws.cell(r, 5).value = float(v.replace(",", "").strip())


def opex_eur(wb):
    """Opex F: converted by the line's currency with the Assumptions rates, no typed-in rate."""
    ws = wb["Opex"]
    for r in range(2, last_line(ws) + 1):
        ws.cell(r, 6).value = (
            f'=ROUND(E{r}*IF(D{r}="USD",Assumptions!$B$5,IF(D{r}="GBP",Assumptions!$B$6,1)),2)'
        )


def dept_sums(wb):
    """Departments B-D: SUMIF over the Staff and Opex lines down to row 500."""
    ws = wb["Departments"]
    for r in DEPT_ROWS:
        ws[f"B{r}"] = f"=SUMIF(Staff!$A$2:$A${LAST},$A{r},Staff!$D$2:$D${LAST})"
        ws[f"C{r}"] = f"=SUMIF(Staff!$A$2:$A${LAST},$A{r},Staff!$F$2:$F${LAST})"
        ws[f"D{r}"] = f"=SUMIF(Opex!$A$2:$A${LAST},$A{r},Opex!$F$2:$F${LAST})"


def overhead(wb):
    """Departments E-G: overhead on staff + opex, contingency on opex only, total of all four."""
    ws = wb["Departments"]
    for r in DEPT_ROWS:
        ws[f"E{r}"] = f"=ROUND((C{r}+D{r})*Assumptions!$B$3,0)"
        ws[f"F{r}"] = f"=ROUND(D{r}*Assumptions!$B$4,0)"
        ws[f"G{r}"] = f"=SUM(C{r}:F{r})"


def variance(wb):
    """Departments I-J: variance, and 'new' where there is no prior-year budget."""
    ws = wb["Departments"]
    for r in DEPT_ROWS:
        ws[f"I{r}"] = f"=G{r}-H{r}"
        ws[f"J{r}"] = f'=IF(OR(H{r}="",H{r}=0),"new",I{r}/H{r})'


def total_row(wb):
    """Departments row 10: the sums over all eight departments."""
    ws = wb["Departments"]
    for col in "BCDEFGHI":
        ws[f"{col}{TOTAL_ROW}"] = f"=SUM({col}2:{col}9)"
    ws[f"J{TOTAL_ROW}"] = f"=I{TOTAL_ROW}/H{TOTAL_ROW}"


def overhead_rate(wb):
    """Assumptions B3: the FY2027 overhead rate."""
    wb["Assumptions"]["B3"] = 0.12


def summary(wb):
    """Summary B3-B7 as formulas: the largest department and the check are computed."""
    ws = wb["Summary"]
    ws["B3"] = f"=Departments!G{TOTAL_ROW}"
    ws["B4"] = f"=Departments!B{TOTAL_ROW}"
    ws["B5"] = f"=Departments!C{TOTAL_ROW}/Departments!G{TOTAL_ROW}"
    ws["B6"] = "=INDEX(Departments!$A$2:$A$9,MATCH(MAX(Departments!$G$2:$G$9),Departments!$G$2:$G$9,0))"
    ws["B7"] = (
        f'=IF(ABS(B3-(SUM(Staff!$F$2:$F${LAST})+SUM(Opex!$F$2:$F${LAST})'
        '+SUM(Departments!$E$2:$F$9)))<1,"OK","CHECK")'
    )


STEPS = {f.__name__.replace("_", "-"): f for f in [
    sheet_refs, staff_cost, opex_amounts, opex_eur, dept_sums, overhead, variance, total_row,
    overhead_rate, summary,
]}


def main(step, path):
    wb = load_workbook(path)
    STEPS[step](wb)
    wb.save(path)
    bad = [
        f"{ws.title}!{c.coordinate}"
        for ws in wb for row in ws.iter_rows() for c in row
        if isinstance(c.value, str) and c.value.startswith("=") and re.search(r"Rates!|#REF!", c.value)
    ]
    print(f"{step}: saved {path}; formulas still pointing at Rates or #REF!: {len(bad)}")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
