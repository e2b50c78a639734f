#!/usr/bin/env python3
"""Rank the helpdesk FAQ articles for a query with BM25 (k1 = 1.2, b = 0.75, titles count twice).

    python3 faq_search.py [--dir DIR] [--top K] QUERY...

Prints up to K lines "<score with 4 decimals>\t<doc id>\t<title>", best first.
"""
from __future__ import annotations

import argparse
import math
import os
import re
import sys

K1, B = 1.2, 0.75
TOKEN = re.compile(r"[a-z0-9]+")


def tokens(text: str, stop: set[str]) -> list[str]:
    return [t for t in TOKEN.findall(text.lower()) if t not in stop]


def load_docs(folder: str, stop: set[str]) -> dict[str, tuple[str, list[str]]]:
    docs = {}
    for name in sorted(os.listdir(folder)):
        path = os.path.join(folder, name)
        if not name.endswith(".md") or not os.path.isfile(path):
            continue
        with open(path, encoding="utf-8") as f:
            text = f.read()
        first, _, rest = text.partition("\n")
        if first.startswith("# "):
            title, body = first[2:].strip(), rest
        else:
            title, body = "", text
        t = tokens(title, stop)
        docs[name[:-3]] = (title, t + t + tokens(body, stop))
    return docs


def search(docs, query_terms: list[str], top: int) -> list[tuple[float, str, str]]:
    n = len(docs)
    if n == 0:
        return []
    avgdl = sum(len(d[1]) for d in docs.values()) / n
    df: dict[str, int] = {}
    for _, terms in docs.values():
        for t in set(terms):
            df[t] = df.get(t, 0) + 1
    q = list(dict.fromkeys(query_terms))  # duplicate query terms count once
    hits = []
    for doc_id, (title, terms) in docs.items():
        tf: dict[str, int] = {}
        for t in terms:
            tf[t] = tf.get(t, 0) + 1
        score = 0.0
        for t in q:
            f = tf.get(t, 0)
            if not f:
                continue
            idf = math.log(1 + (n - df[t] + 0.5) / (df[t] + 0.5))
            score += idf * f * (K1 + 1) / (f + K1 * (1 - B + B * len(terms) / avgdl))
        if any(t in tf for t in q):
            hits.append((round(score, 4), doc_id, title))
    hits.sort(key=lambda h: (-h[0], h[1]))
    return hits[:top]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="BM25 search over the FAQ articles.")
    ap.add_argument("--dir", default="/app/faq/articles")
    ap.add_argument("--top", type=int, default=5)
    ap.add_argument("query", nargs="+")
    args = ap.parse_args(argv)
    if args.top < 1:
        ap.error("--top must be at least 1")
    try:
        stop: set[str] = set()
        docs = load_docs(args.dir, stop)
    except OSError as e:  # a missing folder or an unreadable file: a clean error, exit 2
        ap.error(f"cannot read {e.filename}: {e.strerror}")
    for score, doc_id, title in search(docs, tokens(" ".join(args.query), stop), args.top):
        print(f"{score:.4f}\t{doc_id}\t{title}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
