"""The export's rules: discontinued products, duplicate SKUs (latest updated wins), EUR prices."""

from decimal import ROUND_HALF_UP, Decimal

from catalog_read import PRICING, amount, items, q


def eur_price(el, rates):
    """The EUR price of an element's own pricing:1 prices: EUR first, else the first one with a rate."""
    prices = [(p.get("currency", "").strip().upper(), amount(p.text or "")) for p in el.findall(q(PRICING, "price"))]
    prices = [(c, a) for c, a in prices if a is not None]
    for cur, value in prices:
        if cur == "EUR":
            return value.quantize(Decimal("0.01"), ROUND_HALF_UP)
    for cur, value in prices:
        if cur in rates:
            return (value * rates[cur]).quantize(Decimal("0.01"), ROUND_HALF_UP)
    return None


def normalise(root):
    rates = {r.get("currency").strip().upper(): amount(r.text) for r in root.iter(q(PRICING, "rate"))}
    rejects, live = [], []
    for it in items(root):
        if it[2]:
            rejects.append((it[3]["sku"], "discontinued"))
        else:
            live.append(it)
    winner = {}
    for it in live:
        cur = winner.get(it[3]["sku"])
        if cur is None or it[1] > cur[1]:
            winner[it[3]["sku"]] = it
    kept = []
    for it in live:
        order, _, _, row, el, parent = it
        if winner[row["sku"]][0] != order:
            rejects.append((row["sku"], "duplicate-sku"))
            continue
        price = eur_price(el, rates)
        if price is None and parent is not None:
            price = eur_price(parent, rates)
        if price is None:
            rejects.append((row["sku"], "no-price"))
            continue
        kept.append(dict(row, price_eur=str(price)))
    kept.sort(key=lambda r: r["sku"])
    rejects.sort()
    return kept, rejects
