"""Generate a PIM catalog export as the Nordhavn PIM bridge writes it, and what it must normalise to.

    python3 catgen.py OUT.xml --seed N --products N [--truth TRUTH.json]

The XML mixes namespace spellings (default namespace, a pim: prefix, the pricing namespace under
three prefixes and as a default namespace), CDATA and entity-escaped names, entities declared in
the internal DTD subset, prices in several currencies and number spellings, stale prices in the
retired pricing namespace, re-exported products (duplicate SKUs, time stamps in mixed time zones),
discontinued products and items without any usable price. --truth writes the expected result,
computed from the generator's own model (not by parsing the XML): the kept items in SKU order and
the rejects.
"""

import argparse
import json
import random
from datetime import datetime, timedelta, timezone
from decimal import ROUND_HALF_UP, Decimal

PIM = "urn:nordhavn:pim:2"
PRICING = "urn:nordhavn:pricing:1"
LEGACY = "urn:nordhavn:pricing:0"
RATES = {"SEK": Decimal("0.0862"), "NOK": Decimal("0.0851"), "USD": Decimal("0.9483"), "GBP": Decimal("1.1987")}
LEGACY_RATES = {"SEK": "0.0911", "NOK": "0.0874", "USD": "0.9120"}
BRAND = "Nordhavn Outfitters"
OTHER_BRANDS = ["Sälen Gear", "Bergkvist & Co", "Fjällräv Works", "Hallin Textil"]
CATEGORIES = ["Camping/Tents", "Camping/Sleeping bags", "Clothing/Jackets", "Clothing/Base layers",
              "Footwear/Hiking boots", "Packs/Daypacks", "Packs/Trekking", "Cooking/Stoves", "Accessories/Headlamps"]
ADJ = ["Fjord", "Trail", "Summit", "Kebne", "Tarn", "Skerry", "Polar", "Birch", "Lynx", "Storm", "Åre", "Nordkap",
       "Ridge", "Glacier", "Vidde", "Sarek", "Röd", "Moor"]
NOUN = ["Tent", "Jacket", "Boot", "Daypack", "Stove", "Headlamp", "Sleeping Bag", "Shell", "Parka", "Fleece",
        "Trekking Pack", "Mid Layer", "Bivvy", "Gaiters"]
EXTRA = ["", "", "", " & Footprint", " 2", " Pro", " Lite", " \"Classic\"", ", Wool", " 3-Season", " Café Edition", " Pro®"]
COLORS = ["Green", "Black", "Navy", "Ochre", "Red", "Grey", "Sand"]
SIZES = ["XS", "S", "M", "L", "XL", "36", "38", "40", "42", "44", "One size"]
WAREHOUSES = ["GBG", "OSL", "HEL"]
CUR_TZ = [timezone.utc, timezone(timedelta(hours=1)), timezone(timedelta(hours=2)), timezone(timedelta(hours=-5))]


def esc(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def collapse(text):
    return " ".join(text.split())


class Gen:
    def __init__(self, seed, n):
        self.r = random.Random(seed)
        self.n = n
        self.products = []

    # ---- the model -------------------------------------------------------------------------
    def price(self, eur_hint, force=None):
        """(namespace, currency, amount, spelling) of one price, around eur_hint euros."""
        r = self.r
        cur = force or r.choice(["EUR", "EUR", "EUR", "SEK", "NOK", "USD", "GBP", "DKK"])
        if cur == "EUR":
            amount = Decimal(eur_hint).quantize(Decimal("0.01"))
        elif cur == "DKK":
            amount = (Decimal(eur_hint) * Decimal("7.46")).quantize(Decimal("1"))
        else:
            amount = (Decimal(eur_hint) / RATES[cur]).quantize(Decimal("1")) + Decimal(r.choice(["0", "0.5", "0.95"]))
        return ("pricing", cur, amount, self.spell(amount, cur))

    def spell(self, amount, cur):
        r = self.r
        q = amount.quantize(Decimal("0.01"))
        whole, frac = str(q).split(".")
        if cur in ("SEK", "NOK", "DKK") and r.random() < 0.8:
            sep = r.choice([" ", "&#160;", "&nbsp;"]) if len(whole) > 3 else ""
            if len(whole) > 3:
                whole = whole[:-3] + sep + whole[-3:]
            return f"{whole},{frac}"
        if frac == "00" and r.random() < 0.4:
            return whole
        if r.random() < 0.15:
            return f"{whole},{frac}"
        return f"{whole}.{frac}"

    def stocks(self):
        r = self.r
        k = r.choice([0, 1, 1, 2, 3])
        return [(w, r.randint(0, 40)) for w in r.sample(WAREHOUSES, k)]

    def updated(self):
        r = self.r
        base = datetime(2026, 9, 1, tzinfo=timezone.utc) + timedelta(minutes=r.randint(0, 60 * 24 * 90))
        return base

    def make_product(self, i):
        r = self.r
        name = f"{r.choice(ADJ)} {r.choice(NOUN)}{r.choice(EXTRA)}"
        brand = BRAND if r.random() < 0.7 else (r.choice(OTHER_BRANDS) if r.random() < 0.6 else None)
        cat = r.choice(CATEGORIES) if r.random() < 0.92 else None
        eur = r.choice([19, 24.5, 39, 49, 59.9, 79, 99, 129, 149, 199, 249, 299, 349, 449, 599, 1299])
        p = {"id": f"P{10000 + i}", "sku": f"NH-{1000 + i}", "name": name, "brand": brand, "category": cat,
             "updated": self.updated(), "status": "discontinued" if r.random() < 0.04 else None,
             "prices": [], "stocks": [], "variants": [], "legacy": r.random() < 0.15, "style": r.choice("aabcd")}
        has_variants = r.random() < 0.6
        # Product-level prices: usually one EUR price; sometimes only a foreign one, a DKK one, or none.
        roll = r.random()
        if roll < 0.6:
            p["prices"].append(self.price(eur, "EUR"))
            if r.random() < 0.3:
                p["prices"].append(self.price(eur, r.choice(["SEK", "NOK", "USD"])))
        elif roll < 0.84:
            p["prices"].append(self.price(eur, r.choice(["SEK", "NOK", "USD", "GBP"])))
            if r.random() < 0.3:
                p["prices"].insert(0, self.price(eur, "DKK"))
        elif roll < 0.9:
            p["prices"].append(self.price(eur, "DKK"))
        if not has_variants:
            p["stocks"] = self.stocks()
            return p
        if r.random() < 0.3:
            p["stocks"] = self.stocks()  # a variant product's own stock does not count
        colors = r.sample(COLORS, r.randint(1, 3))
        sized = r.random() < 0.6
        sizes = r.sample(SIZES, r.randint(1, 3)) if sized else [None]
        for c in colors:
            for s in sizes:
                v = {"sku": f"{p['sku']}-{c[:3].upper()}" + (f"-{s.replace(' ', '').upper()}" if s else ""),
                     "color": c if r.random() < 0.95 else None, "size": s, "prices": [], "stocks": self.stocks()}
                vroll = r.random()
                if vroll < 0.35:
                    v["prices"].append(self.price(eur + r.choice([0, 5, 10]), "EUR"))
                elif vroll < 0.45:
                    v["prices"].append(self.price(eur, r.choice(["SEK", "NOK", "USD"])))
                elif vroll < 0.5:
                    v["prices"].append(self.price(eur, "DKK"))
                p["variants"].append(v)
        return p

    def build(self):
        r = self.r
        for i in range(self.n):
            self.products.append(self.make_product(i))
        # Re-exports: a product written again later in the file, same SKUs (spelled differently),
        # another price and time stamp; some carry the same instant in another time zone (a tie).
        for _ in range(max(3, self.n // 30)):
            src = r.choice(self.products[: len(self.products) * 2 // 3])
            dup = json.loads(json.dumps(src, default=str))
            dup["updated"] = src["updated"]
            dup["status"] = None
            kind = r.random()
            if kind < 0.45:
                dup["updated"] = src["updated"] + timedelta(days=r.randint(1, 20))
            elif kind < 0.75:
                dup["updated"] = src["updated"] - timedelta(days=r.randint(1, 20))
            else:
                dup["updated"] = src["updated"]  # same instant: the first in the file wins
            dup["id"] = src["id"] + "-R"
            dup["prices"] = [self.price(float(r.choice([29, 59, 89, 119, 159])), "EUR")]
            for v in dup["variants"]:
                v["prices"] = []
                v["stocks"] = self.stocks()
            dup["stocks"] = self.stocks() if not dup["variants"] else []
            dup["style"] = r.choice("abcd")
            dup["legacy"] = False
            dup["sku_spelling"] = True
            self.products.insert(r.randint(self.products.index(src) + 1, len(self.products)), dup)

    # ---- the expected result ---------------------------------------------------------------
    def truth(self):
        items = []
        for p in self.products:
            if p["variants"]:
                for v in p["variants"]:
                    items.append((p, v))
            else:
                items.append((p, None))
        rejects, live = [], []
        for p, v in items:
            sku = (v or p)["sku"]
            if p["status"] == "discontinued":
                rejects.append((sku, "discontinued"))
            else:
                live.append((p, v))
        best = {}
        for idx, (p, v) in enumerate(live):
            sku = (v or p)["sku"]
            if sku not in best or p["updated"] > best[sku][1]["updated"]:
                best[sku] = (idx, p)
        kept = []
        for idx, (p, v) in enumerate(live):
            sku = (v or p)["sku"]
            if best[sku][0] != idx:
                rejects.append((sku, "duplicate-sku"))
                continue
            price = usable(v["prices"]) if v else None
            if price is None:
                price = usable(p["prices"])
            if price is None:
                rejects.append((sku, "no-price"))
                continue
            stocks = (v or p)["stocks"]
            kept.append({
                "sku": sku, "parent_sku": p["sku"] if v else "", "name": collapse(p["name"]),
                "brand": p["brand"] or "", "category": p["category"] or "",
                "color": (v or {}).get("color") or "", "size": (v or {}).get("size") or "",
                "price_eur": str(price), "stock": str(sum(n for _, n in stocks)) if stocks else "",
            })
        kept.sort(key=lambda k: k["sku"])
        rejects.sort()
        return {"items": kept, "rejects": [{"sku": s, "reason": why} for s, why in rejects],
                "discontinued_products": sum(1 for p in self.products if p["status"] == "discontinued")}

    # ---- the XML ---------------------------------------------------------------------------
    def sku_text(self, sku, messy):
        r = self.r
        if not messy and r.random() < 0.85:
            return sku
        return r.choice([f" {sku.lower()} ", f"\n        {sku}\n      ", sku.lower(), f"{sku} "])

    def name_xml(self, name):
        r = self.r
        roll = r.random()
        if roll < 0.35:
            return f"<![CDATA[{name}]]>"
        text = esc(name).replace('"', "&quot;") if roll < 0.5 else esc(name)
        if "®" in text and r.random() < 0.7:
            text = text.replace("®", "&reg;")
        if "Café" in text and r.random() < 0.5:
            text = text.replace("é", "&#233;")
        if r.random() < 0.2:
            text = text.replace(" ", "\n          ", 1)
        if r.random() < 0.1:
            text = "  " + text + "\t"
        return text

    def price_xml(self, price, style, ind):
        _, cur, _, spelled = price
        if style == "c":
            return f'{ind}<p:price xmlns:p="{PRICING}" currency="{cur}">{spelled}</p:price>'
        if style == "d":
            return f'{ind}<price xmlns="{PRICING}" currency="{cur}">{spelled}</price>'
        return f'{ind}<pr:price currency="{cur}">{spelled}</pr:price>'

    def product_xml(self, p):
        r = self.r
        style = p["style"]
        q = "pim:" if style == "b" else ""
        decl = f' xmlns:pim="{PIM}"' if style == "b" else ""
        attrs = f' id="{p["id"]}" updated="{p["updated_text"]}"'
        if p["status"]:
            attrs += f' status="{p["status"]}"'
        elif r.random() < 0.2:
            attrs += ' status="active"'
        out = [f"  <{q}product{decl}{attrs}>"]
        out.append(f"    <{q}sku>{self.sku_text(p['sku'], p.get('sku_spelling'))}</{q}sku>")
        out.append(f"    <{q}name>{self.name_xml(p['name'])}</{q}name>")
        if p["brand"] == BRAND:
            out.append(f"    <{q}brand>&brand;</{q}brand>")
        elif p["brand"]:
            out.append(f"    <{q}brand>{esc(p['brand'])}</{q}brand>")
        if p["category"]:
            out.append(f"    <{q}category>{p['category']}</{q}category>")
        if r.random() < 0.5:
            out.append(f"    <{q}description><![CDATA[<p>{esc(p['name'])} for <b>all</b> seasons &amp; trails.</p>]]>"
                       f"</{q}description>")
        for pr in p["prices"]:
            out.append(self.price_xml(pr, style if r.random() < 0.8 else "a", "    "))
        if p["legacy"]:
            cur = r.choice(["EUR", "SEK"])
            out.append(f'    <old:price xmlns:old="{LEGACY}" currency="{cur}">{r.randint(10, 900)}.00</old:price>')
        for w, n in p["stocks"]:
            out.append(f'    <{q}stock warehouse="{w}">{n}</{q}stock>')
        if p["variants"]:
            out.append(f"    <{q}variants>")
            for v in p["variants"]:
                out.append(f"      <{q}variant>")
                out.append(f"        <{q}sku>{self.sku_text(v['sku'], p.get('sku_spelling'))}</{q}sku>")
                if v["color"]:
                    out.append(f'        <{q}attr name="color">{v["color"]}</{q}attr>')
                if v["size"]:
                    pad = " " if r.random() < 0.2 else ""
                    out.append(f'        <{q}attr name="size">{pad}{v["size"]}{pad}</{q}attr>')
                for pr in v["prices"]:
                    out.append(self.price_xml(pr, style, "        "))
                if p["legacy"] and r.random() < 0.3:
                    out.append(f'        <old:price xmlns:old="{LEGACY}" currency="EUR">{r.randint(10, 900)}</old:price>')
                for w, n in v["stocks"]:
                    out.append(f'        <{q}stock warehouse="{w}">{n}</{q}stock>')
                out.append(f"      </{q}variant>")
            out.append(f"    </{q}variants>")
        out.append(f"  </{q}product>")
        return "\n".join(out)

    def updated_text(self, when):
        tz = self.r.choice(CUR_TZ)
        local = when.astimezone(tz)
        text = local.strftime("%Y-%m-%dT%H:%M:%S")
        return text + ("Z" if tz == timezone.utc else local.strftime("%z")[:3] + ":" + local.strftime("%z")[3:])

    def xml(self):
        for p in self.products:
            p["updated_text"] = self.updated_text(p["updated"])
        head = [
            '<?xml version="1.0" encoding="UTF-8"?>',
            "<!DOCTYPE catalog [",
            f'  <!ENTITY brand "{BRAND}">',
            '  <!ENTITY nbsp "&#160;">',
            '  <!ENTITY reg "&#174;">',
            "]>",
            f'<catalog xmlns="{PIM}" xmlns:pr="{PRICING}" exported="2026-12-04T21:00:00Z" source="pim-bridge 4.2">',
            "  <!-- Nordhavn PIM export; prices in urn:nordhavn:pricing:1, rates are EUR per unit -->",
            '  <pr:rates base="EUR" date="2026-12-04">',
        ]
        head += [f'    <pr:rate currency="{c}">{v}</pr:rate>' for c, v in RATES.items()]
        head.append("  </pr:rates>")
        head.append(f'  <legacy:rates xmlns:legacy="{LEGACY}" base="EUR" date="2025-06-30">')
        head += [f'    <legacy:rate currency="{c}">{v}</legacy:rate>' for c, v in LEGACY_RATES.items()]
        head.append("  </legacy:rates>")
        body = [self.product_xml(p) for p in self.products]
        return "\n".join(head + body + ["</catalog>", ""])


def usable(prices):
    """EUR price of a price list: its EUR price, else its first price in a currency with a rate, converted."""
    for ns, cur, amount, _ in prices:
        if ns == "pricing" and cur == "EUR":
            return Decimal(amount).quantize(Decimal("0.01"), ROUND_HALF_UP)
    for ns, cur, amount, _ in prices:
        if ns == "pricing" and cur in RATES:
            return (Decimal(amount) * RATES[cur]).quantize(Decimal("0.01"), ROUND_HALF_UP)
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--products", type=int, default=400)
    ap.add_argument("--truth")
    a = ap.parse_args()
    g = Gen(a.seed, a.products)
    g.build()
    text = g.xml()
    with open(a.out, "w", encoding="utf-8") as f:
        f.write(text)
    if a.truth:
        with open(a.truth, "w", encoding="utf-8") as f:
            json.dump(g.truth(), f, indent=1, ensure_ascii=False)


if __name__ == "__main__":
    main()
