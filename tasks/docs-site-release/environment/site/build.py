#!/usr/bin/env python3
"""Builds the docs into public/ (first version: flat pages, copies static/ as is)."""
import shutil
import time
from pathlib import Path

import markdown

ROOT = Path(__file__).resolve().parent
TEMPLATE = (ROOT / "templates" / "page.html").read_text()


def front_matter(text):
    meta = {}
    if text.startswith("---\n"):
        head, _, text = text[4:].partition("\n---\n")
        for line in head.splitlines():
            key, _, value = line.partition(":")
            meta[key.strip()] = value.strip()
    return meta, text


def main():
    out = ROOT / "public"
    out.mkdir(exist_ok=True)
    for src in sorted((ROOT / "content").rglob("*.md")):
        meta, body = front_matter(src.read_text())
        html = markdown.markdown(body, extensions=["fenced_code", "tables", "toc"])
        page = (TEMPLATE.replace("{{ title }}", meta.get("title", src.stem))
                .replace("{{ site_title }}", "Acme Docs")
                .replace("{{ css }}", "/style.css")
                .replace("{{ content }}", html)
                .replace("{{ version }}", ""))
        page = f"<!-- generated {time.strftime('%Y-%m-%d %H:%M:%S')} -->\n" + page
        (out / f"{src.stem}.html").write_text(page)
    shutil.copytree(ROOT / "static", out, dirs_exist_ok=True)


if __name__ == "__main__":
    main()
