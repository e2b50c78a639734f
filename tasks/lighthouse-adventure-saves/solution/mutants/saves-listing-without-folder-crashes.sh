#!/bin/bash
# Lists the save folder without handling a folder that does not exist yet, so "saves" before the first save crashes instead of printing "There are no saved games.".
set -euo pipefail
cp /solution/adventure.py /tmp/adventure.py
python3 /solution/saves.py /tmp/adventure.py
python3 - <<'PY'
from pathlib import Path
p = Path("/tmp/adventure.py")
src = p.read_text()
old = "        try:\n            files = os.listdir(self.save_dir())\n        except FileNotFoundError:\n            files = []\n"
assert old in src, "the reference saves.py changed: update this mutant"
p.write_text(src.replace(old, "        files = os.listdir(self.save_dir())\n"))
PY
install -m 0755 /tmp/adventure.py /app/game/adventure.py
