#!/usr/bin/env python3
"""Builds the docs into public/ from content/, templates/page.html, static/ and site.toml.

- content/<path>.md -> public/<path>/index.html (content/<dir>/index.md -> public/<dir>/index.html)
- drafts (draft: true) are left out; public/ is rebuilt from scratch, so removed pages disappear
- links to other .md pages become their URLs (the #fragment is kept)
- static/style.css -> public/assets/style.<sha256[:8]>.css; other static files as they are,
  dotfiles never
- public/sitemap.xml; no timestamps anywhere, so two builds are identical
"""
import hashlib
import re
import shutil
import sys
import tomllib
from pathlib import Path, PurePosixPath

import markdown

ROOT = Path(__file__).resolve().parent
CONTENT = ROOT / "content"
STATIC = ROOT / "static"
OUT = ROOT / "public"
HREF = re.compile(r'href="([^"]*)"')


def front_matter(text):
    meta = {}
    if text.startswith("---\n"):
        head, _, text = text[4:].partition("\n---\n")
        for line in head.splitlines():
            key, _, value = line.partition(":")
            meta[key.strip()] = value.strip()
    return meta, text


def url_of(rel):
    """URL path of a content file, given as a POSIX path relative to content/."""
    rel = PurePosixPath(rel)
    parent = "" if str(rel.parent) == "." else f"{rel.parent}/"
    return f"/{parent}" if rel.name == "index.md" else f"/{parent}{rel.stem}/"


def output_of(rel):
    rel = PurePosixPath(rel)
    if rel.name == "index.md":
        return OUT / rel.parent / "index.html"
    return OUT / rel.parent / rel.stem / "index.html"


def rewrite_links(html, rel):
    base = PurePosixPath(rel).parent

    def fix(m):
        target = m.group(1)
        path, hash_, fragment = target.partition("#")
        if re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:", path) or path.startswith("/") or not path.endswith(".md"):
            return m.group(0)
        parts = []
        for part in (base / path).parts:
            if part == "..":
                if parts:
                    parts.pop()
            elif part != ".":
                parts.append(part)
        return f'href="{url_of("/".join(parts))}{hash_}{fragment}"'

    return HREF.sub(fix, html)


def main():
    site = tomllib.loads((ROOT / "site.toml").read_text())
    template = (ROOT / "templates" / "page.html").read_text()
    if OUT.exists():
        shutil.rmtree(OUT)
    OUT.mkdir()

    css = (STATIC / "style.css").read_bytes()
    css_url = f"/assets/style.{hashlib.sha256(css).hexdigest()[:8]}.css"
    (OUT / css_url.lstrip("/")).parent.mkdir(parents=True, exist_ok=True)
    (OUT / css_url.lstrip("/")).write_bytes(css)
    for src in sorted(STATIC.rglob("*")):
        rel = src.relative_to(STATIC)
        if not src.is_file() or any(part.startswith(".") for part in rel.parts) or rel.as_posix() == "style.css":
            continue
        dest = OUT / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(src, dest)

    pages = []
    for src in sorted(CONTENT.rglob("*.md")):
        rel = src.relative_to(CONTENT).as_posix()
        meta, body = front_matter(src.read_text(encoding="utf-8"))
        if meta.get("draft", "false").lower() == "true":
            continue
        html = rewrite_links(markdown.markdown(body, extensions=["fenced_code", "tables", "toc"]), rel)
        page = (template.replace("{{ title }}", meta["title"])
                .replace("{{ site_title }}", site["title"])
                .replace("{{ css }}", css_url)
                .replace("{{ content }}", html)
                .replace("{{ version }}", site["version"]))
        dest = output_of(rel)
        dest.parent.mkdir(parents=True, exist_ok=True)
        dest.write_text(page, encoding="utf-8")
        pages.append((site["base_url"] + url_of(rel), meta.get("date")))

    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">']
    for loc, date in sorted(pages):
        lastmod = f"<lastmod>{date}</lastmod>" if date else ""
        lines.append(f"  <url><loc>{loc}</loc>{lastmod}</url>")
    lines.append("</urlset>")
    (OUT / "sitemap.xml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"built {len(pages)} pages into {OUT}", file=sys.stderr)


if __name__ == "__main__":
    main()
