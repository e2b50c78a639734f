#!/usr/bin/env python3
"""Make a CRM customer export (customers.csv, orders.csv, tickets.csv) with the CRM's mess.

Usage: make_export.py OUT_DIR SEED.  The same seed gives the same bytes.  The image's /app/export
is seed 1; the verifier makes a fresh export with another seed and runs the agent's script on it.
"""

import csv
import random
import sys
from datetime import date, datetime, timedelta
from pathlib import Path

FIRST = (
    "Olivia Amelia Isla Ava Mia Ivy Lily Isabella Rosie Sophia Grace Freya Willow Florence Emily Ella Poppy "
    "Evie Elsie Charlotte Oliver George Noah Arthur Leo Muhammad Harry Oscar Archie Henry Theodore Freddie "
    "Jack Charlie Finley Alfie Thomas Jacob Lucas Isaac Priya Aisha Tomasz Agnieszka Siobhan Declan Eilidh"
).split()
LAST = (
    "Smith Jones Taylor Brown Williams Wilson Johnson Davies Patel Wright Robinson Thompson Evans Walker White "
    "Roberts Green Hall Wood Jackson Clarke Khan Lewis Harris Hughes Edwards Murphy O'Brien McLeod Kowalski "
    "Ahmed Begum Campbell Kelly Morgan Price Bennett Shaw Chapman Ellis Hussain Fraser Doherty"
).split()
STREETS = "High Street|Station Road|Church Lane|Victoria Road|Mill Lane|Park Avenue|Queens Road|The Crescent|Manor Way|Kings Road".split(
    "|"
)
# (district, town, weight): a few big districts and a tail of small ones, so that the small-district rule bites.
DISTRICTS = [
    ("M1", "Manchester", 30),
    ("M14", "Manchester", 22),
    ("LS6", "Leeds", 26),
    ("LS1", "Leeds", 12),
    ("SW1A", "London", 9),
    ("E1", "London", 28),
    ("N1", "London", 20),
    ("EC2A", "London", 8),
    ("B15", "Birmingham", 18),
    ("BS1", "Bristol", 16),
    ("G12", "Glasgow", 14),
    ("EH3", "Edinburgh", 13),
    ("CF10", "Cardiff", 11),
    ("NE1", "Newcastle", 10),
    ("L8", "Liverpool", 9),
    ("OX1", "Oxford", 6),
    ("CB2", "Cambridge", 5),
    ("YO1", "York", 4),
    ("BT9", "Belfast", 3),
    ("PL4", "Plymouth", 2),
    ("IV2", "Inverness", 1),
    ("TR18", "Penzance", 1),
]
TIERS = ["bronze", "silver", "gold", "platinum"]
STATUS = ["delivered", "delivered", "delivered", "dispatched", "returned", "cancelled"]
CHANNELS = ["email", "phone", "chat", "web form"]
AGENTS = ["Priya N.", "Dan K.", "Marta S.", "Joe B.", "Aoife R."]
CONSENT_NO = ["no", "No", "NO", " no", "no "]
DOMAINS = ["gmail.com", "outlook.com", "yahoo.co.uk", "btinternet.com", "icloud.com", "proton.me"]


def postcode(rng: random.Random, district: str) -> str:
    """A full postcode in one of the CRM's spellings (upper, lower, with or without the space)."""
    inward = f"{rng.randint(0, 9)}{rng.choice('ABDEFGHJLNPQRSTUWXYZ')}{rng.choice('ABDEFGHJLNPQRSTUWXYZ')}"
    spelling = rng.random()
    if spelling < 0.7:
        return f"{district} {inward}"
    if spelling < 0.85:
        return f"{district}{inward}".lower() if rng.random() < 0.5 else f"{district}{inward}"
    return f"{district.lower()} {inward.lower()}"


def mobile(rng: random.Random) -> str:
    """A UK mobile number in one of the spellings people type."""
    n = f"7{rng.randint(100, 999)}{rng.randint(100000, 999999)}"
    return rng.choice(
        [
            f"0{n[:4]} {n[4:]}",
            f"0{n}",
            f"+44 {n[:4]} {n[4:]}",
            f"+44{n}",
        ]
    )


def landline(rng: random.Random) -> str:
    """A UK landline in one of the spellings people type."""
    return rng.choice(
        [
            f"(020) 7{rng.randint(100, 999)} {rng.randint(1000, 9999)}",
            f"020 7{rng.randint(100, 999)} {rng.randint(1000, 9999)}",
            f"0161-{rng.randint(200, 999)}-{rng.randint(1000, 9999)}",
            f"+44 (0)113 {rng.randint(200, 999)} {rng.randint(1000, 9999)}",
            f"0131 {rng.randint(200, 999)} {rng.randint(1000, 9999)}",
        ]
    )


def email_of(rng: random.Random, first: str, last: str) -> str:
    """An email address, sometimes with capitals, dots, a plus tag or a subdomain."""
    local = rng.choice([f"{first}.{last}", f"{first[0]}{last}", f"{first}{rng.randint(1, 99)}", f"{last}.{first}"])
    local = local.replace("'", "")
    if rng.random() < 0.2:
        local += "+shop"
    if rng.random() < 0.25:
        local = local.capitalize() if rng.random() < 0.5 else local.upper()
    else:
        local = local.lower()
    return f"{local}@{rng.choice(DOMAINS)}"


MESSAGES = [
    "Hi, my parcel for order {order} hasn't arrived. Can you call me on {phone}? Thanks, {first}",
    'The "express" delivery took 6 days, which is not express. Order {order}. Reply to {email} please.',
    "I moved house. New number is {phone}, old one was {phone2}. Please update, {first} {last}",
    "Return label for order {order} never came through to {email}, could you resend it?",
    "Wrong size sent (ordered M, got XL).\nPlease ring {phone} after 5pm, or email {email}.",
    "Loyalty points missing from order {order}, I'm {tier} tier. {first}",
    "Can I change the delivery address on order {order}? Call {phone}.",
    "Please stop sending texts to {phone}, emails to {email} are fine.",
    "Damaged on arrival, photos sent from {email2} (my work address). Order {order}, ticket ref #{ref}.",
    "Just checking the price match, 3 items, £{amount}, ta",
    "Hi! Voucher code SPRING{ref} didn't work on order {order}, total was £{amount}.",
    "Courier left it with number 14, not 41; I'm on {phone}, partner on {phone2}.",
]


def main() -> None:
    out = Path(sys.argv[1])
    rng = random.Random(int(sys.argv[2]))
    out.mkdir(parents=True, exist_ok=True)
    n_customers = rng.randint(380, 420)
    ids = rng.sample(range(100000, 999999), n_customers)
    customers = []
    weights = [w for _, _, w in DISTRICTS]
    for cid in ids:
        first, last = rng.choice(FIRST), rng.choice(LAST)
        district, town, _ = rng.choices(DISTRICTS, weights)[0]
        born = date(1940, 1, 1) + timedelta(days=rng.randint(0, 365 * 65))
        signup = date(2016, 1, 1) + timedelta(days=rng.randint(0, 365 * 8))
        consent = rng.choice(CONSENT_NO) if rng.random() < 0.09 else rng.choice(["yes", "yes", "Yes", "YES"])
        customers.append(
            {
                "customer_id": str(cid),
                "first_name": first,
                "last_name": last,
                "email": email_of(rng, first, last),
                "phone": mobile(rng),
                "birth_date": born.isoformat(),
                "street": f"{rng.randint(1, 240)} {rng.choice(STREETS)}",
                "city": town,
                "postcode": postcode(rng, district),
                "signup_date": signup.strftime("%d/%m/%Y"),
                "loyalty_tier": rng.choice(TIERS),
                "marketing_opt_in": rng.choice(["Y", "N"]),
                "share_consent": consent,
            }
        )
    with open(out / "customers.csv", "w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=list(customers[0]), lineterminator="\r\n")
        w.writeheader()
        w.writerows(customers)

    orders = []
    order_ids = rng.sample(range(5000000, 5999999), 1500)
    for oid in sorted(order_ids[: rng.randint(1300, 1500)]):
        roll = rng.random()
        if roll < 0.03:
            cid = ""  # a guest checkout
        elif roll < 0.05:
            cid = f"{rng.randint(100000, 999999):08d}"  # a deleted account
        else:
            cid = f"{int(rng.choice(customers)['customer_id']):08d}"
        when = date(2023, 1, 1) + timedelta(days=rng.randint(0, 700))
        district = rng.choices(DISTRICTS, weights)[0][0]
        orders.append(
            {
                "order_id": str(oid),
                "customer_id": cid,
                "order_date": when.isoformat(),
                "delivery_postcode": postcode(rng, district),
                "total_gbp": f"{rng.randint(5, 400)}.{rng.randint(0, 99):02d}",
                "card_last4": f"{rng.randint(0, 9999):04d}",
                "status": rng.choice(STATUS),
            }
        )
    with open(out / "orders.csv", "w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=list(orders[0]), lineterminator="\r\n")
        w.writeheader()
        w.writerows(orders)

    by_id = {c["customer_id"]: c for c in customers}
    tickets = []
    for tid in range(70001, 70001 + rng.randint(520, 600)):
        if rng.random() < 0.03:
            cid = ""
        else:
            cid = rng.choice(customers)["customer_id"]
        c = by_id.get(cid) or {"first_name": "Sam", "last_name": "Guest", "loyalty_tier": "bronze"}
        first, last = c["first_name"], c["last_name"]
        message = rng.choice(MESSAGES).format(
            order=rng.choice(orders)["order_id"],
            phone=c.get("phone") if c.get("phone") and rng.random() < 0.5 else rng.choice([mobile, landline])(rng),
            phone2=rng.choice([mobile, landline])(rng),
            email=c.get("email") or email_of(rng, first, last),
            email2=f"{first.lower()}.{last.lower().replace(chr(39), '')}@{rng.choice(['nhs.net', 'acme-logistics.co.uk', 'ed.ac.uk'])}",
            first=first,
            last=last,
            tier=c["loyalty_tier"],
            ref=rng.randint(10000, 99999),
            amount=f"{rng.randint(10, 300)}.{rng.randint(0, 99):02d}",
        )
        opened = datetime(2023, 1, 1) + timedelta(seconds=rng.randint(0, 700 * 86400))
        tickets.append(
            {
                "ticket_id": str(tid),
                "customer_id": cid,
                "opened_at": opened.strftime("%Y-%m-%d %H:%M:%S"),
                "channel": rng.choice(CHANNELS),
                "agent_name": rng.choice(AGENTS),
                "message": message,
            }
        )
    with open(out / "tickets.csv", "w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=list(tickets[0]), lineterminator="\r\n")
        w.writeheader()
        w.writerows(tickets)


if __name__ == "__main__":
    main()
