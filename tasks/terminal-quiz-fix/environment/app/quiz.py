#!/usr/bin/env python3
"""Flash-card quiz for the terminal.

Usage: python3 quiz.py DECK
"""
import csv
import sys
import traceback

CRASH_LOG = "/app/logs/quiz-crash.log"


def crash_report(kind, value, tb):
    # Keep a copy of every crash for the teachers' bug reports.
    text = "".join(traceback.format_exception(kind, value, tb))
    with open(CRASH_LOG, "a") as f:
        f.write(text)
    sys.stderr.write(text)


sys.excepthook = crash_report


def load(path):
    cards = []
    with open(path, encoding="utf-8") as f:
        rows = list(csv.reader(f))
    for row in rows[1:]:
        cards.append((row[0], row[1]))
    return cards


def main():
    deck = sys.argv[1]
    cards = load(deck)
    print("Loaded %d cards from %s" % (len(cards), deck))
    correct = 0
    answered = 0
    for i, (question, answer) in enumerate(cards):
        print("Q%d/%d: %s" % (i, len(cards), question))
        sys.stdout.write("> ")
        reply = sys.stdin.readline().strip()
        if reply == ":hint":
            print("Hint: " + answer)
            sys.stdout.write("> ")
            reply = sys.stdin.readline().strip()
        if reply == ":quit":
            break
        answered += 1
        if reply == answer:
            correct += 1
            print("Correct!")
        else:
            print("Wrong. Answer: " + answer)
    print("Score: %d/%d (%d%%)" % (correct, answered, round(100 * correct / answered)))


main()
