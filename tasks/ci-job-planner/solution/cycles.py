#!/usr/bin/env python3
"""Adds dependency-cycle reporting to plan.py (given as the argument): exit 3 and
'error: dependency cycle: a -> b -> a', one real cycle, each job followed by the job it needs."""
import sys
from pathlib import Path

FIND_CYCLE = """def find_cycle(indeg, need_idx):
    # Every job left with indeg > 0 needs another job left over, so walking
    # "needs" edges among them must come back to a job already on the path.
    left = [i for i, d in enumerate(indeg) if d > 0]
    remaining = set(left)
    path, seen = [], {}
    v = left[0]
    while v not in seen:
        seen[v] = len(path)
        path.append(v)
        v = next(u for u in need_idx[v] if u in remaining)
    return [*path[seen[v]:], v]


"""

path = Path(sys.argv[1])
src = path.read_text()
EDITS = [
    ("Exit status 2 on invalid input.", "Exit status 2 on invalid input, 3 on a dependency cycle."),
    ("class InputError(Exception):\n    pass\n", "class InputError(Exception):\n    pass\n\n\nclass CycleError(Exception):\n    pass\n"),
    (
        "            if indeg[s] == 0:\n                order.append(s)\n    return order\n",
        "            if indeg[s] == 0:\n                order.append(s)\n"
        "    if len(order) < n:\n        raise CycleError(find_cycle(indeg, need_idx))\n    return order\n",
    ),
    ("def plan(", FIND_CYCLE + "def plan("),
    (
        "        return 2\n    json.dump(",
        "        return 2\n"
        "    except CycleError as e:\n"
        '        cycle = " -> ".join(ids[i] for i in e.args[0])\n'
        '        print(f"error: dependency cycle: {cycle}", file=sys.stderr)\n'
        "        return 3\n"
        "    json.dump(",
    ),
]
for old, new in EDITS:
    assert src.count(old) == 1, f"plan.py changed: {old!r} not found once"
    src = src.replace(old, new)
path.write_text(src)
