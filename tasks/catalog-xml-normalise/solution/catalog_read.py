"""Reading a Nordhavn PIM export: elements by namespace URI, text with entities and CDATA resolved, items."""

from datetime import datetime
from decimal import Decimal, InvalidOperation

PIM = "urn:nordhavn:pim:2"
PRICING = "urn:nordhavn:pricing:1"


def q(ns, tag):
    return f"{{{ns}}}{tag}"


def text(el):
    """The element's text (entities and CDATA resolved), whitespace runs collapsed, trimmed."""
    return " ".join("".join(el.itertext()).split()) if el is not None else ""


def amount(spelled):
    """A price amount: spaces (also non-breaking) removed, a decimal comma read as a point."""
    cleaned = "".join(ch for ch in spelled if not ch.isspace() and ch != "\u00a0").replace(",", ".")
    try:
        return Decimal(cleaned)
    except InvalidOperation:
        return None


def stock(el):
    """Sum of the element's own stock lines, or '' when it has none."""
    lines = el.findall(q(PIM, "stock"))
    return str(sum(int(text(s)) for s in lines)) if lines else ""


def sku(el):
    return text(el.find(q(PIM, "sku"))).upper()


def items(root):
    """(order, updated, discontinued, item row, its element, its parent product element) in document order."""
    out = []
    for product in root.iter(q(PIM, "product")):
        updated = datetime.fromisoformat(product.get("updated").replace("Z", "+00:00"))
        gone = product.get("status", "").strip() == "discontinued"
        base = {"name": text(product.find(q(PIM, "name"))), "brand": text(product.find(q(PIM, "brand"))),
                "category": text(product.find(q(PIM, "category")))}
        variants = product.findall(f"{q(PIM, 'variants')}/{q(PIM, 'variant')}")
        if not variants:
            row = dict(base, sku=sku(product), parent_sku="", color="", size="", stock=stock(product))
            out.append((len(out), updated, gone, row, product, None))
        for v in variants:
            attrs = {a.get("name"): text(a) for a in v.findall(q(PIM, "attr"))}
            row = dict(base, sku=sku(v), parent_sku=sku(product), color=attrs.get("color", ""),
                       size=attrs.get("size", ""), stock=stock(v))
            out.append((len(out), updated, gone, row, v, product))
    return out
