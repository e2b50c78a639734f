"""Verifier for dns-mail-cutover: the zone as BIND reads it (named-compilezone's canonical dump)."""

import hashlib
import subprocess
from pathlib import Path

import pytest

ZONE = Path("/app/dns/db.acme-wholesale.de")
BACKUP = Path("/app/dns/db.acme-wholesale.de.2024051402")
NS1 = Path("/srv/ns1/zones/db.acme-wholesale.de")
ORIGINAL_SHA = "53bf9b7678977ac2e5c6f0d338ab3f4f700bd10d26d168bff489e317c9108809"
EXPECTED = Path(__file__).with_name("expected.canon")
O = "acme-wholesale.de."


def parse(text):
    """{(name, type): {(ttl, rdata)}} with TXT strings joined (how they are split does not matter)."""
    out = {}
    for line in text.splitlines():
        name, ttl, _cls, rtype, rdata = line.split(None, 4)
        if rtype == "TXT":
            import shlex

            rdata = "".join(shlex.split(rdata))
        out.setdefault((name, rtype), set()).add((int(ttl), rdata))
    return out


@pytest.fixture(scope="module")
def zone():
    done = subprocess.run(["named-compilezone", "-q", "-o", "-", "acme-wholesale.de", str(ZONE)], capture_output=True, text=True)
    assert done.returncode == 0, "named-compilezone cannot load the zone: " + done.stderr[-500:]
    return parse(done.stdout)


@pytest.fixture(scope="module")
def expected():
    return parse(EXPECTED.read_text())


def test_zone_is_valid_for_named_checkzone():
    """named-checkzone acme-wholesale.de /app/dns/db.acme-wholesale.de loads the zone."""
    done = subprocess.run(["named-checkzone", "acme-wholesale.de", str(ZONE)], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize("name", [O, "www." + O])
def test_web_records_new_host_ttl_300(zone, name):
    """Web: @ and www A 203.0.113.80 and AAAA 2001:db8:80::80, TTL 300."""
    assert zone.get((name, "A")) == {(300, "203.0.113.80")}
    assert zone.get((name, "AAAA")) == {(300, "2001:db8:80::80")}


def test_mail_exchangers_mailhost_ttl_3600_and_mail_a_kept(zone):
    """MX 10 mx1.mailhost.example. and 20 mx2.mailhost.example., TTL 3600, the MX to mail goes; mail A stays."""
    assert zone.get((O, "MX")) == {(3600, "10 mx1.mailhost.example."), (3600, "20 mx2.mailhost.example.")}
    assert zone.get(("mail." + O, "A")) == {(86400, "198.51.100.25")}


def test_spf_exact(zone):
    """SPF: the TXT at @ is exactly the change request's."""
    assert zone.get((O, "TXT")) == {(86400, "v=spf1 include:_spf.mailhost.example include:spf.newsletter-tool.example -all")}


def test_dkim_key_split_into_strings_of_one_record(zone, expected):
    """DKIM at mh1._domainkey: exactly the change request's value, split into strings of at most 255 characters."""
    key = ("mh1._domainkey." + O, "TXT")
    assert zone.get(key) == expected[key]


def test_dmarc_and_autodiscover(zone):
    """DMARC TXT at _dmarc; autodiscover CNAME autodiscover.mailhost.example."""
    assert zone.get(("_dmarc." + O, "TXT")) == {(86400, "v=DMARC1; p=quarantine; rua=mailto:dmarc-reports@acme-wholesale.de")}
    assert zone.get(("autodiscover." + O, "CNAME")) == {(86400, "autodiscover.mailhost.example.")}


def test_soa_serial_and_rest_of_soa(zone):
    """SOA serial 2024061401; the rest of the SOA stays."""
    assert zone.get((O, "SOA")) == {(86400, "ns1.acme-wholesale.de. hostmaster.acme-wholesale.de. 2024061401 7200 3600 1209600 3600")}


def test_nothing_else_changes_and_default_ttl_kept(zone, expected):
    """Nothing else changes (NS, ns1, shop, ftp, vpn, sip, the SIP SRV); records without a TTL in the change keep 86400."""
    names = {name for name, _ in expected}
    assert {k: v for k, v in zone.items() if k[0] in names} == expected


def test_previous_version_kept_byte_for_byte():
    """Keep the previous version as /app/dns/db.acme-wholesale.de.2024051402, byte for byte."""
    assert hashlib.sha256(BACKUP.read_bytes()).hexdigest() == ORIGINAL_SHA


def test_not_pushed_to_ns1():
    """Not live yet: nothing pushed to ns1, /srv/ns1 stays as it is."""
    assert hashlib.sha256(NS1.read_bytes()).hexdigest() == ORIGINAL_SHA
    assert sorted(p.name for p in NS1.parent.iterdir()) == ["db.acme-wholesale.de"]
