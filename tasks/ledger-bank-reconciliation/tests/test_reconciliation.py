"""Verifier for ledger-bank-reconciliation: the four outputs against the expected reconciliation,
with checks named for the rules that tell a careful reading of the exports from a careless one."""

import csv
import hashlib
from pathlib import Path

import pytest

OUT = Path("/app/out")
EXPECTED = Path(__file__).parent / "expected"
DATA_SHA = Path(__file__).parent / "data.sha256"


def read(name, where=OUT):
    path = where / name
    assert path.is_file(), f"missing {path}"
    return list(csv.DictReader(path.open(encoding="utf-8", newline="")))


def summary(where=OUT):
    path = where / "summary.txt"
    assert path.is_file(), f"missing {path}"
    return dict(line.split(" ", 1) for line in path.read_text().splitlines() if line.strip())


@pytest.mark.parametrize("name", ["matched.csv", "unmatched_ledger.csv", "unmatched_bank.csv"])
def test_output_is_utf8_csv_with_header_and_lf(name):
    """UTF-8 CSV with a header line and \\n line ends."""
    raw = (OUT / name).read_bytes()
    raw.decode("utf-8")
    assert b"\r\n" not in raw
    assert raw.split(b"\n", 1)[0] == (EXPECTED / name).read_bytes().split(b"\n", 1)[0]


def test_only_booked_rows_count_pending_ignored():
    """Umsatz vorgemerkt (pending) rows are ignored everywhere: no ARAL card payment anywhere."""
    assert not any("Aral" in r["purpose"] for r in read("unmatched_bank.csv"))
    assert summary()["bank_rows"] == summary(EXPECTED)["bank_rows"]


def test_overlapping_exports_count_a_booking_once():
    """The exports overlap (the portal exports a few days of the previous month again): a booked row in several exports is one booking: bank_rows and bank_total."""
    s = summary()
    assert (s.get("bank_rows"), s.get("bank_total")) == (summary(EXPECTED)["bank_rows"], summary(EXPECTED)["bank_total"])


def test_identical_rows_inside_one_export_are_separate_bookings():
    """Two equal charges on the same day in one export are both real: both Cloud Backup entries match."""
    matched = {r["entry_id"]: r for r in read("matched.csv")}
    cloud = [r for r in read("ledger.csv", Path("/app/data")) if r["memo"] == "Cloud Backup Abo"]
    assert len(cloud) == 2
    assert all(c["entry_id"] in matched for c in cloud)


def test_amounts_parsed_with_decimal_comma_and_thousands_separator():
    """Betrag: decimal comma and . thousands separators; amounts written -1234.56."""
    matched = {r["entry_id"]: r["amount"] for r in read("matched.csv")}
    assert matched.get("L1003") == "2531.34"  # 2.531,34 in the export


def test_reference_match_is_case_insensitive_and_exact_amount():
    """By reference: ref contained in Verwendungszweck, case-insensitively, same amount."""
    want = {r["entry_id"]: r for r in read("matched.csv", EXPECTED)}
    got = {r["entry_id"]: r for r in read("matched.csv")}
    lower = [e for e in read("ledger.csv", Path("/app/data")) if e["ref"].startswith("RE ")]
    assert lower and all(got.get(e["entry_id"]) == want.get(e["entry_id"]) for e in lower)


def test_date_window_is_three_days_and_four_is_no_match():
    """By date: at most 3 days before or after; 4 days apart is not a match."""
    got = {r["entry_id"] for r in read("matched.csv")}
    assert {"L1008", "L1018", "L1082"}.isdisjoint(got), "entries 4 days from their booking must stay unmatched"
    want = {r["entry_id"] for r in read("matched.csv", EXPECTED)}
    assert want <= got


def test_matched_csv_is_the_expected_reconciliation():
    """Reconcile them and write the results to /app/out/: matched.csv is entry_id,booking_date,amount, one line per matched entry, by entry_id."""
    assert read("matched.csv") == read("matched.csv", EXPECTED)


def test_unmatched_ledger_csv():
    """unmatched_ledger.csv: entry_id,date,amount (the entry's own date), by entry_id."""
    assert read("unmatched_ledger.csv") == read("unmatched_ledger.csv", EXPECTED)


def test_unmatched_bank_csv_in_booking_order_converted_to_utf8():
    """The exports are ISO-8859-1 (Latin-1) encoded, ;-separated, every field quoted: unmatched_bank.csv has booking_date,amount,counterparty,purpose in booking order, converted to UTF-8."""
    rows = read("unmatched_bank.csv")
    assert rows == read("unmatched_bank.csv", EXPECTED)
    assert any("KölnBonn" in r["counterparty"] for r in rows)


def test_summary_has_the_seven_lines():
    """summary.txt: bank_rows, ledger_entries, matched, unmatched_ledger, unmatched_bank, bank_total, ledger_total."""
    assert (OUT / "summary.txt").read_text().splitlines() == (EXPECTED / "summary.txt").read_text().splitlines()


def test_data_left_as_received():
    """Don't change anything under /app/data (the exports, the ledger, finance's note README.md): the exports are archived as received."""
    for line in DATA_SHA.read_text().splitlines():
        digest, name = line.split()
        assert hashlib.sha256((Path("/app/data") / name).read_bytes()).hexdigest() == digest, name


def test_entries_with_a_reference_not_found_still_match_by_date():
    """Each entry still unmatched, with or without a reference, goes through the date rule (RE2024-0313 written without the space)."""
    got = {r["entry_id"] for r in read("matched.csv")}
    assert {"L1001", "L1003"} <= got
