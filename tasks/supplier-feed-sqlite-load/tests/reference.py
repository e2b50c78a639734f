"""What loading supplier feeds must produce: the rules of the instruction, written out in Python."""

from __future__ import annotations

import json
import re
from datetime import datetime, timezone
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from pathlib import Path

Row = tuple[str, str, int, int, str, str]  # sku, name, price_cents, in_stock, updated_at, source


def cents(value: object) -> int | None:
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, (int, float)):
        return int(Decimal(repr(value)).scaleb(2).quantize(Decimal(1), ROUND_HALF_UP))
    if not isinstance(value, str):
        return None
    text = value.replace("€", "").replace("EUR", "").strip()
    if "," in text:
        text = text.replace(".", "").replace(",", ".")
    if not re.fullmatch(r"\d+(\.\d+)?", text):
        return None
    try:
        return int(Decimal(text).scaleb(2).quantize(Decimal(1), ROUND_HALF_UP))
    except InvalidOperation:
        return None


def utc(value: object) -> str:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        when = datetime.fromtimestamp(int(value), timezone.utc)
    else:
        when = datetime.fromisoformat(str(value).replace("Z", "+00:00")).astimezone(timezone.utc)
    return when.strftime("%Y-%m-%dT%H:%M:%SZ")


def in_stock(value: object) -> int:
    if value is True:
        return 1
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return int(value > 0)
    if isinstance(value, str):
        v = value.strip().lower()
        if v == "yes":
            return 1
        if re.fullmatch(r"\d+", v):
            return int(int(v) > 0)
    return 0


def records(feed: Path) -> tuple[list[tuple[str, str, int, int, str, bool, str]], list[str]]:
    """(sku, name, cents, in_stock, updated_at, discontinued, source) in file order, and the rejects."""
    good, rejects = [], []
    for number, line in enumerate(feed.read_text(encoding="utf-8").split("\n")[:-1], start=1):
        if not line.strip():
            continue
        try:
            rec = json.loads(line)
        except ValueError:
            rec = None
        if not isinstance(rec, dict):
            rejects.append(f"{feed.name}\t{number}\tbad-json")
            continue
        sku = rec.get("sku")
        if not isinstance(sku, str) or not sku.strip():
            rejects.append(f"{feed.name}\t{number}\tno-sku")
            continue
        price = cents(rec.get("price"))
        if price is None:
            rejects.append(f"{feed.name}\t{number}\tno-price")
            continue
        name = " ".join(str(rec.get("name") or "").split())
        status = str(rec.get("status") or "").strip().lower()
        good.append((sku.strip().upper(), name, price, in_stock(rec.get("stock")), utc(rec["updated_at"]),
                     status == "discontinued", feed.name))
    return good, rejects


def load(feeds: list[Path], state: dict[str, tuple] | None = None) -> tuple[dict[str, tuple], list[str]]:
    """Load feeds in order on top of state (sku -> record); the newest updated_at wins, a tie goes to the later one."""
    state = dict(state or {})
    all_rejects: list[str] = []
    for feed in feeds:
        good, rejects = records(feed)
        all_rejects += rejects
        for rec in good:
            old = state.get(rec[0])
            if old is None or rec[4] >= old[4]:
                state[rec[0]] = rec
    return state, all_rejects


def tables(state: dict[str, tuple]) -> tuple[list[Row], list[tuple[str, str, str]]]:
    products = sorted((r[0], r[1], r[2], r[3], r[4], r[6]) for r in state.values() if not r[5])
    gone = sorted((r[0], r[4], r[6]) for r in state.values() if r[5])
    return products, gone
