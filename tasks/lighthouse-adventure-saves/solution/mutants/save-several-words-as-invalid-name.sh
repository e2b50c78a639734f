#!/bin/bash
# Passes everything after save/load on as the name, so "save my game" prints "Invalid save name." instead of "I don't understand that.".
set -euo pipefail
cp /solution/adventure.py /tmp/adventure.py
python3 /solution/saves.py /tmp/adventure.py
python3 - <<'PY'
from pathlib import Path
p = Path("/tmp/adventure.py")
src = p.read_text()
for verb in ("save", "load"):
    old = f'        elif verb == "{verb}" and len(rest) == 1:\n            self.{verb}(rest[0])\n'
    assert old in src, "the reference saves.py changed: update this mutant"
    src = src.replace(old, f'        elif verb == "{verb}" and rest:\n            self.{verb}(" ".join(rest))\n')
p.write_text(src)
PY
install -m 0755 /tmp/adventure.py /app/game/adventure.py
