#!/usr/bin/env python3
"""Adds the review file to quiz.py (given as the argument): when a session ends with cards answered
wrong or skipped, /app/review/<deck stem>.missed.csv lists them in deck order."""
import sys
from pathlib import Path

EDITS = [
    (
        'CRASH_LOG = "/app/logs/quiz-crash.log"\n',
        '''CRASH_LOG = "/app/logs/quiz-crash.log"
REVIEW_DIR = "/app/review"
''',
    ),
    (
        '        self.hinted = set()\n',
        '''        self.hinted = set()
        self.missed = []
''',
    ),
    (
        '                self.skipped += 1\n',
        '''                self.skipped += 1
                self.missed.append(card)
''',
    ),
    (
        '''            else:
                print(f"Wrong.''',
        '''            else:
                self.missed.append(card)
                print(f"Wrong.''',
    ),
    (
        '''        print(f"Hints used: {len(self.hinted)}", flush=True)


''',
        '''        print(f"Hints used: {len(self.hinted)}", flush=True)

    def write_review(self):
        if not self.missed:
            return
        stem = os.path.splitext(os.path.basename(self.deck))[0]
        os.makedirs(REVIEW_DIR, exist_ok=True)
        with open(os.path.join(REVIEW_DIR, f"{stem}.missed.csv"), "w", encoding="utf-8", newline="") as f:
            writer = csv.writer(f)
            writer.writerow(["question", "answer"])
            for card in self.missed:
                writer.writerow([card.question, card.answer_field])


''',
    ),
    (
        '        session.summary()\n',
        '''        session.summary()
        session.write_review()
''',
    ),
]

path = Path(sys.argv[1])
src = path.read_text()
for old, new in EDITS:
    assert src.count(old) == 1, f"quiz.py changed: {old!r} not found once"
    src = src.replace(old, new)
path.write_text(src)
