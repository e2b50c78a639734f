#!/bin/bash
# Reference solution: parse the mailbox with the standard library (email, mailbox) and file the PDFs,
# then write the index.
set -euo pipefail
cat > /app/extract_invoices.py <<'PY'
#!/usr/bin/env python3
"""Extract the PDF invoices of a mailbox: /app/invoices/<YYYY-MM>/<domain>/<file>."""
import datetime as dt
import email.utils
import hashlib
import mailbox
import re
import sys
from email import policy
from pathlib import Path

MBOX = Path(sys.argv[1] if len(sys.argv) > 1 else "/app/mail/accounts-2024.mbox")
OUT = Path(sys.argv[2] if len(sys.argv) > 2 else "/app/invoices")


def pdfs(msg, owner):
    """(owner message, file name, bytes) of every PDF attachment; a forwarded message owns its own parts."""
    for part in msg.iter_parts() if msg.is_multipart() else []:
        if part.get_content_type() == "message/rfc822":
            inner = part.get_payload(0)
            yield from pdfs(inner, inner)
        elif part.is_multipart():
            yield from pdfs(part, owner)
        else:
            name = part.get_filename()
            data = part.get_payload(decode=True) or b""
            if name and data.startswith(b"%PDF-"):
                yield owner, re.split(r"[\\/]", name)[-1], data


def utc(msg):
    return email.utils.parsedate_to_datetime(str(msg["Date"])).astimezone(dt.timezone.utc)


def main():
    box = mailbox.mbox(str(MBOX), factory=None, create=False)
    found, seen_ids = [], set()
    for raw in box:
        msg = email.message_from_bytes(raw.as_bytes(), policy=policy.default)
        if str(msg.get("X-Spam-Flag", "")).strip().upper() == "YES":
            continue
        mid = str(msg["Message-ID"]).strip()
        if mid in seen_ids:
            continue
        seen_ids.add(mid)
        for owner, name, data in pdfs(msg, msg):
            when = utc(owner)
            domain = email.utils.parseaddr(str(owner["From"]))[1].rsplit("@", 1)[1].lower()
            found.append((when, str(owner["Message-ID"]).strip(), domain, name, data))
    found.sort(key=lambda f: (f[0], f[1], f[3]))
    rows, taken = [], {}
    for when, mid, domain, name, data in found:
        month = when.strftime("%Y-%m")
        folder = OUT / month / domain
        digest = hashlib.sha256(data).hexdigest()
        stem, dot, ext = name.rpartition(".")
        candidate, n = name, 1
        while (folder / candidate) in taken and taken[folder / candidate] != digest:
            n += 1
            candidate = f"{stem}-{n}.{ext}" if dot else f"{name}-{n}"
        if taken.get(folder / candidate) == digest:
            continue  # the same file again (resent under another Message-ID)
        folder.mkdir(parents=True, exist_ok=True)
        (folder / candidate).write_bytes(data)
        taken[folder / candidate] = digest
        rows.append([month, domain, candidate, digest, mid, when.strftime("%Y-%m-%dT%H:%M:%SZ")])
    print(f"{len(rows)} invoices from {len(seen_ids)} messages")


if __name__ == "__main__":
    main()
PY
python3 /app/extract_invoices.py /app/mail/accounts-2024.mbox /app/invoices
# Check: the PDFs filed so far.
find /app/invoices -type f | sort
# The index: one line per filed file, by date, then file name.
python3 - <<'PY'
from pathlib import Path

script = Path("/app/extract_invoices.py")
src = script.read_text()
index = '''    with open(OUT / "index.csv", "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\\n")
        w.writerow(["month", "domain", "file", "sha256", "message_id", "date_utc"])
        w.writerows(sorted(rows, key=lambda r: (r[5], r[2])))
'''
edits = [
    ("<domain>/<file>.", "<domain>/<file> and index.csv."),
    ("import datetime as dt\n", "import csv\nimport datetime as dt\n"),
    ('    print(f"{len(rows)} invoices', index + '    print(f"{len(rows)} invoices'),
]
for old, new in edits:
    assert src.count(old) == 1, f"extract_invoices.py changed: {old!r}"
    src = src.replace(old, new)
script.write_text(src)
PY
python3 /app/extract_invoices.py /app/mail/accounts-2024.mbox /app/invoices
# Check: every indexed file is there with its bytes; no spam domain; the mailbox alone in /app/mail.
tail -n +2 /app/invoices/index.csv | while IFS=, read -r month domain file sha rest; do
    echo "$sha  /app/invoices/$month/$domain/$file"
done | sha256sum -c --quiet
! grep -q 'dhl-paket' /app/invoices/index.csv
ls /app/mail
