"""Build the FY2027 departmental budget workbook as finance left it: formulas broken in the ways
a shared workbook breaks (a renamed sheet, a deleted column, ranges that stopped growing, pasted
numbers, a fill-down that dragged a rate reference, amounts typed as text). Deterministic."""

import random
import sys

from openpyxl import Workbook
from openpyxl.styles import Font

DEPTS = ["Finance", "HR", "IT", "Facilities", "Legal", "Marketing", "Operations", "Data Office"]
PRIOR = {
    "Finance": 1318000,
    "HR": 1012000,
    "IT": 1352000,
    "Facilities": 1124000,
    "Legal": 640000,
    "Marketing": 1190000,
    "Operations": 1415000,
}
ROLES = {
    "Finance": ["Accountant", "Controller", "AP clerk", "Payroll officer", "Analyst"],
    "HR": ["HR partner", "Recruiter", "HR assistant"],
    "IT": ["Engineer", "Service desk", "Architect", "Security analyst", "DBA"],
    "Facilities": ["Caretaker", "Facilities manager", "Cleaner", "Technician"],
    "Legal": ["Counsel", "Paralegal"],
    "Marketing": ["Designer", "Content lead", "Campaign manager", "Analyst"],
    "Operations": ["Planner", "Operator", "Shift lead", "Logistics clerk", "Buyer"],
    "Data Office": ["Data engineer", "Data steward"],
}
HEADS = {
    "Finance": 9,
    "HR": 6,
    "IT": 14,
    "Facilities": 8,
    "Legal": 4,
    "Marketing": 8,
    "Operations": 13,
    "Data Office": 3,
}
OPEX_ITEMS = [
    ("Software licences", "USD"),
    ("Cloud hosting", "USD"),
    ("Training", "EUR"),
    ("Travel", "EUR"),
    ("Conferences", "GBP"),
    ("Office supplies", "EUR"),
    ("Consultancy", "EUR"),
    ("Subscriptions", "GBP"),
    ("Equipment", "EUR"),
    ("Recruitment fees", "EUR"),
]
MONEY = "#,##0.00"


def bold_header(ws, headers):
    ws.append(headers)
    for cell in ws[1]:
        cell.font = Font(bold=True)
    ws.freeze_panes = "A2"


def main(out: str) -> None:
    rng = random.Random(2027)
    wb = Workbook()
    summary = wb.active
    summary.title = "Summary"
    depts = wb.create_sheet("Departments")
    staff = wb.create_sheet("Staff")
    opex = wb.create_sheet("Opex")
    assum = wb.create_sheet("Assumptions")  # was "Rates" until someone renamed it in October

    bold_header(assum, ["Assumption", "Value", "Note"])
    for row in [
        ("Employer on-cost", 0.28, "social charges and pension, on top of salary"),
        ("Overhead rate", 0.15, "central services, on staff cost plus opex"),
        ("Contingency rate", 0.03, "held centrally"),
        ("EUR per USD", 0.92, "treasury rate for FY2027"),
        ("EUR per GBP", 1.17, "treasury rate for FY2027"),
    ]:
        assum.append(list(row))
    for r in range(2, 4):
        assum.cell(r, 2).number_format = "0.00%"
    assum.cell(4, 2).number_format = "0.00%"

    # Staff: one line per position.
    bold_header(staff, ["Dept", "Employee ID", "Role", "FTE", "Annual salary", "Cost"])
    lines = []
    emp = 4100
    for d in DEPTS:
        for _ in range(HEADS[d]):
            emp += rng.randint(1, 9)
            fte = rng.choice([1, 1, 1, 1, 0.8, 0.5, 0.6, 1])
            salary = rng.randrange(38000, 96000, 100)
            lines.append((d, f"E{emp}", rng.choice(ROLES[d]), fte, salary))
    rng.shuffle(lines)
    lines.sort(key=lambda t: DEPTS.index(t[0]))
    n_staff = len(lines)
    for i, (d, e, role, fte, salary) in enumerate(lines):
        r = i + 2
        if r < 40:
            f = f"=ROUND(D{r}*E{r}*(1+Rates!$B$2),2)"
        elif r < n_staff - 2:
            # Re-typed after the rename and filled down: the on-cost reference drifts.
            f = f"=ROUND(D{r}*E{r}*(1+Assumptions!B{r - 38}),2)"
        else:
            f = round(fte * salary * 1.26, 2)  # pasted from last year's file (old on-cost)
        staff.append([d, e, role, fte, salary, f])
        staff.cell(r, 5).number_format = MONEY
        staff.cell(r, 6).number_format = MONEY

    # Opex: one line per cost item; lines added since the summary formulas were written sit at the bottom.
    bold_header(opex, ["Dept", "Cost centre", "Description", "Currency", "Amount", "Amount EUR"])
    olines = []
    for k, d in enumerate(DEPTS):
        for desc, cur in rng.sample(OPEX_ITEMS, rng.randint(7, 10)):
            amount = rng.randrange(800, 90000, 10) + rng.choice([0, 0, 0.5, 0.25, 0.99])
            olines.append((d, f"CC-{410 + k * 10}", desc, cur, amount))
    late = [olines.pop(rng.randrange(len(olines))) for _ in range(7)]
    olines += late
    text_rows = set(rng.sample(range(len(olines) - 7), 4))
    first_late = len(olines) - 7 + 2
    for i, (d, cc, desc, cur, amount) in enumerate(olines):
        r = i + 2
        value = amount
        if i in text_rows:
            value = f"{amount:,.2f}"  # typed in with a thousands separator: text, not a number
        if cur == "USD":
            f = f"=ROUND(E{r}*0.92,2)"
        elif cur == "GBP":
            f = f"=ROUND(E{r}*Rates!$B$6,2)"
        else:
            f = f"=E{r}"
        opex.append([d, cc, desc, cur, value, f])
        opex.cell(r, 5).number_format = MONEY
        opex.cell(r, 6).number_format = MONEY
    last_old = first_late - 1

    # Departments.
    bold_header(
        depts,
        [
            "Dept",
            "FTE",
            "Staff cost",
            "Opex",
            "Overhead",
            "Contingency",
            "Total",
            "Prior year",
            "Variance",
            "Variance %",
        ],
    )
    for k, d in enumerate(DEPTS):
        r = k + 2
        staff_cost = f"=SUMIF(Staff!$A$2:$A$500,$A{r},Staff!$F$2:$F$500)"
        if d in ("HR", "Legal"):
            staff_cost = round(rng.uniform(300000, 700000), 2)  # pasted numbers
        overhead = f"=ROUND((C{r}+D{r})*Rates!$B$3,0)"
        if d == "Facilities":
            overhead = f"=ROUND((C{r}+#REF!)*Rates!$B$3,0)"
        depts.append(
            [
                d,
                f"=SUMIF(Staff!$A$2:$A$500,$A{r},Staff!$D$2:$D$500)",
                staff_cost,
                f"=SUMIF(Opex!$A$2:$A${last_old},$A{r},Opex!$F$2:$F${last_old})",
                overhead,
                f"=ROUND((C{r}+D{r})*Rates!$B$4,0)",
                f"=SUM(C{r}:E{r})",
                PRIOR.get(d),
                f"=G{r}-H{r}",
                f"=I{r}/H{r}",
            ]
        )
    tr = len(DEPTS) + 2
    row = ["TOTAL"] + [f"=SUM({c}2:{c}{tr - 2})" for c in "BCDEFGHI"] + [f"=I{tr}/H{tr}"]
    depts.append(row)
    for cell in depts[tr]:
        cell.font = Font(bold=True)
    for r in range(2, tr + 1):
        for c in range(3, 10):
            depts.cell(r, c).number_format = MONEY
        depts.cell(r, 2).number_format = "0.0"
        depts.cell(r, 10).number_format = "0.0%"

    summary["A1"] = "FY2027 budget summary"
    summary["A1"].font = Font(bold=True)
    rows = [
        ("Total budget", f"=Departments!G{tr}", MONEY),
        ("Headcount (FTE)", f"=Departments!B{tr}", "0.0"),
        ("Staff cost share", f"=Departments!C{tr}/Departments!G{tr}", "0.0%"),
        ("Largest department", "Operations", None),
        ("Check", "OK", None),
    ]
    for i, (label, value, fmt) in enumerate(rows):
        summary.cell(i + 3, 1, label)
        summary.cell(i + 3, 2, value)
        if fmt:
            summary.cell(i + 3, 2).number_format = fmt
    for ws, widths in [
        (summary, [22, 18]),
        (depts, [14, 8, 14, 14, 12, 12, 14, 14, 14, 11]),
        (staff, [14, 12, 20, 6, 14, 14]),
        (opex, [14, 10, 20, 9, 14, 14]),
        (assum, [18, 10, 44]),
    ]:
        for i, w in enumerate(widths):
            ws.column_dimensions[chr(65 + i)].width = w
    wb.save(out)


if __name__ == "__main__":
    main(sys.argv[1])
