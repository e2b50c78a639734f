#!/bin/bash
# Reference solution: the parser (directions, names and aliases, articles, take all), then
# save/load, each tried on a piped game.
set -euo pipefail
install -m 0755 /solution/adventure.py /app/game/adventure.py
export LIGHTHOUSE_SAVE_DIR=$(mktemp -d)
printf 'e\ntake the message in a bottle\nw\ntake all\ni\n' | python3 /app/game/adventure.py | tail -n 4
# Saving and loading.
python3 /solution/saves.py /app/game/adventure.py
printf 'e\ntake the message in a bottle\nw\ntake all\nsave school-a\n' | python3 /app/game/adventure.py | tail -n 1
printf 'load school-a\nd\ntake lens\nu\ne\nn\nn\nu\ndrop the glass lens\n' | python3 /app/game/adventure.py | tail -n 2
printf 'save ../x\nload nothing-here\n' | python3 /app/game/adventure.py | tail -n 2
