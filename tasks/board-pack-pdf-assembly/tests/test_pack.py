"""Verifier for board-pack-pdf-assembly: the December pack, and the agent's script re-run on fresh folders.

Every PDF is read with the verifier's own tools (qpdf, poppler's pdfinfo, pdftotext and pdftoppm).
"""

import hashlib
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))
import make_papers  # noqa: E402  (the verifier's copy of the generator the image used)

BOARD = Path("/app/board/2026-12")
PACK = Path("/app/out/board-pack-2026-12-10.pdf")
SCRIPT = Path("/app/bin/build-pack.sh")
WORK = Path("/tmp/verifier-board")
PASSWORDS = {"december": "Kx7-mgmt-2026", "fresh": "plan&Q1 2027"}


def run(*cmd, **kw):
    return subprocess.run(list(cmd), capture_output=True, text=True, timeout=300, **kw)


def make_folder(which: str, folder: Path) -> None:
    if folder.exists():
        shutil.rmtree(folder)
    subprocess.run([sys.executable, str(HERE / "make_papers.py"), which, str(folder)], check=True)
    for plain in folder.glob("*.plain"):
        target = plain.with_name(plain.name[: -len(".plain")])
        subprocess.run(["qpdf", "--encrypt", PASSWORDS[which], "owner-x", "256", "--", str(plain), str(target)], check=True)
        plain.unlink()


def tree_hashes(folder: Path) -> dict:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.rglob("*")) if p.is_file()}


def expected_pages(which: str):
    """One entry per pack page after the contents page: ('text', ref, i, n), ('scan',) or ('todo', heading)."""
    spec = make_papers.SETS[which]
    papers = {name: (ref, n, opts) for name, ref, _t, _s, n, opts in spec["papers"]}
    pages, starts = [], []
    for item, title, file, _pw in spec["items"]:
        starts.append((f"{item}. {title}", len(pages) + 2))
        if file not in papers:
            pages.append(("todo", f"{item}. {title}"))
            continue
        ref, n, opts = papers[file]
        for i in range(1, n + 1):
            pages.append(("scan",) if opts.get("scan_at") == i else ("text", ref, i, n))
    return pages, starts


def page_text(pdf: Path, page: int, *crop: str) -> str:
    r = run("pdftotext", "-layout", "-f", str(page), "-l", str(page), *crop, str(pdf), "-")
    assert r.returncode == 0, r.stderr
    return r.stdout


def npages(pdf: Path) -> int:
    r = run("qpdf", "--show-npages", str(pdf))
    assert r.returncode == 0, r.stderr
    return int(r.stdout)


def band_means(pdf: Path, page: int):
    """Mean grey of the top and bottom tenth of the rendered page (0 black, 255 white)."""
    prefix = WORK / f"render-{pdf.stem}-{page}"
    r = run("pdftoppm", "-gray", "-r", "24", "-f", str(page), "-l", str(page), "-singlefile", str(pdf), str(prefix))
    assert r.returncode == 0, r.stderr
    raw = Path(f"{prefix}.pgm").read_bytes()
    parts = raw.split(b"\n", 3)
    w, h = map(int, parts[1].split())
    px = parts[3]

    def mean(y0, y1):
        vals = [px[y * w + x] for y in range(int(y0 * h), int(y1 * h)) for x in range(int(0.1 * w), int(0.9 * w))]
        return sum(vals) / len(vals)

    return mean(0, 0.1), mean(0.9, 1.0)


@pytest.fixture(scope="session")
def packs():
    """The December pack as the agent left it, and the agent's script run on a fresh folder."""
    WORK.mkdir(parents=True, exist_ok=True)
    fresh = WORK / "March papers"
    make_folder("fresh", fresh)
    before = tree_hashes(fresh)
    out = WORK / "out" / "march pack.pdf"
    r = run("bash", str(SCRIPT), str(fresh), str(out)) if SCRIPT.exists() else None
    return {"december": PACK, "fresh": out, "fresh_run": r, "fresh_before": before, "fresh_after": tree_hashes(fresh)}


BOTH = pytest.mark.parametrize("which", ["december", "fresh"])


def test_pack_written_and_opens_without_password():
    """/app/out/board-pack-2026-12-10.pdf exists, is a sound PDF and opens without a password."""
    assert PACK.is_file()
    r = run("qpdf", "--check", str(PACK))
    assert r.returncode == 0, r.stdout + r.stderr
    r = run("qpdf", "--requires-password", str(PACK))
    assert r.returncode == 2, "the pack must not be encrypted"


def test_script_builds_a_fresh_folder(packs):
    """/app/bin/build-pack.sh FOLDER OUT.pdf builds the pack of another month's folder and exits 0."""
    assert SCRIPT.is_file() and SCRIPT.stat().st_mode & 0o111, "build-pack.sh must exist and be executable"
    r = packs["fresh_run"]
    assert r is not None and r.returncode == 0, (r.stdout + r.stderr)[-2000:] if r else "no script"
    assert packs["fresh"].is_file()
    assert run("qpdf", "--check", str(packs["fresh"])).returncode == 0
    assert run("qpdf", "--requires-password", str(packs["fresh"])).returncode == 2


@BOTH
def test_papers_in_agenda_order_only_those_named(packs, which):
    """The papers the agenda names, in agenda order, whole (the password-protected and the damaged one too), nothing else."""
    pdf = packs[which]
    pages, _ = expected_pages(which)
    assert npages(pdf) == len(pages) + 1, "contents page plus every page of every paper, no drafts"
    for k, exp in enumerate(pages, start=2):
        text = page_text(pdf, k)
        if exp[0] == "text":
            _, ref, i, n = exp
            assert f"{ref} sheet {i}/{n}" in text, f"page {k} should be {ref} page {i} of {n}"
        elif exp[0] == "scan":
            assert "BP/" not in text, f"page {k} should be a scanned page"


@BOTH
def test_missing_paper_gets_paper_to_follow_page(packs, which):
    """A paper the agenda names but the folder lacks gets one page: its number and title and 'Paper to follow'."""
    pdf = packs[which]
    pages, _ = expected_pages(which)
    todo = [(k, exp[1]) for k, exp in enumerate(pages, start=2) if exp[0] == "todo"]
    assert todo
    for k, heading in todo:
        text = " ".join(page_text(pdf, k).split())
        assert heading in text and "Paper to follow" in text, f"page {k}: {text[:200]!r}"


@BOTH
def test_every_page_a4_portrait(packs, which):
    """Every page is A4 portrait (595 x 842 points as displayed), Letter papers scaled to it."""
    pdf = packs[which]
    r = run("pdfinfo", "-f", "1", "-l", "9999", str(pdf))
    sizes = dict(re.findall(r"Page +(\d+) size: +([\d.]+ x [\d.]+)", r.stdout))
    rots = dict(re.findall(r"Page +(\d+) rot: +(\d+)", r.stdout))
    assert len(sizes) == npages(pdf)
    for page, size in sizes.items():
        w, h = (float(v) for v in size.split(" x "))
        if int(rots.get(page, "0")) % 180:
            w, h = h, w
        assert abs(w - 595) <= 1.5 and abs(h - 842) <= 1.5, f"page {page} is {w} x {h} as displayed"


@BOTH
def test_sideways_scans_turned_upright(packs, which):
    """Scanned pages (landscape, top on the left) are turned 90 degrees clockwise: the letterhead is at the top."""
    pdf = packs[which]
    pages, _ = expected_pages(which)
    scans = [k for k, exp in enumerate(pages, start=2) if exp[0] == "scan"]
    assert scans
    for k in scans:
        top, bottom = band_means(pdf, k)
        assert top < 170 and bottom > 200, f"page {k}: letterhead not at the top (top {top:.0f}, bottom {bottom:.0f})"


@BOTH
def test_contents_page(packs, which):
    """Page 1: the heading 'Board meeting, <date written out>', 'Contents', one line per item with its start page."""
    pdf = packs[which]
    _, starts = expected_pages(which)
    text = page_text(pdf, 1)
    day = {"december": "10 December 2026", "fresh": "4 March 2027"}[which]
    assert f"Board meeting, {day}" in text
    assert re.search(r"(?m)^\s*Contents\s*$", text)
    lines = [" ".join(line.split()) for line in text.splitlines()]
    for heading, start in starts:
        pat = re.compile(re.escape(heading) + r"[ .]*" + str(start) + r"$")
        assert any(pat.fullmatch(line) for line in lines), f"no contents line '{heading} ... {start}'"


@BOTH
def test_page_numbers_at_the_foot(packs, which):
    """'Page N of TOTAL' centred in the bottom 60 points of every page but the contents page, which counts as page 1."""
    pdf = packs[which]
    total = npages(pdf)
    foot = ["-x", "0", "-y", "782", "-W", "595", "-H", "60"]
    assert "Page 1 of" not in page_text(pdf, 1), "the contents page carries no number"
    for k in range(2, total + 1):
        text = page_text(pdf, k, *foot)
        assert re.search(rf"\bPage {k} of {total}\b", text), f"page {k}: foot reads {text.strip()!r}"
        r = run("pdftotext", "-f", str(k), "-l", str(k), "-bbox", str(pdf), "-")
        words = re.findall(r'xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)" yMax="([\d.]+)">(?:Page|of)</word>', r.stdout)
        feet = [(float(a), float(b)) for a, b, y in words if float(y) > 782]
        assert feet and abs((min(a for a, _ in feet) + max(b for _, b in feet)) / 2 - 297.5) < 60, f"page {k}: not centred"


@BOTH
def test_one_bookmark_per_item(packs, which):
    """One bookmark per agenda item, in agenda order, titled '<number>. <title>', to the item's first page; no others."""
    pdf = packs[which]
    _, starts = expected_pages(which)
    r = run("qpdf", "--json", "--json-key=outlines", str(pdf))
    assert r.returncode in (0, 3), r.stderr
    outlines = json.loads(r.stdout).get("outlines", [])
    got = [(o["title"], o.get("destpageposfrom1")) for o in outlines]
    assert got == starts
    assert all(not o.get("kids") for o in outlines)


@BOTH
def test_document_properties(packs, which):
    """Title 'Board pack, <date written out>', Author 'Office of the Company Secretary', Subject 'Meeting of the Board of Directors'."""
    pdf = packs[which]
    info = dict(re.findall(r"(?m)^(Title|Author|Subject):\s+(.*)$", run("pdfinfo", str(pdf)).stdout))
    day = {"december": "10 December 2026", "fresh": "4 March 2027"}[which]
    assert info.get("Title") == f"Board pack, {day}"
    assert info.get("Author") == "Office of the Company Secretary"
    assert info.get("Subject") == "Meeting of the Board of Directors"


def test_board_folder_left_as_received(packs):
    """/app/board/2026-12 is exactly as received, and the script changes nothing in the folder it reads."""
    manifest = Path("/var/lib/board/2026-12.sha256").read_text().split("\n")
    want = {line[66:]: line[:64] for line in manifest if line}
    got = {"./" + k: v for k, v in tree_hashes(BOARD).items()}
    assert got == want
    assert packs["fresh_before"] == packs["fresh_after"]


def test_unreadable_paper_stops_the_script():
    """When a paper cannot be read at all, the script exits non-zero, names the file, and writes no pack."""
    folder = WORK / "broken papers"
    make_folder("fresh", folder)
    (folder / "Pension valuation.pdf").write_text("<html><body>Your session has expired.</body></html>\n")
    out = WORK / "out" / "broken.pdf"
    out.unlink(missing_ok=True)
    r = run("bash", str(SCRIPT), str(folder), str(out))
    assert r.returncode != 0
    assert "Pension valuation.pdf" in r.stdout + r.stderr
    assert not out.exists()
