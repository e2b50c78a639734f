#!/usr/bin/env python3
"""Adds saving and loading to adventure.py (given as the argument): save NAME / load NAME, the
whole game state as JSON under $LIGHTHOUSE_SAVE_DIR (or ~/.lighthouse/saves), written atomically;
invalid names, missing and damaged saves refused; saves lists the saved games."""
import sys
from pathlib import Path

EDITS = [
    (
        'import sys\n',
        '''import re
import sys
import tempfile
''',
    ),
    (
        'ARTICLES = ("the", "a", "an")\n',
        '''ARTICLES = ("the", "a", "an")
SAVE_NAME = re.compile(r"[a-z0-9_-]{1,20}")


class Damaged(Exception):
    pass
''',
    ),
    (
        '    # --------------------------------------------------------------- commands\n',
        '''    # ------------------------------------------------------------ save / load

    def state(self):
        return {"version": 1, "room": self.room, "inventory": list(self.inventory),
                "where": [[item, place] for item, place in self.where.items()],
                "unlocked": sorted(self.unlocked)}

    def restore(self, data):
        """Replace the game state with `data`, or raise Damaged without changing anything."""
        try:
            rooms, items = self.world["rooms"], self.world["items"]
            room = data["room"]
            inventory = list(data["inventory"])
            where = {}
            for item, place in data["where"]:
                if item not in items or (place != "inventory" and place not in rooms):
                    raise Damaged
                where[item] = place
            unlocked = {int(n) for n in data["unlocked"]}
        except (KeyError, TypeError, ValueError):
            raise Damaged from None
        if (room not in rooms or set(where) != set(items) or any(n < 0 or n >= len(self.world["locks"]) for n in unlocked)
                or sorted(inventory) != sorted(i for i, p in where.items() if p == "inventory")):
            raise Damaged
        self.room, self.inventory, self.where, self.unlocked = room, inventory, where, unlocked

    @staticmethod
    def save_dir():
        return os.environ.get("LIGHTHOUSE_SAVE_DIR") or os.path.join(os.path.expanduser("~"), ".lighthouse", "saves")

    def save(self, name):
        if not SAVE_NAME.fullmatch(name):
            self.say("Invalid save name.")
            return
        folder = self.save_dir()
        os.makedirs(folder, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=".save-", suffix=".tmp")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(self.state(), f, indent=2)
            f.write("\\n")
        os.replace(tmp, os.path.join(folder, name + ".json"))
        self.say(f"Game saved as '{name}'.")

    def load(self, name):
        if not SAVE_NAME.fullmatch(name):
            self.say("Invalid save name.")
            return
        path = os.path.join(self.save_dir(), name + ".json")
        if not os.path.isfile(path):
            self.say(f"There is no saved game called '{name}'.")
            return
        try:
            with open(path, encoding="utf-8") as f:
                self.restore(json.load(f))
        except (OSError, ValueError, Damaged):
            self.say("That saved game is damaged.")
            return
        self.say("Game loaded.")
        self.look()

    def list_saves(self):
        try:
            files = os.listdir(self.save_dir())
        except FileNotFoundError:
            files = []
        names = sorted(f[:-5] for f in files if f.endswith(".json") and SAVE_NAME.fullmatch(f[:-5]))
        if names:
            self.say("Saved games: " + ", ".join(names) + ".")
        else:
            self.say("There are no saved games.")

    # --------------------------------------------------------------- commands
''',
    ),
    (
        '            self.show_inventory()\n',
        '''            self.show_inventory()
        elif verb == "save" and len(rest) == 1:
            self.save(rest[0])
        elif verb == "load" and len(rest) == 1:
            self.load(rest[0])
        elif verb == "saves" and not rest:
            self.list_saves()
''',
    ),
]

path = Path(sys.argv[1])
src = path.read_text()
for old, new in EDITS:
    assert src.count(old) == 1, f"adventure.py changed: {old!r} not found once"
    src = src.replace(old, new)
path.write_text(src)
