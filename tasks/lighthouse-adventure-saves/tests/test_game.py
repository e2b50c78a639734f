"""Verifier for lighthouse-adventure-saves: whole transcripts through standard input, compared
with the expected output built from world.json; saves across runs; bad names and files."""
import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

GAME = "/app/game/adventure.py"
WORLD_PATH = Path("/app/game/world.json")
WORLD_SHA = "9deff48d324c75d3e52c92b7c830bca3c6b39907b1c722aada97dbead0c63970"
WORLD = json.loads(WORLD_PATH.read_text())
ORDER = ("north", "south", "east", "west", "up", "down")


def article(item):
    name = WORLD["items"][item]["name"]
    return ("an " if name[0] in "aeiou" else "a ") + name


def look(room, items):
    r = WORLD["rooms"][room]
    lines = [f"== {r['name']} ==", r["description"]]
    if items:
        lines.append("You see: " + ", ".join(article(i) for i in items) + ".")
    lines.append("Exits: " + ", ".join(d for d in ORDER if d in r["exits"]) + ".")
    return lines


def carrying(items):
    return ["You are carrying: " + ", ".join(article(i) for i in items) + "."] if items else ["You are empty-handed."]


WIN = WORLD["goal"]["message"].split("\n")
COTTAGE0 = look("cottage", ["oil_lamp", "iron_key", "table"])


def play(commands, save_dir, env_extra=None):
    env = dict(os.environ, LIGHTHOUSE_SAVE_DIR=str(save_dir), **(env_extra or {}))
    if env_extra is not None and "LIGHTHOUSE_SAVE_DIR" not in env_extra:
        env.pop("LIGHTHOUSE_SAVE_DIR")
    proc = subprocess.run([sys.executable, GAME], input="".join(c + "\n" for c in commands), capture_output=True,
                          text=True, env=env, timeout=30)
    assert proc.returncode == 0, f"exit {proc.returncode}: {proc.stderr[-800:]}"
    return proc.stdout.splitlines()


def check(commands, expected, save_dir):
    got = play(commands, save_dir)
    if got != expected:
        pytest.fail("transcript differs\n--- commands\n" + "\n".join(commands) + "\n--- got\n" + "\n".join(got)
                    + "\n--- expected\n" + "\n".join(expected))


def test_world_unchanged():
    assert hashlib.sha256(WORLD_PATH.read_bytes()).hexdigest() == WORLD_SHA, "world.json was changed"


def test_existing_behaviour(tmp_path):
    check(["go up", "dance", "take", "go", "look", "quit", "look"],
          COTTAGE0 + ["You can't go that way.", "I don't understand that.", "I don't understand that.",
                      "I don't understand that."] + COTTAGE0 + ["Goodbye."], tmp_path)


def test_directions_and_abbreviations(tmp_path):
    """Directions as go <direction>, bare (north) or abbreviated (n, s, e, w, u, d, also after go); l is look; input stays case-insensitive (NORTH, S)."""
    check(["n", "e", "go n", "NORTH", "u", "d", "S", "go s", "west", "l", "go sideways", "down", "go d"],
          COTTAGE0 + ["You can't go that way."] + look("shore", ["bottle", "driftwood"]) + look("cliff_path", [])
          + look("lighthouse_base", ["plaque"]) + look("lamp_room", []) + look("lighthouse_base", ["plaque"])
          + look("cliff_path", []) + look("shore", ["bottle", "driftwood"]) + COTTAGE0 + COTTAGE0
          + ["I don't understand that.", "The hatch is locked.", "The hatch is locked."], tmp_path)


def test_item_names_aliases_and_articles(tmp_path):
    """take and drop accept an item's name or any alias as a whole phrase, optionally after one article the, a or an; extra spaces between words don't matter; input is case-insensitive; only items in the room (take) or carried (drop) count."""
    check(["take the Oil Lamp", "take KEY", "take the table", "take kitchen   table", "take flashlight", "i",
           "drop the lamp", "drop lamp", "e", "take a message in a bottle", "take the the driftwood",
           "take   piece   of   driftwood", "inventory", "drop message", "take an bottle", "drop a piece of driftwood", "l"],
          COTTAGE0 + ["Taken.", "Taken.", "You can't take that.", "You can't take that.", "You don't see that here."]
          + carrying(["oil_lamp", "iron_key"]) + ["Dropped.", "You aren't carrying that."]
          + look("shore", ["bottle", "driftwood"]) + ["Taken.", "You don't see that here.", "Taken."]
          + carrying(["iron_key", "bottle", "driftwood"]) + ["Dropped.", "Taken.", "Dropped."]
          + look("shore", ["driftwood"]), tmp_path)


def test_take_all(tmp_path):
    """take all takes every portable item in the room, in the room's order, printing <item name>: Taken. for each; items that are not portable are skipped silently; with none it prints There is nothing here to take."""
    check(["take all", "take all", "e", "n", "take all", "n", "take all", "s", "s", "TAKE ALL", "i", "w", "drop lamp", "take all", "i"],
          COTTAGE0 + ["oil lamp: Taken.", "iron key: Taken.", "There is nothing here to take."]
          + look("shore", ["bottle", "driftwood"]) + look("cliff_path", []) + ["There is nothing here to take."]
          + look("lighthouse_base", ["plaque"]) + ["There is nothing here to take."] + look("cliff_path", [])
          + look("shore", ["bottle", "driftwood"]) + ["message in a bottle: Taken.", "piece of driftwood: Taken."]
          + carrying(["oil_lamp", "iron_key", "bottle", "driftwood"]) + look("cottage", ["table"])
          + ["Dropped.", "oil lamp: Taken."] + carrying(["iron_key", "bottle", "driftwood", "oil_lamp"]), tmp_path)


def test_whole_game(tmp_path):
    check(["take key", "d", "take the lens", "u", "e", "n", "n", "u", "drop glass lens", "i"],
          COTTAGE0 + ["Taken.", "You unlock the hatch with the iron key."] + look("cellar", ["lens", "crate"]) + ["Taken."]
          + look("cottage", ["oil_lamp", "table"]) + look("shore", ["bottle", "driftwood"]) + look("cliff_path", [])
          + look("lighthouse_base", ["plaque"]) + look("lamp_room", []) + ["Dropped."] + WIN, tmp_path)


def test_save_and_load_in_one_session(tmp_path):
    check(["take all", "save s1", "e", "take bottle", "drop key", "load s1", "i", "d"],
          COTTAGE0 + ["oil lamp: Taken.", "iron key: Taken.", "Game saved as 's1'."] + look("shore", ["bottle", "driftwood"])
          + ["Taken.", "Dropped.", "Game loaded."] + look("cottage", ["table"]) + carrying(["oil_lamp", "iron_key"])
          + ["You unlock the hatch with the iron key."] + look("cellar", ["lens", "crate"]), tmp_path)
    assert (tmp_path / "s1.json").is_file()


def test_a_later_run_continues_exactly(tmp_path):
    prefix = ["take all", "d", "take lens", "drop iron key", "u", "e", "take bottle"]
    suffix = ["i", "w", "d", "l", "take key", "u", "e", "n", "n", "u", "drop the lens", "i"]
    play(prefix + ["save school-1"], tmp_path)
    continuous = play(prefix + suffix, tmp_path / "other")
    resumed = play(["load school-1"] + suffix, tmp_path)
    head = COTTAGE0 + ["Game loaded."] + look("shore", ["driftwood"])
    assert resumed[:len(head)] == head, "\n".join(resumed)
    n_prefix = len(play(prefix, tmp_path / "other2"))
    assert resumed[len(head):] == continuous[n_prefix:], \
        "after load the game does not continue like an uninterrupted one:\n--- resumed\n" + "\n".join(resumed[len(head):]) \
        + "\n--- uninterrupted\n" + "\n".join(continuous[n_prefix:])
    assert resumed[-len(WIN):] == WIN


def test_save_names(tmp_path):
    """A save name is 1 to 20 characters of lowercase letters, digits, _ and - (the input is lower-cased like everything else: My-Slot_2 saves as my-slot_2); any other name prints Invalid save name. and nothing is read or written."""
    saves = tmp_path / "saves"
    check(["save ../escape", "save a/b", "save ok/../../evil", "save " + "x" * 21, "save " + "x" * 20, "save My-Slot_2",
           "load ../escape", "load ok/../../evil"],
          COTTAGE0 + ["Invalid save name."] * 4 + [f"Game saved as '{'x' * 20}'.", "Game saved as 'my-slot_2'."]
          + ["Invalid save name."] * 2, saves)
    assert sorted(os.listdir(saves)) == ["my-slot_2.json", "x" * 20 + ".json"], os.listdir(saves)
    assert sorted(os.listdir(tmp_path)) == ["saves"], os.listdir(tmp_path)


def test_save_or_load_without_exactly_one_name(tmp_path):
    """save or load without exactly one name prints I don't understand that. (and nothing is written)."""
    saves = tmp_path / "saves"
    check(["take key", "save", "save my game", "load", "load my game", "i"],
          COTTAGE0 + ["Taken."] + ["I don't understand that."] * 4 + carrying(["iron_key"]), saves)
    assert not saves.exists() or not os.listdir(saves), os.listdir(saves)


def test_list_saved_games(tmp_path):
    """saves lists the saved games: Saved games: <name>, <name>. in alphabetical order (every <name>.json in the save folder whose <name> is a valid save name), or There are no saved games. when there is none, also when the folder does not exist yet; saves followed by anything prints I don't understand that."""
    saves = tmp_path / "saves"
    check(["saves", "take key", "save zeta", "save alpha-2", "save m_1", "saves", "SAVES", "saves all"],
          COTTAGE0 + ["There are no saved games.", "Taken.", "Game saved as 'zeta'.", "Game saved as 'alpha-2'.",
                      "Game saved as 'm_1'.", "Saved games: alpha-2, m_1, zeta.", "Saved games: alpha-2, m_1, zeta.",
                      "I don't understand that."], saves)
    (saves / "notes.txt").write_text("kiosk notes\n")
    (saves / ".save-3kq9.tmp").write_text("{}")
    (saves / "Old Save.json").write_text("{}")
    check(["saves", "load zeta", "i"],
          COTTAGE0 + ["Saved games: alpha-2, m_1, zeta.", "Game loaded."] + look("cottage", ["oil_lamp", "table"])
          + carrying(["iron_key"]), saves)
    empty = tmp_path / "empty"
    empty.mkdir()
    check(["saves"], COTTAGE0 + ["There are no saved games."], empty)


def test_missing_and_damaged_saves(tmp_path):
    tmp_path.mkdir(exist_ok=True)
    (tmp_path / "broken.json").write_text("{not json")
    (tmp_path / "moon.json").write_text(json.dumps({"room": "moon"}))
    (tmp_path / "list.json").write_text("[1, 2, 3]")
    check(["load ghost", "take lamp", "load broken", "i", "load moon", "load list", "l"],
          COTTAGE0 + ["There is no saved game called 'ghost'.", "Taken.", "That saved game is damaged."] + carrying(["oil_lamp"])
          + ["That saved game is damaged.", "That saved game is damaged."] + look("cottage", ["iron_key", "table"]), tmp_path)


def test_default_save_folder(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    env = {"HOME": str(home)}
    out = play(["take key", "save kiosk"], tmp_path, env_extra=env)
    assert out[-1] == "Game saved as 'kiosk'."
    assert (home / ".lighthouse" / "saves" / "kiosk.json").is_file(), "save not in ~/.lighthouse/saves"
    out = play(["load kiosk", "i"], tmp_path, env_extra=env)
    assert out[-1] == carrying(["iron_key"])[0], out
