#!/usr/bin/env python3
"""Adds the stop words to faq_search.py (given as the argument): --stopwords FILE (default
/app/faq/stopwords.txt), one word per line, dropped from documents and queries alike."""
import sys
from pathlib import Path

LOADER = '''def load_stopwords(path: str) -> set[str]:
    with open(path, encoding="utf-8") as f:
        return {w.strip().lower() for w in f if w.strip()}


'''
EDITS = [
    (
        "    python3 faq_search.py [--dir DIR] [--top K] QUERY...\n",
        "    python3 faq_search.py [--dir DIR] [--stopwords FILE] [--top K] QUERY...\n",
    ),
    ("def load_docs(", LOADER + "def load_docs("),
    (
        '    ap.add_argument("--top", type=int, default=5)\n',
        '    ap.add_argument("--stopwords", default="/app/faq/stopwords.txt")\n'
        '    ap.add_argument("--top", type=int, default=5)\n',
    ),
    ("        stop: set[str] = set()\n", "        stop = load_stopwords(args.stopwords)\n"),
]

path = Path(sys.argv[1])
src = path.read_text()
for old, new in EDITS:
    assert src.count(old) == 1, f"faq_search.py changed: {old!r} not found once"
    src = src.replace(old, new)
path.write_text(src)
