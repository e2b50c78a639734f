"""Request routing for the inventory service: (method, path, query) -> (status, headers, payload)."""
import re

from inventory import store

ITEM_PATH = re.compile(r"/items/(\d+)")


def route(conn, method, path, query):
    if method != "GET":
        return 405, {}, {"error": "method not allowed"}
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
