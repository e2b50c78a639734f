"""The verifier's own pseudonymisation of an export: what each output table must hold, row by row."""

import csv
import hashlib
import hmac
import re
from collections import Counter
from datetime import datetime, timedelta
from pathlib import Path

SMALL_DISTRICT = 10
COLUMNS = {
    "customers": ["pid", "birth_year", "postcode_district", "signup_date", "loyalty_tier"],
    "orders": ["order_id", "pid", "order_date", "total_gbp", "status"],
    "tickets": ["ticket_id", "pid", "opened_at", "channel", "message"],
}
_EMAIL = re.compile(r"[\w.%+-]+@[\w-]+(?:\.[\w-]+)+")
# A UK number as people type it: +44 (optionally "(0)"), a bracketed area code, or a leading 0; then digits,
# spaces and hyphens, ending on a digit; at least ten digits in all.
_PHONE = re.compile(r"(?:\+44 ?(?:\(0\) ?)?|\(0\d{2,4}\) ?|0)\d[\d -]*\d")


def read(path: Path) -> list[dict]:
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def number(customer_id: str) -> str:
    return customer_id.strip().lstrip("0")


def _mac(key: bytes, text: str) -> str:
    return hmac.new(key, text.encode(), hashlib.sha256).hexdigest()


def token(key: bytes, customer_id: str) -> str:
    return _mac(key, number(customer_id))[:16]


def shift(key: bytes, customer_id: str) -> timedelta:
    return timedelta(days=int(_mac(key, "shift:" + number(customer_id))[:8], 16) % 365 - 182)


def scrub(text: str) -> str:
    text = _EMAIL.sub("[EMAIL]", text)
    return _PHONE.sub(lambda m: "[PHONE]" if sum(ch.isdigit() for ch in m.group()) >= 10 else m.group(), text)


def opted_out(export: Path) -> list[dict]:
    return [c for c in read(export / "customers.csv") if c["share_consent"].strip().lower() == "no"]


def expected(export: Path, key: bytes) -> dict[str, list[dict]]:
    """The three output tables, rows in the export's order, as the instruction defines them."""
    customers = [c for c in read(export / "customers.csv") if c["share_consent"].strip().lower() != "no"]
    shared = {number(c["customer_id"]) for c in customers}
    districts = {c["customer_id"]: "".join(c["postcode"].split()).upper()[:-3] for c in customers}
    counts = Counter(districts.values())
    out_c = []
    for c in customers:
        d = districts[c["customer_id"]]
        signup = datetime.strptime(c["signup_date"].strip(), "%d/%m/%Y") + shift(key, c["customer_id"])
        out_c.append(
            {
                "pid": token(key, c["customer_id"]),
                "birth_year": c["birth_date"][:4],
                "postcode_district": d if counts[d] >= SMALL_DISTRICT else "OTHER",
                "signup_date": signup.strftime("%Y-%m-%d"),
                "loyalty_tier": c["loyalty_tier"],
            }
        )
    out_o = []
    for o in read(export / "orders.csv"):
        if number(o["customer_id"]) in shared:
            when = datetime.strptime(o["order_date"], "%Y-%m-%d") + shift(key, o["customer_id"])
            out_o.append(
                {
                    "order_id": o["order_id"],
                    "pid": token(key, o["customer_id"]),
                    "order_date": when.strftime("%Y-%m-%d"),
                    "total_gbp": o["total_gbp"],
                    "status": o["status"],
                }
            )
    out_t = []
    for t in read(export / "tickets.csv"):
        if number(t["customer_id"]) in shared:
            when = datetime.strptime(t["opened_at"], "%Y-%m-%d %H:%M:%S") + shift(key, t["customer_id"])
            out_t.append(
                {
                    "ticket_id": t["ticket_id"],
                    "pid": token(key, t["customer_id"]),
                    "opened_at": when.strftime("%Y-%m-%d %H:%M:%S"),
                    "channel": t["channel"],
                    "message": scrub(t["message"]),
                }
            )
    return {"customers": out_c, "orders": out_o, "tickets": out_t}
