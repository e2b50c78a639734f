"""Request routing for the inventory service: (method, path, query) -> (status, headers, payload)."""
import re

from inventory import store

ITEM_PATH = re.compile(r"/items/(\d+)")
INT = re.compile(r"[0-9]+")
SORT_KEYS = {"id": "id", "name": "name COLLATE NOCASE", "price": "price_cents"}


class BadParam(Exception):
    pass


def _one(query, name):
    """The parameter's value (the last one if repeated), or None when absent."""
    values = query.get(name)
    return values[-1] if values else None


def _int(query, name, default, lo, hi=None):
    raw = _one(query, name)
    if raw is None:
        return default
    raw = raw.strip()
    if not INT.fullmatch(raw):
        raise BadParam(f"{name} must be an integer")
    value = int(raw)
    if value < lo or (hi is not None and value > hi):
        raise BadParam(f"{name} must be between {lo} and {hi}" if hi is not None else f"{name} must be at least {lo}")
    return value


def _public(row):
    cents = row["price_cents"]
    return {"id": row["id"], "sku": row["sku"], "name": row["name"], "category": row["category"],
            "price": f"{cents // 100}.{cents % 100:02d}", "stock": row["stock"]}


def list_items_v1(conn, query):
    try:
        limit = _int(query, "limit", 25, 1, 100)
        offset = _int(query, "offset", 0, 0)
        sort = _one(query, "sort")
        sort = "id" if sort is None else sort
        key = sort[1:] if sort.startswith("-") else sort
        if key not in SORT_KEYS:
            raise BadParam("sort must be one of id, name, price (optionally prefixed with -)")
        category = _one(query, "category")
        if category is not None and category == "":
            raise BadParam("category must not be empty")
        in_stock = _one(query, "in_stock")
        if in_stock is not None and in_stock not in ("true", "false"):
            raise BadParam("in_stock must be true or false")
    except BadParam as e:
        return 400, {}, {"error": str(e)}

    where, args = [], []
    if category is not None:
        where.append("lower(category) = lower(?)")
        args.append(category)
    if in_stock is not None:
        where.append("stock > 0" if in_stock == "true" else "stock = 0")
    clause = f" WHERE {' AND '.join(where)}" if where else ""
    direction = "DESC" if sort.startswith("-") else "ASC"
    order = f"{SORT_KEYS[key]} {direction}, id ASC"
    total = conn.execute(f"SELECT COUNT(*) FROM items{clause}", args).fetchone()[0]
    rows = conn.execute(f"SELECT {', '.join(store.COLUMNS)} FROM items{clause} ORDER BY {order} LIMIT ? OFFSET ?",
                        [*args, limit, offset]).fetchall()

    headers = {"X-Total-Count": str(total)}
    return 200, headers, {"items": [_public(r) for r in rows], "total": total, "limit": limit, "offset": offset}


def route(conn, method, path, query):
    if method != "GET":
        return 405, {}, {"error": "method not allowed"}
    if path == "/v1/items":
        return list_items_v1(conn, query)
    if path == "/items":
        # Legacy listing used by the warehouse scanners: every item, no paging.
        return 200, {}, store.fetch_items(conn)
    m = ITEM_PATH.fullmatch(path)
    if m:
        item = store.fetch_item(conn, int(m.group(1)))
        if item is None:
            return 404, {}, {"error": "item not found"}
        return 200, {}, item
    return 404, {}, {"error": "not found"}
