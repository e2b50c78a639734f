#!/usr/bin/env python3
"""Write a supplier's daily JSON Lines product deltas, as messy as its PIM export really is.

Deterministic: the same seed gives the same bytes (the image and the verifier both call it).
Usage: mkfeeds.py SEED OUTDIR [DAY ...]   (days as 2026-12-01; default: three days from 2026-12-01)
"""

from __future__ import annotations

import json
import random
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

NOUNS = [
    "Cordless drill 18V", "Impact driver", "Schraubendreher Größe 2", "Wood screws 4x40 (200)",
    "Masking tape 50 m", "Wall plug set", "Spirit level 60 cm", "Claw hammer", "Pliers set",
    "Paint roller 25 cm", "Wood glue D3", "Sanding sheets P120", "Cable ties 300 mm", "Tile cutter",
    "Façade paint white 10 l", "Extension cord 25 m", "LED work light", "Socket wrench set",
    "Safety goggles", "Work gloves L", "Silicone sealant", "Hex key set", "Jigsaw blades T101B",
    "Mitre box", "Stud finder", "Ladder 3x7", "Garden hose 20 m", "Bit set 32 pcs",
]
OFFSETS = ["+01:00", "+02:00", "-05:00", "+05:30", "-03:30"]


def spaced(rng: random.Random, name: str) -> str:
    """The name as the PIM exports it: stray spaces and tabs around and inside it."""
    words = name.split(" ")
    out = words[0]
    for w in words[1:]:
        out += rng.choice([" ", " ", " ", "  ", "\t", "   "]) + w
    return rng.choice(["", "", " ", "  ", "\t"]) + out + rng.choice(["", "", " ", "  "])


def sku_text(rng: random.Random, sku: str) -> str:
    r = rng.random()
    if r < 0.15:
        sku = sku.lower()
    elif r < 0.22:
        sku = sku[0] + sku[1:].lower()
    return rng.choice(["", "", "", " ", "  "]) + sku + rng.choice(["", "", "", " ", "\t"])


def price_value(rng: random.Random, cents: int) -> object:
    euros, rest = divmod(cents, 100)
    plain = f"{euros}.{rest:02d}"
    comma = f"{euros},{rest:02d}"
    if euros >= 1000:
        comma = f"{euros // 1000}.{euros % 1000:03d},{rest:02d}"
    r = rng.random()
    if r < 0.35:
        return cents / 100 if rest else euros
    if r < 0.55:
        return plain
    if r < 0.70:
        return comma
    if r < 0.80:
        return "€" + plain
    if r < 0.90:
        return plain + " EUR"
    return "EUR " + comma


def stamp(rng: random.Random, when: datetime) -> object:
    r = rng.random()
    if r < 0.6:
        return when.strftime("%Y-%m-%dT%H:%M:%SZ")
    if r < 0.85:
        off = rng.choice(OFFSETS)
        sign = 1 if off[0] == "+" else -1
        delta = timedelta(hours=int(off[1:3]), minutes=int(off[4:6])) * sign
        return (when + delta).strftime("%Y-%m-%dT%H:%M:%S") + off
    return int(when.timestamp())


def stock_value(rng: random.Random) -> object:
    r = rng.random()
    if r < 0.45:
        return rng.choice([0, 0, 1, 3, 12, 40, 250])
    if r < 0.6:
        return str(rng.choice([0, 2, 17]))
    if r < 0.75:
        return rng.choice(["yes", "no", "Yes", "NO"])
    if r < 0.9:
        return rng.choice([True, False])
    return None


def build(seed: int, outdir: Path, days: list[str]) -> None:
    rng = random.Random(seed)
    pool = [f"HX-{rng.randrange(10000, 99999)}" for _ in range(900)]
    pool = sorted(set(pool))
    names = {s: rng.choice(NOUNS) + rng.choice(["", "", " pro", " XL", " compact", " – blue"]) for s in pool}
    cents = {s: rng.choice([rng.randrange(99, 5000), rng.randrange(5000, 40000), rng.randrange(100000, 250000)]) for s in pool}
    for s in pool[:6]:  # prices whose float form is not exact in binary
        cents[s] = rng.choice([1999, 2999, 1099, 29, 57, 115, 1005])
    outdir.mkdir(parents=True, exist_ok=True)
    sent: list[dict] = []  # earlier records, re-sent later with the same timestamp
    for day in days:
        base = datetime.fromisoformat(day).replace(tzinfo=timezone.utc)
        lines: list[str] = []
        n = 1100 + rng.randrange(200)
        for _ in range(n):
            r = rng.random()
            if r < 0.012:
                lines.append("")
                continue
            sku = rng.choice(pool)
            when = base + timedelta(seconds=rng.randrange(6 * 3600, 20 * 3600))
            if rng.random() < 0.08:  # a stale record re-sent from days ago
                when -= timedelta(days=rng.randrange(1, 5))
            if rng.random() < 0.25:
                cents[sku] = max(29, cents[sku] + rng.choice([-500, -100, -1, 1, 100, 250]))
            rec: dict[str, object] = {
                "sku": sku_text(rng, sku),
                "name": spaced(rng, names[sku]),
                "price": price_value(rng, cents[sku]),
                "stock": stock_value(rng),
                "updated_at": stamp(rng, when),
            }
            if rng.random() < 0.06:
                rec["status"] = rng.choice(["discontinued", "discontinued", "Discontinued"])
            elif rng.random() < 0.5:
                rec["status"] = "active"
            if rng.random() < 0.3:
                del rec["stock"]
            if sent and rng.random() < 0.03:  # same sku, same instant, another price: the later one wins
                old = rng.choice(sent)
                rec = dict(old)
                rec["price"] = price_value(rng, cents.get(str(old["sku"]).strip().upper(), 999) + 7)
                rec.pop("status", None)
            r = rng.random()
            if r < 0.012:
                rec["sku"] = rng.choice([None, "", "   "])
            elif r < 0.024:
                rec["price"] = rng.choice([None, "", "call us", "n/a"])
            elif r < 0.03:
                del rec["price"]
            keys = list(rec)
            if rng.random() < 0.3:
                rng.shuffle(keys)
            text = json.dumps({k: rec[k] for k in keys}, ensure_ascii=rng.random() < 0.5)
            if rng.random() < 0.012:
                text = text[: rng.randrange(10, len(text) - 5)]
            elif rng.random() < 0.004:
                text = text.replace('"', "'")
            lines.append(text)
            if rec.get("sku") and rec.get("price") not in (None, "", "call us", "n/a"):
                sent.append(rec)
        (outdir / f"{day}.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")


def main() -> None:
    seed = int(sys.argv[1])
    days = sys.argv[3:] or ["2026-12-01", "2026-12-02", "2026-12-03"]
    build(seed, Path(sys.argv[2]), days)


if __name__ == "__main__":
    main()
