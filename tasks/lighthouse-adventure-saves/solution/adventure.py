#!/usr/bin/env python3
"""The Lighthouse: a small text adventure for the harbour museum's kiosk.

    python3 /app/game/adventure.py [--world FILE]

Reads commands from standard input, one per line, and answers on standard output.
"""
import argparse
import json
import os
import re
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
DIRECTIONS = ("north", "south", "east", "west", "up", "down")
SHORT = {"n": "north", "s": "south", "e": "east", "w": "west", "u": "up", "d": "down"}
ARTICLES = ("the", "a", "an")
SAVE_NAME = re.compile(r"[a-z0-9_-]{1,20}")


class Damaged(Exception):
    pass


class Game:
    def __init__(self, world):
        self.world = world
        self.room = world["start"]
        self.where = {}  # item id -> room id, or "inventory"
        for room_id, room in world["rooms"].items():
            for item_id in room["items"]:
                self.where[item_id] = room_id
        self.inventory = []  # item ids, in the order they were picked up
        self.unlocked = set()  # indexes into world["locks"]
        self.over = False

    # ---------------------------------------------------------------- helpers

    def say(self, text):
        print(text)

    def items_in(self, room_id):
        return [i for i in self.world["rooms"][room_id]["items"] if self.where.get(i) == room_id] + \
               [i for i, r in self.where.items() if r == room_id and i not in self.world["rooms"][room_id]["items"]]

    def name(self, item_id):
        return self.world["items"][item_id]["name"]

    def article(self, item_id):
        name = self.name(item_id)
        return ("an " if name[0] in "aeiou" else "a ") + name

    def find(self, words, candidates):
        """The item among candidates that `words` names: its name or an alias, after one leading article."""
        if len(words) > 1 and words[0] in ARTICLES:
            words = words[1:]
        phrase = " ".join(words)
        for item_id in candidates:
            item = self.world["items"][item_id]
            names = [item["name"], *item.get("aliases", [])]
            if phrase in (" ".join(n.lower().split()) for n in names):
                return item_id
        return None

    # ------------------------------------------------------------ save / load

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
            f.write("\n")
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

    # --------------------------------------------------------------- commands

    def look(self):
        room = self.world["rooms"][self.room]
        self.say(f"== {room['name']} ==")
        self.say(room["description"])
        items = self.items_in(self.room)
        if items:
            self.say("You see: " + ", ".join(self.article(i) for i in items) + ".")
        self.say("Exits: " + ", ".join(d for d in DIRECTIONS if d in room["exits"]) + ".")

    def go(self, direction):
        room = self.world["rooms"][self.room]
        if direction not in room["exits"]:
            self.say("You can't go that way.")
            return
        for n, lock in enumerate(self.world["locks"]):
            if lock["room"] == self.room and lock["direction"] == direction and n not in self.unlocked:
                if lock["key"] in self.inventory:
                    self.unlocked.add(n)
                    self.say(lock["unlock"])
                else:
                    self.say(lock["locked"])
                    return
        self.room = room["exits"][direction]
        self.look()

    def take_all(self):
        portable = [i for i in self.items_in(self.room) if self.world["items"][i]["portable"]]
        if not portable:
            self.say("There is nothing here to take.")
            return
        for item in portable:
            self.where[item] = "inventory"
            self.inventory.append(item)
            self.say(f"{self.name(item)}: Taken.")

    def take(self, words):
        if words == ["all"]:
            self.take_all()
            return
        item = self.find(words, self.items_in(self.room))
        if item is None:
            self.say("You don't see that here.")
        elif not self.world["items"][item]["portable"]:
            self.say("You can't take that.")
        else:
            self.where[item] = "inventory"
            self.inventory.append(item)
            self.say("Taken.")

    def drop(self, words):
        item = self.find(words, self.inventory)
        if item is None:
            self.say("You aren't carrying that.")
            return
        self.inventory.remove(item)
        self.where[item] = self.room
        self.say("Dropped.")
        goal = self.world["goal"]
        if item == goal["item"] and self.room == goal["room"]:
            self.say(goal["message"])
            self.over = True

    def show_inventory(self):
        if not self.inventory:
            self.say("You are empty-handed.")
        else:
            self.say("You are carrying: " + ", ".join(self.article(i) for i in self.inventory) + ".")

    def handle(self, line):
        words = line.lower().split()
        if not words:
            return
        verb, rest = words[0], words[1:]
        direction = SHORT.get(verb, verb)
        if verb == "go" and len(rest) == 1:
            direction, verb, rest = SHORT.get(rest[0], rest[0]), "go", []
        if direction in DIRECTIONS and not rest:
            self.go(direction)
        elif verb in ("look", "l") and not rest:
            self.look()
        elif verb == "take" and rest:
            self.take(rest)
        elif verb == "drop" and rest:
            self.drop(rest)
        elif verb in ("inventory", "i") and not rest:
            self.show_inventory()
        elif verb == "save" and len(rest) == 1:
            self.save(rest[0])
        elif verb == "load" and len(rest) == 1:
            self.load(rest[0])
        elif verb == "quit" and not rest:
            self.say("Goodbye.")
            self.over = True
        else:
            self.say("I don't understand that.")


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--world", default=os.path.join(HERE, "world.json"))
    args = ap.parse_args(argv)
    with open(args.world, encoding="utf-8") as f:
        game = Game(json.load(f))
    game.look()
    for line in sys.stdin:
        game.handle(line)
        if game.over:
            break
    return 0


if __name__ == "__main__":
    sys.exit(main())
