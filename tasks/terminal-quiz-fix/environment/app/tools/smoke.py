#!/usr/bin/env python3
"""Smoke test: drives quiz.py through a pseudo-terminal like a student would."""
import sys

import pexpect

child = pexpect.spawn("python3 /app/quiz.py /app/decks/capitals.csv", encoding="utf-8", timeout=5)
try:
    child.expect(r"Loaded \d+ cards from capitals\.csv")
    child.expect(r"Q1/\d+: Capital of France\?")
    child.expect("> ")
    child.sendline("paris")
    child.expect("Correct!")
    child.expect("> ")
    child.sendline(":quit")
    child.expect(r"Score: 1/1 \(100%\)")
    child.expect(pexpect.EOF)
except (pexpect.TIMEOUT, pexpect.EOF) as e:
    print("smoke: FAILED:", type(e).__name__)
    print("--- output so far ---")
    print(child.before)
    sys.exit(1)
print("smoke: OK")
