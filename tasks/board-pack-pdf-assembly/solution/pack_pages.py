#!/usr/bin/env python3
"""The pages a board pack adds to its papers, as plain A4 PDFs.

pack_pages.py placeholder OUT TITLE          one page: the item's title and "Paper to follow"
pack_pages.py contents OUT HEADING ITEMS     the contents page; ITEMS: item<TAB>title<TAB>start page
pack_pages.py numbers OUT TOTAL              TOTAL pages, "Page N of TOTAL" at the foot of 2..TOTAL
pack_pages.py pdfmarks OUT TITLE ITEMS       Ghostscript pdfmarks: document info and one bookmark per item
"""

import sys

W, H = 595, 842
AUTHOR = "Office of the Company Secretary"
SUBJECT = "Meeting of the Board of Directors"


def esc(text: str) -> str:
    return text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")


def text(x: float, y: float, size: int, s: str) -> str:
    return f"BT /F1 {size} Tf {x:.1f} {y:.1f} Td ({esc(s)}) Tj ET"


def write_pdf(path: str, contents: list[str]) -> None:
    objs: list[bytes] = [b"", b"", b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"]
    kids = []
    for c in contents:
        data = c.encode("cp1252")
        objs.append(b"<< /Length %d >>\nstream\n%s\nendstream" % (len(data), data))
        objs.append(
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %d %d] /Resources << /Font << /F1 3 0 R >> >> /Contents %d 0 R >>"
            % (W, H, len(objs))
        )
        kids.append(len(objs))
    objs[0] = b"<< /Type /Catalog /Pages 2 0 R >>"
    objs[1] = b"<< /Type /Pages /Kids [%s] /Count %d >>" % (b" ".join(b"%d 0 R" % k for k in kids), len(kids))
    out = bytearray(b"%PDF-1.4\n")
    offs = []
    for i, body in enumerate(objs, 1):
        offs.append(len(out))
        out += b"%d 0 obj\n%s\nendobj\n" % (i, body)
    x = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objs) + 1)
    out += b"".join(b"%010d 00000 n \n" % o for o in offs)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objs) + 1, x)
    with open(path, "wb") as f:
        f.write(out)


def read_items(path: str) -> list[tuple[str, str, int]]:
    rows = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            item, title, start = line.rstrip("\n").split("\t")
            rows.append((item, title, int(start)))
    return rows


def main() -> None:
    cmd, out = sys.argv[1], sys.argv[2]
    if cmd == "placeholder":
        write_pdf(out, [text(60, 700, 18, sys.argv[3]) + "\n" + text(60, 660, 14, "Paper to follow")])
    elif cmd == "contents":
        ops = [text(60, 770, 18, sys.argv[3]), text(60, 735, 14, "Contents")]
        y = 700
        for item, title, start in read_items(sys.argv[4]):
            ops.append(text(60, y, 11, f"{item}. {title}"))
            ops.append(text(500, y, 11, str(start)))
            y -= 22
        write_pdf(out, ["\n".join(ops)])
    elif cmd == "numbers":
        total = int(sys.argv[3])
        pages = [""] + [text(W / 2 - 30, 28, 9, f"Page {n} of {total}") for n in range(2, total + 1)]
        write_pdf(out, pages)
    elif cmd == "pdfmarks":
        marks = [f"[ /Title ({esc(sys.argv[3])}) /Author ({AUTHOR}) /Subject ({SUBJECT}) /DOCINFO pdfmark"]
        for item, title, start in read_items(sys.argv[4]):
            marks.append(f"[ /Title ({esc(f'{item}. {title}')}) /Page {start} /View [/XYZ null null null] /OUT pdfmark")
        with open(out, "w", encoding="cp1252") as f:
            f.write("\n".join(marks) + "\n")
    else:
        sys.exit(f"unknown command {cmd}")


if __name__ == "__main__":
    main()
