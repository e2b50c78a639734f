"""Verifier for customer-export-pseudonymise: /app/pseudonymise.sh re-run on a fresh export with a fresh key,
and /app/share, the pseudonymised copy of /app/export, against the verifier's own pseudonymisation."""

import hashlib
import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))
import reference as ref  # noqa: E402

SCRIPT = Path("/app/pseudonymise.sh")
EXPORT = Path("/app/export")
SHARE = Path("/app/share")
KEY_FILE = Path("/etc/pseudo/share.key")
TABLES = ("customers", "orders", "tickets")


@pytest.fixture(scope="module")
def fresh(tmp_path_factory):
    """A fresh export (another seed), a fresh key in another file, the agent's script run twice on it."""
    root = tmp_path_factory.mktemp("fresh")
    export = root / "export"
    subprocess.run([sys.executable, str(HERE / "make_export.py"), str(export), "20261205"], check=True)
    key = secrets.token_hex(32)
    key_file = root / "rotated.key"
    key_file.write_text(key + "\n")
    env = dict(os.environ, PSEUDO_KEY_FILE=str(key_file))
    runs = []
    for n in (1, 2):
        out = root / f"out{n}"
        proc = subprocess.run(
            ["bash", str(SCRIPT), str(export), str(out)], env=env, capture_output=True, text=True, timeout=300
        )
        runs.append((proc, out))
    return {"export": export, "key": key, "runs": runs, "expected": ref.expected(export, key.encode())}


def out_tables(fresh):
    proc, out = fresh["runs"][0]
    assert proc.returncode == 0, proc.stderr[-2000:]
    return {name: ref.read(out / f"{name}.csv") for name in TABLES}


def column(rows, name):
    return [r.get(name) for r in rows]


def test_script_writes_the_three_tables(fresh):
    """pseudonymise.sh EXPORT_DIR OUT_DIR writes customers.csv, orders.csv and tickets.csv, and nothing else, in OUT_DIR."""
    proc, out = fresh["runs"][0]
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert sorted(p.name for p in out.iterdir()) == ["customers.csv", "orders.csv", "tickets.csv"]


def test_columns_are_the_agreed_ones_in_order(fresh):
    """customers.csv: pid, birth_year, postcode_district, signup_date, loyalty_tier; orders.csv: order_id, pid,
    order_date, total_gbp, status (delivery_postcode dropped); tickets.csv: ticket_id, pid, opened_at, channel, message."""
    _, out = fresh["runs"][0]
    for name in TABLES:
        header = (out / f"{name}.csv").read_text(encoding="utf-8").splitlines()[0]
        assert header.split(",") == ref.COLUMNS[name], name


def test_customer_tokens_are_keyed_hmac_of_the_id(fresh):
    """pid is the first 16 lower-case hex characters of HMAC-SHA256 of the customer id, keyed with the key file
    named by PSEUDO_KEY_FILE (rows in the export's order)."""
    got = out_tables(fresh)["customers"]
    assert column(got, "pid") == column(fresh["expected"]["customers"], "pid")


def test_padded_order_ids_join_to_their_customer(fresh):
    """orders.csv pads the customer id with zeros; the token is of the number, so every order joins to its customer."""
    got = out_tables(fresh)
    pids = set(column(got["customers"], "pid"))
    assert got["orders"] and all(r["pid"] in pids for r in got["orders"])
    assert column(got["orders"], "pid") == column(fresh["expected"]["orders"], "pid")


def test_tickets_join_to_their_customer(fresh):
    """The same customer has the same pid in every table: every ticket joins to its customer."""
    got = out_tables(fresh)
    pids = set(column(got["customers"], "pid"))
    assert got["tickets"] and all(r["pid"] in pids for r in got["tickets"])
    assert column(got["tickets"], "pid") == column(fresh["expected"]["tickets"], "pid")


def test_customers_who_said_no_are_left_out_everywhere(fresh):
    """Customers whose share_consent is no (any case, any spaces) are left out with their orders and tickets."""
    got = out_tables(fresh)
    key = fresh["key"].encode()
    gone = {ref.token(key, c["customer_id"]) for c in ref.opted_out(fresh["export"])}
    assert gone
    for name in TABLES:
        assert not gone & set(column(got[name], "pid")), name


def test_orders_and_tickets_without_a_known_customer_are_dropped(fresh):
    """Guest orders and tickets (no customer id) and rows of deleted accounts are not shared."""
    got = out_tables(fresh)
    assert column(got["orders"], "order_id") == column(fresh["expected"]["orders"], "order_id")
    assert column(got["tickets"], "ticket_id") == column(fresh["expected"]["tickets"], "ticket_id")


def test_signup_dates_shifted_and_iso(fresh):
    """signup_date (day/month/year) moves by the person's offset and is written YYYY-MM-DD."""
    got = out_tables(fresh)["customers"]
    assert column(got, "signup_date") == column(fresh["expected"]["customers"], "signup_date")


def test_order_and_ticket_dates_shifted_by_the_same_offset(fresh):
    """order_date and opened_at move by the same per-person offset (opened_at keeps its time of day)."""
    got = out_tables(fresh)
    assert column(got["orders"], "order_date") == column(fresh["expected"]["orders"], "order_date")
    assert column(got["tickets"], "opened_at") == column(fresh["expected"]["tickets"], "opened_at")


def test_birth_year_is_the_real_year(fresh):
    """birth_date becomes birth_year, the real year, not shifted."""
    got = out_tables(fresh)["customers"]
    assert column(got, "birth_year") == column(fresh["expected"]["customers"], "birth_year")


def test_postcodes_become_districts_small_ones_other(fresh):
    """postcode_district is the outward code (upper case, spaces removed, the last three characters dropped); a
    district with fewer than 10 of the shared customers is OTHER."""
    got = out_tables(fresh)["customers"]
    want = column(fresh["expected"]["customers"], "postcode_district")
    assert "OTHER" in want
    assert column(got, "postcode_district") == want


def test_ticket_messages_scrubbed_of_emails_and_phones(fresh):
    """Every email address becomes [EMAIL] and every phone number [PHONE]; the rest of the text stays as it is."""
    got = out_tables(fresh)["tickets"]
    messages = column(got, "message")
    assert not any("@" in m for m in messages)
    assert messages == column(fresh["expected"]["tickets"], "message")


def test_other_columns_kept_as_they_are(fresh):
    """loyalty_tier, total_gbp, status and channel go out unchanged."""
    got = out_tables(fresh)
    want = fresh["expected"]
    assert column(got["customers"], "loyalty_tier") == column(want["customers"], "loyalty_tier")
    for name in ("total_gbp", "status"):
        assert column(got["orders"], name) == column(want["orders"], name)
    assert column(got["tickets"], "channel") == column(want["tickets"], "channel")


def test_same_export_and_key_give_the_same_bytes(fresh):
    """Running it again on the same export with the same key gives the same bytes."""
    (_, first), (proc, second) = fresh["runs"]
    assert proc.returncode == 0
    for name in TABLES:
        assert (first / f"{name}.csv").read_bytes() == (second / f"{name}.csv").read_bytes(), name


def test_share_is_this_export_pseudonymised():
    """/app/share holds /app/export pseudonymised with the key in /etc/pseudo/share.key, and only the three tables."""
    assert sorted(p.name for p in SHARE.iterdir()) == ["customers.csv", "orders.csv", "tickets.csv"]
    want = ref.expected(EXPORT, KEY_FILE.read_bytes().rstrip(b"\n"))
    for name in TABLES:
        assert ref.read(SHARE / f"{name}.csv") == want[name], name


def test_no_identifier_of_the_export_in_the_share():
    """No name, email, phone number, street, full postcode, card digits or customer id reaches /app/share."""
    text = "\n".join((SHARE / f"{name}.csv").read_text(encoding="utf-8") for name in TABLES)
    for c in ref.read(EXPORT / "customers.csv"):
        for field in ("email", "phone", "street"):
            assert c[field] not in text, field
        assert f",{c['customer_id']}," not in text
    for o in ref.read(EXPORT / "orders.csv"):
        assert o["delivery_postcode"] not in text


def test_key_stays_out_of_the_share_and_the_tooling():
    """The key is read from its file at every run: it is in no file of /app/share, nor in the script or its helpers."""
    key = KEY_FILE.read_bytes().rstrip(b"\n")
    assert hashlib.sha256(KEY_FILE.read_bytes()).hexdigest() == (HERE / "key.sha256").read_text().split()[0]
    for path in Path("/app").rglob("*"):
        if path.is_file() and path.stat().st_size < 5_000_000 and EXPORT not in path.parents:
            assert key not in path.read_bytes(), path


def test_export_left_as_it_is():
    """/app/export is the CRM's original: left as it is."""
    for line in (HERE / "export.sha256").read_text().splitlines():
        digest, name = line.split()
        assert hashlib.sha256((EXPORT / name).read_bytes()).hexdigest() == digest, name
