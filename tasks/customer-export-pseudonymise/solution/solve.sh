#!/bin/bash
# Reference solution: /app/pseudonymise.sh runs the export through one small stage per rule of the
# data-sharing agreement (consent, dates, birth year and districts, small districts, free text,
# tokens, columns), in a scratch copy; then it is run on /app/export into /app/share.
set -euo pipefail

# The shared helpers: reading and writing the three tables, the key, the customer id as a number.
mkdir -p /app/pseudo/stages
cat > /app/pseudo/csvio.py <<'PY'
"""Read and write the export's three tables in a working folder; the key; the customer id."""
import csv
import hashlib
import hmac
from pathlib import Path

TABLES = ("customers", "orders", "tickets")


def load(work):
    """Each table as (field names, rows as dicts)."""
    out = {}
    for name in TABLES:
        with open(Path(work) / f"{name}.csv", newline="", encoding="utf-8") as f:
            reader = csv.DictReader(f)
            rows = list(reader)
            out[name] = (list(reader.fieldnames or []), rows)
    return out


def save(work, tables):
    """Write the tables back (standard CSV, quoted where needed)."""
    for name, (fields, rows) in tables.items():
        with open(Path(work) / f"{name}.csv", "w", newline="", encoding="utf-8") as f:
            writer = csv.DictWriter(f, fieldnames=fields, extrasaction="ignore", lineterminator="\r\n")
            writer.writeheader()
            writer.writerows(rows)


def key(path):
    """The key: the key file's text without its trailing newline."""
    return Path(path).read_bytes().rstrip(b"\n")


def raw_id(value):
    """The customer id as a number (orders.csv pads it with zeros; a guest has none)."""
    return value.strip().lstrip("0")


def mac(k, text):
    """HMAC-SHA256 of text under the key, lower-case hex."""
    return hmac.new(k, text.encode(), hashlib.sha256).hexdigest()
PY

# The driver: the agreed command line, the key file from PSEUDO_KEY_FILE or /etc/pseudo/share.key.
cat > /app/pseudo/run.py <<'PY'
"""pseudonymise.sh EXPORT_DIR OUT_DIR: every stage in order on a scratch copy, then the three tables."""
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

if len(sys.argv) != 3:
    sys.exit("usage: pseudonymise.sh EXPORT_DIR OUT_DIR")
src, out = Path(sys.argv[1]), Path(sys.argv[2])
key_file = os.environ.get("PSEUDO_KEY_FILE", "/etc/pseudo/share.key")
if not os.access(key_file, os.R_OK):
    sys.exit(f"cannot read the key file {key_file}")
tables = ("customers.csv", "orders.csv", "tickets.csv")
with tempfile.TemporaryDirectory() as work:
    for name in tables:
        shutil.copyfile(src / name, Path(work) / name)
    for stage in sorted(Path("/app/pseudo/stages").glob("*.py")):
        subprocess.run([sys.executable, str(stage), work, key_file], check=True)
    out.mkdir(parents=True, exist_ok=True)
    for name in tables:
        shutil.copyfile(Path(work) / name, out / name)
PY
printf '#!/bin/sh\n# Pseudonymise a CRM export for a data-sharing request: pseudonymise.sh EXPORT_DIR OUT_DIR\nexec python3 /app/pseudo/run.py "$@"\n' > /app/pseudonymise.sh
chmod 0755 /app/pseudonymise.sh

# Consent: customers who said no are left out, with their orders and tickets; so are rows of no known customer.
cat > /app/pseudo/stages/10-consent.py <<'PY'
import sys

sys.path.insert(0, "/app/pseudo")
from csvio import load, raw_id, save

tables = load(sys.argv[1])
fields, customers = tables["customers"]
shared = [c for c in customers if c["share_consent"].strip().lower() != "no"]
known = {raw_id(c["customer_id"]) for c in shared}
tables["customers"] = (fields, shared)
for name in ("orders", "tickets"):
    f, rows = tables[name]
    tables[name] = (f, [r for r in rows if raw_id(r["customer_id"]) in known])
save(sys.argv[1], tables)
PY

# Dates: every date of a person moves by that person's offset; signup_date is day/month/year; ISO out.
cat > /app/pseudo/stages/20-dates.py <<'PY'
import sys
from datetime import datetime, timedelta

sys.path.insert(0, "/app/pseudo")
from csvio import key, load, mac, raw_id, save

k = key(sys.argv[2])


def offset(value):
    return timedelta(days=int(mac(k, "shift:" + raw_id(value))[:8], 16) % 365 - 182)


tables = load(sys.argv[1])
for c in tables["customers"][1]:
    when = datetime.strptime(c["signup_date"].strip(), "%d/%m/%Y") + offset(c["customer_id"])
    c["signup_date"] = when.strftime("%Y-%m-%d")
for o in tables["orders"][1]:
    when = datetime.strptime(o["order_date"].strip(), "%Y-%m-%d") + offset(o["customer_id"])
    o["order_date"] = when.strftime("%Y-%m-%d")
for t in tables["tickets"][1]:
    when = datetime.strptime(t["opened_at"].strip(), "%Y-%m-%d %H:%M:%S") + offset(t["customer_id"])
    t["opened_at"] = when.strftime("%Y-%m-%d %H:%M:%S")
save(sys.argv[1], tables)
PY

# Birth year (not shifted) and the postcode district (the outward code).
cat > /app/pseudo/stages/30-generalise.py <<'PY'
import sys

sys.path.insert(0, "/app/pseudo")
from csvio import load, save

tables = load(sys.argv[1])
fields, customers = tables["customers"]
for c in customers:
    c["birth_year"] = c["birth_date"].strip()[:4]
    c["postcode_district"] = "".join(c["postcode"].split()).upper()[:-3]
tables["customers"] = (fields + ["birth_year", "postcode_district"], customers)
save(sys.argv[1], tables)
PY

# Small districts: fewer than 10 shared customers in a district makes it OTHER.
cat > /app/pseudo/stages/40-small-districts.py <<'PY'
import sys
from collections import Counter

sys.path.insert(0, "/app/pseudo")
from csvio import load, save

tables = load(sys.argv[1])
customers = tables["customers"][1]
counts = Counter(c["postcode_district"] for c in customers)
for c in customers:
    if counts[c["postcode_district"]] < 10:
        c["postcode_district"] = "OTHER"
save(sys.argv[1], tables)
PY

# Free text: email addresses and phone numbers in ticket messages become [EMAIL] and [PHONE].
cat > /app/pseudo/stages/50-scrub.py <<'PY'
import re
import sys

sys.path.insert(0, "/app/pseudo")
from csvio import load, save

EMAIL = re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}")
PHONE = re.compile(r"(?:\+44 ?(?:\(0\) ?)?|\(0\d+\) ?|0)\d[\d -]*\d")

tables = load(sys.argv[1])
for t in tables["tickets"][1]:
    text = EMAIL.sub("[EMAIL]", t["message"])
    t["message"] = PHONE.sub(lambda m: "[PHONE]" if len(re.sub(r"\D", "", m.group())) >= 10 else m.group(), text)
save(sys.argv[1], tables)
PY

# Tokens: the customer id (as a number) becomes pid, the first 16 hex characters of its HMAC-SHA256.
cat > /app/pseudo/stages/60-tokens.py <<'PY'
import sys

sys.path.insert(0, "/app/pseudo")
from csvio import key, load, mac, raw_id, save

k = key(sys.argv[2])
tables = load(sys.argv[1])
for name, (fields, rows) in tables.items():
    for r in rows:
        r["pid"] = mac(k, raw_id(r["customer_id"]))[:16]
    tables[name] = (fields + ["pid"], rows)
save(sys.argv[1], tables)
PY

# Columns: only what the agreement lists, in its order.
cat > /app/pseudo/stages/70-columns.py <<'PY'
import sys

sys.path.insert(0, "/app/pseudo")
from csvio import load, save

COLUMNS = {
    "customers": ["pid", "birth_year", "postcode_district", "signup_date", "loyalty_tier"],
    "orders": ["order_id", "pid", "order_date", "total_gbp", "status"],
    "tickets": ["ticket_id", "pid", "opened_at", "channel", "message"],
}
tables = load(sys.argv[1])
save(sys.argv[1], {name: (COLUMNS[name], rows) for name, (_, rows) in tables.items()})
PY

# This request: the real export into /app/share.
/app/pseudonymise.sh /app/export /app/share

# Check: three files, the orders join to the customers, no email left.
ls -l /app/share
python3 -c "import csv; c = {r['pid'] for r in csv.DictReader(open('/app/share/customers.csv'))}; o = list(csv.DictReader(open('/app/share/orders.csv'))); print(len(c), 'customers,', len(o), 'orders,', sum(r['pid'] not in c for r in o), 'orders without a customer')"
