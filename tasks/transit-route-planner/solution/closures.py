#!/usr/bin/env python3
"""Adds the closures to route.py (given as the argument): the stop ids in closures.txt (one per
line; blank lines and # comments don't count; a missing file closes nothing) are closed."""
import sys
from pathlib import Path

OLD = "    closed: set[str] = set()\n"
NEW = '''    closed: set[str] = set()
    path = os.path.join(data_dir, "closures.txt")
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            for line in f:
                line = line.strip()
                if line and not line.startswith("#"):
                    closed.add(line)
'''

path = Path(sys.argv[1])
src = path.read_text()
assert src.count(OLD) == 1, "route.py changed: the closures hook is not found once"
path.write_text(src.replace(OLD, NEW))
