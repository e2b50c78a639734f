"""Verifier for staff-handbook-pandoc: the built handbook (HTML and ODT) against its sources, and build.sh
run again on a copy of the sources with a chapter added."""

import hashlib
import re
import shutil
import subprocess
import sys
import zipfile
from html.parser import HTMLParser
from pathlib import Path

import pytest

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))
import mkhandbook  # noqa: E402  (the generator the sources came from)

BOOK = Path("/app/handbook")


class Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.hrefs: list[str] = []
        self.toc_hrefs: list[str] = []
        self.imgs: list[str] = []
        self.stylesheets: list[str] = []
        self.headings: list[tuple[str, str]] = []
        self.numbers: list[str] = []
        self.text: list[str] = []
        self.title = ""
        self._stack: list[str] = []
        self._in_toc = 0
        self._heading: str | None = None
        self._number = False
        self._title = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "id" in a:
            self.ids.add(a["id"])
        if tag == "nav" and a.get("id") == "TOC":
            self._in_toc = 1
        elif self._in_toc and tag == "nav":
            self._in_toc += 1
        if tag == "a" and "href" in a:
            self.hrefs.append(a["href"])
            if self._in_toc:
                self.toc_hrefs.append(a["href"])
        if tag == "img":
            self.imgs.append(a.get("src", ""))
        if tag == "link" and "stylesheet" in (a.get("rel") or ""):
            self.stylesheets.append(a.get("href", ""))
        if tag in ("h1", "h2", "h3") and not self._in_toc and "title" not in (a.get("class") or "").split():
            self._heading = tag
            self.headings.append((tag, a.get("id", "")))
        if tag == "span" and "header-section-number" in (a.get("class") or "") and self._heading:
            self._number = True
        if tag == "title":
            self._title = True

    def handle_endtag(self, tag):
        if tag == "nav" and self._in_toc:
            self._in_toc -= 1
        if tag == self._heading:
            self._heading = None
        if tag == "span":
            self._number = False
        if tag == "title":
            self._title = False

    def handle_data(self, data):
        self.text.append(data)
        if self._number:
            self.numbers.append(data.strip())
        if self._title:
            self.title += data


def page(path: Path) -> tuple[Page, str]:
    html = path.read_text(encoding="utf-8")
    p = Page()
    p.feed(html)
    return p, html


def sources(root: Path) -> list[Path]:
    return sorted(p for p in (root / "chapters").glob("*.md") if not p.name.startswith("_"))


def expected_headings(root: Path) -> list[tuple[str, str]]:
    out = []
    for chapter in sources(root):
        for line in chapter.read_text(encoding="utf-8").splitlines():
            m = re.match(r"^(#{1,3}) (.*)$", line)
            if m:
                out.append((f"h{len(m.group(1))}", m.group(2)))
    return out


def check_html(root: Path) -> None:
    path = root / "out" / "handbook.html"
    assert path.is_file(), f"{path} is missing"
    p, html = page(path)
    heads = expected_headings(root)
    assert [h for h, _ in p.headings] == [h for h, _ in heads], "the chapters are not all there, in file-name order"
    assert "Acme Staff Handbook" in p.title
    assert "DRAFT" not in html and "Remote policy" not in html, "a draft chapter was built"
    # numbered sections: 1, 1.1, 1.1.1 ...
    assert p.numbers[:2] == ["1", "1.1"], p.numbers[:3]
    assert len(p.numbers) == len(heads)
    # TOC of depth 2: every chapter and section, no level-3 heading
    wanted = [f"#{i}" for (h, i) in p.headings if h in ("h1", "h2")]
    assert p.toc_hrefs == wanted, "the table of contents is not chapters and sections (depth 2)"
    # one self-contained file
    assert not p.stylesheets, "the stylesheet is linked, not embedded"
    assert "--acme-brand" in html, "handbook.css is not in the page"
    assert p.imgs and all(src.startswith("data:image/png;base64,") for src in p.imgs), "images are not embedded"
    # links between chapters resolve inside the document
    assert not [h for h in p.hrefs if re.search(r"\.md(?:#|$)", h)], "links still point at .md files"
    internal = [h[1:] for h in p.hrefs if h.startswith("#")]
    assert internal and all(i in p.ids for i in internal), [i for i in internal if i not in p.ids][:5]
    assert "mailto:hr@acme.example" in p.hrefs and "https://hr.acme.example/benefits" in p.hrefs


def check_odt(root: Path) -> None:
    path = root / "out" / "handbook.odt"
    assert path.is_file(), f"{path} is missing"
    z = zipfile.ZipFile(path)
    styles = z.read("styles.xml").decode()
    content = z.read("content.xml").decode()
    assert "Acme_20_Handbook" in styles, "the ODT does not use reference.odt's styles"
    assert "<text:table-of-content" in content, "the ODT has no table of contents"
    assert re.search(r'<text:table-of-content-source[^>]*text:outline-level="2"', content), "the ODT's table of contents is not depth 2"
    assert any(n.startswith("Pictures/") for n in z.namelist()), "the ODT has no embedded images"
    hrefs = re.findall(r'xlink:href="([^"]*)"', content)
    assert not [h for h in hrefs if re.search(r"\.md(?:#|$)", h)], "the ODT still links to .md files"
    assert "DRAFT" not in content
    assert "Acme Staff Handbook" in content or "Acme Staff Handbook" in z.read("meta.xml").decode()


@pytest.fixture(scope="module")
def rebuilt(tmp_path_factory) -> Path:
    """build.sh run on a copy of the sources, where the People team added a ninth chapter."""
    root = tmp_path_factory.mktemp("copy") / "handbook"
    shutil.copytree(BOOK, root, ignore=shutil.ignore_patterns("out", "chapters", "img"))
    mkhandbook.build(58, root, extra=True)
    run = subprocess.run(["bash", str(root / "build.sh")], cwd="/", capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-1500:]
    return root


def test_html_handbook():
    """out/handbook.html: one self-contained page (CSS and images embedded) of every chapter in file-name order without drafts, with the title from metadata.yaml, numbered sections, a table of contents of depth 2, and chapter links that resolve inside the page."""
    check_html(BOOK)


def test_odt_handbook():
    """out/handbook.odt: the same handbook on the styles of reference.odt, with a table of contents of depth 2, embedded images and no links to .md files."""
    check_odt(BOOK)


def test_build_script_on_changed_sources(rebuilt):
    """build.sh builds both outputs next to itself, wherever it is run from, from whatever chapters are there (a new chapter 09 included, drafts left out)."""
    check_html(rebuilt)
    check_odt(rebuilt)
    p, _ = page(rebuilt / "out" / "handbook.html")
    assert "#leaving-acme" in p.toc_hrefs


def test_chapter_links_to_whole_chapters(rebuilt):
    """A link to a chapter file without a heading (08-leave.md) goes to that chapter's title."""
    p, html = page(rebuilt / "out" / "handbook.html")
    assert '<a href="#leave">whole chapter on leave</a>' in html


def test_sources_unchanged():
    """The chapters, images, metadata.yaml, handbook.css and reference.odt are the People team's: they stay as they are."""
    for line in (HERE / "sources.sha256").read_text().splitlines():
        digest, name = line.split()
        assert hashlib.sha256((BOOK / name).read_bytes()).hexdigest() == digest, f"{name} was changed"
    # reference.odt is written when the image is built; its checksum was recorded then
    digest = Path("/var/lib/handbook/reference.sha256").read_text().split()[0]
    assert hashlib.sha256((BOOK / "reference.odt").read_bytes()).hexdigest() == digest, "reference.odt was changed"
