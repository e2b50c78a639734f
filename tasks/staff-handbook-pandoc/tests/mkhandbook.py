#!/usr/bin/env python3
"""Write the staff handbook's Markdown sources: numbered chapters that link to each other by file name
and heading id, images, a draft that must not ship.  Deterministic.  Usage: mkhandbook.py SEED DIR [EXTRA]
(EXTRA: also write a chapter 09, as a later edit would.)
"""

from __future__ import annotations

import random
import struct
import sys
import zlib
from pathlib import Path

TOPICS = [
    ("01-welcome", "Welcome to Acme", ["Who we are", "How this handbook works"]),
    ("02-working-hours", "Working hours", ["Core hours", "Overtime", "Remote days"]),
    ("03-pay", "Pay and expenses", ["Payday", "Travel expenses", "Equipment"]),
    ("04-security", "Security basics", ["Passwords", "Laptops", "Reporting incidents"]),
    ("05-onboarding", "Your first weeks", ["Day one", "Buddy programme"]),
    ("06-benefits", "Benefits", ["Public transport", "Learning budget", "Pension"]),
    ("07-conduct", "Code of conduct", ["Respect", "Conflicts of interest"]),
    ("08-leave", "Leave", ["Holidays", "Sick days", "Parental leave"]),
]
EXTRA = ("09-offboarding", "Leaving Acme", ["Notice periods", "Returning equipment"])
WORDS = ("team office policy manager request approval week month colleague form portal budget contract "
         "calendar meeting travel receipt laptop badge desk schedule holiday").split()


def slug(text: str) -> str:
    return "-".join(text.lower().replace("’", "").split())


def png(rng: random.Random) -> bytes:
    w, h = 24, 16
    rows = b"".join(b"\x00" + bytes(rng.randrange(256) for _ in range(w * 3)) for _ in range(h))
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


def para(rng: random.Random) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(rng.randrange(25, 45))).capitalize() + "."


def build(seed: int, root: Path, extra: bool = False) -> None:
    rng = random.Random(seed)
    chapters = TOPICS + ([EXTRA] if extra else [])
    (root / "chapters").mkdir(parents=True, exist_ok=True)
    (root / "img").mkdir(exist_ok=True)
    targets = [(name, slug(sec)) for name, _, secs in chapters for sec in secs]
    for k, (name, title, sections) in enumerate(chapters):
        lines = [f"# {title}", "", para(rng), ""]
        if k % 3 == 1:
            img = f"{name}.png"
            (root / "img" / img).write_bytes(png(rng))
            lines += [f"![{title}](../img/{img})", ""]
        for sec in sections:
            lines += [f"## {sec}", "", para(rng), ""]
            if rng.random() < 0.6:
                other, anchor = rng.choice([t for t in targets if t[0] != name])
                lines += [f"See [{anchor.replace('-', ' ')}]({other}.md#{anchor}) for details.", ""]
            if rng.random() < 0.4:
                lines += [f"### {sec}: details", "", para(rng), ""]
        if k == 2:
            lines += ["See the [whole chapter on leave](08-leave.md) as well.", ""]
        if k == 5:
            lines += ["Questions go to [HR](mailto:hr@acme.example) or the [portal](https://hr.acme.example/benefits).", ""]
        (root / "chapters" / f"{name}.md").write_text("\n".join(lines), encoding="utf-8")
    (root / "chapters" / "_draft-remote-policy.md").write_text(
        "# Remote policy (DRAFT, not approved)\n\nDo not publish. " + para(rng) + "\n", encoding="utf-8")


if __name__ == "__main__":
    build(int(sys.argv[1]), Path(sys.argv[2]), len(sys.argv) > 3)
