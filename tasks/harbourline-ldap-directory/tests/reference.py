"""The verifier's own reading of HR's staff export, written from the instruction's rules."""

import csv
import re
import unicodedata

GROUPS = {"engineering": 5001, "finance": 5002, "sales": 5003, "customer-service": 5004,
          "warehouse": 5005}


def _squeeze(value):
    return " ".join((value or "").split())


def _uid_from_name(first, last):
    folded = unicodedata.normalize("NFKD", (first[:1] + last).lower())
    folded = "".join(ch for ch in folded if not unicodedata.combining(ch))
    return re.sub("[^a-z0-9]", "", folded)


def expected(path):
    """Return {uid: attributes} of the people to import and {group: (gid, set of uids)}."""
    with open(path, encoding="utf-8-sig", newline="") as fh:
        reader = csv.reader(fh)
        header = [h.strip() for h in next(reader)]
        rows = [dict(zip(header, r)) for r in reader if any(f.strip() for f in r)]
    last = {}
    for row in rows:
        number = int(re.sub(r"\D", "", row["Employee ID"]))
        last[number] = row
    people = {}
    groups = {name: (gid, set()) for name, gid in GROUPS.items()}
    for number, row in last.items():
        if _squeeze(row["Status"]).lower() not in ("active", "on leave"):
            continue
        first, sn = _squeeze(row["First Name"]), _squeeze(row["Last Name"])
        uid = row["Username"].strip().lower() or _uid_from_name(first, sn)
        given = _squeeze(row["Preferred Name"]) or first
        dept = _squeeze(row["Department"]).lower().replace(" ", "-")
        people[uid] = {
            "uid": uid,
            "givenName": given,
            "sn": sn,
            "cn": f"{given} {sn}",
            "mail": f"{uid}@harbourline.com",
            "employeeNumber": str(number),
            "uidNumber": str(10000 + number),
            "gidNumber": str(GROUPS[dept]),
            "homeDirectory": f"/home/{uid}",
            "loginShell": "/usr/sbin/nologin" if dept == "warehouse" else "/bin/bash",
        }
        groups[dept][1].add(uid)
    return people, groups


def initial_passwords(path):
    """{uid: password} from the helpdesk's list."""
    out = {}
    for line in open(path, encoding="utf-8").read().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        uid, pw = line.split("\t", 1)
        out[uid.strip()] = pw
    return out


def parse_ldif(text):
    """Parse LDIF (folded lines, base64 values) into a list of (dn, {attr lower: [values]})."""
    import base64

    lines = []
    for raw in text.splitlines():
        if raw.startswith(" ") and lines:
            lines[-1] += raw[1:]
        else:
            lines.append(raw)
    entries, dn, attrs = [], None, {}
    for line in lines + [""]:
        if line.startswith("#"):
            continue
        if not line.strip():
            if dn is not None:
                entries.append((dn, attrs))
            dn, attrs = None, {}
            continue
        if line.startswith("version:") and dn is None:
            continue
        key, _, value = line.partition(":")
        if value.startswith(":"):
            value = base64.b64decode(value[1:].strip()).decode("utf-8")
        else:
            value = value.strip()
        if key.lower() == "dn":
            dn = value
        else:
            attrs.setdefault(key.lower(), []).append(value)
    return entries


def norm_dn(dn):
    """A DN compared case-insensitively, without spaces around the separators."""
    return ",".join("=".join(p.strip() for p in rdn.split("=", 1)) for rdn in dn.split(",")).lower()
