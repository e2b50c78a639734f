"""Builds /app/mailmerge/template.docx the way Word leaves it: placeholders split across runs."""
from docx import Document
from docx.shared import Pt

doc = Document()
style = doc.styles["Normal"]
style.font.name = "Calibri"
style.font.size = Pt(11)


def para(*runs, container=None):
    p = (container or doc).add_paragraph()
    for text, fmt in runs:
        r = p.add_run(text)
        r.bold = "b" in fmt or None
        r.italic = "i" in fmt or None
    return p


section = doc.sections[0]
hp = section.header.paragraphs[0]
for text in ("Example Supplies Ltd · Accounts Receivable · Ref ", "{{inv", "oice_no}}"):
    hp.add_run(text)
fp = section.footer.paragraphs[0]
for text in ("{{company}}", " — ", "{{invoice", "_no}}", " — page 1"):
    fp.add_run(text)

para(("{{comp", "b"), ("any}}", "b"))
para(("Attn. ", ""), ("{{first_name}}", ""), (" ", ""), ("{{last_", ""), ("name}}", ""))
para(("", ""))
para(("Dear ", ""), ("{{", ""), ("first_name", ""), ("}},", ""))
para(("Our records show that invoice ", ""), ("{{invoice_no}}", ""), (" for ", ""), ("{{amount}}", "i"),
     (" is still open. Please pay by ", ""), ("{{due_", "b"), ("date}}", "b"), (".", ""))
table = doc.add_table(rows=3, cols=2)
table.style = "Table Grid"
cells = [("Invoice", ["{{invoice_no}}"]), ("Amount due", ["{{am", "ount}}"]), ("Due date", ["{{due", "_date}}"])]
for row, (label, parts) in zip(table.rows, cells):
    row.cells[0].paragraphs[0].add_run(label)
    for part in parts:
        row.cells[1].paragraphs[0].add_run(part)
para(("If you have already paid, please ignore this letter. Questions? Write to billing@example.com "
      "and quote ", ""), ("{{invoice_no}}", ""), (".", ""))
para(("Kind regards,", ""))
para(("Accounts Receivable", "b"))
doc.save("/app/mailmerge/template.docx")
