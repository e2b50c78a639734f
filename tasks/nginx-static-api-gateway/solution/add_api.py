#!/usr/bin/env python3
"""Adds the API to the gateway's site configuration (given as the argument): /api/ proxied to
127.0.0.1:9000 with the prefix removed, the client's Host and addresses passed on, bodies up to 10 MiB."""
import sys
from pathlib import Path

EDITS = [
    (
        '# Shop gateway: static build from /app/site, /healthz.\n',
        '# Shop gateway: static build from /app/site, the API under /api/ (prefix stripped), /healthz.\n',
    ),
    (
        '    location /assets/ {\n',
        '''    location ^~ /api/ {
        client_max_body_size 10m;
        proxy_pass http://127.0.0.1:9000/;
        proxy_set_header Host $http_host;
        proxy_set_header X-Real-IP $remote_addr;
        proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
        proxy_set_header X-Forwarded-Proto $scheme;
    }

    location /assets/ {
''',
    ),
]

path = Path(sys.argv[1])
src = path.read_text()
for old, new in EDITS:
    assert src.count(old) == 1, f"the gateway configuration changed: {old!r} not found once"
    src = src.replace(old, new)
path.write_text(src)
