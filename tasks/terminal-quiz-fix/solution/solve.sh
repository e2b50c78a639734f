#!/usr/bin/env bash
# Reference solution: reproduce the crash, replace quiz.py with the fixed version (deck loading,
# answers, hints, skips, summary, Ctrl-D/Ctrl-C), then add the review file, and run the smoke test.
set -uo pipefail
cd /app
echo "== original quiz.py on decks/capitals.csv (expected to crash):"
python3 quiz.py decks/capitals.csv </dev/null 2>&1 | tail -n 3
set -e
install -m 0755 /solution/quiz.py /app/quiz.py
echo "== fixed quiz.py:"
printf ':quit\n' | python3 quiz.py decks/history.csv
# The review file of missed cards.
python3 /solution/review.py /app/quiz.py
printf 'paris\n:quit\n' | python3 quiz.py decks/capitals.csv
make smoke
