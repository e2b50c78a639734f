#!/bin/bash
# Reference solution: the session's normaliser (python3-lxml, namespace-aware), one module per part of
# the job, installed as /app/bin/normalise-catalog, run on the export, its XML validated against the
# shop schema and its refusal of a broken file checked.
set -euo pipefail
# Step 1: reading the export: elements by namespace URI (pim:2, pricing:1; pricing:0 never matches),
# the DTD's entities and CDATA resolved, whitespace collapsed, SKUs upper-cased, variants flattened.
install -D -m 0644 /solution/catalog_read.py /app/bin/catalog_read.py
# Step 2: the rules: discontinued first, then duplicate SKUs (latest updated instant, first on a tie),
# then the EUR price (own, else the product's; EUR, else converted at the export's rate).
install -m 0644 /solution/catalog_rules.py /app/bin/catalog_rules.py
# Step 3: the outputs: CSV text and the shop's catalog.xml (optional elements left out when empty).
install -m 0644 /solution/catalog_write.py /app/bin/catalog_write.py
# Step 4: the command the shop team runs: normalise-catalog CATALOG OUTDIR (status 2 on a broken file).
install -m 0755 /solution/normalise_catalog.py /app/bin/normalise_catalog.py
printf '#!/bin/sh\nexec /usr/bin/python3 /app/bin/normalise_catalog.py "$@"\n' > /app/bin/normalise-catalog
chmod 0755 /app/bin/normalise-catalog
# Step 5: Friday's export into /app/out.
/app/bin/normalise-catalog /app/export/catalog.xml /app/out
# Step 6: the shop's schema accepts the XML.
xmllint --noout --schema /app/schema/shop-catalog.xsd /app/out/catalog.xml
# Step 7: a broken export is refused with status 2 and nothing written.
head -c 100000 /app/export/catalog.xml > /tmp/broken.xml
status=0; /app/bin/normalise-catalog /tmp/broken.xml /tmp/broken-out || status=$?
test "$status" -eq 2 && test ! -e /tmp/broken-out/products.csv
wc -l /app/out/products.csv /app/out/rejects.csv
cut -d, -f2 /app/out/rejects.csv | sort | uniq -c
