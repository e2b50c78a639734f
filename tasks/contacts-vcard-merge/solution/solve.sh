#!/bin/bash
# Reference solution: a small vCard parser (folding, quoted-printable, groups), union-find over emails and numbers,
# writing the merged vCards; then the mail-merge CSV.
set -euo pipefail
cat > /app/merge_contacts.py <<'PY'
#!/usr/bin/env python3
"""Merge the address books: one vCard 3.0 per person (/app/out/contacts.vcf)."""
import quopri
import re
import sys
from pathlib import Path

SRC = Path(sys.argv[1] if len(sys.argv) > 1 else "/app/contacts")
OUT = Path(sys.argv[2] if len(sys.argv) > 2 else "/app/out")
ORDER = ["nextcloud-export.vcf", "icloud-export.vcf", "phone-android.vcf"]  # precedence, highest first


def logical_lines(text):
    lines = []
    for raw in text.replace("\r\n", "\n").split("\n"):
        if raw[:1] in (" ", "\t") and lines:
            lines[-1] += raw[1:]  # folding
        elif lines and lines[-1].endswith("=") and "QUOTED-PRINTABLE" in lines[-1].split(":", 1)[0].upper():
            lines[-1] = lines[-1][:-1] + raw  # quoted-printable soft line break
        else:
            lines.append(raw)
    return lines


def cards(path):
    card = None
    for line in logical_lines(path.read_text(encoding="utf-8")):
        if line.upper() == "BEGIN:VCARD":
            card = {"FN": None, "N": None, "ORG": None, "EMAIL": [], "TEL": []}
        elif line.upper() == "END:VCARD":
            yield card
            card = None
        elif card is not None and ":" in line:
            head, value = line.split(":", 1)
            name, *params = head.split(";")
            name = name.split(".")[-1].upper()
            if any(p.upper() == "ENCODING=QUOTED-PRINTABLE" for p in params):
                value = quopri.decodestring(value.encode()).decode("utf-8")
            if name in ("FN", "N", "ORG") and value.strip():
                card[name] = value.strip().rstrip(";") if name == "ORG" else value.strip()
            elif name == "EMAIL" and value.strip():
                card["EMAIL"].append(value.strip().lower())
            elif name == "TEL" and value.strip():
                card["TEL"].append(e164(value))


def e164(value):
    v = value.strip()
    if v.lower().startswith("tel:"):
        v = v[4:]
    v = v.replace("(0)", "")
    v = re.sub(r"[\s\-/().]", "", v)
    if v.startswith("00"):
        v = "+" + v[2:]
    elif v.startswith("0"):
        v = "+49" + v[1:]
    return v


def main():
    allc = []
    for rank, name in enumerate(ORDER):
        for c in cards(SRC / name):
            c["rank"] = rank
            allc.append(c)
    parent = list(range(len(allc)))

    def find(i):
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    seen = {}
    for i, c in enumerate(allc):
        for key in [("e", e) for e in c["EMAIL"]] + [("t", t) for t in c["TEL"]]:
            if key in seen:
                parent[find(i)] = find(seen[key])
            else:
                seen[key] = i
    groups = {}
    for i in range(len(allc)):
        groups.setdefault(find(i), []).append(allc[i])
    people = []
    for members in groups.values():
        members.sort(key=lambda c: c["rank"])
        pick = lambda f: next((c[f] for c in members if c[f]), None)
        best = next(c for c in members if c["FN"])
        people.append({"FN": best["FN"], "N": best["N"] or "", "ORG": pick("ORG"),
                       "EMAIL": sorted({e for c in members for e in c["EMAIL"]}),
                       "TEL": sorted({t for c in members for t in c["TEL"]})})
    people.sort(key=lambda p: (p["FN"], p["EMAIL"][:1], p["TEL"][:1]))
    OUT.mkdir(parents=True, exist_ok=True)
    out = []
    for p in people:
        lines = ["BEGIN:VCARD", "VERSION:3.0", f"FN:{p['FN']}", f"N:{p['N']}"]
        if p["ORG"]:
            lines.append(f"ORG:{p['ORG']}")
        lines += [f"EMAIL;TYPE=INTERNET:{e}" for e in p["EMAIL"]] + [f"TEL:{t}" for t in p["TEL"]] + ["END:VCARD"]
        out += [fold(l) for l in lines]
    (OUT / "contacts.vcf").write_bytes(("\r\n".join(out) + "\r\n").encode("utf-8"))
    print(f"{len(allc)} cards -> {len(people)} people")


def fold(line):
    b, parts = line.encode("utf-8"), []
    while len(b) > 75:
        cut = 75
        while (b[cut] & 0xC0) == 0x80:
            cut -= 1
        parts.append(b[:cut].decode())
        b = b" " + b[cut:]
    parts.append(b.decode())
    return "\r\n".join(parts)


if __name__ == "__main__":
    main()
PY
python3 /app/merge_contacts.py /app/contacts /app/out
# Check: CRLF only, every number in E.164, no quoted-printable left.
! grep -q $'[^\r]$' /app/out/contacts.vcf
! grep '^TEL:' /app/out/contacts.vcf | tr -d '\r' | grep -vqE '^TEL:\+[1-9][0-9]{6,14}$'
! grep -q '=C3=' /app/out/contacts.vcf
# The mail-merge CSV, one line per person in the address book's order.
python3 - <<'PY'
from pathlib import Path

script = Path("/app/merge_contacts.py")
src = script.read_text()
vcf = '    (OUT / "contacts.vcf").write_bytes(("\\r\\n".join(out) + "\\r\\n").encode("utf-8"))\n'
edits = [
    ("vCard 3.0 per person (/app/out/contacts.vcf).", "vCard 3.0 per person (/app/out/contacts.vcf) and a mail-merge CSV."),
    ("import quopri\n", "import csv\nimport quopri\n"),
    (vcf, vcf + '''    with open(OUT / "contacts.csv", "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\\n")
        w.writerow(["name", "email", "phone", "org"])
        for p in people:
            w.writerow([p["FN"], (p["EMAIL"] or [""])[0], (p["TEL"] or [""])[0], p["ORG"] or ""])
'''),
]
for old, new in edits:
    assert src.count(old) == 1, f"merge_contacts.py changed: {old!r}"
    src = src.replace(old, new)
script.write_text(src)
PY
python3 /app/merge_contacts.py /app/contacts /app/out
head -n 3 /app/out/contacts.csv
