#!/bin/bash
# Reference solution: keep the previous version, then apply the change request to the zone part by
# part (SOA serial, web, mail with the DKIM key in two strings), and check it with BIND.
set -euo pipefail
cd /app/dns
cp -p db.acme-wholesale.de db.acme-wholesale.de.2024051402
# SOA serial.
sed -i 's/^                2024051402  ; serial (YYYYMMDDnn)$/                2024061401  ; serial (YYYYMMDDnn) -- CHANGE-4711/' db.acme-wholesale.de
# Web: the new host, short TTL for a fast rollback.
python3 - <<'PY'
from pathlib import Path

zone = Path("db.acme-wholesale.de")
old = """; web
@       IN  A   198.51.100.10
www     IN  A   198.51.100.10
"""
new = """; web (CHANGE-4711: new host, short TTL for a fast rollback)
@       300 IN  A     203.0.113.80
@       300 IN  AAAA  2001:db8:80::80
www     300 IN  A     203.0.113.80
www     300 IN  AAAA  2001:db8:80::80
"""
text = zone.read_text()
assert text.count(old) == 1, "the web records are not as expected"
zone.write_text(text.replace(old, new))
PY
# Mail: MailHost's exchangers, SPF, DKIM, DMARC and autodiscover; mail's A record stays.
python3 - <<'PY'
from pathlib import Path

zone = Path("db.acme-wholesale.de")
old = """; mail (own server, to be replaced)
@       IN  MX  10 mail
mail    IN  A   198.51.100.25
@       IN  TXT "v=spf1 mx a:mail.acme-wholesale.de include:spf.newsletter-tool.example ~all"
"""
new = """; mail (CHANGE-4711: MailHost; mail A stays for the IMAP migration until August)
@       3600 IN MX  10 mx1.mailhost.example.
@       3600 IN MX  20 mx2.mailhost.example.
mail    IN  A   198.51.100.25
@       IN  TXT "v=spf1 include:_spf.mailhost.example include:spf.newsletter-tool.example -all"
mh1._domainkey IN TXT ( "v=DKIM1; k=rsa; p=bqaHdm6s+5zwXpFf/OtiRKpRdyMHMqcvVf/W3V6DOK1QuqUBNoCcVoZTtoBRdLZ2Hdv25c2KzZrXRLAU4piCVUer5I3++7bv+MbcnXakObMPJXgKbM5qusNtB2Ggul4rZ0oXtMQsO/KQpLdzVIKG81XinbkXpC5spnM7KIUYHissXu48FjokDa"
                        "kOZxxvpOYhO9magbNlKd/fG4DsqRmx/dpRJpdfPDYQapcyxgGnPbDm2zdix+Qiyo0YAL8quyPjBQIHGripQOuTpYpKK0R4NAy7mqyPy2s5NeTHuVfDActZKfhrs0G7441RdBaG0cfFoaZIRAAnUOkRXLs1FNaDZbSz+0eeA3dX5Rc8zybPDgsZVREzxfZztcgX6+LBelkB+5ke4UNp" )
_dmarc  IN  TXT "v=DMARC1; p=quarantine; rua=mailto:dmarc-reports@acme-wholesale.de"
autodiscover IN CNAME autodiscover.mailhost.example.
"""
text = zone.read_text()
assert text.count(old) == 1, "the mail records are not as expected"
zone.write_text(text.replace(old, new))
PY
# Check: BIND loads it; the DKIM text is the change request's value.
named-checkzone acme-wholesale.de db.acme-wholesale.de
want=$(sed -n 's/^   \(v=DKIM1; k=rsa; p=.*\)$/\1/p' CHANGE-4711.md)
got=$(named-compilezone -q -o - acme-wholesale.de db.acme-wholesale.de | awk '$1 ~ /^mh1\._domainkey/' | cut -d'"' -f2- | tr -d '" ')
test "$got" = "$(printf %s "$want" | tr -d ' ')"
