"""The shop's outputs: CSV text and catalog.xml in urn:nordhavn:shop:1."""

import csv
import io

from lxml import etree

SHOP = "urn:nordhavn:shop:1"


def q(ns, tag):
    return f"{{{ns}}}{tag}"


def csv_text(header, rows):
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(header)
    w.writerows(rows)
    return buf.getvalue()


def shop_xml(kept, exported):
    root = etree.Element(q(SHOP, "catalog"), nsmap={None: SHOP})
    root.set("exported", exported)
    root.set("items", str(len(kept)))
    for row in kept:
        item = etree.SubElement(root, q(SHOP, "item"), sku=row["sku"])
        if row["parent_sku"]:
            item.set("parent", row["parent_sku"])
        for field in ("name", "brand", "category", "color", "size"):
            if row[field]:
                etree.SubElement(item, q(SHOP, field)).text = row[field]
        etree.SubElement(item, q(SHOP, "price"), currency="EUR").text = row["price_eur"]
        if row["stock"]:
            etree.SubElement(item, q(SHOP, "stock")).text = row["stock"]
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8", pretty_print=True)
