#!/usr/bin/env python3
"""Checks every internal link (href/src starting with one '/') in public/**/*.html."""
import re
import sys
from pathlib import Path

OUT = Path(__file__).resolve().parent / "public"
LINK = re.compile(r'(?:href|src)="(/[^"/][^"]*|/)"')

broken = []
for page in sorted(OUT.rglob("*.html")):
    for target in LINK.findall(page.read_text(encoding="utf-8")):
        path = target.split("#", 1)[0].split("?", 1)[0]
        file = OUT / path.lstrip("/")
        if path.endswith("/"):
            file = file / "index.html"
        if not file.is_file():
            broken.append(f"BROKEN {page.relative_to(OUT).as_posix()} {target}")
print("\n".join(broken) if broken else "all internal links ok")
sys.exit(1 if broken else 0)
