#!/usr/bin/env python3
"""Flash-card quiz for the terminal.

Usage: python3 quiz.py DECK
"""
import csv
import os
import sys
import traceback

CRASH_LOG = "/app/logs/quiz-crash.log"


def crash_report(kind, value, tb):
    # Keep a copy of every crash for the teachers' bug reports.
    text = "".join(traceback.format_exception(kind, value, tb))
    try:
        with open(CRASH_LOG, "a") as f:
            f.write(text)
    except OSError:
        pass
    sys.stderr.write(text)


sys.excepthook = crash_report


def normalise(text):
    return " ".join(text.strip().casefold().split())


def mask(answer):
    return answer[:1] + "".join("_" if ch.isalnum() else ch for ch in answer[1:])


class Card:
    def __init__(self, question, answer_field):
        self.question = question
        self.answer_field = answer_field
        self.alternatives = [a.strip() for a in answer_field.split("|") if a.strip()]
        self.canonical = self.alternatives[0]

    def accepts(self, reply):
        reply = normalise(reply)
        return any(reply == normalise(a) for a in self.alternatives)


def load(path):
    name = os.path.basename(path)
    try:
        with open(path, encoding="utf-8-sig", newline="") as f:
            reader = csv.reader(f)
            rows = [(reader.line_num, row) for row in reader]
    except (OSError, UnicodeDecodeError, csv.Error):
        return None
    cards = []
    for line, row in rows[1:]:  # the first line is the header
        if not row or (len(row) == 1 and not row[0].strip()):
            continue
        question = row[0].strip()
        answer = row[1].strip() if len(row) > 1 else ""
        if not question or not answer or not any(a.strip() for a in answer.split("|")):
            print(f"warning: {name} line {line}: skipped (empty question or answer)", file=sys.stderr)
            continue
        cards.append(Card(question, answer))
    return cards


def percent(correct, answered):
    if answered == 0:
        return 0
    return (200 * correct + answered) // (2 * answered)


class Session:
    def __init__(self, deck, cards):
        self.deck = deck
        self.cards = cards
        self.correct = self.answered = self.skipped = 0
        self.hinted = set()

    def prompt(self):
        sys.stdout.write("> ")
        sys.stdout.flush()
        line = sys.stdin.readline()
        if line == "":
            raise EOFError
        return line.strip()

    def ask(self, index, card):
        print(f"Q{index}/{len(self.cards)}: {card.question}", flush=True)
        while True:
            reply = self.prompt()
            if reply == "":
                continue
            if reply == ":hint":
                self.hinted.add(index)
                print(f"Hint: {mask(card.canonical)}", flush=True)
                continue
            if reply == ":skip":
                self.skipped += 1
                print(f"Skipped. Answer: {card.canonical}", flush=True)
                return True
            if reply == ":quit":
                return False
            self.answered += 1
            if card.accepts(reply):
                self.correct += 1
                print("Correct!", flush=True)
            else:
                print(f"Wrong. Answer: {card.canonical}", flush=True)
            return True

    def run(self):
        for index, card in enumerate(self.cards, start=1):
            if not self.ask(index, card):
                break

    def summary(self):
        print(f"Score: {self.correct}/{self.answered} ({percent(self.correct, self.answered)}%)")
        print(f"Skipped: {self.skipped}")
        print(f"Hints used: {len(self.hinted)}", flush=True)


def main(argv):
    if len(argv) != 1:
        print("usage: quiz.py DECK", file=sys.stderr)
        return 2
    deck = argv[0]
    cards = load(deck)
    if cards is None:
        print(f"error: cannot read deck {deck}", file=sys.stderr)
        return 2
    if not cards:
        print(f"error: no cards in {deck}", file=sys.stderr)
        return 2
    noun = "card" if len(cards) == 1 else "cards"
    print(f"Loaded {len(cards)} {noun} from {os.path.basename(deck)}", flush=True)
    session = Session(deck, cards)
    status = 0
    try:
        try:
            session.run()
        except EOFError:
            print(flush=True)
    except KeyboardInterrupt:
        print("\nInterrupted.", flush=True)
        status = 130
    try:
        session.summary()
    except KeyboardInterrupt:
        status = 130
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
