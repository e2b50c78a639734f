#!/usr/bin/env python3
"""Nightly job: loads /app/out/report.csv into the finance dashboard's staging area.

Strict on purpose: the dashboard loader chokes on anything but the agreed format.
"""
import re
import sys

PATH = sys.argv[1] if len(sys.argv) > 1 else "/app/out/report.csv"
HEADER = "month,country,orders,revenue_eur"
ROW = re.compile(r"^(\d{4})-(0[1-9]|1[0-2]),([A-Z]{2}),([1-9]\d*),(\d+\.\d{2})$")


def fail(msg):
    print(f"dashboard import: {msg}", file=sys.stderr)
    sys.exit(1)


try:
    with open(PATH, "rb") as f:
        data = f.read()
except OSError as e:
    fail(f"cannot read {PATH}: {e.strerror}")
if data.startswith(b"\xef\xbb\xbf"):
    fail("report starts with a byte-order mark")
if b"\r" in data:
    fail("report has CR line endings")
text = data.decode("utf-8")
if not text.endswith("\n"):
    fail("report does not end with a newline")
lines = text[:-1].split("\n")
if lines[0] != HEADER:
    fail(f"unexpected header {lines[0]!r}")
for n, line in enumerate(lines[1:], start=2):
    if not ROW.match(line):
        fail(f"line {n} is not in the agreed format: {line!r}")
print(f"dashboard import: {len(lines) - 1} rows staged")
