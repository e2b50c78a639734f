#!/usr/bin/env python3
"""Write a folder of board papers as they arrive: mixed page sizes, a sideways scan, a damaged file.

usage: make_papers.py SET FOLDER   (SET: december | fresh)
The password-protected paper is written as <name>.plain; the caller encrypts it with qpdf.
"""

import random
import sys
import zlib
from pathlib import Path

A4 = (595, 842)
LETTER = (612, 792)


def esc(text: str) -> str:
    return text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")


def text_page(size, ref, title, lines, page_no, pages):
    w, h = size
    ops = ["0.2 g", f"50 {h - 70} {w - 100} 2 re f", "0 g"]
    ops.append(f"BT /F1 9 Tf 50 {h - 60} Td ({esc(ref)}  |  {esc(title)}) Tj ET")
    ops.append(f"BT /F1 16 Tf 50 {h - 110} Td ({esc(title)}) Tj ET")
    y = h - 150
    for line in lines:
        ops.append(f"BT /F1 11 Tf 50 {y} Td ({esc(line)}) Tj ET")
        y -= 18
    ops.append(f"BT /F1 8 Tf 50 90 Td ({esc(ref)} sheet {page_no}/{pages}) Tj ET")
    return {"size": size, "content": "\n".join(ops), "image": None}


def scan_page(seed):
    """A portrait page scanned sideways: the letterhead band lies on the left of a landscape page."""
    rnd = random.Random(seed)
    pw, ph = 210, 297  # the paper, portrait, in pixels
    px = [[235 + rnd.randint(0, 15) for _ in range(pw)] for _ in range(ph)]
    for y in range(8, 30):  # letterhead band at the top of the paper
        for x in range(10, 200):
            px[y][x] = 30 + rnd.randint(0, 20)
    for row in range(60, 230, 12):  # typed lines
        for y in range(row, row + 4):
            for x in range(20, 20 + rnd.randint(120, 170)):
                px[y][x] = 90 + rnd.randint(0, 40)
    for x in range(120, 190):  # signature
        y = 255 + int(8 * ((x % 17) / 17.0))
        px[y][x] = px[y + 1][x] = 20
    # fed sideways: turn the paper 90 degrees counter-clockwise (its top ends up on the left)
    iw, ih = ph, pw
    rot = [[px[c][pw - 1 - r] for c in range(ph)] for r in range(pw)]
    data = bytes(v for row in rot for v in row)
    w, h = 842, 595
    return {
        "size": (w, h),
        "content": f"q {w} 0 0 {h} 0 0 cm /Im1 Do Q",
        "image": (iw, ih, zlib.compress(data)),
    }


def write_pdf(path: Path, pages, info) -> None:
    objs = []

    def add(body):
        objs.append(body)
        return len(objs)

    catalog = add(None)
    pages_id = add(None)
    font = add(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
    kids = []
    for pg in pages:
        content = pg["content"].encode("latin-1")
        cid = add(b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream")
        res = b"<< /Font << /F1 %d 0 R >>" % font
        if pg["image"]:
            iw, ih, data = pg["image"]
            img = add(
                b"<< /Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceGray "
                b"/BitsPerComponent 8 /Filter /FlateDecode /Length %d >>\nstream\n" % (iw, ih, len(data))
                + data
                + b"\nendstream"
            )
            res += b" /XObject << /Im1 %d 0 R >>" % img
        res += b" >>"
        w, h = pg["size"]
        kids.append(
            add(
                b"<< /Type /Page /Parent %d 0 R /MediaBox [0 0 %d %d] /Resources %s /Contents %d 0 R >>"
                % (pages_id, w, h, res, cid)
            )
        )
    objs[catalog - 1] = b"<< /Type /Catalog /Pages %d 0 R >>" % pages_id
    objs[pages_id - 1] = b"<< /Type /Pages /Kids [%s] /Count %d >>" % (
        b" ".join(b"%d 0 R" % k for k in kids),
        len(kids),
    )
    info_id = add(
        b"<< " + b" ".join(b"/%s (%s)" % (k.encode(), esc(v).encode("latin-1")) for k, v in info.items()) + b" >>"
    )
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for i, body in enumerate(objs, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % i + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objs) + 1)
    for off in offsets:
        out += b"%010d 00000 n \n" % off
    out += b"trailer\n<< /Size %d /Root %d 0 R /Info %d 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objs) + 1,
        catalog,
        info_id,
        xref,
    )
    path.write_bytes(bytes(out))


def damage(path: Path) -> None:
    """A file mangled by a mail gateway: the cross-reference table points into nowhere."""
    data = path.read_bytes()
    head, tail = data.rsplit(b"startxref\n", 1)
    body, trailer = head.rsplit(b"trailer\n", 1)
    xref = body.rindex(b"xref\n")
    entries = body[xref:].split(b"\n")
    broken = entries[:3] + [b"%010d 00000 n " % (int(e[:10]) + 3 * i + 11) for i, e in enumerate(entries[3:-1])]
    path.write_bytes(body[:xref] + b"\r\n".join(broken) + b"\ntrailer\n" + trailer + b"startxref\n%d\n%%%%EOF\n" % (xref + 40))


def paper(path, ref, title, size, n, extra=None, seed=0, author="", scan_at=None):
    rnd = random.Random(seed)
    pages = []
    for i in range(1, n + 1):
        if scan_at == i:
            pages.append(scan_page(seed + i))
            continue
        lines = [f"{i}.{k} " + " ".join(rnd.choice(WORDS) for _ in range(9)) for k in range(1, 20)]
        pages.append(text_page(size, ref, title, lines, i, n))
    info = {"Title": extra or title, "Producer": "Microsoft Word for Microsoft 365"}
    if author:
        info["Author"] = author
    write_pdf(path, pages, info)


WORDS = (
    "revenue margin forecast board approval policy risk audit committee quarter budget headcount "
    "capital pension review strategy compliance customer supplier contract treasury liquidity "
    "covenant variance target outturn programme governance"
).split()


SETS = {
    "december": {
        "meeting": "2026-12-10",
        "items": [
            ("1", "Minutes of the meeting of 12 November 2026", "Minutes 2026-11-12 (signed).pdf", ""),
            ("2", "Chief Executive's report", "CEO report Dec.PDF", ""),
            ("3", "Finance report, October 2026", "finance_report_2026-10_v3_FINAL.pdf", ""),
            ("4", "Acme Inc. (US) trading update", "Acme Inc (US) update.pdf", ""),
            ("5", "External auditor's management letter", "auditor letter.pdf", "Kx7-mgmt-2026"),
            ("6", "Remuneration committee report", "RemCo report Nov.pdf", ""),
            ("7", "Health and safety report, Q4", "HS report Q4.pdf", ""),
        ],
        "papers": [
            ("Minutes 2026-11-12 (signed).pdf", "BP/26/12/01", "Minutes of the Board, 12 November 2026", A4, 3, {"scan_at": 3}),
            ("CEO report Dec.PDF", "BP/26/12/02", "Chief Executive's report", A4, 2, {}),
            ("finance_report_2026-10_v3_FINAL.pdf", "BP/26/12/03", "Finance report, October 2026", A4, 4, {}),
            ("Acme Inc (US) update.pdf", "BP/26/12/04", "Acme Inc. trading update", LETTER, 2, {}),
            ("auditor letter.pdf", "BP/26/12/05", "Management letter 2026", A4, 2, {"encrypt": True}),
            ("RemCo report Nov.pdf", "BP/26/12/06", "Remuneration committee report", A4, 2, {"damage": True}),
            ("drafts/finance_report_2026-10_v2.pdf", "BP/26/12/03", "Finance report, October 2026 DRAFT", A4, 3, {}),
            ("drafts/CEO report Dec (old).pdf", "BP/26/12/02", "Chief Executive's report DRAFT", A4, 2, {}),
        ],
    },
    "fresh": {
        "meeting": "2027-03-04",
        "items": [
            ("1", "Minutes of the meeting of 28 January 2027", "minutes 28-01-2027.pdf", ""),
            ("2", "Matters arising", "Matters arising.pdf", ""),
            ("3", "Strategy away-day: Board's conclusions", "Strategy (away-day) notes.PDF", ""),
            ("4", "Internal audit plan 2027", "IA plan 2027.pdf", "plan&Q1 2027"),
            ("5", "Pension scheme valuation", "Pension valuation.pdf", ""),
            ("6", "US subsidiary: annual budget", "US budget FY27.pdf", ""),
            ("7", "Treasury policy review", "Treasury policy review.pdf", ""),
            ("8", "Register of directors' interests", "Director's interests register.pdf", ""),
        ],
        "papers": [
            ("minutes 28-01-2027.pdf", "BP/27/03/01", "Minutes of the Board, 28 January 2027", A4, 2, {}),
            ("Matters arising.pdf", "BP/27/03/02", "Matters arising", LETTER, 1, {}),
            ("Strategy (away-day) notes.PDF", "BP/27/03/03", "Strategy away-day notes", A4, 4, {"scan_at": 2}),
            ("IA plan 2027.pdf", "BP/27/03/04", "Internal audit plan 2027", A4, 3, {"encrypt": True}),
            ("Pension valuation.pdf", "BP/27/03/05", "Pension scheme valuation", A4, 2, {"damage": True}),
            ("US budget FY27.pdf", "BP/27/03/06", "US budget FY27", LETTER, 3, {"scan_at": 3}),
            ("Director's interests register.pdf", "BP/27/03/08", "Register of interests", A4, 1, {}),
        ],
    },
}


def main() -> None:
    which, folder = sys.argv[1], Path(sys.argv[2])
    spec = SETS[which]
    (folder / "drafts").mkdir(parents=True, exist_ok=True)
    for n, (name, ref, title, size, pages, opts) in enumerate(spec["papers"]):
        target = folder / name
        if opts.get("encrypt"):
            target = folder / (name + ".plain")
        paper(target, ref, title, size, pages, seed=n * 101 + len(which), scan_at=opts.get("scan_at"))
        if opts.get("damage"):
            damage(target)
    with open(folder / "agenda.tsv", "w", encoding="utf-8") as f:
        f.write(f"# meeting {spec['meeting']}\n")
        f.write("item\ttitle\tfile\tpassword\n")
        for item in spec["items"]:
            f.write("\t".join(item) + "\n")


if __name__ == "__main__":
    main()
