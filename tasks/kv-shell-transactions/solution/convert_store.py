#!/usr/bin/env python3
"""Convert a kvsh v0.3 store (key=value lines) to the v1 JSON store, in place.

    convert_store.py FILE

Key = everything before the first '=', value = everything after it up to the line break
(\\n or \\r\\n, not included); blank lines, '#' lines and lines without '=' are skipped; a later
line for the same key wins.
"""
import json
import os
import sys
import tempfile

path = sys.argv[1]
raw = open(path, "rb").read().decode("utf-8")
data = {}
for line in raw.split("\n"):
    if line.endswith("\r"):
        line = line[:-1]
    if not line.strip() or line.startswith("#") or "=" not in line:
        continue
    key, value = line.split("=", 1)
    data[key] = value
fd, tmp = tempfile.mkstemp(dir=os.path.dirname(os.path.abspath(path)), prefix=".convert-", suffix=".tmp")
with os.fdopen(fd, "w", encoding="utf-8") as f:
    json.dump(data, f, indent=2, sort_keys=True, ensure_ascii=False)
    f.write("\n")
os.replace(tmp, path)
print(f"converted {len(data)} keys in {path}")
