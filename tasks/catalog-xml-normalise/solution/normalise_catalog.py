#!/usr/bin/python3
"""Normalise a Nordhavn PIM catalog export: products.csv, catalog.xml (shop schema) and rejects.csv.

    normalise_catalog.py CATALOG OUTDIR
"""

import os
import sys

from lxml import etree

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from catalog_rules import normalise  # noqa: E402
from catalog_write import csv_text, shop_xml  # noqa: E402

COLUMNS = ["sku", "parent_sku", "name", "brand", "category", "color", "size", "price_eur", "stock"]


def main(argv):
    if len(argv) != 3:
        print("usage: normalise-catalog CATALOG OUTDIR", file=sys.stderr)
        return 2
    src, outdir = argv[1], argv[2]
    try:
        parser = etree.XMLParser(resolve_entities=True, no_network=True, huge_tree=True)
        root = etree.parse(src, parser).getroot()
        kept, rejects = normalise(root)
    except (OSError, etree.XMLSyntaxError, ValueError, TypeError, AttributeError) as err:
        print(f"error: {src}: {err}", file=sys.stderr)
        return 2
    files = {
        "products.csv": csv_text(COLUMNS, [[r[c] for c in COLUMNS] for r in kept]).encode("utf-8"),
        "rejects.csv": csv_text(["sku", "reason"], rejects).encode("utf-8"),
        "catalog.xml": shop_xml(kept, root.get("exported", "")),
    }
    os.makedirs(outdir, exist_ok=True)
    for name, data in files.items():
        tmp = os.path.join(outdir, f".{name}.tmp")
        with open(tmp, "wb") as f:
            f.write(data)
        os.replace(tmp, os.path.join(outdir, name))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
