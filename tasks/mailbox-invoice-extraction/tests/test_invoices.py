"""Verifier for mailbox-invoice-extraction: the filed PDFs and the index against the expected filing."""

import csv
import hashlib
from pathlib import Path

import pytest

INV = Path("/app/invoices")
INDEX = INV / "index.csv"
EXPECTED = Path(__file__).with_name("expected_index.csv")
MBOX = Path("/app/mail/accounts-2024.mbox")
MBOX_SHA = "a117b394eb9da49baf5185b4112fb581fa321263c1b4958998a9e2ee51ab5fb8"


def rows(path):
    return list(csv.DictReader(path.open(encoding="utf-8", newline="")))


@pytest.fixture(scope="module")
def expected():
    return rows(EXPECTED)


def filed():
    return sorted(str(p.relative_to(INV)) for p in INV.rglob("*") if p.is_file() and p != INDEX)


def test_index_is_utf8_with_the_header_and_lf():
    """index.csv: UTF-8, \\n line ends, header month,domain,file,sha256,message_id,date_utc."""
    raw = INDEX.read_bytes()
    raw.decode("utf-8")
    assert b"\r\n" not in raw
    assert raw.split(b"\n", 1)[0] == b"month,domain,file,sha256,message_id,date_utc"


def test_every_pdf_invoice_filed_with_its_bytes(expected):
    """Every attachment whose decoded content starts with %PDF- is an invoice, whatever its content type (application/pdf or application/octet-stream): filed under <YYYY-MM>/<domain>/<file>, byte for byte."""
    missing = []
    for r in expected:
        p = INV / r["month"] / r["domain"] / r["file"]
        if not p.is_file() or hashlib.sha256(p.read_bytes()).hexdigest() != r["sha256"]:
            missing.append(str(p))
    assert missing == [], f"{len(missing)} invoices missing or different, e.g. {missing[:3]}"


def test_nothing_else_filed_no_spam_no_fake_pdf_no_line_items(expected):
    """Messages with the header X-Spam-Flag: YES are skipped entirely; an attachment named .pdf whose content is not a PDF is not filed, nor are the other attachments (the .csv line items)."""
    want = sorted(f"{r['month']}/{r['domain']}/{r['file']}" for r in expected)
    got = filed()
    assert got == want, (sorted(set(got) - set(want))[:5], sorted(set(want) - set(got))[:5])


def test_month_from_the_date_header_in_utc():
    """The month of the Date header converted to UTC: 30 April 21:30 -0500 is filed in May."""
    assert (INV / "2024-05/spedition-gross.de/invoice-7003.pdf").is_file()
    assert not (INV / "2024-04/spedition-gross.de/invoice-7003.pdf").exists()


def test_forwarded_invoice_belongs_to_the_forwarded_message(expected):
    """A PDF in a forwarded message (message/rfc822) is filed under its own sender's domain and date."""
    assert not (INV / "2024-04/acme-wholesale.de").exists() and not any(INV.glob("*/acme-wholesale.de"))
    assert sum(1 for r in expected if r["domain"] != "acme-wholesale.de") == len(expected)


def test_file_names_decoded_and_last_path_component():
    """RFC 2047 and RFC 2231 names decoded (Müller, 請求書); only the last path component (Rechnung 7004.pdf)."""
    assert (INV / "2024-04/papier-mueller.de/Rechnung_5023_Müller.pdf").is_file()
    assert (INV / "2024-04/tokyo-parts.co.jp/請求書_5002.pdf").is_file()
    assert (INV / "2024-06/telekom.de/Rechnung 7004.pdf").is_file()


def test_same_name_twice_suffix_or_once():
    """Same name, different bytes: -2 before the extension; same name and bytes (a resent invoice): filed once."""
    a, b = INV / "2024-05/cloudhost.io/invoice-7001.pdf", INV / "2024-05/cloudhost.io/invoice-7001-2.pdf"
    assert a.is_file() and b.is_file() and a.read_bytes() != b.read_bytes()
    assert b"7001-corrected" in b.read_bytes(), "the later message gets -2"
    assert sorted(p.name for p in (INV / "2024-06/cloudhost.io").glob("invoice-7002*")) == ["invoice-7002.pdf"]


def test_index_lists_every_filed_file_sorted(expected):
    """One line per filed file with its month, domain, file, sha256, Message-ID and date_utc, sorted by date_utc then file."""
    assert rows(INDEX) == expected


def test_mailbox_stays_as_it_is():
    """Don't change or move anything in /app/mail, and leave no lock files there."""
    assert hashlib.sha256(MBOX.read_bytes()).hexdigest() == MBOX_SHA
    assert sorted(p.name for p in MBOX.parent.iterdir()) == ["accounts-2024.mbox"]
