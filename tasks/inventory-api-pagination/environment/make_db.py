"""Create /app/data/inventory.db: 230 items (deterministic)."""
import random
import sqlite3
import sys

rng = random.Random(4242)
cats = ["Tents", "Sleeping bags", "Backpacks", "Cooking", "Footwear", "Clothing", "Navigation", "Climbing"]
nouns = {"Tents": ["tent", "shelter", "tarp"], "Sleeping bags": ["sleeping bag", "quilt", "liner"],
         "Backpacks": ["backpack", "daypack", "duffel"], "Cooking": ["stove", "pot set", "kettle", "mug"],
         "Footwear": ["boot", "trail shoe", "sandal"], "Clothing": ["jacket", "fleece", "base layer", "beanie"],
         "Navigation": ["compass", "GPS unit", "map case"], "Climbing": ["harness", "rope", "carabiner", "helmet"]}
brands = ["Fjall", "Norrsken", "Kebne", "Sarek", "Abisko", "Lapland", "Tarfala", "Padjelanta"]
conn = sqlite3.connect(sys.argv[1])
conn.execute("CREATE TABLE items (id INTEGER PRIMARY KEY, sku TEXT UNIQUE NOT NULL, name TEXT NOT NULL, "
             "category TEXT NOT NULL, price_cents INTEGER NOT NULL, stock INTEGER NOT NULL)")
rows = []
for i in range(1, 231):
    cat = cats[i % len(cats)]
    shown = cat
    if cat == "Tents" and i % 3 == 1:
        shown = "tents"          # typed by hand in the old admin tool
    elif cat == "Tents" and i % 3 == 2:
        shown = "TENTS"
    noun = rng.choice(nouns[cat])
    name = f"{rng.choice(brands)} {noun} {rng.choice(['', 'Pro ', 'Lite ', 'XL '])}{rng.randrange(1, 9)}".replace("  ", " ").strip()
    if i % 17 == 0:
        name = name.lower()
    price = rng.choice([1990, 4500, 24900, 89900, 12950, 3995, 59900, 7450, 1005, 250])
    stock = 0 if i % 7 == 0 else rng.randrange(1, 60)
    rows.append((i, f"{cat[:3].upper()}-{i:04d}", name, shown, price, stock))
conn.executemany("INSERT INTO items VALUES (?, ?, ?, ?, ?, ?)", rows)
conn.commit()
