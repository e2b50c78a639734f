"""Verifier for docs-site-release: the Makefile's targets, run on fresh copies of /app/site."""
import gzip
import hashlib
import io
import os
import re
import shutil
import subprocess
import tarfile
import tomllib
from pathlib import Path, PurePosixPath

import markdown
import pytest

SITE = Path("/app/site")
ORIGINALS = {
    "site.toml": "1ff0bb655f7a4c06063eb469b1ed4f938ef375ae689f5f9670a0b8c38bf05f38",
    "templates/page.html": "85114929456b939f108e05a5f61f2cc68a394bf765fa075e63f844bb73dcae5b",
    "static/style.css": "8235fa9d1b6b6839e091a38bc78b79217a8102bd89c005637c31f7f5625e743e",
    "static/img/logo.svg": "a7e0ee862f55f55cb943f3a771dcc8c68c8f89fc3197e7adfe064db4d0f1a1df",
    "static/robots.txt": "0502537b982cfdc896cc19fc34a36710396ce13b2895051085df8bbae390a66e",
    "content/faq.md": "e2e612867bf30f26e5e17a2d2d4de6cd267bb6c0b3693003d5718a96ea5b0d9a",
    "content/index.md": "f54f2f69e631cea85fd9354da9ff2feb832bdd72dcf56024f3bf68172aaeb0aa",
    "content/roadmap.md": "a2887be631aaf5c85b120e20db983b0d669279b4f187452b77d48a4a6b49daff",
    "content/blog/2024-release.md": "bc829ab2096efabdd94f0f89da3881c7f83d7b2c2e878f08b27d33f7a4cb3388",
    "content/guide/configure.md": "c995dec15e7dc58acd384e4fd4ae2d607e3f5ecdc19a125e6ead3cd8e523a283",
    "content/guide/install.md": "cf51fe1ec50d7e833c8a5ada7e5ffde6dab37edab37a16b73dfb2a6290135dc6",
}
EPOCH = 1704067200


# ------------------------------------------------------------------ an independent model of the spec


def front_matter(text):
    meta = {}
    if text.startswith("---\n"):
        head, _, text = text[4:].partition("\n---\n")
        for line in head.splitlines():
            key, _, value = line.partition(":")
            meta[key.strip()] = value.strip()
    return meta, text


def url_of(rel: str) -> str:
    p = PurePosixPath(rel)
    parent = "" if str(p.parent) == "." else f"{p.parent}/"
    return f"/{parent}" if p.name == "index.md" else f"/{parent}{p.stem}/"


def output_of(rel: str) -> str:
    p = PurePosixPath(rel)
    return str(p.parent / "index.html") if p.name == "index.md" else str(p.parent / p.stem / "index.html")


def rewrite(html: str, rel: str) -> str:
    base = PurePosixPath(rel).parent

    def fix(m):
        path, hash_, frag = m.group(1).partition("#")
        if re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:", path) or path.startswith("/") or not path.endswith(".md"):
            return m.group(0)
        parts = []
        for part in (base / path).parts:
            if part == "..":
                if parts:
                    parts.pop()
            elif part != ".":
                parts.append(part)
        return f'href="{url_of("/".join(parts))}{hash_}{frag}"'

    return re.sub(r'href="([^"]*)"', fix, html)


def expected_site(src: Path) -> dict[str, bytes]:
    """The whole expected public/ tree, {relative path: bytes}."""
    cfg = tomllib.loads((src / "site.toml").read_text())
    template = (src / "templates/page.html").read_text()
    css = (src / "static/style.css").read_bytes()
    css_url = f"/assets/style.{hashlib.sha256(css).hexdigest()[:8]}.css"
    out = {css_url.lstrip("/"): css}
    for f in (src / "static").rglob("*"):
        rel = f.relative_to(src / "static")
        if f.is_file() and not any(p.startswith(".") for p in rel.parts) and rel.as_posix() != "style.css":
            out[rel.as_posix()] = f.read_bytes()
    urls = []
    for f in sorted((src / "content").rglob("*.md")):
        rel = f.relative_to(src / "content").as_posix()
        meta, body = front_matter(f.read_text())
        if meta.get("draft", "false") == "true":
            continue
        html = rewrite(markdown.markdown(body, extensions=["fenced_code", "tables", "toc"]), rel)
        page = (template.replace("{{ title }}", meta["title"]).replace("{{ site_title }}", cfg["title"])
                .replace("{{ css }}", css_url).replace("{{ content }}", html).replace("{{ version }}", cfg["version"]))
        out[output_of(rel)] = page.encode()
        urls.append((cfg["base_url"] + url_of(rel), meta.get("date")))
    lines = ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">']
    lines += [f"  <url><loc>{loc}</loc>{f'<lastmod>{d}</lastmod>' if d else ''}</url>" for loc, d in sorted(urls)]
    out["sitemap.xml"] = ("\n".join(lines + ["</urlset>"]) + "\n").encode()
    return out


def tree(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


# ------------------------------------------------------------------ helpers


def fresh_copy(tmp_path: Path, name: str = "site") -> Path:
    dest = tmp_path / name
    shutil.copytree(SITE, dest, symlinks=True, ignore=shutil.ignore_patterns(".git", "public", "dist", "__pycache__", "deploy.env"))
    (dest / "static" / ".DS_Store").write_bytes(b"\0\0\0\1Bud1")
    (dest / "static" / ".secret-notes").write_text("do not publish\n")
    return dest


def make(site: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess:
    proc = subprocess.run(["make", *args], cwd=site, capture_output=True, text=True, timeout=120)
    if check:
        assert proc.returncode == 0, f"make {' '.join(args)} failed:\n{proc.stdout[-2000:]}\n{proc.stderr[-2000:]}"
    return proc


def add_page(site: Path, rel: str, title: str, body: str, extra: str = "") -> None:
    path = site / "content" / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"---\ntitle: {title}\n{extra}---\n{body}")


def diff(actual: dict, expected: dict) -> str:
    missing = sorted(set(expected) - set(actual))
    extra = sorted(set(actual) - set(expected))
    changed = sorted(k for k in set(actual) & set(expected) if actual[k] != expected[k])
    return f"missing={missing} unexpected={extra} different={changed}"


# ------------------------------------------------------------------ tests


@pytest.mark.parametrize("rel", sorted(ORIGINALS))
def test_sources_unchanged(rel):
    """Don't change content/, templates/, static/ or site.toml."""
    assert hashlib.sha256((SITE / rel).read_bytes()).hexdigest() == ORIGINALS[rel], f"{rel} was changed"


def test_build_of_the_shipped_sources(tmp_path):
    site = fresh_copy(tmp_path)
    make(site)
    actual, expected = tree(site / "public"), expected_site(site)
    assert actual == expected, diff(actual, expected)


def test_default_goal_is_build_and_rebuild_is_identical(tmp_path):
    """make (same as make build); no build timestamps anywhere: building the same sources twice gives
    byte-identical output."""
    site = fresh_copy(tmp_path)
    make(site, "build")
    first = tree(site / "public")
    for p in (site / "content").rglob("*"):
        os.utime(p, (1e9, 1e9))
    make(site)
    assert tree(site / "public") == first, "a second build differs from the first"


def test_new_pages_links_and_fragments(tmp_path):
    site = fresh_copy(tmp_path)
    add_page(site, "guide/index.md", "Guide", "# Guide\n\n- [Install](install.md#linux)\n- [Home](../index.md)\n"
             "- [Deep](../reference/cli/flags.md#--verbose)\n- [External](https://example.org/a.md)\n"
             "- [Anchor](#guide)\n- [Absolute](/faq/)\n- [Not md](../img/logo.svg)\n")
    add_page(site, "reference/cli/flags.md", "CLI flags", "# Flags\n\n## --verbose\n\nSee [the guide](../../guide/index.md) "
             "and [configure](../../guide/configure.md#proxy).\n", extra="date: 2024-06-01\n")
    add_page(site, "blog/draft-post.md", "Draft", "# Not yet\n", extra="draft: true\n")
    make(site)
    actual, expected = tree(site / "public"), expected_site(site)
    assert actual == expected, diff(actual, expected)
    guide = (site / "public/guide/index.html").read_text()
    assert 'href="/guide/install/#linux"' in guide and 'href="/"' in guide
    assert 'href="/reference/cli/flags/#--verbose"' in guide and 'href="https://example.org/a.md"' in guide
    assert not (site / "public/blog/draft-post").exists()


def test_stale_output_is_removed(tmp_path):
    site = fresh_copy(tmp_path)
    add_page(site, "old-page.md", "Old", "# Old\n")
    make(site)
    assert (site / "public/old-page/index.html").is_file()
    (site / "content/old-page.md").unlink()
    (site / "public/leftover.html").write_text("stale\n")
    make(site)
    actual, expected = tree(site / "public"), expected_site(site)
    assert actual == expected, diff(actual, expected)
    assert not (site / "public/old-page").exists()


def test_css_fingerprint_follows_content(tmp_path):
    site = fresh_copy(tmp_path)
    make(site)
    (site / "static/style.css").write_text("body { color: #123456; }\n")
    make(site)
    actual, expected = tree(site / "public"), expected_site(site)
    assert actual == expected, diff(actual, expected)
    assert len(list((site / "public/assets").glob("style.*.css"))) == 1


def test_check_passes_on_good_links(tmp_path):
    site = fresh_copy(tmp_path)
    proc = make(site, "check")
    assert "BROKEN" not in proc.stdout


@pytest.mark.parametrize(
    "body, expected",
    [
        ("See [missing](guide/missing.md#x).\n", "BROKEN broken-links/index.html /guide/missing/#x"),
        ("See [the roadmap](roadmap.md).\n", "BROKEN broken-links/index.html /roadmap/"),
        ('<img src="/img/nope.png">\n', "BROKEN broken-links/index.html /img/nope.png"),
    ],
)
def test_check_reports_broken_links(tmp_path, body, expected):
    site = fresh_copy(tmp_path)
    add_page(site, "broken-links.md", "Broken", body)
    proc = make(site, "check", check=False)
    assert proc.returncode != 0, "make check passed with a broken link"
    assert expected in proc.stdout.splitlines(), proc.stdout


def _check_tarball(site: Path) -> bytes:
    data = (site / "dist/acme-docs-2.3.0.tar.gz").read_bytes()
    assert data[:2] == b"\x1f\x8b" and data[3] & 0x08 == 0 and data[4:8] == b"\0\0\0\0", "gzip header has a name or a timestamp"
    with tarfile.open(fileobj=io.BytesIO(gzip.decompress(data))) as tf:
        members = tf.getmembers()
        names = [m.name.rstrip("/") for m in members]
        assert names == sorted(names), "tar entries are not sorted by name"
        expected = expected_site(site)
        files = {m.name: tf.extractfile(m).read() for m in members if m.isfile()}
        assert files == {f"acme-docs-2.3.0/{k}": v for k, v in expected.items()}, "tarball content differs from the site"
        dirs = {m.name.rstrip("/") for m in members if m.isdir()}
        wanted = {"acme-docs-2.3.0"} | {str(PurePosixPath("acme-docs-2.3.0", k).parent) for k in expected}
        wanted |= {str(p) for d in list(wanted) for p in PurePosixPath(d).parents if str(p) not in (".", "")}
        assert dirs == wanted, f"folders: {sorted(dirs ^ wanted)}"
        for m in members:
            assert m.mtime == EPOCH, f"{m.name} has mtime {m.mtime}"
            assert (m.uid, m.gid, m.uname, m.gname) == (0, 0, "root", "root"), f"{m.name} owner {m.uname}:{m.gname}"
            assert m.mode & 0o7777 == (0o755 if m.isdir() else 0o644), f"{m.name} mode {oct(m.mode)}"
    return data


def test_dist_tarball(tmp_path):
    site = fresh_copy(tmp_path)
    make(site, "dist")
    _check_tarball(site)


def test_dist_is_reproducible(tmp_path):
    a, b = fresh_copy(tmp_path, "a"), fresh_copy(tmp_path, "b")
    for p in b.rglob("*"):
        os.utime(p, (1.2e9, 1.2e9), follow_symlinks=False)
    make(a, "dist")
    make(b, "dist")
    assert _check_tarball(a) == _check_tarball(b), "two make dist runs differ"


def test_dist_checksum_file(tmp_path):
    """make dist writes dist/acme-docs-<version>.tar.gz.sha256: one line as sha256sum prints it, the SHA-256 of the
    tarball, two spaces and the tarball's file name without a folder, so that sha256sum -c verifies it in dist/;
    it always matches the tarball the same make dist wrote (checked again after a source change)."""
    site = fresh_copy(tmp_path)
    for round_ in (1, 2):
        make(site, "dist")
        data = (site / "dist/acme-docs-2.3.0.tar.gz").read_bytes()
        sums = site / "dist/acme-docs-2.3.0.tar.gz.sha256"
        assert sums.is_file(), "make dist wrote no dist/acme-docs-2.3.0.tar.gz.sha256"
        assert sums.read_text() == f"{hashlib.sha256(data).hexdigest()}  acme-docs-2.3.0.tar.gz\n", (
            f"checksum file (round {round_}) is not sha256sum's line for the tarball: {sums.read_text()!r}")
        proc = subprocess.run(["sha256sum", "-c", sums.name], cwd=site / "dist", capture_output=True, text=True)
        assert proc.returncode == 0, f"sha256sum -c in dist/ fails: {proc.stdout}{proc.stderr}"
        add_page(site, "news.md", "News", "# News\n\nA page added after the first release build.\n")


def test_clean_and_phony_targets(tmp_path):
    site = fresh_copy(tmp_path)
    make(site, "dist")
    make(site, "clean")
    assert not (site / "public").exists() and not (site / "dist").exists(), "make clean left public/ or dist/"
    for name in ("build", "check", "dist", "clean"):
        (site / name).write_text("file named like a target\n")
    make(site, "build")
    assert (site / "public/index.html").is_file(), "make build did nothing while a file named 'build' exists"
    make(site, "clean")
    assert not (site / "public").exists(), "make clean did nothing while a file named 'clean' exists"
