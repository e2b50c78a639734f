#!/bin/bash
# Clusters around a leader: each article joins the first earlier article it is similar to, so a chain of edits (A~B, B~C, A!~C) is split.
set -euo pipefail
python3 - <<'PY'
import pathlib
src = pathlib.Path("/solution/solve.sh").read_text()
old = '''                if len(x & y) >= THRESHOLD * len(x | y):
                    parent[find(a)] = find(b)
    comps = defaultdict(set)
    for n in names:
        comps[find(n)].add(n)
'''
new = '''                if len(x & y) >= THRESHOLD * len(x | y):
                    edges.add((a, b))
    leader = {}
    for n in names:
        for m in names:
            if m >= n:
                leader[n] = n
                break
            if leader[m] == m and ((m, n) in edges or (n, m) in edges):
                leader[n] = m
                break
    comps = defaultdict(set)
    for n in names:
        comps[leader[n]].add(n)
'''
assert old in src, "patch did not apply"
src = src.replace(old, new)
old2 = "    seen = set()\n"
assert old2 in src, "patch did not apply"
src = src.replace(old2, "    seen, edges = set(), set()\n")
old3 = "                if (a, b) in seen or find(a) == find(b):\n"
assert old3 in src, "patch did not apply"
src = src.replace(old3, "                if (a, b) in seen:\n")
pathlib.Path("/tmp/mutant-solve.sh").write_text(src)
PY
bash /tmp/mutant-solve.sh
