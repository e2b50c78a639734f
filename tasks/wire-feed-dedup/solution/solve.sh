#!/bin/bash
# Reference solution, one requirement per step: reading and normalising an article; 5-word shingles,
# MinHash/LSH candidates confirmed by exact Jaccard, clusters through union-find; the kept article and
# the two output files; then a run on the feed.
set -euo pipefail
mkdir -p /app/wirededup /app/out

# Step 1: read an article: UTF-8 (BOM dropped) or else Windows-1252, headers, then the body's words
# (tags out, entities decoded, syndication footers dropped, NFKC, lower case, letters and digits).
cat > /app/wirededup/article.py <<'PY'
"""Read one scraped article: its headers and the normalised words of its body."""
import html
import re
import unicodedata
from datetime import datetime

TAG = re.compile(r"<[^>]*>")


def decode(raw):
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("cp1252", errors="replace")


def read(path):
    text = decode(path.read_bytes()).replace("\r\n", "\n").replace("\r", "\n")
    head, _, body = text.partition("\n\n")
    headers = {}
    for line in head.split("\n"):
        key, sep, value = line.partition(":")
        if sep:
            headers[key.strip().lower()] = value.strip()
    published = datetime.fromisoformat(headers["published"].replace("Z", "+00:00"))
    return published, words(body)


def words(body):
    lines = []
    for line in body.split("\n"):
        line = html.unescape(TAG.sub(" ", line)).strip()
        if line.startswith("Distributed by ") or line.startswith("©"):
            continue
        lines.append(line)
    text = unicodedata.normalize("NFKC", "\n".join(lines)).lower()
    return "".join(c if c.isalnum() else " " for c in text).split()
PY

# Step 2: similarity: 5-word shingles (a shorter body is one shingle), MinHash signatures banded for
# candidates, every candidate confirmed by its exact Jaccard >= 0.8, clusters as connected components.
cat > /app/wirededup/similar.py <<'PY'
"""Near-duplicate clusters by word shingles: MinHash/LSH candidates, exact Jaccard, union-find."""
import hashlib
import random
from collections import defaultdict

K, BANDS, ROWS, THRESHOLD = 5, 20, 3, 0.8
PRIME = (1 << 61) - 1
_r = random.Random(5)
PERMS = [(_r.randrange(1, PRIME), _r.randrange(PRIME)) for _ in range(BANDS * ROWS)]


def shingles(words):
    if not words:
        return frozenset()
    if len(words) < K:
        return frozenset([" ".join(words)])
    return frozenset(" ".join(words[i:i + K]) for i in range(len(words) - K + 1))


def signature(sh):
    hs = [int.from_bytes(hashlib.blake2b(s.encode(), digest_size=8).digest(), "big") for s in sh]
    return [min((a * h + b) % PRIME for h in hs) for a, b in PERMS]


def clusters(docs):
    """docs: {name: shingle set}; returns a list of sets of names (2 or more each)."""
    names = sorted(n for n, sh in docs.items() if sh)
    parent = {n: n for n in names}

    def find(x):
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    buckets = defaultdict(list)
    for n in names:
        sig = signature(docs[n])
        for b in range(BANDS):
            buckets[(b, tuple(sig[b * ROWS:(b + 1) * ROWS]))].append(n)
    seen = set()
    for group in buckets.values():
        for i in range(len(group)):
            for j in range(i + 1, len(group)):
                a, b = group[i], group[j]
                if (a, b) in seen or find(a) == find(b):
                    continue
                seen.add((a, b))
                x, y = docs[a], docs[b]
                if len(x & y) >= THRESHOLD * len(x | y):
                    parent[find(a)] = find(b)
    comps = defaultdict(set)
    for n in names:
        comps[find(n)].add(n)
    return [c for c in comps.values() if len(c) > 1]
PY

# Step 3: the command: the kept article of a cluster (earliest Published instant, then most words,
# then smallest name), clusters.tsv and keep.txt.
cat > /app/dedup.py <<'PY'
#!/usr/bin/env python3
"""usage: dedup.py FEED_DIR OUT_DIR -- write OUT_DIR/clusters.tsv and OUT_DIR/keep.txt."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from wirededup import article, similar  # noqa: E402


def main():
    feed, out = Path(sys.argv[1]), Path(sys.argv[2])
    info, docs = {}, {}
    for p in sorted(feed.glob("*.txt")):
        published, words = article.read(p)
        info[p.name] = (published, len(words))
        docs[p.name] = similar.shingles(words)
    rows, dropped = [], set()
    for c in similar.clusters(docs):
        kept = min(c, key=lambda n: (info[n][0], -info[n][1], n))
        rows.append([kept] + sorted(c - {kept}))
        dropped |= c - {kept}
    out.mkdir(parents=True, exist_ok=True)
    (out / "clusters.tsv").write_text("".join("\t".join(r) + "\n" for r in sorted(rows)))
    (out / "keep.txt").write_text("".join(n + "\n" for n in sorted(set(info) - dropped)))


if __name__ == "__main__":
    main()
PY
touch /app/wirededup/__init__.py

# Step 4: run it on the feed.
python3 /app/dedup.py /app/feed /app/out
wc -l /app/out/clusters.tsv /app/out/keep.txt
