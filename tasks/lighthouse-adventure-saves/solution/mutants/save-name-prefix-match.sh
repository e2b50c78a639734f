#!/bin/bash
# Validates save names with re.match (anchored only at the start), so "ok/../../evil" or a 21-character name pass as valid and are written as files.
set -euo pipefail
cp /solution/adventure.py /tmp/adventure.py
python3 /solution/saves.py /tmp/adventure.py
sed -i 's/if not SAVE_NAME.fullmatch(name):/if not SAVE_NAME.match(name):/' /tmp/adventure.py
test "$(grep -c 'if not SAVE_NAME.match(name):' /tmp/adventure.py)" = 2 || { echo "mutant patch did not apply" >&2; exit 1; }
install -m 0755 /tmp/adventure.py /app/game/adventure.py
