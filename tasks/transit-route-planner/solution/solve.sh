#!/bin/bash
# Reference solution: install the new route.py (the prototype is kept as route.py.orig), then
# its closures, then check it and the board.
set -euo pipefail
cp -n /app/bin/route.py /app/bin/route.py.orig
install -m 0755 /solution/route.py /app/bin/route.py
python3 /solution/closures.py /app/bin/route.py
python3 /app/bin/route.py S01 S20
python3 /app/bin/departure_board.py
