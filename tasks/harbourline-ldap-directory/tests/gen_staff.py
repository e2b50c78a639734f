"""Generate a messy HR staff export (as HR's spreadsheet tool writes it) and initial passwords.

python3 gen_staff.py SEED FIRST_ID STAFF_CSV PASSWORDS

The export has a UTF-8 byte order mark, CRLF line ends, padded fields, employee ids in several
spellings, departments and statuses in any case, blank usernames, preferred names, accented names,
duplicated employees (the last row wins) and leavers. The shipped /app/hr/staff.csv was made with
seed 1 and first id 1; the verifier makes a fresh one with another seed and id range.
"""

import csv
import io
import random
import sys

FIRST = [
    "Amelia", "Oliver", "Isla", "George", "Ava", "Noah", "Freya", "Arthur", "Ivy", "Leo",
    "Rosie", "Oscar", "Lily", "Harry", "Evie", "Jack", "Grace", "Theo", "Sophie", "Finley",
    "Maya", "Ethan", "Chloe", "Samuel", "Ruby", "Daniel", "Poppy", "Joseph", "Ella", "Lucas",
    "Priya", "Tomasz", "Aisling", "Kwame", "Mei", "Rahul", "Fatima", "Jonas", "Ines", "Mateo",
]
LAST = [
    "Whitfield", "Ashworth", "Pemberton", "Hargreaves", "Okafor", "Lindqvist", "Castellano",
    "Fairbanks", "Mallory", "Thornbury", "Kowalczyk", "Ramsbottom", "Delacroix", "Featherstone",
    "Nakamura", "Abernethy", "Rossiter", "Blackwood", "Quennell", "Sutcliffe", "Varga", "Harcourt",
    "Elmsley", "Grummitt", "Pickering", "Tregothnan", "Winterbourne", "Yardley", "Ogunleye", "Barros",
]
# Accented and punctuated names: the uid drops the accents and the punctuation.
SPECIAL = [
    ("Siobhán", "O'Neill"), ("Zoë", "Ångström"), ("José", "Núñez-García"), ("Renée", "Lefèvre"),
    ("Anaïs", "Bélanger"), ("Göran", "Åkesson"), ("Chloé", "St. Clair"), ("Niamh", "Mac Giolla"),
]
DEPARTMENTS = {
    "engineering": ["Engineering", "engineering", " ENGINEERING", "Engineering "],
    "finance": ["Finance", "finance", "FINANCE "],
    "sales": ["Sales", " sales", "SALES"],
    "customer-service": ["Customer Service", "customer service", " Customer  Service ", "CUSTOMER SERVICE"],
    "warehouse": ["Warehouse", "warehouse ", "WAREHOUSE"],
}
ACTIVE = ["Active", "active", " ACTIVE", "Active "]
ON_LEAVE = ["On Leave", "on leave", "ON LEAVE "]
LEAVER = ["Leaver", "leaver", " LEAVER", "Leaver "]
PREFERRED = {"Samuel": "Sam", "Daniel": "Dan", "Joseph": "Joe", "Isla": "Izzy", "Theo": "Teddy",
             "Amelia": "Millie", "Oliver": "Ollie", "Rahul": "Raj", "Jonas": "Jo"}
HEADER = ["Employee ID", "First Name", "Last Name", "Preferred Name", "Username", "Department",
          "Status", "Email", "Start Date"]


def ascii_uid(first, last):
    """What IT would type: first initial and last name, no accents or punctuation."""
    import unicodedata

    s = unicodedata.normalize("NFKD", first[0] + last)
    s = "".join(c for c in s if not unicodedata.combining(c)).lower()
    return "".join(c for c in s if c.isascii() and c.isalnum())


def emp_id(rng, n):
    return rng.choice([f"E{n:04d}", f"e{n:04d}", f"E-{n:03d}", f"{n:04d}", f" E{n:04d} ", f"e-{n}"])


def date(rng):
    y, m, d = rng.choice([2015, 2018, 2020, 2022, 2024]), rng.randint(1, 12), rng.randint(1, 28)
    return rng.choice([f"{y}-{m:02d}-{d:02d}", f"{d:02d}/{m:02d}/{y}", f"{d}.{m}.{y}"])


def make(seed, first_id):
    """Return (rows, passwords): the CSV rows in file order and {uid: password} for every person."""
    rng = random.Random(seed)
    names = []
    used = set()
    specials = list(SPECIAL)
    rng.shuffle(specials)
    for f, l in specials[:5]:
        names.append((f, l))
        used.add(ascii_uid(f, l))
    while len(names) < 58:
        f, l = rng.choice(FIRST), rng.choice(LAST)
        if ascii_uid(f, l) in used:
            continue
        used.add(ascii_uid(f, l))
        names.append((f, l))
    depts = list(DEPARTMENTS)
    people = []
    for i, (f, l) in enumerate(names):
        n = first_id + i * rng.choice([1, 1, 2, 3])
        while any(p["n"] == n for p in people):
            n += 1
        uid = ascii_uid(f, l)
        given_username = not (f, l) in SPECIAL and rng.random() < 0.7
        if given_username:
            shown = rng.choice([uid, uid.upper(), f" {uid}", f"{uid} ", uid.capitalize()])
        else:
            shown = ""
        dept = depts[i % len(depts)] if i < 10 else rng.choice(depts)
        status = rng.choice(ACTIVE * 6 + ON_LEAVE + LEAVER * 2)
        if i == 0:
            status = "Leaver"
        pref = PREFERRED.get(f, "") if rng.random() < 0.6 else ""
        email = rng.choice([f"{uid}@harbourline.co.uk", f"{f}.{l}@harbourline.co.uk".upper(), ""])
        people.append({"n": n, "first": f, "last": l, "pref": pref, "user": shown, "dept": dept,
                       "status": status, "email": email, "uid": uid})
    rows = []
    for p in people:
        rows.append([emp_id(rng, p["n"]), p["first"], p["last"], p["pref"], p["user"],
                     rng.choice(DEPARTMENTS[p["dept"]]), p["status"], p["email"], date(rng)])
    # Duplicates: a department move, a preferred name added, an active row superseded by a leaver,
    # a leaver who came back (the last row is active again).
    dup = rng.sample(range(1, len(people)), 4)
    moves = [
        {"dept": "finance" if people[dup[0]]["dept"] != "finance" else "sales"},
        {"pref": people[dup[1]]["first"][:3]},
        {"status": "Leaver"},
        {"status": "Active"},
    ]
    people[dup[3]]["status"] = "leaver"
    rows[dup[3]][6] = " leaver"
    for idx, change in zip(dup, moves):
        p = dict(people[idx], **change)
        rows.append([emp_id(rng, p["n"]), p["first"], p["last"], p["pref"], p["user"],
                     rng.choice(DEPARTMENTS[p["dept"]]), p["status"], p["email"], date(rng)])
    # Interleave the duplicates among the last rows, never before their first row.
    tail = rows[len(people):]
    rows = rows[: len(people)]
    for r in tail:
        first_pos = next(i for i, row in enumerate(rows) if row[1:3] == r[1:3])
        rows.insert(rng.randint(max(first_pos + 1, len(rows) - 10), len(rows)), r)
    passwords = {}
    for p in people:
        alphabet = "abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789"
        passwords[p["uid"]] = "".join(rng.choice(alphabet) for _ in range(6)) + "-" + \
            "".join(rng.choice(alphabet) for _ in range(6))
    return rows, passwords


def write(rows, passwords, staff_path, pw_path):
    """Write the export as HR's tool does (BOM, CRLF, a blank line at the end) and the passwords."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\r\n")
    w.writerow(HEADER)
    w.writerows(rows)
    buf.write("\r\n")
    with open(staff_path, "w", encoding="utf-8-sig", newline="") as fh:
        fh.write(buf.getvalue())
    with open(pw_path, "w", encoding="utf-8") as fh:
        fh.write("# uid\tinitial password (helpdesk, 2026-11)\n")
        for uid in sorted(passwords):
            fh.write(f"{uid}\t{passwords[uid]}\n")


if __name__ == "__main__":
    seed, first_id, staff_path, pw_path = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4]
    write(*make(seed, first_id), staff_path, pw_path)
