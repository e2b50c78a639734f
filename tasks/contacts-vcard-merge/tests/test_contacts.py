"""Verifier for contacts-vcard-merge: the merged vCard file and the CSV against the expected merge."""

import csv
import hashlib
from pathlib import Path

OUT = Path("/app/out")
HERE = Path(__file__).parent


def unfold(raw: bytes):
    return raw.decode("utf-8").replace("\r\n ", "").replace("\r\n\t", "").split("\r\n")


def people(lines):
    """Cards as dicts: FN, N, ORG, EMAIL list, TEL list."""
    out, card = [], None
    for line in lines:
        if line == "BEGIN:VCARD":
            card = {"ORG": None, "EMAIL": [], "TEL": []}
        elif line == "END:VCARD":
            out.append(card)
        elif card is not None and ":" in line:
            head, value = line.split(":", 1)
            name = head.split(";")[0]
            if name in ("EMAIL", "TEL"):
                card[name].append(value)
            else:
                card[name] = value
    return out


def expected():
    return people(unfold((HERE / "expected.vcf").read_bytes()))


def got():
    return people(unfold((OUT / "contacts.vcf").read_bytes()))


def by_email():
    return {e: p for p in got() for e in p["EMAIL"]}


def test_vcard_30_utf8_crlf_folded_at_75_octets():
    """vCard 3.0, UTF-8, CRLF line ends, lines folded at 75 octets, in the given order of lines."""
    raw = (OUT / "contacts.vcf").read_bytes()
    raw.decode("utf-8")
    assert raw.endswith(b"\r\n") and b"\n" not in raw.replace(b"\r\n", b"")
    assert all(len(line) <= 75 for line in raw.split(b"\r\n"))
    lines = unfold(raw)
    assert {line for line in lines if line.startswith("VERSION")} == {"VERSION:3.0"}
    assert not any(line.split(":")[0].split(";")[0] in ("PHOTO", "NOTE") or line.startswith("X-") for line in lines)


def test_one_card_per_person_merged_through_shared_email_or_phone():
    """Same person when they share an email or a phone number, directly or through other cards."""
    assert len(got()) == len(expected())
    jonas = by_email().get("jonas.weiss@web.de")
    assert jonas and "j.weiss@spedition-gross.de" in jonas["EMAIL"], "cards sharing only a phone number are one person"


def test_cards_that_share_only_a_name_stay_apart():
    """Anna Müller and Anna Mueller are two people; cards sharing only a name are different people."""
    e = by_email()
    assert e["anna.mueller@posteo.de"] is not e["a.mueller@papier-mueller.de"]
    names = [p["FN"] for p in got()]
    assert names.count("Anna Müller") == [p["FN"] for p in expected()].count("Anna Müller")


def test_emails_lower_cased():
    """Emails are compared and written lower-cased."""
    assert all(x == x.lower() for p in got() for x in p["EMAIL"])


def test_phone_numbers_in_e164():
    """Phone numbers in E.164: tel:, spaces, -, /, ., parentheses and (0) gone; 00 international; a single 0 is German."""
    import re

    tels = [t for p in got() for t in p["TEL"]]
    assert tels and all(re.fullmatch(r"\+[1-9]\d{6,14}", t) for t in tels), [t for t in tels if not re.fullmatch(r"\+[1-9]\d{6,14}", t)][:5]
    assert sorted(tels) == sorted(t for p in expected() for t in p["TEL"])


def test_quoted_printable_names_decoded():
    """vCard 2.1 QUOTED-PRINTABLE values decoded (S=C3=B8ren is Søren), soft line breaks included."""
    raw = (OUT / "contacts.vcf").read_text(encoding="utf-8")
    assert "=C3=" not in raw
    assert any(p["FN"].startswith("Søren") for p in got())


def test_fn_n_org_from_the_highest_precedence_card():
    """FN and N from the highest-precedence card with an FN, ORG likewise: Nextcloud, then iCloud, then the Android phone."""
    jonas = by_email()["jonas.weiss@web.de"]
    assert (jonas["FN"], jonas["N"], jonas["ORG"]) == ("Jonas Weiss", "Weiss;Jonas;;;", "Spedition Groß")


def test_merged_address_book_is_the_expected_one():
    """Every distinct email and number, each sorted; cards sorted by FN, then first email, then first number."""
    assert got() == expected()


def test_csv_for_the_mail_merge():
    """contacts.csv: header name,email,phone,org, one line per person in the same order, the first email and number."""
    raw = (OUT / "contacts.csv").read_bytes()
    assert b"\r\n" not in raw
    got_rows = list(csv.reader(raw.decode("utf-8").splitlines()))
    assert got_rows == list(csv.reader((HERE / "expected.csv").read_text(encoding="utf-8").splitlines()))


def test_contacts_left_as_they_are():
    """Leave /app/contacts/ as it is."""
    for line in (HERE / "contacts.sha256").read_text().splitlines():
        digest, name = line.split()
        assert hashlib.sha256((Path("/app/contacts") / name).read_bytes()).hexdigest() == digest, name
