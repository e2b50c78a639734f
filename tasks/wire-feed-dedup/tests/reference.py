"""An independent reference of the deduplication rules in instruction.md (exact: inverted index over shingles)."""
import html
import re
import unicodedata
from collections import defaultdict
from datetime import datetime
from itertools import combinations
from pathlib import Path


def text_of(raw: bytes) -> str:
    raw = raw.removeprefix(b"\xef\xbb\xbf")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        text = raw.decode("cp1252", errors="replace")
    return text.replace("\r\n", "\n")


def parse(raw: bytes, footers=True, tags=True, entities=True):
    """(published instant, words) of an article; the flags turn one rule off (for the fixtures' checks)."""
    text = text_of(raw)
    head, _, body = text.partition("\n\n")
    hdr = dict(
        (k.strip().lower(), v.strip()) for k, _, v in (line.partition(":") for line in head.split("\n")) if _
    )
    when = datetime.fromisoformat(hdr["published"].replace("Z", "+00:00"))
    keep = []
    for line in body.split("\n"):
        if tags:
            line = re.sub(r"<[^>]*>", " ", line)
        if entities:
            line = html.unescape(line)
        line = line.strip()
        if footers and (line.startswith("Distributed by ") or line.startswith("©")):
            continue
        keep.append(line)
    norm = unicodedata.normalize("NFKC", "\n".join(keep)).lower()
    return when, re.findall(r"[^\W_]+", norm)


def shingles(words):
    if len(words) < 5:
        return {" ".join(words)} if words else set()
    return {" ".join(words[i : i + 5]) for i in range(len(words) - 4)}


def jaccard(a, b):
    return len(a & b) / len(a | b) if a and b else 0.0


def dedup(feed: Path, **flags):
    """(clusters as rows: kept first then the rest sorted; rows sorted), keep list, {name: shingles}."""
    info, sh = {}, {}
    for p in sorted(feed.glob("*.txt")):
        when, words = parse(p.read_bytes(), **flags)
        info[p.name] = (when, -len(words), p.name)
        sh[p.name] = shingles(words)
    index = defaultdict(list)
    for n, s in sh.items():
        for x in s:
            index[x].append(n)
    parent = {n: n for n in sh}

    def find(x):
        while parent[x] != x:
            x = parent[x]
        return x

    done = set()
    for group in index.values():
        for a, b in combinations(group, 2):
            if (a, b) not in done:
                done.add((a, b))
                if jaccard(sh[a], sh[b]) >= 0.8:
                    parent[find(a)] = find(b)
    comps = defaultdict(set)
    for n in sh:
        comps[find(n)].add(n)
    rows, dropped = [], set()
    for c in comps.values():
        if len(c) > 1:
            kept = min(c, key=lambda n: info[n])
            rows.append([kept] + sorted(c - {kept}))
            dropped |= c - {kept}
    return sorted(rows), sorted(set(sh) - dropped), sh
