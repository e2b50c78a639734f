#!/usr/bin/env python3
"""FAQ search (prototype): counts how often the query words occur in each article.

    python3 faq_search.py QUERY...
"""
import os
import sys

ARTICLES = "/app/faq/articles"

query = " ".join(sys.argv[1:]).lower().split()
results = []
for name in os.listdir(ARTICLES):
    if not name.endswith(".md"):
        continue
    text = open(os.path.join(ARTICLES, name)).read()
    title = text.splitlines()[0].lstrip("# ") if text else ""
    hits = sum(text.lower().count(word) for word in query)
    if hits:
        results.append((hits, name[:-3], title))
for hits, doc_id, title in sorted(results, reverse=True)[:5]:
    print(f"{hits:.4f}\t{doc_id}\t{title}")
