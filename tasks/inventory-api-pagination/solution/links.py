#!/usr/bin/env python3
"""Adds the Link header to GET /v1/items in handlers.py (given as the argument): rel="next" and
rel="prev" targets carrying limit, offset and the request's sort, category and in_stock."""
import sys
from pathlib import Path

EDITS = [
    (
        'import re\n',
        '''import re
from urllib.parse import urlencode
''',
    ),
    (
        '''
    headers = {"X-Total-Count": str(total)}
''',
        '''
    extra = [(name, _one(query, name)) for name in ("sort", "category", "in_stock") if _one(query, name) is not None]

    def link(off, rel):
        return f'</v1/items?{urlencode([("limit", limit), ("offset", off), *extra])}>; rel="{rel}"'

    links = []
    if offset + limit < total:
        links.append(link(offset + limit, "next"))
    if offset > 0:
        links.append(link(max(0, offset - limit), "prev"))
    headers = {"X-Total-Count": str(total)}
    if links:
        headers["Link"] = ", ".join(links)
''',
    ),
]

path = Path(sys.argv[1])
src = path.read_text()
for old, new in EDITS:
    assert src.count(old) == 1, f"handlers.py changed: {old!r} not found once"
    src = src.replace(old, new)
path.write_text(src)
