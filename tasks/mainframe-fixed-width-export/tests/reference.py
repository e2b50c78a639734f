"""The verifier's own reading of a TXNDAILY export, written from the instruction's rules."""

import csv
import datetime as dt
import io
from decimal import Decimal

LRECL = 64


def zoned(b: bytes, signed: bool) -> int | None:
    if not b:
        return None
    digits = []
    for i, x in enumerate(b):
        zone, d = x >> 4, x & 0xF
        if d > 9:
            return None
        last = i == len(b) - 1
        if zone == 0xF or (signed and last and zone in (0xC, 0xD)):
            digits.append(str(d))
        else:
            return None
    v = int("".join(digits))
    return -v if signed and b[-1] >> 4 == 0xD else v


def packed(b: bytes, scale: int) -> Decimal | None:
    nib = [n for x in b for n in (x >> 4, x & 0xF)]
    if any(n > 9 for n in nib[:-1]) or nib[-1] not in (0xC, 0xD, 0xF):
        return None
    v = Decimal(int("".join(str(n) for n in nib[:-1]))).scaleb(-scale)
    return -v if nib[-1] == 0xD else v


def date(b: bytes) -> str | None:
    s = b.decode("cp037")
    if not (len(s) == 8 and s.isdigit()):
        return None
    try:
        return dt.date(int(s[:4]), int(s[4:6]), int(s[6:])).isoformat()
    except ValueError:
        return None


def convert(data: bytes, dup_rule: str = "first-accepted") -> dict | None:
    """Everything the converter must produce for ``data``, or None when the file is not whole."""
    if not data or len(data) % LRECL:
        return None
    recs = [data[i : i + LRECL] for i in range(0, len(data), LRECL)]
    if len(recs) < 2 or recs[0][:1].decode("cp037") != "H" or recs[-1][:1].decode("cp037") != "T":
        return None
    head, trl = recs[0], recs[-1]
    rows, rejects = [], []
    seen: set[int] = set()
    seen_any: set[int] = set()
    total = Decimal("0.00")
    for no, r in enumerate(recs[1:-1], start=2):
        bad = None
        if r[:1].decode("cp037") != "D":
            bad = ("DTL-REC-TYPE", "BAD_TYPE")
        txn = zoned(r[1:11], False)
        post = date(r[23:31])
        amount = packed(r[31:37], 2)
        qty = zoned(r[37:42], True)
        rate = packed(r[42:46], 4)
        if bad is None:
            for name, val, reason in (
                ("DTL-TXN-ID", txn, "BAD_NUMERIC"),
                ("DTL-POST-DATE", post, "BAD_DATE"),
                ("DTL-AMOUNT", amount, "BAD_NUMERIC"),
                ("DTL-QUANTITY", qty, "BAD_NUMERIC"),
                ("DTL-RATE", rate, "BAD_NUMERIC"),
            ):
                if val is None:
                    bad = (name, reason)
                    break
        if bad is None:
            dup = txn in seen if dup_rule == "first-accepted" else txn in seen_any
            if dup:
                bad = ("DTL-TXN-ID", "DUPLICATE")
        if txn is not None and r[:1].decode("cp037") == "D":
            seen_any.add(txn)
        if bad is not None:
            rejects.append([str(no), bad[0], bad[1], r.hex().upper()])
            continue
        seen.add(txn)
        total += amount
        rows.append(
            [
                str(txn),
                r[11:23].decode("cp037").rstrip(" "),
                post,
                f"{amount:.2f}",
                str(qty),
                f"{rate:.4f}",
                r[46:62].decode("cp037").rstrip(" "),
            ]
        )
    t_count = zoned(trl[1:10], False)
    t_amount = packed(trl[10:18], 2)
    read = len(recs) - 2
    hd = head[9:17].decode("cp037")
    recon = {
        "file_id": head[1:9].decode("cp037").rstrip(" "),
        "business_date": f"{hd[:4]}-{hd[4:6]}-{hd[6:]}",
        "branch": head[17:21].decode("cp037").rstrip(" "),
        "trailer_count": t_count,
        "read_count": read,
        "accepted_count": len(rows),
        "rejected_count": len(rejects),
        "trailer_amount": f"{t_amount:.2f}",
        "accepted_amount": f"{total:.2f}",
        "suspense_amount": f"{t_amount - total:.2f}",
        "balanced": read == t_count,
    }
    return {"rows": rows, "rejects": rejects, "recon": recon}


def csv_text(header: list[str], rows: list[list[str]]) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(header)
    w.writerows(rows)
    return buf.getvalue()


TXN_HEADER = ["txn_id", "account", "post_date", "amount", "quantity", "rate", "merchant"]
REJ_HEADER = ["record_no", "field", "reason", "raw_hex"]
