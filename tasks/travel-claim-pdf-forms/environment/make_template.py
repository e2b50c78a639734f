"""Build the travel expense claim form (an AcroForm PDF) the finance team fills, deterministically.

Usage: make_template.py OUT.pdf
"""

import sys

from reportlab.lib.pagesizes import A4
from reportlab.pdfgen import canvas

DEPARTMENTS = [
    ("Finance & Controlling", "FIN"),
    ("Human Resources", "HR"),
    ("Sales Nord", "SLN"),
    ("Sales Süd", "SLS"),
    ("IT & Infrastruktur", "IT"),
    ("Einkauf", "EK"),
    ("Geschäftsführung", "GF"),
]


def build(path: str) -> None:
    c = canvas.Canvas(path, pagesize=A4, invariant=1)
    c.setTitle("Reisekostenabrechnung / Travel expense claim")
    c.setAuthor("Nordlicht Logistik GmbH, Finance")
    form = c.acroForm
    w, h = A4
    c.setFont("Helvetica-Bold", 15)
    c.drawString(50, h - 60, "Reisekostenabrechnung / Travel expense claim")
    c.setFont("Helvetica", 8)
    c.drawString(50, h - 74, "Nordlicht Logistik GmbH - Finance & Controlling - form FIN-07 (rev. 2026-03)")

    def label(y: float, text: str, x: float = 50) -> None:
        c.setFont("Helvetica", 9)
        c.drawString(x, y + 5, text)

    def text(name: str, tip: str, x: float, y: float, width: float, **kw: object) -> None:
        form.textfield(name=name, tooltip=tip, x=x, y=y, width=width, height=kw.pop("height", 18),
                       borderStyle="underlined", borderWidth=1, fontName="Helvetica", fontSize=10,
                       forceBorder=True, **kw)

    y = h - 120
    label(y, "Claim no.")
    text("claim_no", "Claim number", 160, y, 140)
    y -= 32
    label(y, "Employee name")
    text("employee_name", "Employee name", 160, y, 260)
    y -= 32
    label(y, "Personnel no.")
    text("employee_id", "Personnel number (6 digits)", 160, y, 120, maxlen=6, fieldFlags="comb")
    y -= 32
    label(y, "Department")
    # (label, export value) pairs; the blank first entry is the form's empty choice.
    form.choice(name="department", tooltip="Department", value=[""], x=160, y=y, width=200, height=18,
                options=[("- bitte wählen -", "")] + DEPARTMENTS, fieldFlags="combo",
                fontName="Helvetica", fontSize=10, borderStyle="underlined", forceBorder=True)
    y -= 32
    label(y, "Destination")
    text("destination", "Destination", 160, y, 260)
    y -= 32
    label(y, "From (DD.MM.YYYY)")
    text("date_from", "First day of the trip", 160, y, 100)
    label(y, "To", 290)
    text("date_to", "Last day of the trip", 320, y, 100)
    y -= 50
    label(y + 18, "Purpose of the trip")
    text("purpose", "Purpose", 160, y, 360, height=36, fieldFlags="multiline")
    y -= 36
    label(y, "Means of transport")
    for i, (value, caption) in enumerate([("Rail", "Rail"), ("Air", "Air"), ("Car", "Car")]):
        x = 160 + i * 80
        form.radio(name="transport", tooltip="Means of transport", value=value, selected=False,
                   x=x, y=y + 2, size=12, buttonStyle="circle", borderStyle="solid", shape="circle",
                   forceBorder=True)
        c.setFont("Helvetica", 9)
        c.drawString(x + 16, y + 5, caption)
    y -= 40
    c.setFont("Helvetica-Bold", 10)
    c.drawString(50, y + 22, "Costs (EUR, e.g. 1.234,50)")
    for name, caption in [("cost_travel", "Fares / mileage"), ("cost_hotel", "Accommodation"),
                          ("cost_meals", "Meal allowance"), ("cost_total", "Total")]:
        label(y, caption)
        text(name, caption, 160, y, 120)
        y -= 28
    y -= 6
    form.checkbox(name="receipts_attached", tooltip="Receipts attached", x=50, y=y + 2, size=12,
                  buttonStyle="check", checked=False, borderStyle="solid", forceBorder=True)
    label(y, "All receipts are attached", 70)
    y -= 44
    label(y, "Approved by (name, date)")
    text("approver_signature", "Approver", 160, y, 260)
    c.setFont("Helvetica", 7)
    c.drawString(50, 60, "Claims older than three months are not reimbursed (travel policy, section 4.2).")
    c.showPage()
    c.save()


if __name__ == "__main__":
    build(sys.argv[1])
