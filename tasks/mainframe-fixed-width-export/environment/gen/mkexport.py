"""Generate a TXNDAILY export as the host writes it: EBCDIC (code page 037), RECFM=FB, LRECL=64.

One header, the detail records, one trailer with control totals. A share of the detail records is
damaged the way real transfers and host programs damage them (spaces in numeric fields, low-values,
impossible dates, bad sign nibbles, re-sent blocks). Deterministic for a given seed.

    python3 mkexport.py OUT_FILE --seed N --details N [--date CCYYMMDD] [--lost N] [--no-trailer]
"""

import argparse
import datetime as dt
import random

LRECL = 64
CP = "cp037"
MERCHANTS = [
    "CAFÉ LUMIÈRE", "MÜLLER & SÖHNE", "SMITH, JONES LTD", 'THE "BIG" DINER', "O'BRIEN'S PUB",
    "PEÑA HARDWARE", "STRAßENBAHN KÖLN", "FJØRD FISK AS", "GARÇON BAKERY", "ACME SUPPLY",
    "CITY PARKING", "NORTHWIND TRADER", "BLUE BOTTLE #42", "ZOO & AQUARIUM", "BAR | GRILL",
    "BIG!DEAL OUTLET", "TOYS [R] US", "ÅSA KIOSK", "DRY CLEAN 24/7", "GAS-N-GO 0815",
]


def text(s: str, n: int) -> bytes:
    b = s.ljust(n)[:n].encode(CP)
    assert len(b) == n
    return b


def zoned(value: int, n: int, signed: bool, rnd: random.Random) -> bytes:
    digits = f"{abs(value):0{n}d}"
    out = bytearray(0xF0 | int(d) for d in digits)
    if signed:
        zone = 0xD0 if value < 0 else rnd.choice((0xC0, 0xC0, 0xF0))
        out[-1] = zone | int(digits[-1])
    return bytes(out)


def packed(value: int, digits: int, rnd: random.Random) -> bytes:
    s = f"{abs(value):0{digits}d}"
    sign = 0xD if value < 0 else rnd.choice((0xC, 0xC, 0xC, 0xF))
    nibbles = [int(c) for c in s] + [sign]
    return bytes((nibbles[i] << 4) | nibbles[i + 1] for i in range(0, len(nibbles), 2))


def detail(rnd: random.Random, txn: int, day: dt.date) -> tuple[bytearray, int]:
    cents = 0
    while cents == 0:
        cents = rnd.choice((-1, 1, 1, 1, 1)) * int(rnd.lognormvariate(8.5, 1.3))
        cents = max(-99_999_999_99, min(99_999_999_99, cents))
    qty = rnd.choice((1, 1, 1, 2, 3, 5, 12, rnd.randint(1, 900))) * (-1 if cents < 0 else 1)
    rate = rnd.randint(1, 9_999_999) * (-1 if rnd.random() < 0.03 else 1)
    account = rnd.choice(("ACC", "DE", "GB", "")) + str(rnd.randint(10**6, 10**9))
    post = day - dt.timedelta(days=rnd.choice((0, 0, 0, 1, 1, 2, 3)))
    rec = bytearray()
    rec += text("D", 1)
    rec += zoned(txn, 10, False, rnd)
    rec += text(account, 12)
    rec += text(post.strftime("%Y%m%d"), 8)
    rec += packed(cents, 11, rnd)
    rec += zoned(qty, 5, True, rnd)
    rec += packed(rate, 7, rnd)
    rec += text(rnd.choice(MERCHANTS), 16)
    rec += text("", 2)
    assert len(rec) == LRECL
    return rec, cents


def damage(rec: bytearray, kind: str, rnd: random.Random) -> bytearray:
    """Damage one detail record in place the way transfers and host programs do."""
    if kind == "low-values":
        return bytearray(LRECL)
    if kind == "spaces":
        return bytearray(b"\x40" * LRECL)
    if kind == "type-x":
        rec[0:1] = text("X", 1)
    elif kind == "txn-spaces":
        rec[1:4] = b"\x40\x40\x40"
    elif kind == "date-impossible":
        rec[23:31] = text(rnd.choice(("20261131", "20260229", "20261301", "20261100")), 8)
    elif kind == "date-zero":
        rec[23:31] = text("00000000", 8)
    elif kind == "date-and-amount":
        rec[23:31] = text("20260431", 8)
        rec[31:37] = b"\x40" * 6
    elif kind == "amount-spaces":
        rec[31:37] = b"\x40" * 6
    elif kind == "amount-digit":
        rec[33] = (rec[33] & 0x0F) | 0xA0
    elif kind == "qty-space":
        rec[39] = 0x40
    elif kind == "qty-last-space":
        rec[41] = 0x40
    elif kind == "rate-sign":
        rec[45] = (rec[45] & 0xF0) | rnd.choice((0x0, 0xE, 0xA))
    else:
        raise ValueError(kind)
    return rec


KINDS = [
    "low-values", "spaces", "type-x", "txn-spaces", "date-impossible", "date-zero", "date-and-amount",
    "amount-spaces", "amount-digit", "qty-space", "qty-last-space", "rate-sign",
]


def build(seed: int, details: int, day: dt.date, lost: int, trailer: bool) -> bytes:
    rnd = random.Random(seed)
    records: list[bytes] = []
    intended = 0
    txn = rnd.randint(4_100_000_000, 4_200_000_000)
    plain: list[tuple[int, bytes]] = []  # (txn id, record) of undamaged records, for re-sends
    damaged_ids: list[tuple[int, bytes]] = []
    kinds = [KINDS[i % len(KINDS)] for i in range(max(len(KINDS) * 2, details // 60))]
    rnd.shuffle(kinds)
    slots = set(rnd.sample(range(10, details - 10), len(kinds)))
    resend_slots = set(rnd.sample(sorted(set(range(40, details)) - slots), max(4, details // 400)))
    revive_slots = set(rnd.sample(sorted(set(range(60, details)) - slots - resend_slots), 3))
    k = 0
    for i in range(details):
        if i in resend_slots and plain:
            # The host re-sends an earlier block after a restart: the same record again, or a
            # corrected one under the same transaction id.
            old_id, old = rnd.choice(plain[-200:])
            rec = bytearray(old)
            if rnd.random() < 0.5:
                new, cents = detail(rnd, old_id, day)
                rec = new
            else:
                cents = int(_unpack(bytes(rec[31:37])))
            records.append(bytes(rec))
            intended += cents
            continue
        if i in revive_slots and damaged_ids:
            # The first copy of this transaction was rejected (a bad date); this one is sound.
            old_id, _ = damaged_ids.pop(0)
            rec, cents = detail(rnd, old_id, day)
            records.append(bytes(rec))
            intended += cents
            continue
        txn += rnd.choice((1, 1, 1, 2, 3, 7))
        rec, cents = detail(rnd, txn, day)
        intended += cents
        if i in slots:
            kind = kinds[k]
            k += 1
            rec = damage(rec, kind, rnd)
            if kind in ("date-impossible", "date-zero"):
                damaged_ids.append((txn, bytes(rec)))
        else:
            plain.append((txn, bytes(rec)))
        records.append(bytes(rec))
    header = text("H", 1) + text("TXNDAILY", 8) + text(day.strftime("%Y%m%d"), 8) + text("0042", 4) + text("", 43)
    count = len(records) + lost
    trl = text("T", 1) + zoned(count, 9, False, rnd) + packed(intended, 15, rnd) + text("", 46)
    assert len(header) == LRECL and len(trl) == LRECL
    return header + b"".join(records) + (trl if trailer else b"")


def _unpack(b: bytes) -> int:
    nib = [n for x in b for n in (x >> 4, x & 0xF)]
    v = int("".join(str(n) for n in nib[:-1]))
    return -v if nib[-1] == 0xD else v


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--details", type=int, required=True)
    ap.add_argument("--date", default="20261130")
    ap.add_argument("--lost", type=int, default=0, help="records the trailer counts that are not in the file")
    ap.add_argument("--no-trailer", action="store_true", help="a transfer cut off before the trailer")
    a = ap.parse_args()
    day = dt.datetime.strptime(a.date, "%Y%m%d").date()
    data = build(a.seed, a.details, day, a.lost, not a.no_trailer)
    with open(a.out, "wb") as f:
        f.write(data)


if __name__ == "__main__":
    main()
