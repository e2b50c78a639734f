#!/usr/bin/env python3
"""The Lighthouse: a small text adventure for the harbour museum's kiosk.

    python3 /app/game/adventure.py [--world FILE]

Reads commands from standard input, one per line, and answers on standard output.
"""
import argparse
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DIRECTIONS = ("north", "south", "east", "west", "up", "down")
SHORT = {"n": "north", "s": "south", "e": "east", "w": "west", "u": "up", "d": "down"}
ARTICLES = ("the", "a", "an")


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
