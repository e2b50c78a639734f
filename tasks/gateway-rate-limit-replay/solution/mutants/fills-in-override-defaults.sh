#!/bin/bash
# Normalises ops' limits.toml by writing the inherited default into every client override, so the replay is the same but the file ops owns was edited.
set -euo pipefail
python3 - <<'PY'
from pathlib import Path
p = Path("/app/gateway/limits.toml")
s = p.read_text()
old = '[clients."mobile-ios"]\nrequests = 40\n'
assert old in s, "limits.toml changed: update this mutant"
s = s.replace(old, old + "window_seconds = 60\n")
s = s.replace('[clients."mobile-android"]\nrequests = 40\n', '[clients."mobile-android"]\nrequests = 40\nwindow_seconds = 60\n')
s = s.replace('[clients."partner-globex"]\nwindow_seconds = 30\n', '[clients."partner-globex"]\nrequests = 20\nwindow_seconds = 30\n')
p.write_text(s)
PY
install -D -m 0755 /solution/replay_limits.py /app/bin/replay_limits.py
python3 /app/bin/replay_limits.py
